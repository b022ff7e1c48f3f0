//! The matrix of a problem ([`ProblemMatrix`]) from the results of its runs
//! ([`crate::judging::matrix_runs`]): for `judge strength --matrix` the shipped solutions
//! ([`shipped`]), for `judge run` the solutions given on its command line ([`given`]). From
//! the cells: each solution's name and first failure, the slowest accepted time per test, what
//! each test is worth, the answer lengths of the data, and, for the shipped solutions, the
//! time-limit advice. For given solutions, what needs declared outcomes is left out: no
//! candidates to drop (a test that fails none of them says nothing), no time-limit advice (it
//! needs intended-TLE solutions); the test worth becomes which solutions fail each test.

use serde::Serialize;

use crate::judging::matrix_runs::cells::Judged;
use crate::judging::matrix_runs::given::{Given, Prepared};
use crate::judging::matrix_runs::shipped::MatrixJob;
use crate::judging::run::{LoadedTest, TestResult, TimeKind, Verdict};
use crate::judging::strength::SolutionReport;
use crate::problemset::names::SAMPLES_GROUP;
use crate::problemset::plan::{Expected, ProblemPlan};
use crate::report::advice::{self, AcceptedTimes, Advice, SlowTimes, Timed};
use crate::report::histogram::Histogram;
use crate::report::worth::{Worth, worth};

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

impl TestColumn {
    /// Its name without its group's `GROUP/`.
    pub fn short_name(&self) -> &str {
        (self.name.strip_prefix(&self.group))
            .and_then(|rest| rest.strip_prefix('/'))
            .unwrap_or(&self.name)
    }
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
    /// The tests it was not run on (`judge run --lazy`: those after its first failure; also a
    /// command that cannot start's); absent when it ran on every test or was not built.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_run: Vec<String>,
    /// For an intended-TLE solution: its longer run on one of its TLE tests.
    pub probe: Option<TestResult>,
}

impl Row {
    /// The row of a solution that was `judged`, named `name`.
    fn new(judged: Judged, name: String) -> Row {
        Row {
            report: judged.report,
            name,
            command: judged.command,
            first_failure: judged
                .cells
                .iter()
                .find(|c| c.verdict != Verdict::AC)
                .map(|c| c.test.clone()),
            not_run: Vec::new(),
            cells: judged.cells,
            probe: judged.probe,
        }
    }
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

/// The matrix of `job`'s shipped solutions from how each did (`judged`, in the job's order):
/// each named by the shortest part of its path that tells it apart ([`unique_names`]).
pub fn shipped(job: &MatrixJob, judged: Vec<Judged>) -> ProblemMatrix {
    let paths: Vec<Vec<String>> = judged.iter().map(|j| path_names(&j.report.path)).collect();
    let rows = judged
        .into_iter()
        .zip(unique_names(&paths))
        .map(|(judged, name)| Row::new(judged, name))
        .collect();
    summarise(job, rows)
}

/// The names of `prepared` solutions in the matrix: unique ([`unique_names`]).
pub fn given_names(prepared: &[Prepared]) -> Vec<String> {
    let candidates: Vec<Vec<String>> = prepared.iter().map(|p| names_of(&p.given)).collect();
    unique_names(&candidates)
}

/// The names of a given solution for [`unique_names`]: a source's file name, then longer
/// parts of its path; a command's whole line.
fn names_of(given: &Given) -> Vec<String> {
    match given {
        Given::Source(..) => path_names(&given.path()),
        Given::Command(_) => vec![given.path()],
    }
}

/// The matrix of `prepared` solutions from how each did on `tests` (`judged`, in the same
/// order); `time_limit` is the CPU limit they ran under: also for `judge run --html` with one
/// solution.
pub fn given(
    problem: &ProblemPlan,
    tests: &[LoadedTest],
    time_limit: f64,
    prepared: &[Prepared],
    judged: Vec<Judged>,
) -> ProblemMatrix {
    let rows: Vec<Row> = judged
        .into_iter()
        .zip(given_names(prepared))
        .map(|(judged, name)| {
            let mut row = Row::new(judged, name);
            if !row.cells.is_empty() {
                let ran = row.cells.len().min(tests.len());
                row.not_run = tests[ran..].iter().map(|t| t.id.clone()).collect();
            }
            row
        })
        .collect();
    let tests_columns = columns(tests, &rows, &|_| true);
    let failing: Vec<(String, Vec<bool>)> = rows
        .iter()
        .filter(|r| !r.cells.is_empty())
        .map(|r| (r.name.clone(), failed_tests(r)))
        .collect();
    ProblemMatrix {
        kind: Kind::Given,
        problem: problem.name.clone(),
        title: problem.title.clone(),
        time_limit,
        worth: Worth {
            drop_candidates: None,
            ..worth(&worth_names(&tests_columns), &failing, &[], &[])
        },
        advice: None,
        answer_lengths: answer_lengths(problem, tests),
        tests: tests_columns,
        rows,
    }
}

/// The per-test and per-problem figures from the rows.
fn summarise(job: &MatrixJob, rows: Vec<Row>) -> ProblemMatrix {
    let problem = job.problem;
    let is = |row: &Row, e: Expected| row.report.expected == Some(e) && !row.cells.is_empty();
    let tests = columns(job.tests, &rows, &|r| is(r, Expected::Accepted));
    let (wrong, is_slow): (Vec<(String, Vec<bool>)>, Vec<bool>) = rows
        .iter()
        .filter(|r| r.report.expected != Some(Expected::Accepted) && !r.cells.is_empty())
        .map(|r| {
            let slow = r.report.expected == Some(Expected::TimeLimitExceeded);
            ((r.report.path.clone(), failed_tests(r)), slow)
        })
        .unzip();
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
            slowest: slowest(
                r.cells.iter().filter(|c| c.verdict == Verdict::AC),
                problem.time_limit,
            ),
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
            slowest: slowest(r.cells.iter().chain(r.probe.as_ref()), problem.time_limit),
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

/// A run's time for the advice: a run stopped for time needed more than its limit: the CPU
/// limit it reached (the problem's, or the probe's), or where the wall clock stopped it, the
/// CPU time it used and at least the problem's limit.
fn timed(result: &TestResult, time_limit: f64) -> Timed {
    let seconds = match &result.verdict {
        Verdict::TLE(TimeKind::Cpu) => result
            .cpu_seconds
            .max(result.limit_seconds.unwrap_or(time_limit)),
        Verdict::TLE(_) => result.cpu_seconds.max(time_limit),
        _ => result.cpu_seconds,
    };
    Timed {
        test: result.test.clone(),
        seconds,
        cut_off: matches!(result.verdict, Verdict::TLE(_)),
    }
}

/// The slowest of `runs` by [`timed`]; of two as slow, one cut off.
fn slowest<'a>(runs: impl Iterator<Item = &'a TestResult>, time_limit: f64) -> Option<Timed> {
    runs.map(|c| timed(c, time_limit)).max_by(|a, b| {
        a.seconds
            .total_cmp(&b.seconds)
            .then(a.cut_off.cmp(&b.cut_off))
    })
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

    #[test]
    fn commands_are_named_by_a_line_the_shell_reads_back() {
        let given = Given::Command(vec!["sh".into(), "-c".into(), "echo 7; exit 0".into()]);
        assert_eq!(given.path(), "sh -c 'echo 7; exit 0'");
        assert_eq!(names_of(&given), vec!["sh -c 'echo 7; exit 0'".to_string()]);
        let source = Given::Source(std::path::PathBuf::from("solutions/a/sol.cpp"), None);
        assert_eq!(
            names_of(&source),
            vec!["sol.cpp", "a/sol.cpp", "solutions/a/sol.cpp"]
        );
    }
}
