//! What the `judge` commands share: the options of the commands that run solutions
//! ([`Common`], a [`Session`] of the library), why a command stopped ([`Stop`]) and its exit
//! code, how a command that runs solutions prints its report ([`Output`]), its warnings, an
//! interrupted command's runs that finished, and the HTML page.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use boardjudge::judging::matrix_runs::given::Given;
use boardjudge::judging::ready::Readiness;
use boardjudge::judging::run::Confirm;
use boardjudge::judging::session::{Session, Timing};
use boardjudge::problemset::files::write_atomic;
use boardjudge::problemset::plan::Plan;
use boardjudge::report::html::{self, Note};
use boardjudge::report::matrix::ProblemMatrix;
use boardjudge::report::text::{self, LEGEND};
use boardjudge::runner::sandbox::Layers;
use boardjudge::runner::{Argv, Limits, Sandbox, SandboxMode};
use boardjudge::text::visible;

use crate::exit;
use crate::live::{Interruption, Partial};
use crate::terminal::{Terminal, paint, print_json};

/// Options shared by the commands that run solutions.
#[derive(Clone, clap::Args)]
pub struct Common {
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the test data is (default: testdata/ beside the plan).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Parallel jobs (default: the most whose timings the judge trusts here, half the
    /// physical cores and at least 1, so a default run never gets the "use N job(s) for
    /// honest timings" note; each job is pinned to a core of its own). More jobs run faster
    /// and get that note.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// CPU seconds per test, instead of judge.toml's time limit (`judge run`, `stress`).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Wall-clock seconds per test, instead of judge.toml's `wall_limit` or the default
    /// max(3 x the time limit, the time limit + 2 s): it only stops programs that wait; the
    /// CPU time decides TLE (`judge run`, `stress`).
    #[arg(long, value_name = "SECONDS")]
    pub wall_limit: Option<f64>,
    /// Re-run a test that gets TLE at most N more times (default 2), where a re-run can
    /// change an outcome and the machine could have caused the TLE: not a TLE by CPU time on
    /// a quiet core, nor one by the wall clock of a run that was not waiting for a CPU (see
    /// --confirm-all). No other verdict is ever run again. 0 turns it off; without a cgroup
    /// (or with --sandbox off) it is off unless given.
    #[arg(long, value_name = "N")]
    pub confirm: Option<usize>,
    /// A re-run that ends in time overturns a TLE only with at least this share of the CPU
    /// time the TLE showed the program needs (CPU time rises up to 2x under load).
    #[arg(long, value_name = "FRACTION", default_value_t = Confirm::DEFAULT.near,
          value_parser = parse_near)]
    pub confirm_near: f64,
    /// Confirm every TLE. By default only where a re-run can change an outcome (not an
    /// intended-TLE solution's TLE, nor a wrong-answer solution's TLE after its first
    /// failure), and a TLE by CPU time on a quiet core, or by the wall clock of a run that
    /// was not waiting for a CPU, stands without re-runs.
    #[arg(long)]
    pub confirm_all: bool,
    /// MiB of memory per test, instead of judge.toml's.
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,
    /// How solutions are confined: `auto` (every layer this machine allows: own session,
    /// private directory, clean environment, rlimits, own uid as root, Landlock, pid and
    /// network namespaces, cgroup), `strict` (refuse to run unless every layer holds), `off`
    /// (no sandbox: for debugging only).
    #[arg(long, value_name = "MODE", default_value = "auto", value_parser = SandboxMode::parse)]
    pub sandbox: SandboxMode,
}

impl From<Common> for Session {
    fn from(c: Common) -> Session {
        Session {
            data: c.data.unwrap_or_else(|| Plan::beside(&c.plan, "testdata")),
            plan: c.plan,
            jobs: c.jobs,
            time_limit: c.time_limit,
            wall_limit: c.wall_limit,
            confirm: Confirm {
                reruns: c.confirm.unwrap_or(Confirm::DEFAULT.reruns),
                near: c.confirm_near,
                all: c.confirm_all,
            },
            confirm_asked: c.confirm.is_some(),
            confirm_here: std::sync::OnceLock::new(),
            memory_limit: c.memory_limit,
            sandbox: c.sandbox,
        }
    }
}

/// A share for --confirm-near: in (0, 1].
fn parse_near(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(near) if near > 0.0 && near <= 1.0 => Ok(near),
        _ => Err(format!("a share of the time limit in (0, 1], not {text}")),
    }
}

/// Why a command stopped without a report: its exit code and its messages, each one printed
/// after `judge: ` on standard error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The exit code.
    pub code: u8,
    /// The messages.
    pub lines: Vec<String>,
}

impl Stop {
    /// Bad arguments or data the command cannot work with: [`exit::USAGE`].
    pub fn usage(message: impl Into<String>) -> Stop {
        Stop::with(exit::USAGE, message)
    }

    /// A verdict against what was asked (test data that differs from judge.toml, for an
    /// export): [`exit::VERDICT`].
    pub fn failed(message: impl Into<String>) -> Stop {
        Stop::with(exit::VERDICT, message)
    }

    /// The judge could not do what was asked (a package it cannot make or write):
    /// [`exit::FAILURE`].
    pub fn failure(message: impl Into<String>) -> Stop {
        Stop::with(exit::FAILURE, message)
    }

    /// A solution's source does not build: [`exit::DOES_NOT_BUILD`].
    pub fn does_not_build(message: impl Into<String>) -> Stop {
        Stop::with(exit::DOES_NOT_BUILD, message)
    }

    fn with(code: u8, message: impl Into<String>) -> Stop {
        Stop {
            code,
            lines: vec![message.into()],
        }
    }
}

/// Says why a command stopped; its exit code.
pub fn stopped(stop: Stop) -> ExitCode {
    for line in &stop.lines {
        eprintln!("judge: {}", visible(line));
    }
    ExitCode::from(stop.code)
}

/// Says what is wrong with the arguments: [`exit::USAGE`].
pub fn usage(message: &str) -> ExitCode {
    eprintln!("judge: {}", visible(message));
    ExitCode::from(exit::USAGE)
}

/// The busy machine's warning, first on standard error (it shows above the report on a
/// terminal; standard output stays the report alone).
pub fn warn_busy(timing: &Timing) {
    if let Some(warning) = timing.warning() {
        eprintln!("warning: {warning}");
    }
}

/// Says that the HTML page, if any, was written.
pub fn wrote(page: &Option<PathBuf>) {
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

/// The last line of `--json-lines`: how the command ended.
pub fn json_end(code: u8, interrupted: Option<&Interruption>) {
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
    match output {
        Output::Json => print_json(partial),
        Output::JsonLines => json_end(partial.interrupted.code, Some(&partial.interrupted)),
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
                println!("note: {}", timing.confirmation());
            }
            println!(
                "{} ({})",
                partial.interrupted.message, partial.interrupted.signal
            );
        }
    }
    ExitCode::from(partial.interrupted.code)
}

/// The matrices as tables under the legend, the timing `note` (on stderr), then `lines`.
pub fn print_matrices(matrices: &[ProblemMatrix], note: Option<&str>, lines: &[String]) {
    let on = std::io::stdout().is_terminal();
    println!("{LEGEND}\n");
    for m in matrices {
        println!("{}", text::render(m, &|t, v| paint(t, v, on)));
    }
    if let Some(note) = note {
        eprintln!("note: {note}");
    }
    for line in lines {
        println!("{line}");
    }
}

/// The lines under the matrices of a command that ran solutions: how many runs, with `jobs`
/// parallel jobs, confined by `layers`; `tally`, how the solutions did; how the time verdicts
/// were confirmed (`timing`); the timing `note`, if any.
pub fn matrix_notes(
    matrices: &[ProblemMatrix],
    jobs: usize,
    layers: &Layers,
    tally: String,
    timing: &Timing,
    note: Option<&str>,
) -> Vec<String> {
    let runs: usize = (matrices.iter().flat_map(|m| &m.rows))
        .map(|r| r.cells.len())
        .sum();
    let runs = format!("{runs} runs with {jobs} parallel job(s); {layers}");
    let mut notes = vec![runs, tally, timing.confirmation()];
    notes.extend(note.map(|n| format!("note: {n}")));
    notes
}

/// The sandbox for `session`'s solutions, shown to `watch`.
pub fn sandbox(session: &Session, watch: &Terminal) -> Result<Sandbox, Stop> {
    let sandbox = session.sandbox().map_err(Stop::usage)?;
    watch.sandbox(&sandbox);
    Ok(sandbox)
}

/// `given`'s `readiness` as a command that runs it takes it: its command and the limits it
/// runs under, or why the command stops (a missing toolchain is bad usage, a failed build
/// [`Stop::does_not_build`]).
pub fn ready(given: &Given, readiness: Readiness) -> Result<(Argv, Limits), Stop> {
    match readiness {
        Readiness::Ready { command, limits } => Ok((command, limits)),
        Readiness::ToolchainMissing(e) => {
            Err(Stop::usage(format!("{}: skipped: {e}", given.path())))
        }
        Readiness::DoesNotBuild(e) => Err(Stop::does_not_build(e)),
    }
}

/// Writes the HTML page of `matrices` to `path`, with at its top the busy machine's warning
/// of `timing` (if any) and `notes`.
pub fn write_page(
    path: &Path,
    matrices: &[ProblemMatrix],
    timing: &Timing,
    notes: &[String],
) -> Result<(), Stop> {
    let warning = timing.warning().map(Note::Warning);
    let notes: Vec<Note> = warning
        .into_iter()
        .chain(notes.iter().cloned().map(Note::Info))
        .collect();
    let page = html::render(matrices, &notes);
    write_atomic(path, page.as_bytes())
        .map_err(|e| Stop::usage(format!("cannot write {}: {e}", path.display())))
}
