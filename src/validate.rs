//! `validate`: the strict input validator (testlib's strict mode).
//!
//! It reads an input with the core parser under [`ReadOptions::STRICT`]: the statement's
//! exact layout (single spaces, one `\n` per line, a final newline, no `\r`, no trailing
//! spaces), canonical numbers (no leading zeros, `+` or `-0`), the statement's ranges, a
//! permutation of 1..8 per magic board, eight of each digit per rotation board, the
//! terminator with nothing after it, and the problem's limit on the number of cases: a
//! problem's limits from judge.toml ([`InputLimits::of_problem`]: `--problem`, `judge
//! validate`), or a format's ([`InputLimits::of_format`]: `--max-cases`, by default the
//! format's widest, [`Format::max_cases`], with a note naming the problems that allow fewer).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, ValueEnum};

use crate::cli::open_input;
use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::Sicily;
use crate::format::{Cases, ErrorKind, Format, ParseError, Problem, ReadOptions};
use crate::problemset::plan::{Plan, ProblemPlan};

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

/// Check that a test input follows the statement's format exactly, and a problem's limits.
///
/// Valid: exit 0 and FILE: valid: N cases (at most K) on standard error. Invalid: exit 3 and
/// FILE:LINE:COL: REASON on standard error (the first fault only). Standard output stays
/// empty, as a testlib validator's. With --protocol kattis: exit 42 / 43, the input is read from
/// standard input, and any arguments after the options (the judge's flags) are ignored.
/// Exit 2: bad usage (also no judge.toml for --problem, or an unknown problem).
///
/// Every limit of the statement is checked: the layout, the ranges, and the number of cases.
/// Problems that share a format state different case limits (sicily: 30, sicilylarge:
/// 100,000): --problem NAME checks NAME's limits as judge.toml gives them (its format and
/// max_cases; judge.toml found in the current directory or the nearest one above it, or
/// given with --plan), --max-cases K gives the case limit by hand. With a FORMAT alone the
/// format's widest limits apply (sicily 100,000, rotation 1,000, msquare one board) and a
/// valid input gets a note naming the problems of judge.toml that allow fewer, which were
/// not checked.
///
/// Examples:
///   validate --problem rotation testdata/rotation/samples/statement.in
///   validate sicily --max-cases 30 testdata/sicily/samples/statement.in
///   validate rotation --max-cases 30 --protocol kattis < 01.in
#[derive(Parser, Clone, Debug, PartialEq, Eq)]
#[command(
    name = "validate",
    version,
    verbatim_doc_comment,
    override_usage = "validate [OPTIONS] <FORMAT> [INPUT]\n       validate [OPTIONS] --problem <NAME> [INPUT]"
)]
pub struct ValidateArgs {
    /// The problem format (sicily, msquare, rotation); not with --problem, which gives it.
    /// With --problem, the input file.
    #[arg(value_name = "FORMAT", allow_hyphen_values = true)]
    pub first: Option<String>,
    /// The problem of judge.toml whose limits to check (its format and max_cases).
    #[arg(long, value_name = "NAME", conflicts_with = "max_cases")]
    pub problem: Option<String>,
    /// judge.toml, for --problem (default: judge.toml in the current directory or the
    /// nearest one above it).
    #[arg(long, value_name = "FILE")]
    pub plan: Option<PathBuf>,
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
    /// `--max-cases`.
    Given,
    /// A problem of judge.toml.
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
        match max_cases {
            Some(k) => InputLimits {
                format,
                max_cases: k,
                origin: Origin::Given,
            },
            None => InputLimits {
                format,
                max_cases: format.max_cases(),
                origin: Origin::Format,
            },
        }
    }

    /// The limits judge.toml (read from `plan`) gives `problem`: everything it says about
    /// inputs, its format and its `max_cases`.
    pub fn of_problem(problem: &ProblemPlan, plan: &Path) -> InputLimits {
        InputLimits {
            format: problem.format,
            max_cases: problem.max_cases,
            origin: Origin::Problem {
                name: problem.name.clone(),
                at: format!("{}:{}", plan.display(), problem.max_cases_line),
            },
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

/// The note for an input found valid against a format's widest limits only: which problems
/// of `plan` (judge.toml, if one was found and read) state a smaller case limit for the
/// format, unchecked, and how to check them; `None` when no problem of the plan allows fewer
/// (or none can: msquare's one board is every msquare problem's limit).
pub fn format_only_note(format: Format, plan: Option<Result<&Plan, String>>) -> Option<String> {
    if format.max_cases() == 1 {
        return None;
    }
    let head = format!(
        "{format}: checked the format only (at most {} cases)",
        format.max_cases()
    );
    let plan = match plan {
        None => {
            return Some(format!(
                "{head}; no judge.toml here or in a directory above to name a problem's \
                 limits: use --problem NAME (with --plan FILE) or --max-cases K"
            ));
        }
        Some(Err(e)) => {
            return Some(format!(
                "{head}; judge.toml cannot be read to name a problem's limits ({e}): use \
                 --max-cases K"
            ));
        }
        Some(Ok(plan)) => plan,
    };
    let narrower: Vec<&ProblemPlan> = plan
        .problems
        .iter()
        .filter(|p| p.format == format && p.max_cases < format.max_cases())
        .collect();
    if narrower.is_empty() {
        return None;
    }
    let allows: Vec<String> = narrower
        .iter()
        .map(|p| {
            format!(
                "the problem {} allows at most {} cases",
                p.name, p.max_cases
            )
        })
        .collect();
    let uses: Vec<String> = narrower
        .iter()
        .map(|p| format!("--problem {} or --max-cases {}", p.name, p.max_cases))
        .collect();
    Some(format!(
        "{format}: checked the format only; {}: use {}",
        allows.join(", "),
        uses.join("; ")
    ))
}

/// Runs the validator as the `validate` binary does: reports to `err`, returns the exit code.
/// `here` is the directory judge.toml is looked for from (the current directory).
pub fn run(args: &ValidateArgs, here: &Path, err: &mut dyn Write) -> u8 {
    let protocol = args.protocol;
    let usage = |err: &mut dyn Write, message: String| {
        let _ = writeln!(err, "validate: {message}");
        2
    };
    let (limits, note, words) = match (&args.problem, &args.first) {
        (Some(name), first) => {
            if let Some(format) = first.as_deref().filter(|w| w.parse::<Format>().is_ok()) {
                return usage(
                    err,
                    format!(
                        "give a FORMAT ({format}) or --problem {name}, not both: the problem \
                         gives its format"
                    ),
                );
            }
            let plan = match find_plan(args.plan.as_deref(), here) {
                Ok(plan) => plan,
                Err(e) => return usage(err, e),
            };
            let problem = match plan.problem(name) {
                Ok(problem) => problem,
                Err(e) => return usage(err, e),
            };
            let limits = InputLimits::of_problem(problem, &plan.path);
            (
                limits,
                None,
                first.iter().chain(&args.rest).collect::<Vec<_>>(),
            )
        }
        (None, None) => {
            return usage(
                err,
                "give a FORMAT (sicily, msquare, rotation) or --problem NAME".into(),
            );
        }
        (None, Some(first)) => {
            let format = match first.parse::<Format>() {
                Ok(format) => format,
                Err(e) => return usage(err, format!("{e}, or --problem NAME")),
            };
            if args.plan.is_some() {
                return usage(err, "--plan is for --problem".into());
            }
            let max_cases = args
                .max_cases
                .map(|k| usize::try_from(k).unwrap_or(usize::MAX));
            let limits = InputLimits::of_format(format, max_cases);
            let note = limits.origin == Origin::Format;
            (limits, note.then_some(format), args.rest.iter().collect())
        }
    };
    let path = match (protocol, words.as_slice()) {
        (Protocol::Kattis, _) | (Protocol::Testlib, []) => None,
        (Protocol::Testlib, [path]) if *path == "-" || !path.starts_with('-') => Some(*path),
        (Protocol::Testlib, _) => {
            return usage(
                err,
                format!(
                    "expected at most one input file, found {words:?} (judge flags are \
                     accepted only with --protocol kattis)"
                ),
            );
        }
    };
    let input = match open_input(path.map(Path::new)) {
        Ok(input) => input,
        Err(e) => {
            let _ = writeln!(err, "validate: cannot open the input: {e}");
            return protocol.cannot_read();
        }
    };
    let result = limits.validate(input.reader);
    // One line either way, on standard error (standard output stays empty, as a testlib
    // validator's): a human who runs it sees that it checked something.
    let _ = writeln!(err, "{}", limits.verdict(&input.name, &result));
    match result {
        Ok(_) => {
            // A valid input against the format's widest limits: say what was not checked.
            if let Some(format) = note {
                let plan =
                    Plan::find(here).map(|path| Plan::load(&path).map_err(|e| e.to_string()));
                let plan = plan.as_ref().map(|p| p.as_ref().map_err(Clone::clone));
                if let Some(note) = format_only_note(format, plan) {
                    let _ = writeln!(err, "note: {note}");
                }
            }
            protocol.valid()
        }
        Err(e) => match e.kind {
            ErrorKind::Io(_) => protocol.cannot_read(),
            _ => protocol.invalid(),
        },
    }
}

/// judge.toml: `given` (`--plan`), else the one in `here` or the nearest directory above it.
fn find_plan(given: Option<&Path>, here: &Path) -> Result<Plan, String> {
    let path = match given {
        Some(path) => path.to_path_buf(),
        None => Plan::find(here).ok_or_else(|| {
            format!(
                "--problem needs judge.toml: none in {} or any directory above it; give its \
                 path with --plan",
                here.display()
            )
        })?,
    };
    Plan::load(&path).map_err(|e| e.to_string())
}
