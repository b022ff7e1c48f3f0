//! What a test gives: its verdict ([`Verdict`]) and the result of its run ([`TestResult`]),
//! as every report shows them.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

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
