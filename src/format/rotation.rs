//! `rotation`: UVA 1343 The Rotation Game.
//!
//! Input: boards of 24 digits on one line each (eight each of 1, 2, 3, in the statement's cell
//! numbering); a lone `0` ends. Answer, per board: the lexicographically smallest shortest
//! move sequence (or `No moves needed`), then the centre digit on its own line.

use std::io::{self, BufRead, Write};

use super::{ErrorKind, ParseError, Problem, ReadOptions, TokenReader};
use crate::format::Format;
use crate::puzzle::rotation::{Board, CELLS, Move, Table};

/// The expected answer to one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The lexicographically smallest shortest sequence (empty when already solved).
    pub moves: Vec<Move>,
    /// The digit in the centre after the moves.
    pub centre: u8,
}

/// What UVA expects instead of an empty sequence.
pub const NO_MOVES: &str = "No moves needed";

/// The cells' names in messages, in input order.
const CELL_NAMES: [&str; CELLS] = [
    "cell 1", "cell 2", "cell 3", "cell 4", "cell 5", "cell 6", "cell 7", "cell 8", "cell 9",
    "cell 10", "cell 11", "cell 12", "cell 13", "cell 14", "cell 15", "cell 16", "cell 17",
    "cell 18", "cell 19", "cell 20", "cell 21", "cell 22", "cell 23", "cell 24",
];

/// The Rotation Game format.
pub struct Rotation;

impl Problem for Rotation {
    const FORMAT: Format = Format::Rotation;
    type Case = Board;
    type Answer = Answer;

    fn read_case<R: BufRead>(
        input: &mut TokenReader<R>,
        _options: &ReadOptions,
        index: usize,
    ) -> Result<Option<Board>, ParseError> {
        const FIRST: &str = "a cell (1..3) or the terminator 0";
        if input.at_end()? {
            let kind = ErrorKind::MissingTerminator { terminator: "0" };
            return Err(input.error(FIRST, kind));
        }
        let in_case = |e: ParseError| e.in_case(index);
        let first = input.read_int(0, 3, FIRST).map_err(in_case)?;
        let start = input.last_token();
        if first == 0 && input.token_follows_in_line()? {
            // More on the line: a board whose first cell is 0, not the terminator.
            let kind = ErrorKind::OutOfRange {
                token: "0".into(),
                min: 1,
                max: 3,
            };
            return Err(input.error_at(start, CELL_NAMES[0], kind).in_case(index));
        }
        if first == 0 {
            input.read_eoln()?;
            input.read_eof("the terminator 0")?;
            return Ok(None);
        }
        let mut cells = [0u8; CELLS];
        cells[0] = first as u8;
        for (cell, name) in cells.iter_mut().zip(CELL_NAMES).skip(1) {
            input.read_space().map_err(in_case)?;
            *cell = input.read_int(1, 3, name).map_err(in_case)? as u8;
        }
        input.read_eoln().map_err(in_case)?;
        Board::new(cells).map(Some).ok_or_else(|| {
            let mut counts = [0; 3];
            for c in cells {
                counts[c as usize - 1] += 1;
            }
            let kind = ErrorKind::WrongDigitCounts { counts };
            input.error_at(start, "the board", kind).in_case(index)
        })
    }

    fn write_case(case: &Board, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{case}")
    }

    fn write_end(out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "0")
    }

    fn solve(case: &Board) -> Answer {
        let (moves, centre) = Table::get().solve(case);
        Answer { moves, centre }
    }

    fn write_answer(answer: &Answer, out: &mut dyn Write) -> io::Result<()> {
        let mut text: Vec<u8> = if answer.moves.is_empty() {
            NO_MOVES.into()
        } else {
            answer.moves.iter().map(|m| m.letter() as u8).collect()
        };
        text.push(b'\n');
        text.push(b'0' + answer.centre);
        text.push(b'\n');
        out.write_all(&text)
    }

    fn answer_length(answer: &Answer) -> Option<usize> {
        Some(answer.moves.len())
    }
}
