//! Judging a solution: run it on a test under the problem's limits and judge its output with
//! the checker in process. Used by `judge run`, `judge stress` and `judge strength`.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::check;
pub use crate::judging::confirm::{Confirm, Stake};
use crate::judging::verdict::Confirmation;
pub use crate::judging::verdict::{RuntimeError, TestResult, TimeKind, Verdict};
use crate::problemset::manifest::Entry;
use crate::problemset::plan::ProblemPlan;
use crate::runner::load::RunWatch;
use crate::runner::{self, Argv, Input, Limits, Outcome, OutputFile, Sandbox};
use crate::text;

/// How the runs of a session are spread, confirmed and stopped: parallel workers, the
/// confirmation re-runs of time verdicts, and whether a solution stops at its first failure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Parallel jobs (at least one).
    pub workers: usize,
    /// Which runs are run again.
    pub confirm: Confirm,
    /// Each solution stops at its first rejected test in test order (`judge run --lazy`), as
    /// a contest judge does: no test after it starts, and one that a worker had begun is left
    /// out of its results, so that they never depend on the workers' timing.
    pub lazy: bool,
}

/// The limits a problem's tests run under: CPU as in judge.toml, the wall clock judge.toml's
/// `wall_limit` or else [`runner::default_wall`] (max(3 x the CPU limit, the CPU limit + 2 s)),
/// memory as in judge.toml.
pub fn limits_for(problem: &ProblemPlan) -> Limits {
    let cpu = Duration::from_secs_f64(problem.time_limit);
    Limits {
        cpu,
        wall: problem
            .wall_limit
            .map_or_else(|| runner::default_wall(cpu), Duration::from_secs_f64),
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
    cmd: &Argv,
    limits: &Limits,
    sandbox: &Sandbox,
) -> TestResult {
    // The checker reads at most its cap; one byte more and the runner stops the solution,
    // and the checker judges it as it judges any output over its cap (`check_over_cap`).
    let limits = Limits {
        output_bytes: check::output_cap(answer.len()) as u64,
        ..*limits
    };
    // The load where the run ran, during it: whether a TLE may stand without re-runs.
    let watch = RunWatch::start();
    let run = runner::run_with_files(cmd, Input::Bytes(input), &problem.files, &limits, sandbox);
    let load = watch.finish(run.cpu);
    let mut result = TestResult {
        test: name.to_string(),
        cpu_seconds: run.cpu.as_secs_f64(),
        wall_seconds: run.wall.as_secs_f64(),
        peak_memory_bytes: run.peak_memory_bytes,
        runs: 1,
        confirmation: Confirmation {
            load,
            run_delay_seconds: run.run_delay.map(|d| d.as_secs_f64()),
            ..Confirmation::default()
        },
        ..TestResult::default()
    };
    // The solution's own text: no escape sequence of its clears the screen, moves the cursor,
    // reorders or forges a line of the report or writes the clipboard.
    let stderr = text::visible_bytes(&run.stderr_tail);
    // The output file, when the problem names one and the run wrote it, is the output; the
    // only one when the problem takes the files alone.
    let missing = (problem.files.output.as_ref())
        .filter(|_| problem.files.only)
        .map(|name| {
            format!("no output file {name}: this problem judges it alone, not standard output")
        });
    let output = match &run.output_file {
        OutputFile::Absent if missing.is_some() => Err(missing.as_ref()),
        OutputFile::Absent => Ok(&run.stdout),
        OutputFile::Written(bytes) => Ok(bytes),
        OutputFile::OverCap(_) => Err(None),
        OutputFile::Refused(why) => Err(Some(why)),
    };
    // The run's disk limit in MiB when the run most likely failed at it: a runtime error
    // names it.
    let disk_limit_mib = runner::disk_limit_reached(&run).then_some(limits.file_bytes >> 20);
    result.verdict = match (&run.outcome, output) {
        (Outcome::Exited(0), Ok(output)) => {
            let judged = judge_output(problem, name, input, answer, &mut &output[..]);
            result.summary = judged.summary;
            result.details = judged.details;
            judged.verdict
        }
        (Outcome::Exited(0), Err(Some(why))) => {
            result.summary = text::visible(why).into_owned();
            result.details = result.summary.clone();
            Verdict::WA
        }
        // One verdict for an output over the cap, as `check` and `judge check` give it: a
        // wrong answer naming the sizes (docs/check.md says why not an OLE of its own).
        (Outcome::OutputLimit, _) | (Outcome::Exited(0), Err(None)) => {
            let outcome = check::check_over_cap(problem.format, input, answer, &problem.checker);
            let judged = judged(name, outcome);
            result.summary = judged.summary;
            result.details = judged.details;
            judged.verdict
        }
        (Outcome::Exited(code), _) => Verdict::RE(RuntimeError::Exit {
            code: *code,
            disk_limit_mib,
        }),
        (Outcome::Signaled(signal), _) => Verdict::RE(RuntimeError::Signal {
            signal: *signal,
            disk_limit_mib,
        }),
        (Outcome::TimeLimit(kind), _) => Verdict::TLE(*kind),
        (Outcome::MemoryLimit, _) => Verdict::MLE,
        (Outcome::SpawnFailed(why), _) => {
            Verdict::RE(RuntimeError::CannotStart(text::visible(why).into_owned()))
        }
    };
    result.limit_seconds = match &run.outcome {
        Outcome::TimeLimit(TimeKind::Cpu) => Some(limits.cpu.as_secs_f64()),
        Outcome::TimeLimit(TimeKind::Wall) => Some(limits.wall.as_secs_f64()),
        _ => None,
    };
    if result.verdict != Verdict::AC && result.summary.is_empty() {
        result.summary = run.outcome.to_string();
        if let Some(why) = runner::memory_note(&run, &limits) {
            result.summary = format!("{}: {why}", result.summary);
        }
        result.details = if stderr.is_empty() {
            result.summary.clone()
        } else {
            format!(
                "{}\nstandard error ends with:\n{}",
                result.summary,
                text::quoted(clip(&stderr, 2000))
            )
        };
    }
    result.visible()
}

/// Judges `output` (read up to the checker's cap, [`check::output_cap`]) for the test `name`
/// (`input`, `answer`) with the problem's checker options from judge.toml, as `judge run` and
/// `judge check` do; the times are zero. Accepted outputs keep no message (the table shows
/// none).
pub fn judge_output(
    problem: &ProblemPlan,
    name: &str,
    input: &[u8],
    answer: &[u8],
    output: &mut dyn Read,
) -> TestResult {
    let outcome = check::check(problem.format, input, answer, output, &problem.checker);
    judged(name, outcome)
}

/// The checker's `outcome` on the test `name` as a result; the times are zero. Accepted
/// outputs keep no message (the table shows none).
fn judged(name: &str, outcome: check::Outcome) -> TestResult {
    let verdict = Verdict::from(outcome.verdict);
    let (summary, details) = match verdict {
        Verdict::AC => Default::default(),
        _ => (outcome.summary, outcome.details),
    };
    TestResult {
        test: name.to_string(),
        verdict,
        summary,
        details,
        ..TestResult::default()
    }
    .visible()
}

/// The message `judge run` prints for its first failing test, and `judge check` for its
/// test: `test 05: WA`, then, for a test that ran more than once, every run's figures
/// ([`crate::judging::verdict::Confirmation::told`]), then the checker's full message.
/// `paint` colours the verdict.
pub fn failure_message(result: &TestResult, paint: &dyn Fn(&str, &Verdict) -> String) -> String {
    let runs = (result.confirmation.told()).map_or(String::new(), |told| format!("{told}\n"));
    format!(
        "test {}: {}\n{runs}{}",
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

/// A test of the built data: its names and files.
#[derive(Clone, Debug)]
pub struct TestFiles {
    /// `group/name`.
    pub id: String,
    /// Its group.
    pub group: String,
    /// `testdata/<problem>/<group>/<name>.in`.
    pub input: PathBuf,
    /// `testdata/<problem>/<group>/<name>.ans`.
    pub answer: PathBuf,
}

/// A test read into memory.
#[derive(Clone, Debug)]
pub struct LoadedTest {
    /// `group/name`.
    pub id: String,
    /// Its group.
    pub group: String,
    /// The input's bytes.
    pub input: Vec<u8>,
    /// The expected output's bytes.
    pub answer: Vec<u8>,
}

impl LoadedTest {
    /// Its name in its group (`id` without `group/`).
    pub fn name(&self) -> &str {
        self.id
            .strip_prefix(self.group.as_str())
            .and_then(|rest| rest.strip_prefix('/'))
            .unwrap_or(&self.id)
    }

    /// One run of `cmd` on this test in `sandbox`, its output judged ([`judge_test`]); the
    /// result names the test's group. A result left at one run is confirmed later with it
    /// ([`Confirm::settle`]).
    pub fn judge_once(
        &self,
        problem: &ProblemPlan,
        cmd: &Argv,
        limits: &Limits,
        sandbox: &Sandbox,
    ) -> TestResult {
        let (id, input, answer) = (&self.id, &self.input, &self.answer);
        TestResult {
            group: self.group.clone(),
            ..judge_test(problem, id, input, answer, cmd, limits, sandbox)
        }
    }

    /// Runs `cmd` on this test in `sandbox` and judges its output ([`judge_test`]), running
    /// it again as `confirm` says for what is at `stake` ([`Confirm::judge`]); the result
    /// names the test's group.
    pub fn judge(
        &self,
        problem: &ProblemPlan,
        cmd: &Argv,
        limits: &Limits,
        sandbox: &Sandbox,
        confirm: Confirm,
        stake: Stake,
    ) -> TestResult {
        let run = || self.judge_once(problem, cmd, limits, sandbox);
        confirm.judge(limits.cpu, stake, run)
    }
}

#[cfg(test)]
impl LoadedTest {
    /// A made-up test for unit tests: `group/name`, its input and answer empty.
    pub(crate) fn made_up(group: &str, name: &str) -> LoadedTest {
        LoadedTest {
            id: format!("{group}/{name}"),
            group: group.into(),
            input: Vec::new(),
            answer: Vec::new(),
        }
    }
}

impl TestFiles {
    /// The files of the manifest's test `entry` of the problem whose data directory is `dir`
    /// (`testdata/<problem>`).
    pub fn of(dir: &Path, entry: &Entry) -> TestFiles {
        TestFiles {
            id: entry.id(),
            group: entry.group.clone(),
            input: dir.join(entry.input_path()),
            answer: dir.join(entry.answer_path()),
        }
    }

    /// Reads the test's two files; the error names the file.
    pub fn load(&self) -> Result<LoadedTest, String> {
        let read = |path: &Path| {
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        };
        Ok(LoadedTest {
            id: self.id.clone(),
            group: self.group.clone(),
            input: read(&self.input)?,
            answer: read(&self.answer)?,
        })
    }
}

/// A solution command that cannot start (not found, not executable): no test can judge it,
/// so the run stops at the first test with this one message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CannotStart {
    /// Why, as the runner says it.
    pub why: String,
}

impl fmt::Display for CannotStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the solution cannot start: {}\ngive a command that runs after `--`, e.g. `-- \
             ./sol` for a compiled program in this directory or `-- python3 sol.py`",
            self.why
        )
    }
}

impl CannotStart {
    /// The failure to start behind `result`, if that is what it shows.
    pub fn from_result(result: &TestResult) -> Option<CannotStart> {
        match &result.verdict {
            Verdict::RE(RuntimeError::CannotStart(why)) => Some(CannotStart { why: why.clone() }),
            _ => None,
        }
    }
}
