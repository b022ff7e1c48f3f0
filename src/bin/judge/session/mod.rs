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

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use serde::Serialize;

use crate::exit;

use boardjudge::judging::matrix_runs::given::Given;
use boardjudge::judging::ready::Readiness;
use boardjudge::judging::run::{Confirm, Schedule, TestFiles, TestResult, limits_for};
use boardjudge::judging::verdict::Settled;
use boardjudge::problemset::files::write_atomic;
use boardjudge::problemset::manifest::{self, Manifest};
use boardjudge::problemset::plan::{Plan, ProblemPlan};
use boardjudge::problemset::select::select;
use boardjudge::report::html::{self, Note};
use boardjudge::report::live::{Grid, GridProblem};
use boardjudge::report::matrix::ProblemMatrix;
use boardjudge::runner::compile::BuildLimits;
use boardjudge::runner::load::Contention;
use boardjudge::runner::{self, Limits, Sandbox, SandboxMode};

/// What every solution-running command needs: the options of its command line.
#[derive(Clone, Debug)]
pub struct Session {
    /// judge.toml.
    pub plan: PathBuf,
    /// The test data directory.
    pub data: PathBuf,
    /// Parallel jobs (default: the physical cores).
    pub jobs: Option<usize>,
    /// CPU seconds per test, instead of judge.toml's.
    pub time_limit: Option<f64>,
    /// Wall-clock seconds per test, instead of judge.toml's or the default.
    pub wall_limit: Option<f64>,
    /// Which time verdicts are confirmed by running again.
    pub confirm: Confirm,
    /// MiB per test, instead of judge.toml's.
    pub memory_limit: Option<u64>,
    /// How solutions are confined.
    pub sandbox: SandboxMode,
}

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

impl Session {
    /// The parallel jobs: `--jobs`, else the number of physical cores this process may run
    /// on ([`runner::default_jobs`]); at least 1.
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(runner::default_jobs).max(1)
    }

    /// The parallel jobs and the confirmation of time verdicts.
    pub fn schedule(&self) -> Schedule {
        Schedule {
            workers: self.jobs(),
            confirm: self.confirm,
        }
    }

    /// The repository root: the directory of judge.toml.
    pub fn repo(&self) -> PathBuf {
        match self.plan.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        }
    }

    /// Where solutions' sources are built: target/solutions/ beside judge.toml.
    pub fn cache(&self) -> PathBuf {
        self.repo().join("target").join("solutions")
    }

    /// The plan, the problem's index in it, the limits its tests run under and its manifest,
    /// once its test data is checked against the manifest; or a message.
    pub fn load(&self, name: &str) -> Result<(Plan, usize, Limits, Manifest), String> {
        let plan = Plan::load(&self.plan).map_err(|e| e.to_string())?;
        let index = plan
            .problems
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| plan.problem(name).err().unwrap_or_default())?;
        let limits = self.limits(&plan.problems[index])?;
        let manifest = manifest::verify(&plan.problems[index], &self.data)?;
        Ok((plan, index, limits, manifest))
    }

    /// The files of the tests of `manifest` that `selection` (the `--tests` values) chooses,
    /// in plan order.
    pub fn tests(
        &self,
        problem: &ProblemPlan,
        manifest: &Manifest,
        selection: &[String],
    ) -> Result<Vec<TestFiles>, String> {
        let dir = self.data.join(&problem.name);
        let chosen =
            select(&manifest.test, selection).map_err(|e| format!("{}: {e}", problem.name))?;
        Ok(chosen.into_iter().map(|e| TestFiles::of(&dir, e)).collect())
    }

    /// A solution ready to run: a command as it is, a source file built into the cache, in
    /// `sandbox`'s jail under `build` (a missing toolchain is a usage error, a failed build
    /// [`Stop::does_not_build`]); its command and the
    /// limits it runs under (a JVM's heap is part of its command).
    pub fn prepare(
        &self,
        solution: &Given,
        limits: Limits,
        sandbox: &Sandbox,
        build: &BuildLimits,
    ) -> Result<(Limits, Vec<String>), Stop> {
        match solution.ready(&limits, &self.cache(), sandbox, build) {
            Readiness::Ready { command, limits } => Ok((limits, command)),
            Readiness::ToolchainMissing(e) => {
                Err(Stop::usage(format!("{}: skipped: {e}", solution.path())))
            }
            Readiness::DoesNotBuild(e) => Err(Stop::does_not_build(e)),
        }
    }

    /// The sandbox for the solutions, shown to `watch`.
    pub fn sandbox(&self, watch: &dyn Watch) -> Result<Sandbox, Stop> {
        let sandbox = Sandbox::new(self.sandbox).map_err(Stop::usage)?;
        watch.sandbox(&sandbox);
        Ok(sandbox)
    }

    /// The limits of `problem`'s tests: judge.toml's, or `--time-limit` (with the default
    /// wall clock for it), `--wall-limit` and `--memory-limit`.
    fn limits(&self, problem: &ProblemPlan) -> Result<Limits, String> {
        let mut limits = limits_for(problem);
        if let Some(t) = self.time_limit {
            if !(t > 0.0 && t <= 3600.0) {
                return Err(format!(
                    "--time-limit must be in (0, 3600] seconds, not {t}"
                ));
            }
            limits.cpu = Duration::from_secs_f64(t);
            limits.wall = runner::default_wall(limits.cpu);
        }
        if let Some(w) = self.wall_limit {
            let cpu = limits.cpu.as_secs_f64();
            if !(w >= cpu && w <= 7200.0) {
                return Err(format!(
                    "--wall-limit must be at least the time limit ({cpu} s) and at most 7200 \
                     seconds, not {w}"
                ));
            }
            limits.wall = Duration::from_secs_f64(w);
        }
        if let Some(m) = self.memory_limit {
            if !(16..=65_536).contains(&m) {
                return Err(format!("--memory-limit must be 16..=65536 MiB, not {m}"));
            }
            limits.memory_bytes = m << 20;
        }
        Ok(limits)
    }
}

/// How the time verdicts of a session were made, for its report: the limits beside the CPU
/// limit, the confirmation re-runs, and how busy the machine was.
#[derive(Clone, Debug, Serialize)]
pub struct Timing {
    /// Wall-clock seconds per test (only stops programs that wait).
    pub wall_limit_seconds: f64,
    /// Re-runs at most of a run in doubt (0: confirmation off).
    pub confirm_reruns: usize,
    /// The share of the time limit from which a run in time is in doubt too.
    pub confirm_near: f64,
    /// Whether every run in doubt was confirmed, whatever was at stake and however quiet its
    /// core (`--confirm-all`).
    pub confirm_all: bool,
    /// The tests that ran more than once.
    pub repeated: usize,
    /// The re-runs made (each test's runs beyond its first).
    pub reruns: usize,
    /// The CPU seconds of the runs not kept.
    pub rerun_cpu_seconds: f64,
    /// The wall-clock seconds of the runs not kept.
    pub rerun_wall_seconds: f64,
    /// The tests in doubt left at one run because no re-run could change what the command
    /// decides (an intended-TLE solution's TLE, a wrong-answer solution's TLE that is not
    /// its first failure).
    pub not_at_stake: usize,
    /// The TLEs by CPU time on a quiet core, which stood without re-runs.
    pub quiet: usize,
    /// The tests counted: every test judged; for `judge strength` without `--matrix`, the
    /// test that decided each solution (the others are not kept).
    pub tests: usize,
    /// What `tests` counts, for the report's line.
    #[serde(skip)]
    pub counted: &'static str,
    /// The machine's load during the session (null where /proc cannot tell).
    pub contention: Option<Contention>,
}

impl Timing {
    /// The timing of a session that gave `results` (each a `counted`, e.g. `test`), with
    /// `wall` seconds of wall-clock limit.
    pub fn of<'a>(
        session: &Session,
        wall: f64,
        (results, counted): (impl IntoIterator<Item = &'a TestResult>, &'static str),
        contention: Option<Contention>,
    ) -> Timing {
        let mut timing = Timing {
            wall_limit_seconds: wall,
            confirm_reruns: session.confirm.reruns,
            confirm_near: session.confirm.near,
            confirm_all: session.confirm.all,
            repeated: 0,
            reruns: 0,
            rerun_cpu_seconds: 0.0,
            rerun_wall_seconds: 0.0,
            not_at_stake: 0,
            quiet: 0,
            tests: 0,
            counted,
            contention,
        };
        for r in results {
            timing.tests += 1;
            timing.repeated += usize::from(r.runs > 1);
            timing.reruns += r.runs.saturating_sub(1);
            timing.rerun_cpu_seconds += r.confirmation.rerun_cpu_seconds;
            timing.rerun_wall_seconds += r.confirmation.rerun_wall_seconds;
            match r.confirmation.settled {
                Settled::NotAtStake => timing.not_at_stake += 1,
                Settled::Quiet => timing.quiet += 1,
                _ => {}
            }
        }
        timing
    }

    /// The warning for the top of a report: the machine was busy.
    pub fn warning(&self) -> Option<String> {
        self.contention.as_ref().and_then(Contention::warning)
    }

    /// Whether the confirmation line is worth a note where it is not always printed: some
    /// test was repeated or left at one run in doubt, or confirmation was off.
    pub fn worth_a_note(&self) -> bool {
        self.repeated + self.not_at_stake + self.quiet > 0 || self.confirm_reruns == 0
    }

    /// One line: which runs were repeated and what it cost, which were not and why, or that
    /// confirmation was off.
    pub fn confirmation(&self) -> String {
        if self.confirm_reruns == 0 {
            return "time verdicts from one run each (--confirm 0)".into();
        }
        let mut line = format!(
            "{} of {} {} repeated to confirm a time verdict (TLE, or CPU time at least {:.0} % \
             of the limit: up to {} more run(s), the fastest kept{}): {} re-run(s), {:.1} s CPU",
            self.repeated,
            self.tests,
            self.counted,
            self.confirm_near * 100.0,
            self.confirm_reruns,
            if self.confirm_all {
                "; --confirm-all"
            } else {
                ", where a re-run can change an outcome"
            },
            self.reruns,
            self.rerun_cpu_seconds
        );
        if self.not_at_stake + self.quiet > 0 {
            line.push_str(&format!(
                "; left at one run: {} with nothing at stake (an intended TLE's TLE, a wrong \
                 answer's TLE after its first failure), {} TLE(s) by CPU time on a quiet core",
                self.not_at_stake, self.quiet
            ));
        }
        line
    }
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
