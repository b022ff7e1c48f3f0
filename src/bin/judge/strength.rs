//! `judge strength`: every shipped solution (or those a glob selects) on the selected tests of
//! each problem against its declared outcome, one by one until each is decided, a line each
//! ([`boardjudge::judging::strength`]), or with `--matrix` every solution on every test
//! ([`boardjudge::judging::matrix_runs`], shown by [`boardjudge::report::matrix`]). Each run is
//! shown as it finishes ([`Live`]); an interrupted command reports the runs that finished.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use boardjudge::judging::matrix_runs::shipped::{MatrixJob, PROBE_FACTOR, run_shipped};
use boardjudge::judging::run::{LoadedTest, Verdict, limits_for};
use boardjudge::judging::session::{Load, Session, Timing};
use boardjudge::judging::strength::{
    SolutionReport, ToJudge, build_solution, judge_solutions, note_load,
};
use boardjudge::problemset::folders;
use boardjudge::problemset::plan::{Expected, Plan, ProblemPlan, SolutionPlan};
use boardjudge::problemset::select::glob_match;
use boardjudge::report::live::GridProblem;
use boardjudge::report::matrix::{self, ProblemMatrix, path_names, unique_names};
use boardjudge::runner::compile::BuildLimits;
use boardjudge::runner::load::SessionWatch;
use boardjudge::runner::sandbox::Layers;
use boardjudge::runner::{self, Sandbox, language};
use boardjudge::text::name;

use crate::common::{
    Common, Output, Stop, json_end, matrix_notes, print_matrices, print_partial, sandbox, stopped,
    warn_busy, write_page, wrote,
};
use crate::exit;
use crate::live::{Live, Partial};
use crate::solution_args;
use crate::terminal::{Terminal, paint, print_json};

#[derive(clap::Args)]
/// Run every shipped solution on the test set: wrong ones must be caught, accepted ones
/// must pass with at least 2x margin.
///
/// A problem's shipped solutions are the source files of solutions/PROBLEM/VERDICT/
/// (VERDICT: accepted, wrong_answer or time_limit_exceeded, the outcome each must get),
/// and judge.toml's [[problem.solution]] entries, which add a description, `catches` or
/// `classic`, or take a file of another problem's folder. Sources (C, C++, Rust,
/// Python 3, Java) are built with
/// the commands `judge languages` shows, into target/solutions/. Reports, per
/// wrong solution, the first test that kills it, and per accepted one its slowest test
/// against the time limit and the margin (limit / slowest CPU time), which must be at
/// least 2. The default --jobs is one whose timings are honest here. A solution whose compiler is missing is
/// skipped (said so). The solutions run together, a test at a time round them, so that
/// a slow one holds none back. Without --matrix a wrong or slow solution already stops
/// at its first failure (as `judge run --lazy` does), plus the tests that the Kattis and
/// ICPC packages' name order runs before it, which decide its outcome; hence no --lazy.
///
/// With --matrix every solution runs on every test, even after it failed one (what each
/// test is worth needs every cell; runs spread
/// over the --jobs workers one test at a time), and the table shows, grouped as in
/// judge.toml: a verdict letter and the CPU time per solution and test, the slowest
/// accepted time of each test against the limit, each solution's first failing test;
/// then what each test is worth (the wrong solutions it catches; candidates to drop: the
/// tests that catch no wrong-answer solution and separate no intended-TLE one from the
/// accepted ones; the tests catching each wrong solution) and a
/// time-limit advice (slowest accepted test x 2, rounded up to whole seconds, against the
/// fastest intended-TLE solution, which is run once more on one TLE test with 3x the
/// limit to measure it). The outcome per solution is decided as without --matrix.
///
/// A TLE is run again only where that can change an outcome: an accepted solution's
/// test, a wrong one's first failure; never an intended-TLE solution's; and a TLE by CPU
/// time on a quiet core, or by the wall clock of a run not waiting for a CPU, stands
/// (--confirm-all confirms every one).
/// --html FILE writes the same as one self-contained page (no network): tests down,
/// solutions across, each group one row (worst verdict, slowest time) that expands on
/// click, sticky header and test column, colours per verdict, time bars, the
/// answer-length histogram, every failure's message.
///
/// Each run is shown as it finishes, and Ctrl-C prints the runs that finished, as for
/// `judge run` (a live table on a terminal, a line per run on a pipe, --json-lines).
///
/// Exit codes: 0 the test set catches every wrong solution and accepts every right one,
/// 1 otherwise, 2 bad arguments, 3 a test the checker cannot judge (FAIL), 4 a shipped
/// solution does not build (the highest of 1, 3 and 4 that applies), 130 interrupted (128
/// + the signal). (`judge --help` lists every command's.)
///
/// Example:
///   judge strength --jobs 1
///   judge strength msquare --matrix --html report.html
///   judge strength sicily --matrix --solutions '*wrong_answer*' --json > matrix.json
///   judge strength msquare --matrix --with mine.cpp wrong_answer=guess.py
#[command(verbatim_doc_comment)]
pub struct Args {
    /// Only these problems (default: all).
    pub problems: Vec<String>,
    /// Only these tests of each problem (as for `judge run`; every pattern must match in
    /// each problem): to see what a subset of the tests catches.
    #[arg(long, value_name = "SELECTION")]
    pub tests: Vec<String>,
    /// Only the shipped solutions whose path (relative to judge.toml's folder) matches this
    /// glob (`*` also matches `/`). A glob that matches none of them takes the source files
    /// it matches (`judge strength msquare --solutions 'my/*'`): each must get the verdict its
    /// folder names (my/wrong_answer/x.cpp), any other must be accepted; the problem must be
    /// named.
    #[arg(long, value_name = "GLOB")]
    pub solutions: Option<String>,
    /// More solutions, run beside the shipped ones (in the list, the matrix, JSON and HTML):
    /// source files, each to get the VERDICT given (accepted, wrong_answer or
    /// time_limit_exceeded: `--with wrong_answer=mine.cpp`), else the one its folder names
    /// (`my/time_limit_exceeded/slow.py`), else accepted. The problem must be named.
    #[arg(long, value_name = "[VERDICT=]FILE", num_args = 1..)]
    pub with: Vec<String>,
    /// Every solution on every test, as a table (or JSON with --json).
    #[arg(long)]
    pub matrix: bool,
    /// Write the matrix as a self-contained HTML page (implies --matrix).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub common: Common,
    /// Print the reports as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Print a JSON object per finished run on stdout as it finishes (its test result
    /// with event "run", problem, solution, path, solution_number, test_number, done,
    /// total), then a last one: {"event": "end", "exit_code", "interrupted"}.
    #[arg(long, conflicts_with = "json")]
    pub json_lines: bool,
}

/// `judge strength` as its arguments say: a line per solution, or the matrices.
pub fn command(args: Args) -> ExitCode {
    let output = Output::of(args.json, args.json_lines);
    let session: Session = args.common.clone().into();
    let terminal = Terminal::live(output == Output::JsonLines);
    let report = match run(&session, &args, &terminal) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    warn_busy(report.timing());
    if let Report::Matrix(m) = &report {
        wrote(&m.page);
    }
    match (&report, output) {
        (Report::Interrupted(partial), _) => {
            return print_partial(partial, output);
        }
        (_, Output::JsonLines) => json_end(code(&report), None),
        (Report::List(list), Output::Json) => print_json(list),
        (Report::List(list), Output::Text) => print_strength(list),
        (Report::Matrix(m), _) => {
            if output == Output::Json {
                print_json(m);
            } else {
                print_matrices(&m.problems, m.timing_note.as_deref(), &m.notes[..3]);
                println!("{}", m.summary.load);
            }
        }
    }
    ExitCode::from(code(&report))
}

/// What `judge strength` found.
enum Report {
    /// Each solution until it was decided.
    List(List),
    /// Every solution on every test.
    Matrix(Matrix),
    /// Interrupted: the runs that finished.
    Interrupted(Partial),
}

/// How a finished `judge strength` ran and how the solutions did: in its JSON with and
/// without --matrix alike.
#[derive(Serialize)]
struct Summary {
    /// How the time verdicts were made and how busy the machine was.
    timing: Timing,
    /// The solutions that did not get what they must.
    failed: usize,
    /// The solutions that could not be judged here.
    skipped: usize,
    /// What confined the runs.
    sandbox: Layers,
    /// The machine's load (`/proc/loadavg`: 1, 5 and 15 minute averages) when the runs began
    /// and when they ended, to read the times beside (null where it cannot be read).
    load: Load,
}

impl Summary {
    /// The summary of the solutions' `reports`, timed as `timing` says, in `sandbox`, the
    /// machine's load `start` when the runs began. When the machine was busy, every report
    /// that failed on time says so.
    fn of<'a>(
        timing: Timing,
        sandbox: &Sandbox,
        start: Option<[f64; 3]>,
        reports: impl Iterator<Item = &'a mut SolutionReport>,
    ) -> Summary {
        let busy = timing.contention.as_ref().filter(|c| c.busy);
        let figures = busy.map(ToString::to_string);
        let (mut failed, mut skipped) = (0, 0);
        for report in reports {
            if let Some(figures) = &figures {
                note_load(report, figures);
            }
            failed += usize::from(!report.ok && !report.skipped);
            skipped += usize::from(report.skipped);
        }
        Summary {
            timing,
            failed,
            skipped,
            sandbox: sandbox.layers(),
            load: Load {
                start,
                end: runner::load_average(),
            },
        }
    }
}

/// Each solution's report. Its JSON is `judge strength --json`'s.
#[derive(Serialize)]
struct List {
    /// How it ran and how the solutions did.
    #[serde(flatten)]
    summary: Summary,
    /// The reports, in judge.toml's order.
    solutions: Vec<SolutionReport>,
    /// Why the times may be inflated, if they may.
    #[serde(skip)]
    timing_note: Option<String>,
}

/// Every problem's matrix. Its JSON is `judge strength --matrix --json`'s.
#[derive(Serialize)]
struct Matrix {
    /// How it ran and how the solutions did.
    #[serde(flatten)]
    summary: Summary,
    /// Parallel jobs.
    jobs: usize,
    /// Why the times may be inflated, if they may.
    timing_note: Option<String>,
    /// How many times the limit the fastest intended-TLE solution gets to be measured.
    probe_factor: f64,
    /// The matrices, in judge.toml's order.
    problems: Vec<ProblemMatrix>,
    /// The lines under the matrices: how it ran, how the solutions did, the timing note.
    #[serde(skip)]
    notes: Vec<String>,
    /// The HTML page written.
    #[serde(skip)]
    page: Option<PathBuf>,
}

impl Report {
    /// How the time verdicts were made and how busy the machine was.
    fn timing(&self) -> &Timing {
        match self {
            Report::List(l) => &l.summary.timing,
            Report::Matrix(m) => &m.summary.timing,
            Report::Interrupted(partial) => &partial.timing,
        }
    }
}

/// A problem, its loaded tests and its selected solutions.
type Chosen<'a> = (&'a ProblemPlan, Vec<LoadedTest>, Vec<&'a SolutionPlan>);

/// Runs `judge strength`.
fn run(session: &Session, request: &Args, watch: &Terminal) -> Result<Report, Stop> {
    let plan = Plan::load(&session.plan).map_err(|e| Stop::usage(e.to_string()))?;
    for name in &request.problems {
        plan.problem(name).map_err(Stop::usage)?;
    }
    let selected: Vec<&ProblemPlan> = (plan.problems.iter())
        .filter(|p| request.problems.is_empty() || request.problems.contains(&p.name))
        .collect();
    let given = given_sources(session, &selected, request)?;
    let with = with_solutions(session, &selected, request)?;
    let mut problems: Vec<Chosen> = Vec::new();
    for (problem, given) in selected.into_iter().zip(&given) {
        // Read once, shared by every solution of the problem.
        let tests = boardjudge::problemset::manifest::verify(problem, &session.data)
            .and_then(|manifest| session.tests(problem, &manifest, &request.tests))
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
                    .as_deref()
                    .is_none_or(|g| glob_match(g, &s.path.to_string_lossy()))
            })
            .chain(given)
            .chain(&with)
            .collect();
        problems.push((problem, tests, solutions));
    }
    if problems.iter().all(|(_, _, s)| s.is_empty()) {
        return Err(Stop::usage("no shipped solution matches"));
    }
    let sandbox = sandbox(session, watch)?;
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
    request: &Args,
) -> Result<Vec<Vec<SolutionPlan>>, Stop> {
    let none = || vec![Vec::new(); selected.len()];
    let Some(glob) = request.solutions.as_deref() else {
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
                    ..SolutionPlan::default()
                })
                .collect()
        })
        .collect())
}

/// The `--with` solutions, to join each of the `selected` problems' shipped ones; the
/// problems must be named, and no file may be one of their shipped solutions already.
fn with_solutions(
    session: &Session,
    selected: &[&ProblemPlan],
    request: &Args,
) -> Result<Vec<SolutionPlan>, Stop> {
    if !request.with.is_empty() && request.problems.is_empty() {
        return Err(Stop::usage(
            "--with: name the problem the files solve (judge strength PROBLEM --with FILE)",
        ));
    }
    let repo = session.repo();
    let mut with = Vec::new();
    for arg in &request.with {
        let solution = solution_args::with_solution(arg, &repo).map_err(Stop::usage)?;
        let shipped = selected.iter().find(|p| {
            (p.solutions.iter().chain(&with)).any(|s: &SolutionPlan| s.path == solution.path)
        });
        if let Some(problem) = shipped {
            return Err(Stop::usage(format!(
                "--with {}: already a solution of {} (shipped or given twice)",
                name(arg),
                problem.name
            )));
        }
        with.push(solution);
    }
    Ok(with)
}

/// `judge strength`: each solution on the tests in order, until it is decided; the runs that
/// finished when the judge is interrupted.
fn list(
    session: &Session,
    problems: &[Chosen],
    build: &BuildLimits,
    sandbox: &Sandbox,
    watch: &Terminal,
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
    Report::List(List {
        summary: Summary::of(timing, sandbox, start, reports.iter_mut()),
        timing_note: runner::timing_note(workers.min(jobs.len())),
        solutions: reports,
    })
}

/// `judge strength --matrix`: every solution on every test; the runs that finished when the
/// judge is interrupted.
fn matrix(
    session: &Session,
    problems: &[Chosen],
    build: &BuildLimits,
    sandbox: &Sandbox,
    request: &Args,
    watch: &Terminal,
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
    let cells = matrices.iter().flat_map(|m| &m.rows).flat_map(|r| &r.cells);
    let timing = Timing::of(
        session,
        wall_limit(problems),
        (cells, "cell(s) of the matrix"),
        contention,
    );
    let reports = (matrices.iter_mut().flat_map(|m| &mut m.rows)).map(|r| &mut r.report);
    let summary = Summary::of(timing, sandbox, start, reports);
    let (failed, skipped) = (summary.failed, summary.skipped);
    let total = matrices.iter().map(|m| m.rows.len()).sum::<usize>();
    let tally = format!(
        "{total} solutions: {} as expected, {failed} not, {skipped} skipped",
        total - failed - skipped
    );
    let timing_note = runner::timing_note(workers);
    let (layers, note) = (sandbox.layers(), timing_note.as_deref());
    let mut notes = matrix_notes(&matrices, workers, &layers, tally, &summary.timing, note);
    notes.push(summary.load.to_string());
    if let Some(path) = &request.html {
        write_page(path, &matrices, &summary.timing, &notes)?;
    }
    Ok(Report::Matrix(Matrix {
        summary,
        jobs: workers,
        timing_note,
        probe_factor: PROBE_FACTOR,
        problems: matrices,
        notes,
        page: request.html.clone(),
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

/// The exit code of a finished `judge strength`: the highest that applies of a solution not
/// as declared, a FAIL, a solution that does not build ([`exit::of_report`]).
fn code(report: &Report) -> u8 {
    let codes: Vec<u8> = match report {
        Report::List(list) => (list.solutions.iter())
            .map(|r| exit::of_report(r, &[]))
            .collect(),
        Report::Matrix(m) => (m.problems.iter())
            .flat_map(|p| &p.rows)
            .map(|row| exit::of_report(&row.report, &row.cells))
            .collect(),
        Report::Interrupted(_) => vec![exit::VERDICT],
    };
    codes.into_iter().max().unwrap_or(exit::OK)
}

/// A line per solution: how it did against what it must get.
fn print_strength(list: &List) {
    let on = std::io::stdout().is_terminal();
    let reports = &list.solutions;
    for r in reports {
        let mark = match (r.skipped, r.ok) {
            (true, _) => "SKIP".to_string(),
            (false, true) => paint("ok  ", &Verdict::AC, on),
            (false, false) => paint("FAIL", &Verdict::WA, on),
        };
        println!(
            "{mark} {:<13} {:<20} {}: {}",
            r.problem,
            r.expected.map_or("", Expected::name),
            r.path,
            r.summary
        );
    }
    if let Some(note) = &list.timing_note {
        eprintln!("note: {note}");
    }
    let summary = &list.summary;
    println!("{}", summary.load);
    println!("{}", summary.sandbox);
    println!("{}", summary.timing.confirmation());
    println!(
        "{} solutions: {} as expected, {} not, {} skipped",
        reports.len(),
        reports.len() - summary.failed - summary.skipped,
        summary.failed,
        summary.skipped
    );
}
