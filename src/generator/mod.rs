//! `gen`: seeded test inputs for the three formats, in the statement's exact layout.
//!
//! The output is a pure function of the arguments. The request is resolved into a [`Plan`]
//! (defaults filled in, options checked against the strategy); the plan's canonical text
//! ([`Plan::canonical`]) is hashed with SHA-256, and the digest keys a ChaCha20 stream
//! ([`random::Random`]), from which every integer is drawn by our own routines. Cases are
//! written as they are drawn, so a file of a million cases needs no memory for its cases.
//!
//! [`GenArgs`] is the one command-line definition, shared by the `gen` binary and by
//! [`GenArgs::parse_command`] (for judge.toml's generator commands).

pub mod magic;
pub mod plan;
pub mod random;
pub mod rotation;
pub mod strategy;

use std::fmt;
use std::io::{self, BufWriter, Write};

use clap::Parser;

use crate::format::Format;
pub use plan::Plan;
pub use strategy::{Strategy, strategies};

/// Largest `--cases`.
pub const MAX_CASES: u32 = 1_000_000;

/// Write one seeded test input to standard output, in the statement's exact layout.
///
/// The output depends on nothing but the arguments: the same command gives the same bytes on
/// any machine. A different seed gives a different file.
///
/// Examples:
///   gen sicily --seed 1 --strategy limit-below --cases 50
///   gen msquare --seed 3 --strategy distance --distance 17
///   gen rotation --seed 9 --strategy max-distance --cases 1000000 > big.in
#[derive(Parser, Clone, Debug, PartialEq, Eq)]
#[command(name = "gen", version, verbatim_doc_comment)]
pub struct GenArgs {
    /// The problem format.
    pub format: Format,
    /// The seed (0..=2^64-1).
    #[arg(long, value_name = "S")]
    pub seed: u64,
    /// How to choose the cases.
    #[arg(long, value_name = "NAME", default_value_t = Strategy::Uniform)]
    pub strategy: Strategy,
    /// Cases in the file (sicily, rotation: 1..=1000000). Default: 1, or one pass over the
    /// strategy's finite set (max-distance: 5 or 192; solved: 3; all: 40320).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=MAX_CASES as i64))]
    pub cases: Option<u32>,
    /// The exact distance (distance; many-solutions: the candidates' distance).
    #[arg(long, value_name = "D")]
    pub distance: Option<u8>,
    /// Sicily: the step limit N of every case (0..=2147483647). Default: uniform draws N in
    /// 0..=30; distance, max-distance, start and all draw it in 22..=10^9 (never -1)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i32::MAX as i64))]
    pub limit: Option<u32>,
    /// Magic max-distance: only the I-th of the five boards at 22, by clockwise order.
    #[arg(long, value_name = "I", value_parser = clap::value_parser!(u8).range(1..=5))]
    pub index: Option<u8>,
    /// Rotation solved: only this centre digit.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u8).range(1..=3))]
    pub centre: Option<u8>,
    /// Rotation ties: how many digits tie at the minimal distance (2 or 3; default 2).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(2..=3))]
    pub digits: Option<u8>,
    /// Rotation many-solutions: candidates examined per case (1..=10000; default 100).
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub pool: Option<u32>,
}

impl GenArgs {
    /// Parses a generator command as judge.toml writes it, e.g.
    /// `gen sicily --seed 7 --strategy limit-below --cases 50`: words separated by
    /// whitespace, the first being `gen`. Accepts exactly what the `gen` binary accepts, and
    /// checks the options against the strategy.
    pub fn parse_command(command: &str) -> Result<GenArgs, String> {
        let words: Vec<&str> = command.split_whitespace().collect();
        match words.first() {
            Some(&"gen") => {}
            Some(other) => {
                return Err(format!(
                    "a generator command starts with 'gen', not '{other}'"
                ));
            }
            None => return Err("empty generator command".into()),
        }
        let args = GenArgs::try_parse_from(&words).map_err(|e| one_line(&e.to_string()))?;
        Plan::resolve(&args)?;
        Ok(args)
    }
}

/// A clap error on one line, without the usage and the pointer to `--help`.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more"))
        .map(|l| l.strip_prefix("error: ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why [`generate`] failed.
#[derive(Debug)]
pub enum GenError {
    /// The options do not fit the format or the strategy.
    Plan(String),
    /// The output could not be written.
    Write(io::Error),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Plan(e) => f.write_str(e),
            GenError::Write(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for GenError {}

/// Writes the input that `args` describes to `out` (buffered here; flushed at the end).
pub fn generate(args: &GenArgs, out: &mut dyn Write) -> Result<(), GenError> {
    let plan = Plan::resolve(args).map_err(GenError::Plan)?;
    let mut rng = random::Random::from_text(&plan.canonical());
    let mut out = BufWriter::with_capacity(1 << 16, out);
    match plan.format {
        Format::Sicily => magic::write_sicily(&plan, &mut rng, &mut out),
        Format::Msquare => magic::write_msquare(&plan, &mut rng, &mut out),
        Format::Rotation => rotation::write_rotation(&plan, &mut rng, &mut out),
    }
    .and_then(|()| out.flush())
    .map_err(GenError::Write)
}

/// A note for standard error when the input `args` describes holds more cases than any
/// statement of the format allows ([`Format::max_cases`]): such a file is for stress and
/// speed work, and `validate` refuses it. `None` when it is within the limit.
pub fn limit_note(args: &GenArgs) -> Option<String> {
    let plan = Plan::resolve(args).ok()?;
    let max = plan.format.max_cases();
    (plan.cases as usize > max).then(|| {
        format!(
            "note: {} cases is outside the statements' limits (at most {max} for {}; a problem \
             may allow fewer, see max_cases in judge.toml): fine for stress and speed work, \
             but `validate` refuses it as a test",
            plan.cases, plan.format
        )
    })
}

/// The input that `args` describes, in memory (for small inputs and tests).
pub fn generate_to_vec(args: &GenArgs) -> Result<Vec<u8>, GenError> {
    let mut bytes = Vec::new();
    generate(args, &mut bytes)?;
    Ok(bytes)
}
