//! Judging `rotation` answers: per board two lines, the moves (or exactly `No moves needed`)
//! and the centre digit.

use super::lines::{Line, Lines, Number, read_number};
use super::sequence::{self, show_sequence};
use super::show::show_token;
use super::{CheckOptions, Reject, Rules};
use crate::format::rotation::{NO_MOVES, Rotation};
use crate::puzzle::rotation::{Board, CENTRE, Move, Table, moves_to_string};

/// The `rotation` rules.
pub struct Judge;

/// One board's two lines, as read.
pub struct Reply<'a> {
    /// The moves' letters, unchecked; `None` for `No moves needed`.
    moves: Option<&'a [u8]>,
    /// The centre digit.
    digit: Number,
}

impl super::Judge for Judge {
    type Problem = Rotation;
    type Reply<'a> = Reply<'a>;

    fn read<'a>(
        lines: &mut Lines<'a>,
        _options: &CheckOptions,
    ) -> Result<Option<Reply<'a>>, Reject> {
        let Some(line) = lines.next_line()? else {
            return Ok(None);
        };
        let moves = read_moves(&line)?;
        let Some(line) = lines.next_line()? else {
            return Err(Reject::wrong(
                "output ends before the centre digit",
                "the answer ends before the centre digit".to_string(),
            )
            .at(line.number + 1));
        };
        let l = line.number;
        let ([token], n) = line.first_tokens::<1>();
        if n > 1 {
            return Err(Reject::format(
                l,
                "centre digit not alone",
                format!("line {l} holds {n} tokens: expected the centre digit alone"),
            ));
        }
        let digit = read_number(token, l, "the centre digit")?;
        Ok(Some(Reply { moves, digit }))
    }

    fn judge(case: &Board, reply: &Reply<'_>, rules: Rules) -> Result<(), Reject> {
        let table = Table::get();
        let best = || {
            let (moves, _) = table.solve(case);
            moves_to_string(&moves)
        };
        let Some(letters) = reply.moves else {
            return match case.solved_digit() {
                None => Err(Reject::wrong(
                    "the board is not solved yet",
                    format!(
                        "{} printed \"{NO_MOVES}\", but the board is not solved: the shortest \
                         solution takes {} ({})",
                        rules.you(),
                        sequence::count(table.distance(case) as usize, "move"),
                        show_sequence(&best())
                    ),
                )),
                Some(centre) => judge_digit(reply.digit, centre, rules),
            };
        };
        let moves = sequence::parse(letters, Move::from_letter, "a move (A to H)")?;
        let end = case.apply_all(&moves);
        let Some(centre) = end.solved_digit() else {
            let cells = CENTRE.map(|c| end.cells()[c].to_string()).join(" ");
            return Err(Reject::wrong(
                "the moves do not solve the board",
                format!(
                    "after {} moves the centre holds {cells}, not eight equal digits",
                    rules.your()
                ),
            ));
        };
        judge_digit(reply.digit, centre, rules)?;
        if case.solved_digit().is_some() {
            return Err(Reject::wrong(
                "the board is already solved",
                format!(
                    "the board is already solved: the answer is \"{NO_MOVES}\", not {}",
                    sequence::count(moves.len(), "move")
                ),
            ));
        }
        sequence::judge_optimal(
            &moves_to_string(&moves),
            &best(),
            rules,
            ["solve the board", "solves the board"],
        )
    }

    fn picture(case: &Board) -> String {
        format!("{}\n({case})", case.picture())
    }
}

/// The first line of a board's answer: one token of letters, or exactly `No moves needed`.
fn read_moves<'a>(line: &Line<'a>) -> Result<Option<&'a [u8]>, Reject> {
    let l = line.number;
    let ([first, second, third], n) = line.first_tokens::<3>();
    if n == 3 && [first, second, third] == [&b"No"[..], b"moves", b"needed"] {
        return Ok(None);
    }
    // Any spelling of the words, in any case, with any separators (no-break spaces, dots,
    // none): a presentation error, not a sequence of moves.
    let letters: String = String::from_utf8_lossy(line.text)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    if first.eq_ignore_ascii_case(b"no") || letters == "nomovesneeded" {
        return Err(Reject::format(
            l,
            "not \"No moves needed\"",
            format!(
                "line {l}: expected exactly \"{NO_MOVES}\", found \"{}\"",
                show_token(line.text.trim_ascii())
            ),
        ));
    }
    if n > 1 {
        return Err(Reject::format(
            l,
            "spaces inside the moves",
            format!("line {l} holds {n} tokens: write the moves without spaces"),
        ));
    }
    Ok(Some(first))
}

fn judge_digit(digit: Number, centre: u8, rules: Rules) -> Result<(), Reject> {
    match digit {
        Number::Value(v) if v == i64::from(centre) => Ok(()),
        other => Err(Reject::wrong(
            "a wrong centre digit",
            format!(
                "the centre holds {centre}s, but {} printed {}",
                rules.you(),
                other.show()
            ),
        )),
    }
}
