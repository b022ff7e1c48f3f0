//! `gen`: seeded test inputs. See [`boardjudge::generator`].

use std::io::{self, Write};
use std::process::ExitCode;

use boardjudge::generator::{GenArgs, GenError, generate, limit_note};
use clap::Parser;

fn main() -> ExitCode {
    boardjudge::cli::end_quietly_on_closed_output();
    let args = GenArgs::parse();
    if let Some(note) = limit_note(&args) {
        let _ = writeln!(io::stderr(), "gen: {note}");
    }
    let stdout = io::stdout();
    match generate(&args, &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that closed the pipe early wants no more output and no message.
        Err(GenError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::from(boardjudge::cli::CLOSED_OUTPUT)
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "gen: {e}");
            ExitCode::from(if matches!(e, GenError::Plan(_)) { 2 } else { 1 })
        }
    }
}
