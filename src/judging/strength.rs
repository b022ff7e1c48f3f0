//! `judge strength`: every shipped solution on the test set. Each wrong solution must be
//! caught (its first failing test gives the expected kind of verdict), each accepted one must
//! pass every test with at least [`MIN_MARGIN`] times its slowest CPU time left under the
//! limit, and a classic one (judge.toml `classic = true`) [`CLASSIC_MARGIN`] times; this is
//! how the test set is shown to be strong, and fair to correct solutions.
//!
//! A wrong or slow solution's verdict must not depend on the judge the problem is exported
//! to: the Kattis and ICPC packages name their test files after testdata, and problemtools
//! and BAPCtools run a group's files in name order ([`path_order`]), where this judge, Polygon
//! and CMS follow the plan. So the tests that path order runs before a solution's decisive
//! test are judged too, and a first failure there of another kind fails it
//! ([`check_path_order`]).

use std::path::Path;
use std::sync::Mutex;

use serde::Serialize;

use crate::judging::ready::{Readiness, ready};
use crate::judging::run::{Confirm, LoadedTest, Stake, TestResult, Verdict, limits_for};
use crate::problemset::names::path_order;
use crate::problemset::plan::{Expected, ProblemPlan, SolutionPlan};
use crate::runner::compile::BuildLimits;
use crate::runner::{self, Argv, Limits, Sandbox};

/// The least ratio of the time limit to an accepted solution's slowest test (CPU time): a
/// correct solution that needs more than half the limit somewhere is too close to fail on a
/// slower or busier judge.
pub const MIN_MARGIN: f64 = 2.0;

/// The least margin of an accepted solution marked `classic` in judge.toml: the classic
/// intended method written the plain way (a fresh BFS per case, IDA* with the usual pruning),
/// the yardstick the tests are sized for. Correct public solutions of the same method run
/// slower than the shipped one; the wider margin leaves them room on a slower or busier judge
/// (docs/problems.md measures them).
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
#[derive(Clone, Debug, Default, Serialize)]
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
    /// True when its source does not build (a compile error): not in the JSON, where its
    /// summary says so.
    #[serde(skip)]
    pub does_not_build: bool,
    /// For a solution that passes every test: the time limit divided by its slowest test's
    /// CPU time.
    pub margin: Option<f64>,
    /// For a shipped accepted solution: the margin it must keep ([`required_margin`]); not
    /// in the JSON of a solution that declares nothing (`judge run`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub required_margin: Option<f64>,
    /// For a wrong or slow solution whose verdict depends on the order of the tests: its
    /// first failure in path order ([`path_order`]), the one the judges of the Kattis and
    /// ICPC packages report, of another kind than `decisive` ([`check_path_order`]); not in
    /// the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path_order: Option<TestResult>,
}

/// A shipped solution to judge: its problem, the selected tests and its build
/// ([`build_solution`]).
pub struct ToJudge<'a> {
    /// The problem.
    pub problem: &'a ProblemPlan,
    /// The solution.
    pub solution: &'a SolutionPlan,
    /// The tests, in plan order.
    pub tests: &'a [LoadedTest],
    /// Its command and limits, or the report of a solution that did not build.
    pub built: BuildOutcome,
}

/// Runs each solution of `jobs` on its tests in order: an accepted one on all of them, a
/// wrong or slow one until the first test it fails; time verdicts confirmed as `confirm`
/// says where a re-run could change its outcome ([`Stake::of`] its declared outcome: every
/// test of an accepted one, the first failure of a wrong one, which every failure seen here
/// is, in plan or in name order; never a slow one's TLE). The solutions run together on
/// `workers` threads, a test at a time, the ones that ran the fewest tests first
/// ([`runner::interleave`]): a slow one holds none back, and when the judge is interrupted
/// every one has results. `finished(job, test, result)` after each test (its confirmation
/// runs included); `decided(job)` once a solution's report is made. A solution that did not
/// build gets the report its build holds. Once the judge is interrupted
/// ([`runner::interrupted`]) no test starts, and the reports are not to be used.
pub fn judge_solutions(
    jobs: &[ToJudge],
    workers: usize,
    sandbox: &Sandbox,
    confirm: Confirm,
    finished: &(dyn Fn(usize, usize, &TestResult) + Sync),
    decided: &(dyn Fn(usize) + Sync),
) -> Vec<SolutionReport> {
    let results: Vec<Mutex<Vec<TestResult>>> = jobs.iter().map(|_| Mutex::default()).collect();
    let reports: Vec<Mutex<Option<SolutionReport>>> =
        jobs.iter().map(|_| Mutex::default()).collect();
    runner::interleave(jobs.len(), workers, |j| {
        let job = &jobs[j];
        let decide = |report: SolutionReport| {
            *reports[j].lock().unwrap_or_else(|p| p.into_inner()) = Some(report);
            decided(j);
            false
        };
        let (cmd, limits) = match &job.built {
            Ok(built) => built,
            Err(report) => return decide((**report).clone()),
        };
        let stake = Stake::of(Some(job.solution.expected));
        // A stream's steps run one at a time: nothing else holds its results.
        let mut done = results[j].lock().unwrap_or_else(|p| p.into_inner());
        let i = done.len();
        if runner::interrupted().is_some() {
            return false;
        }
        if let Some(test) = job.tests.get(i) {
            let result = test.judge(job.problem, cmd, limits, sandbox, confirm, stake);
            if runner::interrupted().is_some() {
                return false;
            }
            finished(j, i, &result);
            done.push(result);
        }
        let failed = done.last().is_some_and(|r| r.verdict != Verdict::AC);
        if !failed && done.len() < job.tests.len() {
            return true;
        }
        let mut report = assess(job.problem, job.solution, &done, job.tests.len());
        if failed {
            check_path_order(&mut report, job.tests, done.len() - 1, |i| {
                job.tests[i].judge(job.problem, cmd, limits, sandbox, confirm, stake)
            });
        }
        decide(report)
    });
    reports
        .into_iter()
        .zip(jobs)
        .map(|(report, job)| {
            let report = report.into_inner().unwrap_or_else(|p| p.into_inner());
            report.unwrap_or_else(|| empty_report(job.problem, job.solution))
        })
        .collect()
}

/// The tests that a judge running the test files in path order ([`path_order`]) runs before
/// test `failed` although the plan runs them after it: indices into `tests` (plan order), in
/// path order.
pub fn run_first_by_path(tests: &[LoadedTest], failed: usize) -> Vec<usize> {
    let named: Vec<(&str, &str)> = tests.iter().map(|t| (t.group.as_str(), t.name())).collect();
    path_order(&named)
        .into_iter()
        .take_while(|&i| i != failed)
        .filter(|&i| i > failed)
        .collect()
}

/// The kind of a verdict as the judges of the exported packages tell verdicts apart: a
/// presentation error is a wrong answer there (Kattis, ICPC and testlib judges have no PE),
/// and what qualifies a TLE or a runtime error does not count.
fn kind(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::PE => Verdict::WA.short(),
        other => other.short(),
    }
}

/// Fails the `report` of a wrong or slow solution whose first failure in plan order is test
/// `failed` (an index into `tests`) when its first failure in path order is of another kind:
/// the tests [`run_first_by_path`] gives are judged in turn (`judge(i)`: a run, or a cell of
/// the matrix) until one fails, and a verdict of another kind there (Kattis' problemtools
/// and BAPCtools would report it) goes into `path_order` and the summary, which names both
/// tests. Accepted solutions, and solutions declaring nothing, are left alone.
pub fn check_path_order(
    report: &mut SolutionReport,
    tests: &[LoadedTest],
    failed: usize,
    mut judge: impl FnMut(usize) -> TestResult,
) {
    if !matches!(
        report.expected,
        Some(Expected::WrongAnswer | Expected::TimeLimitExceeded)
    ) {
        return;
    }
    let Some(decisive) = report.decisive.clone() else {
        return;
    };
    for i in run_first_by_path(tests, failed) {
        let result = judge(i);
        if result.verdict == Verdict::AC {
            continue;
        }
        if kind(&result.verdict) != kind(&decisive.verdict) {
            // Groups are runs of the plan, so a test of another group that path order puts
            // first is a sample.
            let fix = if result.group == decisive.group {
                format!(
                    "move {} into a group of its own after group {}, or rename it to sort \
                     after {}",
                    result.test, decisive.group, decisive.test
                )
            } else {
                format!("put group {} first in judge.toml", result.group)
            };
            report.ok = false;
            report.summary = format!(
                "{}; but in name order, as problemtools and BAPCtools run a group's test files \
                 in the Kattis and ICPC packages, test {} comes before test {} and gives {}, \
                 where plan order gives {}: the verdict depends on the judge the problem is \
                 exported to ({fix})",
                report.summary, result.test, decisive.test, result.verdict, decisive.verdict,
            );
            report.path_order = Some(result);
        }
        return;
    }
}

/// A shipped solution, built: its command and its limits, or the report of a solution that
/// could not be judged.
pub type BuildOutcome = Result<(Argv, Limits), Box<SolutionReport>>;

/// Builds a shipped solution (cached under `cache`, in `sandbox`'s jail under `build`): its
/// command and its limits (the problem's, with what its language needs: see
/// [`crate::runner::language`]), or the report of a solution that is skipped (no toolchain)
/// or does not build.
pub fn build_solution(
    problem: &ProblemPlan,
    solution: &SolutionPlan,
    repo: &Path,
    cache: &Path,
    sandbox: &Sandbox,
    build: &BuildLimits,
) -> BuildOutcome {
    let source = repo.join(&solution.path);
    let mut report = empty_report(problem, solution);
    match ready(
        &source,
        solution.standard,
        &limits_for(problem),
        cache,
        sandbox,
        build,
    ) {
        Readiness::Ready { command, limits } => return Ok((command, limits)),
        Readiness::ToolchainMissing(e) => {
            report.skipped = true;
            report.summary = format!("skipped: {e}");
        }
        Readiness::DoesNotBuild(e) => {
            report.does_not_build = true;
            report.summary = format!("does not build: {e}");
        }
    }
    Err(Box::new(report))
}

fn empty_report(problem: &ProblemPlan, solution: &SolutionPlan) -> SolutionReport {
    SolutionReport {
        problem: problem.name.clone(),
        path: solution.path.display().to_string(),
        expected: Some(solution.expected),
        required_margin: (solution.expected == Expected::Accepted)
            .then(|| required_margin(solution)),
        ..SolutionReport::default()
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
        tell_runs(&mut report);
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
    tell_runs(&mut report);
    report
}

/// Adds to the summary of `report` every run of its decisive test, where it ran more than
/// once ([`crate::judging::verdict::Confirmation::told`]).
fn tell_runs(report: &mut SolutionReport) {
    if let Some(told) = report.decisive.as_ref().and_then(|d| d.confirmation.told()) {
        report.summary = format!("{}; {told}", report.summary);
    }
}

/// Says in the summary of a report that failed on time (too little margin, or a TLE it must
/// not get) that the machine was busy during the session, `figures` saying how busy
/// ([`crate::runner::load::Contention`]): the load may have caused the failure. It still fails:
/// a busy machine does not prove that the solution is fast enough.
pub fn note_load(report: &mut SolutionReport, figures: &str) {
    let on_time = report.margin.is_some()
        || [&report.decisive, &report.path_order]
            .into_iter()
            .flatten()
            .any(|d| matches!(d.verdict, Verdict::TLE(_)));
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

    use super::{CLASSIC_MARGIN, MIN_MARGIN, assess, check_path_order, run_first_by_path};
    use crate::judging::run::{LoadedTest, TestResult, TimeKind, Verdict};
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
        TestResult::made_up("samples/start-zero-s1", Verdict::AC, cpu_seconds)
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
        // A TLE confirmed by re-runs: every run's figures in the summary.
        let tle = TestResult::made_up("samples/start-zero-s1", Verdict::TLE(TimeKind::Cpu), 1.0);
        let r = assess(problem, other, &[tle.made_up_runs(3)], 1);
        assert!(
            r.summary
                .contains("TLE (cpu) (); run 1 of 3 kept (every run a TLE): TLE (cpu) 1.000 s CPU"),
            "{}",
            r.summary
        );
    }

    fn failing(t: &LoadedTest, verdict: Verdict) -> TestResult {
        TestResult {
            test: t.id.clone(),
            group: t.group.clone(),
            verdict,
            ..ac(0.1)
        }
    }

    #[test]
    fn name_order_runs_later_tests_first_within_a_group() {
        let tests = [
            LoadedTest::made_up("samples", "statement"),
            LoadedTest::made_up("edge", "limit-below-x5-s7"),
            LoadedTest::made_up("edge", "largest-limit"),
            LoadedTest::made_up("edge", "limit-below-x300-s4"),
            LoadedTest::made_up("edge-at-scale", "limit-below-x300-s5"),
        ];
        // Caught at limit-below-x5-s7 in plan order: name order runs the two after it first.
        assert_eq!(run_first_by_path(&tests, 1), [2, 3]);
        assert!(run_first_by_path(&tests, 3).is_empty());
        assert!(run_first_by_path(&tests, 4).is_empty());
        let wrong = "[[problem.solution]]\npath = \"c.cpp\"\nexpected = \"wrong_answer\"\n\
                     description = \"d\"\n";
        let plan = plan(wrong).unwrap();
        let problem = &plan.problems[0];
        let solution = &problem.solutions[2];
        let judged = |on_2: Verdict, on_3: Verdict| {
            let results = [ac(0.1), failing(&tests[1], Verdict::WA)];
            let mut report = assess(problem, solution, &results, tests.len());
            assert!(report.ok, "{}", report.summary);
            let mut ran = Vec::new();
            check_path_order(&mut report, &tests, 1, |i| {
                ran.push(i);
                let verdict = if i == 2 { on_2.clone() } else { on_3.clone() };
                failing(&tests[i], verdict)
            });
            (report, ran)
        };
        // Accepted on the first, a presentation error on the second: a wrong answer too.
        let (report, ran) = judged(Verdict::AC, Verdict::PE);
        assert!(
            report.ok && report.path_order.is_none(),
            "{}",
            report.summary
        );
        assert_eq!(ran, [2, 3]);
        // A TLE first: another verdict in name order, named with both tests.
        let (report, ran) = judged(Verdict::TLE(TimeKind::Cpu), Verdict::WA);
        assert!(!report.ok);
        assert_eq!(ran, [2]);
        assert_eq!(report.path_order.unwrap().test, "edge/largest-limit");
        assert!(
            report
                .summary
                .starts_with("killed by test edge/limit-below-x5-s7: WA; but in name order")
                && report.summary.contains(
                    "test edge/largest-limit comes before test edge/limit-below-x5-s7 and gives \
                     TLE (cpu), where plan order gives WA"
                ),
            "{}",
            report.summary
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
