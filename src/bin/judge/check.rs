//! `judge check`: one output judged against one test, as `judge run` judges it
//! ([`boardjudge::judging::check`]).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use boardjudge::judging::check::{check_test, exit_code, find_test, swapped_hint};
use boardjudge::judging::run::{TestResult, failure_message};
use boardjudge::problemset::plan::Plan;

use crate::terminal::{paint, print_json};

#[derive(clap::Args)]
/// Judge one output against one test, exactly as `judge run` would.
///
/// The checker gets the problem's options from judge.toml (order, wrap), which a bare
/// `check` call does not read; the message is the one `judge run` prints for a failing
/// test. TEST is a test of the built data (GROUP/NAME, or a NAME only one group has, `.in`
/// optional: testdata/PROBLEM/GROUP/NAME.in and .ans) or, when no such test exists, the
/// path of an input file: it is validated strictly and its answer is computed by the
/// reference solver.
///
/// A FAIL because TEST is an input file that fails validation while OUTPUT names a test
/// or is a valid input says that the two look swapped (the verdict stays FAIL, exit 3).
///
/// Exit codes (testlib's, as checkers speak, unlike the other commands): 0 accepted, 1
/// wrong answer, 2 presentation error, 3 judge failure (a bad test, an unknown problem or
/// test, bad arguments).
///
/// Example:
///   judge check sicily samples/statement my-output.txt
///   judge check msquare my-board.in my-output.txt
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The problem (its name in judge.toml).
    pub problem: String,
    /// A test of testdata/PROBLEM (GROUP/NAME or NAME), or an input file.
    pub test: String,
    /// The output to judge.
    pub output: PathBuf,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the test data is (default: testdata/ beside the plan).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Print the result as JSON on stdout (test, verdict, summary, details).
    #[arg(long)]
    pub json: bool,
}

/// `judge check` as its arguments say, with testlib's exit codes (its help lists them).
pub fn command(args: Args) -> ExitCode {
    let data = args
        .data
        .unwrap_or_else(|| Plan::beside(&args.plan, "testdata"));
    let (problem, r) = match judge(&args.plan, &data, &args.problem, &args.test, &args.output) {
        Ok(judged) => judged,
        Err(e) => {
            eprintln!("judge: {e}");
            return ExitCode::from(3);
        }
    };
    if args.json {
        print_json(&serde_json::json!({
            "problem": problem,
            "test": r.test,
            "group": r.group,
            "verdict": r.verdict,
            "detail": r.verdict.detail(),
            "summary": r.summary,
            "details": r.details,
        }));
    } else {
        let on = std::io::stdout().is_terminal();
        println!(
            "{}",
            failure_message(&r, &|text, verdict| paint(text, verdict, on)).trim_end()
        );
    }
    ExitCode::from(exit_code(&r.verdict))
}

/// Judges `output` against `test` of `problem` in the plan at `plan` with test data in
/// `data`: the problem's name and the judgement (`judge check --json` prints the problem,
/// then the test's name, group, verdict, detail, summary and details); or the message of a
/// judge failure (exit code 3).
fn judge(
    plan: &Path,
    data: &Path,
    problem: &str,
    test: &str,
    output: &Path,
) -> Result<(String, TestResult), String> {
    let plan = Plan::load(plan).map_err(|e| e.to_string())?;
    let problem = plan.problem(problem)?;
    let source = find_test(problem, data, test)?;
    let mut result = check_test(problem, &source, output);
    if let Some(hint) = swapped_hint(problem, data, test, output, &result) {
        let hint = boardjudge::text::visible(&hint).into_owned();
        result.details = format!("{}\n{hint}", result.details.trim_end());
    }
    Ok((problem.name.clone(), result))
}
