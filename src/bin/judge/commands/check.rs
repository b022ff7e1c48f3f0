//! `judge check`: one output judged against one test, as `judge run` judges it.

use std::io::IsTerminal;
use std::process::ExitCode;

use boardjudge::judging::run::failure_message;

use crate::args::{CheckArgs, beside};
use crate::session;
use crate::terminal::{paint, print_json};

/// `judge check` as its arguments say.
pub fn command(args: CheckArgs) -> ExitCode {
    let data = args.data.unwrap_or_else(|| beside(&args.plan, "testdata"));
    check(
        &args.plan,
        &data,
        &args.problem,
        &args.test,
        &args.output,
        args.json,
    )
}

/// `judge check`: exit 0 accepted, 1 wrong answer, 2 presentation error, 3 judge failure.
fn check(
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
