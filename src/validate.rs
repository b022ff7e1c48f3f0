//! `validate`: the strict input validator (testlib's strict mode).
//!
//! It reads an input with the core parser under [`ReadOptions::STRICT`]: the statement's
//! exact layout (single spaces, one `\n` per line, a final newline, no `\r`, no trailing
//! spaces), canonical numbers (no leading zeros, `+` or `-0`), the statement's ranges, a
//! permutation of 1..8 per magic board, eight of each digit per rotation board, the
//! terminator with nothing after it, and the problem's limit on the number of cases
//! (`--max-cases`, judge.toml's `max_cases`; by default the format's widest, [`Format::max_cases`]).

use std::io::{BufRead, Write};
use std::path::Path;

use clap::{Parser, ValueEnum};

use crate::cli::open_input;
use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::Sicily;
use crate::format::{Cases, ErrorKind, Format, ParseError, Problem, ReadOptions};

/// How the verdict is told to the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Protocol {
    /// Exit 0 when valid, 3 when not (testlib, Polygon, Codeforces).
    Testlib,
    /// Exit 42 when valid, 43 when not (Kattis problem format); the input is read from
    /// standard input and any further arguments are ignored.
    Kattis,
}

impl Protocol {
    /// The exit code for a valid input.
    pub fn valid(self) -> u8 {
        match self {
            Protocol::Testlib => 0,
            Protocol::Kattis => 42,
        }
    }

    /// The exit code for an invalid input.
    pub fn invalid(self) -> u8 {
        match self {
            Protocol::Testlib => 3,
            Protocol::Kattis => 43,
        }
    }

    /// The exit code when the input cannot be read at all: testlib's "fail" (3), and for
    /// Kattis 1, which is neither verdict (a judge error).
    pub fn cannot_read(self) -> u8 {
        match self {
            Protocol::Testlib => 3,
            Protocol::Kattis => 1,
        }
    }
}

/// Check that a test input follows the statement's format exactly.
///
/// Valid: exit 0 and FILE: valid: N cases (at most K) on standard error. Invalid: exit 3 and
/// FILE:LINE:COL: REASON on standard error (the first fault only). Standard output stays
/// empty, as a testlib validator's. With --protocol kattis: exit 42 / 43, the input is read from
/// standard input, and any arguments after the options (the judge's flags) are ignored.
/// Exit 2: bad usage.
///
/// Every limit of the statement is checked: the layout, the ranges, and the number of cases.
/// Problems that share a format state different case limits (sicily: 30, sicilylarge:
/// 100,000); give the problem's limit, judge.toml's `max_cases`, with --max-cases. Without
/// it the format's widest limit applies: sicily 100,000, rotation 1,000 (msquare: one
/// board).
///
/// Examples:
///   validate sicily --max-cases 30 testdata/sicily/samples/statement.in
///   validate rotation --max-cases 30 --protocol kattis < 01.in
#[derive(Parser, Clone, Debug, PartialEq, Eq)]
#[command(name = "validate", version, verbatim_doc_comment)]
pub struct ValidateArgs {
    /// The problem format.
    pub format: Format,
    /// The exit-code convention.
    #[arg(long, value_enum, default_value_t = Protocol::Testlib)]
    pub protocol: Protocol,
    /// The most cases an input may hold (not counting the terminator): the problem's
    /// statement limit. Default: the format's widest (sicily 100000, msquare 1, rotation
    /// 1000).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub max_cases: Option<u64>,
    /// The input file (testlib: standard input when omitted or `-`); with --protocol kattis,
    /// the judge's flags, ignored.
    #[arg(
        value_name = "INPUT",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub rest: Vec<String>,
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
    let mut cases = 0;
    for case in Cases::<P, _>::new(input, options) {
        case?;
        cases += 1;
    }
    Ok(cases)
}

/// Runs the validator as the `validate` binary does: reports to `err`, returns the exit code.
pub fn run(args: &ValidateArgs, err: &mut dyn Write) -> u8 {
    let protocol = args.protocol;
    let path = match (protocol, args.rest.as_slice()) {
        (Protocol::Kattis, _) | (Protocol::Testlib, []) => None,
        (Protocol::Testlib, [path]) if path == "-" || !path.starts_with('-') => Some(path),
        (Protocol::Testlib, _) => {
            let _ = writeln!(
                err,
                "validate: expected at most one input file, found {:?} (judge flags are \
                 accepted only with --protocol kattis)",
                args.rest
            );
            return 2;
        }
    };
    let input = match open_input(path.map(Path::new)) {
        Ok(input) => input,
        Err(e) => {
            let _ = writeln!(err, "validate: cannot open the input: {e}");
            return protocol.cannot_read();
        }
    };
    let max_cases = args.max_cases.map_or(args.format.max_cases(), |k| {
        usize::try_from(k).unwrap_or(usize::MAX)
    });
    match validate(args.format, max_cases, input.reader) {
        Ok(cases) => {
            // One line either way, on standard error (standard output stays empty, as a
            // testlib validator's): a human who runs it sees that it checked something.
            let s = if cases == 1 { "" } else { "s" };
            let _ = writeln!(
                err,
                "{}: valid: {cases} case{s} (at most {max_cases})",
                input.name
            );
            protocol.valid()
        }
        Err(e) => {
            let _ = writeln!(err, "{}:{e}", input.name);
            match e.kind {
                ErrorKind::Io(_) => protocol.cannot_read(),
                _ => protocol.invalid(),
            }
        }
    }
}
