//! `validate`: the strict input validator. See [`boardjudge::validate`].

use std::process::ExitCode;

use boardjudge::validate::{ValidateArgs, run};
use clap::Parser;

fn main() -> ExitCode {
    let args = ValidateArgs::parse();
    ExitCode::from(run(&args, &mut std::io::stderr()))
}
