//! What a test gives: its verdict ([`Verdict`]) and the result of its run ([`TestResult`]),
//! as every report shows them.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::check::CheckVerdict;
use crate::runner;
pub use crate::runner::TimeKind;
use crate::runner::load::RunLoad;
use crate::text;

/// The verdict on one test, as judges name them. In JSON it is its short name (`"WA"`);
/// [`Verdict::detail`] goes beside it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted (the default, that of a [`TestResult::default`]).
    #[default]
    AC,
    /// Wrong answer.
    WA,
    /// Presentation error.
    PE,
    /// Time limit exceeded, by CPU time or by the wall clock.
    TLE(TimeKind),
    /// Memory limit exceeded.
    MLE,
    /// Runtime error: the exit code, the signal, or that it could not start.
    RE(RuntimeError),
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
            Verdict::RE(_) => "RE",
            Verdict::FAIL => "FAIL",
        }
    }

    /// What qualifies the verdict: `cpu` or `wall` for TLE, the exit code, signal or
    /// `cannot start` for RE ([`RuntimeError`]'s text); `None` for the others.
    pub fn detail(&self) -> Option<String> {
        match self {
            Verdict::TLE(TimeKind::Cpu) => Some("cpu".into()),
            Verdict::TLE(TimeKind::Wall) => Some("wall".into()),
            Verdict::RE(why) => Some(why.to_string()),
            _ => None,
        }
    }

    /// True for a wrong or malformed output (what a wrong-answer solution must get).
    pub fn is_wrong_output(&self) -> bool {
        matches!(self, Verdict::WA | Verdict::PE)
    }

    /// The checker's verdict this is (AC, WA, PE, FAIL); `None` for a run that gave no output
    /// to judge (TLE, MLE, RE).
    pub fn checked(&self) -> Option<CheckVerdict> {
        match self {
            Verdict::AC => Some(CheckVerdict::Accepted),
            Verdict::WA => Some(CheckVerdict::WrongAnswer),
            Verdict::PE => Some(CheckVerdict::PresentationError),
            Verdict::FAIL => Some(CheckVerdict::Fail),
            Verdict::TLE(_) | Verdict::MLE | Verdict::RE(_) => None,
        }
    }
}

impl From<CheckVerdict> for Verdict {
    fn from(verdict: CheckVerdict) -> Verdict {
        match verdict {
            CheckVerdict::Accepted => Verdict::AC,
            CheckVerdict::WrongAnswer => Verdict::WA,
            CheckVerdict::PresentationError => Verdict::PE,
            CheckVerdict::Fail => Verdict::FAIL,
        }
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.short())
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.detail() {
            Some(detail) => write!(f, "{} ({detail})", self.short()),
            None => f.write_str(self.short()),
        }
    }
}

/// Why a run got [`Verdict::RE`]. Its text is the verdict's detail: `exit code 3`,
/// `SIGSEGV`, `cannot start`, with `; the run's disk limit, 64 MiB, was reached` after an
/// exit code or a signal where the run most likely failed at that limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuntimeError {
    /// It exited with this code, not 0.
    Exit {
        /// The exit code.
        code: i32,
        /// The run's disk limit in MiB, where the run most likely failed at it.
        disk_limit_mib: Option<u64>,
    },
    /// This signal killed it.
    Signal {
        /// The signal's number.
        signal: i32,
        /// The run's disk limit in MiB, where the run most likely failed at it.
        disk_limit_mib: Option<u64>,
    },
    /// The command could not start (not found, not executable): why, as the runner says it
    /// ([`text::visible`]).
    CannotStart(String),
}

impl fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, disk) = match self {
            RuntimeError::Exit {
                code,
                disk_limit_mib,
            } => (format!("exit code {code}"), disk_limit_mib),
            RuntimeError::Signal {
                signal,
                disk_limit_mib,
            } => (runner::signal_name(*signal), disk_limit_mib),
            RuntimeError::CannotStart(_) => return f.write_str("cannot start"),
        };
        f.write_str(&what)?;
        match disk {
            Some(mib) => write!(f, "; the run's disk limit, {mib} MiB, was reached"),
            None => Ok(()),
        }
    }
}

/// What happened on one test. In JSON: `test`, `group`, `verdict` (`"WA"`), `detail`
/// ([`Verdict::detail`] or null), the times and memory, `runs`, `limit_seconds` and
/// `over_limit` (a TLE: the run reached that limit; the times stay the raw figures),
/// `confirmation` ([`Confirmation`]), `summary` and `message`. Its default is an AC on no
/// test, with no time, memory, message or run: what a constructor fills in.
#[derive(Clone, Debug, Default)]
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
    /// How many times it ran: 1, or more when a TLE was confirmed
    /// ([`crate::judging::confirm::Confirm`]); the verdict and the times are those of the
    /// kept run ([`Confirmation::runs_detail`]). 0 for an output judged without running
    /// anything (`judge check`).
    pub runs: usize,
    /// For a TLE, the limit the run reached, in seconds: the CPU limit (`TLE (cpu)`) or the
    /// wall clock's (`TLE (wall)`). The run needed more than that; its CPU time is the raw
    /// figure counted when it was stopped (over the CPU limit for `TLE (cpu)`: the judge
    /// stops a run once its exact CPU time passed the limit). Every report shows a TLE by
    /// this limit ([`TestResult::over_limit`]), never by a time under it.
    pub limit_seconds: Option<f64>,
    /// Why it ran `runs` times, the load where its kept run ran, what its re-runs cost.
    pub confirmation: Confirmation,
}

/// How a test's time verdict was settled. In JSON: `settled`, `load` ([`RunLoad`], null
/// where it cannot be told), `run_delay_seconds` (null where it cannot be read),
/// `rerun_cpu_seconds`, `rerun_wall_seconds`, and where the test ran more than once
/// `runs_detail`, every run's figures in order ([`RunFigures`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Confirmation {
    /// Why the test ran [`TestResult::runs`] times.
    pub settled: Settled,
    /// The load during the kept run, where it ran (its core, or the machine).
    pub load: Option<RunLoad>,
    /// How long the kept run's processes were runnable but waiting for a CPU, in seconds
    /// ([`crate::runner::RunResult::run_delay`]); `None` where the kernel does not count it.
    pub run_delay_seconds: Option<f64>,
    /// The CPU seconds of the runs not kept (the re-runs' cost).
    pub rerun_cpu_seconds: f64,
    /// The wall-clock seconds of the runs not kept.
    pub rerun_wall_seconds: f64,
    /// Every run of a test that ran more than once, in order, the kept one marked; empty
    /// (and not in the JSON) for a test that ran once.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub runs_detail: Vec<RunFigures>,
}

/// One run of a test that ran more than once: what it gave and what it measured. In JSON:
/// `verdict`, `detail`, `cpu_seconds`, `wall_seconds`, `run_delay_seconds`, `load`, `kept`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunFigures {
    /// Its verdict.
    pub verdict: Verdict,
    /// What qualifies it ([`Verdict::detail`]).
    pub detail: Option<String>,
    /// CPU seconds (the raw figure, as [`TestResult::cpu_seconds`]).
    pub cpu_seconds: f64,
    /// Wall-clock seconds.
    pub wall_seconds: f64,
    /// How long it waited for a CPU, in seconds (`None`: not counted).
    pub run_delay_seconds: Option<f64>,
    /// The load during it, where it ran.
    pub load: Option<RunLoad>,
    /// Whether it is the run whose verdict and times the test reports.
    pub kept: bool,
}

impl RunFigures {
    /// The figures of `result`'s run.
    pub fn of(result: &TestResult) -> RunFigures {
        RunFigures {
            verdict: result.verdict.clone(),
            detail: result.verdict.detail(),
            cpu_seconds: result.cpu_seconds,
            wall_seconds: result.wall_seconds,
            run_delay_seconds: result.confirmation.run_delay_seconds,
            load: result.confirmation.load.clone(),
            kept: false,
        }
    }
}

impl fmt::Display for RunFigures {
    /// `TLE (wall) 0.650 s CPU 3.001 s wall, 2.100 s waiting for a CPU, others 0.80 CPU on
    /// its core` (the wait where it was counted).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {:.3} s CPU {:.3} s wall, ",
            self.verdict, self.cpu_seconds, self.wall_seconds
        )?;
        if let Some(waited) = self.run_delay_seconds {
            write!(f, "{waited:.3} s waiting for a CPU, ")?;
        }
        match &self.load {
            Some(l) => write!(
                f,
                "others {:.2} CPU on its {}{}",
                l.others_cpus,
                l.scope,
                if l.quiet { " (quiet)" } else { "" }
            ),
            None => f.write_str("load not known"),
        }
    }
}

/// Why a test ran as many times as it did. In JSON: `once`, `confirmed`, `quiet`, `idle`,
/// `inconsistent`, `not_at_stake`, `off`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Settled {
    /// Not a TLE (no other verdict is ever run again), or not run (`judge check`): one run.
    #[default]
    Once,
    /// A TLE, run again while the best run was one, up to the re-runs allowed; a re-run
    /// that ended in time and did the work the TLE showed overturned it.
    Confirmed,
    /// A TLE by CPU time on a quiet core (or machine): it stands, one run.
    Quiet,
    /// A TLE by the wall clock of a run that was not waiting for a CPU most of its wall
    /// time (its CPU time and its measured run-queue wait cover too little of it, or, where
    /// the wait is not counted, its CPU time and the others' where it ran): the program
    /// waited for something else, which no machine's load explains. It stands, one run.
    Idle,
    /// A re-run ended in time with less CPU time than the machine's load can explain
    /// ([`crate::judging::confirm::Confirm::near`] of what the TLE showed the program
    /// needs): not the same work slowed down. The TLE stands, and no more re-runs are made.
    Inconsistent,
    /// A TLE, but no re-run could change what the command decides (an intended-TLE
    /// solution; a wrong-answer solution's test that is not its first failure): one run.
    NotAtStake,
    /// Confirmation is off (`--confirm 0`, or by default where the sandbox cannot clear
    /// what a run leaves for the next): one run.
    Off,
}

impl Settled {
    /// Why a test in doubt was not run again, in words; `None` where there is nothing to say.
    pub fn why_once(self) -> Option<&'static str> {
        match self {
            Settled::Quiet => Some("a TLE by CPU time on a quiet core stands without re-runs"),
            Settled::Idle => Some(
                "a TLE by the wall clock of a run that was not waiting for a CPU most of the \
                 time stands without re-runs",
            ),
            Settled::NotAtStake => Some("no re-run could change the outcome"),
            Settled::Off => Some("confirmation off"),
            Settled::Once | Settled::Confirmed | Settled::Inconsistent => None,
        }
    }
}

impl Confirmation {
    /// Which run of a test that ran more than once is kept: `run 2 of 3 kept`. `None` for
    /// a test that ran once.
    pub fn kept(&self) -> Option<String> {
        (self.runs_detail.len() > 1).then(|| {
            let kept = self.runs_detail.iter().position(|r| r.kept).unwrap_or(0);
            format!("run {} of {} kept", kept + 1, self.runs_detail.len())
        })
    }

    /// The runs of a test that ran more than once, in words, for every report: `run 2 of 2
    /// kept (a re-run overturned the TLE): TLE (wall) 0.650 s CPU 3.001 s wall, others 0.80
    /// CPU on its core; AC 0.370 s CPU ...`. `None` for a test that ran once.
    pub fn told(&self) -> Option<String> {
        let kept_of = self.kept()?;
        let kept = self.runs_detail.iter().find(|r| r.kept);
        let why = match self.settled {
            Settled::Inconsistent => {
                "a re-run that ended in time did less CPU work than the load can explain: the \
                 TLE stands"
            }
            _ if kept.is_some_and(|k| !matches!(k.verdict, Verdict::TLE(_))) => {
                "a re-run overturned the TLE"
            }
            _ => "every run a TLE",
        };
        let runs: Vec<String> = self.runs_detail.iter().map(ToString::to_string).collect();
        Some(format!("{kept_of} ({why}): {}", runs.join("; ")))
    }
}

impl TestResult {
    /// For a TLE, the seconds the run is known to have needed more than: the limit it reached
    /// ([`TestResult::limit_seconds`]; where it is not known, the time it ran, CPU or wall
    /// clock as the TLE says). `None` for any other verdict.
    pub fn over_limit(&self) -> Option<f64> {
        let Verdict::TLE(kind) = self.verdict else {
            return None;
        };
        Some(self.limit_seconds.unwrap_or(if kind == TimeKind::Wall {
            self.wall_seconds
        } else {
            self.cpu_seconds
        }))
    }

    /// A judge failure (FAIL) on `test` of `group` before or without a judged run: `why` is
    /// its summary and message, `runs` the runs it took, no time or memory.
    pub fn jury_failure(test: String, group: String, why: String, runs: usize) -> TestResult {
        TestResult {
            test,
            group,
            verdict: Verdict::FAIL,
            details: why.clone(),
            summary: why,
            runs,
            ..TestResult::default()
        }
    }

    /// The same result with its texts (the test's name as one line, [`text::name`], the
    /// summary and the message) as [`text::visible`] shows them: they quote the solution's output and standard error, and
    /// no control or invisible character of theirs reaches the table, the live lines, JSON or
    /// HTML raw. The verdict is untouched.
    pub fn visible(self) -> TestResult {
        TestResult {
            test: text::name(&self.test).into_owned(),
            summary: text::visible(&self.summary).into_owned(),
            details: text::visible(&self.details).into_owned(),
            ..self
        }
    }
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
            runs: 1,
            ..TestResult::default()
        }
    }

    /// The same result as kept from `runs` runs alike (its first kept), confirmed.
    pub(crate) fn made_up_runs(mut self, runs: usize) -> TestResult {
        let mut figures = vec![RunFigures::of(&self); runs];
        figures[0].kept = true;
        self.runs = runs;
        self.confirmation.settled = Settled::Confirmed;
        self.confirmation.runs_detail = figures;
        self
    }
}

impl Serialize for TestResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("TestResult", 13)?;
        s.serialize_field("test", &self.test)?;
        s.serialize_field("group", &self.group)?;
        s.serialize_field("verdict", &self.verdict)?;
        s.serialize_field("detail", &self.verdict.detail())?;
        s.serialize_field("cpu_seconds", &self.cpu_seconds)?;
        s.serialize_field("wall_seconds", &self.wall_seconds)?;
        s.serialize_field("peak_memory_bytes", &self.peak_memory_bytes)?;
        s.serialize_field("runs", &self.runs)?;
        s.serialize_field("limit_seconds", &self.limit_seconds)?;
        s.serialize_field("over_limit", &self.over_limit().is_some())?;
        s.serialize_field("confirmation", &self.confirmation)?;
        s.serialize_field("summary", &self.summary)?;
        s.serialize_field("message", &self.details)?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_keeps_the_raw_time_of_a_tle_with_a_flag() {
        let tle = TestResult {
            limit_seconds: Some(3.0),
            ..TestResult::made_up("big/01", Verdict::TLE(TimeKind::Cpu), 2.99)
        };
        assert_eq!(tle.over_limit(), Some(3.0));
        let v = serde_json::to_value(&tle).unwrap();
        assert_eq!(v["cpu_seconds"], 2.99);
        assert_eq!(
            (&v["over_limit"], &v["limit_seconds"]),
            (&true.into(), &3.0.into())
        );
        assert_eq!(v["confirmation"]["settled"], "once");
        let ac = TestResult::made_up("big/02", Verdict::AC, 0.5);
        assert_eq!(ac.over_limit(), None);
        let v = serde_json::to_value(&ac).unwrap();
        assert_eq!(
            (&v["over_limit"], &v["limit_seconds"]),
            (&false.into(), &().into())
        );
        // A TLE whose limit is not known: the time it ran, as a lower bound.
        let wall = TestResult::made_up("big/03", Verdict::TLE(TimeKind::Wall), 0.5);
        assert_eq!(wall.over_limit(), Some(0.5));
    }

    #[test]
    fn a_typed_verdict_reads_as_its_old_string() {
        let exit = |disk_limit_mib| RuntimeError::Exit {
            code: 3,
            disk_limit_mib,
        };
        let signal = RuntimeError::Signal {
            signal: libc::SIGSEGV,
            disk_limit_mib: None,
        };
        let cases = [
            (Verdict::TLE(TimeKind::Cpu), "TLE (cpu)"),
            (Verdict::TLE(TimeKind::Wall), "TLE (wall)"),
            (Verdict::RE(exit(None)), "RE (exit code 3)"),
            (
                Verdict::RE(exit(Some(64))),
                "RE (exit code 3; the run's disk limit, 64 MiB, was reached)",
            ),
            (Verdict::RE(signal), "RE (SIGSEGV)"),
            (
                Verdict::RE(RuntimeError::CannotStart("no".into())),
                "RE (cannot start)",
            ),
            (Verdict::WA, "WA"),
        ];
        for (verdict, text) in cases {
            assert_eq!(verdict.to_string(), text);
            let result = TestResult::made_up("a/b", verdict, 0.1);
            let v = serde_json::to_value(&result).unwrap();
            let detail = text
                .strip_suffix(')')
                .and_then(|t| t.split_once(" ("))
                .map(|d| d.1);
            assert_eq!(v["detail"].as_str(), detail, "{text}");
        }
    }
}
