//! `validate`: the strict input validator. See [`boardjudge::validate`].

use std::path::PathBuf;
use std::process::ExitCode;

use boardjudge::validate::{ValidateArgs, run};
use clap::Parser;

fn main() -> ExitCode {
    let args = ValidateArgs::parse();
    // judge.toml (for --problem, and for the note on a format's limits) is looked for from
    // here; paths in messages are relative to it.
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    ExitCode::from(run(&args, &here, &mut std::io::stderr()))
}
