//! What a contestant may be told: a verdict, a case number, a line number and a fixed phrase.
//!
//! A [`TeamMessage`] can only be built from `&'static str` phrases and numbers, so it never
//! holds the expected answer, a board, the input or the contestant's own bytes: whatever the
//! output, a contestant cannot learn a secret test's answer from it.

use std::fmt;

use super::CheckVerdict;

/// The contestant-facing message of an outcome, e.g. `WA case 3: not a shortest sequence`.
/// Built only from fixed phrases and numbers (see the module documentation). Short, with the
/// verdict, the case and the line first: DMOJ keeps the first 50 characters of a case's
/// feedback, and every line fits in them while the case and the line number have ten digits
/// between them (a wrong answer's phrase is at most 35 characters, a presentation error's 24).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMessage(String);

impl TeamMessage {
    /// `<WA|PE>[ case K][ line L]: <brief>`; the line is given for presentation errors only
    /// (where the layout is wrong, it tells nothing about the answer).
    pub fn new(
        verdict: CheckVerdict,
        case: Option<usize>,
        line: Option<u64>,
        brief: &'static str,
    ) -> TeamMessage {
        let mut text = verdict_code(verdict).to_string();
        if let Some(k) = case {
            text.push_str(&format!(" case {k}"));
        }
        if let (CheckVerdict::PresentationError, Some(l)) = (verdict, line) {
            text.push_str(&format!(" line {l}"));
        }
        text.push_str(": ");
        text.push_str(brief);
        TeamMessage(text)
    }

    /// The verdict alone: `accepted`, `judge error`.
    pub fn verdict_only(verdict: CheckVerdict) -> TeamMessage {
        TeamMessage(verdict_words(verdict).to_string())
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TeamMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The verdict as the line of a rejection starts: the codes contestants know, WA and PE.
fn verdict_code(verdict: CheckVerdict) -> &'static str {
    match verdict {
        CheckVerdict::WrongAnswer => "WA",
        CheckVerdict::PresentationError => "PE",
        other => verdict_words(other),
    }
}

/// The verdict in words a contestant reads.
fn verdict_words(verdict: CheckVerdict) -> &'static str {
    match verdict {
        CheckVerdict::Accepted => "accepted",
        CheckVerdict::WrongAnswer => "wrong answer",
        CheckVerdict::PresentationError => "presentation error",
        CheckVerdict::Fail => "judge error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_verdict_case_and_line() {
        let m = TeamMessage::new(
            CheckVerdict::WrongAnswer,
            Some(3),
            Some(3),
            "not a shortest sequence",
        );
        assert_eq!(m.as_str(), "WA case 3: not a shortest sequence");
        let m = TeamMessage::new(CheckVerdict::PresentationError, Some(2), Some(5), "x");
        assert_eq!(m.as_str(), "PE case 2 line 5: x");
        let m = TeamMessage::new(CheckVerdict::PresentationError, None, Some(5), "x");
        assert_eq!(m.as_str(), "PE line 5: x");
        let m = TeamMessage::new(CheckVerdict::WrongAnswer, None, None, "output too long");
        assert_eq!(m.as_str(), "WA: output too long");
        assert_eq!(
            TeamMessage::verdict_only(CheckVerdict::Accepted).as_str(),
            "accepted"
        );
    }
}
