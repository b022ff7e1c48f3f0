//! `check`: the special checker, for testlib, Kattis/DOMjudge and CMS.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use boardjudge::check::protocol::{self, Invocation, Protocol, TeamFeedback, USAGE_ERROR};
use boardjudge::check::{CheckOptions, Order, parse_wrap};
use boardjudge::format::Format;
use clap::Parser;

/// The protocols and limits, shown by `--help`.
const PROTOCOLS: &str = r#"Options go before the files (--name value or --name=value, each at most once; --wrap
takes digits only; -- ends the options); from the first file on, everything is a file, and
an option-like argument where a file belongs ("-x", not "-") is a usage error. The testlib
report is never one of the files read. The exported C++ checker reads the same command lines.
Three protocols:

  testlib (default; Polygon, Codeforces):
    check [--format F] <input> <output> <answer> [<report> [-appes]]
    exit 0 ok, 1 wrong answer, 2 wrong output format, 3 FAIL (judge failure);
    the message on stderr and in <report> starts with "ok ", "wrong answer ",
    "wrong output format " or "FAIL " (the full message: it is for the jury).
    e.g. check --format sicily 01.in contestant.out 01.ans report.txt

  kattis (Kattis, DOMjudge):
    check [--format F] --protocol kattis <input> <answer> <feedback_dir> [flags...] < output
    exit 42 accepted, 43 rejected, 1 judge failure; writes judgemessage.txt (the full
    message, for the jury) in <feedback_dir>, or judgeerror.txt on a judge failure;
    teammessage.txt (shown to the team) only with --team-feedback brief;
    flags after <feedback_dir> are accepted and ignored.
    e.g. check --protocol kattis 01.in 01.ans feedback/ case_sensitive < contestant.out

  cms (CMS; the correct output comes before the contestant's):
    check [--format F] --protocol cms <input> <answer> <output>
    prints 1.0 or 0.0 on stdout, and on stderr (shown to the contestant) exactly
    "translate:success" or "translate:wrong", which CMS translates; with --team-feedback
    brief a rejection gets a brief line instead. A judge failure exits with 3.
    e.g. check --format rotation --protocol cms input res.txt output.txt
    Called as `checker` (the name CMS gives it in its sandbox), cms is the default protocol.

What contestants see (--team-feedback, kattis and cms): by default only the verdict. With
brief, one line such as "WA case 3: not a shortest sequence" (PE for a presentation error):
the verdict, the case, a fixed reason (and the line, for a presentation error), at most 50
characters for five-digit case and line numbers; never the expected output,
the input's board, or the contestant's own text. testlib has no contestant channel: its
message is for the jury, whatever --team-feedback says.

A jury answer that fails the jury's own validation is a judge failure (FAIL, exit 3;
kattis: 1), never the contestant's; when the output would pass as a jury answer, the
message adds that the files look swapped and the order each protocol expects.

When a report or feedback file cannot be written, the verdict is not delivered: exit 3
(kattis: 1) with "FAIL cannot write ..." on stderr.

Without --format, the format is recognised from the input: 8 numbers is msquare, groups of
9 ending in -1 sicily, groups of 24 ending in 0 rotation.

The output is read up to max(1 MiB, 4 x the jury answer's size) bytes; more is a wrong
answer, "output too long" with the sizes, without reading the rest: the verdict `judge run`
and `judge check` give the same output. Bad options exit with 3 in every protocol."#;

/// Judge a contestant's output for one test: recompute the truth from the input, check the
/// jury answer, then the output (semantically: any right answer in the format is accepted,
/// with spaces, tabs and \r tolerated inside lines).
#[derive(Parser)]
#[command(version, verbatim_doc_comment, after_help = PROTOCOLS)]
struct Args {
    /// The problem format (recognised from the input when omitted).
    #[arg(long)]
    format: Option<Format>,
    /// The judge system's conventions.
    #[arg(long, value_enum, default_value_t)]
    protocol: Protocol,
    /// Which sequences are accepted.
    #[arg(long, value_enum, default_value_t)]
    order: Order,
    /// msquare: letters per line of the sequence.
    #[arg(long, default_value_t = CheckOptions::default().wrap, value_parser = parse_wrap)]
    wrap: usize,
    /// What the contestant-facing channel gets (Kattis teammessage.txt, CMS stderr).
    #[arg(long, value_enum, default_value_t)]
    team_feedback: TeamFeedback,
    /// The files, in the protocol's order (and Kattis flags).
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "FILES"
    )]
    files: Vec<OsString>,
}

fn main() -> ExitCode {
    boardjudge::cli::end_quietly_on_closed_output();
    let args = match Args::try_parse_from(command_line()) {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(USAGE_ERROR);
        }
    };
    let options = CheckOptions {
        order: args.order,
        wrap: args.wrap,
    };
    let invocation = match Invocation::parse(args.protocol, &args.files) {
        Ok(invocation) => invocation,
        Err(e) => return usage_error(&e),
    };
    let outcome = match protocol::judge(&invocation, args.format, &options) {
        Ok(outcome) => outcome,
        Err(e) => return usage_error(&e),
    };
    let delivery = protocol::deliver(&invocation, &outcome, args.team_feedback);
    let delivery = protocol::write_files(delivery, args.protocol);
    print!("{}", delivery.stdout);
    let _ = io::stdout().flush();
    let stderr = io::stderr();
    let text = if stderr.is_terminal() {
        protocol::colour(&delivery.stderr, delivery.verdict)
    } else {
        delivery.stderr
    };
    let _ = stderr.lock().write_all(text.as_bytes());
    ExitCode::from(delivery.exit_code)
}

/// The arguments; under CMS's name `checker`, `--protocol cms` unless a protocol is given
/// (CMS runs `checker <input> <correct_output> <contestant_output>` and nothing else).
fn command_line() -> Vec<OsString> {
    let mut argv: Vec<OsString> = std::env::args_os().collect();
    let as_checker = argv
        .first()
        .and_then(|a| std::path::Path::new(a).file_name())
        .is_some_and(|name| name == "checker");
    if as_checker
        && !argv
            .iter()
            .any(|a| a.to_string_lossy().starts_with("--protocol"))
    {
        argv.splice(1..1, ["--protocol".into(), "cms".into()]);
    }
    argv
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("check: {message}\nTry 'check --help'.");
    ExitCode::from(USAGE_ERROR)
}
