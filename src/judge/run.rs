//! Judging a solution: run it on a test under the problem's limits and judge its output with
//! the checker in process. Used by `judge run`, `judge stress` and `judge strength`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::check::{self, Verdict as CheckVerdict};
use crate::judge::plan::ProblemPlan;
use crate::runner::{self, Input, Limits, Outcome as RunOutcome, Sandbox, TimeKind};

/// The verdict on one test, as judges name them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", content = "detail")]
pub enum Verdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Presentation error.
    PE,
    /// Time limit exceeded (`cpu` or `wall`).
    TLE(String),
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Runtime error: the exit code, the signal, or why it could not start.
    RE(String),
    /// The checker failed: a problem with the test data, not the solution.
    FAIL,
}

impl Verdict {
    /// The short name: `AC`, `WA`, `TLE`, ...
    pub fn short(&self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::PE => "PE",
            Verdict::TLE(_) => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::RE(_) => "RE",
            Verdict::FAIL => "FAIL",
        }
    }

    /// True for a wrong or malformed output (what a wrong-answer solution must get).
    pub fn is_wrong_output(&self) -> bool {
        matches!(self, Verdict::WA | Verdict::PE)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::TLE(kind) => write!(f, "TLE ({kind})"),
            Verdict::RE(why) => write!(f, "RE ({why})"),
            other => f.write_str(other.short()),
        }
    }
}

/// What happened on one test.
#[derive(Clone, Debug, Serialize)]
pub struct TestResult {
    /// The test's name (`05`).
    pub test: String,
    /// The verdict.
    pub verdict: Verdict,
    /// CPU seconds.
    pub cpu_seconds: f64,
    /// Wall-clock seconds.
    pub wall_seconds: f64,
    /// Peak resident memory, in bytes.
    pub peak_memory_bytes: u64,
    /// The checker's one-line reason (or the runner's), empty when accepted.
    pub summary: String,
    /// The checker's full message with its diff, or the end of standard error.
    #[serde(skip)]
    pub details: String,
}

/// The limits a problem's tests run under: CPU as in judge.toml, wall clock twice that,
/// memory as in judge.toml.
pub fn limits_for(problem: &ProblemPlan) -> Limits {
    let cpu = Duration::from_secs_f64(problem.time_limit);
    Limits {
        cpu,
        wall: cpu * 2,
        memory_bytes: problem.memory_limit << 20,
        extra_address_space_bytes: 0,
        output_bytes: 0,
        file_bytes: problem.file_size_limit << 20,
    }
}

/// Runs `cmd` on `input` in `sandbox` and judges its output against `answer` for `problem`.
pub fn judge_test(
    problem: &ProblemPlan,
    name: &str,
    input: &[u8],
    answer: &[u8],
    cmd: &[String],
    limits: &Limits,
    sandbox: &Sandbox,
) -> TestResult {
    // The checker reads at most its cap; one byte more is an output limit for the runner.
    let limits = Limits {
        output_bytes: check::output_cap(answer.len()) as u64,
        ..*limits
    };
    let run = runner::run(cmd, Input::Bytes(input), &limits, sandbox);
    let mut result = TestResult {
        test: name.to_string(),
        verdict: Verdict::AC,
        cpu_seconds: run.cpu.as_secs_f64(),
        wall_seconds: run.wall.as_secs_f64(),
        peak_memory_bytes: run.peak_memory_bytes,
        summary: String::new(),
        details: String::new(),
    };
    let stderr = String::from_utf8_lossy(&run.stderr_tail).into_owned();
    result.verdict = match &run.outcome {
        RunOutcome::Exited(0) => {
            let judged = judge_output(problem, name, input, answer, &run.stdout);
            result.summary = judged.summary;
            result.details = judged.details;
            judged.verdict
        }
        RunOutcome::Exited(code) => Verdict::RE(format!("exit code {code}")),
        RunOutcome::Signaled(signal) => Verdict::RE(runner::signal_name(*signal)),
        RunOutcome::TimeLimit(TimeKind::Cpu) => Verdict::TLE("cpu".into()),
        RunOutcome::TimeLimit(TimeKind::Wall) => Verdict::TLE("wall".into()),
        RunOutcome::MemoryLimit => Verdict::MLE,
        RunOutcome::OutputLimit => Verdict::OLE,
        RunOutcome::SpawnFailed(_) => Verdict::RE("cannot start".into()),
    };
    if result.verdict != Verdict::AC && result.summary.is_empty() {
        result.summary = run.outcome.to_string();
        result.details = if stderr.is_empty() {
            result.summary.clone()
        } else {
            format!(
                "{}\nstandard error ends with:\n{}",
                result.summary,
                clip(&stderr, 2000)
            )
        };
    }
    result
}

/// Judges `output` for the test `name` (`input`, `answer`) with the problem's checker
/// options from judge.toml, as `judge run` and `judge check` do; the times are zero.
/// Accepted outputs keep no message (the table shows none).
pub fn judge_output(
    problem: &ProblemPlan,
    name: &str,
    input: &[u8],
    answer: &[u8],
    output: &[u8],
) -> TestResult {
    let outcome = check::check(
        problem.format,
        input,
        answer,
        &mut &output[..],
        &problem.checker,
    );
    let verdict = match outcome.verdict {
        CheckVerdict::Accepted => Verdict::AC,
        CheckVerdict::WrongAnswer => Verdict::WA,
        CheckVerdict::PresentationError => Verdict::PE,
        CheckVerdict::Fail => Verdict::FAIL,
    };
    let accepted = verdict == Verdict::AC;
    TestResult {
        test: name.to_string(),
        verdict,
        cpu_seconds: 0.0,
        wall_seconds: 0.0,
        peak_memory_bytes: 0,
        summary: if accepted {
            String::new()
        } else {
            outcome.summary
        },
        details: if accepted {
            String::new()
        } else {
            outcome.details
        },
    }
}

/// The message `judge run` prints for its first failing test, and `judge check` for its
/// test: `test 05: WA`, then the checker's full message. `paint` colours the verdict.
pub fn failure_message(result: &TestResult, paint: &dyn Fn(&str, &Verdict) -> String) -> String {
    format!(
        "test {}: {}\n{}",
        result.test,
        paint(&result.verdict.to_string(), &result.verdict),
        result.details.trim_end()
    )
}

fn clip(text: &str, max: usize) -> &str {
    let mut start = text.len().saturating_sub(max);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

/// A test of the built data: its name and files.
#[derive(Clone, Debug)]
pub struct TestFiles {
    /// `05`.
    pub name: String,
    /// `testdata/<problem>/05.in`.
    pub input: PathBuf,
    /// `testdata/<problem>/05.ans`.
    pub answer: PathBuf,
}

/// A test read into memory.
#[derive(Clone, Debug)]
pub struct LoadedTest {
    /// `05`.
    pub name: String,
    /// The input's bytes.
    pub input: Vec<u8>,
    /// The expected output's bytes.
    pub answer: Vec<u8>,
}

impl TestFiles {
    /// Reads the test's two files; the error names the file.
    pub fn load(&self) -> Result<LoadedTest, String> {
        let read = |path: &Path| {
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        };
        Ok(LoadedTest {
            name: self.name.clone(),
            input: read(&self.input)?,
            answer: read(&self.answer)?,
        })
    }
}

/// The tests under `dir` (pairs `NN.in` / `NN.ans`) whose name matches `pattern` (a glob with
/// `*` and `?`, matched against `NN` or `NN.in`), in name order.
pub fn list_tests(dir: &Path, pattern: Option<&str>) -> std::io::Result<Vec<TestFiles>> {
    let mut tests = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(".in") else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        if let Some(p) = pattern
            && !glob_match(p, stem)
            && !glob_match(p, name)
        {
            continue;
        }
        tests.push(TestFiles {
            name: stem.to_string(),
            input: path.clone(),
            answer: path.with_extension("ans"),
        });
    }
    tests.sort_by(|a, b| natural_key(&a.name).cmp(&natural_key(&b.name)));
    Ok(tests)
}

/// Sorts `9` before `10`.
fn natural_key(name: &str) -> (usize, &str) {
    (name.len(), name)
}

/// Matches `text` against a glob of `*` (any run) and `?` (one character).
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Runs `cmd` on every test in `tests` with `jobs` workers in `sandbox`, judging each.
pub fn run_tests(
    problem: &ProblemPlan,
    tests: &[TestFiles],
    cmd: &[String],
    limits: &Limits,
    sandbox: &Sandbox,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Vec<TestResult> {
    runner::parallel(tests, jobs, |t| {
        let result = match t.load() {
            Ok(test) => judge_test(
                problem,
                &t.name,
                &test.input,
                &test.answer,
                cmd,
                limits,
                sandbox,
            ),
            Err(why) => TestResult {
                test: t.name.clone(),
                verdict: Verdict::FAIL,
                cpu_seconds: 0.0,
                wall_seconds: 0.0,
                peak_memory_bytes: 0,
                details: why.clone(),
                summary: why,
            },
        };
        progress();
        result
    })
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn globs() {
        assert!(glob_match("*", "05"));
        assert!(glob_match("0?", "05"));
        assert!(glob_match("1*", "12"));
        assert!(!glob_match("1*", "21"));
        assert!(glob_match("*.in", "05.in"));
        assert!(!glob_match("0?", "100"));
        assert!(glob_match("*5*", "153"));
    }
}
