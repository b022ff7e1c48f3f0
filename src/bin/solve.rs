//! `solve`: the reference solver. Reads an input, writes the expected output.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use boardjudge::cli::open_input;
use boardjudge::format::msquare::Msquare;
use boardjudge::format::rotation::Rotation;
use boardjudge::format::sicily::Sicily;
use boardjudge::format::{Format, Problem, ReadOptions, SolveError, solve_stream};
use clap::Parser;

/// Write the expected output (the jury answer) for a test input.
///
/// The input is read leniently (any whitespace between numbers) but checked: every bad token
/// is reported as FILE:LINE:COL with the case number, and the exit code is 1. The answers are
/// streamed: each is written as soon as its case is read, so a file of a million cases is
/// solved in bounded memory; on a bad input, standard output holds exactly the complete
/// answers to the cases before the bad one, never a partial line.
///
/// Examples:
///   printf '4\n5 8 7 6\n4 1 2 3\n-1\n' | solve sicily        # prints "2 AB"
///   solve msquare testdata/msquare/samples/statement.in > statement.ans
#[derive(Parser)]
#[command(version, verbatim_doc_comment)]
struct Args {
    /// The problem format.
    format: Format,
    /// The input file; standard input when omitted or `-`.
    input: Option<PathBuf>,
}

fn main() -> ExitCode {
    boardjudge::cli::end_quietly_on_closed_output();
    let args = Args::parse();
    let input = match open_input(args.input.as_deref()) {
        Ok(input) => input,
        Err(e) => {
            eprintln!("solve: cannot open the input: {e}");
            return ExitCode::from(1);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = match args.format {
        Format::Sicily => run::<Sicily>(input.reader, &mut out),
        Format::Msquare => run::<Msquare>(input.reader, &mut out),
        Format::Rotation => run::<Rotation>(input.reader, &mut out),
    };
    let result = result.and_then(|_| out.flush().map_err(SolveError::Write));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(SolveError::Parse(e)) => {
            eprintln!("solve: {}:{e}", input.name);
            ExitCode::from(1)
        }
        // A reader that closed the pipe early wants no more output and no message.
        Err(SolveError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::from(boardjudge::cli::CLOSED_OUTPUT)
        }
        Err(e) => {
            eprintln!("solve: {e}");
            ExitCode::from(1)
        }
    }
}

fn run<P: Problem>(input: Box<dyn io::BufRead>, out: &mut dyn Write) -> Result<(), SolveError> {
    solve_stream::<P>(input, ReadOptions::LENIENT, out).map(|_| ())
}
