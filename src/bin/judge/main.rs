//! `judge`: the problem set's command: build and verify the test data from judge.toml, judge
//! solutions on it, and export packages for real judges. This file parses the command line
//! ([`args`]) and hands each command to its function in [`commands`].

use std::process::ExitCode;

use boardjudge::cli::solution_command_hint;
use clap::{CommandFactory, FromArgMatches};

use args::{Args, Command, takes_value};
use solution_args::is_source;

mod args;
mod bar_term;
mod commands;
mod exit;
mod session;
mod solution_args;
mod terminal;

fn main() -> ExitCode {
    let parsed = Args::command()
        .try_get_matches()
        .and_then(|matches| Ok((Args::from_arg_matches(&matches)?, matches)));
    let args = match parsed {
        Ok((mut args, matches)) => {
            if let Err(e) = args.command.find_plan(&matches) {
                eprintln!("judge: {e}");
                return ExitCode::from(usage_code());
            }
            args
        }
        Err(e) => {
            let _ = e.print();
            if !e.use_stderr() {
                return ExitCode::SUCCESS;
            }
            let argv: Vec<String> = std::env::args().skip(1).collect();
            if let Some(hint) =
                solution_command_hint(&argv, &|option| takes_value(&argv, option), &is_source)
            {
                eprintln!("\nhint: {hint}");
            }
            return ExitCode::from(usage_code());
        }
    };
    // Solutions and generators run in process groups of their own: Ctrl-C must not leave
    // them behind. `judge run` and `judge strength` then print the runs that finished.
    match args.command {
        Command::Run { .. } | Command::Strength { .. } => {
            boardjudge::runner::stop_runs_on_interrupt();
        }
        Command::Build { .. } | Command::Stress { .. } => {
            boardjudge::runner::kill_groups_on_interrupt();
        }
        _ => {}
    }
    let code = match args.command {
        Command::Build(args) => commands::build::command(args),
        Command::Run(args) => commands::run::command(args),
        Command::List(args) => commands::list::command(args),
        Command::Languages(args) => commands::languages::command(args),
        Command::Check(args) => commands::check::command(args),
        Command::Validate(args) => commands::validate::command(args),
        Command::Stress(args) => commands::stress::command(args),
        Command::Strength(args) => commands::strength::command(args),
        Command::Export(args) => commands::export::command(args),
    };
    // An interrupted run exits from its signal handler, with 128 + the signal.
    boardjudge::runner::wait_if_interrupted();
    code
}

/// The exit code of bad usage ([`exit::USAGE`]), but 3 for `judge check`, which speaks
/// testlib's exit codes (where 2 is a presentation error).
fn usage_code() -> u8 {
    let checking = std::env::args().nth(1).is_some_and(|a| a == "check");
    if checking { 3 } else { exit::USAGE }
}
