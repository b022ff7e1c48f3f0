//! Judging `msquare` answers: the length alone on line 1, then the sequence in lines of
//! exactly `wrap` letters but the last (1 to `wrap`); nothing after the length when it is 0.

use super::lines::{Lines, Number, read_number};
use super::sequence;
use super::{CheckOptions, Reject, Rules};
use crate::format::Problem;
use crate::format::msquare::{Msquare, write_wrapped};
use crate::puzzle::magic::{Board, Op, Table, ops_to_string};

/// The `msquare` rules.
pub struct Judge;

/// The answer, as read.
pub struct Reply {
    /// The length on line 1.
    count: Number,
    /// The letters of the sequence lines, joined.
    letters: Vec<u8>,
}

impl super::Judge for Judge {
    type Problem = Msquare;
    type Reply<'a> = Reply;

    fn read(lines: &mut Lines<'_>, options: &CheckOptions) -> Result<Option<Reply>, Reject> {
        let Some(line) = lines.next_line()? else {
            return Ok(None);
        };
        let l = line.number;
        let ([first], n) = line.first_tokens::<1>();
        let count = read_number(first, l, "the length of the sequence")?;
        if n > 1 {
            return Err(Reject::format(
                l,
                format!(
                    "line {l} holds {n} tokens: the length stands alone on line 1, the sequence \
                     starts on line 2"
                ),
            ));
        }
        let mut remaining = match count {
            Number::Value(v) if v < 0 => {
                return Err(Reject::wrong(format!("the length {v} is negative")).at(l));
            }
            Number::Value(v) => v as u64,
            Number::Huge { .. } => u64::MAX,
        };
        let wrap = options.wrap;
        let mut letters = Vec::new();
        while remaining > 0 {
            let Some(line) = lines.next_line()? else {
                break;
            };
            let l = line.number;
            let ([token], n) = line.first_tokens::<1>();
            if n > 1 {
                return Err(Reject::format(
                    l,
                    format!("line {l} holds {n} tokens: write the sequence without spaces"),
                ));
            }
            let len = token.len();
            if len > wrap {
                return Err(Reject::format(
                    l,
                    format!("line {l} has {len} characters; lines must be wrapped at {wrap}"),
                ));
            }
            letters.extend_from_slice(token);
            if (len as u64) < remaining.min(wrap as u64) {
                if !matches!(lines.clone().next_line(), Ok(None)) {
                    return Err(Reject::format(
                        l,
                        format!(
                            "line {l} has {len} characters; every line of the sequence but the \
                             last must have exactly {wrap}"
                        ),
                    ));
                }
                break;
            }
            remaining = remaining.saturating_sub(len as u64);
        }
        Ok(Some(Reply { count, letters }))
    }

    fn judge(case: &Board, reply: &Reply, rules: Rules) -> Result<(), Reject> {
        let n = reply.letters.len();
        match reply.count {
            Number::Value(v) if v as u64 == n as u64 => {}
            count => {
                let said = match count {
                    Number::Value(v) => v.to_string(),
                    Number::Huge { .. } => "a number too large for 64 bits".into(),
                };
                return Err(Reject::wrong(format!(
                    "line 1 gives the length {said}, but {n} letters follow"
                ))
                .at(1));
            }
        }
        let ops = sequence::parse(&reply.letters, Op::from_letter, "an operation (A, B or C)")?;
        let reached = Board::START.apply_all(&ops);
        if reached != *case {
            return Err(Reject::wrong(format!(
                "after {} moves the board is {reached}, not the target {case}",
                rules.your()
            )));
        }
        let best = ops_to_string(&Table::get().solve(*case));
        sequence::judge_optimal(
            &ops_to_string(&ops),
            &best,
            rules,
            ["reach the target", "reaches the target"],
        )
    }

    fn picture(case: &Board) -> String {
        let clockwise = case.clockwise().0.map(|c| c.to_string()).join(" ");
        format!("{clockwise} (clockwise), that is the target {case}")
    }

    fn expected(case: &Board, options: &CheckOptions) -> String {
        let mut text = Vec::new();
        write_wrapped(&Msquare::solve(case), options.wrap, &mut text).expect("writing to memory");
        String::from_utf8_lossy(&text).into_owned()
    }
}
