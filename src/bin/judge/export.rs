//! `judge export`: one problem's package, or every problem's, for a real judge
//! ([`boardjudge::export`]): a line per package written, its notes on stderr.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use boardjudge::export::readme::record_in_zip;
use boardjudge::export::verify::{VerifyError, verify};
use boardjudge::export::{
    ExportError, Kind, Written, cannot_carry, export_verified, verified_tests,
};
use boardjudge::problemset::plan::Plan;
use boardjudge::runner::load::SessionWatch;
use indicatif::ProgressBar;

use crate::common::{Stop, stopped, usage};
use crate::exit;
use crate::terminal::style;
use crate::ticker::Ticker;

#[derive(clap::Args)]
/// Export problem packages for real judges: icpc (2025-09), kattis (also DOMjudge),
/// polygon, cms, dmoj.
///
/// The committed test data is first rebuilt in memory and compared with judge.toml (as
/// `judge build --check` does); the package is made from it, the statement, the shipped
/// solutions and the portable C++ checker and validator (sources; no prebuilt program).
/// OUT_DIR/PROBLEM is replaced if it holds an earlier export of the same kind. The same
/// inputs always give the same bytes.
///
///   icpc     OUT_DIR/PROBLEM (ICPC problem package 2025-09, for BAPCtools and
///            problemtools: problem.yaml with limits.time_limit, statement/, data/sample,
///            data/secret/GROUP/, input, answer and output validators, submissions)
///   kattis   OUT_DIR/PROBLEM (legacy Kattis package: problem.yaml, .timelimit, statement,
///            data/sample/NAME (the samples group), data/secret/GROUP/NAME, input and
///            output validators, submissions) and OUT_DIR/PROBLEM.zip for DOMjudge (with
///            domjudge-problem.ini)
///   polygon  tests/NN and NN.a numbered in plan order (names.txt: NN GROUP/NAME),
///            check.cpp, validator.cpp, script.txt (gen ... > N), problem.xml
///   cms      task.yaml, input/inputK.txt, output/outputK.txt in plan order (names.txt:
///            K GROUP/NAME), check/checker.cpp, gen/GEN (all or nothing)
///   dmoj     OUT_DIR/PROBLEM (DMOJ problem folder: init.yml with a batch per group, each
///            depending on the earlier ones, data/GROUP/NAME.in|.ans, checker.cpp as a
///            bridged testlib checker, statement.md, tests/SOLUTION/test.yml for DMOJ's
///            testsuite, README.md: how to add it to a site)
///
/// Exit codes: 0 exported, 1 the test data is not what judge.toml builds (a file differs
/// or is missing, a test fails to build), 2 bad arguments or a bad plan (also a problem the
/// kind cannot carry: one of judge.toml's `files_only` for icpc, kattis or dmoj, which have
/// no file input or output; --all skips it with a note; with --verify, also a tool not
/// found or that cannot start), 3 the package cannot be made or written. With
/// --verify, 1 also when the tool finds a fault (with --all, after verifying the rest).
/// (`judge --help` lists every command's.)
///
/// Example:
///   judge export kattis msquare packages/
///   judge export icpc --all packages/icpc/
///   judge export cms --all packages/cms/
///   judge export dmoj --all packages/dmoj/
///   judge export polygon --all packages/polygon/ --verify
#[command(
    verbatim_doc_comment,
    override_usage = "judge export <KIND> <PROBLEM> <OUT_DIR>\n       judge export <KIND> --all <OUT_DIR>"
)]
pub struct Args {
    /// The judge system.
    #[arg(value_enum)]
    pub kind: Kind,
    /// PROBLEM OUT_DIR, or with --all only OUT_DIR.
    #[arg(value_names = ["PROBLEM", "OUT_DIR"], num_args = 1..=2, required = true)]
    pub targets: Vec<String>,
    /// Every problem of the plan.
    #[arg(long)]
    pub all: bool,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the committed test data is (default: testdata/ beside the plan).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Then run the judge's own tool installed here on each package written (kattis:
    /// problemtools' verifyproblem, found by BOARDJUDGE_PROBLEMTOOLS=VENV or on PATH;
    /// icpc: BAPCtools' `bt validate` then `bt run`, by BOARDJUDGE_BAPCTOOLS=VENV or on
    /// PATH; polygon and cms, which no instance here judges: the package's C++ checker and
    /// validator compiled with g++ from PATH, warnings as errors, and run on every test, and
    /// on problem.xml's validator and checker tests for polygon; BOARDJUDGE_CPP_CACHE=DIR
    /// reuses binaries compiled with the same flags, docs/export.md;
    /// dmoj: DMOJ's testsuite, `python -m dmoj.testsuite`, python by
    /// BOARDJUDGE_DMOJ=VENV or on PATH, with the judge.yml BOARDJUDGE_DMOJ_CONFIG=FILE names
    /// (executors CPP03,CPP17,PY3, JAVA when its runtime: has java and javac, RUST when it
    /// has cargo, RUSTC the rustc beside that cargo) or else one written for the run (g++ and
    /// python3 by absolute path; CPP03,CPP17,PY3), BOARDJUDGE_DMOJ_EXECUTORS=LIST over
    /// either, HOME=BOARDJUDGE_DMOJ_HOME when set; with --all a variant whose base problem
    /// was verified before it gets only the cases that differ from the base's folder and
    /// one accepted), say which tool and version, what it ran and found, and record the
    /// result in the package's README.
    #[arg(long)]
    pub verify: bool,
}

/// `judge export` as its arguments say.
pub fn command(args: Args) -> ExitCode {
    let (problem, out) = match (args.all, &args.targets[..]) {
        (true, [out]) => (None, out),
        (false, [problem, out]) => (Some(problem.as_str()), out),
        (true, _) => return usage("with --all, give only OUT_DIR"),
        (false, _) => return usage("give PROBLEM OUT_DIR, or --all OUT_DIR"),
    };
    let name = args.kind.name();
    let result = export(&args, problem, Path::new(out), &mut |problem, w| {
        let zip = w
            .zip
            .as_ref()
            .map(|z| format!(" and {}", z.display()))
            .unwrap_or_default();
        println!(
            "{name} {problem}: {} ({} files, {} bytes){zip}",
            w.dir.display(),
            w.files,
            w.bytes
        );
        for note in &w.notes {
            eprintln!("note: {name} {problem}: {note}");
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(stop) => stopped(stop),
    }
}

/// Exports `problem` (or, when `None`, every problem) of the plan `args` name with its test
/// data as `args.kind` packages into `out`, in plan order, giving each package to `written`
/// as it is written; stops at the first that fails. With every problem, one the kind cannot
/// carry ([`cannot_carry`]) is skipped with a note saying why; named, it is refused as a bad
/// argument. With `--verify`, each package is verified ([`verified`]) once written: a fault
/// the tool finds goes on to the next problem and fails the run at the end (every fault
/// named); a tool missing or a package unreadable stops at once.
fn export(
    args: &Args,
    problem: Option<&str>,
    out: &Path,
    written: &mut dyn FnMut(&str, &Written),
) -> Result<(), Stop> {
    let (kind, verify) = (args.kind, args.verify);
    let data = (args.data.clone()).unwrap_or_else(|| Plan::beside(&args.plan, "testdata"));
    let plan = Plan::load(&args.plan).map_err(|e| Stop::usage(e.to_string()))?;
    let names: Vec<String> = match problem {
        Some(name) => {
            let p = plan.problem(name).map_err(Stop::usage)?;
            if let Some(why) = cannot_carry(kind, p) {
                return Err(Stop::usage(format!("{} {name}: {why}", kind.name())));
            }
            vec![p.name.clone()]
        }
        // A problem the kind cannot carry is skipped, with the reason.
        None => (plan.problems.iter())
            .filter(|p| match cannot_carry(kind, p) {
                Some(why) => {
                    eprintln!("note: {} {}: skipped: {why}", kind.name(), p.name);
                    false
                }
                None => true,
            })
            .map(|p| p.name.clone())
            .collect(),
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Progress: a spinner on a terminal, a line every few seconds on a pipe.
    let bar = ProgressBar::new(names.len() as u64).with_style(style(
        "{spinner} {msg} [{bar:30}] {pos}/{len} problems {elapsed}",
    ));
    bar.enable_steady_tick(std::time::Duration::from_millis(100));
    // With --verify, what runs says its own lines (the tool's commands and results), and a
    // tool's run of minutes would give a progress line every few seconds: no ticker then.
    let ticker = (!verify)
        .then(|| Ticker::on_pipe("problems", Some(names.len())))
        .flatten();
    let mut done_dirs: Vec<(String, PathBuf)> = Vec::new();
    let mut faults = Vec::new();
    let result = names.iter().enumerate().try_for_each(|(done, name)| {
        bar.set_message(format!("{} {name}", kind.name()));
        let failed = |e: ExportError| format!("{} {name}: {e}", kind.name());
        // Test data that is not what judge.toml builds is a verdict; a package that cannot be
        // made or written, the judge's failure.
        let tests =
            verified_tests(&plan, name, &data, jobs).map_err(|e| Stop::failed(failed(e)))?;
        let w = export_verified(kind, &plan, &tests, out).map_err(|e| Stop::failure(failed(e)))?;
        bar.suspend(|| written(name, &w));
        if verify {
            // A variant's base problem verified earlier in this run (DMOJ judges only the
            // cases that differ from its folder).
            let format = plan.problem(name).map(|p| p.format.name()).unwrap_or(name);
            let base = (format != name)
                .then(|| done_dirs.iter().find(|(n, _)| n == format))
                .flatten()
                .map(|(n, d)| (n.as_str(), d.as_path()));
            // A fault found goes on to the next problem; the run fails at the end.
            if let Err(VerifyError::Fault { what, log }) =
                bar.suspend(|| verified(kind, name, &w.dir, w.zip.as_deref(), base))?
            {
                eprint!("{log}");
                faults.push(what);
            }
            done_dirs.push((name.clone(), w.dir.clone()));
        }
        bar.inc(1);
        if let Some(ticker) = &ticker {
            ticker.set(done + 1, None);
            ticker.quiet();
        }
        Ok(())
    });
    bar.finish_and_clear();
    result?;
    match faults.is_empty() {
        true => Ok(()),
        false => Err(Stop {
            code: exit::VERDICT,
            lines: faults,
        }),
    }
}

/// Runs `--verify` on the package of `problem` in `dir`, printing what it runs and finds, and
/// puts the README it recorded in the zip that carries the package too (`zip`: the DOMjudge
/// zip of a Kattis export). Passed: `Ok(Ok(()))`; a package the tool finds at fault:
/// `Ok(Err(`[`VerifyError::Fault`]`))` (the caller shows the tool's output and goes on). A
/// tool that is missing or cannot start: [`Stop::usage`]; a package that cannot be read or a
/// README that cannot be written: [`Stop::failure`]. `base`: as [`verify`] takes it. A
/// machine busy while the tool ran gets a warning on stderr.
fn verified(
    kind: Kind,
    problem: &str,
    dir: &Path,
    zip: Option<&Path>,
    base: Option<(&str, &Path)>,
) -> Result<Result<(), VerifyError>, Stop> {
    // The judges' tools time by CPU time, which a busy machine inflates: the load is
    // watched, and a verification on a busy machine says so.
    let watch = SessionWatch::start();
    let result = verify(kind, problem, dir, base, &mut |line| println!("{line}"));
    if let Some(warning) = watch.finish(1).and_then(|c| c.warning()) {
        eprintln!(
            "warning: verify {} {problem}: {warning} (the tool's time verdicts too: a TLE here \
             may pass on a quiet machine)",
            kind.name()
        );
    }
    if let (Some(zip), Ok(()) | Err(VerifyError::Fault { .. })) = (zip, &result) {
        record_in_zip(dir, zip).map_err(Stop::failure)?;
    }
    match result {
        Ok(()) => Ok(Ok(())),
        Err(fault @ VerifyError::Fault { .. }) => Ok(Err(fault)),
        Err(VerifyError::Unavailable(why)) => Err(Stop::usage(why)),
        Err(VerifyError::Io(why)) => Err(Stop::failure(why)),
    }
}
