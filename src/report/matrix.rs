//! The matrix of a problem ([`ProblemMatrix`], shared with `judge run`'s several solutions:
//! [`super::given`]) and `judge strength --matrix`: every selected shipped solution on every
//! test, with no early stop (a solution that failed a test still runs on the rest), runs
//! spread over the workers one (solution, test) pair at a time ([`super::cells`]). From the
//! cells: each solution's first failure and whether it got its expected outcome (as `judge
//! strength` decides it), the slowest accepted time per test, what each test is worth, the
//! answer lengths of the data, and the time-limit advice, for which each intended-TLE
//! solution is run once more on one of its TLE tests with [`PROBE_FACTOR`] times the limit,
//! to measure how far beyond the limit it is.

use std::path::Path;

use serde::Serialize;

use crate::judging::run::{Confirm, LoadedTest, Schedule, TestResult, Verdict};
use crate::judging::strength::{
    BuildOutcome, SolutionReport, assess, build_solution, check_path_order,
};
use crate::problemset::names::SAMPLES_GROUP;
use crate::problemset::plan::{Expected, ProblemPlan, SolutionPlan};
use crate::report::advice::{self, AcceptedTimes, Advice, SlowTimes, Timed};
use crate::report::cells::{Finished, Progress, Runs, run_every_test};
use crate::report::histogram::Histogram;
use crate::report::worth::{Worth, worth};
use crate::runner::{self, Sandbox};

/// An intended-TLE solution's probe run gets this many times the time limit.
pub const PROBE_FACTOR: f64 = 3.0;

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

/// What the rows of a matrix are. In JSON: `"shipped"` or `"given"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// judge.toml's shipped solutions, each with the outcome it must get (`judge strength
    /// --matrix`): what each test is worth, candidates to drop and the time-limit advice
    /// follow from the expectations.
    Shipped,
    /// Solutions given to `judge run`, with no declared outcome: each is accepted when every
    /// test accepts it; per test the solutions that fail it, no candidates to drop, no advice.
    Given,
}

/// A solution of the matrix.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Whether it got its expected outcome, as `judge strength` decides it (for a given
    /// solution: whether every test accepts it; `expected` is null).
    #[serde(flatten)]
    pub report: SolutionReport,
    /// Its name in the report, unique in the matrix ([`unique_names`]): the file name, or a
    /// given command's line.
    pub name: String,
    /// The command that ran (empty when it was not built).
    pub command: Vec<String>,
    /// Its result on every test (empty when it was not built; only the first test's for a
    /// command that cannot start).
    pub cells: Vec<TestResult>,
    /// The first test it failed.
    pub first_failure: Option<String>,
    /// For an intended-TLE solution: its longer run on one of its TLE tests.
    pub probe: Option<TestResult>,
}

/// Names that tell the solutions apart, from each solution's `candidates`, shortest first
/// (never empty): each takes its first, and where two different solutions collide both take
/// their next, while they have one (`sol.cpp`, then `a/sol.cpp` and `b/sol.cpp`); what still
/// collides (the same file or command twice) gets ` (2)`, ` (3)`, ... from its second on.
pub fn unique_names(candidates: &[Vec<String>]) -> Vec<String> {
    let mut level = vec![0; candidates.len()];
    let name = |level: &[usize], i: usize| candidates[i][level[i]].as_str();
    loop {
        let longer: Vec<usize> = (0..candidates.len())
            .filter(|&i| {
                level[i] + 1 < candidates[i].len()
                    && (0..candidates.len()).any(|j| {
                        candidates[j] != candidates[i] && name(&level, j) == name(&level, i)
                    })
            })
            .collect();
        if longer.is_empty() {
            break;
        }
        for i in longer {
            level[i] += 1;
        }
    }
    (0..candidates.len())
        .map(|i| {
            let earlier = (0..i)
                .filter(|&j| name(&level, j) == name(&level, i))
                .count();
            match earlier {
                0 => name(&level, i).to_string(),
                n => format!("{} ({})", name(&level, i), n + 1),
            }
        })
        .collect()
}

/// The names of a file for [`unique_names`]: its file name, then with one more directory at a
/// time, up to `path` as written (`sol.cpp`, `a/sol.cpp`, `x/a/sol.cpp`).
pub fn path_names(path: &str) -> Vec<String> {
    let mut names: Vec<String> = path
        .match_indices('/')
        .map(|(i, _)| path[i + 1..].to_string())
        .filter(|n| !n.is_empty())
        .collect();
    names.reverse();
    names.push(path.to_string());
    names.dedup();
    names
}

/// One problem's matrix.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemMatrix {
    /// What the rows are.
    pub kind: Kind,
    /// The problem.
    pub problem: String,
    /// Its title.
    pub title: String,
    /// CPU seconds per test.
    pub time_limit: f64,
    /// The tests, in order.
    pub tests: Vec<TestColumn>,
    /// The solutions, in judge.toml's order (given ones: in the command line's order).
    pub rows: Vec<Row>,
    /// What each test catches (for given solutions: which of them fail it).
    pub worth: Worth,
    /// The time-limit advice (none for given solutions: it needs intended-TLE ones).
    pub advice: Option<Advice>,
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

    /// The row of the solution that [`Worth`] names `key`: by its path for shipped
    /// solutions, by its name for given ones (two may share a path).
    pub fn row_of(&self, key: &str) -> Option<usize> {
        self.rows.iter().position(|r| match self.kind {
            Kind::Shipped => r.report.path == key,
            Kind::Given => r.name == key,
        })
    }
}

/// The test columns of `tests`, with the slowest CPU time of the accepted cells of the rows
/// that `counts`.
pub fn columns(
    tests: &[LoadedTest],
    rows: &[Row],
    counts: &dyn Fn(&Row) -> bool,
) -> Vec<TestColumn> {
    tests
        .iter()
        .enumerate()
        .map(|(t, test)| TestColumn {
            name: test.id.clone(),
            group: test.group.clone(),
            slowest_accepted: rows
                .iter()
                .filter(|r| counts(r))
                .filter_map(|r| r.cells.get(t))
                .filter(|c| c.verdict == Verdict::AC)
                .map(|c| c.cpu_seconds)
                .reduce(f64::max),
        })
        .collect()
}

/// The answer lengths of `tests` of `problem`.
pub fn answer_lengths(problem: &ProblemPlan, tests: &[LoadedTest]) -> Histogram {
    let mut histogram = Histogram::default();
    for test in tests {
        histogram.add(problem.format, &test.answer);
    }
    histogram
}

/// Runs the matrix of every job as `schedule` says (workers, confirmation of time verdicts);
/// `progress` after each test (its confirmation runs included), naming the problem by its
/// job's index and the solution by its index in the job. When the judge is interrupted
/// ([`runner::interrupted`]) the probes are not run and the matrices are incomplete: the
/// caller reports the runs `progress` saw finish instead.
pub fn run_matrix(
    jobs: &[MatrixJob],
    repo: &Path,
    cache: &Path,
    sandbox: &Sandbox,
    schedule: Schedule,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<ProblemMatrix> {
    let workers = schedule.workers;
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
    let rank = |e: Expected| match e {
        Expected::TimeLimitExceeded => 0,
        Expected::Accepted => 1,
        Expected::WrongAnswer => 2,
    };
    let ready: Vec<usize> = (0..solutions.len()).filter(|&i| built[i].is_ok()).collect();
    let runs: Vec<Runs> = ready
        .iter()
        .map(|&i| {
            let (p, s) = solutions[i];
            let (cmd, limits) = built[i].as_ref().expect("only built solutions run");
            Runs {
                problem: jobs[p].problem,
                tests: jobs[p].tests,
                cmd,
                limits: *limits,
                rank: rank(jobs[p].solutions[s].expected),
            }
        })
        .collect();
    let progress = |p: Progress| {
        progress(Progress {
            finished: p.finished.map(|f| {
                let (problem, solution) = solutions[ready[f.solution]];
                Finished {
                    problem,
                    solution,
                    ..f
                }
            }),
            ..p
        })
    };
    let mut cells: Vec<Vec<TestResult>> = vec![Vec::new(); solutions.len()];
    for (i, row) in ready
        .iter()
        .zip(run_every_test(&runs, sandbox, schedule, &progress))
    {
        cells[*i] = row;
    }
    let probes = if runner::interrupted().is_some() {
        vec![None; solutions.len()]
    } else {
        run_probes(jobs, &solutions, &built, &cells, sandbox, workers)
    };
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
            let (report, command) = match built {
                Err(report) => (*report, Vec::new()),
                Ok((command, _)) => {
                    let upto = first.map_or(cells.len(), |f| f + 1);
                    let mut report = assess(job.problem, solution, &cells[..upto], job.tests.len());
                    // Every test ran (unless the command could not start): the cells say what
                    // the first failure in path order is.
                    if let Some(f) = first.filter(|_| cells.len() == job.tests.len()) {
                        check_path_order(&mut report, job.tests, f, |i| cells[i].clone());
                    }
                    (report, command)
                }
            };
            matrix_rows.push(Row {
                report,
                name: String::new(),
                command,
                first_failure: first.map(|f| cells[f].test.clone()),
                cells,
                probe,
            });
        }
        let paths: Vec<Vec<String>> = matrix_rows
            .iter()
            .map(|r| path_names(&r.report.path))
            .collect();
        for (row, name) in matrix_rows.iter_mut().zip(unique_names(&paths)) {
            row.name = name;
        }
        matrices.push(summarise(job, matrix_rows));
    }
    matrices
}

/// Runs each intended-TLE solution once more, with [`PROBE_FACTOR`] times the limit, on the
/// one of its TLE tests on which the accepted solutions are slowest (the hardest test). A
/// probe is a measure, not a verdict: it is not confirmed.
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
        limits.wall = runner::default_wall(limits.cpu);
        test.judge(problem, cmd, &limits, sandbox, Confirm::OFF)
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
    let is = |row: &Row, e: Expected| row.report.expected == Some(e) && !row.cells.is_empty();
    let tests = columns(job.tests, &rows, &|r| is(r, Expected::Accepted));
    let wrong: Vec<(String, Vec<bool>)> = rows
        .iter()
        .filter(|r| r.report.expected != Some(Expected::Accepted) && !r.cells.is_empty())
        .map(|r| (r.report.path.clone(), failed_tests(r)))
        .collect();
    let is_slow: Vec<bool> = rows
        .iter()
        .filter(|r| r.report.expected != Some(Expected::Accepted) && !r.cells.is_empty())
        .map(|r| r.report.expected == Some(Expected::TimeLimitExceeded))
        .collect();
    let accepted_fail: Vec<bool> = (0..job.tests.len())
        .map(|t| {
            rows.iter()
                .filter(|r| is(r, Expected::Accepted))
                .any(|r| r.cells.get(t).is_some_and(|c| c.verdict != Verdict::AC))
        })
        .collect();
    let accepted: Vec<AcceptedTimes> = rows
        .iter()
        .filter(|r| is(r, Expected::Accepted))
        .map(|r| AcceptedTimes {
            solution: r.name.clone(),
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
            solution: r.name.clone(),
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
    ProblemMatrix {
        kind: Kind::Shipped,
        problem: problem.name.clone(),
        title: problem.title.clone(),
        time_limit: problem.time_limit,
        worth: worth(&worth_names(&tests), &wrong, &is_slow, &accepted_fail),
        advice: Some(advice::advise(problem.time_limit, &accepted, &slow)),
        answer_lengths: answer_lengths(problem, job.tests),
        tests,
        rows,
    }
}

/// Per test of the row, whether the solution failed it (not accepted).
pub fn failed_tests(row: &Row) -> Vec<bool> {
    row.cells.iter().map(|c| c.verdict != Verdict::AC).collect()
}

/// The tests as [`worth`] takes them: each name, and whether it is a sample.
pub fn worth_names(tests: &[TestColumn]) -> Vec<(String, bool)> {
    tests
        .iter()
        .map(|t| (t.name.clone(), t.group == SAMPLES_GROUP))
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn unique(paths: &[&str]) -> Vec<String> {
        let candidates: Vec<Vec<String>> = paths.iter().map(|p| path_names(p)).collect();
        unique_names(&candidates)
    }

    #[test]
    fn names_grow_only_where_they_collide() {
        assert_eq!(
            unique(&["a/sol.cpp", "b/sol.cpp", "c/other.py"]),
            ["a/sol.cpp", "b/sol.cpp", "other.py"]
        );
        assert_eq!(
            unique(&["sol.cpp", "x/y/sol.cpp", "x/z/sol.cpp"]),
            ["sol.cpp", "y/sol.cpp", "z/sol.cpp"]
        );
        // The same file twice, and a command line that is a file's name.
        let mut candidates: Vec<Vec<String>> = ["s/sol.py", "s/sol.py"]
            .iter()
            .map(|p| path_names(p))
            .collect();
        candidates.push(vec!["sol.py".into()]);
        assert_eq!(
            unique_names(&candidates),
            ["s/sol.py", "s/sol.py (2)", "sol.py"]
        );
        assert_eq!(unique(&["x/sol.py", "x/sol.py"]), ["sol.py", "sol.py (2)"]);
        assert_eq!(path_names("./sol.cpp"), ["sol.cpp", "./sol.cpp"]);
    }
}
