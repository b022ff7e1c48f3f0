//! `judge run`, `judge stress` and `judge strength`: loading the plan, calling the library,
//! and presenting the results (tables, colour on a terminal, JSON).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use boardjudge::check::Verdict as CheckVerdict;
use boardjudge::check::protocol::colour;
use boardjudge::judge::check::{check_test, exit_code as check_exit_code, find_test};
use boardjudge::judge::export::{Kind, Tools, export as export_problem};
use boardjudge::judge::files::write_atomic;
use boardjudge::judge::manifest::{self, Manifest};
use boardjudge::judge::plan::{Expected, Plan, ProblemPlan, SolutionPlan};
use boardjudge::judge::regression::{Saved, save as save_regression, test_name};
use boardjudge::judge::report::given::{self, Given, Prepared};
use boardjudge::judge::report::html;
use boardjudge::judge::report::matrix::{MatrixJob, PROBE_FACTOR, ProblemMatrix, run_matrix};
use boardjudge::judge::report::text::{self, LEGEND};
use boardjudge::judge::run::{
    CannotStart, TestFiles, TestResult, Verdict, failure_message, limits_for, run_tests,
};
use boardjudge::judge::select::{glob_match, select};
use boardjudge::judge::strength::{SolutionReport, judge_solution};
use boardjudge::judge::stress::{Budget, Settings, StressOutcome, stress as stress_run};
use boardjudge::runner::compile::{CompileError, compile};
use boardjudge::runner::language;
use boardjudge::runner::{self, Limits, Sandbox, SandboxMode};
use indicatif::{ProgressBar, ProgressStyle};

/// What every solution-running command needs.
pub struct Setup {
    /// judge.toml.
    pub plan: PathBuf,
    /// The test data directory.
    pub data: PathBuf,
    /// Parallel jobs (default: the cores).
    pub jobs: Option<usize>,
    /// CPU seconds per test, instead of judge.toml's.
    pub time_limit: Option<f64>,
    /// MiB per test, instead of judge.toml's.
    pub memory_limit: Option<u64>,
    /// How solutions are confined.
    pub sandbox: SandboxMode,
}

impl Setup {
    fn jobs(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }

    /// The plan, the problem's index in it, the limits its tests run under and its manifest,
    /// once its test data is checked against the manifest; or a message.
    fn load(&self, name: &str) -> Result<(Plan, usize, Limits, Manifest), String> {
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
    fn tests(
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

    /// The sandbox for the solutions; with `--sandbox off`, a loud warning on stderr.
    fn sandbox(&self) -> Result<Sandbox, String> {
        let sandbox = Sandbox::new(self.sandbox)?;
        if sandbox.is_off() {
            let text = format!("judge: WARNING: {}", sandbox.layers());
            if std::io::stderr().is_terminal() {
                eprintln!("{}", colour(&text, CheckVerdict::Fail).trim_end());
            } else {
                eprintln!("{text}");
            }
        }
        Ok(sandbox)
    }

    fn limits(&self, problem: &ProblemPlan) -> Result<Limits, String> {
        let mut limits = limits_for(problem);
        if let Some(t) = self.time_limit {
            if !(t > 0.0 && t <= 3600.0) {
                return Err(format!(
                    "--time-limit must be in (0, 3600] seconds, not {t}"
                ));
            }
            limits.cpu = Duration::from_secs_f64(t);
            limits.wall = limits.cpu * 2;
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

fn usage(message: &str) -> ExitCode {
    eprintln!("judge: {message}");
    ExitCode::from(2)
}

fn bar(len: u64, what: &str) -> ProgressBar {
    ProgressBar::new(len).with_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{bar:30}}] {{pos}}/{{len}} {what} {{elapsed}}"
        ))
        .expect("a valid template")
        .progress_chars("=> "),
    )
}

/// The colour of a verdict, as the checker colours its own.
fn paint(text: &str, verdict: &Verdict, on: bool) -> String {
    if !on {
        return text.to_string();
    }
    let like = match verdict {
        Verdict::AC => CheckVerdict::Accepted,
        Verdict::PE => CheckVerdict::PresentationError,
        Verdict::FAIL => CheckVerdict::Fail,
        _ => CheckVerdict::WrongAnswer,
    };
    colour(text, like).trim_end().to_string()
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// The repository root: the directory of judge.toml.
fn repo_of(plan: &Path) -> PathBuf {
    match plan.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// What `judge run` shows besides the table.
pub struct RunView {
    /// JSON on stdout instead of the table.
    pub json: bool,
    /// The matrix as an HTML page, written here.
    pub html: Option<PathBuf>,
}

/// `judge run`: source files are built first (into target/solutions/ beside judge.toml); one
/// solution gets its table, several the matrix. `not_source` is the message for a word given
/// as a source file that is none, reported once the problem is known.
pub fn run(
    problem: &str,
    tests: &[String],
    setup: &Setup,
    view: &RunView,
    solutions: &[Given],
    not_source: Option<&str>,
) -> ExitCode {
    let (plan, index, limits, manifest) = match setup.load(problem) {
        Ok(p) => p,
        Err(e) => return usage(&e),
    };
    let problem = &plan.problems[index];
    if let Some(message) = not_source {
        return usage(message);
    }
    let files = || setup.tests(problem, &manifest, tests);
    match solutions {
        [one] => run_one(problem, &files, setup, view, one, limits),
        several => match files() {
            Ok(files) => run_several(problem, &files, setup, view, several, &limits),
            Err(e) => usage(&e),
        },
    }
}

/// `judge run` with one solution: its table.
fn run_one(
    problem: &ProblemPlan,
    files: &dyn Fn() -> Result<Vec<TestFiles>, String>,
    setup: &Setup,
    view: &RunView,
    solution: &Given,
    limits: Limits,
) -> ExitCode {
    let (limits, cmd) = match solution {
        Given::Command(cmd) => (limits, cmd.clone()),
        Given::Source(source) => {
            let cache = repo_of(&setup.plan).join("target").join("solutions");
            match compile(source, &cache) {
                Ok(built) => {
                    let limits = built.limits(&limits);
                    (limits, built.command(&limits))
                }
                Err(e @ CompileError::CompilerMissing { .. }) => {
                    return usage(&format!("{}: skipped: {e}", source.display()));
                }
                Err(e) => {
                    eprintln!("judge: {e}");
                    return ExitCode::from(1);
                }
            }
        }
    };
    let cmd = &cmd[..];
    let files = match files() {
        Ok(f) => f,
        Err(e) => return usage(&e),
    };
    let sandbox = match setup.sandbox() {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let jobs = setup.jobs();
    let progress = bar(files.len() as u64, "tests");
    let results = run_tests(problem, &files, cmd, &limits, &sandbox, jobs, &|| {
        progress.inc(1)
    });
    progress.finish_and_clear();
    let results = match results {
        Ok(results) => results,
        Err(e) => return usage(&e.to_string()),
    };
    let note = runner::timing_note(jobs.min(files.len()));
    let passed = results.iter().filter(|r| r.verdict == Verdict::AC).count();
    if let Some(path) = &view.html {
        let loaded = match files
            .iter()
            .map(|f| f.load())
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(loaded) => loaded,
            Err(e) => return usage(&e),
        };
        let prepared = Prepared {
            given: solution.clone(),
            ready: Ok((cmd.to_vec(), limits)),
        };
        let m = given::matrix(
            problem,
            &loaded,
            limits.cpu.as_secs_f64(),
            &[prepared],
            vec![results.clone()],
        );
        let notes = run_notes(&m, jobs, &sandbox, note.as_deref());
        if let Err(code) = write_page(path, &[m], &notes) {
            return code;
        }
    }
    if view.json {
        let value = serde_json::json!({
            "problem": problem.name,
            "command": cmd,
            "time_limit_seconds": limits.cpu.as_secs_f64(),
            "memory_limit_bytes": limits.memory_bytes,
            "jobs": jobs,
            "sandbox": sandbox.layers(),
            "timing_note": note,
            "passed": passed,
            "total": results.len(),
            "results": results,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("serialisable")
        );
    } else {
        print_table(&results, std::io::stdout().is_terminal());
        if let Some(first) = results.iter().find(|r| r.verdict != Verdict::AC) {
            let on = std::io::stderr().is_terminal();
            let message = failure_message(first, &|text, verdict| paint(text, verdict, on));
            eprintln!("\n{message}");
        }
        if let Some(note) = &note {
            eprintln!("note: {note}");
        }
        let slowest = results.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max);
        println!("{}", sandbox.layers());
        println!(
            "{}: {passed}/{} tests accepted; slowest {slowest:.3} s CPU of {} s",
            problem.name,
            results.len(),
            limits.cpu.as_secs_f64()
        );
    }
    if passed == results.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `judge run` with several solutions: the matrix.
fn run_several(
    problem: &ProblemPlan,
    files: &[TestFiles],
    setup: &Setup,
    view: &RunView,
    solutions: &[Given],
    limits: &Limits,
) -> ExitCode {
    let tests = match files
        .iter()
        .map(|f| f.load())
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(tests) => tests,
        Err(e) => return usage(&e),
    };
    let jobs = setup.jobs();
    let cache = repo_of(&setup.plan).join("target").join("solutions");
    let prepared = match given::prepare(solutions, limits, &cache, jobs) {
        Ok(p) => p,
        Err(e) => {
            for line in e.lines() {
                eprintln!("judge: {line}");
            }
            eprintln!("judge: nothing was run");
            return ExitCode::from(2);
        }
    };
    let sandbox = match setup.sandbox() {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let progress = bar(0, "runs");
    let time_limit = limits.cpu.as_secs_f64();
    let m = given::run_given(
        problem,
        &tests,
        time_limit,
        &prepared,
        &sandbox,
        jobs,
        &|done, total| {
            progress.set_length(total as u64);
            progress.set_position(done as u64);
        },
    );
    progress.finish_and_clear();
    let failed = m.rows.iter().filter(|r| !r.report.ok).count();
    let note = runner::timing_note(jobs);
    let notes = run_notes(&m, jobs, &sandbox, note.as_deref());
    if let Some(path) = &view.html
        && let Err(code) = write_page(path, std::slice::from_ref(&m), &notes)
    {
        return code;
    }
    if view.json {
        let value = serde_json::json!({
            "failed": failed,
            "accepted": m.rows.len() - failed,
            "jobs": jobs,
            "sandbox": sandbox.layers(),
            "timing_note": note,
            "time_limit_seconds": time_limit,
            "memory_limit_bytes": limits.memory_bytes,
            "problems": [&m],
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("serialisable")
        );
    } else {
        let on = std::io::stdout().is_terminal();
        println!("{LEGEND}\n");
        println!("{}", text::render(&m, &|t, v| paint(t, v, on)));
        let on = std::io::stderr().is_terminal();
        for (i, row) in m.rows.iter().enumerate() {
            if row.report.ok {
                continue;
            }
            let first = row.cells.iter().find(|c| c.verdict != Verdict::AC);
            let message = match first {
                Some(c) if CannotStart::from_result(c).is_none() => {
                    failure_message(c, &|text, verdict| paint(text, verdict, on))
                }
                _ => row.report.summary.clone(),
            };
            eprintln!("\n#{} {}: {}", i + 1, row.name, message.trim_end());
        }
        if let Some(note) = &note {
            eprintln!("note: {note}");
        }
        for line in &notes[..2] {
            println!("{line}");
        }
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The lines under a `judge run` matrix: how it ran, how the solutions did, the timing note.
fn run_notes(m: &ProblemMatrix, jobs: usize, sandbox: &Sandbox, note: Option<&str>) -> Vec<String> {
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
    ];
    notes.extend(note.map(|n| format!("note: {n}")));
    notes
}

/// Writes the HTML page of `matrices`, saying so on stderr; on failure, the exit code.
fn write_page(path: &Path, matrices: &[ProblemMatrix], notes: &[String]) -> Result<(), ExitCode> {
    let page = html::render(matrices, notes);
    if let Err(e) = write_atomic(path, page.as_bytes()) {
        eprintln!("judge: cannot write {}: {e}", path.display());
        return Err(ExitCode::from(2));
    }
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// `judge check`: exit 0 accepted, 1 wrong answer, 2 presentation error, 3 judge failure.
pub fn check(
    problem: &str,
    test: &str,
    output: &Path,
    plan: &Path,
    data: &Path,
    json: bool,
) -> ExitCode {
    let failure = |message: &str| {
        eprintln!("judge: {message}");
        ExitCode::from(3)
    };
    let plan = match Plan::load(plan) {
        Ok(plan) => plan,
        Err(e) => return failure(&e.to_string()),
    };
    let problem = match plan.problem(problem) {
        Ok(problem) => problem,
        Err(e) => return failure(&e.to_string()),
    };
    let source = match find_test(problem, data, test) {
        Ok(source) => source,
        Err(e) => return failure(&e),
    };
    let result = check_test(problem, &source, output);
    if json {
        let value = serde_json::json!({
            "problem": problem.name,
            "test": result.test,
            "group": result.group,
            "verdict": result.verdict,
            "detail": result.verdict.detail(),
            "summary": result.summary,
            "details": result.details,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("serialisable")
        );
    } else {
        let on = std::io::stdout().is_terminal();
        println!(
            "{}",
            failure_message(&result, &|text, verdict| paint(text, verdict, on)).trim_end()
        );
    }
    ExitCode::from(check_exit_code(&result.verdict))
}

fn print_table(results: &[TestResult], on: bool) {
    let width = results.iter().map(|r| r.test.len()).fold(6, usize::max);
    println!(
        "{:<width$} {:<18} {:>8} {:>8} {:>9}  reason",
        "test", "verdict", "cpu s", "wall s", "mem MiB"
    );
    for r in results {
        let verdict = format!("{:<18}", r.verdict.to_string());
        println!(
            "{:<width$} {} {:>8.3} {:>8.3} {:>9.1}  {}",
            r.test,
            paint(&verdict, &r.verdict, on),
            r.cpu_seconds,
            r.wall_seconds,
            mib(r.peak_memory_bytes),
            r.summary
        );
    }
}

/// `judge stress`.
pub fn stress(
    problem: &str,
    settings: Settings,
    save: bool,
    setup: &Setup,
    cmd: &[String],
) -> ExitCode {
    let (plan, index, limits, _) = match setup.load(problem) {
        Ok(p) => p,
        Err(e) => return usage(&e),
    };
    let problem = &plan.problems[index];
    let sandbox = match setup.sandbox() {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let progress = match settings.budget {
        Budget::Count(n) => bar(n as u64, "tests"),
        Budget::Time(_) => ProgressBar::new_spinner(),
    };
    let outcome = stress_run(problem, cmd, &limits, &sandbox, settings, &|i| {
        progress.set_position(i as u64)
    });
    progress.finish_and_clear();
    let seed = settings.seed;
    match outcome {
        Err(e) => {
            eprintln!("judge: {e}");
            ExitCode::from(2)
        }
        Ok(StressOutcome::Passed { tests }) => {
            println!(
                "{}: {tests} random tests (seed {seed}), no failure",
                problem.name
            );
            ExitCode::SUCCESS
        }
        Ok(StressOutcome::Failed {
            test,
            command,
            original,
            shrunk,
        }) => {
            if let Some(e) = CannotStart::from_result(&original.result) {
                return usage(&e.to_string());
            }
            let on = std::io::stderr().is_terminal();
            println!(
                "{}: test {test} fails ({command}): {}",
                problem.name,
                paint(
                    &original.result.verdict.to_string(),
                    &original.result.verdict,
                    on
                )
            );
            let s = if shrunk.runs == 1 { "" } else { "s" };
            println!(
                "shrunk from {} to {} in {} run{s}; {}\nthe minimal failing input:\n",
                shrunk.from, shrunk.to, shrunk.runs, shrunk.minimality
            );
            let failure = &shrunk.failure;
            print!("{}", String::from_utf8_lossy(&failure.input));
            println!("\nexpected output:\n");
            print!("{}", String::from_utf8_lossy(&failure.answer));
            println!(
                "\n{}: {}",
                failure.result.verdict,
                failure.result.details.trim_end()
            );
            if save {
                let name = test_name(cmd, &failure.input);
                match save_regression(
                    &setup.plan,
                    &setup.data,
                    &problem.name,
                    &failure.input,
                    &name,
                ) {
                    Ok(Saved::AlreadyATest { test, group, line }) => println!(
                        "not saved: test {test} (group {group}, {}:{line}) has exactly this \
                         input, so the test data already catches this solution",
                        setup.plan.display()
                    ),
                    Ok(Saved::Added { test, files }) => println!(
                        "saved as test {test} in {} and {} files of {}/{}",
                        setup.plan.display(),
                        files,
                        setup.data.display(),
                        problem.name
                    ),
                    Err(e) => {
                        eprintln!("judge: cannot save the regression test (nothing changed): {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            ExitCode::from(1)
        }
    }
}

/// What `judge strength` shows.
pub struct StrengthView {
    /// Only the solutions whose path matches this glob.
    pub solutions: Option<String>,
    /// JSON on stdout.
    pub json: bool,
    /// Every solution on every test.
    pub matrix: bool,
    /// The matrix as an HTML page, written here.
    pub html: Option<PathBuf>,
}

/// `judge strength`: on the tests `selection` chooses (all when empty) of each problem.
pub fn strength(
    only: &[String],
    selection: &[String],
    setup: &Setup,
    view: &StrengthView,
) -> ExitCode {
    let plan = match Plan::load(&setup.plan) {
        Ok(p) => p,
        Err(e) => return usage(&e.to_string()),
    };
    for name in only {
        if let Err(e) = plan.problem(name) {
            return usage(&e);
        }
    }
    let repo = repo_of(&setup.plan);
    let cache = repo.join("target").join("solutions");
    let mut problems = Vec::new();
    for problem in plan
        .problems
        .iter()
        .filter(|p| only.is_empty() || only.contains(&p.name))
    {
        // Read once, shared by every solution of the problem.
        let tests = manifest::verify(problem, &setup.data)
            .and_then(|manifest| setup.tests(problem, &manifest, selection))
            .and_then(|files| {
                files
                    .iter()
                    .map(|f| f.load())
                    .collect::<Result<Vec<_>, _>>()
            });
        let tests = match tests {
            Ok(t) => t,
            Err(e) => return usage(&e),
        };
        let solutions: Vec<&SolutionPlan> = problem
            .solutions
            .iter()
            .filter(|s| {
                view.solutions
                    .as_deref()
                    .is_none_or(|g| glob_match(g, &s.path.to_string_lossy()))
            })
            .collect();
        problems.push((problem, tests, solutions));
    }
    if problems.iter().all(|(_, _, s)| s.is_empty()) {
        return usage("no shipped solution matches");
    }
    let sandbox = match setup.sandbox() {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let workers = setup.jobs();
    if view.matrix || view.html.is_some() {
        let jobs: Vec<MatrixJob> = problems
            .iter()
            .map(|(problem, tests, solutions)| MatrixJob {
                problem,
                tests,
                solutions: solutions.clone(),
            })
            .collect();
        return strength_matrix(&jobs, &repo, &cache, &sandbox, workers, view);
    }
    let mut jobs = Vec::new();
    for (problem, tests, solutions) in &problems {
        for solution in solutions {
            jobs.push((*problem, *solution, tests));
        }
    }
    let progress = bar(jobs.len() as u64, "solutions");
    let reports: Vec<SolutionReport> =
        runner::parallel(&jobs, workers, |(problem, solution, tests)| {
            let report = judge_solution(problem, solution, tests, &repo, &cache, &sandbox);
            progress.inc(1);
            report
        });
    progress.finish_and_clear();
    let failed = reports.iter().filter(|r| !r.ok && !r.skipped).count();
    let skipped = reports.iter().filter(|r| r.skipped).count();
    if view.json {
        let value = serde_json::json!({ "failed": failed, "skipped": skipped, "sandbox": sandbox.layers(), "solutions": reports });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("serialisable")
        );
    } else {
        let on = std::io::stdout().is_terminal();
        for r in &reports {
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
        if let Some(note) = runner::timing_note(workers.min(jobs.len())) {
            eprintln!("note: {note}");
        }
        println!("{}", sandbox.layers());
        println!(
            "{} solutions: {} as expected, {failed} not, {skipped} skipped",
            reports.len(),
            reports.len() - failed - skipped
        );
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `judge strength --matrix`.
fn strength_matrix(
    jobs: &[MatrixJob],
    repo: &Path,
    cache: &Path,
    sandbox: &Sandbox,
    workers: usize,
    view: &StrengthView,
) -> ExitCode {
    let progress = bar(0, "runs");
    let matrices = run_matrix(jobs, repo, cache, sandbox, workers, &|done, total| {
        progress.set_length(total as u64);
        progress.set_position(done as u64);
    });
    progress.finish_and_clear();
    let rows = || matrices.iter().flat_map(|m| &m.rows);
    let failed = rows().filter(|r| !r.report.ok && !r.report.skipped).count();
    let skipped = rows().filter(|r| r.report.skipped).count();
    let total = rows().count();
    let runs = rows().map(|r| r.cells.len()).sum::<usize>();
    let note = runner::timing_note(workers);
    let mut notes = vec![
        format!(
            "{runs} runs with {workers} parallel job(s); {}",
            sandbox.layers()
        ),
        format!(
            "{total} solutions: {} as expected, {failed} not, {skipped} skipped",
            total - failed - skipped
        ),
    ];
    notes.extend(note.iter().map(|n| format!("note: {n}")));
    if let Some(path) = &view.html
        && let Err(code) = write_page(path, &matrices, &notes)
    {
        return code;
    }
    if view.json {
        let value = serde_json::json!({
            "failed": failed,
            "skipped": skipped,
            "jobs": workers,
            "sandbox": sandbox.layers(),
            "timing_note": note,
            "probe_factor": PROBE_FACTOR,
            "problems": matrices,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("serialisable")
        );
    } else {
        let on = std::io::stdout().is_terminal();
        println!("{LEGEND}\n");
        for m in &matrices {
            println!("{}", text::render(m, &|t, v| paint(t, v, on)));
        }
        if let Some(note) = &note {
            eprintln!("note: {note}");
        }
        println!("{}", notes[0]);
        println!("{}", notes[1]);
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `judge languages`: each language, its commands and whether its toolchain is here.
pub fn languages(json: bool) -> ExitCode {
    let rows: Vec<_> = language::ALL
        .iter()
        .map(|l| (l, l.toolchain_version(), language::missing_tool(l.tools)))
        .collect();
    if json {
        let list: Vec<_> = rows
            .iter()
            .map(|(l, version, missing)| {
                serde_json::json!({
                    "id": l.id,
                    "name": l.name,
                    "extensions": l.extensions,
                    "compile": l.compile,
                    "run": l.run,
                    "present": missing.is_none(),
                    "version": version,
                    "missing": missing,
                })
            })
            .collect();
        let value = serde_json::json!({ "languages": list });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("serialisable")
        );
        return ExitCode::SUCCESS;
    }
    let on = std::io::stdout().is_terminal();
    for (l, version, missing) in &rows {
        let extensions: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
        let status = match (missing, version) {
            (Some(tool), _) => paint(
                &format!("missing: {tool} is not on PATH (solutions are skipped)"),
                &Verdict::WA,
                on,
            ),
            (None, Some(v)) => paint(&format!("present: {v}"), &Verdict::AC, on),
            (None, None) => "present".to_string(),
        };
        println!("{:<9} {:<16} {status}", l.name, extensions.join(" "));
        let compile = l.compile_line();
        let compile = if compile.is_empty() { "none" } else { &compile };
        println!("    compile: {compile}");
        println!("    run:     {}", l.run_line());
    }
    ExitCode::SUCCESS
}

/// `judge export`.
pub fn export(
    kind: Kind,
    targets: &[String],
    all: bool,
    plan_path: &Path,
    data: &Path,
    bin_dir: Option<&Path>,
) -> ExitCode {
    let (problem, out) = match (all, targets) {
        (true, [out]) => (None, PathBuf::from(out)),
        (false, [problem, out]) => (Some(problem.as_str()), PathBuf::from(out)),
        (true, _) => return usage("with --all, give only OUT_DIR"),
        (false, _) => return usage("give PROBLEM OUT_DIR, or --all OUT_DIR"),
    };
    let plan = match Plan::load(plan_path) {
        Ok(p) => p,
        Err(e) => return usage(&e.to_string()),
    };
    let names: Vec<String> = match problem {
        Some(name) => match plan.problem(name) {
            Ok(p) => vec![p.name.clone()],
            Err(e) => return usage(&e),
        },
        None => plan.problems.iter().map(|p| p.name.clone()).collect(),
    };
    let bin_dir = match bin_dir {
        Some(dir) => dir.to_path_buf(),
        None => match std::env::current_exe() {
            Ok(exe) => exe.parent().map(Path::to_path_buf).unwrap_or_default(),
            Err(e) => return usage(&format!("cannot find the judge binary's directory: {e}")),
        },
    };
    let tools = match Tools::load(&bin_dir) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("judge: {e}");
            return ExitCode::from(1);
        }
    };
    for name in &names {
        match export_problem(kind, &plan, name, data, &tools, &out) {
            Ok(w) => {
                let zip = w
                    .zip
                    .map(|z| format!(" and {}", z.display()))
                    .unwrap_or_default();
                println!(
                    "{} {name}: {} ({} files, {} bytes){zip}",
                    kind.name(),
                    w.dir.display(),
                    w.files,
                    w.bytes
                );
                for note in &w.notes {
                    eprintln!("note: {} {name}: {note}", kind.name());
                }
            }
            Err(e) => {
                eprintln!("judge: {} {name}: {e}", kind.name());
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}
