//! `judge run`, `stress`, `strength`, `check`, `languages` and `export`: each calls its
//! command in [`crate::session`] and presents the report (tables, colour on a
//! terminal, progress bars, JSON).

use std::io::IsTerminal;
use std::process::ExitCode;

use crate::session::{self, Session};
use boardjudge::judging::regression::Saved;
use boardjudge::judging::run::{CannotStart, TestResult, Verdict, failure_message};
use boardjudge::judging::stress::StressOutcome;
use boardjudge::problemset::plan::Expected;
use boardjudge::report::given::Given;
use boardjudge::report::matrix::ProblemMatrix;
use boardjudge::report::text::{self, LEGEND};

use crate::terminal::{Terminal, outcome, paint, print_json, stopped};

/// The busy machine's warning, first on standard error (it shows above the report on a
/// terminal; standard output stays the report alone).
fn warn_busy(timing: &session::Timing) {
    if let Some(warning) = timing.warning() {
        eprintln!("warning: {warning}");
    }
}

/// Says that the HTML page, if any, was written.
fn wrote(page: &Option<std::path::PathBuf>) {
    if let Some(path) = page {
        eprintln!("wrote {}", path.display());
    }
}

/// `judge run`: one solution's table, or several solutions' matrix.
pub fn run(session: &Session, request: &session::run::Request, json: bool) -> ExitCode {
    match session::run::run(session, request, &Terminal::default()) {
        Err(stop) => stopped(stop),
        Ok(session::run::Report::One(one)) => {
            warn_busy(&one.timing);
            wrote(&one.page);
            if json {
                print_json(&one);
            } else {
                print_one(&one);
            }
            outcome(one.ok())
        }
        Ok(session::run::Report::Several(several)) => {
            warn_busy(&several.timing);
            wrote(&several.page);
            if json {
                print_json(&several);
            } else {
                print_several(&several);
            }
            outcome(several.failed == 0)
        }
    }
}

/// One solution's table, its first failure's message and how it went.
fn print_one(one: &session::run::One) {
    let results = &one.results;
    print_table(results, std::io::stdout().is_terminal());
    if let Some(first) = results.iter().find(|r| r.verdict != Verdict::AC) {
        let on = std::io::stderr().is_terminal();
        let message = failure_message(first, &|text, verdict| paint(text, verdict, on));
        eprintln!("\n{message}");
    }
    if let Some(note) = &one.timing_note {
        eprintln!("note: {note}");
    }
    if one.timing.repeated > 0 || one.timing.confirm_reruns == 0 {
        eprintln!("note: {}", one.timing.confirmation());
    }
    let slowest = results.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max);
    println!("{}", one.sandbox);
    println!(
        "{}: {}/{} tests accepted; slowest {slowest:.3} s CPU of {} s",
        one.problem, one.passed, one.total, one.time_limit_seconds
    );
}

/// Several solutions' matrix, each failing one's first failure and the notes.
fn print_several(several: &session::run::Several) {
    let m = several.matrix();
    let on = std::io::stdout().is_terminal();
    println!("{LEGEND}\n");
    println!("{}", text::render(m, &|t, v| paint(t, v, on)));
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
    if let Some(note) = &several.timing_note {
        eprintln!("note: {note}");
    }
    for line in &several.notes[..3] {
        println!("{line}");
    }
}

/// One solution's results, a line per test.
fn print_table(results: &[TestResult], on: bool) {
    let width = results.iter().map(|r| r.test.len()).fold(6, usize::max);
    println!(
        "{:<width$} {:<18} {:>8} {:>8} {:>9}  reason",
        "test", "verdict", "cpu s", "wall s", "mem MiB"
    );
    for r in results {
        let verdict = format!("{:<18}", r.verdict.to_string());
        let fastest = match (r.runs > 1, r.summary.is_empty()) {
            (false, _) => String::new(),
            (true, true) => format!("the fastest of {} runs", r.runs),
            (true, false) => format!(" (the fastest of {} runs)", r.runs),
        };
        println!(
            "{:<width$} {} {:>8.3} {:>8.3} {:>9.1}  {}{fastest}",
            r.test,
            paint(&verdict, &r.verdict, on),
            r.cpu_seconds,
            r.wall_seconds,
            r.peak_memory_bytes as f64 / f64::from(1 << 20),
            r.summary
        );
    }
}

/// `judge check`: exit 0 accepted, 1 wrong answer, 2 presentation error, 3 judge failure.
pub fn check(
    plan: &std::path::Path,
    data: &std::path::Path,
    problem: &str,
    test: &str,
    output: &std::path::Path,
    json: bool,
) -> ExitCode {
    let report = match session::check::run(plan, data, problem, test, output) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("judge: {e}");
            return ExitCode::from(3);
        }
    };
    if json {
        print_json(&report);
    } else {
        let on = std::io::stdout().is_terminal();
        println!(
            "{}",
            failure_message(&report.result, &|text, verdict| paint(text, verdict, on)).trim_end()
        );
    }
    ExitCode::from(report.exit_code())
}

/// `judge stress`: the failure found, shrunk, and with `--save` where it was kept.
pub fn stress(
    session: &Session,
    problem: &str,
    settings: boardjudge::judging::stress::Settings,
    save: bool,
    solution: &Given,
) -> ExitCode {
    let report = match session::stress::run(
        session,
        problem,
        settings,
        save,
        solution,
        &Terminal::default(),
    ) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    let problem = &report.problem;
    let (test, command, original, shrunk) = match &report.outcome {
        StressOutcome::Passed { tests } => {
            println!(
                "{problem}: {tests} random tests (seed {}), no failure",
                settings.seed
            );
            return ExitCode::SUCCESS;
        }
        StressOutcome::Failed {
            test,
            command,
            original,
            shrunk,
        } => (test, command, original, shrunk),
    };
    let on = std::io::stderr().is_terminal();
    let verdict = &original.result.verdict;
    println!(
        "{problem}: test {test} fails ({command}): {}",
        paint(&verdict.to_string(), verdict, on)
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
    match &report.saved {
        None => {}
        Some(Ok(Saved::AlreadyATest { test, group, line })) => println!(
            "not saved: test {test} (group {group}, {}:{line}) has exactly this input, so the \
             test data already catches this solution",
            session.plan.display()
        ),
        Some(Ok(Saved::Added { test, files })) => println!(
            "saved as test {test} in {} and {files} files of {}/{problem}",
            session.plan.display(),
            session.data.display(),
        ),
        Some(Err(e)) => {
            eprintln!("judge: cannot save the regression test: {e}");
            return ExitCode::from(2);
        }
    }
    ExitCode::from(1)
}

/// `judge strength`: a line per solution, or the matrices.
pub fn strength(session: &Session, request: &session::strength::Request, json: bool) -> ExitCode {
    let report = match session::strength::run(session, request, &Terminal::default()) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    warn_busy(match &report {
        session::strength::Report::List(list) => &list.timing,
        session::strength::Report::Matrix(m) => &m.timing,
    });
    match &report {
        session::strength::Report::List(list) if json => print_json(list),
        session::strength::Report::List(list) => print_strength(list),
        session::strength::Report::Matrix(m) => {
            wrote(&m.page);
            if json {
                print_json(m);
            } else {
                print_matrices(&m.problems, m.timing_note.as_deref(), &m.notes);
                println!("{}", m.load);
            }
        }
    }
    outcome(report.ok())
}

/// A line per solution: how it did against what it must get.
fn print_strength(list: &session::strength::List) {
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
    println!("{}", list.load);
    println!("{}", list.sandbox);
    println!("{}", list.timing.confirmation());
    println!(
        "{} solutions: {} as expected, {} not, {} skipped",
        reports.len(),
        reports.len() - list.failed - list.skipped,
        list.failed,
        list.skipped
    );
}

/// The matrices as tables, the timing note and the lines under them.
fn print_matrices(matrices: &[ProblemMatrix], note: Option<&str>, notes: &[String]) {
    let on = std::io::stdout().is_terminal();
    println!("{LEGEND}\n");
    for m in matrices {
        println!("{}", text::render(m, &|t, v| paint(t, v, on)));
    }
    if let Some(note) = note {
        eprintln!("note: {note}");
    }
    println!("{}", notes[0]);
    println!("{}", notes[1]);
    println!("{}", notes[2]);
}

/// `judge languages`: each language, its commands and whether its toolchain is here.
pub fn languages(json: bool) -> ExitCode {
    let report = session::languages::run();
    if json {
        print_json(&report);
        return ExitCode::SUCCESS;
    }
    let on = std::io::stdout().is_terminal();
    for t in &report.languages {
        let l = t.language;
        let extensions: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
        let status = match (t.missing, &t.version) {
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

/// `judge list`: a line per problem (format, limits, tests), its groups indented with
/// their test counts, and with --tests the names the selection picks.
pub fn list(request: &session::list::Request, json: bool) -> ExitCode {
    let listing = match session::list::run(request) {
        Ok(listing) => listing,
        Err(stop) => return stopped(stop),
    };
    if json {
        print_json(&listing);
        return ExitCode::SUCCESS;
    }
    for p in &listing.problems {
        let tests = |n: usize| format!("{n:>3} test{}", if n == 1 { "" } else { "s" });
        println!(
            "{:<14} {:<8} {}  time {} s  memory {} MiB  at most {} case(s) an input  \
             {} solution(s)  \"{}\"",
            p.name,
            p.format,
            tests(p.tests),
            p.time_limit,
            p.memory_limit,
            p.max_cases,
            p.solutions,
            p.title
        );
        for g in &p.groups {
            println!("  {:<24} {}", g.name, tests(g.tests));
        }
        for name in p.selected.iter().flatten() {
            println!("    {name}");
        }
    }
    ExitCode::SUCCESS
}

/// `judge export`: a line per package written, its notes on stderr.
pub fn export(request: &session::export::Request) -> ExitCode {
    let kind = request.kind.name();
    let result = session::export::run(request, &mut |name, w| {
        let zip = w
            .zip
            .as_ref()
            .map(|z| format!(" and {}", z.display()))
            .unwrap_or_default();
        println!(
            "{kind} {name}: {} ({} files, {} bytes){zip}",
            w.dir.display(),
            w.files,
            w.bytes
        );
        for note in &w.notes {
            eprintln!("note: {kind} {name}: {note}");
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(stop) => stopped(stop),
    }
}
