//! `sicily`: Sicily 1151 魔板.
//!
//! Input: cases of a step limit `N` on its own line, then the target board row by row (two
//! lines of four colours); `N = -1` ends the input. Answer, one line per case: `M ops` with the
//! lexicographically smallest shortest sequence, exactly `0` for the start board, or `-1` when
//! the shortest sequence is longer than `N`.

use std::io::{self, BufRead, Write};

use super::{ErrorKind, ParseError, Problem, ReadOptions, Separator, TokenReader};
use crate::format::{Format, read_magic_cells};
use crate::puzzle::magic::{Board, Op, Rows, Table};

/// One case: the step limit and the target board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The largest number of operations allowed.
    pub limit: i64,
    /// The board to reach from the start.
    pub target: Board,
}

/// The expected answer to one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The lexicographically smallest shortest sequence (empty for the start board).
    Ops(Vec<Op>),
    /// `-1`: the shortest sequence is longer than the step limit.
    TooFar,
}

/// The Sicily format.
pub struct Sicily;

const SEPARATORS: [Separator; 8] = {
    use Separator::{Eoln as E, Space as S};
    [S, S, S, E, S, S, S, E]
};

impl Problem for Sicily {
    const FORMAT: Format = Format::Sicily;
    type Case = Case;
    type Answer = Answer;

    fn read_case<R: BufRead>(
        input: &mut TokenReader<R>,
        options: &ReadOptions,
        index: usize,
    ) -> Result<Option<Case>, ParseError> {
        const WHAT: &str = "the step limit N";
        if input.at_end()? {
            let kind = ErrorKind::MissingTerminator { terminator: "-1" };
            return Err(input.error(WHAT, kind));
        }
        let in_case = |e: ParseError| e.in_case(index);
        let limit = input
            .read_int(-1, options.max_step_limit, WHAT)
            .map_err(in_case)?;
        if limit == -1 {
            input.read_eoln()?;
            input.read_eof("the terminator -1")?;
            return Ok(None);
        }
        input.read_eoln().map_err(in_case)?;
        let c = read_magic_cells(input, &SEPARATORS).map_err(in_case)?;
        let rows = Rows {
            top: [c[0], c[1], c[2], c[3]],
            bottom: [c[4], c[5], c[6], c[7]],
        };
        let target = Board::from_rows(rows).expect("read_magic_cells checks the permutation");
        Ok(Some(Case { limit, target }))
    }

    fn write_case(case: &Case, out: &mut dyn Write) -> io::Result<()> {
        let Rows { top: t, bottom: b } = case.target.rows();
        writeln!(out, "{}", case.limit)?;
        writeln!(out, "{} {} {} {}", t[0], t[1], t[2], t[3])?;
        writeln!(out, "{} {} {} {}", b[0], b[1], b[2], b[3])
    }

    fn write_end(out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "-1")
    }

    fn solve(case: &Case) -> Answer {
        let table = Table::get();
        if i64::from(table.distance(case.target)) > case.limit {
            Answer::TooFar
        } else {
            Answer::Ops(table.solve(case.target))
        }
    }

    fn write_answer(answer: &Answer, out: &mut dyn Write) -> io::Result<()> {
        match answer {
            Answer::TooFar => out.write_all(b"-1\n"),
            Answer::Ops(ops) if ops.is_empty() => out.write_all(b"0\n"),
            Answer::Ops(ops) => {
                let mut line = Vec::with_capacity(ops.len() + 4);
                write!(line, "{} ", ops.len())?;
                line.extend(ops.iter().map(|op| op.letter() as u8));
                line.push(b'\n');
                out.write_all(&line)
            }
        }
    }

    fn answer_length(answer: &Answer) -> Option<usize> {
        match answer {
            Answer::Ops(ops) => Some(ops.len()),
            Answer::TooFar => None,
        }
    }
}
