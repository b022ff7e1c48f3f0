//! Judging a solution: run it on a test under the problem's limits and judge its output with
//! the checker in process. Used by `judge run`, `judge stress` and `judge strength`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::check::{self, Verdict as CheckVerdict};
use crate::problemset::manifest::Entry;
use crate::problemset::plan::ProblemPlan;
use crate::runner::{self, Input, Limits, Outcome as RunOutcome, Sandbox, TimeKind};
use crate::text;

/// The verdict on one test, as judges name them. In JSON it is its short name (`"WA"`);
/// [`Verdict::detail`] goes beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
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

    /// What qualifies the verdict: `cpu` or `wall` for TLE, the exit code, signal or reason
    /// for RE; `None` for the others.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Verdict::TLE(detail) | Verdict::RE(detail) => Some(detail),
            _ => None,
        }
    }

    /// True for a wrong or malformed output (what a wrong-answer solution must get).
    pub fn is_wrong_output(&self) -> bool {
        matches!(self, Verdict::WA | Verdict::PE)
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.short())
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

/// What happened on one test. In JSON: `test`, `group`, `verdict` (`"WA"`), `detail`
/// ([`Verdict::detail`] or null), the times and memory, `summary` and `message`.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The test: `group/name` for a test of the built data.
    pub test: String,
    /// Its group; empty for a test outside the built data (stress, `judge check` on a file).
    pub group: String,
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
    pub details: String,
    /// How many times it ran: 1, or more when a time verdict was confirmed ([`Confirm`]);
    /// the verdict and the times are those of the fastest run. 0 for an output judged
    /// without running anything (`judge check`).
    pub runs: usize,
}

#[cfg(test)]
impl TestResult {
    /// A made-up result for unit tests: `test` (its group is what comes before its `/`) with
    /// `verdict` in `cpu` seconds (wall the same), run once, no message.
    pub(crate) fn made_up(test: &str, verdict: Verdict, cpu: f64) -> TestResult {
        TestResult {
            test: test.into(),
            group: test.split_once('/').map_or("", |(g, _)| g).into(),
            verdict,
            cpu_seconds: cpu,
            wall_seconds: cpu,
            peak_memory_bytes: 0,
            summary: String::new(),
            details: String::new(),
            runs: 1,
        }
    }
}

impl TestResult {
    /// The same result with its texts (the test's name, the summary and the message) as
    /// [`text::visible`] shows them: they quote the solution's output and standard error, and
    /// no control or invisible character of theirs reaches the table, the live lines, JSON or
    /// HTML raw. The verdict is untouched.
    pub fn visible(self) -> TestResult {
        TestResult {
            test: text::visible(&self.test).into_owned(),
            summary: text::visible(&self.summary).into_owned(),
            details: text::visible(&self.details).into_owned(),
            ..self
        }
    }
}

impl Serialize for TestResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("TestResult", 10)?;
        s.serialize_field("test", &self.test)?;
        s.serialize_field("group", &self.group)?;
        s.serialize_field("verdict", &self.verdict)?;
        s.serialize_field("detail", &self.verdict.detail())?;
        s.serialize_field("cpu_seconds", &self.cpu_seconds)?;
        s.serialize_field("wall_seconds", &self.wall_seconds)?;
        s.serialize_field("peak_memory_bytes", &self.peak_memory_bytes)?;
        s.serialize_field("runs", &self.runs)?;
        s.serialize_field("summary", &self.summary)?;
        s.serialize_field("message", &self.details)?;
        s.end()
    }
}

/// Which runs are run again before their verdict is given, and how many times: a run that
/// ends in TLE (CPU time or wall clock), or whose CPU time is at least [`Confirm::near`] of
/// the limit, is re-run up to [`Confirm::reruns`] times, and the fastest run gives the verdict
/// and the times ([`Confirm::judge`]). Noise on a busy machine only ever adds time (a core
/// shared, caches and memory bandwidth shared, a run waiting for a core), so the fastest of
/// several runs is the closest to what the program needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Confirm {
    /// Re-runs at most; 0 turns confirmation off.
    pub reruns: usize,
    /// The share of the time limit from which a run is re-run even when it ended in time.
    pub near: f64,
}

impl Confirm {
    /// The default: up to 2 re-runs, from 80 % of the limit.
    pub const DEFAULT: Confirm = Confirm {
        reruns: 2,
        near: 0.8,
    };

    /// No re-run: every verdict from one run.
    pub const OFF: Confirm = Confirm {
        reruns: 0,
        near: 1.0,
    };

    /// Runs `run` once, and again while the best run so far is in doubt (a TLE, or CPU time
    /// at least `near` of `limit`), at most `reruns` more times; the best run is the result,
    /// with [`TestResult::runs`] saying how many there were ([`Confirm::faster`]). No re-run
    /// starts once the judge is interrupted ([`runner::interrupted`]).
    pub fn judge(&self, limit: Duration, mut run: impl FnMut() -> TestResult) -> TestResult {
        let limit = limit.as_secs_f64();
        let in_doubt = |r: &TestResult| {
            matches!(r.verdict, Verdict::TLE(_)) || r.cpu_seconds >= self.near * limit
        };
        let mut best = run();
        let mut runs = 1;
        while runs <= self.reruns && in_doubt(&best) && runner::interrupted().is_none() {
            let again = run();
            runs += 1;
            if Confirm::faster(&again, &best) {
                best = again;
            }
        }
        best.runs = runs;
        best
    }

    /// Whether run `a` was faster than run `b`: a run that ended (whatever its verdict)
    /// before one stopped for time, and then the one with less CPU time; of two runs stopped
    /// for time, one stopped at the CPU limit (it proves that the program needs more) before
    /// one stopped by the wall clock, and of two stopped by the wall clock the one that got
    /// more CPU time (it came closer to an end).
    pub fn faster(a: &TestResult, b: &TestResult) -> bool {
        let rank = |r: &TestResult| match &r.verdict {
            Verdict::TLE(kind) if kind == "wall" => 2,
            Verdict::TLE(_) => 1,
            _ => 0,
        };
        match rank(a).cmp(&rank(b)) {
            std::cmp::Ordering::Equal if rank(a) == 2 => a.cpu_seconds > b.cpu_seconds,
            std::cmp::Ordering::Equal => a.cpu_seconds < b.cpu_seconds,
            order => order.is_lt(),
        }
    }
}

impl Default for Confirm {
    fn default() -> Confirm {
        Confirm::DEFAULT
    }
}

/// How the runs of a session are spread and confirmed: parallel workers, and the
/// confirmation re-runs of time verdicts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Parallel jobs (at least one).
    pub workers: usize,
    /// Which runs are run again.
    pub confirm: Confirm,
}

/// The detail of [`Verdict::RE`] for a command that could not start.
pub const CANNOT_START: &str = "cannot start";

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
        group: String::new(),
        verdict: Verdict::AC,
        cpu_seconds: run.cpu.as_secs_f64(),
        wall_seconds: run.wall.as_secs_f64(),
        peak_memory_bytes: run.peak_memory_bytes,
        summary: String::new(),
        details: String::new(),
        runs: 1,
    };
    // The solution's own text: no escape sequence of its clears the screen, moves the cursor,
    // reorders or forges a line of the report or writes the clipboard.
    let stderr = text::visible_bytes(&run.stderr_tail);
    result.verdict = match &run.outcome {
        RunOutcome::Exited(0) => {
            let judged = judge_output(problem, name, input, answer, &run.stdout);
            result.summary = judged.summary;
            result.details = judged.details;
            judged.verdict
        }
        RunOutcome::Exited(code) => {
            Verdict::RE(disk_reason(format!("exit code {code}"), &run, &limits))
        }
        RunOutcome::Signaled(signal) => {
            Verdict::RE(disk_reason(runner::signal_name(*signal), &run, &limits))
        }
        RunOutcome::TimeLimit(TimeKind::Cpu) => Verdict::TLE("cpu".into()),
        RunOutcome::TimeLimit(TimeKind::Wall) => Verdict::TLE("wall".into()),
        RunOutcome::MemoryLimit => Verdict::MLE,
        RunOutcome::OutputLimit => Verdict::OLE,
        RunOutcome::SpawnFailed(_) => Verdict::RE(CANNOT_START.into()),
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
    result.visible()
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
        group: String::new(),
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
        runs: 0,
    }
    .visible()
}

/// A runtime error's reason, with the disk limit named when the run most likely failed at it
/// (`exit code 1; the run's disk limit, 64 MiB, was reached`).
fn disk_reason(reason: String, run: &runner::RunResult, limits: &Limits) -> String {
    if runner::disk_limit_reached(run) {
        format!(
            "{reason}; the run's disk limit, {} MiB, was reached",
            limits.file_bytes >> 20
        )
    } else {
        reason
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

    /// Runs `cmd` on this test in `sandbox` and judges its output ([`judge_test`]), running
    /// it again as `confirm` says; the result names the test's group.
    pub fn judge(
        &self,
        problem: &ProblemPlan,
        cmd: &[String],
        limits: &Limits,
        sandbox: &Sandbox,
        confirm: Confirm,
    ) -> TestResult {
        let result = confirm.judge(limits.cpu, || {
            judge_test(
                problem,
                &self.id,
                &self.input,
                &self.answer,
                cmd,
                limits,
                sandbox,
            )
        });
        TestResult {
            group: self.group.clone(),
            ..result
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
            Verdict::RE(why) if why == CANNOT_START => Some(CannotStart {
                why: result
                    .summary
                    .strip_prefix("cannot start: ")
                    .unwrap_or(&result.summary)
                    .to_string(),
            }),
            _ => None,
        }
    }
}

/// Runs `cmd` on `test` and judges it, confirmed as `confirm` says; a test whose files cannot
/// be read is a judge failure.
fn run_one(
    problem: &ProblemPlan,
    test: &TestFiles,
    cmd: &[String],
    limits: &Limits,
    sandbox: &Sandbox,
    confirm: Confirm,
) -> TestResult {
    let mut result = match test.load() {
        Ok(loaded) => loaded.judge(problem, cmd, limits, sandbox, confirm),
        Err(why) => TestResult {
            test: test.id.clone(),
            group: String::new(),
            verdict: Verdict::FAIL,
            cpu_seconds: 0.0,
            wall_seconds: 0.0,
            peak_memory_bytes: 0,
            details: why.clone(),
            summary: why,
            runs: 1,
        },
    };
    result.group = test.group.clone();
    result
}

/// Runs `cmd` on every test in `tests` in `sandbox` as `schedule` says (workers,
/// confirmation), judging each, in order; `finished` gets each result as it comes (its
/// confirmation runs included). The first test runs alone: if the command cannot start there,
/// the run stops with [`CannotStart`] rather than giving every test the same RE. Once the
/// judge is interrupted ([`runner::interrupted`]) no test starts, and a run that ends after it
/// is left out: the results are those of the tests that finished.
pub fn run_tests(
    problem: &ProblemPlan,
    tests: &[TestFiles],
    cmd: &[String],
    limits: &Limits,
    sandbox: &Sandbox,
    schedule: Schedule,
    finished: &(dyn Fn(&TestResult) + Sync),
) -> Result<Vec<TestResult>, CannotStart> {
    let confirm = schedule.confirm;
    let run = |t: &TestFiles| {
        if runner::interrupted().is_some() {
            return None;
        }
        let result = run_one(problem, t, cmd, limits, sandbox, confirm);
        // Ended after the interrupt: maybe killed by the judge.
        runner::interrupted().is_none().then_some(result)
    };
    let Some((first, rest)) = tests.split_first() else {
        return Ok(Vec::new());
    };
    let Some(result) = run(first) else {
        return Ok(Vec::new());
    };
    if let Some(e) = CannotStart::from_result(&result) {
        return Err(e);
    }
    finished(&result);
    let mut results = vec![result];
    let run = |t: &TestFiles| {
        let result = run(t)?;
        finished(&result);
        Some(result)
    };
    results.extend(
        runner::parallel(rest, schedule.workers, run)
            .into_iter()
            .flatten(),
    );
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(verdict: Verdict, cpu: f64) -> TestResult {
        TestResult::made_up("t", verdict, cpu)
    }

    /// Confirms the runs `seq` would give, in order: the result and how many were made.
    fn confirm(confirm: Confirm, seq: &[TestResult]) -> (TestResult, usize) {
        let mut made = 0;
        let r = confirm.judge(Duration::from_secs(1), || {
            made += 1;
            seq[made - 1].clone()
        });
        (r, made)
    }

    #[test]
    fn a_time_verdict_is_confirmed_and_the_fastest_run_counts() {
        let wall = || Verdict::TLE("wall".into());
        let cpu = || Verdict::TLE("cpu".into());
        // Far from the limit: one run.
        let (r, made) = confirm(Confirm::DEFAULT, &[result(Verdict::AC, 0.3)]);
        assert_eq!((r.verdict, r.runs, made), (Verdict::AC, 1, 1));
        // Stopped by the wall clock, then in time: AC, from 2 runs.
        let seq = [result(wall(), 0.4), result(Verdict::AC, 0.5)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!(
            (r.verdict, r.cpu_seconds, r.runs, made),
            (Verdict::AC, 0.5, 2, 2)
        );
        // Near the limit three times: the least CPU time.
        let seq = [
            result(Verdict::AC, 0.9),
            result(Verdict::AC, 0.85),
            result(Verdict::AC, 0.95),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.cpu_seconds, r.runs, made), (0.85, 3, 3));
        // TLE every time: the CPU-time TLE proves more than the wall clock's.
        let seq = [
            result(wall(), 0.6),
            result(cpu(), 1.01),
            result(wall(), 0.7),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.verdict, r.runs, made), (cpu(), 3, 3));
        // Two wall-clock TLEs: the one that got more CPU time.
        let seq = [
            result(wall(), 0.6),
            result(wall(), 0.7),
            result(wall(), 0.5),
        ];
        let (r, _) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!(r.cpu_seconds, 0.7);
        // Off: one run, whatever it gave.
        let (r, made) = confirm(Confirm::OFF, &[result(wall(), 0.4)]);
        assert_eq!((r.verdict, r.runs, made), (wall(), 1, 1));
        // A wrong answer near the limit is re-run too; a faster WA is still a WA.
        let seq = [result(Verdict::WA, 0.9), result(Verdict::WA, 0.5)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.verdict, r.cpu_seconds, made), (Verdict::WA, 0.5, 2));
    }
}
