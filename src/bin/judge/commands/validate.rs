//! `judge validate`: input files checked against a problem's own limits from judge.toml.

use std::process::ExitCode;

use crate::args::ValidateArgs;
use crate::exit;
use crate::session;
use crate::terminal::stopped;

/// `judge validate` as its arguments say: a line per file on stdout (and a count for several
/// files); exit 0 when every file is valid, 1 when one is not, 2 on bad usage (no judge.toml,
/// an unknown problem, a file that cannot be read).
pub fn command(args: ValidateArgs) -> ExitCode {
    let report = match session::validate::run(&args.plan, &args.problem, &args.files) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    for (line, _) in &report.files {
        println!("{line}");
    }
    let invalid = report.invalid();
    if report.files.len() > 1 {
        println!(
            "{}: {} of {} input(s) valid",
            report.problem,
            report.files.len() - invalid,
            report.files.len()
        );
    }
    exit::code(if invalid > 0 { exit::VERDICT } else { exit::OK })
}
