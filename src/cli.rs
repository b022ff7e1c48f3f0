//! Pieces shared by the command-line tools: naming formats on the command line and opening
//! inputs.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::format::Format;

impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &Format::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Format::Sicily => "Sicily 1151: cases of N and a board row by row, ending with -1",
            Format::Msquare => "USACO 3.2 Magic Squares / Luogu P2730: one board, clockwise",
            Format::Rotation => "UVA 1343 The Rotation Game: boards of 24 digits, ending with 0",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// An opened input and the name to use for it in messages.
pub struct Input {
    /// The bytes.
    pub reader: Box<dyn BufRead>,
    /// The path, or `<stdin>`.
    pub name: String,
}

/// Opens `path`, or standard input when it is `None` or `-`.
pub fn open_input(path: Option<&Path>) -> io::Result<Input> {
    match path {
        None => Ok(stdin_input()),
        Some(p) if p == Path::new("-") => Ok(stdin_input()),
        Some(p) => {
            let file = File::open(p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
            Ok(Input {
                reader: Box::new(BufReader::with_capacity(1 << 16, file)),
                name: p.display().to_string(),
            })
        }
    }
}

fn stdin_input() -> Input {
    Input {
        reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        name: "<stdin>".into(),
    }
}

/// For `judge run` and `judge stress` called without `--` before the solution's command
/// (`judge run msquare ./sol`), or without a command at all: how to call it. `args` are the
/// arguments after the program's name, the subcommand first; `takes_value` says which
/// `--option`s of the subcommand take a value (`--tests 01` rather than a flag).
pub fn solution_command_hint(
    args: &[String],
    takes_value: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let (subcommand, rest) = args.split_first()?;
    if !matches!(subcommand.as_str(), "run" | "stress") || rest.iter().any(|a| a == "--") {
        return None;
    }
    let mut options: Vec<&str> = Vec::new();
    let mut positional: Vec<&str> = Vec::new();
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        if word.starts_with('-') && word.len() > 1 {
            options.push(word);
            if !word.contains('=') && takes_value(word) {
                options.extend(words.next().map(String::as_str));
            }
        } else {
            positional.push(word);
        }
    }
    let (problem, command) = positional.split_first()?;
    let example = if command.is_empty() {
        "./sol".to_string()
    } else {
        command.join(" ")
    };
    let mut call = vec!["judge", subcommand.as_str()];
    call.extend(options);
    call.push(problem);
    Some(format!(
        "the solution's command goes after `--`, which ends judge's own options: {} -- {example}",
        call.join(" ")
    ))
}

#[cfg(test)]
mod tests {
    use super::solution_command_hint;

    fn hint(args: &[&str]) -> Option<String> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        solution_command_hint(&args, &|option| option == "--tests")
    }

    #[test]
    fn a_command_without_the_separator_gets_the_right_call() {
        let h = hint(&["run", "msquare", "./sol"]).unwrap();
        assert!(h.ends_with("judge run msquare -- ./sol"), "{h}");
        let h = hint(&["run", "--tests", "samples", "msquare", "python3", "a.py"]).unwrap();
        assert!(
            h.ends_with("judge run --tests samples msquare -- python3 a.py"),
            "{h}"
        );
        let h = hint(&["stress", "sicily", "--json", "./sol"]).unwrap();
        assert!(h.ends_with("judge stress --json sicily -- ./sol"), "{h}");
        let h = hint(&["run", "msquare"]).unwrap();
        assert!(h.ends_with("judge run msquare -- ./sol"), "{h}");
    }

    #[test]
    fn no_hint_where_the_separator_is_given_or_for_other_commands() {
        assert_eq!(hint(&["run", "msquare", "--", "./sol"]), None);
        assert_eq!(hint(&["build", "msquare"]), None);
        assert_eq!(hint(&["run"]), None);
    }
}
