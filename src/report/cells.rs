//! The runs behind every matrix (`judge strength --matrix`, `judge run` with several
//! solutions): each solution on every test of its problem, with no early stop, spread over the
//! workers one (solution, test) pair at a time. The one exception: a command that cannot start
//! on its first test (not found, not executable) is not run on the others, whose runs would
//! all fail the same way.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::judging::run::{CannotStart, LoadedTest, Schedule, TestResult};
use crate::problemset::plan::ProblemPlan;
use crate::runner::{self, Limits, Sandbox};

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

/// Runs every solution on every one of its tests in `sandbox` as `schedule` says (workers,
/// confirmation of time verdicts): per solution its results in test order. A solution whose
/// first test shows that it cannot start ([`CannotStart`]) keeps that one result.
/// `progress(done, total)` after each test (its confirmation runs included).
pub fn run_every_test(
    solutions: &[Runs],
    sandbox: &Sandbox,
    schedule: Schedule,
    progress: &(dyn Fn(usize, usize) + Sync),
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
        let result = if t > 0 && unstartable[s].load(Ordering::Relaxed) {
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
            Some(result)
        };
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
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
