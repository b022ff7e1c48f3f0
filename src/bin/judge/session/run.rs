//! `judge run`: the given solutions on the selected tests of one problem. Source files are
//! built first (into target/solutions/ beside judge.toml); one solution gets its results
//! test by test ([`One`]), several the matrix ([`Several`]). Each run is shown as it finishes
//! ([`Live`]); an interrupted run reports the runs that finished.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::session::{
    Interruption, Live, Partial, Session, Stop, Timing, Watch, prepare, sandbox, write_page,
};
use boardjudge::judging::matrix_runs::given::{self, Given, Prepared};
use boardjudge::judging::ready::Readiness;
use boardjudge::judging::run::{TestFiles, TestResult, Verdict, run_tests};
use boardjudge::problemset::plan::{Plan, ProblemPlan};
use boardjudge::report::live::GridProblem;
use boardjudge::report::matrix::{self, ProblemMatrix};
use boardjudge::runner::compile::BuildLimits;
use boardjudge::runner::load::SessionWatch;
use boardjudge::runner::sandbox::Layers;
use boardjudge::runner::{self, Limits, Sandbox};

/// What `judge run` was asked.
pub struct Request<'a> {
    /// The problem (its name in judge.toml).
    pub problem: &'a str,
    /// The `--tests` values.
    pub tests: &'a [String],
    /// The solutions, in order.
    pub solutions: &'a [Given],
    /// The message for a word given as a source file that is none, reported once the
    /// problem is known.
    pub not_source: Option<&'a str>,
    /// Where to write the matrix as an HTML page.
    pub html: Option<&'a Path>,
}

/// What `judge run` found.
pub enum Report {
    /// One solution.
    One(One),
    /// Several solutions.
    Several(Several),
    /// Several solutions, interrupted: the runs that finished.
    Interrupted(Partial),
}

/// One solution's results, test by test. Its JSON is `judge run --json`'s.
#[derive(Serialize)]
pub struct One {
    /// How the time verdicts were made and how busy the machine was.
    pub timing: Timing,
    /// The problem.
    pub problem: String,
    /// The command that ran.
    pub command: Vec<String>,
    /// CPU seconds per test.
    pub time_limit_seconds: f64,
    /// Memory per test.
    pub memory_limit_bytes: u64,
    /// Parallel jobs.
    pub jobs: usize,
    /// What confined the runs.
    pub sandbox: Layers,
    /// Why the times may be inflated (too many jobs for honest timings), if they may.
    pub timing_note: Option<String>,
    /// The tests accepted.
    pub passed: usize,
    /// The tests run.
    pub total: usize,
    /// Per test, in order (interrupted: the tests that finished).
    pub results: Vec<TestResult>,
    /// How far the runs got, if the judge was interrupted (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<Interruption>,
    /// The HTML page written.
    #[serde(skip)]
    pub page: Option<PathBuf>,
}

/// Several solutions' matrix. Its JSON is `judge run --json`'s.
#[derive(Serialize)]
pub struct Several {
    /// How the time verdicts were made and how busy the machine was.
    pub timing: Timing,
    /// The solutions not accepted on every test.
    pub failed: usize,
    /// The solutions accepted on every test.
    pub accepted: usize,
    /// Parallel jobs.
    pub jobs: usize,
    /// What confined the runs.
    pub sandbox: Layers,
    /// Why the times may be inflated, if they may.
    pub timing_note: Option<String>,
    /// CPU seconds per test.
    pub time_limit_seconds: f64,
    /// Memory per test.
    pub memory_limit_bytes: u64,
    /// The problem's matrix (a list of one, as `judge strength --matrix` gives several).
    pub problems: Vec<ProblemMatrix>,
    /// The lines under the matrix: how it ran, how the solutions did, the timing note.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// The HTML page written.
    #[serde(skip)]
    pub page: Option<PathBuf>,
}

impl One {
    /// True when every test accepted the solution.
    pub fn ok(&self) -> bool {
        self.passed == self.total
    }
}

impl Several {
    /// The matrix.
    pub fn matrix(&self) -> &ProblemMatrix {
        &self.problems[0]
    }
}

/// Runs `judge run`.
pub fn run(session: &Session, request: &Request, watch: &dyn Watch) -> Result<Report, Stop> {
    let loaded = session.load(request.problem).map_err(Stop::usage)?;
    let (plan, index, limits, manifest) =
        (&loaded.plan, loaded.index, loaded.limits, &loaded.manifest);
    let problem = loaded.problem();
    if let Some(message) = request.not_source {
        return Err(Stop::usage(message));
    }
    let files = || {
        session
            .tests(problem, manifest, request.tests)
            .map_err(Stop::usage)
    };
    match request.solutions {
        [one] => run_one(
            session,
            plan,
            index,
            &files,
            one,
            limits,
            request.html,
            watch,
        )
        .map(Report::One),
        several => run_several(
            session,
            problem,
            &plan.build,
            &files()?,
            several,
            &limits,
            request.html,
            watch,
        ),
    }
}

/// `judge run` with one solution: built, then run on each test.
#[allow(clippy::too_many_arguments)]
fn run_one(
    session: &Session,
    plan: &Plan,
    index: usize,
    files: &dyn Fn() -> Result<Vec<TestFiles>, Stop>,
    solution: &Given,
    limits: Limits,
    html: Option<&Path>,
    watch: &dyn Watch,
) -> Result<One, Stop> {
    let problem = &plan.problems[index];
    let sandbox = sandbox(session, watch)?;
    let (limits, cmd) = prepare(session, solution, limits, &sandbox, &plan.build)?;
    let files = files()?;
    let jobs = session.jobs();
    watch.begin(Some(files.len()), "tests");
    let tests: Vec<(String, String)> = files
        .iter()
        .map(|f| (f.id.clone(), f.group.clone()))
        .collect();
    let path = solution.path();
    let grid = GridProblem::new(
        &problem.name,
        &problem.title,
        limits.cpu.as_secs_f64(),
        &tests,
        &[(path.clone(), path)],
    );
    let live = Live::new(vec![grid], Some(files.len()), watch);
    let done = AtomicUsize::new(0);
    let load = SessionWatch::start();
    let results = run_tests(
        problem,
        &files,
        &cmd,
        &limits,
        &sandbox,
        session.schedule(),
        &|result| {
            watch.progress(done.fetch_add(1, Ordering::Relaxed) + 1, None);
            let t = files.iter().position(|f| f.id == result.test).unwrap_or(0);
            live.finished(0, 0, t, result);
        },
    );
    let contention = load.finish(jobs.min(files.len()).max(1));
    watch.end();
    let interrupted = live.interruption();
    let results = match results {
        Err(_) if interrupted.is_some() => Vec::new(),
        results => results.map_err(|e| Stop::usage(e.to_string()))?,
    };
    let timing = Timing::of(
        session,
        limits.wall.as_secs_f64(),
        (&results, "test(s)"),
        contention,
    );
    let timing_note = runner::timing_note(jobs.min(files.len()));
    if let Some(path) = html.filter(|_| interrupted.is_none()) {
        let loaded = files
            .iter()
            .map(|f| f.load())
            .collect::<Result<Vec<_>, _>>()
            .map_err(Stop::usage)?;
        let prepared = Prepared {
            given: solution.clone(),
            ready: Readiness::Ready {
                command: cmd.clone(),
                limits,
            },
        };
        let time_limit = limits.cpu.as_secs_f64();
        let judged = given::judged(
            problem,
            &prepared,
            results.clone(),
            loaded.len(),
            time_limit,
        );
        let m = matrix::given(
            problem,
            &loaded,
            time_limit,
            std::slice::from_ref(&prepared),
            vec![judged],
        );
        let notes = notes(&m, jobs, &sandbox, timing_note.as_deref(), &timing);
        write_page(path, &[m], &timing, &notes)?;
    }
    Ok(One {
        timing,
        problem: problem.name.clone(),
        command: cmd,
        time_limit_seconds: limits.cpu.as_secs_f64(),
        memory_limit_bytes: limits.memory_bytes,
        jobs,
        sandbox: sandbox.layers(),
        timing_note,
        passed: results.iter().filter(|r| r.verdict == Verdict::AC).count(),
        total: results.len(),
        results,
        page: html
            .filter(|_| interrupted.is_none())
            .map(Path::to_path_buf),
        interrupted,
    })
}

/// `judge run` with several solutions: every one on every test.
#[allow(clippy::too_many_arguments)]
fn run_several(
    session: &Session,
    problem: &ProblemPlan,
    build: &BuildLimits,
    files: &[TestFiles],
    solutions: &[Given],
    limits: &Limits,
    html: Option<&Path>,
    watch: &dyn Watch,
) -> Result<Report, Stop> {
    let tests = files
        .iter()
        .map(|f| f.load())
        .collect::<Result<Vec<_>, _>>()
        .map_err(Stop::usage)?;
    let jobs = session.jobs();
    let sandbox = sandbox(session, watch)?;
    let prepared = given::prepare(solutions, limits, &session.cache(), build, &sandbox, jobs)
        .map_err(|e| Stop {
            code: 2,
            lines: e
                .lines()
                .map(String::from)
                .chain(["nothing was run".to_string()])
                .collect(),
        })?;
    watch.begin(Some(0), "runs");
    let time_limit = limits.cpu.as_secs_f64();
    let names = matrix::given_names(&prepared);
    let solutions: Vec<(String, String)> = names
        .into_iter()
        .zip(&prepared)
        .map(|(name, p)| (name, p.given.path()))
        .collect();
    let grid = GridProblem::new(
        &problem.name,
        &problem.title,
        time_limit,
        &GridProblem::tests_of(&tests),
        &solutions,
    );
    let total = prepared
        .iter()
        .filter(|p| p.ready.runnable().is_some())
        .count()
        * tests.len();
    let live = Live::new(vec![grid], Some(total), watch);
    let load = SessionWatch::start();
    let judged = given::run_given(
        problem,
        &tests,
        time_limit,
        &prepared,
        &sandbox,
        session.schedule(),
        &|p| {
            watch.progress(p.done, Some(p.total));
            if let Some(f) = p.finished {
                live.finished(0, f.solution, f.test, f.result);
            }
        },
    );
    let contention = load.finish(jobs);
    watch.end();
    if let Some(partial) = live.interrupted(session, limits.wall.as_secs_f64(), contention.clone())
    {
        return Ok(Report::Interrupted(partial));
    }
    let m = matrix::given(problem, &tests, time_limit, &prepared, judged);
    let failed = m.rows.iter().filter(|r| !r.report.ok).count();
    let cells = m.rows.iter().flat_map(|r| &r.cells);
    let timing = Timing::of(
        session,
        limits.wall.as_secs_f64(),
        (cells, "cell(s) of the matrix"),
        contention,
    );
    let timing_note = runner::timing_note(jobs);
    let notes = notes(&m, jobs, &sandbox, timing_note.as_deref(), &timing);
    if let Some(path) = html {
        write_page(path, std::slice::from_ref(&m), &timing, &notes)?;
    }
    Ok(Report::Several(Several {
        timing,
        failed,
        accepted: m.rows.len() - failed,
        jobs,
        sandbox: sandbox.layers(),
        timing_note,
        time_limit_seconds: time_limit,
        memory_limit_bytes: limits.memory_bytes,
        problems: vec![m],
        notes,
        page: html.map(Path::to_path_buf),
    }))
}

/// The lines under a `judge run` matrix: how it ran, how the solutions did, the confirmation
/// runs, the timing note.
fn notes(
    m: &ProblemMatrix,
    jobs: usize,
    sandbox: &Sandbox,
    note: Option<&str>,
    timing: &Timing,
) -> Vec<String> {
    let runs = m.rows.iter().map(|r| r.cells.len()).sum::<usize>();
    let accepted = m.rows.iter().filter(|r| r.report.ok).count();
    let mut notes = vec![
        format!(
            "{runs} runs with {jobs} parallel job(s); {}",
            sandbox.layers()
        ),
        format!(
            "{}: {} solution(s): {accepted} accepted on every one of the {} tests, {} not",
            m.problem,
            m.rows.len(),
            m.tests.len(),
            m.rows.len() - accepted
        ),
        timing.confirmation(),
    ];
    notes.extend(note.map(|n| format!("note: {n}")));
    notes
}
