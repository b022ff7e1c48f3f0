//! `judge`: the problem set's command: build and verify the test data from judge.toml, judge
//! solutions on it, and export packages for real judges. This file parses the command line and
//! hands each command to its module, one per command, each holding its arguments, its calls
//! into the library and its printing; what several share is in [`common`].

use std::path::PathBuf;
use std::process::ExitCode;

use boardjudge::cli::solution_call;
use boardjudge::problemset::plan::Plan;
use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use solution_args::is_source;

mod bar_term;
mod build;
mod check;
mod common;
mod exit;
mod export;
mod languages;
mod list;
mod live;
mod run;
mod solution_args;
mod strength;
mod stress;
mod terminal;
mod ticker;
mod validate;

/// Prepare and verify the test data of the problem set described by judge.toml.
#[derive(Parser)]
#[command(version, after_help = exit::CODES)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Build(build::Args),
    Run(run::Args),
    List(list::Args),
    Languages(languages::Args),
    Check(check::Args),
    Validate(validate::Args),
    Stress(stress::Args),
    Strength(strength::Args),
    Export(export::Args),
}

fn main() -> ExitCode {
    boardjudge::cli::end_quietly_on_closed_output();
    let parsed = Args::command()
        .try_get_matches()
        .and_then(|matches| Ok((Args::from_arg_matches(&matches)?, matches)));
    let args = match parsed {
        Ok((mut args, matches)) => {
            if let Err(e) = args.command.find_plan(&matches) {
                eprintln!("judge: {}", boardjudge::text::visible(&e.to_string()));
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
            if let Some(call) =
                solution_call(&argv, &|option| takes_value(&argv, option), &is_source)
            {
                eprintln!(
                    "\nhint: the solution's command goes after `--`, which ends judge's own \
                     options: {call}"
                );
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
        Command::Build(args) => build::command(args),
        Command::Run(args) => run::command(args),
        Command::List(args) => list::command(args),
        Command::Languages(args) => languages::command(args),
        Command::Check(args) => check::command(args),
        Command::Validate(args) => validate::command(args),
        Command::Stress(args) => stress::command(args),
        Command::Strength(args) => strength::command(args),
        Command::Export(args) => export::command(args),
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

impl Command {
    /// The command's `--plan`, for the commands that read judge.toml.
    fn plan_mut(&mut self) -> Option<&mut PathBuf> {
        match self {
            Command::Build(a) => Some(&mut a.plan),
            Command::Run(a) => Some(&mut a.common.plan),
            Command::List(a) => Some(&mut a.plan),
            Command::Check(a) => Some(&mut a.plan),
            Command::Validate(a) => Some(&mut a.plan),
            Command::Stress(a) => Some(&mut a.common.plan),
            Command::Strength(a) => Some(&mut a.common.plan),
            Command::Export(a) => Some(&mut a.plan),
            Command::Languages(_) => None,
        }
    }

    /// Sets the plan of a command that reads judge.toml and was given no `--plan` (as
    /// `matches`, its command line, says) to judge.toml in the current directory or the
    /// nearest one above it (as cargo and git find theirs); or says there is none.
    fn find_plan(&mut self, matches: &ArgMatches) -> Result<(), String> {
        let Some(plan) = self.plan_mut() else {
            return Ok(());
        };
        let given = matches
            .subcommand()
            .and_then(|(_, m)| m.value_source("plan"))
            .is_some_and(|source| source != ValueSource::DefaultValue);
        if given {
            return Ok(());
        }
        let here = std::env::current_dir()
            .map_err(|e| format!("cannot read the current directory: {e}"))?;
        *plan = Plan::find(&here).ok_or_else(|| {
            format!(
                "no judge.toml in {} or any directory above it; give its path with --plan",
                here.display()
            )
        })?;
        Ok(())
    }
}

/// True when `option` (`--tests`) of the subcommand `argv[0]` takes a value.
fn takes_value(argv: &[String], option: &str) -> bool {
    let command = Args::command();
    let Some(sub) = argv.first().and_then(|s| command.find_subcommand(s)) else {
        return false;
    };
    let long = option.trim_start_matches('-');
    sub.get_arguments()
        .any(|a| a.get_long() == Some(long) && a.get_action().takes_values())
}
