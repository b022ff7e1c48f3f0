//! How `judge` shows its commands on a terminal: the sandbox warning and progress bars while
//! they work, each run as it finishes (a live table on a terminal, a line on a pipe, or a JSON
//! object with --json-lines), verdicts in the checker's colours, JSON on stdout.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use boardjudge::check::CheckVerdict;
use boardjudge::check::protocol::colour;
use boardjudge::judging::run::Verdict;
use boardjudge::report::live::Grid;
use boardjudge::runner::Sandbox;
use boardjudge::text;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::bar_term::{BarTerm, size};
use crate::ticker::Ticker;
use serde::Serialize;

/// What a command shows while it works: the sandbox warning, a progress bar on stderr, and
/// each run as it finishes ([`Runs`]). Its methods are called from the worker threads too.
#[derive(Default)]
pub struct Terminal {
    bar: OnceLock<ProgressBar>,
    /// The bar's template, for the live table to go above it.
    template: OnceLock<String>,
    runs: Runs,
    /// Whether the bar shows the live table yet.
    table: AtomicBool,
    /// The progress lines where stderr is not a terminal, while work goes on.
    ticker: Mutex<Option<Ticker>>,
}

/// How the runs are shown as they finish.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Runs {
    /// Not at all (the commands that do not run a matrix of solutions).
    #[default]
    Hidden,
    /// A live table on stderr, a terminal: a row per solution, a letter per finished test,
    /// above the progress bar, which clears it at the end.
    Table,
    /// A line per finished run on stderr (not a terminal).
    Lines,
    /// A JSON object per finished run on stdout, a line each (`--json-lines`).
    JsonLines,
}

impl Terminal {
    /// A terminal that shows each run as it finishes: as JSON lines on stdout when
    /// `json_lines`, else a live table when stderr is a terminal, else a line on stderr.
    pub fn live(json_lines: bool) -> Terminal {
        let runs = if json_lines {
            Runs::JsonLines
        } else if std::io::stderr().is_terminal() {
            Runs::Table
        } else {
            Runs::Lines
        };
        Terminal {
            runs,
            ..Terminal::default()
        }
    }

    /// The progress lines on a pipe, if any.
    fn ticker(&self) -> std::sync::MutexGuard<'_, Option<Ticker>> {
        self.ticker.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The sandbox is made; the solutions run in it from now on: a warning when it is off.
    pub fn sandbox(&self, sandbox: &Sandbox) {
        if sandbox.is_off() {
            let text = format!("judge: WARNING: {}", sandbox.layers());
            if std::io::stderr().is_terminal() {
                eprintln!("{}", colour(&text, CheckVerdict::Fail).trim_end());
            } else {
                eprintln!("{text}");
            }
        }
    }

    /// The work begins: `total` units named `unit` (`tests`, `runs`, `solutions`), or a
    /// number not known in advance.
    pub fn begin(&self, total: Option<usize>, unit: &str) {
        let template = format!("{{spinner}} [{{bar:30}}] {{pos}}/{{len}} {unit} {{elapsed}}");
        // On a terminal, drawn so that an echoed ^C does not shift the rows it clears.
        let target = || match std::io::stderr().is_terminal() {
            true => ProgressDrawTarget::term_like_with_hz(Box::new(BarTerm::default()), 20),
            false => ProgressDrawTarget::stderr(),
        };
        let bar = match total {
            Some(n) => {
                ProgressBar::with_draw_target(Some(n as u64), target()).with_style(style(&template))
            }
            None => ProgressBar::with_draw_target(None, target())
                .with_style(ProgressStyle::default_spinner()),
        };
        let _ = self.bar.set(bar);
        let _ = self.template.set(template);
        *self.ticker() = Ticker::on_pipe(unit, total.filter(|&n| n > 0));
    }

    /// `done` units are finished, of `total` when it has become known.
    pub fn progress(&self, done: usize, total: Option<usize>) {
        if let Some(bar) = self.bar.get() {
            if let Some(total) = total {
                bar.set_length(total as u64);
            }
            bar.set_position(done as u64);
        }
        if let Some(ticker) = self.ticker().as_ref() {
            ticker.set(done, total);
        }
    }

    /// The work is over.
    pub fn end(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
        self.ticker().take();
    }

    /// A run finished: `grid` holds it at `cell` (problem, solution, test) with every run
    /// finished before it; `line` says it in one line.
    pub fn finished(&self, grid: &Grid, cell: (usize, usize, usize), line: &str) {
        match self.runs {
            Runs::Hidden => {}
            Runs::Lines => {
                eprintln!("{line}");
                if let Some(ticker) = self.ticker().as_ref() {
                    ticker.quiet();
                }
            }
            Runs::JsonLines => {
                let (p, s, t) = cell;
                let problem = &grid.problems[p];
                let row = &problem.rows[s];
                let mut v = serde_json::to_value(&row.cells[t]).expect("serialisable");
                if let Some(object) = v.as_object_mut() {
                    let mut put = |key: &str, value: serde_json::Value| {
                        object.insert(key.to_string(), value);
                    };
                    put("event", "run".into());
                    put("problem", problem.problem.clone().into());
                    put("solution", row.name.clone().into());
                    put("path", row.path.clone().into());
                    put("solution_number", (s + 1).into());
                    put("test_number", (t + 1).into());
                    put("done", grid.done.into());
                    put("total", grid.total.into());
                }
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{}", text::json(&v.to_string()));
                let _ = out.flush();
            }
            Runs::Table => {
                let Some(bar) = self.bar.get() else { return };
                if !self.table.swap(true, Ordering::Relaxed) {
                    let below = self.template.get().map_or("", String::as_str);
                    bar.set_style(style(&format!("{{msg}}\n{below}")));
                }
                let (width, height) = size().unwrap_or((80, 24));
                // The rows of the problem of this run, as many as the screen holds.
                let lines = grid.problems[cell.0]
                    .compact(width.saturating_sub(1), &|t, v| paint(t, v, true));
                let shown = height.saturating_sub(2).max(1);
                bar.set_message(lines[..lines.len().min(shown)].join("\n"));
            }
        }
    }
}

/// The style of a progress bar drawn by `template`, its bar filled with `=> `.
pub fn style(template: &str) -> ProgressStyle {
    (ProgressStyle::with_template(template).expect("a valid template")).progress_chars("=> ")
}

/// Prints `value` as pretty JSON on stdout, its keys sorted at every level (through a
/// [`serde_json::Value`], as `judge` has always printed them), every invisible character a
/// JSON escape ([`text::json`]).
pub fn print_json(value: &impl Serialize) {
    let value = serde_json::to_value(value).expect("serialisable");
    let json = serde_json::to_string_pretty(&value).expect("serialisable");
    println!("{}", text::json(&json));
}

/// The colour of a verdict, as the checker colours its own.
pub fn paint(text: &str, verdict: &Verdict, on: bool) -> String {
    if !on {
        return text.to_string();
    }
    // A run with no output to judge (TLE, MLE, RE) is red, as a wrong answer.
    let like = verdict.checked().unwrap_or(CheckVerdict::WrongAnswer);
    colour(text, like).trim_end().to_string()
}
