//! The `judge` commands that run solutions, from the options of their command line to a
//! report the binary prints: [`run`] (`judge run`), [`strength`], [`stress`], and beside them
//! [`check`] (`judge check`), [`validate`], [`languages`] and [`export`]. A [`Session`] holds the options
//! they share; a [`Watch`] shows what happens while they work; a [`Stop`] is why one ended
//! without a report, with its exit code.

pub mod check;
pub mod export;
pub mod languages;
pub mod list;
pub mod run;
pub mod strength;
pub mod stress;
pub mod validate;

use std::path::Path;
use std::sync::Mutex;

use serde::Serialize;

use crate::exit;

use boardjudge::judging::matrix_runs::given::Given;
use boardjudge::judging::ready::Readiness;
use boardjudge::judging::run::TestResult;
pub use boardjudge::judging::session::{Session, Timing};
use boardjudge::problemset::files::write_atomic;
use boardjudge::report::html::{self, Note};
use boardjudge::report::live::{Grid, GridProblem};
use boardjudge::report::matrix::ProblemMatrix;
use boardjudge::runner::compile::BuildLimits;
use boardjudge::runner::load::Contention;
use boardjudge::runner::{self, Limits, Sandbox};

/// Why a command stopped without a report: its exit code and its messages, each one printed
/// after `judge: ` on standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The exit code.
    pub code: u8,
    /// The messages.
    pub lines: Vec<String>,
}

impl Stop {
    /// Bad arguments or data the command cannot work with: [`exit::USAGE`].
    pub fn usage(message: impl Into<String>) -> Stop {
        Stop::with(exit::USAGE, message)
    }

    /// A verdict against what was asked (test data that differs from judge.toml, for an
    /// export): [`exit::VERDICT`].
    pub fn failed(message: impl Into<String>) -> Stop {
        Stop::with(exit::VERDICT, message)
    }

    /// The judge could not do what was asked (a package it cannot make or write):
    /// [`exit::FAILURE`].
    pub fn failure(message: impl Into<String>) -> Stop {
        Stop::with(exit::FAILURE, message)
    }

    /// A solution's source does not build: [`exit::DOES_NOT_BUILD`].
    pub fn does_not_build(message: impl Into<String>) -> Stop {
        Stop::with(exit::DOES_NOT_BUILD, message)
    }

    fn with(code: u8, message: impl Into<String>) -> Stop {
        Stop {
            code,
            lines: vec![message.into()],
        }
    }
}

/// Shows a command at work (the binary draws it: a warning, a progress bar). Called from the
/// worker threads.
pub trait Watch: Sync {
    /// The sandbox is made; the solutions run in it from now on.
    fn sandbox(&self, sandbox: &Sandbox);
    /// The work begins: `total` units named `unit` (`tests`, `runs`, `solutions`), or a
    /// number not known in advance.
    fn begin(&self, total: Option<usize>, unit: &str);
    /// `done` units are finished, of `total` when it has become known.
    fn progress(&self, done: usize, total: Option<usize>);
    /// The work is over.
    fn end(&self);
    /// The runs about to be made: `grid`, nothing finished yet.
    fn runs(&self, grid: &Grid);
    /// A run finished: `grid` holds it at `cell` (problem, solution, test) with every run
    /// finished before it; `line` says it in one line.
    fn finished(&self, grid: &Grid, cell: (usize, usize, usize), line: &str);
}

/// The runs of a command as they finish, each shown to a [`Watch`] at once.
pub struct Live<'a> {
    grid: Mutex<Grid>,
    watch: &'a dyn Watch,
}

impl<'a> Live<'a> {
    /// The runs of `problems` (`total` of them, if known), shown to `watch`.
    pub fn new(problems: Vec<GridProblem>, total: Option<usize>, watch: &'a dyn Watch) -> Self {
        let grid = Grid::new(problems, total);
        watch.runs(&grid);
        Live {
            grid: Mutex::new(grid),
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
    /// Its number: the exit code is 128 + it.
    #[serde(skip)]
    pub number: i32,
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
            number,
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

/// A solution ready to run under `limits`: a command as it is, a source file built into
/// `session`'s cache in `sandbox`'s jail under `build` (a missing toolchain is a usage error,
/// a failed build [`Stop::does_not_build`]); its command and the limits it runs under (a
/// JVM's heap is part of its command).
pub fn prepare(
    session: &Session,
    solution: &Given,
    limits: Limits,
    sandbox: &Sandbox,
    build: &BuildLimits,
) -> Result<(Limits, Vec<String>), Stop> {
    match solution.ready(&limits, &session.cache(), sandbox, build) {
        Readiness::Ready { command, limits } => Ok((limits, command)),
        Readiness::ToolchainMissing(e) => {
            Err(Stop::usage(format!("{}: skipped: {e}", solution.path())))
        }
        Readiness::DoesNotBuild(e) => Err(Stop::does_not_build(e)),
    }
}

/// The sandbox for `session`'s solutions, shown to `watch`.
pub fn sandbox(session: &Session, watch: &dyn Watch) -> Result<Sandbox, Stop> {
    let sandbox = session.sandbox().map_err(Stop::usage)?;
    watch.sandbox(&sandbox);
    Ok(sandbox)
}

/// Writes the HTML page of `matrices` to `path`, with at its top the busy machine's warning
/// of `timing` (if any) and `notes`.
fn write_page(
    path: &Path,
    matrices: &[ProblemMatrix],
    timing: &Timing,
    notes: &[String],
) -> Result<(), Stop> {
    let warning = timing.warning().map(Note::Warning);
    let notes: Vec<Note> = warning
        .into_iter()
        .chain(notes.iter().cloned().map(Note::Info))
        .collect();
    let page = html::render(matrices, &notes);
    write_atomic(path, page.as_bytes())
        .map_err(|e| Stop::usage(format!("cannot write {}: {e}", path.display())))
}
