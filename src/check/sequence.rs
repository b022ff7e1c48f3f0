//! Judging a sequence of moves written as letters: the alphabet, the length against the
//! shortest, the lexicographic order, with messages that say where.

use super::show::{describe_char, show_token};
use super::{Order, Reject, Rules};

/// Reads letters into moves; a character outside the alphabet is a wrong answer naming it
/// (the whole character, not a byte of it) and its position.
pub fn parse<T>(
    letters: &[u8],
    from_letter: impl Fn(u8) -> Option<T>,
    alphabet: &str,
) -> Result<Vec<T>, Reject> {
    letters
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            from_letter(b).ok_or_else(|| {
                // Every byte before `i` was a letter, so `i` starts a character.
                let (shown, _) = describe_char(&letters[i..]);
                Reject::wrong(
                    "a character that is not a move",
                    format!("{shown} (move {}) is not {alphabet}", i + 1),
                )
            })
        })
        .collect()
}

/// Demands that a sequence that reaches the goal is the shortest, and under
/// [`Order::LexSmallest`] the smallest. `yours` and `best` are the letters; `does` says
/// what the moves do, for several moves and for one: `["reach the target", "reaches the
/// target"]`.
pub fn judge_optimal(yours: &str, best: &str, rules: Rules, does: [&str; 2]) -> Result<(), Reject> {
    let (n, d) = (yours.len(), best.len());
    if n > d {
        let does = if n == 1 { does[1] } else { does[0] };
        return Err(Reject::wrong(
            "not a shortest sequence",
            format!(
                "{} {} {does}, but {d} is the shortest ({})",
                rules.your(),
                count(n, "move"),
                show_sequence(best)
            ),
        ));
    }
    if rules.order == Order::LexSmallest && yours != best {
        let at = yours
            .bytes()
            .zip(best.bytes())
            .position(|(a, b)| a != b)
            .map_or(n, |i| i + 1);
        return Err(Reject::wrong(
            "shortest, but not the lex smallest",
            format!(
                "{} is a shortest sequence, but {} is lexicographically smaller: they first \
                 differ at move {at}",
                show_sequence(yours),
                show_sequence(best)
            ),
        ));
    }
    Ok(())
}

/// A sequence for a message: the letters, clipped when long.
pub fn show_sequence(letters: &str) -> String {
    if letters.is_empty() {
        "no moves".into()
    } else {
        show_token(letters.as_bytes())
    }
}

/// How many of `noun`, in words: "1 move", "7 moves".
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
