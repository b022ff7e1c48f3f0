//! Judging `sicily` answers: per case one line `M ops` (`M` alone when 0), or `-1`.

use super::lines::{Lines, NotANumber, Number, parse_number, read_number};
use super::sequence::{self, show_sequence};
use super::show::show_token;
use super::{CheckOptions, Order, Reject, Rules};
use crate::format::sicily::{Case, Sicily};
use crate::puzzle::magic::{Op, Table, ops_to_string};

/// The `sicily` rules.
pub struct Judge;

/// One case's line, as read.
pub enum Reply<'a> {
    /// `-1`.
    TooFar,
    /// `M ops`, or `M` alone (then `letters` is empty).
    Ops {
        /// The claimed number of operations.
        count: Number,
        /// The operations' letters, unchecked.
        letters: &'a [u8],
    },
}

impl super::Judge for Judge {
    type Problem = Sicily;
    type Reply<'a> = Reply<'a>;

    fn read<'a>(
        lines: &mut Lines<'a>,
        _options: &CheckOptions,
    ) -> Result<Option<Reply<'a>>, Reject> {
        let Some(line) = lines.next_line()? else {
            return Ok(None);
        };
        let l = line.number;
        let ([first, second], n) = line.first_tokens::<2>();
        if parse_number(first) == Err(NotANumber::NotNumeric) && glued(first) {
            return Err(Reject::format(
                l,
                "no space after M",
                format!(
                    "line {l}: no space between the count M and the operations in \"{}\"",
                    show_token(first)
                ),
            ));
        }
        let count = read_number(first, l, "the number of operations M")?;
        if n > 2 {
            return Err(Reject::format(
                l,
                "too many tokens",
                format!(
                    "line {l} holds {n} tokens: expected M, then the operations without spaces \
                     between them"
                ),
            ));
        }
        if count == Number::Value(-1) {
            if n == 2 {
                return Err(Reject::format(
                    l,
                    "-1 not alone on its line",
                    format!(
                        "line {l}: -1 must stand alone, found \"{}\" after it",
                        show_token(second)
                    ),
                ));
            }
            return Ok(Some(Reply::TooFar));
        }
        if n == 1 && matches!(count, Number::Value(m) if m > 0) {
            // `M` alone, and the operations on the next line: a layout mistake.
            let mut ahead = lines.clone();
            if let Ok(Some(next)) = ahead.next_line() {
                let ([token], k) = next.first_tokens::<1>();
                if k == 1 && token.iter().all(u8::is_ascii_uppercase) {
                    return Err(Reject::format(
                        l,
                        "moves not on M's line",
                        format!(
                            "line {l}: the operations must follow M on the same line, found \
                             them alone on line {}",
                            next.number
                        ),
                    ));
                }
            }
        }
        Ok(Some(Reply::Ops {
            count,
            letters: second,
        }))
    }

    fn judge(case: &Case, reply: &Reply<'_>, rules: Rules) -> Result<(), Reject> {
        let table = Table::get();
        let d = i64::from(table.distance(case.target));
        let best = || ops_to_string(&table.solve(case.target));
        let limit = case.limit;
        let (count, letters) = match *reply {
            Reply::TooFar if d > limit => return Ok(()),
            Reply::TooFar => {
                return Err(Reject::wrong(
                    "-1, but N moves reach the target",
                    format!(
                        "{} printed -1, but the target is reachable in {d} <= N = {limit} moves \
                         ({})",
                        rules.you(),
                        show_sequence(&best())
                    ),
                ));
            }
            Reply::Ops { count, letters } => (count, letters),
        };
        let ops = sequence::parse(letters, Op::from_letter, "an operation (A, B or C)")?;
        let n = letters.len();
        match count {
            Number::Value(m) if m >= 0 && m as u64 == n as u64 => {}
            _ if count.is_negative() => {
                return Err(Reject::wrong(
                    "a negative M",
                    format!(
                        "{}: write the number of operations, or -1 alone",
                        count.negative("M")
                    ),
                ));
            }
            _ => {
                return Err(Reject::wrong(
                    "M is not the number of operations",
                    format!(
                        "M = {}, but {} {}",
                        count.show(),
                        sequence::count(n, "operation"),
                        if n == 1 { "follows" } else { "follow" }
                    ),
                ));
            }
        }
        super::msquare::reach(&ops, case.target, rules)?;
        let yours = ops_to_string(&ops);
        if n as i64 > limit {
            let expected = if d > limit {
                format!("the shortest takes {d}, so the answer is -1")
            } else {
                format!("{d} is the shortest ({})", show_sequence(&best()))
            };
            return Err(Reject::wrong(
                "more moves than the step limit N",
                format!(
                    "{} {} {} the target, but the limit is N = {limit}, and {expected}",
                    rules.your(),
                    sequence::count(n, "move"),
                    if n == 1 { "reaches" } else { "reach" }
                ),
            ));
        }
        if rules.order == Order::AnyWithinLimit {
            return Ok(());
        }
        sequence::judge_optimal(
            &yours,
            &best(),
            rules,
            ["reach the target", "reaches the target"],
        )
    }

    fn picture(case: &Case) -> String {
        format!("N = {}, target {}", case.limit, case.target)
    }
}

/// `2AB`: a count glued to letters.
fn glued(token: &[u8]) -> bool {
    let unsigned = token.strip_prefix(b"-").unwrap_or(token);
    let digits = unsigned.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && unsigned.get(digits).is_some_and(u8::is_ascii_alphabetic)
}
