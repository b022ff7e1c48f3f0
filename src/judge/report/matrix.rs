//! `judge strength --matrix`: every selected solution on every test, with no early stop (a
//! solution that failed a test still runs on the rest), runs spread over the workers one
//! (solution, test) pair at a time. From the cells: each solution's first failure and whether
//! it got its expected outcome (as `judge strength` decides it), the slowest accepted time
//! per test, what each test is worth, the answer lengths of the data, and the time-limit
//! advice, for which each intended-TLE solution is run once more on one of its TLE tests with
//! [`PROBE_FACTOR`] times the limit, to measure how far beyond the limit it is.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::judge::plan::{Expected, ProblemPlan, SolutionPlan};
use crate::judge::report::advice::{self, AcceptedTimes, Advice, SlowTimes, Timed};
use crate::judge::report::histogram::Histogram;
use crate::judge::report::worth::{Worth, worth};
use crate::judge::run::{LoadedTest, TestResult, Verdict};
use crate::judge::strength::{BuildOutcome, SolutionReport, assess, build_solution};
use crate::runner::{self, Sandbox};

/// An intended-TLE solution's probe run gets this many times the time limit.
pub const PROBE_FACTOR: f64 = 3.0;

/// The group of the test data samples: never a candidate to drop.
pub const SAMPLES: &str = "samples";

/// One problem to run: its plan, its tests (in plan order) and the solutions selected.
pub struct MatrixJob<'a> {
    /// The problem.
    pub problem: &'a ProblemPlan,
    /// Its tests, in the order of the plan.
    pub tests: &'a [LoadedTest],
    /// The solutions to run.
    pub solutions: Vec<&'a SolutionPlan>,
}

/// A test of the matrix.
#[derive(Clone, Debug, Serialize)]
pub struct TestColumn {
    /// Its name (`05`).
    pub name: String,
    /// Its group in judge.toml.
    pub group: String,
    /// The slowest CPU time of the accepted solutions that passed it.
    pub slowest_accepted: Option<f64>,
}

/// A solution of the matrix.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Whether it got its expected outcome, as `judge strength` decides it.
    #[serde(flatten)]
    pub report: SolutionReport,
    /// Its result on every test (empty when it was not built).
    pub cells: Vec<TestResult>,
    /// The first test it failed.
    pub first_failure: Option<String>,
    /// For an intended-TLE solution: its longer run on one of its TLE tests.
    pub probe: Option<TestResult>,
}

impl Row {
    /// The solution's file name.
    pub fn name(&self) -> &str {
        self.report
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&self.report.path)
    }
}

/// One problem's matrix.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemMatrix {
    /// The problem.
    pub problem: String,
    /// Its title.
    pub title: String,
    /// CPU seconds per test.
    pub time_limit: f64,
    /// The tests, in order.
    pub tests: Vec<TestColumn>,
    /// The solutions, in judge.toml's order.
    pub rows: Vec<Row>,
    /// What each test catches.
    pub worth: Worth,
    /// The time-limit advice.
    pub advice: Advice,
    /// The answer lengths of the test data.
    pub answer_lengths: Histogram,
}

impl ProblemMatrix {
    /// The groups, in order, each with the range of its tests.
    pub fn groups(&self) -> Vec<(&str, std::ops::Range<usize>)> {
        let mut groups: Vec<(&str, std::ops::Range<usize>)> = Vec::new();
        for (i, t) in self.tests.iter().enumerate() {
            match groups.last_mut() {
                Some((name, range)) if *name == t.group => range.end = i + 1,
                _ => groups.push((&t.group, i..i + 1)),
            }
        }
        groups
    }
}

/// Runs the matrix of every job with `workers` threads; `progress(done, total)` after each
/// run.
pub fn run_matrix(
    jobs: &[MatrixJob],
    repo: &Path,
    cache: &Path,
    sandbox: &Sandbox,
    workers: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<ProblemMatrix> {
    let solutions: Vec<(usize, usize)> = jobs
        .iter()
        .enumerate()
        .flat_map(|(p, job)| (0..job.solutions.len()).map(move |s| (p, s)))
        .collect();
    let built = runner::parallel(&solutions, workers, |&(p, s)| {
        build_solution(jobs[p].problem, jobs[p].solutions[s], repo, cache)
    });
    // Every (solution, test) pair of a built solution; the slow solutions first, so that
    // their long runs do not come last with one worker idle.
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (i, &(p, _)) in solutions.iter().enumerate() {
        if built[i].is_ok() {
            runs.extend((0..jobs[p].tests.len()).map(|t| (i, p, t)));
        }
    }
    let rank = |e: Expected| match e {
        Expected::TimeLimitExceeded => 0,
        Expected::Accepted => 1,
        Expected::WrongAnswer => 2,
    };
    runs.sort_by_key(|&(i, p, _)| rank(jobs[p].solutions[solutions[i].1].expected));
    let done = AtomicUsize::new(0);
    let total = runs.len();
    let results = runner::parallel(&runs, workers, |&(i, p, t)| {
        let problem = jobs[p].problem;
        let test = &jobs[p].tests[t];
        let (cmd, limits) = built[i].as_ref().expect("only built solutions run");
        let result = test.judge(problem, cmd, limits, sandbox);
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        result
    });
    // A solution's runs were queued in test order, and stay in it.
    let mut cells: Vec<Vec<TestResult>> = vec![Vec::new(); solutions.len()];
    for ((i, _, _), result) in runs.iter().zip(results) {
        cells[*i].push(result);
    }
    let probes = run_probes(jobs, &solutions, &built, &cells, sandbox, workers);
    let mut matrices = Vec::new();
    let mut rows = solutions
        .iter()
        .zip(built)
        .zip(cells)
        .zip(probes)
        .map(|(((&(p, s), built), cells), probe)| (p, s, built, cells, probe));
    for (p, job) in jobs.iter().enumerate() {
        let mut matrix_rows = Vec::new();
        for _ in 0..job.solutions.len() {
            let (row_p, s, built, cells, probe) = rows.next().expect("one row per solution");
            debug_assert_eq!(row_p, p);
            let solution = job.solutions[s];
            let first = cells.iter().position(|c| c.verdict != Verdict::AC);
            let report = match built {
                Err(report) => *report,
                Ok(_) => {
                    let upto = first.map_or(cells.len(), |f| f + 1);
                    assess(job.problem, solution, &cells[..upto], cells.len())
                }
            };
            matrix_rows.push(Row {
                report,
                first_failure: first.map(|f| cells[f].test.clone()),
                cells,
                probe,
            });
        }
        matrices.push(summarise(job, matrix_rows));
    }
    matrices
}

/// Runs each intended-TLE solution once more, with [`PROBE_FACTOR`] times the limit, on the
/// one of its TLE tests on which the accepted solutions are slowest (the hardest test).
fn run_probes(
    jobs: &[MatrixJob],
    solutions: &[(usize, usize)],
    built: &[BuildOutcome],
    cells: &[Vec<TestResult>],
    sandbox: &Sandbox,
    workers: usize,
) -> Vec<Option<TestResult>> {
    // The TLE test of each intended-TLE solution on which the accepted ones are slowest.
    let picks: Vec<Option<usize>> = solutions
        .iter()
        .enumerate()
        .map(|(i, &(p, s))| {
            if jobs[p].solutions[s].expected != Expected::TimeLimitExceeded || built[i].is_err() {
                return None;
            }
            let accepted_time = |t: usize| {
                solutions
                    .iter()
                    .enumerate()
                    .filter(|&(j, &(q, r))| {
                        q == p
                            && jobs[q].solutions[r].expected == Expected::Accepted
                            && cells[j].get(t).is_some_and(|c| c.verdict == Verdict::AC)
                    })
                    .map(|(j, _)| cells[j][t].cpu_seconds)
                    .fold(0.0, f64::max)
            };
            (0..cells[i].len())
                .filter(|&t| matches!(cells[i][t].verdict, Verdict::TLE(_)))
                .max_by(|&a, &b| {
                    accepted_time(a)
                        .total_cmp(&accepted_time(b))
                        .then(b.cmp(&a))
                })
        })
        .collect();
    let wanted: Vec<(usize, usize)> = picks
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.map(|t| (i, t)))
        .collect();
    let probed = runner::parallel(&wanted, workers, |&(i, t)| {
        let (p, _) = solutions[i];
        let problem = jobs[p].problem;
        let test = &jobs[p].tests[t];
        let (cmd, limits) = built[i].as_ref().expect("only built solutions run");
        let mut limits = *limits;
        limits.cpu = limits.cpu.mul_f64(PROBE_FACTOR);
        limits.wall = limits.cpu * 2;
        test.judge(problem, cmd, &limits, sandbox)
    });
    let mut out = vec![None; solutions.len()];
    for ((i, _), result) in wanted.iter().zip(probed) {
        out[*i] = Some(result);
    }
    out
}

/// The per-test and per-problem figures from the rows.
fn summarise(job: &MatrixJob, rows: Vec<Row>) -> ProblemMatrix {
    let problem = job.problem;
    let is = |row: &Row, e: Expected| row.report.expected == e && !row.cells.is_empty();
    let tests: Vec<TestColumn> = job
        .tests
        .iter()
        .enumerate()
        .map(|(t, test)| TestColumn {
            name: test.id.clone(),
            group: test.group.clone(),
            slowest_accepted: rows
                .iter()
                .filter(|r| is(r, Expected::Accepted))
                .filter_map(|r| r.cells.get(t))
                .filter(|c| c.verdict == Verdict::AC)
                .map(|c| c.cpu_seconds)
                .reduce(f64::max),
        })
        .collect();
    let wrong: Vec<(String, Vec<bool>)> = rows
        .iter()
        .filter(|r| r.report.expected != Expected::Accepted && !r.cells.is_empty())
        .map(|r| {
            let caught = r.cells.iter().map(|c| c.verdict != Verdict::AC).collect();
            (r.report.path.clone(), caught)
        })
        .collect();
    let names: Vec<(String, bool)> = tests
        .iter()
        .map(|t| (t.name.clone(), t.group == SAMPLES))
        .collect();
    let accepted: Vec<AcceptedTimes> = rows
        .iter()
        .filter(|r| is(r, Expected::Accepted))
        .map(|r| AcceptedTimes {
            solution: r.name().to_string(),
            slowest: r
                .cells
                .iter()
                .filter(|c| c.verdict == Verdict::AC)
                .max_by(|a, b| a.cpu_seconds.total_cmp(&b.cpu_seconds))
                .map(|c| Timed {
                    test: c.test.clone(),
                    seconds: c.cpu_seconds,
                    cut_off: false,
                }),
            failure: r
                .cells
                .iter()
                .find(|c| c.verdict != Verdict::AC)
                .map(|c| (c.test.clone(), c.verdict.short().to_string())),
        })
        .collect();
    let slow: Vec<SlowTimes> = rows
        .iter()
        .filter(|r| is(r, Expected::TimeLimitExceeded))
        .map(|r| SlowTimes {
            solution: r.name().to_string(),
            slowest: r
                .cells
                .iter()
                .chain(r.probe.as_ref())
                .map(|c| timed(c, problem.time_limit))
                .max_by(|a, b| {
                    a.seconds
                        .total_cmp(&b.seconds)
                        .then(a.cut_off.cmp(&b.cut_off))
                }),
        })
        .collect();
    let mut answer_lengths = Histogram::default();
    for test in job.tests {
        answer_lengths.add(problem.format, &test.answer);
    }
    ProblemMatrix {
        problem: problem.name.clone(),
        title: problem.title.clone(),
        time_limit: problem.time_limit,
        worth: worth(&names, &wrong),
        advice: advice::advise(problem.time_limit, &accepted, &slow),
        answer_lengths,
        tests,
        rows,
    }
}

/// A run's time for the advice: a run stopped for time needed more than its limit (the
/// problem's, or the probe's); the CPU time it used is all that is known.
fn timed(result: &TestResult, time_limit: f64) -> Timed {
    let cut_off = matches!(result.verdict, Verdict::TLE(_));
    Timed {
        test: result.test.clone(),
        seconds: if cut_off {
            result.cpu_seconds.max(time_limit)
        } else {
            result.cpu_seconds
        },
        cut_off,
    }
}
