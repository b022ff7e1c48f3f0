//! `judge validate`: input files validated strictly against a problem's limits as judge.toml
//! gives them ([`boardjudge::problemset::plan::ProblemPlan::input_limits`]).

use std::path::PathBuf;
use std::process::ExitCode;

use boardjudge::cli::open_input;
use boardjudge::format::ErrorKind;
use boardjudge::problemset::plan::Plan;

use crate::common::{Stop, stopped};
use crate::exit;

#[derive(clap::Args)]
/// Validate input files against a problem's own limits, as judge.toml gives them.
///
/// Each FILE (`-`: standard input) is read as `judge build` reads a test's input: strictly
/// (testlib's strict mode: the statement's exact layout, canonical numbers, the ranges, the
/// terminator and nothing after it) and against PROBLEM's limits in judge.toml: its format
/// and its max_cases (rotation: at most 30 boards an input, rotationlarge 1,000). One line
/// per file on stdout: `FILE: valid: 30 cases (at most 30, the problem rotation's
/// max_cases)`, or its first fault, `FILE:LINE:COL: case 31: more than 30 cases ... (the
/// problem rotation's max_cases, judge.toml:LINE)`; with several files a count at the end.
/// The stand-alone `validate` binary does the same with --problem NAME, for scripts and
/// judges that speak testlib's or Kattis' codes.
///
/// Exit codes: 0 every file valid, 1 a file invalid (a verdict against what was judged),
/// 2 bad arguments (no judge.toml, an unknown problem, a file that cannot be read; nothing
/// is said of the files). (`judge --help` lists every command's.)
///
/// Example:
///   judge validate rotation my-boards.in
///   judge validate sicily testdata/sicily/*/*.in
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The problem whose limits to check (its name in judge.toml).
    pub problem: String,
    /// The input files (`-`: standard input).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
}

/// `judge validate` as its arguments say: a line per file on stdout (and a count for several
/// files); the exit codes are its help's.
pub fn command(args: Args) -> ExitCode {
    let (problem, files) = match validate(&args) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    for (line, _) in &files {
        println!("{line}");
    }
    let invalid = files.iter().filter(|(_, valid)| !valid).count();
    if files.len() > 1 {
        println!(
            "{problem}: {} of {} input(s) valid",
            files.len() - invalid,
            files.len()
        );
    }
    ExitCode::from(if invalid > 0 { exit::VERDICT } else { exit::OK })
}

/// Validates the files (`-`: standard input) against the problem: the problem's name, and
/// per file its line (`FILE: valid: 30 cases (at most 30, ...)` or `FILE:LINE:COL: ...`) and
/// whether it is valid. A plan that cannot be read, an unknown problem, or a file that cannot
/// be opened or read stops it (nothing is said valid or invalid of a file not read to its
/// end).
fn validate(args: &Args) -> Result<(String, Vec<(String, bool)>), Stop> {
    let plan = Plan::load(&args.plan).map_err(|e| Stop::usage(e.to_string()))?;
    let problem = plan.problem(&args.problem).map_err(Stop::usage)?;
    let limits = problem.input_limits(&plan.path);
    let mut inputs = Vec::new();
    for file in &args.files {
        let input = open_input(Some(file)).map_err(|e| Stop::usage(format!("cannot open {e}")))?;
        inputs.push(input);
    }
    let mut files = Vec::new();
    for input in inputs {
        let result = limits.validate(input.reader);
        if let Err(e) = &result
            && let ErrorKind::Io(_) = e.kind
        {
            return Err(Stop::usage(format!("{}:{e}", input.name)));
        }
        files.push((limits.verdict(&input.name, &result), result.is_ok()));
    }
    Ok((problem.name.clone(), files))
}
