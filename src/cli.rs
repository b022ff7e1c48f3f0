//! Pieces shared by the command-line tools: naming formats on the command line, opening
//! inputs, and ending quietly when the reader of the output closes it.

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
    let Some(p) = path.filter(|p| *p != Path::new("-")) else {
        return Ok(Input {
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            name: "<stdin>".into(),
        });
    };
    let file =
        File::open(p).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
    Ok(Input {
        reader: Box::new(BufReader::with_capacity(1 << 16, file)),
        name: p.display().to_string(),
    })
}

/// The call `judge run` or `judge stress` should have been when a program's command was given
/// among judge's own arguments (`judge run msquare ./sol`, without `--`), or none was given.
/// `args` are the arguments after the program's name, the subcommand first; `takes_value` says
/// which `--option`s of the subcommand take a value (`--tests 01` rather than a flag),
/// `is_source` which words name source files (`judge run` takes those without `--`).
/// After the problem, `judge run`'s leading source files stay where they are; the words from
/// the first that is not a source file on are the command, moved after `--` (`judge run
/// msquare a.cpp -- python3 b.py`), or, when `--` already ends the call with another command,
/// into `--command` (`judge run --command 'python3 b.py' msquare -- ./sol`). With no command
/// at all, `./sol` stands for one. Words are quoted for a shell where they need it. `None`
/// when there is nothing to move (only source files) or no other place for it (`judge
/// stress`, which takes one command, after `--`).
pub fn solution_call(
    args: &[String],
    takes_value: &dyn Fn(&str) -> bool,
    is_source: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let (subcommand, rest) = args.split_first()?;
    let run = subcommand == "run";
    if !run && subcommand != "stress" {
        return None;
    }
    let (before, tail) = match rest.iter().position(|a| a == "--") {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    if tail.is_some() && !run {
        return None;
    }
    let mut options: Vec<&str> = Vec::new();
    let mut positional: Vec<&str> = Vec::new();
    let mut words = before.iter();
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
    let (problem, words) = positional.split_first()?;
    let leading = if run {
        words.iter().take_while(|w| is_source(w)).count()
    } else {
        0
    };
    let (sources, command) = words.split_at(leading);
    let mut call = vec!["judge", subcommand.as_str()];
    call.extend(options);
    let after = match tail {
        None if command.is_empty() && !sources.is_empty() => return None,
        None if command.is_empty() => vec!["./sol"],
        None => command.to_vec(),
        Some(_) if command.is_empty() => return None,
        Some(tail) => {
            call.push("--command");
            tail.iter().map(String::as_str).collect()
        }
    };
    let moved = shell_words::join(command);
    if tail.is_some() {
        call.push(&moved);
    }
    call.push(problem);
    call.extend(sources);
    Some(format!(
        "{} -- {}",
        shell_words::join(&call),
        shell_words::join(after)
    ))
}

/// The exit code of a tool whose output's reader closed it early (`judge list | head`):
/// 128 + SIGPIPE, what a shell reports for a program that signal ended.
pub const CLOSED_OUTPUT: u8 = 128 + libc::SIGPIPE as u8;

/// Makes a write to a closed standard output or error (`judge list | head`) end the process
/// quietly with [`CLOSED_OUTPUT`]: the print macros panic when a write fails with EPIPE, and
/// this panic hook exits instead of reporting it. Every other panic is reported as before.
/// Each binary calls it first.
pub fn end_quietly_on_closed_output() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let closed = io::Error::from_raw_os_error(libc::EPIPE).to_string();
        let payload = info.payload();
        let message = (payload.downcast_ref::<String>().map(String::as_str))
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to std") && message.ends_with(&closed) {
            std::process::exit(CLOSED_OUTPUT.into());
        }
        report(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::solution_call;

    fn hint(args: &[&str]) -> Option<String> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        solution_call(
            &args,
            &|option| option == "--tests" || option == "--command",
            &|word| word.ends_with(".cpp") || word.ends_with(".py"),
        )
    }

    #[test]
    fn a_command_without_the_separator_gets_the_right_call() {
        assert_eq!(
            hint(&["run", "msquare", "./sol"]).as_deref(),
            Some("judge run msquare -- ./sol")
        );
        assert_eq!(
            hint(&["run", "--tests", "samples", "msquare", "python3", "a.py"]).as_deref(),
            Some("judge run --tests samples msquare -- python3 a.py")
        );
        assert_eq!(
            hint(&["stress", "sicily", "--json", "./sol"]).as_deref(),
            Some("judge stress --json sicily -- ./sol")
        );
        assert_eq!(
            hint(&["run", "msquare"]).as_deref(),
            Some("judge run msquare -- ./sol")
        );
    }

    #[test]
    fn no_hint_where_the_separator_is_given_or_for_other_commands() {
        assert_eq!(hint(&["run", "msquare", "--", "./sol"]), None);
        assert_eq!(hint(&["build", "msquare"]), None);
        assert_eq!(hint(&["run"]), None);
        assert_eq!(hint(&["stress", "msquare", "./a", "--", "./b"]), None);
    }

    #[test]
    fn source_files_stay_and_the_command_moves() {
        // Source files before the command stay; a source file after it is its argument.
        assert_eq!(
            hint(&["run", "msquare", "a.cpp", "python3", "b.py"]).as_deref(),
            Some("judge run msquare a.cpp -- python3 b.py")
        );
        // Only source files: nothing to move.
        assert_eq!(hint(&["run", "msquare", "a.cpp", "b.py"]), None);
        // With a command after `--` already, the other one goes into --command, quoted.
        assert_eq!(
            hint(&["run", "msquare", "python3", "my.py", "--", "./sol", "x y"]).as_deref(),
            Some("judge run --command 'python3 my.py' msquare -- ./sol 'x y'")
        );
        assert_eq!(
            hint(&["run", "--tests", "a*", "msquare", "./x"]).as_deref(),
            Some("judge run --tests 'a*' msquare -- ./x")
        );
    }
}
