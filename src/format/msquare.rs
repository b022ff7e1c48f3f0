//! `msquare`: USACO Training 3.2 "Magic Squares" / Luogu P2730.
//!
//! Input: one line of eight colours, clockwise from the top-left corner. Answer: the length of
//! the shortest sequence on line 1, then the lexicographically smallest shortest sequence in
//! lines of exactly [`WRAP`] characters but the last (1 to 60). For length 0: `0` and an empty
//! line, as the USACO reference output has it.

use std::io::{self, BufRead, Write};

use super::{ParseError, Problem, ReadOptions, Separator, TokenReader};
use crate::format::{Format, read_magic_cells};
use crate::puzzle::magic::{Board, Clockwise, Op, Table};

/// Characters per line of the answer's sequence.
pub const WRAP: usize = 60;

/// The Magic Squares format.
pub struct Msquare;

const SEPARATORS: [Separator; 8] = {
    use Separator::{Eoln as E, Space as S};
    [S, S, S, S, S, S, S, E]
};

impl Problem for Msquare {
    const FORMAT: Format = Format::Msquare;
    /// The target board.
    type Case = Board;
    /// The lexicographically smallest shortest sequence.
    type Answer = Vec<Op>;

    fn read_case<R: BufRead>(
        input: &mut TokenReader<R>,
        _options: &ReadOptions,
        index: usize,
    ) -> Result<Option<Board>, ParseError> {
        if index > 1 {
            return Ok(None);
        }
        let cells = read_magic_cells(input, &SEPARATORS).map_err(|e| e.in_case(index))?;
        input.read_eof("the board")?;
        let board = Board::from_clockwise(Clockwise(cells))
            .expect("read_magic_cells checks the permutation");
        Ok(Some(board))
    }

    fn write_case(case: &Board, out: &mut dyn Write) -> io::Result<()> {
        let cells = case.clockwise().0.map(|c| c.to_string());
        writeln!(out, "{}", cells.join(" "))
    }

    fn write_end(_out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn solve(case: &Board) -> Vec<Op> {
        Table::get().solve(*case)
    }

    fn write_answer(answer: &Vec<Op>, out: &mut dyn Write) -> io::Result<()> {
        write_wrapped(answer, WRAP, out)
    }

    fn answer_length(answer: &Vec<Op>) -> Option<usize> {
        Some(answer.len())
    }
}

/// Writes the length, then the sequence in lines of `width` characters (the last may be
/// shorter); an empty sequence gets one empty line.
pub fn write_wrapped(ops: &[Op], width: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut text = format!("{}\n", ops.len()).into_bytes();
    if ops.is_empty() {
        text.push(b'\n');
    }
    let letters: Vec<u8> = ops.iter().map(|op| op.letter() as u8).collect();
    for line in letters.chunks(width.max(1)) {
        text.extend_from_slice(line);
        text.push(b'\n');
    }
    out.write_all(&text)
}
