//! `validate`: the strict input validator (testlib's strict mode).
//!
//! It reads an input with the core parser under [`ReadOptions::STRICT`]: the statement's
//! exact layout (single spaces, one `\n` per line, a final newline, no `\r`, no trailing
//! spaces), canonical numbers (no leading zeros, `+` or `-0`), the statement's ranges, a
//! permutation of 1..8 per magic board, eight of each digit per rotation board, the
//! terminator with nothing after it, and a limit on the number of cases: [`InputLimits`],
//! a format's ([`InputLimits::of_format`]: by default the format's widest,
//! [`Format::max_cases`], or one given by hand) or a problem's, which judge.toml gives
//! ([`ProblemPlan::input_limits`](crate::problemset::plan::ProblemPlan::input_limits)). The
//! verdict is told in a judge system's exit codes ([`Finding::exit_code`]). The `validate`
//! binary holds the command line: it finds judge.toml and the problem, and passes limits.

use std::io::BufRead;

use crate::check::protocol::Protocol;
use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::Sicily;
use crate::format::{Cases, ErrorKind, Format, ParseError, Problem, ReadOptions};

/// What the validator found, to be told to the caller in its protocol's exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The input is valid.
    Valid,
    /// The input breaks the format or the limits.
    Invalid,
    /// The input cannot be opened or read to its end: neither verdict.
    Unreadable,
}

impl Finding {
    /// What a whole validation ([`validate`]) found: a read error is no verdict on the input.
    pub fn of(result: &Result<usize, ParseError>) -> Finding {
        match result {
            Ok(_) => Finding::Valid,
            Err(e) if matches!(e.kind, ErrorKind::Io(_)) => Finding::Unreadable,
            Err(_) => Finding::Invalid,
        }
    }

    /// The exit code under `protocol`: testlib (Polygon, Codeforces) 0 when valid, 3 when
    /// not and when unreadable (testlib's "fail"); Kattis 42 when valid, 43 when not, and 1
    /// when unreadable, which is neither verdict (a judge error). CMS runs no input
    /// validator: the `validate` binary refuses it, and it is given testlib's codes here.
    pub fn exit_code(self, protocol: Protocol) -> u8 {
        match (protocol, self) {
            (Protocol::Kattis, Finding::Valid) => 42,
            (Protocol::Kattis, Finding::Invalid) => 43,
            (Protocol::Kattis, Finding::Unreadable) => 1,
            (Protocol::Testlib | Protocol::Cms, Finding::Valid) => 0,
            (Protocol::Testlib | Protocol::Cms, Finding::Invalid | Finding::Unreadable) => 3,
        }
    }
}

/// Validates a whole input of `format` with at most `max_cases` cases, returning the number
/// of cases (for sicily and rotation, not counting the terminator).
pub fn validate(
    format: Format,
    max_cases: usize,
    input: impl BufRead,
) -> Result<usize, ParseError> {
    let options = ReadOptions::STRICT.with_max_cases(max_cases);
    match format {
        Format::Sicily => count::<Sicily>(input, options),
        Format::Msquare => count::<Msquare>(input, options),
        Format::Rotation => count::<Rotation>(input, options),
    }
}

fn count<P: Problem>(input: impl BufRead, options: ReadOptions) -> Result<usize, ParseError> {
    Cases::<P, _>::new(input, options).try_fold(0, |cases, case| case.map(|_| cases + 1))
}

/// What an input is validated against: a format's layout and ranges and a case limit, with
/// where that limit comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputLimits {
    /// The format.
    pub format: Format,
    /// The most cases one input may hold.
    pub max_cases: usize,
    /// Where `max_cases` comes from.
    pub origin: Origin,
}

/// Where the case limit of [`InputLimits`] comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The format's widest ([`Format::max_cases`]): no problem's limit was given.
    Format,
    /// Given by hand (the `validate` binary's `--max-cases`).
    Given,
    /// A problem of judge.toml
    /// ([`ProblemPlan::input_limits`](crate::problemset::plan::ProblemPlan::input_limits)).
    Problem {
        /// Its name.
        name: String,
        /// `judge.toml:LINE`, the line that sets its `max_cases` (or the problem's line).
        at: String,
    },
}

impl InputLimits {
    /// A format's limits: its widest case limit, or `max_cases` given by hand.
    pub fn of_format(format: Format, max_cases: Option<usize>) -> InputLimits {
        let (max_cases, origin) = match max_cases {
            Some(k) => (k, Origin::Given),
            None => (format.max_cases(), Origin::Format),
        };
        InputLimits {
            format,
            max_cases,
            origin,
        }
    }

    /// Validates a whole input: its number of cases, or the first fault.
    pub fn validate(&self, input: impl BufRead) -> Result<usize, ParseError> {
        validate(self.format, self.max_cases, input)
    }

    /// One line on the input called `name`: `NAME: valid: 30 cases (at most 30, the problem
    /// rotation's max_cases)`, or the first fault, `NAME:LINE:COL: case 31: more than 30
    /// cases ... (the problem rotation's max_cases, judge.toml:LINE)`.
    pub fn verdict(&self, name: &str, result: &Result<usize, ParseError>) -> String {
        match result {
            Ok(cases) => {
                let s = if *cases == 1 { "" } else { "s" };
                let whose = match &self.origin {
                    Origin::Problem { name, .. } => format!(", the problem {name}'s max_cases"),
                    Origin::Format | Origin::Given => String::new(),
                };
                format!(
                    "{name}: valid: {cases} case{s} (at most {}{whose})",
                    self.max_cases
                )
            }
            Err(e) => {
                let whose = match (&e.kind, &self.origin) {
                    (ErrorKind::TooManyCases { .. }, Origin::Problem { name, at }) => {
                        format!(" (the problem {name}'s max_cases, {at})")
                    }
                    _ => String::new(),
                };
                format!("{name}:{e}{whose}")
            }
        }
    }
}
