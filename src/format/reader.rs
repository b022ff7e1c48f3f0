//! A token reader with positions, in the spirit of testlib's `InStream`: read a token with an
//! expectation (an integer in a range), and fail with a typed error naming the line and column.
//!
//! Two layouts share the code: [`Layout::Free`] separates tokens by any whitespace (what
//! solutions and checkers accept), [`Layout::Exact`] demands the statement's exact layout
//! (single spaces, `\n` line ends, a final newline, canonical numbers: testlib's strict mode,
//! for validators).

use std::fmt;
use std::io::{self, BufRead};

/// A position in the input: 1-based line and column (columns count bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1, in bytes.
    pub col: u64,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// How tokens must be laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Any whitespace separates tokens; numbers may have leading zeros or a `+`.
    Free,
    /// The statement's layout exactly, and canonical numbers.
    Exact,
}

/// What went wrong, without the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Reading failed.
    Io(String),
    /// A token that is not an integer.
    NotANumber {
        /// The token (clipped).
        token: String,
    },
    /// An integer outside its range.
    OutOfRange {
        /// The token (clipped).
        token: String,
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// An integer written in a non-canonical way (strict layout): `007`, `+7`, `-0`.
    NonCanonical {
        /// The token (clipped).
        token: String,
    },
    /// The strict layout wanted one thing and found another.
    Expected {
        /// What the layout wanted, e.g. "a single space".
        expected: &'static str,
        /// What was there instead, e.g. "a tab".
        found: String,
    },
    /// The input ended inside a case.
    Truncated,
    /// The input ended where the next case or the terminator should start.
    MissingTerminator {
        /// The terminator, e.g. `-1`.
        terminator: &'static str,
    },
    /// Something follows the end of the input (the terminator, or msquare's one board).
    TrailingData {
        /// What follows, e.g. "'5'".
        found: String,
    },
    /// A magic board whose cells are not a permutation of 1..=8.
    NotAPermutation {
        /// A colour that appears more than once.
        repeated: u8,
    },
    /// A rotation board without eight of each digit.
    WrongDigitCounts {
        /// How many 1s, 2s and 3s it holds.
        counts: [usize; 3],
    },
    /// More cases than the statement allows (the error points at the first extra case).
    TooManyCases {
        /// The statement's limit.
        max: usize,
    },
}

/// A bad input: what, where, and in which case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Where the offending token or byte starts.
    pub pos: Pos,
    /// The case (1-based) being read, if any.
    pub case: Option<usize>,
    /// The token being read, e.g. "the step limit N".
    pub what: &'static str,
    /// What went wrong.
    pub kind: ErrorKind,
}

impl ParseError {
    /// Records the case being read.
    pub fn in_case(mut self, case: usize) -> ParseError {
        self.case = Some(case);
        self
    }
}

impl fmt::Display for ParseError {
    /// `line:col: case K: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.pos)?;
        if let Some(case) = self.case {
            write!(f, "case {case}: ")?;
        }
        let what = self.what;
        match &self.kind {
            ErrorKind::Io(e) => write!(f, "cannot read the input: {e}"),
            ErrorKind::NotANumber { token } => {
                write!(f, "expected {what} (an integer), found \"{token}\"")
            }
            ErrorKind::OutOfRange { token, min, max } => {
                write!(f, "{what} must be in {min}..={max}, found {token}")
            }
            ErrorKind::NonCanonical { token } => write!(
                f,
                "{what} is written \"{token}\": no leading zeros, '+' or '-0' allowed"
            ),
            ErrorKind::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ErrorKind::Truncated => {
                write!(f, "the input ends in the middle of a case: expected {what}")
            }
            ErrorKind::MissingTerminator { terminator } => write!(
                f,
                "the input ends without the terminator {terminator} (expected {what})"
            ),
            ErrorKind::TrailingData { found } => {
                write!(f, "nothing may follow {what}, found {found}")
            }
            ErrorKind::NotAPermutation { repeated } => write!(
                f,
                "the board is not a permutation of 1..8: {repeated} appears more than once"
            ),
            ErrorKind::WrongDigitCounts { counts } => write!(
                f,
                "the board holds {} 1s, {} 2s and {} 3s; it needs eight of each",
                counts[0], counts[1], counts[2]
            ),
            ErrorKind::TooManyCases { max } => write!(
                f,
                "more than {max} cases: the statement allows at most {max} in one input"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// Longest token text kept for messages.
const TOKEN_CLIP: usize = 24;

/// Reads integer tokens from a byte stream, tracking positions.
pub struct TokenReader<R> {
    src: R,
    layout: Layout,
    pos: Pos,
    last_token: Pos,
    /// Blanks that [`TokenReader::token_follows_in_line`] consumed with no token after them:
    /// where they began, and the first. The exact layout's next [`TokenReader::read_eoln`]
    /// reports its fault there, as if they were still unread.
    blanks: Option<(Pos, u8)>,
}

impl<R: BufRead> TokenReader<R> {
    /// A reader over `src` with the given layout rules.
    pub fn new(src: R, layout: Layout) -> TokenReader<R> {
        TokenReader {
            src,
            layout,
            pos: Pos { line: 1, col: 1 },
            last_token: Pos { line: 1, col: 1 },
            blanks: None,
        }
    }

    /// The layout rules in force.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The position of the next byte.
    pub fn pos(&self) -> Pos {
        self.pos
    }

    /// Where the last token read by [`TokenReader::read_int`] started.
    pub fn last_token(&self) -> Pos {
        self.last_token
    }

    /// An error at the current position.
    pub fn error(&self, what: &'static str, kind: ErrorKind) -> ParseError {
        self.error_at(self.pos, what, kind)
    }

    /// An error at `pos`.
    pub fn error_at(&self, pos: Pos, what: &'static str, kind: ErrorKind) -> ParseError {
        ParseError {
            pos,
            case: None,
            what,
            kind,
        }
    }

    fn peek(&mut self) -> Result<Option<u8>, ParseError> {
        loop {
            match self.src.fill_buf() {
                Ok(buf) => return Ok(buf.first().copied()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error("input", ErrorKind::Io(e.to_string()))),
            }
        }
    }

    fn bump(&mut self, byte: u8) {
        self.src.consume(1);
        advance(&mut self.pos, byte);
    }

    /// Consumes the bytes that satisfy `keep`, a buffer at a time, handing each to `each`.
    fn take_while(
        &mut self,
        keep: impl Fn(u8) -> bool,
        mut each: impl FnMut(u8),
    ) -> Result<(), ParseError> {
        loop {
            let buf = match self.src.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error("input", ErrorKind::Io(e.to_string()))),
            };
            let available = buf.len();
            let mut taken = 0;
            for &b in buf {
                if !keep(b) {
                    break;
                }
                advance(&mut self.pos, b);
                each(b);
                taken += 1;
            }
            self.src.consume(taken);
            if taken < available || available == 0 {
                return Ok(());
            }
        }
    }

    fn skip_whitespace(&mut self) -> Result<(), ParseError> {
        self.take_while(is_space, |_| ())
    }

    /// True when no token is left: in the free layout after skipping whitespace, in the exact
    /// layout only at the very end of the input.
    pub fn at_end(&mut self) -> Result<bool, ParseError> {
        if self.layout == Layout::Free {
            self.skip_whitespace()?;
        }
        Ok(self.peek()?.is_none())
    }

    /// True when a token follows on the current line, after spaces and tabs, however long
    /// their run (it may outgrow the read buffer). Consumes those blanks; when no token follows
    /// them, the exact layout's next [`TokenReader::read_eoln`] still finds them: its fault is
    /// at the first blank, as the exported validators say (the free layout accepts them).
    pub fn token_follows_in_line(&mut self) -> Result<bool, ParseError> {
        let first = match self.peek()? {
            Some(b @ (b' ' | b'\t')) => b,
            _ => return Ok(false),
        };
        let start = self.pos;
        self.take_while(|b| b == b' ' || b == b'\t', |_| ())?;
        if self.peek()?.is_some_and(|b| !is_space(b)) {
            return Ok(true);
        }
        self.blanks = Some((start, first));
        Ok(false)
    }

    /// Reads an integer in `min..=max`; `what` names it in errors. At the end of the input the
    /// error is [`ErrorKind::Truncated`].
    pub fn read_int(&mut self, min: i64, max: i64, what: &'static str) -> Result<i64, ParseError> {
        if self.layout == Layout::Free {
            self.skip_whitespace()?;
        }
        let start = self.pos;
        self.last_token = start;
        match self.peek()? {
            None => return Err(self.error(what, ErrorKind::Truncated)),
            Some(b) if is_space(b) => {
                let found = describe(Some(b));
                return Err(self.error(
                    what,
                    ErrorKind::Expected {
                        expected: what,
                        found,
                    },
                ));
            }
            Some(_) => {}
        }
        // Read the whole token in bounded memory: a clipped copy for messages, the value while
        // it fits, and whether it is `[+-]?[0-9]+`.
        let mut text = [0u8; TOKEN_CLIP];
        let mut len = 0usize;
        let mut digits = 0usize;
        let mut value = Some(0i64);
        let mut numeric = true;
        self.take_while(
            |b| !is_space(b),
            |b| {
                if len < TOKEN_CLIP {
                    text[len] = b;
                }
                if b.is_ascii_digit() {
                    digits += 1;
                    value = value
                        .and_then(|v| v.checked_mul(10))
                        .and_then(|v| v.checked_add(i64::from(b - b'0')));
                } else if !(len == 0 && (b == b'-' || b == b'+')) {
                    numeric = false;
                }
                len += 1;
            },
        )?;
        let text = &text[..len.min(TOKEN_CLIP)];
        let shown = || show_token(text, len);
        let err = |kind| self.error_at(start, what, kind);
        if !numeric || digits == 0 {
            return Err(err(ErrorKind::NotANumber { token: shown() }));
        }
        let negative = text[0] == b'-';
        let value = value.map(|v| if negative { -v } else { v });
        if self.layout == Layout::Exact {
            let plus = text[0] == b'+';
            let unsigned = &text[usize::from(text[0] == b'-' || plus)..];
            let leading_zero = digits > 1 && unsigned[0] == b'0';
            let minus_zero = negative && value == Some(0);
            if plus || leading_zero || minus_zero {
                return Err(err(ErrorKind::NonCanonical { token: shown() }));
            }
        }
        match value {
            Some(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(err(ErrorKind::OutOfRange {
                token: shown(),
                min,
                max,
            })),
        }
    }

    /// In the exact layout, demands one space; in the free layout, does nothing.
    pub fn read_space(&mut self) -> Result<(), ParseError> {
        self.expect_byte(b' ', "a single space")
    }

    /// In the exact layout, demands a `\n`; in the free layout, does nothing.
    pub fn read_eoln(&mut self) -> Result<(), ParseError> {
        self.expect_byte(b'\n', "a line break")
    }

    fn expect_byte(&mut self, want: u8, expected: &'static str) -> Result<(), ParseError> {
        if self.layout == Layout::Free {
            return Ok(());
        }
        if let Some((pos, first)) = self.blanks.take() {
            let found = describe(Some(first));
            return Err(self.error_at(pos, expected, ErrorKind::Expected { expected, found }));
        }
        match self.peek()? {
            Some(b) if b == want => {
                self.bump(b);
                Ok(())
            }
            other => Err(self.error(
                expected,
                ErrorKind::Expected {
                    expected,
                    found: describe(other),
                },
            )),
        }
    }

    /// Demands the end of the input (after whitespace, in the free layout); `what` names what
    /// came last, e.g. "the terminator -1".
    pub fn read_eof(&mut self, what: &'static str) -> Result<(), ParseError> {
        if self.at_end()? {
            return Ok(());
        }
        let found = describe(self.peek()?);
        Err(self.error(what, ErrorKind::TrailingData { found }))
    }
}

/// Moves `pos` past `byte`.
fn advance(pos: &mut Pos, byte: u8) {
    if byte == b'\n' {
        pos.line += 1;
        pos.col = 1;
    } else {
        pos.col += 1;
    }
}

/// Bytes that separate tokens in the free layout: space, `\t`, `\n`, `\r`, form feed and
/// vertical tab (what C's `isspace` says).
pub fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

fn show_token(kept: &[u8], len: usize) -> String {
    let mut s: String = String::from_utf8_lossy(kept)
        .chars()
        .flat_map(char::escape_debug)
        .collect();
    if len > kept.len() {
        s.push_str(&format!("... ({len} bytes)"));
    }
    s
}

/// Names a byte (or the end of input) for a message.
pub fn describe(byte: Option<u8>) -> String {
    match byte {
        None => "the end of the input".into(),
        Some(b' ') => "a space".into(),
        Some(b'\t') => "a tab".into(),
        Some(b'\n') => "a line break".into(),
        Some(b'\r') => "a carriage return (\\r)".into(),
        Some(b) if b.is_ascii_graphic() => format!("'{}'", b as char),
        Some(b) => format!("byte 0x{b:02x}"),
    }
}
