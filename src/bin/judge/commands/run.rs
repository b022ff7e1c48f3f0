//! `judge run`: the solutions named on the command line on the selected tests of a problem;
//! one solution's table, or several solutions' matrix.

use std::io::IsTerminal;
use std::process::ExitCode;

use boardjudge::judging::run::{CannotStart, TestResult, TimeKind, Verdict, failure_message};
use boardjudge::report::text::{self, LEGEND};
use boardjudge::runner::language;

use crate::args::RunArgs;
use crate::commands::output::{
    Output, interrupted_code, json_end, print_partial, warn_busy, wrote,
};
use crate::exit;
use crate::session;
use crate::solution_args::{given_solutions, missing_source, not_a_source, usage};
use crate::terminal::{Terminal, paint, print_json, stopped};

/// `judge run` as its arguments say.
pub fn command(args: RunArgs) -> ExitCode {
    let RunArgs {
        problem,
        tests,
        common,
        json,
        json_lines,
        html,
        commands,
        sources,
        command,
    } = args;
    let not_source = sources
        .iter()
        .find(|s| language::of(s).is_none())
        .map(|file| not_a_source(file, &problem, "run"))
        .or_else(|| missing_source(&sources));
    let solutions = match given_solutions(sources, &commands, command) {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    let request = session::run::Request {
        problem: &problem,
        tests: &tests,
        solutions: &solutions,
        not_source: not_source.as_deref(),
        html: html.as_deref(),
    };
    run(&common.into(), &request, Output::of(json, json_lines))
}

/// `judge run`: one solution's table, or several solutions' matrix.
fn run(session: &session::Session, request: &session::run::Request, output: Output) -> ExitCode {
    let terminal = Terminal::live(output == Output::JsonLines);
    match session::run::run(session, request, &terminal) {
        Err(stop) => stopped(stop),
        Ok(session::run::Report::One(one)) => {
            warn_busy(&one.timing);
            wrote(&one.page);
            let done = if one.ok() {
                exit::OK
            } else {
                exit::of_results(&one.results).max(exit::VERDICT)
            };
            let code = match &one.interrupted {
                Some(i) => interrupted_code(i.number),
                None => exit::code(done),
            };
            match output {
                Output::Json => print_json(&one),
                Output::JsonLines => json_end(
                    (one.interrupted.as_ref()).map_or(done, |i| (128 + i.number) as u8),
                    one.interrupted.as_ref(),
                ),
                Output::Text => print_one(&one),
            }
            code
        }
        Ok(session::run::Report::Several(several)) => {
            warn_busy(&several.timing);
            wrote(&several.page);
            // The highest code that applies: a solution that does not build, a FAIL, a verdict.
            let code = (several.matrix().rows.iter())
                .map(|row| exit::of_report(&row.report, &row.cells))
                .max()
                .unwrap_or(exit::OK);
            match output {
                Output::Json => print_json(&several),
                Output::JsonLines => json_end(code, None),
                Output::Text => print_several(&several),
            }
            exit::code(code)
        }
        Ok(session::run::Report::Interrupted(partial)) => {
            warn_busy(&partial.timing);
            print_partial(&partial, output)
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
    if one.timing.worth_a_note() {
        eprintln!("note: {}", one.timing.confirmation());
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
    println!("{}", one.sandbox);
    if let Some(i) = &one.interrupted {
        println!(
            "{}: {} ({}); {}/{} finished tests accepted",
            one.problem, i.message, i.signal, one.passed, one.total
        );
        return;
    }
    println!(
        "{}: {}/{} tests accepted; slowest {slowest} of {} s",
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
}
