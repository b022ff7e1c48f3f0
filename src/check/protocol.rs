//! The three judge protocols: how a judge system passes the files (argv), and how it wants
//! the verdict back (exit code, standard streams, files).
//!
//! - testlib (Polygon, Codeforces): `<input> <output> <answer> [<report> [-appes]]`; exit 0
//!   accepted, 1 wrong answer, 2 presentation error, 3 judge failure; the message starts with
//!   `ok `, `wrong answer `, `wrong output format ` or `FAIL ` on standard error and in the
//!   report file (with `-appes`, the report file gets testlib's XML instead).
//! - Kattis / DOMjudge: `<input> <answer> <feedback_dir> [flags...] < output`; exit 42
//!   accepted, 43 rejected, 1 judge failure; the full message goes to
//!   `feedback_dir/judgemessage.txt`, a judge failure to `judgeerror.txt`. `teammessage.txt`
//!   (shown to the team by Kattis) is written only with [`TeamFeedback::Brief`], and then
//!   holds the [`TeamMessage`](super::TeamMessage). Flags after `feedback_dir` (Kattis
//!   `validator_flags`) are accepted and ignored.
//! - CMS: `<input> <answer> <output>` (the correct output before the contestant's); `1.0` or
//!   `0.0` on standard output, and on standard error (which CMS shows to the contestant)
//!   exactly `translate:success` or `translate:wrong`, the only texts CMS translates; with
//!   [`TeamFeedback::Brief`] a rejection's team message instead. A judge failure exits with 3.
//!
//! What the contestant sees never holds the expected answer or a board: the jury's message
//! goes only where the jury reads it.
//!
//! Nothing here prints: [`Invocation::parse`] reads argv, [`judge`] reads the files and
//! checks, [`deliver`] says what to print, write and return, [`write_files`] writes.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use clap::ValueEnum;

use super::{CheckOptions, CheckVerdict, Outcome, check, detect_format};
use crate::format::Format;

/// A judge system's conventions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Protocol {
    /// testlib / Polygon / Codeforces: `<input> <output> <answer> [<report> [-appes]]`.
    #[default]
    Testlib,
    /// Kattis / DOMjudge: `<input> <answer> <feedback_dir> [flags...] < output`.
    Kattis,
    /// CMS: `<input> <answer> <output>`.
    Cms,
}

impl Protocol {
    /// The exit code that gives `verdict` to the judge system, as the module documentation
    /// lists them (CMS: 0, the score on standard output tells the verdict).
    pub fn exit_code(self, verdict: CheckVerdict) -> u8 {
        match (self, verdict) {
            (Protocol::Testlib, CheckVerdict::Accepted) => 0,
            (Protocol::Testlib, CheckVerdict::WrongAnswer) => 1,
            (Protocol::Testlib, CheckVerdict::PresentationError) => 2,
            (Protocol::Testlib | Protocol::Cms, CheckVerdict::Fail) => 3,
            (Protocol::Kattis, CheckVerdict::Accepted) => 42,
            (Protocol::Kattis, CheckVerdict::WrongAnswer | CheckVerdict::PresentationError) => 43,
            (Protocol::Kattis, CheckVerdict::Fail) => 1,
            (Protocol::Cms, _) => 0,
        }
    }
}

/// What the contestant-facing channel (Kattis `teammessage.txt`, CMS standard error) gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TeamFeedback {
    /// Nothing but the verdict: no `teammessage.txt`; CMS's `translate:wrong`.
    #[default]
    None,
    /// One short line with the verdict, the case and a fixed reason, e.g. `WA case 3: not a
    /// shortest sequence`; never the expected output or a board.
    Brief,
}

/// The exit code for a usage error (bad options or arguments), in every protocol.
pub const USAGE_ERROR: u8 = 3;

/// Where the contestant's output comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputSource {
    /// A file.
    File(PathBuf),
    /// Standard input.
    Stdin,
}

/// The files of one run, as the protocol's argv names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    /// testlib.
    Testlib {
        /// The test input.
        input: PathBuf,
        /// The contestant's output.
        output: PathBuf,
        /// The jury answer.
        answer: PathBuf,
        /// Where to write the report, if anywhere.
        report: Option<PathBuf>,
        /// Write the report as testlib's XML (`-appes`).
        appes: bool,
    },
    /// Kattis / DOMjudge.
    Kattis {
        /// The test input.
        input: PathBuf,
        /// The jury answer.
        answer: PathBuf,
        /// The directory for the feedback files.
        feedback_dir: PathBuf,
        /// Flags after the feedback directory (accepted, ignored).
        flags: Vec<OsString>,
    },
    /// CMS.
    Cms {
        /// The test input.
        input: PathBuf,
        /// The correct output (the jury answer).
        answer: PathBuf,
        /// The contestant's output.
        output: PathBuf,
    },
}

impl Invocation {
    /// Reads the positional arguments of `protocol`.
    pub fn parse(protocol: Protocol, args: &[OsString]) -> Result<Invocation, String> {
        let path = |i: usize| PathBuf::from(&args[i]);
        let looks_like_option = args.iter().any(|a| a.to_string_lossy().starts_with("--"));
        let hint = if looks_like_option {
            "; options (--format, --protocol, --order, --wrap) go before the files"
        } else {
            ""
        };
        // Where the protocol puts files, an option-like argument is a mistake, never a file
        // name: taking it for one would shift the others (and overwrite a jury file with the
        // report). Kattis flags after the feedback directory and testlib's -appes are fine.
        let files = match protocol {
            Protocol::Testlib => 4,
            Protocol::Kattis | Protocol::Cms => 3,
        };
        if let Some(option) = args
            .iter()
            .take(files)
            .find(|a| a.to_string_lossy().starts_with('-') && *a != "-")
        {
            return Err(format!(
                "unknown option \"{}\": options (--format, --protocol, --order, --wrap) go \
                 before the files, and a file named like an option needs a ./ in front",
                option.to_string_lossy()
            ));
        }
        match protocol {
            Protocol::Testlib => {
                let appes = match args.get(4) {
                    None => false,
                    Some(a) if a == "-appes" => true,
                    Some(a) => {
                        return Err(format!(
                            "testlib: the fifth argument can only be -appes, not \"{}\"{hint}",
                            a.to_string_lossy()
                        ));
                    }
                };
                if !(3..=5).contains(&args.len()) {
                    return Err(format!(
                        "testlib takes <input> <output> <answer> [<report> [-appes]], got {} \
                         arguments{hint}",
                        args.len()
                    ));
                }
                // The report is written: never over a file the checker reads.
                if let Some(report) = args.get(3).filter(|r| args[..3].contains(r)) {
                    return Err(format!(
                        "the report file {} is also one of the files read",
                        report.to_string_lossy()
                    ));
                }
                Ok(Invocation::Testlib {
                    input: path(0),
                    output: path(1),
                    answer: path(2),
                    report: args.get(3).map(PathBuf::from),
                    appes,
                })
            }
            Protocol::Kattis => {
                if args.len() < 3 {
                    return Err(format!(
                        "kattis takes <input> <answer> <feedback_dir> [flags...] < output, got \
                         {} arguments{hint}",
                        args.len()
                    ));
                }
                Ok(Invocation::Kattis {
                    input: path(0),
                    answer: path(1),
                    feedback_dir: path(2),
                    flags: args[3..].to_vec(),
                })
            }
            Protocol::Cms => {
                if args.len() != 3 {
                    return Err(format!(
                        "cms takes <input> <answer> <output>, got {} arguments{hint}",
                        args.len()
                    ));
                }
                Ok(Invocation::Cms {
                    input: path(0),
                    answer: path(1),
                    output: path(2),
                })
            }
        }
    }

    /// The protocol whose argv this is.
    pub fn protocol(&self) -> Protocol {
        match self {
            Invocation::Testlib { .. } => Protocol::Testlib,
            Invocation::Kattis { .. } => Protocol::Kattis,
            Invocation::Cms { .. } => Protocol::Cms,
        }
    }

    /// The test input.
    pub fn input(&self) -> &Path {
        match self {
            Invocation::Testlib { input, .. }
            | Invocation::Kattis { input, .. }
            | Invocation::Cms { input, .. } => input,
        }
    }

    /// The jury answer.
    pub fn answer(&self) -> &Path {
        match self {
            Invocation::Testlib { answer, .. }
            | Invocation::Kattis { answer, .. }
            | Invocation::Cms { answer, .. } => answer,
        }
    }

    /// Where the contestant's output comes from.
    pub fn output(&self) -> OutputSource {
        match self {
            Invocation::Testlib { output, .. } | Invocation::Cms { output, .. } => {
                OutputSource::File(output.clone())
            }
            Invocation::Kattis { .. } => OutputSource::Stdin,
        }
    }
}

/// Reads the files of `invocation` and checks the output; `format` is recognised from the
/// input when `None`. Every failure to read a jury file is a judge failure; a missing output
/// file is a presentation error (as in testlib). Options that do not suit the format are a
/// usage error (`Err`), found before the output is read. The messages are
/// [`Outcome::visible`], those naming a file too.
pub fn judge(
    invocation: &Invocation,
    format: Option<Format>,
    options: &CheckOptions,
) -> Result<Outcome, String> {
    judge_files(invocation, format, options).map(Outcome::visible)
}

fn judge_files(
    invocation: &Invocation,
    format: Option<Format>,
    options: &CheckOptions,
) -> Result<Outcome, String> {
    let read = |path: &Path, what: &str| {
        std::fs::read(path)
            .map_err(|e| Outcome::fail(format!("cannot read the {what} {}: {e}", path.display())))
    };
    let input = match read(invocation.input(), "input") {
        Ok(bytes) => bytes,
        Err(outcome) => return Ok(outcome),
    };
    let answer = match read(invocation.answer(), "jury answer") {
        Ok(bytes) => bytes,
        Err(outcome) => return Ok(outcome),
    };
    let format = match format.map_or_else(|| detect_format(&input), Ok) {
        Ok(format) => format,
        Err(e) => return Ok(Outcome::fail(e)),
    };
    options.validate(format)?;
    // The output, read up to one byte past the cap: the checker judges any more as too long.
    let cap = super::output_cap(answer.len()) as u64 + 1;
    let mut output = Vec::new();
    let read = match invocation.output() {
        OutputSource::Stdin => io::stdin().lock().take(cap).read_to_end(&mut output),
        OutputSource::File(path) => match File::open(&path) {
            Ok(file) => file.take(cap).read_to_end(&mut output),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // The jury files are judged first: a problem there is a judge failure even
                // when the contestant's output is missing.
                let jury = check(format, &input, &answer, &mut io::empty(), options);
                if jury.verdict == CheckVerdict::Fail {
                    return Ok(jury);
                }
                let summary = format!("the output file {} does not exist", path.display());
                let missing = "no output file";
                return Ok(Outcome::rejected(
                    CheckVerdict::PresentationError,
                    summary,
                    missing,
                ));
            }
            Err(e) => {
                let why = format!("cannot open the output {}: {e}", path.display());
                return Ok(Outcome::fail(why));
            }
        },
    };
    if let Err(e) = read {
        return Ok(Outcome::fail(format!("cannot read the output: {e}")));
    }
    let outcome = check(format, &input, &answer, &mut &output[..], options);
    // A jury answer that fails the jury's own validation while the output would pass it:
    // most likely the files were given in another protocol's order.
    let passes = |bytes: &[u8]| {
        check(format, &input, bytes, &mut io::empty(), options).verdict != CheckVerdict::Fail
    };
    if outcome.verdict == CheckVerdict::Fail && passes(&output) && !passes(&answer) {
        return Ok(Outcome {
            details: format!("{}\n{}", outcome.details, swapped_hint(invocation)),
            ..outcome
        });
    }
    Ok(outcome)
}

/// What a judge failure says when the jury answer and the output look swapped: which file
/// each was taken for, and the order each protocol expects.
fn swapped_hint(invocation: &Invocation) -> String {
    let protocol = invocation.protocol().to_possible_value();
    let this = protocol.as_ref().map_or("", |p| p.get_name());
    let output = match invocation.output() {
        OutputSource::Stdin => "standard input".to_string(),
        OutputSource::File(path) => path.display().to_string(),
    };
    let answer = invocation.answer().display();
    format!(
        "hint: the files look swapped: the jury answer ({answer}) fails the jury's own \
         validation, and the output ({output}) would pass it. This call speaks {this}; the \
         order each protocol expects:\n  testlib: check <input> <output> <answer>\n  kattis:  \
         check --protocol kattis <input> <answer> <feedback_dir> < output\n  cms:     check \
         --protocol cms <input> <answer> <output>"
    )
}

/// What to do with an outcome: the exit code, the standard streams, the files to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The verdict the streams report (for colour).
    pub verdict: CheckVerdict,
    /// The exit code.
    pub exit_code: u8,
    /// Standard output.
    pub stdout: String,
    /// Standard error (the binary may colour it).
    pub stderr: String,
    /// Files to write, with their contents.
    pub files: Vec<(PathBuf, String)>,
}

/// testlib's prefix for a verdict: `ok `, `wrong answer `, `wrong output format `, `FAIL `.
pub fn testlib_prefix(verdict: CheckVerdict) -> &'static str {
    match verdict {
        CheckVerdict::Accepted => "ok ",
        CheckVerdict::WrongAnswer => "wrong answer ",
        CheckVerdict::PresentationError => "wrong output format ",
        CheckVerdict::Fail => "FAIL ",
    }
}

/// How `invocation`'s protocol reports `outcome`, with `team` feedback for the contestant.
pub fn deliver(invocation: &Invocation, outcome: &Outcome, team: TeamFeedback) -> Delivery {
    let prefix = testlib_prefix(outcome.verdict);
    let message = format!("{prefix}{}\n", outcome.details);
    let verdict = outcome.verdict;
    let (stdout, stderr, files) = match invocation {
        Invocation::Testlib { report, appes, .. } => {
            let text = if *appes {
                appes_xml(outcome)
            } else {
                message.clone()
            };
            let files = report.iter().map(|path| (path.clone(), text.clone()));
            ("", message, files.collect())
        }
        Invocation::Kattis { feedback_dir, .. } => {
            let file = |name: &str, text: String| (feedback_dir.join(name), text);
            let name = match verdict {
                CheckVerdict::Fail => "judgeerror.txt",
                _ => "judgemessage.txt",
            };
            let mut files = vec![file(name, message.clone())];
            if team == TeamFeedback::Brief && verdict != CheckVerdict::Fail {
                files.push(file("teammessage.txt", format!("{}\n", outcome.team)));
            }
            ("", message, files)
        }
        Invocation::Cms { .. } => match (verdict, team) {
            (CheckVerdict::Accepted, _) => ("1.0\n", "translate:success\n".into(), Vec::new()),
            (CheckVerdict::Fail, _) => ("", message, Vec::new()),
            (_, TeamFeedback::None) => ("0.0\n", "translate:wrong\n".into(), Vec::new()),
            (_, TeamFeedback::Brief) => ("0.0\n", format!("{}\n", outcome.team), Vec::new()),
        },
    };
    Delivery {
        verdict,
        exit_code: invocation.protocol().exit_code(verdict),
        stdout: stdout.into(),
        stderr,
        files,
    }
}

/// Writes `delivery`'s files. When one cannot be written, the verdict was not delivered: the
/// result is a judge failure (exit 3, or 1 under Kattis) whose standard error says which file
/// and why, and never the verdict's `ok`.
pub fn write_files(delivery: Delivery, protocol: Protocol) -> Delivery {
    let mut failures = String::new();
    for (path, text) in &delivery.files {
        if let Err(e) = std::fs::write(path, text) {
            failures.push_str(&format!(
                "FAIL cannot write {}: {e}; the checker's verdict was not delivered\n",
                path.display()
            ));
        }
    }
    if failures.is_empty() {
        return delivery;
    }
    Delivery {
        verdict: CheckVerdict::Fail,
        exit_code: protocol.exit_code(CheckVerdict::Fail),
        stdout: String::new(),
        stderr: failures,
        files: Vec::new(),
    }
}

/// testlib's `-appes` report: `<result outcome="...">message</result>`.
fn appes_xml(outcome: &Outcome) -> String {
    let name = match outcome.verdict {
        CheckVerdict::Accepted => "accepted",
        CheckVerdict::WrongAnswer => "wrong-answer",
        CheckVerdict::PresentationError => "presentation-error",
        CheckVerdict::Fail => "fail",
    };
    let text = crate::text::xml(&outcome.details);
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<result outcome=\"{name}\">{text}</result>\n"
    )
}

/// Colours a message for a terminal: the verdict on the first line, and the diff's lines
/// (removed red, added green, hunk headers cyan).
pub fn colour(text: &str, verdict: CheckVerdict) -> String {
    const RESET: &str = "\x1b[0m";
    let head = match verdict {
        CheckVerdict::Accepted => "\x1b[1;32m",
        CheckVerdict::WrongAnswer => "\x1b[1;31m",
        CheckVerdict::PresentationError => "\x1b[1;33m",
        CheckVerdict::Fail => "\x1b[1;35m",
    };
    let mut in_diff = false;
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        in_diff |= line.starts_with("--- ");
        let style = match line.as_bytes().first() {
            _ if i == 0 => head,
            Some(b'-') if in_diff => "\x1b[31m",
            Some(b'+') if in_diff => "\x1b[32m",
            Some(b'@') if in_diff => "\x1b[36m",
            _ => "",
        };
        if style.is_empty() {
            out.push_str(line);
        } else {
            out.push_str(&format!("{style}{line}{RESET}"));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn kattis_accepts_flags_after_the_feedback_dir() {
        let list = ["i", "a", "fb", "case_sensitive", "-x", "--y"];
        let inv = Invocation::parse(Protocol::Kattis, &args(&list)).unwrap();
        assert_eq!(inv.output(), OutputSource::Stdin);
        assert!(matches!(&inv, Invocation::Kattis { flags, .. } if flags.len() == 3));
        assert!(Invocation::parse(Protocol::Kattis, &args(&["i", "a"])).is_err());
    }

    #[test]
    fn colour_marks_the_verdict_and_the_diff() {
        let text = "wrong answer case 1: x\n  input:\n    -1\n--- expected\n+++ yours\n@@ -1 +1 @@\n-2 AB\n+2 BA\n 0\n";
        let coloured = colour(text, CheckVerdict::WrongAnswer);
        assert!(coloured.starts_with("\x1b[1;31mwrong answer case 1: x\x1b[0m\n"));
        assert!(
            coloured.contains("\n    -1\n"),
            "lines before the diff stay plain"
        );
        assert!(coloured.contains("\x1b[31m-2 AB\x1b[0m\n\x1b[32m+2 BA\x1b[0m\n 0\n"));
        assert!(coloured.contains("\x1b[36m@@ -1 +1 @@\x1b[0m"));
    }

    #[test]
    fn appes_escapes_the_message() {
        let mut outcome = Outcome::rejected(CheckVerdict::WrongAnswer, "a<b".into(), "x");
        outcome.details = "a<b & \"c\"".into();
        let xml = appes_xml(&outcome);
        assert!(
            xml.contains("<result outcome=\"wrong-answer\">a&lt;b &amp; &quot;c&quot;</result>")
        );
    }
}
