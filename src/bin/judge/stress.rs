//! `judge stress`: random tests until the solution (or a reference beside it) fails, the
//! failure shrunk ([`boardjudge::judging::stress`]), and with `--save` kept as a regression
//! test ([`boardjudge::judging::regression`]).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use boardjudge::check::relabel;
use boardjudge::judging::matrix_runs::given::Given;
use boardjudge::judging::regression::{Saved, save, test_name};
use boardjudge::judging::run::CannotStart;
use boardjudge::judging::session::Session;
use boardjudge::judging::stress::{
    Budget, Program, Progress, Settings, StressOutcome, Stressed, stress as stress_tests,
};
use boardjudge::runner::language;
use boardjudge::text::visible_bytes;

use crate::common::{Common, Stop, ready, sandbox, stopped, usage};
use crate::exit;
use crate::solution_args::{self, given_solutions, missing_source, not_a_source};
use crate::terminal::{Terminal, paint};

#[derive(clap::Args)]
/// Random tests until a solution fails; then shrink the failing input to a minimal one.
/// Progress goes to stderr: a bar on a terminal, piped a line at least every 2 s.
///
/// Tests come from the seeded generator, every strategy in turn; the same --seed replays
/// the same tests. Without --seed each call takes a fresh seed, and the report says which
/// (`seed 483920`), so that --seed 483920 replays it. On a failure the input is shrunk:
/// cases are dropped while it still fails; then the boards on the failing case's shortest
/// path are tried, one at each distance from 0 up (a bug of long answers fails first at
/// its smallest distance), then the smaller cases in a fixed order. Magic board (sicily,
/// msquare): all 40,320 boards by (distance, lexicographically smallest shortest
/// sequence); for sicily each board with N = 0, 1, ..., 23 and 2^31 - 1, many cases an
/// input (at most the problem's max_cases) with bisection to the failing one; msquare one
/// board a run (1,800 runs prove that no board closer than distance 11 fails). Rotation:
/// boards by distance, every one of the 38,610 solved boards, then its path and a seeded
/// sample of 240 at each smaller distance from 1. It
/// prints how far it got: `shrunk from 1 case / distance 22 to 1 case / distance 11 in
/// 1812 runs`, then whether minimality is proven (every smaller case passes), only within
/// the run budget (--shrink-runs: every case below which distance passes, and how many
/// at it) or among the boards tried (rotation), or a local minimum (a bug that needs
/// three cases or more). A magic-board bug that needs two cases gets the exact minimum
/// among the inputs of the cases up to its largest: each case alone, then every two-case
/// input by largest case, then lexicographically. Every step is a real run of the solution.
///
/// With --save the shrunk input becomes a manual test of the group "regressions" in
/// judge.toml, named `stress-<solution>-<hash>` (its `name =`), and the
/// problem's test data is rebuilt: both change together or not at all, and only if the
/// new plan builds. If a test already has exactly this input, it says which test catches
/// the solution and saves nothing.
///
/// Exit codes: 0 no failure found, 1 a failure found (and printed, and saved with
/// --save), 2 bad arguments (or a program that cannot start), 3 a test the checker cannot
/// judge (FAIL) or the save failed (nothing changed), 4 the solution or the reference
/// does not build. (`judge --help` lists every command's.)
///
/// The solution is a source file (built as `judge run` builds it: `judge languages`),
/// --command 'CMD', or the command after `--`. A second program may be stressed beside
/// it, as Polygon stresses two solutions: --reference SOURCE-FILE or
/// --reference-command 'CMD'. It runs first on every input, under the same limits and
/// checker (answers still come from the built-in solver), and the first failure of
/// either stops the run, shrunk and reported with whose it is ("the reference fails
/// test 12 ...").
///
/// Example:
///   judge stress msquare my-solution.cpp
///   judge stress sicily --seed 7 --count 500 -- ./my-solution
///   judge stress msquare --save --command 'python3 sol.py'
///   judge stress rotation fast.cpp --reference ida_star.py
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The problem (its name in judge.toml).
    pub problem: String,
    /// The seed of the schedule of tests (default: a fresh one each call, printed so that
    /// --seed replays it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many tests (default 1000 unless --time is given).
    #[arg(long, conflicts_with = "time")]
    pub count: Option<usize>,
    /// How many seconds to run instead of a count.
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// Add the shrunk failing input to judge.toml and rebuild the problem's test data.
    #[arg(long)]
    pub save: bool,
    /// The most solution runs shrinking may take (a sandboxed run takes some milliseconds).
    #[arg(long, default_value_t = 3000, value_name = "RUNS")]
    pub shrink_runs: usize,
    #[command(flatten)]
    pub common: Common,
    /// The solution's command as one string, split as a shell splits words (instead of a
    /// source file or the command after `--`).
    #[arg(long = "command", value_name = "CMD")]
    pub commands: Vec<String>,
    /// The language standard the C or C++ sources (solution and reference) are built as, as
    /// `judge run --std` says; one per language, may be repeated.
    #[arg(long = "std", value_name = "STD")]
    pub standards: Vec<String>,
    /// The solution's source file, built as `judge run` builds it (.c, .cpp, .cc, .rs,
    /// .py, .java).
    #[arg(value_name = "SOURCE-FILE")]
    pub sources: Vec<PathBuf>,
    /// The solution's command, instead of a source file.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// A reference's source file, run first on every input (built as the solution is).
    #[arg(long, value_name = "SOURCE-FILE", conflicts_with = "reference_command")]
    pub reference: Option<PathBuf>,
    /// A reference's command as one string, split as a shell splits words.
    #[arg(long, value_name = "CMD")]
    pub reference_command: Option<String>,
}

/// `judge stress` as its arguments say.
pub fn command(args: Args) -> ExitCode {
    let Args {
        problem,
        seed,
        count,
        time,
        save,
        shrink_runs,
        common,
        commands,
        standards,
        sources,
        command,
        reference,
        reference_command,
    } = args;
    let built: Vec<PathBuf> = sources.iter().chain(&reference).cloned().collect();
    let standards = match solution_args::standards(&standards, &built) {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    if let Some(file) = sources.iter().find(|s| language::of(s).is_none()) {
        return usage(&not_a_source(file, &problem, "stress"));
    }
    if let Some(message) = missing_source(&sources) {
        return usage(&message);
    }
    let reference = match (reference, reference_command) {
        (Some(file), _) if language::of(&file).is_none() => {
            return usage(&format!(
                "--reference {}: not a source file of a known language (expected {}); \
                 a program's command goes to --reference-command 'CMD'",
                file.display(),
                language::known_extensions()
            ));
        }
        (Some(file), _) => match missing_source(std::slice::from_ref(&file)) {
            Some(message) => return usage(&format!("--reference {message}")),
            None => Some(solution_args::given_source(file, &standards)),
        },
        (None, Some(line)) => match given_solutions(Vec::new(), &[], &[line], Vec::new()) {
            Ok(mut given) => Some(given.remove(0)),
            Err(e) => return usage(&e.replace("--command", "--reference-command")),
        },
        (None, None) => None,
    };
    let solution = match given_solutions(sources, &standards, &commands, command) {
        Ok(mut given) if given.len() == 1 => given.remove(0),
        Ok(given) => {
            return usage(&format!(
                "give one solution: a source file, --command 'CMD' or a command after \
                 `--` ({} given)",
                given.len()
            ));
        }
        Err(e) => return usage(&e),
    };
    let budget = match (count, time) {
        (_, Some(t)) if t > 0.0 && t <= 1e6 => Budget::Time(Duration::from_secs_f64(t)),
        (_, Some(t)) => {
            return usage(&format!("--time must be in (0, 1000000] seconds, not {t}"));
        }
        (Some(0), None) => return usage("--count must be at least 1"),
        (Some(n), None) => Budget::Count(n),
        (None, None) => Budget::Count(1000),
    };
    let seed = seed.unwrap_or_else(|| {
        let seed = fresh_seed();
        // Said first, so that even an interrupted run can be replayed.
        eprintln!("note: a fresh seed, {seed}: --seed {seed} replays these tests");
        seed
    });
    let settings = Settings {
        seed,
        budget,
        shrink_runs,
    };
    let programs = Programs {
        solution: &solution,
        reference: reference.as_ref(),
    };
    stress(&common.into(), &problem, settings, save, &programs)
}

/// What `judge stress` found.
struct Report {
    /// How the run ended.
    outcome: StressOutcome,
    /// With `--save` and a failure: how the shrunk input was kept, or why it was not
    /// (nothing changed).
    saved: Option<Result<Saved, String>>,
}

/// The programs `judge stress` runs: each a command, or a source file built as `judge run`
/// builds it.
struct Programs<'a> {
    /// The solution under test.
    solution: &'a Given,
    /// A reference run first on each input (`--reference`), if any.
    reference: Option<&'a Given>,
}

/// Runs `judge stress` of the programs on `problem`; with `save`, keeps a failure's shrunk
/// input as a test.
fn run(
    session: &Session,
    problem: &str,
    settings: Settings,
    save_failure: bool,
    programs: &Programs,
    watch: &Terminal,
) -> Result<Report, Stop> {
    let loaded = session.load(problem).map_err(Stop::usage)?;
    let (problem, limits) = (loaded.problem(), loaded.limits);
    let sandbox = sandbox(session, watch)?;
    let build = &loaded.plan.build;
    // A source is built into the session's cache first (a JVM's heap is part of its command).
    let ready_here = |given: &Given| {
        ready(
            given,
            given.ready(&limits, &session.cache(), &sandbox, build),
        )
    };
    let (solution_cmd, solution_limits) = ready_here(programs.solution)?;
    let reference = programs.reference.map(ready_here).transpose()?;
    let solution = Program {
        cmd: &solution_cmd,
        limits: &solution_limits,
    };
    let reference = reference
        .as_ref()
        .map(|(cmd, limits)| Program { cmd, limits });
    match settings.budget {
        Budget::Count(n) => watch.begin(Some(n), "tests"),
        Budget::Time(_) => watch.begin(None, "tests"),
    }
    let shrinking = std::cell::Cell::new(false);
    let outcome = stress_tests(
        problem,
        solution,
        reference,
        &sandbox,
        settings,
        &|progress| match progress {
            Progress::Tested(i) => watch.progress(i, None),
            Progress::Shrinking { runs, budget } => {
                if !shrinking.replace(true) {
                    watch.end();
                    watch.begin(Some(budget), "shrinking runs");
                }
                watch.progress(runs, None);
            }
        },
    );
    watch.end();
    let outcome = outcome.map_err(Stop::usage)?;
    let mut saved = None;
    if let StressOutcome::Failed {
        program,
        original,
        shrunk,
        ..
    } = &outcome
    {
        if let Some(e) = CannotStart::from_result(&original.result) {
            return Err(Stop::usage(e.to_string()));
        }
        if save_failure {
            let input = &shrunk.failure.input;
            let failed = match (program, programs.reference) {
                (Stressed::Reference, Some(reference)) => reference,
                _ => programs.solution,
            };
            // A source is named by its file, not by its build in the cache.
            let name = match failed {
                Given::Source(source, _) => test_name(&[source.display().to_string()], input),
                Given::Command(cmd) => test_name(cmd, input),
            };
            saved = Some(save(
                &session.plan,
                &session.data,
                &problem.name,
                input,
                &name,
            ));
        }
    }
    Ok(Report { outcome, saved })
}

/// `judge stress`: the failure found, shrunk, and with `--save` where it was kept.
fn stress(
    session: &Session,
    problem: &str,
    settings: Settings,
    save: bool,
    programs: &Programs,
) -> ExitCode {
    let terminal = Terminal::default();
    let report = match run(session, problem, settings, save, programs, &terminal) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    let (program, test, command, original, shrunk) = match &report.outcome {
        StressOutcome::Passed { tests } => {
            let both = if programs.reference.is_some() {
                " for the solution or the reference"
            } else {
                ""
            };
            println!(
                "{problem}: {tests} random tests (seed {}), no failure{both}",
                settings.seed
            );
            return ExitCode::SUCCESS;
        }
        StressOutcome::Failed {
            program,
            test,
            command,
            original,
            shrunk,
        } => (program, test, command, original, shrunk),
    };
    let on = std::io::stdout().is_terminal();
    let verdict = &original.result.verdict;
    let fails = match program {
        Stressed::Solution => format!("test {test} fails"),
        Stressed::Reference => format!("the reference fails test {test}"),
    };
    println!(
        "{problem}: {fails} (seed {}; {command}): {}",
        settings.seed,
        paint(&verdict.to_string(), verdict, on)
    );
    let s = if shrunk.runs == 1 { "" } else { "s" };
    println!(
        "shrunk from {} to {} in {} run{s}; {}\nthe minimal failing input:\n",
        shrunk.from, shrunk.to, shrunk.runs, shrunk.minimality
    );
    let failure = &shrunk.failure;
    print!("{}", visible_bytes(&failure.input));
    println!("\nexpected output:\n");
    print!("{}", visible_bytes(&failure.answer));
    // The diff's sides by who wrote them: the answers come from the built-in solver, the
    // output from the program that failed.
    let wrote = match program {
        Stressed::Solution => "the solution's output",
        Stressed::Reference => "the reference's output",
    };
    let details = relabel(
        &failure.result.details,
        "expected (the built-in solver's answer)",
        wrote,
    );
    println!("\n{}: {}", failure.result.verdict, details.trim_end());
    match &report.saved {
        None => {}
        Some(Ok(Saved::AlreadyATest { test, group, line })) => println!(
            "not saved: test {test} (group {group}, {}:{line}) has exactly this input, so the \
             test data already catches this solution",
            session.plan.display()
        ),
        Some(Ok(Saved::Added { test, files, kept })) => {
            println!(
                "saved as test {test} in {} and {files} files of {}/{problem}",
                session.plan.display(),
                session.data.display(),
            );
            for k in kept {
                eprintln!(
                    "kept your edit of {} in {}: the file was edited by hand since the last \
                     build, and judge.toml's version is written in its place",
                    session.data.join(&k.path).display(),
                    k.to.display()
                );
            }
        }
        Some(Err(e)) => {
            eprintln!("judge: cannot save the regression test: {e}");
            return ExitCode::from(exit::FAILURE);
        }
    }
    // A FAIL is the judge's or the jury's failure, not the solution's.
    ExitCode::from(exit::of_results(std::slice::from_ref(&original.result)))
}

/// A fresh seed for a `judge stress` without `--seed`, from the clock and the process: below
/// a million, to be typed back into `--seed`.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mixed =
        (nanos ^ (u128::from(std::process::id()) << 64)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((mixed >> 64) as u64) % 1_000_000
}
