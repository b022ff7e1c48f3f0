//! The line reader for answers (the jury's and the contestant's alike): lines split at `\n`,
//! one `\r` dropped at a line end, tokens separated by any run of spaces and tabs, and the
//! blank-line rules of the statements.
//!
//! Empty or whitespace-only lines are accepted only at the very end; anywhere else they are
//! a presentation error. The reader works on bytes, so output that is not UTF-8 is read like
//! any other (and rejected by the format's rules).

use super::Reject;
use super::show::show_token;

/// One line of an answer, without its `\n` and its final `\r`.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// The line number, from 1.
    pub number: u64,
    /// The line's bytes.
    pub text: &'a [u8],
}

impl<'a> Line<'a> {
    /// The tokens of the line: runs of bytes other than spaces and tabs.
    pub fn tokens(&self) -> impl Iterator<Item = &'a [u8]> + use<'a> {
        self.text
            .split(|&b| is_blank(b))
            .filter(|token| !token.is_empty())
    }

    /// The first `n` tokens and whether more follow.
    pub fn first_tokens<const N: usize>(&self) -> ([&'a [u8]; N], usize) {
        let mut out = [&self.text[..0]; N];
        let mut count = 0;
        for token in self.tokens() {
            if count < N {
                out[count] = token;
            }
            count += 1;
        }
        (out, count)
    }
}

/// The UTF-8 byte order mark.
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// Spaces and tabs separate tokens inside a line.
pub fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Reads the lines of an answer held in memory.
#[derive(Clone)]
pub struct Lines<'a> {
    text: &'a [u8],
    pos: usize,
    number: u64,
}

impl<'a> Lines<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a [u8]) -> Lines<'a> {
        Lines {
            text,
            pos: 0,
            number: 0,
        }
    }

    /// The number of the last line returned (0 before the first).
    pub fn line_number(&self) -> u64 {
        self.number
    }

    /// The next line that holds a token, or `None` at the end (only blank lines left).
    /// A blank line followed by more tokens is a presentation error.
    pub fn next_line(&mut self) -> Result<Option<Line<'a>>, Reject> {
        if self.pos == 0 && self.text.starts_with(BOM) {
            return Err(Reject::format(
                1,
                "a byte order mark",
                "line 1 starts with a byte order mark (U+FEFF): write plain ASCII, without a BOM"
                    .to_string(),
            ));
        }
        let Some(line) = self.raw_line() else {
            return Ok(None);
        };
        if line.tokens().next().is_some() {
            return Ok(Some(line));
        }
        if self.rest_is_blank() {
            self.pos = self.text.len();
            return Ok(None);
        }
        Err(Reject::format(
            line.number,
            "empty line in the output",
            format!(
                "line {} is empty; empty lines are allowed only at the very end",
                line.number
            ),
        ))
    }

    /// True when only spaces, tabs and line breaks (and `\r`) remain.
    fn rest_is_blank(&self) -> bool {
        self.text[self.pos..]
            .iter()
            .all(|&b| is_blank(b) || b == b'\n' || b == b'\r')
    }

    /// Demands the end of the answer after case `case`: only blank lines may follow. Extra
    /// output is named by its first token, even after a blank line.
    pub fn expect_end(&mut self, case: usize) -> Result<(), Reject> {
        match self.next_token_line() {
            None => Ok(()),
            Some(line) => {
                let first = line.tokens().next().unwrap_or_default();
                let after = match case {
                    0 => "extra output: the input has no cases".to_string(),
                    k => format!("extra output after case {k}"),
                };
                Err(Reject::wrong(
                    "extra output after the last case",
                    format!(
                        "{after}: line {} starts with \"{}\"",
                        line.number,
                        show_token(first)
                    ),
                )
                .at(line.number))
            }
        }
    }

    /// The next line that holds a token, skipping blank lines; `None` at the end.
    pub fn next_token_line(&mut self) -> Option<Line<'a>> {
        while let Some(line) = self.raw_line() {
            if line.tokens().next().is_some() {
                return Some(line);
            }
        }
        None
    }

    fn raw_line(&mut self) -> Option<Line<'a>> {
        if self.pos >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.pos..];
        let (mut text, advance) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        if let [head @ .., b'\r'] = text {
            text = head;
        }
        self.pos += advance;
        self.number += 1;
        Some(Line {
            number: self.number,
            text,
        })
    }
}

/// The lines of `text` split at `\n` (for diffs), keeping a final `\r` visible; a final
/// newline does not start another line.
pub fn split_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    let empty = text.is_empty();
    body.split(|&b| b == b'\n').filter(move |_| !empty)
}

/// A number as the statements write it: `0`, or an optional `-` and digits without a
/// leading zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    /// A value that fits.
    Value(i64),
    /// Too many digits for an `i64`: a huge positive or negative value.
    Huge {
        /// Whether it has a minus sign.
        negative: bool,
    },
}

impl Number {
    /// The number for a message: its value, or `a number too large for 64 bits`, or `a
    /// negative number out of range`.
    pub fn show(self) -> String {
        match self {
            Number::Value(v) => v.to_string(),
            Number::Huge { negative: false } => "a number too large for 64 bits".into(),
            Number::Huge { negative: true } => "a negative number out of range".into(),
        }
    }

    /// Says that `name`, a negative number, is negative: `M = -3 is negative`, or `M is a
    /// negative number out of range`.
    pub fn negative(self, name: &str) -> String {
        match self {
            Number::Value(v) => format!("{name} = {v} is negative"),
            _ => format!("{name} is a negative number out of range"),
        }
    }

    /// True for a negative value, in range or not.
    pub fn is_negative(self) -> bool {
        matches!(self, Number::Value(v) if v < 0) || self == Number::Huge { negative: true }
    }
}

/// Why a token is not a canonical number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotANumber {
    /// Not `[+-]?[0-9]+` at all.
    NotNumeric,
    /// Digits with a leading zero, a `+`, or `-0`.
    NonCanonical,
}

/// Reads a canonical integer token.
pub fn parse_number(token: &[u8]) -> Result<Number, NotANumber> {
    let (negative, digits) = match token {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, token),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(NotANumber::NotNumeric);
    }
    let leading_zero = digits.len() > 1 && digits[0] == b'0';
    if token[0] == b'+' || leading_zero || (negative && digits == b"0") {
        return Err(NotANumber::NonCanonical);
    }
    let value = digits.iter().try_fold(0i64, |v, &d| {
        v.checked_mul(10)?.checked_add(i64::from(d - b'0'))
    });
    Ok(match value {
        Some(v) if negative => Number::Value(-v),
        Some(v) => Number::Value(v),
        None => Number::Huge { negative },
    })
}

/// Reads a token that must be a canonical number; `what` names it in the message.
pub fn read_number(token: &[u8], line: u64, what: &str) -> Result<Number, Reject> {
    parse_number(token).map_err(|e| {
        let shown = show_token(token);
        let (brief, why) = match e {
            NotANumber::NotNumeric => (
                "expected a number",
                format!("expected {what}, found \"{shown}\""),
            ),
            NotANumber::NonCanonical => (
                "a non-canonical number",
                format!(
                    "{what} is written \"{shown}\": write numbers without leading zeros, '+' or \
                     '-0'"
                ),
            ),
        };
        Reject::format(line, brief, format!("line {line}: {why}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8]) -> Vec<Result<Option<String>, String>> {
        let mut reader = Lines::new(text);
        let mut out = Vec::new();
        loop {
            match reader.next_line() {
                Ok(Some(l)) => out.push(Ok(Some(String::from_utf8_lossy(l.text).into()))),
                Ok(None) => {
                    out.push(Ok(None));
                    return out;
                }
                Err(e) => {
                    out.push(Err(e.message));
                    return out;
                }
            }
        }
    }

    #[test]
    fn drops_one_carriage_return_and_accepts_blank_tail() {
        let got = lines(b"2 AB\r\n\t1 A \n  \n\n");
        assert_eq!(
            got,
            [Ok(Some("2 AB".into())), Ok(Some("\t1 A ".into())), Ok(None)]
        );
        assert_eq!(lines(b"x"), [Ok(Some("x".into())), Ok(None)]);
        assert_eq!(lines(b""), [Ok(None)]);
    }

    #[test]
    fn blank_line_in_the_middle_is_a_format_error() {
        let got = lines(b"1\n \n2\n");
        assert_eq!(got[0], Ok(Some("1".into())));
        let Err(message) = &got[1] else {
            panic!("expected an error, got {got:?}")
        };
        assert!(message.contains("line 2 is empty"), "{message}");
    }

    #[test]
    fn numbers_must_be_canonical() {
        assert_eq!(parse_number(b"0"), Ok(Number::Value(0)));
        assert_eq!(parse_number(b"-1"), Ok(Number::Value(-1)));
        assert_eq!(parse_number(b"17"), Ok(Number::Value(17)));
        for bad in [&b"02"[..], b"+2", b"-0", b"00"] {
            assert_eq!(parse_number(bad), Err(NotANumber::NonCanonical), "{bad:?}");
        }
        for bad in [&b"2AB"[..], b"-", b"+", b"A", b"1-"] {
            assert_eq!(parse_number(bad), Err(NotANumber::NotNumeric), "{bad:?}");
        }
        let huge = [b'9'; 100];
        assert_eq!(parse_number(&huge), Ok(Number::Huge { negative: false }));
    }
}
