//! `judge strength`: every shipped solution (or those a glob selects) on the selected tests of
//! each problem, one by one until each is decided ([`boardjudge::judging::strength`]), or with
//! `--matrix` every solution on every test ([`boardjudge::judging::matrix_runs`], shown by [`boardjudge::report::matrix`]). Each run is shown
//! as it finishes ([`Live`]); an interrupted command reports the runs that finished.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::session::{Live, Partial, Session, Stop, Timing, Watch, write_page};
use boardjudge::judging::matrix_runs::shipped::{MatrixJob, PROBE_FACTOR, run_shipped};
use boardjudge::judging::run::{LoadedTest, limits_for};
use boardjudge::judging::strength::{
    SolutionReport, ToJudge, build_solution, judge_solutions, note_load,
};
use boardjudge::problemset::folders;
use boardjudge::problemset::plan::{Plan, ProblemPlan, SolutionPlan};
use boardjudge::problemset::select::glob_match;
use boardjudge::report::live::GridProblem;
use boardjudge::report::matrix::{self, ProblemMatrix, path_names, unique_names};
use boardjudge::runner::compile::BuildLimits;
use boardjudge::runner::load::SessionWatch;
use boardjudge::runner::sandbox::Layers;
use boardjudge::runner::{self, Sandbox, language};

/// What `judge strength` was asked.
pub struct Request<'a> {
    /// Only these problems (all when empty).
    pub problems: &'a [String],
    /// The `--tests` values (every test when empty).
    pub tests: &'a [String],
    /// Only the solutions whose path matches this glob.
    pub solutions: Option<&'a str>,
    /// Every solution on every test.
    pub matrix: bool,
    /// Where to write the matrix as an HTML page (implies `matrix`).
    pub html: Option<&'a std::path::Path>,
}

/// What `judge strength` found.
pub enum Report {
    /// Each solution until it was decided.
    List(List),
    /// Every solution on every test.
    Matrix(Matrix),
    /// Interrupted: the runs that finished.
    Interrupted(Partial),
}

/// Each solution's report. Its JSON is `judge strength --json`'s.
#[derive(Serialize)]
pub struct List {
    /// How the time verdicts were made and how busy the machine was.
    pub timing: Timing,
    /// The solutions that did not get what they must.
    pub failed: usize,
    /// The solutions that could not be judged here.
    pub skipped: usize,
    /// What confined the runs.
    pub sandbox: Layers,
    /// The reports, in judge.toml's order.
    pub solutions: Vec<SolutionReport>,
    /// The machine's load (`/proc/loadavg`: 1, 5 and 15 minute averages) when the runs began
    /// and when they ended, to read the times beside (null where it cannot be read).
    pub load: Load,
    /// Why the times may be inflated, if they may.
    #[serde(skip)]
    pub timing_note: Option<String>,
}

/// The machine's load averages around a run ([`runner::load_average`]).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Load {
    /// Before the first solution ran.
    pub start: Option<[f64; 3]>,
    /// After the last one.
    pub end: Option<[f64; 3]>,
}

impl std::fmt::Display for Load {
    /// `load average (1, 5, 15 min): 0.52 0.61 0.70 at the start, 1.10 0.80 0.75 at the end`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |l: Option<[f64; 3]>| {
            l.map_or("unknown".to_string(), |[a, b, c]| {
                format!("{a:.2} {b:.2} {c:.2}")
            })
        };
        write!(
            f,
            "load average (1, 5, 15 min; /proc/loadavg): {} at the start, {} at the end, on {} \
             physical core(s)",
            show(self.start),
            show(self.end),
            runner::physical_cores()
        )
    }
}

/// Every problem's matrix. Its JSON is `judge strength --matrix --json`'s.
#[derive(Serialize)]
pub struct Matrix {
    /// How the time verdicts were made and how busy the machine was.
    pub timing: Timing,
    /// The solutions that did not get what they must.
    pub failed: usize,
    /// The solutions that could not be judged here.
    pub skipped: usize,
    /// Parallel jobs.
    pub jobs: usize,
    /// What confined the runs.
    pub sandbox: Layers,
    /// Why the times may be inflated, if they may.
    pub timing_note: Option<String>,
    /// How many times the limit the fastest intended-TLE solution gets to be measured.
    pub probe_factor: f64,
    /// The matrices, in judge.toml's order.
    pub problems: Vec<ProblemMatrix>,
    /// The machine's load when the runs began and ended.
    pub load: Load,
    /// The lines under the matrices: how it ran, how the solutions did, the timing note.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// The HTML page written.
    #[serde(skip)]
    pub page: Option<PathBuf>,
}

impl Report {
    /// True when every solution got what it must (or was skipped).
    pub fn ok(&self) -> bool {
        match self {
            Report::List(l) => l.failed == 0,
            Report::Matrix(m) => m.failed == 0,
            Report::Interrupted(_) => false,
        }
    }

    /// How the time verdicts were made and how busy the machine was.
    pub fn timing(&self) -> &Timing {
        match self {
            Report::List(l) => &l.timing,
            Report::Matrix(m) => &m.timing,
            Report::Interrupted(partial) => &partial.timing,
        }
    }
}

/// A problem, its loaded tests and its selected solutions.
type Chosen<'a> = (&'a ProblemPlan, Vec<LoadedTest>, Vec<&'a SolutionPlan>);

/// Runs `judge strength`.
pub fn run(session: &Session, request: &Request, watch: &dyn Watch) -> Result<Report, Stop> {
    let plan = Plan::load(&session.plan).map_err(|e| Stop::usage(e.to_string()))?;
    for name in request.problems {
        plan.problem(name).map_err(Stop::usage)?;
    }
    let selected: Vec<&ProblemPlan> = (plan.problems.iter())
        .filter(|p| request.problems.is_empty() || request.problems.contains(&p.name))
        .collect();
    let given = given_sources(session, &selected, request)?;
    let mut problems: Vec<Chosen> = Vec::new();
    for (problem, given) in selected.into_iter().zip(&given) {
        // Read once, shared by every solution of the problem.
        let tests = boardjudge::problemset::manifest::verify(problem, &session.data)
            .and_then(|manifest| session.tests(problem, &manifest, request.tests))
            .and_then(|files| {
                files
                    .iter()
                    .map(|f| f.load())
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(Stop::usage)?;
        let solutions: Vec<&SolutionPlan> = problem
            .solutions
            .iter()
            .filter(|s| {
                request
                    .solutions
                    .is_none_or(|g| glob_match(g, &s.path.to_string_lossy()))
            })
            .chain(given)
            .collect();
        problems.push((problem, tests, solutions));
    }
    if problems.iter().all(|(_, _, s)| s.is_empty()) {
        return Err(Stop::usage("no shipped solution matches"));
    }
    let sandbox = crate::session::sandbox(session, watch)?;
    let matrix_wanted = request.matrix || request.html.is_some();
    let grids = problems
        .iter()
        .map(|(problem, tests, solutions)| {
            let paths: Vec<String> = solutions
                .iter()
                .map(|s| s.path.display().to_string())
                .collect();
            let candidates: Vec<Vec<String>> = paths.iter().map(|p| path_names(p)).collect();
            let rows: Vec<(String, String)> =
                unique_names(&candidates).into_iter().zip(paths).collect();
            GridProblem::new(
                &problem.name,
                &problem.title,
                problem.time_limit,
                &GridProblem::tests_of(tests),
                &rows,
            )
        })
        .collect();
    // Without --matrix a wrong solution stops at its first failure: the total is not known.
    let total = matrix_wanted.then(|| {
        problems
            .iter()
            .map(|(_, tests, solutions)| tests.len() * solutions.len())
            .sum()
    });
    let live = Live::new(grids, total, watch);
    if matrix_wanted {
        matrix(
            session,
            &problems,
            &plan.build,
            &sandbox,
            request,
            watch,
            live,
        )
    } else {
        Ok(list(session, &problems, &plan.build, &sandbox, watch, live))
    }
}

/// The source files `--solutions` names when its glob matches none of the declared
/// solutions (judge.toml's and the verdict folders') of the `selected` problems, as
/// solutions of each of them: paths relative to judge.toml's folder, each to get the
/// verdict of its folder if that is a verdict name (`my/wrong_answer/x.cpp`), else
/// accepted, judged as a shipped one is. None when the glob matches a declared solution.
/// The problems must be named: a file says nothing of which problem it solves.
fn given_sources(
    session: &Session,
    selected: &[&ProblemPlan],
    request: &Request,
) -> Result<Vec<Vec<SolutionPlan>>, Stop> {
    let none = || vec![Vec::new(); selected.len()];
    let Some(glob) = request.solutions else {
        return Ok(none());
    };
    let declared = selected
        .iter()
        .flat_map(|p| &p.solutions)
        .any(|s| glob_match(glob, &s.path.to_string_lossy()));
    if declared {
        return Ok(none());
    }
    let repo = session.repo();
    let files = folders::matching_sources(&repo, glob, &|path| glob_match(glob, path));
    if files.is_empty() {
        return Err(Stop::usage(format!(
            "--solutions '{glob}' matches no solution: none of judge.toml's, none in \
             solutions/<problem>/<verdict>/ and no source file ({}; the glob is matched \
             against paths relative to {}, `*` matching `/` too)",
            language::known_extensions(),
            repo.display()
        )));
    }
    if request.problems.is_empty() {
        return Err(Stop::usage(format!(
            "--solutions '{glob}' matches no declared solution but {} source file(s) ({}): \
             name the problem they solve (judge strength PROBLEM --solutions '{glob}')",
            files.len(),
            files[0].display()
        )));
    }
    Ok(selected
        .iter()
        .map(|_| {
            (files.iter())
                .map(|path| SolutionPlan {
                    path: path.clone(),
                    expected: folders::expected_by_folder(path),
                    description: folders::describe(&repo.join(path)),
                    line: None,
                    catches: None,
                    classic: false,
                })
                .collect()
        })
        .collect())
}

/// `judge strength`: each solution on the tests in order, until it is decided; the runs that
/// finished when the judge is interrupted.
fn list(
    session: &Session,
    problems: &[Chosen],
    build: &BuildLimits,
    sandbox: &Sandbox,
    watch: &dyn Watch,
    live: Live,
) -> Report {
    let (repo, cache, workers) = (session.repo(), session.cache(), session.jobs());
    let mut jobs = Vec::new();
    for (p, (problem, tests, solutions)) in problems.iter().enumerate() {
        for (s, solution) in solutions.iter().enumerate() {
            jobs.push((p, s, *problem, *solution, tests));
        }
    }
    watch.begin(Some(jobs.len()), "solutions");
    let start = runner::load_average();
    let done = AtomicUsize::new(0);
    let load = SessionWatch::start();
    let built = runner::parallel(&jobs, workers, |&(_, _, problem, solution, _)| {
        build_solution(problem, solution, &repo, &cache, sandbox, build)
    });
    let to_judge: Vec<ToJudge> = (jobs.iter().zip(built))
        .map(|(&(_, _, problem, solution, tests), built)| ToJudge {
            problem,
            solution,
            tests,
            built,
        })
        .collect();
    let mut reports = judge_solutions(
        &to_judge,
        workers,
        sandbox,
        session.confirm,
        &|j, t, r| live.finished(jobs[j].0, jobs[j].1, t, r),
        &|_| watch.progress(done.fetch_add(1, Ordering::Relaxed) + 1, None),
    );
    let contention = load.finish(workers.min(jobs.len()).max(1));
    watch.end();
    if let Some(partial) = live.interrupted(session, wall_limit(problems), contention.clone()) {
        return Report::Interrupted(partial);
    }
    // Only the decisive tests are kept: the count of repeated runs is theirs.
    let decisive = reports.iter().filter_map(|r| r.decisive.as_ref());
    let timing = Timing::of(
        session,
        wall_limit(problems),
        (decisive, "deciding test(s), one per solution,"),
        contention,
    );
    blame_load(&timing, reports.iter_mut());
    Report::List(List {
        timing,
        failed: reports.iter().filter(|r| !r.ok && !r.skipped).count(),
        skipped: reports.iter().filter(|r| r.skipped).count(),
        sandbox: sandbox.layers(),
        timing_note: runner::timing_note(workers.min(jobs.len())),
        solutions: reports,
        load: Load {
            start,
            end: runner::load_average(),
        },
    })
}

/// `judge strength --matrix`: every solution on every test; the runs that finished when the
/// judge is interrupted.
fn matrix(
    session: &Session,
    problems: &[Chosen],
    build: &BuildLimits,
    sandbox: &Sandbox,
    request: &Request,
    watch: &dyn Watch,
    live: Live,
) -> Result<Report, Stop> {
    let workers = session.jobs();
    let jobs: Vec<MatrixJob> = problems
        .iter()
        .map(|(problem, tests, solutions)| MatrixJob {
            problem,
            tests,
            solutions: solutions.clone(),
        })
        .collect();
    watch.begin(Some(0), "runs");
    let start = runner::load_average();
    let load = SessionWatch::start();
    let judged = run_shipped(
        &jobs,
        &session.repo(),
        &session.cache(),
        build,
        sandbox,
        session.schedule(),
        &|p| {
            watch.progress(p.done, Some(p.total));
            if let Some(f) = p.finished {
                live.finished(f.problem, f.solution, f.test, f.result);
            }
        },
    );
    let contention = load.finish(workers);
    watch.end();
    if let Some(partial) = live.interrupted(session, wall_limit(problems), contention.clone()) {
        return Ok(Report::Interrupted(partial));
    }
    let mut matrices: Vec<ProblemMatrix> = jobs
        .iter()
        .zip(judged)
        .map(|(job, judged)| matrix::shipped(job, judged))
        .collect();
    let load_figures = Load {
        start,
        end: runner::load_average(),
    };
    let cells = matrices.iter().flat_map(|m| &m.rows).flat_map(|r| &r.cells);
    let timing = Timing::of(
        session,
        wall_limit(problems),
        (cells, "cell(s) of the matrix"),
        contention,
    );
    blame_load(
        &timing,
        matrices
            .iter_mut()
            .flat_map(|m| &mut m.rows)
            .map(|r| &mut r.report),
    );
    let rows = || matrices.iter().flat_map(|m| &m.rows);
    let failed = rows().filter(|r| !r.report.ok && !r.report.skipped).count();
    let skipped = rows().filter(|r| r.report.skipped).count();
    let total = rows().count();
    let runs = rows().map(|r| r.cells.len()).sum::<usize>();
    let timing_note = runner::timing_note(workers);
    let mut notes = vec![
        format!(
            "{runs} runs with {workers} parallel job(s); {}",
            sandbox.layers()
        ),
        format!(
            "{total} solutions: {} as expected, {failed} not, {skipped} skipped",
            total - failed - skipped
        ),
        timing.confirmation(),
    ];
    notes.extend(timing_note.iter().map(|n| format!("note: {n}")));
    notes.push(load_figures.to_string());
    if let Some(path) = request.html {
        write_page(path, &matrices, &timing, &notes)?;
    }
    Ok(Report::Matrix(Matrix {
        timing,
        failed,
        skipped,
        jobs: workers,
        sandbox: sandbox.layers(),
        timing_note,
        probe_factor: PROBE_FACTOR,
        problems: matrices,
        load: load_figures,
        notes,
        page: request.html.map(std::path::Path::to_path_buf),
    }))
}

/// The wall-clock limit of the problems' runs: judge.toml's or the default for the time
/// limit; the largest when they differ.
fn wall_limit(problems: &[Chosen]) -> f64 {
    problems
        .iter()
        .map(|(p, _, _)| limits_for(p).wall.as_secs_f64())
        .fold(0.0, f64::max)
}

/// When the machine was busy, says so in every report that failed on time.
fn blame_load<'a>(timing: &Timing, reports: impl Iterator<Item = &'a mut SolutionReport>) {
    let Some(figures) = timing.contention.as_ref().filter(|c| c.busy) else {
        return;
    };
    let figures = figures.to_string();
    for report in reports {
        note_load(report, &figures);
    }
}
