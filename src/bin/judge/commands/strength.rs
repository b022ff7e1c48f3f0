//! `judge strength`: every shipped solution against its declared outcome, a line each, or
//! with `--matrix` every solution on every test.

use std::io::IsTerminal;
use std::process::ExitCode;

use boardjudge::judging::run::Verdict;
use boardjudge::problemset::plan::Expected;
use boardjudge::report::matrix::ProblemMatrix;
use boardjudge::report::text::{self, LEGEND};

use crate::args::StrengthArgs;
use crate::commands::output::{Output, json_end, print_partial, warn_busy, wrote};
use crate::exit;
use crate::session::{self, Session};
use crate::terminal::{Terminal, paint, print_json, stopped};

/// `judge strength` as its arguments say.
pub fn command(args: StrengthArgs) -> ExitCode {
    let request = session::strength::Request {
        problems: &args.problems,
        tests: &args.tests,
        solutions: args.solutions.as_deref(),
        matrix: args.matrix,
        html: args.html.as_deref(),
    };
    strength(
        &args.common.into(),
        &request,
        Output::of(args.json, args.json_lines),
    )
}

/// `judge strength`: a line per solution, or the matrices.
fn strength(session: &Session, request: &session::strength::Request, output: Output) -> ExitCode {
    let terminal = Terminal::live(output == Output::JsonLines);
    let report = match session::strength::run(session, request, &terminal) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    warn_busy(report.timing());
    if let session::strength::Report::Matrix(m) = &report {
        wrote(&m.page);
    }
    match (&report, output) {
        (session::strength::Report::Interrupted(partial), _) => {
            return print_partial(partial, output);
        }
        (_, Output::JsonLines) => json_end(code(&report), None),
        (session::strength::Report::List(list), Output::Json) => print_json(list),
        (session::strength::Report::List(list), Output::Text) => print_strength(list),
        (session::strength::Report::Matrix(m), _) => {
            if output == Output::Json {
                print_json(m);
            } else {
                print_matrices(&m.problems, m.timing_note.as_deref(), &m.notes);
                println!("{}", m.load);
            }
        }
    }
    exit::code(code(&report))
}

/// The exit code of a finished `judge strength`: the highest that applies of a solution not
/// as declared, a FAIL, a solution that does not build ([`exit::of_report`]).
fn code(report: &session::strength::Report) -> u8 {
    let codes: Vec<u8> = match report {
        session::strength::Report::List(list) => (list.solutions.iter())
            .map(|r| exit::of_report(r, &[]))
            .collect(),
        session::strength::Report::Matrix(m) => (m.problems.iter())
            .flat_map(|p| &p.rows)
            .map(|row| exit::of_report(&row.report, &row.cells))
            .collect(),
        session::strength::Report::Interrupted(_) => vec![exit::VERDICT],
    };
    let code = codes.into_iter().max().unwrap_or(exit::OK);
    // A report that is not ok is never exit 0.
    if report.ok() {
        code
    } else {
        code.max(exit::VERDICT)
    }
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
