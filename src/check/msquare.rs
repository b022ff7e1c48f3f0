//! Judging `msquare` answers: the length alone on line 1, then the sequence in lines of
//! exactly `wrap` letters but the last (1 to `wrap`); nothing after the length when it is 0,
//! and no more letters than the length says.

use super::lines::{Lines, Number, read_number};
use super::sequence;
use super::show::show_token;
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
                "length must stand alone",
                format!(
                    "line {l} holds {n} tokens: the length stands alone on line 1, the sequence \
                     starts on line 2"
                ),
            ));
        }
        if count.is_negative() {
            return Err(Reject::wrong(
                "a negative length",
                match count {
                    Number::Value(v) => format!("the length {v} is negative"),
                    Number::Huge { .. } => "the length is a negative number out of range".into(),
                },
            )
            .at(l));
        }
        let mut remaining = match count {
            Number::Value(v) => v as u64,
            Number::Huge { .. } => u64::MAX,
        };
        if remaining == 0 {
            return match lines.next_token_line() {
                None => Ok(Some(Reply {
                    count,
                    letters: Vec::new(),
                })),
                Some(after) => Err(Reject::wrong(
                    "output after a length of 0",
                    format!(
                        "the length is 0, so nothing may follow it, but line {} starts with \
                         \"{}\"",
                        after.number,
                        show_token(after.tokens().next().unwrap_or_default())
                    ),
                )
                .at(after.number)),
            };
        }
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
                    "spaces in the sequence",
                    format!("line {l} holds {n} tokens: write the sequence without spaces"),
                ));
            }
            let len = token.len();
            if len as u64 > remaining {
                let read = letters.len() as u64 + len as u64;
                return Err(Reject::wrong(
                    "more letters than the length says",
                    format!(
                        "line 1 gives the length {}, but more letters follow: {read} letters by \
                         the end of line {l}",
                        count.show()
                    ),
                )
                .at(l));
            }
            if len > wrap {
                return Err(Reject::format(
                    l,
                    "line over the wrap width",
                    format!("line {l} has {len} characters; lines must be wrapped at {wrap}"),
                ));
            }
            letters.extend_from_slice(token);
            if (len as u64) < remaining.min(wrap as u64) {
                if !matches!(lines.clone().next_line(), Ok(None)) {
                    return Err(Reject::format(
                        l,
                        "line under wrap width",
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
        if remaining == 0
            && let Some(next) = lines.clone().next_token_line()
            && next
                .tokens()
                .next()
                .is_some_and(|t| t.iter().all(u8::is_ascii_uppercase))
        {
            return Err(Reject::wrong(
                "more letters than the length says",
                format!(
                    "line 1 gives the length {}, but more letters follow on line {}",
                    count.show(),
                    next.number
                ),
            )
            .at(next.number));
        }
        Ok(Some(Reply { count, letters }))
    }

    fn judge(case: &Board, reply: &Reply, rules: Rules) -> Result<(), Reject> {
        // Operations first: a character that is not one is named (not counted in bytes).
        let ops = sequence::parse(&reply.letters, Op::from_letter, "an operation (A, B or C)")?;
        let n = ops.len();
        match reply.count {
            Number::Value(v) if v as u64 == n as u64 => {}
            count => {
                return Err(Reject::wrong(
                    "the letters do not match the length",
                    format!(
                        "line 1 gives the length {}, but {n} letters follow",
                        count.show()
                    ),
                )
                .at(1));
            }
        }
        reach(&ops, *case, rules)?;
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

/// Demands that `ops` take the start to `target` (msquare's and sicily's rule).
pub(super) fn reach(ops: &[Op], target: Board, rules: Rules) -> Result<(), Reject> {
    let reached = Board::START.apply_all(ops);
    if reached == target {
        return Ok(());
    }
    Err(Reject::wrong(
        "the moves do not reach the target",
        format!(
            "after {} moves the board is {reached}, not the target {target}",
            rules.your()
        ),
    ))
}
