//! The exit codes of `judge`: one meaning each, the same in every command. README's "Exit
//! codes" table states them (the reference); `judge --help` prints [`CODES`].

use boardjudge::judging::run::{TestResult, Verdict};
use boardjudge::judging::strength::SolutionReport;

/// Code 0 (README, "Exit codes"): everything as expected.
pub const OK: u8 = 0;
/// Code 1: a verdict against what was judged.
pub const VERDICT: u8 = 1;
/// Code 2: bad usage, nothing judged.
pub const USAGE: u8 = 2;
/// Code 3: the judge or the jury failed.
pub const FAILURE: u8 = 3;
/// Code 4: a solution does not build.
pub const DOES_NOT_BUILD: u8 = 4;

/// The table of the codes, for `judge --help`.
pub const CODES: &str = "\
Exit codes, the same in every command (`judge check` alone keeps testlib's: 0 accepted,
1 wrong answer, 2 presentation error, 3 judge failure):
  0    as expected: every solution accepted, no failure found, the data built or matching,
       every input valid
  1    a verdict against what was judged: a solution not accepted (run), a failing test
       found (stress), a solution not as declared (strength), test data that differs from
       judge.toml or a test that fails to build (build, export), an invalid input (validate)
  2    usage: bad arguments, no judge.toml or a bad one, test data not built from it, a
       missing toolchain, a command that cannot start; nothing was judged
  3    judge or jury failure: a test the checker cannot judge (FAIL), a file the judge
       cannot write, a package it cannot make
  4    a solution does not build
  130  interrupted by Ctrl-C (128 + the signal: 143 for SIGTERM)
  141  the reader of the output closed it (`judge list | head`): ends quietly
When several apply (several solutions), the highest of 1, 3 and 4 is the exit code.";

/// The exit code of one solution's `results`: [`FAILURE`] when a test gave FAIL,
/// [`VERDICT`] when another was not accepted, else [`OK`].
pub fn of_results(results: &[TestResult]) -> u8 {
    if results.iter().any(|r| r.verdict == Verdict::FAIL) {
        FAILURE
    } else if results.iter().any(|r| r.verdict != Verdict::AC) {
        VERDICT
    } else {
        OK
    }
}

/// The exit code of a judged solution's `report` with its results `cells` (those it has):
/// [`OK`] when it got what it must (or could not be judged here), [`DOES_NOT_BUILD`] when it
/// does not build, [`FAILURE`] when a test gave FAIL, else [`VERDICT`].
pub fn of_report(report: &SolutionReport, cells: &[TestResult]) -> u8 {
    let fail = |r: &TestResult| r.verdict == Verdict::FAIL;
    if report.ok || report.skipped {
        OK
    } else if report.does_not_build {
        DOES_NOT_BUILD
    } else if cells.iter().any(fail) || report.decisive.as_ref().is_some_and(fail) {
        FAILURE
    } else {
        VERDICT
    }
}
