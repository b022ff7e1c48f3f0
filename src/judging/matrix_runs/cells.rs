//! The runs behind every matrix (`judge strength --matrix`, `judge run` with several
//! solutions): each solution on every test of its problem, with no early stop, spread over the
//! workers one (solution, test) pair at a time. The one exception: a command that cannot start
//! on its first test (not found, not executable) is not run on the others, whose runs would
//! all fail the same way. Each run is reported as it finishes ([`Progress`]); once the judge
//! is interrupted no run starts, and a run that ends after the interrupt is left out.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::judging::run::{CannotStart, LoadedTest, Schedule, TestResult};
use crate::judging::strength::SolutionReport;
use crate::problemset::plan::ProblemPlan;
use crate::runner::{self, Limits, Sandbox};

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
    pub cmd: &'a [String],
    /// The limits it runs under.
    pub limits: Limits,
    /// The solutions of a lower rank are queued first (the slow ones, so that their long
    /// runs do not come last with one worker idle).
    pub rank: u8,
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
    // A stable sort: within a rank, each solution's tests in order, its first test first.
    runs.sort_by_key(|&(s, _)| solutions[s].rank);
    let unstartable: Vec<AtomicBool> = solutions.iter().map(|_| AtomicBool::new(false)).collect();
    let done = AtomicUsize::new(0);
    let total = runs.len();
    let results = runner::parallel(&runs, schedule.workers, |&(s, t)| {
        let solution = &solutions[s];
        let skip = t > 0 && unstartable[s].load(Ordering::Relaxed);
        let result = if skip || runner::interrupted().is_some() {
            None
        } else {
            let result = solution.tests[t].judge(
                solution.problem,
                solution.cmd,
                &solution.limits,
                sandbox,
                schedule.confirm,
            );
            if t == 0 && CannotStart::from_result(&result).is_some() {
                unstartable[s].store(true, Ordering::Relaxed);
            }
            // Ended after the interrupt: maybe killed by the judge.
            runner::interrupted().is_none().then_some(result)
        };
        progress(Progress {
            done: done.fetch_add(1, Ordering::Relaxed) + 1,
            total,
            finished: result.as_ref().map(|result| Finished {
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
    cells
        .into_iter()
        .map(|row| {
            let cannot_start = row
                .first()
                .and_then(Option::as_ref)
                .is_some_and(|first| CannotStart::from_result(first).is_some());
            // Only the runs of a solution that cannot start are skipped, and it keeps only
            // its first: which of its other runs a worker had begun does not show.
            let keep = if cannot_start { 1 } else { row.len() };
            row.into_iter().take(keep).flatten().collect()
        })
        .collect()
}
