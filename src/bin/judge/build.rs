//! `judge build`: the test data built from judge.toml and written (or, with `--check`,
//! compared), with a progress bar, a line per problem and what moved.

use std::fmt::Display;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use boardjudge::problemset::build::BuiltProblem;
use boardjudge::problemset::cases_file::unnamed;
use boardjudge::problemset::names::name_char;
use boardjudge::problemset::plan::Plan;
use boardjudge::problemset::trash::{Trashed, Why};
use boardjudge::problemset::update::{ProblemUpdate, Request, UpdateError, generator_runs, update};
use indicatif::ProgressBar;

use crate::exit;
use crate::terminal::style;
use crate::ticker::Ticker;

#[derive(clap::Args)]
/// Build every test from judge.toml: generate, validate, solve, check, write.
///
/// For every test of the plan the input is generated in process (or taken from
/// judge.toml for manual tests, or written by a program of one's own, run twice in the
/// sandbox: two different outputs are refused), validated strictly, solved by the
/// reference solver, and the answer must be accepted by the checker; then
/// OUT/PROBLEM/GROUP/NAME.in, NAME.ans and OUT/PROBLEM/manifest.toml (each test's group,
/// name, source, size and SHA-256) are written atomically. A test's NAME is its `name` in
/// judge.toml, else derived from its generator command (distance-07-x30-s107), from its
/// program (corners-1a2b3c4d) or, for a manual input, from its SHA-256
/// (manual-3fa2c1d0): adding or removing a test changes only its own files. Files already
/// identical are left alone; test files an earlier build wrote that the plan no longer
/// produces are removed, each named. A file no build wrote is never lost: a built file
/// edited by hand since the last build (its SHA-256 is not the manifest's) is copied to
/// target/trash/TIME/ beside judge.toml (git ignores target/) before it is rebuilt, a
/// setter's own file is moved there; each is named, with how to keep the change (an
/// input as a test of judge.toml). The same plan always gives the same bytes. Per problem
/// the summary names the tests added, changed and removed since the last build, and the
/// settings of the manifest (limits, checker options) that changed: `time_limit 1.0 -> 2.0`.
///
/// With --check nothing is written: the data is rebuilt in memory and every committed
/// file that differs, is missing, is stale, is unknown or was edited by hand since the
/// last build is named (CI runs this).
///
/// A file under cases/ beside judge.toml that no problem's `cases` names is named too: a
/// warning, and with --check an error (its cases would reach no export).
///
/// Exit codes: 0 done (or, with --check, everything matches), 1 a test failed to build
/// or the files differ (or, with --check, a cases file is named by no problem), 2 bad
/// arguments or a bad plan, 3 a file cannot be written.
/// (`judge --help` lists every command's.)
#[command(verbatim_doc_comment)]
pub struct Args {
    /// Compare with the files on disk instead of writing them.
    #[arg(long)]
    pub check: bool,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the test data goes (default: testdata/ beside the plan).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Only these problems (default: all).
    pub problems: Vec<String>,
}

/// The tests (`group/name`) whose `.in` or `.ans` is among `files` (paths under the output
/// directory, `problem/group/name.in`), once each, in order; names escaped.
fn tests_of(problem: &str, files: &[PathBuf]) -> Vec<String> {
    let mut tests: Vec<String> = Vec::new();
    for file in files {
        let Ok(rel) = file.strip_prefix(problem) else {
            continue;
        };
        let text = rel.to_string_lossy();
        let Some(id) = (text.strip_suffix(".in")).or_else(|| text.strip_suffix(".ans")) else {
            continue;
        };
        let id = boardjudge::text::name(id).into_owned();
        if !tests.contains(&id) {
            tests.push(id);
        }
    }
    tests
}

/// `judge build` as its arguments say.
pub fn command(args: Args) -> ExitCode {
    let started = Instant::now();
    let out = args
        .out
        .unwrap_or_else(|| Plan::beside(&args.plan, "testdata"));
    // Why the build stopped, and its exit code.
    let stop = |code: u8, message: &dyn Display| {
        eprintln!("judge: {message}");
        ExitCode::from(code)
    };
    let plan = match Plan::load(&args.plan) {
        Ok(plan) => plan,
        Err(e) => return stop(exit::USAGE, &e),
    };
    let only = &args.problems;
    for name in only {
        if let Err(e) = plan.problem(name) {
            return stop(exit::USAGE, &e);
        }
    }
    let named = (plan.problems.iter()).filter_map(|p| p.cases.as_ref().map(|c| c.path.as_path()));
    let unnamed = match unnamed(Plan::root(&args.plan), named) {
        Ok(unnamed) => unnamed,
        Err(e) => return stop(exit::FAILURE, &e),
    };
    let kind = if args.check { "error" } else { "warning" };
    for rel in &unnamed {
        let rel = rel.to_string_lossy();
        eprintln!(
            "judge: {kind}: {} is named by no problem of {} (add `cases = \"{rel}\"` to a \
             problem's table, or remove it): its cases reach no export",
            Plan::beside(&args.plan, &rel).display(),
            args.plan.display()
        );
    }
    let total: usize = plan
        .problems
        .iter()
        .filter(|p| only.is_empty() || only.contains(&p.name))
        .map(|p| p.tests.len())
        .sum();
    let bar = ProgressBar::new(total as u64).with_style(style(
        "{spinner} {msg:10} [{bar:30}] {pos}/{len} tests {elapsed}",
    ));
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let request = Request {
        plan: &plan,
        out: &out,
        only,
        jobs,
        check: args.check,
    };
    let mut failed = false;
    // On a pipe, where the bar is not drawn: a line every few seconds.
    let ticker = Ticker::on_pipe("tests", Some(total));
    let progress = |name: &str| {
        bar.set_message(name.to_string());
        bar.inc(1);
        if let Some(ticker) = &ticker {
            ticker.set(bar.position() as usize, None);
        }
    };
    let mut each = |problem: &BuiltProblem, update: &ProblemUpdate| {
        bar.finish_and_clear();
        if let Some(ticker) = &ticker {
            ticker.quiet();
        }
        match update {
            ProblemUpdate::Compared(differences) => {
                for d in differences {
                    eprintln!("judge: {d}");
                }
                failed |= !differences.is_empty();
            }
            ProblemUpdate::Written(r) => {
                let edited = r.trashed.iter().filter(|t| t.why != Why::Unknown).count();
                eprintln!(
                    "{}: wrote {} file(s), {} unchanged, {} stale removed, {edited} edited by \
                     hand and {} unknown kept in the trash",
                    problem.name,
                    r.written,
                    r.unchanged,
                    r.removed.len(),
                    r.trashed.len() - edited
                );
                let tests = |files: &[PathBuf]| tests_of(&problem.name, files);
                let added = tests(&r.added);
                let changed: Vec<String> = (tests(&r.changed).into_iter())
                    .filter(|t| !added.contains(t))
                    .collect();
                for (what, list) in [
                    ("added", added.clone()),
                    ("changed", changed),
                    ("removed", tests(&r.removed)),
                ] {
                    if !list.is_empty() {
                        eprintln!("  {what} {} test(s): {}", list.len(), list.join(", "));
                    }
                }
                if !r.settings.is_empty() {
                    eprintln!("  changed since the last build: {}", r.settings.join(", "));
                }
                for rel in &r.removed {
                    eprintln!(
                        "  removed {} (an earlier build wrote it; the plan no longer does)",
                        out.join(rel).display()
                    );
                }
                for t in &r.trashed {
                    eprintln!("  {}", kept(&problem.name, &out, t));
                }
            }
        }
    };
    let built = update(&request, &progress, &mut each);
    bar.finish_and_clear();
    drop(ticker);
    let built = match built {
        Ok(built) => built,
        Err(UpdateError::Tests(errors)) => {
            for e in &errors {
                eprintln!("judge: {e}");
            }
            eprintln!(
                "judge: {} test(s) failed to build; nothing was written",
                errors.len()
            );
            return ExitCode::from(exit::VERDICT);
        }
        Err(UpdateError::Write { dir, error }) => {
            return stop(
                exit::FAILURE,
                &format!("cannot write {}: {error}", dir.display()),
            );
        }
    };
    for problem in &built {
        println!("{}", summary(problem));
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.check && failed {
        let differs = "the test data differs from judge.toml; run `judge build` and commit";
        return stop(exit::VERDICT, &differs);
    }
    if args.check && !unnamed.is_empty() {
        let unnamed = format!("{} cases file(s) named by no problem", unnamed.len());
        return stop(exit::VERDICT, &unnamed);
    }
    let verb = if args.check { "verified" } else { "built" };
    let (reused, ran) = generator_runs(&built);
    println!(
        "{verb} {total} tests in {seconds:.1} s ({reused} generator output(s) reused from \
         target/generators/, {ran} generated)"
    );
    ExitCode::SUCCESS
}

/// One line per problem: tests, cases, size, and the histogram of answer lengths.
fn summary(problem: &BuiltProblem) -> String {
    let lengths: Vec<String> = problem
        .lengths()
        .iter()
        .map(|(len, n)| format!("{len}:{n}"))
        .collect();
    format!(
        "{:9} {:3} tests {:7} cases {:9} bytes  answer lengths (length:count) {}",
        problem.name,
        problem.tests.len(),
        problem.cases(),
        problem.bytes(),
        lengths.join(" ")
    )
}

/// What became of a file kept in the trash, and how to keep its change.
fn kept(problem: &str, out: &std::path::Path, t: &Trashed) -> String {
    let (from, to) = (out.join(&t.path), t.to.display());
    let is = |extension: &str| t.path.extension().is_some_and(|e| e == extension);
    let what = match t.why {
        Why::EditedRebuilt => format!(
            "kept your edit of {} in {to}: the file was edited by hand since the last build, \
             and judge.toml's version is written in its place",
            from.display()
        ),
        Why::EditedDropped => format!(
            "moved {} to {to} (edited by hand since the last build; the plan no longer \
             produces it)",
            from.display()
        ),
        Why::Unknown => format!(
            "moved {} to {to} (unknown: not produced by the plan nor written by a build)",
            from.display()
        ),
    };
    if is("in") {
        let stem = t
            .path
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned());
        let name = match t.why {
            Why::EditedRebuilt => format!("{stem}-edited"),
            _ => stem,
        };
        format!("{what}; {}", keep_input(&name, &t.to))
    } else if is("ans") && t.why == Why::EditedRebuilt {
        let test = t
            .path
            .strip_prefix(problem)
            .unwrap_or(&t.path)
            .with_extension("");
        format!(
            "{what}; an answer is always the reference solver's, so an edited one cannot be \
             kept in judge.toml: to judge another output against this test, run `judge check \
             {problem} {} OUTPUT`",
            test.display()
        )
    } else {
        what
    }
}

/// How to keep the input at `file` as a test named after `name`: the line to add to a group's
/// tests in judge.toml, written out when it is short.
fn keep_input(name: &str, file: &std::path::Path) -> String {
    let name: String = name.chars().map(name_char).take(64).collect();
    match std::fs::read(file)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
    {
        Some(text) if text.len() <= 200 => {
            // A JSON string is a TOML basic string: `\n` escaped, on one line.
            let input = serde_json::to_string(&text).expect("a string serialises");
            format!(
                "to keep it as a test, add `{{ name = \"{name}\", input = {input} }}` to a \
                 group's tests in judge.toml"
            )
        }
        _ => format!(
            "to keep it as a test, add it to a group's tests in judge.toml: `{{ name = \
             \"{name}\", input = \"...\" }}` with its text, or a program of your own that prints \
             it (`{{ generator = \"...\" }}`, docs/build.md)"
        ),
    }
}
