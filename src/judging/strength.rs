//! `judge strength`: every shipped solution on the test set. Each wrong solution must be
//! caught (its first failing test gives the expected kind of verdict), each accepted one must
//! pass every test with at least [`MIN_MARGIN`] times its slowest CPU time left under the
//! limit, and a classic one (judge.toml `classic = true`) [`CLASSIC_MARGIN`] times; this is
//! how the test set is shown to be strong, and fair to correct solutions.

use std::path::Path;

use serde::Serialize;

use crate::judging::run::{Confirm, LoadedTest, TestResult, Verdict, limits_for};
use crate::problemset::plan::{Expected, ProblemPlan, SolutionPlan};
use crate::runner::compile::{CompileError, compile};
use crate::runner::{Limits, Sandbox};

/// The least ratio of the time limit to an accepted solution's slowest test (CPU time): a
/// correct solution that needs more than half the limit somewhere is too close to fail on a
/// slower or busier judge.
pub const MIN_MARGIN: f64 = 2.0;

/// The least margin of an accepted solution marked `classic` in judge.toml: the classic
/// intended method written the plain way (a fresh BFS per case, IDA* with the usual pruning),
/// the yardstick the tests are sized for. Correct public solutions of the same method run
/// slower than the shipped one; the wider margin leaves them room on a slower or busier judge
/// (README, "The problems", measures them).
pub const CLASSIC_MARGIN: f64 = 3.0;

/// The margin `solution` must keep if it is accepted: [`CLASSIC_MARGIN`] for a classic one,
/// else [`MIN_MARGIN`].
pub fn required_margin(solution: &SolutionPlan) -> f64 {
    if solution.classic {
        CLASSIC_MARGIN
    } else {
        MIN_MARGIN
    }
}

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
    /// For a shipped accepted solution: the margin it must keep ([`required_margin`]); not
    /// in the JSON of a solution that declares nothing (`judge run`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub required_margin: Option<f64>,
}

/// Runs one solution on `tests` in order: an accepted one on all of them, a wrong or slow one
/// until the first test it fails; time verdicts confirmed as `confirm` says.
pub fn judge_solution(
    problem: &ProblemPlan,
    solution: &SolutionPlan,
    tests: &[LoadedTest],
    repo: &Path,
    cache: &Path,
    sandbox: &Sandbox,
    confirm: Confirm,
) -> SolutionReport {
    let (cmd, limits) = match build_solution(problem, solution, repo, cache) {
        Ok(built) => built,
        Err(report) => return *report,
    };
    let mut results = Vec::new();
    for t in tests {
        let result = t.judge(problem, &cmd, &limits, sandbox, confirm);
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
        required_margin: (solution.expected == Expected::Accepted)
            .then(|| required_margin(solution)),
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
            let required = required_margin(solution);
            let who = if solution.classic {
                "a classic solution"
            } else {
                "an accepted solution"
            };
            report.ok = margin >= required;
            report.margin = Some(margin);
            report.summary = format!(
                "passes all {total} tests; slowest: test {} in {:.2} s CPU of the {} s limit \
                 ({margin:.1}x margin{})",
                s.test,
                s.cpu_seconds,
                problem.time_limit,
                match (report.ok, solution.classic) {
                    (true, false) => String::new(),
                    (true, true) => format!("; classic: at least {required}x"),
                    (false, _) => format!(", less than the {required}x {who} must keep"),
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

/// Says in the summary of a report that failed on time (too little margin, or a TLE it must
/// not get) that the machine was busy during the session, `figures` saying how busy
/// ([`crate::runner::load::Contention`]): the load may have caused the failure. It still fails:
/// a busy machine does not prove that the solution is fast enough.
pub fn note_load(report: &mut SolutionReport, figures: &str) {
    let on_time = report.margin.is_some()
        || report
            .decisive
            .as_ref()
            .is_some_and(|d| matches!(d.verdict, Verdict::TLE(_)));
    if report.ok || report.skipped || !on_time {
        return;
    }
    report.summary = format!(
        "{}; the machine was busy during this session ({figures}): the load may have caused \
         this failure, which still counts (run again on a quiet machine)",
        report.summary
    );
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{CLASSIC_MARGIN, MIN_MARGIN, assess};
    use crate::judging::run::{TestResult, Verdict};
    use crate::problemset::plan::Plan;

    /// A plan of one sicily problem (1 s) with two accepted solutions, the first `classic`,
    /// and `extra` appended.
    fn plan(extra: &str) -> Result<Plan, String> {
        let text = format!(
            "[[problem]]\nname = \"sicily\"\nformat = \"sicily\"\ntitle = \"t\"\n\
             time_limit = 1.0\nmemory_limit = 256\n\
             [[problem.group]]\nname = \"samples\"\n\
             tests = [\"gen sicily --seed 1 --strategy start-zero\"]\n\
             [[problem.solution]]\npath = \"a.cpp\"\nexpected = \"accepted\"\n\
             description = \"d\"\nclassic = true\n\
             [[problem.solution]]\npath = \"b.cpp\"\nexpected = \"accepted\"\n\
             description = \"d\"\n{extra}"
        );
        Plan::parse(Path::new("judge.toml"), &text).map_err(|e| e.to_string())
    }

    fn ac(cpu_seconds: f64) -> TestResult {
        TestResult {
            test: "samples/start-zero-s1".into(),
            group: "samples".into(),
            verdict: Verdict::AC,
            cpu_seconds,
            wall_seconds: cpu_seconds,
            peak_memory_bytes: 0,
            runs: 1,
            summary: String::new(),
            details: String::new(),
        }
    }

    #[test]
    fn a_classic_solution_keeps_three_times_the_limit() {
        let plan = plan("").unwrap();
        let problem = &plan.problems[0];
        let (classic, other) = (&problem.solutions[0], &problem.solutions[1]);
        assert!(classic.classic && !other.classic);
        // 0.4 s of 1 s: 2.5x, enough for an accepted solution, not for the classic one.
        let r = assess(problem, classic, &[ac(0.4)], 1);
        assert!(!r.ok, "{}", r.summary);
        assert_eq!(r.required_margin, Some(CLASSIC_MARGIN));
        assert!(
            r.summary
                .contains("less than the 3x a classic solution must keep")
        );
        let r = assess(problem, other, &[ac(0.4)], 1);
        assert!(r.ok, "{}", r.summary);
        assert_eq!(r.required_margin, Some(MIN_MARGIN));
        let r = assess(problem, classic, &[ac(0.3)], 1);
        assert!(r.ok, "{}", r.summary);
        assert!(r.summary.ends_with("(3.3x margin; classic: at least 3x)"));
        let r = assess(problem, other, &[ac(0.6)], 1);
        assert!(
            r.summary
                .contains("less than the 2x an accepted solution must keep")
        );
    }

    #[test]
    fn classic_marks_accepted_solutions_only() {
        let wrong = "[[problem.solution]]\npath = \"c.cpp\"\nexpected = \"wrong_answer\"\n\
                     description = \"d\"\nclassic = true\n";
        let e = plan(wrong).unwrap_err();
        assert!(
            e.contains("solution c.cpp: `classic = true` marks an accepted solution"),
            "{e}"
        );
    }
}
