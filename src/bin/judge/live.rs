//! The runs of the commands that run solutions as they finish: the [`Terminal`] shows them
//! (and the command's progress) while they work, [`Live`] keeps them, and when the judge is
//! interrupted, how far they got ([`Interruption`]) and what finished ([`Partial`]).

use std::sync::Mutex;

use serde::Serialize;

use boardjudge::judging::run::TestResult;
use boardjudge::judging::session::{Session, Timing};
use boardjudge::report::live::{Grid, GridProblem};
use boardjudge::runner;
use boardjudge::runner::load::Contention;

use crate::terminal::Terminal;

/// The runs of a command as they finish, each shown on the [`Terminal`] at once.
pub struct Live<'a> {
    grid: Mutex<Grid>,
    watch: &'a Terminal,
}

impl<'a> Live<'a> {
    /// The runs of `problems` (`total` of them, if known), shown to `watch`.
    pub fn new(problems: Vec<GridProblem>, total: Option<usize>, watch: &'a Terminal) -> Self {
        Live {
            grid: Mutex::new(Grid::new(problems, total)),
            watch,
        }
    }

    /// `result` of `solution` on `test` of `problem` (indices) finished.
    pub fn finished(&self, problem: usize, solution: usize, test: usize, result: &TestResult) {
        let mut grid = self.grid.lock().unwrap_or_else(|p| p.into_inner());
        let line = grid.record(problem, solution, test, result);
        self.watch.finished(&grid, (problem, solution, test), &line);
    }

    /// How far the runs got, if the judge was interrupted.
    pub fn interruption(&self) -> Option<Interruption> {
        let number = runner::interrupted()?;
        let grid = self.grid.lock().unwrap_or_else(|p| p.into_inner());
        Some(Interruption::of(number, &grid))
    }

    /// What finished, if the judge was interrupted: the partial matrices, with the timing of
    /// the runs that finished (`wall` seconds of wall-clock limit, the machine's `contention`
    /// during the session).
    pub fn interrupted(
        self,
        session: &Session,
        wall: f64,
        contention: Option<Contention>,
    ) -> Option<Partial> {
        let interrupted = self.interruption()?;
        let grid = self.grid.into_inner().unwrap_or_else(|p| p.into_inner());
        let finished = grid
            .problems
            .iter()
            .flat_map(|p| &p.rows)
            .flat_map(|r| r.cells.iter().flatten());
        let timing = Timing::of(session, wall, (finished, "finished run(s)"), contention);
        Some(Partial {
            interrupted,
            timing,
            problems: grid.problems,
        })
    }
}

/// How far the runs got when the judge was interrupted. In JSON: `signal`, `done`, `total`
/// (null where not known in advance) and `message` ("interrupted after N of M runs").
#[derive(Clone, Debug, Serialize)]
pub struct Interruption {
    /// The signal's name (`SIGINT`).
    pub signal: String,
    /// The exit code: 128 + the signal's number.
    #[serde(skip)]
    pub code: u8,
    /// The runs that finished.
    pub done: usize,
    /// The runs to make, if known.
    pub total: Option<usize>,
    /// "interrupted after N of M runs".
    pub message: String,
}

impl Interruption {
    fn of(number: i32, grid: &Grid) -> Interruption {
        Interruption {
            signal: runner::signal_name(number),
            code: u8::try_from(128 + number).unwrap_or(130),
            done: grid.done,
            total: grid.total,
            message: grid.interrupted(),
        }
    }
}

/// The runs that finished before the judge was interrupted: the partial matrices.
#[derive(Clone, Debug, Serialize)]
pub struct Partial {
    /// How far it got.
    pub interrupted: Interruption,
    /// How the time verdicts of the finished runs were made and how busy the machine was.
    pub timing: Timing,
    /// Per problem the grid of its solutions and tests, with the runs that finished.
    pub problems: Vec<GridProblem>,
}
