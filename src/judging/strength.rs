//! `judge strength`: every shipped solution on the test set. Each wrong solution must be
//! caught (its first failing test gives the expected kind of verdict), each accepted one must
//! pass every test with at least [`MIN_MARGIN`] times its slowest CPU time left under the
//! limit; this is how the test set is shown to be strong, and fair to correct solutions.

use std::path::Path;

use serde::Serialize;

use crate::judging::run::{LoadedTest, TestResult, Verdict, limits_for};
use crate::problemset::plan::{Expected, ProblemPlan, SolutionPlan};
use crate::runner::compile::{CompileError, compile};
use crate::runner::{self, Limits, Sandbox};

/// The least ratio of the time limit to an accepted solution's slowest test (CPU time): a
/// correct solution that needs more than half the limit somewhere is too close to fail on a
/// slower or busier judge.
pub const MIN_MARGIN: f64 = 2.0;

/// What one shipped solution did on the test set.
#[derive(Clone, Debug, Serialize)]
pub struct SolutionReport {
    /// The problem.
    pub problem: String,
    /// The solution's path.
    pub path: String,
    /// What it should get (`None` for a solution given to `judge run`, which declares
    /// nothing: it should be accepted on every test).
    pub expected: Option<Expected>,
    /// Whether it got it.
    pub ok: bool,
    /// One line: the test that kills it, or its slowest test against the limit, or what went
    /// wrong.
    pub summary: String,
    /// The test that decided: the killing test, or the slowest for an accepted solution.
    pub decisive: Option<TestResult>,
    /// True when it could not be judged here (no compiler): neither a pass nor a failure.
    pub skipped: bool,
    /// For a solution that passes every test: the time limit divided by its slowest test's
    /// CPU time.
    pub margin: Option<f64>,
}

/// Runs one solution on `tests` in order: an accepted one on all of them, a wrong or slow one
/// until the first test it fails; `finished(test, result)` after each run. Once the judge is
/// interrupted ([`runner::interrupted`]) it stops, and its report is not to be used.
pub fn judge_solution(
    problem: &ProblemPlan,
    solution: &SolutionPlan,
    tests: &[LoadedTest],
    repo: &Path,
    cache: &Path,
    sandbox: &Sandbox,
    finished: &dyn Fn(usize, &TestResult),
) -> SolutionReport {
    let (cmd, limits) = match build_solution(problem, solution, repo, cache) {
        Ok(built) => built,
        Err(report) => return *report,
    };
    let mut results = Vec::new();
    for (i, t) in tests.iter().enumerate() {
        let result = t.judge(problem, &cmd, &limits, sandbox);
        if runner::interrupted().is_some() {
            break;
        }
        finished(i, &result);
        let failed = result.verdict != Verdict::AC;
        results.push(result);
        if failed {
            break;
        }
    }
    assess(problem, solution, &results, tests.len())
}

/// A shipped solution, built: its command and its limits, or the report of a solution that
/// could not be judged.
pub type BuildOutcome = Result<(Vec<String>, Limits), Box<SolutionReport>>;

/// Builds a shipped solution (cached under `cache`): its command and its limits (the
/// problem's, with what its language needs: see [`crate::runner::language`]), or the report
/// of a solution that is skipped (no toolchain) or does not build.
pub fn build_solution(
    problem: &ProblemPlan,
    solution: &SolutionPlan,
    repo: &Path,
    cache: &Path,
) -> BuildOutcome {
    let built = compile(&repo.join(&solution.path), cache).map_err(|e| {
        let mut report = empty_report(problem, solution);
        match e {
            CompileError::CompilerMissing { .. } => {
                report.skipped = true;
                report.summary = format!("skipped: {e}");
            }
            _ => report.summary = format!("does not build: {e}"),
        }
        Box::new(report)
    })?;
    let limits = built.limits(&limits_for(problem));
    let cmd = built.command(&limits);
    Ok((cmd, limits))
}

fn empty_report(problem: &ProblemPlan, solution: &SolutionPlan) -> SolutionReport {
    SolutionReport {
        problem: problem.name.clone(),
        path: solution.path.display().to_string(),
        expected: Some(solution.expected),
        ok: false,
        summary: String::new(),
        decisive: None,
        skipped: false,
        margin: None,
    }
}

/// Whether a solution got what it must, from its `results` on the first tests of the set in
/// order (`total` tests in all): everything up to the first failure counts, anything after
/// it is ignored (`judge strength --matrix` runs every test, `judge strength` stops there).
pub fn assess(
    problem: &ProblemPlan,
    solution: &SolutionPlan,
    results: &[TestResult],
    total: usize,
) -> SolutionReport {
    let mut report = empty_report(problem, solution);
    let mut slowest: Option<&TestResult> = None;
    for result in results {
        if result.verdict == Verdict::AC {
            if slowest.is_none_or(|s| result.cpu_seconds > s.cpu_seconds) {
                slowest = Some(result);
            }
            continue;
        }
        let caught = match solution.expected {
            Expected::Accepted => false,
            Expected::WrongAnswer => result.verdict.is_wrong_output(),
            Expected::TimeLimitExceeded => matches!(result.verdict, Verdict::TLE(_)),
        };
        report.ok = caught;
        report.summary = match solution.expected {
            Expected::Accepted => format!(
                "fails test {}: {} ({})",
                result.test, result.verdict, result.summary
            ),
            _ if caught => format!("killed by test {}: {}", result.test, result.verdict),
            _ => format!(
                "expected {}, but test {} gives {} ({})",
                solution.expected.name(),
                result.test,
                result.verdict,
                result.summary
            ),
        };
        report.decisive = Some(result.clone());
        return report;
    }
    match solution.expected {
        Expected::Accepted => {
            let Some(s) = slowest else {
                report.ok = true;
                report.summary = "passes (no tests)".into();
                return report;
            };
            let margin = problem.time_limit / s.cpu_seconds.max(1e-3);
            report.ok = margin >= MIN_MARGIN;
            report.margin = Some(margin);
            report.summary = format!(
                "passes all {total} tests; slowest: test {} in {:.2} s CPU of the {} s limit \
                 ({margin:.1}x margin{})",
                s.test,
                s.cpu_seconds,
                problem.time_limit,
                if report.ok {
                    String::new()
                } else {
                    format!(", less than the {MIN_MARGIN}x an accepted solution must keep")
                }
            );
            report.decisive = Some(s.clone());
        }
        _ => {
            report.summary = format!(
                "survives: every one of the {total} tests accepts it (expected {})",
                solution.expected.name()
            );
        }
    }
    report
}
