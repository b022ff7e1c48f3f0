//! `judge run`: the solutions named on the command line on the selected tests of a problem.
//! Source files are built first (into target/solutions/ beside judge.toml); every solution
//! runs on every test, as a matrix ([`given`]), one solution as a matrix of one. One
//! solution's report is its table of tests, several solutions' the matrix. Each run is shown
//! as it finishes ([`Live`]); an interrupted run reports the runs that finished.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use boardjudge::judging::matrix_runs::given::{self, Given};
use boardjudge::judging::run::{
    CannotStart, Schedule, TestResult, TimeKind, Verdict, failure_message,
};
use boardjudge::judging::session::{Session, Timing};
use boardjudge::report::live::GridProblem;
use boardjudge::report::matrix::{self, ProblemMatrix};
use boardjudge::runner::load::SessionWatch;
use boardjudge::runner::sandbox::Layers;
use boardjudge::runner::{self, language};

use crate::common::{
    Common, Output, Stop, json_end, matrix_notes, print_matrices, print_partial, ready, sandbox,
    stopped, usage, warn_busy, write_page, wrote,
};
use crate::exit;
use crate::live::{Interruption, Live, Partial};
use crate::solution_args::{given_solutions, missing_source, not_a_source, standards};
use crate::terminal::{Terminal, paint, print_json};

#[derive(clap::Args)]
/// Run solutions on every test of a problem and judge each output.
///
/// A solution is a source file (built as `judge languages` shows: C, C++, Rust,
/// Python 3, Java, into target/solutions/) or any command (a binary, `python3 sol.py`,
/// ...): the words after `--`, or one string in --command 'CMD', split as a shell splits
/// words (quotes and backslashes; no variables, globs or pipes: --command
/// "sh -c '...'" for those). It reads a test's input on stdin. Limits come from
/// judge.toml: CPU time (which decides TLE), a wall clock of max(3 x that, that + 2 s)
/// which only stops programs that wait, address space; output is capped at the checker's
/// cap, max(1 MiB, 4 x the jury answer): one byte more and the solution is stopped and
/// gets WA "output too long" with the sizes, the verdict `check` and `judge check` give
/// the same output. A run that gets TLE is run again, twice at most (--confirm), where
/// the machine could have caused it, and a re-run in time overturns it only with at
/// least half the CPU time the TLE showed; no other verdict is run again. A solution that hangs, forks or floods output is killed with
/// its whole process group. Verdicts: AC, WA, PE, TLE, MLE, RE (exit code or signal), FAIL
/// (a test data problem). Tests run in plan order, named GROUP/NAME.
///
/// One solution: a table of its tests (verdict, CPU and wall time, memory, reason), then
/// the first failure's checker message. A command that cannot start (not found, not
/// executable) stops the run at the first test with one message.
///
/// Several solutions (source files, then --command ones in order, then the one after
/// `--`): the matrix. Every solution runs on every test, even after it failed one (unless
/// --lazy), the runs spread over the --jobs workers one test at a time; tests down,
/// grouped as in judge.toml and numbered, solutions across (#1, #2, ... named by file
/// name or command line; a longer path, or (2), where two names collide): a verdict letter and the CPU
/// time per cell, per test the slowest accepted time against the limit, per solution its
/// first failing test; then which solutions fail each test, and each one's first
/// failure's message. A source that does not build, or a command that cannot start (it
/// is not run past the first test), fails that solution; the others run on.
///
/// Each run is shown as it finishes (a confirmed time verdict once its runs are over): on
/// a terminal a live table on stderr (a row per solution, a letter per finished test)
/// above the progress bar, cleared at the end; when stderr is not a terminal a line per
/// finished run on stderr; with --json-lines a JSON object per finished run on stdout.
/// The whole report (the table or matrix, the first failure's message with its board and
/// diff, the summary; or --json) comes at the end on stdout, so `> file` keeps all of it;
/// only progress, the live runs and warnings go to stderr. Ctrl-C
/// (SIGINT) or SIGTERM stops the runs (no test or confirmation re-run starts), kills the
/// running solutions and prints the runs that finished (the partial table or matrix,
/// "interrupted after N of M runs"), then exits with 128 + the signal (130 for Ctrl-C).
///
/// --lazy stops each solution at its first rejected test in test order, as a contest
/// judge does (DOMjudge's lazy evaluation, DMOJ's short-circuit): no later test starts,
/// one a parallel worker had begun is left out, and the report lists the tests not run
/// (rows "not run" in the table, "-" in the matrix, "not_run" in JSON). A time verdict
/// is confirmed only where it is that first failure, never after it. The default is the
/// setter's full table, every test run: which tests catch a solution and every time are
/// what preparing a problem needs, and `judge strength` (which already stops a shipped
/// wrong solution at its first failure, plus the tests name order runs first) and
/// `judge strength --matrix` (every test: what each test is worth) build on it; --lazy
/// is for judging one submission, where the first failure settles the verdict.
///
/// --tests chooses tests: a group name, a GROUP/NAME, a NAME, or a glob of * and ? over
/// any of these; comma lists, and --tests may be repeated. A pattern that matches no test
/// is an error. --html FILE writes the matrix as a self-contained page (as `judge
/// strength --matrix --html` does), also for one solution.
///
/// Exit codes: 0 every solution accepted on every test, 1 some test not accepted (with
/// several solutions also a command that cannot start), 2 bad arguments (also a missing
/// source file, a --tests pattern that matches nothing, test data not built from
/// judge.toml, a source whose toolchain is not installed here: nothing runs, or with one
/// solution a command that cannot start), 3 a test the checker cannot judge (FAIL: the
/// jury's data), 4 a source that does not build; with several solutions the highest of
/// 1, 3 and 4 that applies; 130 interrupted (128 + the signal). (`judge --help` lists
/// every command's.)
///
/// Example:
///   judge run msquare sol.cpp
///   judge run sicily --tests samples,edge --jobs 1 -- ./my-solution
///   judge run msquare --tests 'by-distance/distance-1?-*' -- python3 sol.py
///   judge run rotation --json -- python3 sol.py > results.json
///   judge run msquare a.cpp b.py c.rs --tests samples,edge
///   judge run msquare fast.cpp --command 'python3 slow.py' --html report.html -- ./old
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The problem (its name in judge.toml).
    pub problem: String,
    /// Only these tests: group names, GROUP/NAMEs, NAMEs or globs (`*`, `?`) over them,
    /// comma-separated; may be repeated.
    #[arg(long, value_name = "SELECTION")]
    pub tests: Vec<String>,
    #[command(flatten)]
    pub common: Common,
    /// Print the results as JSON on stdout instead of a table. One solution: per test its
    /// test (GROUP/NAME), group, verdict ("WA"), detail ("cpu", "exit code 3", or null),
    /// times, memory, summary and the checker's full message. Several: the matrix, as
    /// `judge strength --matrix --json` gives it (kind "given", no expectations).
    #[arg(long)]
    pub json: bool,
    /// Print a JSON object per finished run on stdout as it finishes (its test result
    /// with event "run", problem, solution, path, solution_number, test_number, done,
    /// total), then a last one: {"event": "end", "exit_code", "interrupted"}.
    #[arg(long, conflicts_with = "json")]
    pub json_lines: bool,
    /// Stop each solution at its first rejected test in test order (a contest judge's
    /// check; default: every test, the setter's full table).
    #[arg(long)]
    pub lazy: bool,
    /// Also write the matrix as a self-contained HTML page.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// A solution's command as one string, split as a shell splits words; may be
    /// repeated, beside source files and a command after `--`.
    #[arg(long = "command", value_name = "CMD")]
    pub commands: Vec<String>,
    /// The language standard the C or C++ source files are built as (`cpp98`, `c99`: `judge
    /// languages` lists them and the default); one per language, may be repeated.
    #[arg(long = "std", value_name = "STD")]
    pub standards: Vec<String>,
    /// Source files to build and run (.c, .cpp, .cc, .rs, .py, .java).
    #[arg(
        value_name = "SOURCE-FILE",
        required_unless_present_any = ["commands", "command"]
    )]
    pub sources: Vec<PathBuf>,
    /// A solution's command, instead of or beside source files.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// What `judge run` found: the matrix, or the runs that finished before an interrupt.
enum Report {
    /// Every solution on every test (one solution: its tests, and how far they got if the
    /// judge was interrupted).
    Ran(Box<Ran>),
    /// Several solutions, interrupted: the runs that finished.
    Interrupted(Box<Partial>),
}

/// How `judge run` ran: in its JSON for one solution and for several alike.
#[derive(Serialize)]
struct Facts {
    /// How the time verdicts were made and how busy the machine was.
    timing: Timing,
    /// Parallel jobs.
    jobs: usize,
    /// What confined the runs.
    sandbox: Layers,
    /// Why the times may be inflated (too many jobs for honest timings), if they may.
    timing_note: Option<String>,
    /// CPU seconds per test.
    time_limit_seconds: f64,
    /// Memory per test (one solution: as its language runs it).
    memory_limit_bytes: u64,
}

/// The solutions' matrix and how it ran.
struct Ran {
    /// The problem's matrix.
    matrix: ProblemMatrix,
    /// How it ran.
    facts: Facts,
    /// The lines under the matrix: how it ran, how the solutions did, the timing note.
    notes: Vec<String>,
    /// How far the runs got, if the judge was interrupted (one solution).
    interrupted: Option<Interruption>,
    /// Whether each solution stopped at its first failure (--lazy).
    lazy: bool,
    /// The HTML page written.
    page: Option<PathBuf>,
}

/// One solution's results, test by test: `judge run --json`'s JSON for one solution.
#[derive(Serialize)]
struct One<'a> {
    /// How it ran.
    #[serde(flatten)]
    facts: &'a Facts,
    /// The problem.
    problem: &'a str,
    /// The command that ran.
    command: &'a [String],
    /// The tests accepted.
    passed: usize,
    /// The tests run.
    total: usize,
    /// Per test, in order (interrupted: the tests that finished).
    results: &'a [TestResult],
    /// How far the runs got, if the judge was interrupted (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    interrupted: Option<&'a Interruption>,
    /// With --lazy, the tests after the first failure, not run (absent when none).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    not_run: &'a [String],
}

/// Several solutions' matrix: `judge run --json`'s JSON for several solutions.
#[derive(Serialize)]
struct Several<'a> {
    /// How it ran.
    #[serde(flatten)]
    facts: &'a Facts,
    /// The solutions not accepted on every test.
    failed: usize,
    /// The solutions accepted on every test.
    accepted: usize,
    /// The problem's matrix (a list of one, as `judge strength --matrix` gives several).
    problems: [&'a ProblemMatrix; 1],
}

/// One solution whose source does not build: `judge run --json`'s JSON then (exit code 4,
/// the message on standard error as without --json).
#[derive(Serialize)]
struct NotBuilt<'a> {
    /// The problem.
    problem: &'a str,
    /// The source, as the report names it.
    solution: String,
    /// Always false: the source does not build.
    built: bool,
    /// The exit code, 4.
    exit_code: u8,
    /// Why: the compiler's messages, quoted, or the build limit reached.
    message: String,
}

/// `judge run` as its arguments say: one solution's table, or several solutions' matrix.
pub fn command(args: Args) -> ExitCode {
    let not_source = (args.sources.iter())
        .find(|s| language::of(s).is_none())
        .map(|file| not_a_source(file, &args.problem, "run"))
        .or_else(|| missing_source(&args.sources));
    let standards = match standards(&args.standards, &args.sources) {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let solutions = match given_solutions(
        args.sources.clone(),
        &standards,
        &args.commands,
        args.command.clone(),
    ) {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let output = Output::of(args.json, args.json_lines);
    let session: Session = args.common.clone().into();
    let terminal = Terminal::live(output == Output::JsonLines);
    let ran = match run(&session, &args, &solutions, not_source, &terminal) {
        Err(stop) if stop.code == exit::DOES_NOT_BUILD => {
            match output {
                Output::Json => print_json(&NotBuilt {
                    problem: &args.problem,
                    solution: solutions[0].path(),
                    built: false,
                    exit_code: stop.code,
                    message: stop.lines.join("\n"),
                }),
                Output::JsonLines => json_end(stop.code, None),
                Output::Text => {}
            }
            return stopped(stop);
        }
        Err(stop) => return stopped(stop),
        Ok(Report::Interrupted(partial)) => {
            warn_busy(&partial.timing);
            return print_partial(&partial, output);
        }
        Ok(Report::Ran(ran)) => ran,
    };
    warn_busy(&ran.facts.timing);
    wrote(&ran.page);
    if let [_] = &solutions[..] {
        return print_one(&ran, output);
    }
    let m = &ran.matrix;
    // The highest code that applies: a solution that does not build, a FAIL, a verdict.
    let code = (m.rows.iter())
        .map(|row| exit::of_report(&row.report, &row.cells))
        .max()
        .unwrap_or(exit::OK);
    match output {
        Output::Json => {
            let failed = m.rows.iter().filter(|r| !r.report.ok).count();
            print_json(&Several {
                facts: &ran.facts,
                failed,
                accepted: m.rows.len() - failed,
                problems: [m],
            });
        }
        Output::JsonLines => json_end(code, None),
        Output::Text => print_several(&ran),
    }
    ExitCode::from(code)
}

/// Runs `judge run` of `solutions` as `args` ask: every one on every test, the runs shown to
/// `watch`. One solution that does not build, whose toolchain is missing or that cannot
/// start stops the command; with several, the others run on.
fn run(
    session: &Session,
    args: &Args,
    solutions: &[Given],
    not_source: Option<String>,
    watch: &Terminal,
) -> Result<Report, Stop> {
    let loaded = session.load(&args.problem).map_err(Stop::usage)?;
    let (problem, limits) = (loaded.problem(), loaded.limits);
    if let Some(message) = not_source {
        return Err(Stop::usage(message));
    }
    let tests = (session.tests(problem, &loaded.manifest, &args.tests))
        .and_then(|files| {
            files
                .iter()
                .map(|f| f.load())
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(Stop::usage)?;
    let one = solutions.len() == 1;
    let jobs = session.jobs();
    let sandbox = sandbox(session, watch)?;
    if !one {
        given::check_toolchains(solutions).map_err(|e| Stop {
            code: exit::USAGE,
            lines: (e.lines().map(String::from))
                .chain(["nothing was run".to_string()])
                .collect(),
        })?;
    }
    let (cache, build) = (session.cache(), &loaded.plan.build);
    let prepared = given::prepare(solutions, &limits, &cache, build, &sandbox, jobs);
    let limits = match one {
        true => ready(&prepared[0].given, prepared[0].ready.clone())?.1,
        false => limits,
    };
    let time_limit = limits.cpu.as_secs_f64();
    // One solution's row is named by its path, several by their names.
    let names = match one {
        true => vec![prepared[0].given.path()],
        false => matrix::given_names(&prepared),
    };
    let rows: Vec<(String, String)> = (names.into_iter().zip(&prepared))
        .map(|(name, p)| (name, p.given.path()))
        .collect();
    let tests_of = GridProblem::tests_of(&tests);
    let grid = GridProblem::new(&problem.name, &problem.title, time_limit, &tests_of, &rows);
    let ready = prepared.iter().filter(|p| p.ready.runnable().is_some());
    let total = ready.count() * tests.len();
    match one {
        true => watch.begin(Some(tests.len()), "tests"),
        false => watch.begin(Some(0), "runs"),
    }
    let live = Live::new(vec![grid], Some(total), watch);
    let load = SessionWatch::start();
    let judged = given::run_given(
        problem,
        &tests,
        time_limit,
        &prepared,
        &sandbox,
        Schedule {
            lazy: args.lazy,
            ..session.schedule()
        },
        &|p| {
            watch.progress(p.done, Some(p.total));
            // One solution that cannot start stops with one message: no run to show.
            let stops = |r: &TestResult| one && CannotStart::from_result(r).is_some();
            if let Some(f) = p.finished.filter(|f| !stops(f.result)) {
                live.finished(0, f.solution, f.test, f.result);
            }
        },
    );
    // One solution's runs, on as many workers as it has tests.
    let jobs_used = if one { jobs.min(tests.len()) } else { jobs };
    let contention = load.finish(jobs_used.max(1));
    watch.end();
    let wall = limits.wall.as_secs_f64();
    let interrupted = if one {
        live.interruption()
    } else if let Some(partial) = live.interrupted(session, wall, contention.clone()) {
        return Ok(Report::Interrupted(Box::new(partial)));
    } else {
        None
    };
    let cannot_start = (judged[0].cells.first()).and_then(CannotStart::from_result);
    if let Some(e) = cannot_start.filter(|_| one && interrupted.is_none()) {
        return Err(Stop::usage(e.to_string()));
    }
    let m = matrix::given(problem, &tests, time_limit, &prepared, judged);
    let cells = m.rows.iter().flat_map(|r| &r.cells);
    let counted = if one {
        "test(s)"
    } else {
        "cell(s) of the matrix"
    };
    let timing = Timing::of(session, wall, (cells, counted), contention);
    let timing_note = runner::timing_note(jobs_used);
    let accepted = m.rows.iter().filter(|r| r.report.ok).count();
    let tally = format!(
        "{}: {} solution(s): {accepted} accepted on every one of the {} tests, {} not",
        m.problem,
        m.rows.len(),
        m.tests.len(),
        m.rows.len() - accepted
    );
    let (layers, note) = (sandbox.layers(), timing_note.as_deref());
    let notes = matrix_notes(
        std::slice::from_ref(&m),
        jobs,
        &layers,
        tally,
        &timing,
        note,
    );
    let page = args.html.clone().filter(|_| interrupted.is_none());
    if let Some(path) = &page {
        write_page(path, std::slice::from_ref(&m), &timing, &notes)?;
    }
    Ok(Report::Ran(Box::new(Ran {
        matrix: m,
        facts: Facts {
            timing,
            jobs,
            sandbox: sandbox.layers(),
            timing_note,
            time_limit_seconds: time_limit,
            memory_limit_bytes: limits.memory_bytes,
        },
        notes,
        interrupted,
        lazy: args.lazy,
        page,
    })))
}

/// One solution's report as `output` asks: its table, its first failure's message and how it
/// went; its exit code.
fn print_one(ran: &Ran, output: Output) -> ExitCode {
    let row = &ran.matrix.rows[0];
    let results = &row.cells;
    let passed = results.iter().filter(|r| r.verdict == Verdict::AC).count();
    let done = exit::of_results(results);
    let interrupted = &ran.interrupted;
    let problem = &ran.matrix.problem;
    let not_run: &[String] = match (ran.lazy, interrupted) {
        (true, None) => &row.not_run,
        _ => &[],
    };
    match output {
        Output::Json => print_json(&One {
            facts: &ran.facts,
            problem,
            command: &row.command,
            passed,
            total: results.len(),
            results,
            interrupted: interrupted.as_ref(),
            not_run,
        }),
        Output::JsonLines => json_end(
            interrupted.as_ref().map_or(done, |i| i.code),
            interrupted.as_ref(),
        ),
        Output::Text => {
            // The whole report on stdout; only the warning against the timings on stderr.
            let on = std::io::stdout().is_terminal();
            print_table(results, not_run, on);
            if let Some(first) = results.iter().find(|r| r.verdict != Verdict::AC) {
                let message = failure_message(first, &|text, verdict| paint(text, verdict, on));
                println!("\n{message}");
            }
            if let Some(note) = &ran.facts.timing_note {
                eprintln!("note: {note}");
            }
            if ran.facts.timing.worth_a_note() {
                println!("note: {}", ran.facts.timing.confirmation());
            }
            // A TLE by the limit it reached, never by the time counted when it was stopped.
            let slowest = match results
                .iter()
                .filter_map(|r| r.over_limit())
                .reduce(f64::max)
            {
                Some(limit) => format!(">{limit:.3} s CPU (a TLE)"),
                None => format!(
                    "{:.3} s CPU",
                    results.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max)
                ),
            };
            println!("{}", ran.facts.sandbox);
            let total = results.len();
            match interrupted {
                Some(i) => println!(
                    "{problem}: {} ({}); {passed}/{total} finished tests accepted",
                    i.message, i.signal
                ),
                None if !not_run.is_empty() => println!(
                    "{problem}: {passed}/{total} tests accepted, then stopped at the first \
                     failure (--lazy): {} of the {} tests not run",
                    not_run.len(),
                    total + not_run.len()
                ),
                None => println!(
                    "{problem}: {passed}/{total} tests accepted; slowest {slowest} of {} s",
                    ran.facts.time_limit_seconds
                ),
            }
        }
    }
    match interrupted {
        Some(i) => ExitCode::from(i.code),
        None => ExitCode::from(done),
    }
}

/// Several solutions' matrix, each failing one's first failure, with --lazy which solutions
/// stopped at their first failure and how many tests each was not run on, and the notes.
fn print_several(ran: &Ran) {
    let m = &ran.matrix;
    let on = std::io::stdout().is_terminal();
    let rows = || m.rows.iter().enumerate().map(|(i, row)| (i + 1, row));
    let failures = rows().filter(|(_, row)| !row.report.ok).map(|(n, row)| {
        let first = row.cells.iter().find(|c| c.verdict != Verdict::AC);
        let message = match first {
            Some(c) if CannotStart::from_result(c).is_none() => {
                failure_message(c, &|text, verdict| paint(text, verdict, on))
            }
            _ => row.report.summary.clone(),
        };
        format!("\n#{n} {}: {}", row.name, message.trim_end())
    });
    let stopped_lazily = |row: &matrix::Row| !row.not_run.is_empty() && row.first_failure.is_some();
    let lazy = (rows().filter(|(_, row)| ran.lazy && stopped_lazily(row))).map(|(n, row)| {
        format!(
            "#{n} {}: stopped at its first failure (--lazy): {} of the {} tests not run",
            row.name,
            row.not_run.len(),
            m.tests.len()
        )
    });
    let lines: Vec<String> = (failures.chain(lazy))
        .chain(ran.notes[..3].iter().cloned())
        .collect();
    print_matrices(
        std::slice::from_ref(m),
        ran.facts.timing_note.as_deref(),
        &lines,
    );
}

/// One solution's results, a line per test, then a line per test `not_run` (--lazy).
fn print_table(results: &[TestResult], not_run: &[String], on: bool) {
    let names = results.iter().map(|r| &r.test).chain(not_run);
    let width = names.map(String::len).fold(6, usize::max);
    println!(
        "{:<width$} {:<18} {:>8} {:>8} {:>9}  reason",
        "test", "verdict", "cpu s", "wall s", "mem MiB"
    );
    for r in results {
        let verdict = format!("{:<18}", r.verdict.to_string());
        let fastest = match (r.confirmation.told(), r.summary.is_empty()) {
            (None, _) => String::new(),
            (Some(told), true) => told,
            (Some(told), false) => format!(" ({told})"),
        };
        // A TLE shows the limit it reached in its column (CPU or wall clock), never a time
        // under it; the other column keeps its figure.
        let (cpu, wall) = match (&r.verdict, r.over_limit()) {
            (Verdict::TLE(TimeKind::Wall), Some(limit)) => {
                (format!("{:.3}", r.cpu_seconds), format!(">{limit:.3}"))
            }
            (_, Some(limit)) => (format!(">{limit:.3}"), format!("{:.3}", r.wall_seconds)),
            _ => (
                format!("{:.3}", r.cpu_seconds),
                format!("{:.3}", r.wall_seconds),
            ),
        };
        println!(
            "{:<width$} {} {cpu:>8} {wall:>8} {:>9.1}  {}{fastest}",
            r.test,
            paint(&verdict, &r.verdict, on),
            r.peak_memory_bytes as f64 / f64::from(1 << 20),
            r.summary
        );
    }
    for test in not_run {
        println!(
            "{test:<width$} {:<18} {:>8} {:>8} {:>9}  after the first failure (--lazy)",
            "not run", "-", "-", "-"
        );
    }
}
