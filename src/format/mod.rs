//! The three problem formats: read inputs (with positions in every error), write inputs in
//! the statement's exact layout, solve cases, and write the expected answers.
//!
//! Each format is a [`Problem`]; [`Cases`] streams the cases of an input one at a time, so a
//! file of a million cases is read in bounded memory.

pub mod msquare;
pub mod reader;
pub mod rotation;
pub mod sicily;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

pub use reader::{ErrorKind, Layout, ParseError, Pos, TokenReader};

/// The name of a problem format, as used on command lines, in judge.toml and in file names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Sicily 1151 魔板: many cases, each a step limit N and a board row by row; N = -1 ends.
    Sicily,
    /// USACO 3.2 Magic Squares / Luogu P2730: one board, clockwise.
    Msquare,
    /// UVA 1343 The Rotation Game: boards of 24 digits; a lone 0 ends.
    Rotation,
}

impl Format {
    /// All formats.
    pub const ALL: [Format; 3] = [Format::Sicily, Format::Msquare, Format::Rotation];

    /// The format's name: `sicily`, `msquare` or `rotation`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sicily => "sicily",
            Format::Msquare => "msquare",
            Format::Rotation => "rotation",
        }
    }

    /// The most cases an input of this format may hold under any statement of this problem
    /// set (the widest limit, that of the large problems): sicily 100,000, msquare 1 (one
    /// board), rotation 1,000. A problem states its own, smaller limit in judge.toml.
    pub fn max_cases(self) -> usize {
        match self {
            Format::Sicily => 100_000,
            Format::Msquare => 1,
            Format::Rotation => 1_000,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("unknown format '{s}': expected sicily, msquare or rotation"))
    }
}

/// How strictly an input is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// The token layout rules.
    pub layout: Layout,
    /// The largest step limit N accepted in a sicily case.
    pub max_step_limit: i64,
    /// The most cases an input may hold (not counting the terminator); one more is an error
    /// pointing at the extra case's first token.
    pub max_cases: usize,
}

impl ReadOptions {
    /// What the solver accepts: any whitespace, and N up to 2^63 - 1.
    pub const LENIENT: ReadOptions = ReadOptions {
        layout: Layout::Free,
        max_step_limit: i64::MAX,
        max_cases: usize::MAX,
    };
    /// What a jury input must satisfy when read by the checker: any whitespace, but the
    /// statement's ranges (N up to 2^31 - 1).
    pub const JURY: ReadOptions = ReadOptions {
        layout: Layout::Free,
        max_step_limit: i32::MAX as i64,
        max_cases: usize::MAX,
    };
    /// What the strict validator demands: the exact layout and the statement's ranges. The
    /// case count is not limited here: a validator sets its problem's limit with
    /// [`ReadOptions::with_max_cases`] (at most [`Format::max_cases`]).
    pub const STRICT: ReadOptions = ReadOptions {
        layout: Layout::Exact,
        max_step_limit: i32::MAX as i64,
        max_cases: usize::MAX,
    };

    /// These options with at most `max_cases` cases per input.
    pub fn with_max_cases(self, max_cases: usize) -> ReadOptions {
        ReadOptions { max_cases, ..self }
    }
}

/// One problem format: its cases, their exact layout, and their answers.
pub trait Problem {
    /// The format's name.
    const FORMAT: Format;
    /// One case of the input.
    type Case: Clone + fmt::Debug + PartialEq;
    /// The expected answer to one case.
    type Answer: Clone + fmt::Debug + PartialEq;

    /// Reads the case numbered `index` (from 1), or `None` at the end of the input (after its
    /// terminator, which must end the input). Errors inside a case name the case.
    fn read_case<R: BufRead>(
        input: &mut TokenReader<R>,
        options: &ReadOptions,
        index: usize,
    ) -> Result<Option<Self::Case>, ParseError>;

    /// Writes one case in the statement's exact layout.
    fn write_case(case: &Self::Case, out: &mut dyn Write) -> io::Result<()>;

    /// Writes what ends the input (the terminator, if the format has one).
    fn write_end(out: &mut dyn Write) -> io::Result<()>;

    /// The answer the judges expect.
    fn solve(case: &Self::Case) -> Self::Answer;

    /// Writes an answer exactly as the reference output does.
    fn write_answer(answer: &Self::Answer, out: &mut dyn Write) -> io::Result<()>;

    /// The number of moves in an answer, or `None` for sicily's `-1`.
    fn answer_length(answer: &Self::Answer) -> Option<usize>;
}

/// Streams the cases of an input, stopping at the end or at the first error.
pub struct Cases<P: Problem, R> {
    reader: TokenReader<R>,
    options: ReadOptions,
    index: usize,
    done: bool,
    problem: std::marker::PhantomData<P>,
}

impl<P: Problem, R: BufRead> Cases<P, R> {
    /// Reads the cases of `input` under `options`.
    pub fn new(input: R, options: ReadOptions) -> Cases<P, R> {
        Cases {
            reader: TokenReader::new(input, options.layout),
            options,
            index: 0,
            done: false,
            problem: std::marker::PhantomData,
        }
    }
}

impl<P: Problem, R: BufRead> Iterator for Cases<P, R> {
    type Item = Result<P::Case, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.index += 1;
        let index = self.index;
        let start = self.reader.pos();
        let mut result = P::read_case(&mut self.reader, &self.options, index).transpose();
        if matches!(result, Some(Ok(_))) && index > self.options.max_cases {
            let kind = ErrorKind::TooManyCases {
                max: self.options.max_cases,
            };
            result = Some(Err(self
                .reader
                .error_at(start, "a case", kind)
                .in_case(index)));
        }
        if !matches!(result, Some(Ok(_))) {
            self.done = true;
        }
        result
    }
}

/// Reads a whole input into memory (for inputs known to be small).
pub fn read_all<P: Problem>(
    input: impl BufRead,
    options: ReadOptions,
) -> Result<Vec<P::Case>, ParseError> {
    Cases::<P, _>::new(input, options).collect()
}

/// Writes a whole input in the exact layout: the cases, then the terminator.
pub fn write_input<P: Problem>(cases: &[P::Case], out: &mut dyn Write) -> io::Result<()> {
    for case in cases {
        P::write_case(case, out)?;
    }
    P::write_end(out)
}

/// Solves an input as a stream, writing each answer as soon as its case is read.
///
/// On a bad input, the answers to the cases before the error have been written, each
/// complete, and the error is returned; no partial line is ever written.
pub fn solve_stream<P: Problem>(
    input: impl BufRead,
    options: ReadOptions,
    out: &mut dyn Write,
) -> Result<usize, SolveError> {
    let mut count = 0;
    for case in Cases::<P, _>::new(input, options) {
        let answer = P::solve(&case.map_err(SolveError::Parse)?);
        P::write_answer(&answer, out).map_err(SolveError::Write)?;
        count += 1;
    }
    Ok(count)
}

/// Why [`solve_stream`] stopped.
#[derive(Debug)]
pub enum SolveError {
    /// The input is bad.
    Parse(ParseError),
    /// The output could not be written.
    Write(io::Error),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Parse(e) => e.fmt(f),
            SolveError::Write(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Reads the eight cells of a magic board, each followed by its separator, and checks that
/// they form a permutation of 1..=8 (the error points at the first repeated colour).
fn read_magic_cells<R: BufRead>(
    input: &mut TokenReader<R>,
    separators: &[Separator; 8],
) -> Result<[u8; 8], ParseError> {
    let mut cells = [0u8; 8];
    let mut seen = [false; 9];
    let mut repeat = None;
    for (cell, separator) in cells.iter_mut().zip(separators) {
        *cell = input.read_int(1, 8, "a colour (1..8)")? as u8;
        if std::mem::replace(&mut seen[*cell as usize], true) && repeat.is_none() {
            repeat = Some((*cell, input.last_token()));
        }
        separator.read(input)?;
    }
    match repeat {
        Some((repeated, pos)) => Err(input.error_at(
            pos,
            "a colour (1..8)",
            ErrorKind::NotAPermutation { repeated },
        )),
        None => Ok(cells),
    }
}

/// What follows a token in the exact layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Separator {
    Space,
    Eoln,
}

impl Separator {
    fn read<R: BufRead>(self, input: &mut TokenReader<R>) -> Result<(), ParseError> {
        match self {
            Separator::Space => input.read_space(),
            Separator::Eoln => input.read_eoln(),
        }
    }
}
