//! `judge stress`: random tests until the solution (or a reference beside it) fails, the
//! failure shrunk, and with `--save` kept as a regression test.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use boardjudge::check::relabel;
use boardjudge::judging::matrix_runs::given::Given;
use boardjudge::judging::regression::Saved;
use boardjudge::judging::stress::{Budget, Settings, StressOutcome, Stressed};
use boardjudge::runner::language;
use boardjudge::text::visible_bytes;

use crate::args::StressArgs;
use crate::exit;
use crate::session::{self, Session};
use crate::solution_args::{given_solutions, missing_source, not_a_source, usage};
use crate::terminal::{Terminal, paint, stopped};

/// `judge stress` as its arguments say.
pub fn command(args: StressArgs) -> ExitCode {
    let StressArgs {
        problem,
        seed,
        count,
        time,
        save,
        shrink_runs,
        common,
        commands,
        sources,
        command,
        reference,
        reference_command,
    } = args;
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
            None => Some(Given::Source(file)),
        },
        (None, Some(line)) => match given_solutions(Vec::new(), &[line], Vec::new()) {
            Ok(mut given) => Some(given.remove(0)),
            Err(e) => return usage(&e.replace("--command", "--reference-command")),
        },
        (None, None) => None,
    };
    let solution = match given_solutions(sources, &commands, command) {
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
    let programs = session::stress::Programs {
        solution: &solution,
        reference: reference.as_ref(),
    };
    stress(&common.into(), &problem, settings, save, &programs)
}

/// `judge stress`: the failure found, shrunk, and with `--save` where it was kept.
fn stress(
    session: &Session,
    problem: &str,
    settings: Settings,
    save: bool,
    programs: &session::stress::Programs,
) -> ExitCode {
    let report = match session::stress::run(
        session,
        problem,
        settings,
        save,
        programs,
        &Terminal::default(),
    ) {
        Ok(report) => report,
        Err(stop) => return stopped(stop),
    };
    let problem = &report.problem;
    let failed = match &report.outcome {
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
    let (program, test, command, original, shrunk) = failed;
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
            return exit::code(exit::FAILURE);
        }
    }
    // A FAIL is the judge's or the jury's failure, not the solution's.
    exit::code(exit::of_results(std::slice::from_ref(&original.result)))
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
