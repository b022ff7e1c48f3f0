//! How the commands that run solutions end their report: the busy machine's warning, the
//! page written, the exit code and last JSON line of an interrupted command, the runs that
//! finished before an interrupt.

use std::io::IsTerminal;
use std::process::ExitCode;

use crate::session::{self, Partial};
use crate::terminal::{paint, print_json};

/// The busy machine's warning, first on standard error (it shows above the report on a
/// terminal; standard output stays the report alone).
pub fn warn_busy(timing: &session::Timing) {
    if let Some(warning) = timing.warning() {
        eprintln!("warning: {warning}");
    }
}

/// Says that the HTML page, if any, was written.
pub fn wrote(page: &Option<std::path::PathBuf>) {
    if let Some(path) = page {
        eprintln!("wrote {}", path.display());
    }
}

/// How a command that runs solutions prints its report: a table, JSON, or JSON lines (one
/// per finished run while it works, then a last one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Tables on stdout.
    Text,
    /// The report as one JSON document on stdout.
    Json,
    /// A JSON object per finished run on stdout, then `{"event": "end", ...}`.
    JsonLines,
}

impl Output {
    /// The output `--json` and `--json-lines` ask for.
    pub fn of(json: bool, json_lines: bool) -> Output {
        match (json, json_lines) {
            (_, true) => Output::JsonLines,
            (true, false) => Output::Json,
            (false, false) => Output::Text,
        }
    }
}

/// The exit code of an interrupted command: 128 + the signal.
pub fn interrupted_code(number: i32) -> ExitCode {
    ExitCode::from(u8::try_from(128 + number).unwrap_or(130))
}

/// The last line of `--json-lines`: how the command ended.
pub fn json_end(code: u8, interrupted: Option<&session::Interruption>) {
    let end = serde_json::json!({
        "event": "end",
        "exit_code": code,
        "interrupted": interrupted,
    });
    println!("{end}");
}

/// An interrupted command's runs that finished: the partial matrices, how far it got, and the
/// confirmation runs as for a finished command.
pub fn print_partial(partial: &Partial, output: Output) -> ExitCode {
    let code = interrupted_code(partial.interrupted.number);
    match output {
        Output::Json => print_json(partial),
        Output::JsonLines => json_end(
            (128 + partial.interrupted.number) as u8,
            Some(&partial.interrupted),
        ),
        Output::Text => {
            let on = std::io::stdout().is_terminal();
            let grid = boardjudge::report::live::Grid {
                problems: partial.problems.clone(),
                done: partial.interrupted.done,
                total: partial.interrupted.total,
            };
            print!("{}", grid.text(&|t, v| paint(t, v, on)));
            let timing = &partial.timing;
            if timing.worth_a_note() {
                eprintln!("note: {}", timing.confirmation());
            }
            println!(
                "{} ({})",
                partial.interrupted.message, partial.interrupted.signal
            );
        }
    }
    code
}
