//! How `judge` shows its commands on a terminal: the sandbox warning and progress bars while
//! they work, verdicts in the checker's colours, JSON on stdout, why a command stopped.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::OnceLock;

use crate::session::{Stop, Watch};
use boardjudge::check::Verdict as CheckVerdict;
use boardjudge::check::protocol::colour;
use boardjudge::judging::run::Verdict;
use boardjudge::runner::Sandbox;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

/// What a command shows while it works: the sandbox warning, a progress bar on stderr.
#[derive(Default)]
pub struct Terminal {
    bar: OnceLock<ProgressBar>,
}

impl Watch for Terminal {
    fn sandbox(&self, sandbox: &Sandbox) {
        if sandbox.is_off() {
            let text = format!("judge: WARNING: {}", sandbox.layers());
            if std::io::stderr().is_terminal() {
                eprintln!("{}", colour(&text, CheckVerdict::Fail).trim_end());
            } else {
                eprintln!("{text}");
            }
        }
    }

    fn begin(&self, total: Option<usize>, unit: &str) {
        let bar = match total {
            Some(n) => ProgressBar::new(n as u64).with_style(
                ProgressStyle::with_template(&format!(
                    "{{spinner}} [{{bar:30}}] {{pos}}/{{len}} {unit} {{elapsed}}"
                ))
                .expect("a valid template")
                .progress_chars("=> "),
            ),
            None => ProgressBar::new_spinner(),
        };
        let _ = self.bar.set(bar);
    }

    fn progress(&self, done: usize, total: Option<usize>) {
        if let Some(bar) = self.bar.get() {
            if let Some(total) = total {
                bar.set_length(total as u64);
            }
            bar.set_position(done as u64);
        }
    }

    fn end(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

/// Says why a command stopped; its exit code.
pub fn stopped(stop: Stop) -> ExitCode {
    for line in &stop.lines {
        eprintln!("judge: {line}");
    }
    ExitCode::from(stop.code)
}

/// 0 when `ok`, else 1.
pub fn outcome(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Prints `value` as pretty JSON on stdout, its keys sorted at every level (through a
/// [`serde_json::Value`], as `judge` has always printed them).
pub fn print_json(value: &impl Serialize) {
    let value = serde_json::to_value(value).expect("serialisable");
    println!(
        "{}",
        serde_json::to_string_pretty(&value).expect("serialisable")
    );
}

/// The colour of a verdict, as the checker colours its own.
pub fn paint(text: &str, verdict: &Verdict, on: bool) -> String {
    if !on {
        return text.to_string();
    }
    let like = match verdict {
        Verdict::AC => CheckVerdict::Accepted,
        Verdict::PE => CheckVerdict::PresentationError,
        Verdict::FAIL => CheckVerdict::Fail,
        _ => CheckVerdict::WrongAnswer,
    };
    colour(text, like).trim_end().to_string()
}
