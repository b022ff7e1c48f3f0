//! The outcome a shipped solution must get on its problem's test set: judge.toml's
//! `expected`, and the name of the verdict folder that declares it
//! ([`crate::problemset::folders`]); and the DMOJ codes a `dmoj_expect` may name.

use serde::{Deserialize, Serialize};

/// The outcome a shipped solution must get.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expected {
    /// Every test accepted.
    #[default]
    Accepted,
    /// Some test rejects its output (wrong answer or presentation error), before any other
    /// failure.
    WrongAnswer,
    /// Some test runs out of time, before any other failure.
    TimeLimitExceeded,
}

impl Expected {
    /// Every outcome, in the order of the verdict folders' listings.
    pub const ALL: [Expected; 3] = [
        Expected::Accepted,
        Expected::WrongAnswer,
        Expected::TimeLimitExceeded,
    ];

    /// The name, as in judge.toml and Kattis: `accepted`, `wrong_answer`,
    /// `time_limit_exceeded`.
    pub fn name(self) -> &'static str {
        match self {
            Expected::Accepted => "accepted",
            Expected::WrongAnswer => "wrong_answer",
            Expected::TimeLimitExceeded => "time_limit_exceeded",
        }
    }
}

/// DMOJ's verdict codes, which a `dmoj_expect` may list.
const DMOJ_CODES: &[&str] = &["AC", "WA", "TLE", "MLE", "OLE", "IR", "RTE", "SC"];

/// Checks a `dmoj_expect`: one of [`DMOJ_CODES`], or a `[A, B]` list of them.
pub fn check_dmoj_expect(text: &str) -> Result<(), String> {
    let inner = (text.strip_prefix('[').and_then(|t| t.strip_suffix(']'))).unwrap_or(text);
    match inner
        .split(',')
        .map(str::trim)
        .find(|c| !DMOJ_CODES.contains(c))
    {
        Some(bad) => Err(format!(
            "`dmoj_expect = \"{text}\"`: {bad:?} is not a DMOJ code ({})",
            DMOJ_CODES.join(", ")
        )),
        None => Ok(()),
    }
}
