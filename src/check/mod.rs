//! The special checker: judges a contestant's output for a test input, recomputing the truth
//! from the input with the puzzles' exact tables.
//!
//! Order of work: the input is parsed and validated (a bad input is [`CheckVerdict::Fail`]), then
//! the jury answer is judged like a contestant's, in the same format and at least as strictly
//! (it must be right, shortest, and in the default order the lexicographically smallest;
//! anything less is [`CheckVerdict::Fail`] naming the case, so a contestant can never beat a
//! jury answer that passed), and only then the contestant's output, read with a byte cap
//! ([`output_cap`]).
//!
//! Answers are read by one line reader ([`lines`]) for the jury and the contestant alike:
//! spaces and tabs anywhere inside a line and a `\r` at its end are accepted, so are a
//! missing final newline and blank lines at the very end; a blank line anywhere else is a
//! presentation error, and so is anything that cannot be read into the format's structure.
//! What reads fine but is wrong is a wrong answer.
//!
//! Every outcome carries two messages: the jury's (the summary and the details, with the
//! case's board, the expected answer and a diff) and the contestant's ([`TeamMessage`]: the
//! verdict, the case and a fixed phrase, never the expected output or a board).
//!
//! The library never prints or exits: [`check`] returns an [`Outcome`], and [`protocol`]
//! turns it into what a judge system expects.

mod diff;
pub mod lines;
mod msquare;
mod options;
pub mod protocol;
mod rotation;
mod sequence;
mod show;
mod sicily;
mod team;

use std::io::Read;

use crate::format::reader::is_space;
use crate::format::{Format, Problem, ReadOptions, read_all};
use crate::text::visible;
use lines::Lines;

pub use diff::relabel;
pub use options::{CheckOptions, Order, parse_wrap};
pub use team::TeamMessage;

/// The checker's verdict on one output (a run's is [`crate::judging::verdict::Verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckVerdict {
    /// Right.
    Accepted,
    /// Reads fine, but is wrong (or missing, or too long).
    WrongAnswer,
    /// Cannot be read into the format's structure.
    PresentationError,
    /// The judges' fault: a bad input, a wrong jury answer, an unreadable file, bad options.
    Fail,
}

/// What the checker decided, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: CheckVerdict,
    /// One line: the reason, e.g. `case 17: your 9 moves reach the target, but 7 is the
    /// shortest (BCABCCB)`.
    pub summary: String,
    /// The full message: the summary on its first line, then the case's input and expected
    /// answer, and a short diff around the difference (no colour). For the jury only.
    pub details: String,
    /// What a contestant may read: no expected output, no board.
    pub team: TeamMessage,
}

impl Outcome {
    /// A judge failure with a one-line message.
    pub fn fail(summary: String) -> Outcome {
        Outcome {
            verdict: CheckVerdict::Fail,
            details: summary.clone(),
            summary,
            team: TeamMessage::verdict_only(CheckVerdict::Fail),
        }
    }

    /// The same outcome with its messages as [`crate::text::visible`] shows them: they quote
    /// the output, a file, and no control or invisible character of theirs reaches a
    /// terminal, a report or a judge system raw. The verdict is untouched.
    pub fn visible(self) -> Outcome {
        Outcome {
            summary: visible(&self.summary).into_owned(),
            details: visible(&self.details).into_owned(),
            ..self
        }
    }

    /// A rejection of the output as a whole (no case), with a one-line message for the jury
    /// and a fixed phrase for the contestant.
    pub fn rejected(verdict: CheckVerdict, summary: String, brief: &'static str) -> Outcome {
        Outcome {
            verdict,
            details: summary.clone(),
            summary,
            team: TeamMessage::new(verdict, None, None, brief),
        }
    }
}

/// The most bytes of contestant output read for a jury answer of `answer_len` bytes:
/// max(1 MiB, 4 x the answer). One byte more is "output too long" ([`too_long`]), whatever
/// the bytes are: a wrong answer, the one verdict of `check`, `judge check` and `judge run`
/// (whose runner stops a solution at this cap) on an output over it.
pub fn output_cap(answer_len: usize) -> usize {
    (1 << 20).max(answer_len.saturating_mul(4))
}

/// The outcome of an output longer than [`output_cap`] for a jury answer of `answer_len`
/// bytes: a wrong answer naming the sizes, `output too long: more than 1048576 bytes, over
/// the cap of 1048576 bytes (max(1 MiB, 4 x the jury answer's 38 bytes)); the rest was not
/// read`. Reading stops one byte past the cap, so the output's own size is "more than" it.
pub fn too_long(answer_len: usize) -> Outcome {
    let cap = output_cap(answer_len);
    let summary = format!(
        "output too long: more than {cap} bytes, over the cap of {cap} bytes (max(1 MiB, 4 x \
         the jury answer's {answer_len} bytes)); the rest was not read"
    );
    Outcome::rejected(CheckVerdict::WrongAnswer, summary, "output too long")
}

/// Judges `output` (the contestant's stream, read up to [`output_cap`] bytes) for `input`,
/// given the jury's `answer`. The messages are [`Outcome::visible`].
pub fn check(
    format: Format,
    input: &[u8],
    answer: &[u8],
    output: &mut dyn Read,
    options: &CheckOptions,
) -> Outcome {
    judge(format, input, answer, Contestant::Stream(output), options)
}

/// Judges an output known to be longer than [`output_cap`] (a solution the runner stopped
/// there) as [`check`] judges any such stream: the input and the jury answer first (a bad one
/// is still [`CheckVerdict::Fail`]), then [`too_long`].
pub fn check_over_cap(
    format: Format,
    input: &[u8],
    answer: &[u8],
    options: &CheckOptions,
) -> Outcome {
    judge(format, input, answer, Contestant::OverCap, options)
}

/// The contestant's output as the checker gets it.
enum Contestant<'a> {
    /// A stream, read up to the cap.
    Stream(&'a mut dyn Read),
    /// Known to be longer than the cap.
    OverCap,
}

fn judge(
    format: Format,
    input: &[u8],
    answer: &[u8],
    output: Contestant,
    options: &CheckOptions,
) -> Outcome {
    if let Err(e) = options.validate(format) {
        return Outcome::fail(e).visible();
    }
    match format {
        Format::Sicily => run::<sicily::Judge>(input, answer, output, options),
        Format::Msquare => run::<msquare::Judge>(input, answer, output, options),
        Format::Rotation => run::<rotation::Judge>(input, answer, output, options),
    }
    .visible()
}

/// Recognises the format from the shape of an input: 8 numbers is `msquare`, 9k + 1 ending
/// with `-1` is `sicily`, 24k + 1 ending with `0` is `rotation`. Tokens are counted as the
/// format reader splits them (vertical tab and form feed are whitespace too).
pub fn detect_format(input: &[u8]) -> Result<Format, String> {
    let mut count = 0usize;
    let mut last: &[u8] = b"";
    for token in input.split(|&b| is_space(b)).filter(|t| !t.is_empty()) {
        count += 1;
        last = token;
    }
    match (count, last) {
        (8, _) => Ok(Format::Msquare),
        (n, b"-1") if n % 9 == 1 => Ok(Format::Sicily),
        (n, b"0") if n % 24 == 1 => Ok(Format::Rotation),
        _ => Err(format!(
            "cannot recognise the format of the input: it holds {count} tokens{}; expected 8 \
             numbers (msquare), 9k+1 ending with -1 (sicily) or 24k+1 ending with 0 (rotation); \
             pass --format",
            if count > 0 {
                format!(", the last \"{}\"", show::show_token(last))
            } else {
                String::new()
            }
        )),
    }
}

/// A rejection of one answer (or one case of it), before the case number is added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reject {
    /// [`CheckVerdict::WrongAnswer`] or [`CheckVerdict::PresentationError`].
    pub verdict: CheckVerdict,
    /// Why, for the jury: may quote the expected answer and the output.
    pub message: String,
    /// Why, for the contestant: a fixed phrase, e.g. `not a shortest sequence`.
    pub brief: &'static str,
    /// The line of the answer where the problem shows, if known.
    pub line: Option<u64>,
}

impl Reject {
    /// A wrong answer: `brief` for the contestant, `message` for the jury.
    pub fn wrong(brief: &'static str, message: String) -> Reject {
        Reject {
            verdict: CheckVerdict::WrongAnswer,
            message,
            brief,
            line: None,
        }
    }

    /// A presentation error at `line`: `brief` for the contestant, `message` for the jury.
    pub fn format(line: u64, brief: &'static str, message: String) -> Reject {
        Reject {
            verdict: CheckVerdict::PresentationError,
            message,
            brief,
            line: Some(line),
        }
    }

    /// The same rejection, shown at `line`.
    pub fn at(mut self, line: u64) -> Reject {
        self.line = Some(line);
        self
    }
}

/// Whose answer is judged: messages say "your moves" or "the jury's moves".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Contestant,
    Jury,
}

/// What an answer is judged by: the order it must meet, and whose it is.
#[derive(Clone, Copy, Debug)]
struct Rules {
    order: Order,
    side: Side,
}

impl Rules {
    /// "your" or "the jury's".
    fn your(self) -> &'static str {
        match self.side {
            Side::Contestant => "your",
            Side::Jury => "the jury's",
        }
    }

    /// "the output" or "the jury answer".
    fn text(self) -> &'static str {
        match self.side {
            Side::Contestant => "the output",
            Side::Jury => "the jury answer",
        }
    }

    /// "you" or "the jury".
    fn you(self) -> &'static str {
        match self.side {
            Side::Contestant => "you",
            Side::Jury => "the jury",
        }
    }
}

/// One format's rules for reading and judging answers.
trait Judge {
    /// The format.
    type Problem: Problem;
    /// An answer to one case, as read.
    type Reply<'a>;

    /// Reads the answer to the next case; `None` when the answer has ended.
    fn read<'a>(
        lines: &mut Lines<'a>,
        options: &CheckOptions,
    ) -> Result<Option<Self::Reply<'a>>, Reject>;

    /// Judges an answer against the truth.
    fn judge(
        case: &<Self::Problem as Problem>::Case,
        reply: &Self::Reply<'_>,
        rules: Rules,
    ) -> Result<(), Reject>;

    /// The case's input, as a picture of the board (may span lines).
    fn picture(case: &<Self::Problem as Problem>::Case) -> String;

    /// The expected answer's text.
    fn expected(case: &<Self::Problem as Problem>::Case, _options: &CheckOptions) -> String {
        let mut text = Vec::new();
        let answer = Self::Problem::solve(case);
        Self::Problem::write_answer(&answer, &mut text).expect("writing to memory");
        String::from_utf8_lossy(&text).into_owned()
    }
}

/// A rejection and the case it belongs to (`None`: after the last case).
struct Failure {
    case: Option<usize>,
    reject: Reject,
}

impl Failure {
    fn summary(&self) -> String {
        match self.case {
            Some(k) => format!("case {k}: {}", self.reject.message),
            None => self.reject.message.clone(),
        }
    }
}

fn run<J: Judge>(
    input: &[u8],
    answer: &[u8],
    output: Contestant,
    options: &CheckOptions,
) -> Outcome {
    let cases = match read_all::<J::Problem>(input, ReadOptions::JURY) {
        Ok(cases) => cases,
        Err(e) => return Outcome::fail(format!("invalid input: {e}")),
    };
    let jury = Rules {
        order: options.order.for_jury(),
        side: Side::Jury,
    };
    if let Err(f) = judge_all::<J>(&cases, answer, options, jury) {
        let summary = format!("the jury answer is wrong: {}", f.summary());
        let details = format!("{summary}\n{}", case_context::<J>(&cases, &f, options));
        let details = details.trim_end().to_string();
        return Outcome {
            verdict: CheckVerdict::Fail,
            summary,
            details,
            team: TeamMessage::verdict_only(CheckVerdict::Fail),
        };
    }
    let read = match output {
        Contestant::Stream(stream) => read_capped(stream, output_cap(answer.len())),
        Contestant::OverCap => Err(Capped::TooLong),
    };
    let text = match read {
        Ok(text) => text,
        Err(Capped::TooLong) => return too_long(answer.len()),
        Err(Capped::Io(e)) => return Outcome::fail(format!("cannot read the output: {e}")),
    };
    let contestant = Rules {
        order: options.order,
        side: Side::Contestant,
    };
    match judge_all::<J>(&cases, &text, options, contestant) {
        Ok(()) => Outcome {
            verdict: CheckVerdict::Accepted,
            summary: accepted_summary(cases.len(), options.order),
            details: accepted_summary(cases.len(), options.order),
            team: TeamMessage::verdict_only(CheckVerdict::Accepted),
        },
        Err(f) => {
            let summary = f.summary();
            let mut details = format!("{summary}\n{}", case_context::<J>(&cases, &f, options));
            if let Some(diff) = diff::render(answer, &text, f.reject.line) {
                details.push_str(&diff);
            }
            let details = details.trim_end().to_string();
            let team = TeamMessage::new(f.reject.verdict, f.case, f.reject.line, f.reject.brief);
            Outcome {
                verdict: f.reject.verdict,
                summary,
                details,
                team,
            }
        }
    }
}

fn accepted_summary(cases: usize, order: Order) -> String {
    let cases = sequence::count(cases, "case");
    format!("{cases}, all right ({})", order.promise())
}

/// The input and the expected answer of the failing case, indented.
fn case_context<J: Judge>(
    cases: &[<J::Problem as Problem>::Case],
    failure: &Failure,
    options: &CheckOptions,
) -> String {
    let Some(case) = failure.case.and_then(|k| cases.get(k - 1)) else {
        return String::new();
    };
    let indent = |text: &str| {
        text.lines()
            .map(|l| format!("    {l}\n"))
            .collect::<String>()
    };
    format!(
        "  input:\n{}  expected ({}):\n{}",
        indent(&J::picture(case)),
        options.order.expected_kind(),
        indent(&J::expected(case, options))
    )
}

/// Reads and judges the answers to all `cases`, then demands the end of `text`.
fn judge_all<J: Judge>(
    cases: &[<J::Problem as Problem>::Case],
    text: &[u8],
    options: &CheckOptions,
    rules: Rules,
) -> Result<(), Failure> {
    let mut lines = Lines::new(text);
    for (i, case) in cases.iter().enumerate() {
        let k = i + 1;
        let start = lines.line_number() + 1;
        let failure = |reject: Reject| Failure {
            case: Some(k),
            reject,
        };
        let reply = match J::read(&mut lines, options) {
            Ok(Some(reply)) => reply,
            Ok(None) => {
                let message = format!(
                    "missing: {} ends after {} of {} cases",
                    rules.text(),
                    i,
                    cases.len()
                );
                return Err(failure(
                    Reject::wrong("the output ends too early", message).at(start),
                ));
            }
            Err(reject) => return Err(failure(reject)),
        };
        J::judge(case, &reply, rules).map_err(|r| {
            let line = r.line.unwrap_or(start);
            failure(r.at(line))
        })?;
    }
    lines
        .expect_end(cases.len())
        .map_err(|reject| Failure { case: None, reject })
}

/// Why [`read_capped`] gave up.
enum Capped {
    /// More than the cap.
    TooLong,
    /// The stream failed.
    Io(std::io::Error),
}

/// Reads at most `cap` bytes; one byte more and the rest is left unread.
fn read_capped(output: &mut dyn Read, cap: usize) -> Result<Vec<u8>, Capped> {
    let mut text = Vec::new();
    let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
    output
        .take(limit)
        .read_to_end(&mut text)
        .map_err(Capped::Io)?;
    if text.len() > cap {
        return Err(Capped::TooLong);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_formats_by_shape() {
        assert_eq!(detect_format(b"2 6 8 4 5 7 3 1\n"), Ok(Format::Msquare));
        assert_eq!(
            detect_format(b"4\n5 8 7 6\n4 1 2 3\n-1\n"),
            Ok(Format::Sicily)
        );
        assert_eq!(detect_format(b"-1"), Ok(Format::Sicily));
        let rotation = b"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n";
        assert_eq!(detect_format(rotation), Ok(Format::Rotation));
        let e = detect_format(b"1 2 3\n").unwrap_err();
        assert!(e.contains("3 tokens, the last \"3\""), "{e}");
        assert!(detect_format(b"").unwrap_err().contains("0 tokens;"));
        assert_eq!(
            detect_format(b"2\x0b6 8 4\x0c5 7 3 1\n"),
            Ok(Format::Msquare)
        );
    }

    #[test]
    fn an_output_over_the_cap_gets_one_verdict_whoever_stopped_it() {
        let input = b"1 2 3 4 5 6 7 8\n";
        let answer = b"0\n\n";
        let options = CheckOptions::default();
        let mut over = &vec![b'A'; (1 << 20) + 1][..];
        let read = check(Format::Msquare, input, answer, &mut over, &options);
        let stopped = check_over_cap(Format::Msquare, input, answer, &options);
        assert_eq!(read, stopped);
        assert_eq!(read.verdict, CheckVerdict::WrongAnswer);
        assert_eq!(
            read.summary,
            "output too long: more than 1048576 bytes, over the cap of 1048576 bytes (max(1 MiB, \
             4 x the jury answer's 3 bytes)); the rest was not read"
        );
        // A wrong jury answer is still the jury's failure, however long the output.
        let stopped = check_over_cap(Format::Msquare, input, b"1\nA\n", &options);
        assert_eq!(stopped.verdict, CheckVerdict::Fail);
    }

    #[test]
    fn cap_is_a_mebibyte_or_four_answers() {
        assert_eq!(output_cap(0), 1 << 20);
        assert_eq!(output_cap(1 << 20), 4 << 20);
        let mut exact = &vec![b' '; 1 << 20][..];
        assert!(read_capped(&mut exact, 1 << 20).is_ok());
        let mut over = &vec![b' '; (1 << 20) + 1][..];
        assert!(matches!(
            read_capped(&mut over, 1 << 20),
            Err(Capped::TooLong)
        ));
    }
}
