//! The outcome a shipped solution must get on its problem's test set: judge.toml's
//! `expected`, and the name of the verdict folder that declares it
//! ([`crate::problemset::folders`]).

use serde::{Deserialize, Serialize};

/// The outcome a shipped solution must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expected {
    /// Every test accepted.
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
