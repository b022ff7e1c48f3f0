//! The runs behind every matrix (`judge strength --matrix`, `judge run`): each solution on
//! every test of its problem, with no early stop unless asked ([`Schedule::lazy`]),
//! spread over the
//! workers one (solution, test) pair at a time, the solutions interleaved (each at the same
//! share of its tests), so that all move on together and an interrupt leaves each with
//! results. The one exception: a command that cannot start
//! on its first test (not found, not executable) is not run on the others, whose runs would
//! all fail the same way. A time verdict in doubt is confirmed where a re-run could change
//! the solution's outcome ([`Stake`]): at once for an accepted solution or one that declares
//! nothing, never for an intended-TLE one, and for a wrong-answer one only on its first
//! failures, in plan and in name order, once every test ran ([`to_confirm`]). Each run is
//! reported as it finishes ([`Progress`]; a wrong-answer solution's TLE once it is settled);
//! once the judge is interrupted no run starts, and a run that ends after the interrupt is
//! left out.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::judging::run::{CannotStart, LoadedTest, Schedule, Stake, TestResult, Verdict};
use crate::judging::strength::{SolutionReport, run_first_by_path};
use crate::judging::verdict::Settled;
use crate::problemset::plan::ProblemPlan;
use crate::runner::{self, Argv, Limits, Sandbox};

/// A solution of a matrix, judged: whether it got what it should, and its runs.
#[derive(Clone, Debug)]
pub struct Judged {
    /// Whether it got its expected outcome, as `judge strength` decides it (for a given
    /// solution: whether every test accepts it; `expected` is null).
    pub report: SolutionReport,
    /// The command that ran (empty when it was not built).
    pub command: Vec<String>,
    /// Its result on every test (empty when it was not built; only the first test's for a
    /// command that cannot start).
    pub cells: Vec<TestResult>,
    /// For an intended-TLE solution: its longer run on one of its TLE tests.
    pub probe: Option<TestResult>,
}

/// One solution to run on every test of a problem.
pub struct Runs<'a> {
    /// The problem.
    pub problem: &'a ProblemPlan,
    /// Its tests, in order.
    pub tests: &'a [LoadedTest],
    /// The solution's command.
    pub cmd: &'a Argv,
    /// The limits it runs under.
    pub limits: Limits,
    /// At each share of the tests, the solutions of a lower rank are queued first (the slow
    /// ones, so that their long runs do not come last with one worker idle).
    pub rank: u8,
    /// What a re-run of one of its tests could change ([`Stake::of`] its declared outcome).
    pub stake: Stake,
}

/// How far the runs of a matrix are, after each one.
pub struct Progress<'a> {
    /// The runs done (finished, skipped or left out), of `total`.
    pub done: usize,
    /// The runs in all.
    pub total: usize,
    /// The run that finished, if it did (not skipped, not cut short by an interrupt).
    pub finished: Option<Finished<'a>>,
}

/// A run that finished: the solution, the test and the result.
pub struct Finished<'a> {
    /// The problem's index (0 where there is one problem).
    pub problem: usize,
    /// The solution's index (in the list of the caller).
    pub solution: usize,
    /// The test's index.
    pub test: usize,
    /// What it got.
    pub result: &'a TestResult,
}

/// Runs every solution on every one of its tests in `sandbox` as `schedule` says (workers,
/// confirmation of time verdicts): per solution its results in test order. A solution whose
/// first test shows that it cannot start ([`CannotStart`]) keeps that one result. `progress`
/// after each test (its confirmation runs included). When the judge is interrupted
/// ([`runner::interrupted`]), the results are incomplete: the caller reports the runs
/// `progress` saw finish instead.
pub fn run_every_test(
    solutions: &[Runs],
    sandbox: &Sandbox,
    schedule: Schedule,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Vec<TestResult>> {
    let mut runs: Vec<(usize, usize)> = solutions
        .iter()
        .enumerate()
        .flat_map(|(s, solution)| (0..solution.tests.len()).map(move |t| (s, t)))
        .collect();
    // Interleaved: every solution at the same share of its tests (test t of n at t / n), so
    // that they all move on together and an interrupt leaves each with results; at one share
    // the lower ranks first. Each solution's tests stay in order, its first test first.
    runs.sort_by(|&(s, t), &(r, u)| {
        let (n, m) = (solutions[s].tests.len(), solutions[r].tests.len());
        (t * m)
            .cmp(&(u * n))
            .then(solutions[s].rank.cmp(&solutions[r].rank))
            .then(s.cmp(&r))
    });
    // A wrong-answer solution's tests run once; its first failures are confirmed at the end.
    let later = |s: usize| solutions[s].stake == Stake::FirstFailure && !schedule.confirm.all;
    let unstartable: Vec<AtomicBool> = solutions.iter().map(|_| AtomicBool::new(false)).collect();
    // A lazy solution's first rejected test so far (usize::MAX: none yet).
    let first_failure: Vec<AtomicUsize> = solutions
        .iter()
        .map(|_| AtomicUsize::new(usize::MAX))
        .collect();
    let past_failure =
        |s: usize, t: usize| schedule.lazy && t > first_failure[s].load(Ordering::Relaxed);
    let done = AtomicUsize::new(0);
    let total = runs.len();
    let results = runner::parallel(&runs, schedule.workers, |&(s, t)| {
        let solution = &solutions[s];
        let skip = (t > 0 && unstartable[s].load(Ordering::Relaxed)) || past_failure(s, t);
        let result = if skip || runner::interrupted().is_some() {
            None
        } else {
            let stake = if later(s) {
                Stake::Never
            } else {
                solution.stake
            };
            let result = solution.tests[t].judge(
                solution.problem,
                solution.cmd,
                &solution.limits,
                sandbox,
                schedule.confirm,
                stake,
            );
            if t == 0 && CannotStart::from_result(&result).is_some() {
                unstartable[s].store(true, Ordering::Relaxed);
            }
            if schedule.lazy && result.verdict != Verdict::AC {
                first_failure[s].fetch_min(t, Ordering::Relaxed);
            }
            // Ended after the interrupt: maybe killed by the judge.
            runner::interrupted().is_none().then_some(result)
        };
        // A TLE that may yet be confirmed is shown once it is settled; a lazy solution's run
        // past its first failure, never.
        let held = (later(s) && result.as_ref().is_some_and(pending)) || past_failure(s, t);
        progress(Progress {
            done: done.fetch_add(1, Ordering::Relaxed) + 1,
            total,
            finished: result.as_ref().filter(|_| !held).map(|result| Finished {
                problem: 0,
                solution: s,
                test: t,
                result,
            }),
        });
        result
    });
    let mut cells: Vec<Vec<Option<TestResult>>> = vec![Vec::new(); solutions.len()];
    for (&(s, _), result) in runs.iter().zip(results) {
        cells[s].push(result);
    }
    let rows: Vec<(usize, Vec<Option<TestResult>>)> = cells.into_iter().enumerate().collect();
    let confirmed = runner::parallel(&rows, schedule.workers, |(s, row)| {
        if !later(*s) {
            return row.clone();
        }
        let held: Vec<bool> = row
            .iter()
            .map(|r| r.as_ref().is_some_and(pending))
            .collect();
        let row = confirm_first_failures(&solutions[*s], row.clone(), sandbox, schedule);
        // The held runs, settled.
        for (t, result) in row.iter().enumerate().filter(|&(t, _)| held[t]) {
            if let Some(result) = result {
                progress(Progress {
                    done: done.load(Ordering::Relaxed),
                    total,
                    finished: Some(Finished {
                        problem: 0,
                        solution: *s,
                        test: t,
                        result,
                    }),
                });
            }
        }
        row
    });
    confirmed
        .into_iter()
        .enumerate()
        .map(|(s, row)| {
            let cannot_start = row
                .first()
                .and_then(Option::as_ref)
                .is_some_and(|first| CannotStart::from_result(first).is_some());
            // Only the runs of a solution that cannot start are skipped, and it keeps only
            // its first: which of its other runs a worker had begun does not show.
            let keep = if cannot_start { 1 } else { row.len() };
            // A lazy solution keeps its tests up to its first failure.
            let keep = match first_failure[s].load(Ordering::Relaxed) {
                first if schedule.lazy => keep.min(first.saturating_add(1)),
                _ => keep,
            };
            row.into_iter().take(keep).flatten().collect()
        })
        .collect()
}

/// A TLE left at one run while a re-run could still change something: a wrong-answer
/// solution's, until its first failures are known.
fn pending(result: &TestResult) -> bool {
    result.confirmation.settled == Settled::NotAtStake && matches!(result.verdict, Verdict::TLE(_))
}

/// Confirms the TLEs among the first failures of a wrong-answer `solution`, whose every test
/// ran once (`row`, in test order; unless the judge was interrupted), as [`to_confirm`]
/// picks them, one at a time: a TLE that a re-run turns into a pass moves the first failure
/// on. The others are left at one run, as nothing at stake.
fn confirm_first_failures(
    solution: &Runs,
    row: Vec<Option<TestResult>>,
    sandbox: &Sandbox,
    schedule: Schedule,
) -> Vec<Option<TestResult>> {
    let Some(mut cells) = row.iter().cloned().collect::<Option<Vec<TestResult>>>() else {
        return row;
    };
    if cells.len() != solution.tests.len() {
        return row;
    }
    let mut open: Vec<bool> = cells.iter().map(pending).collect();
    while let Some(t) = to_confirm(&cells, solution.tests, &open) {
        open[t] = false;
        if runner::interrupted().is_some() {
            break;
        }
        // Now known to decide something: run again from the first run.
        let (problem, cmd, limits) = (solution.problem, solution.cmd, &solution.limits);
        let run = || solution.tests[t].judge_once(problem, cmd, limits, sandbox);
        let first = cells[t].clone();
        let confirmed = schedule
            .confirm
            .settle(limits.cpu, Stake::Decides, first, run);
        // Ended after the interrupt: the first run stands.
        if runner::interrupted().is_none() {
            cells[t] = confirmed;
        }
    }
    cells.into_iter().map(Some).collect()
}

/// The next test of a wrong-answer solution to confirm, given its `cells` on every one of
/// `tests` and which of them are still `open` (a TLE left at one run): its first failure in
/// plan order, if open; else its first failure among the tests that the name order of the
/// exported packages runs before that one ([`run_first_by_path`]), if open. `None` when its
/// first failures are settled: its outcome is then what they say, and no other test's
/// verdict could change it.
pub fn to_confirm(cells: &[TestResult], tests: &[LoadedTest], open: &[bool]) -> Option<usize> {
    let first = cells.iter().position(|c| c.verdict != Verdict::AC)?;
    if open[first] {
        return Some(first);
    }
    let by_name = run_first_by_path(tests, first)
        .into_iter()
        .find(|&i| cells[i].verdict != Verdict::AC)?;
    open[by_name].then_some(by_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::run::TimeKind;

    #[test]
    fn a_wrong_answer_solution_confirms_only_its_first_failures() {
        let tests = [
            LoadedTest::made_up("samples", "statement"),
            LoadedTest::made_up("big", "b-2"),
            LoadedTest::made_up("big", "a-1"),
            LoadedTest::made_up("big", "c-3"),
        ];
        let cell = |t: usize, verdict: Verdict| TestResult::made_up(&tests[t].id, verdict, 1.0);
        let tle = || Verdict::TLE(TimeKind::Cpu);
        let cells = |v: [Verdict; 4]| -> Vec<TestResult> {
            v.into_iter().enumerate().map(|(t, v)| cell(t, v)).collect()
        };
        let open = |c: &[TestResult]| -> Vec<bool> {
            c.iter()
                .map(|c| matches!(c.verdict, Verdict::TLE(_)))
                .collect()
        };
        // Caught on the sample: its TLEs on the big tests change nothing.
        let c = cells([Verdict::WA, tle(), tle(), tle()]);
        assert_eq!(to_confirm(&c, &tests, &open(&c)), None);
        // Its first failure a TLE: that one, and once settled (still TLE), nothing else.
        let c = cells([Verdict::AC, tle(), Verdict::WA, tle()]);
        assert_eq!(to_confirm(&c, &tests, &open(&c)), Some(1));
        assert_eq!(to_confirm(&c, &tests, &[false; 4]), None);
        // A WA first in plan order, but name order runs a-1 (a TLE) before b-2: that one.
        let c = cells([Verdict::AC, Verdict::WA, tle(), Verdict::WA]);
        assert_eq!(to_confirm(&c, &tests, &open(&c)), Some(2));
        // ... and a pass there: name order agrees, nothing to confirm.
        let c = cells([Verdict::AC, Verdict::WA, Verdict::AC, tle()]);
        assert_eq!(to_confirm(&c, &tests, &open(&c)), None);
        // A TLE confirmed into a pass moves the first failure on: a TLE there is next.
        let mut c = cells([Verdict::AC, tle(), Verdict::AC, tle()]);
        let mut open = open(&c);
        assert_eq!(to_confirm(&c, &tests, &open), Some(1));
        open[1] = false;
        c[1] = cell(1, Verdict::AC);
        assert_eq!(to_confirm(&c, &tests, &open), Some(3));
        // Accepted everywhere: nothing.
        let c = cells([Verdict::AC, Verdict::AC, Verdict::AC, Verdict::AC]);
        assert_eq!(to_confirm(&c, &tests, &[false; 4]), None);
    }
}
