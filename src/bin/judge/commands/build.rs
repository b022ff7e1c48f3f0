//! `judge build`: the test data built from judge.toml and written (or, with `--check`,
//! compared), with a progress bar, a line per problem and what moved.

use std::process::ExitCode;
use std::time::Instant;

use boardjudge::problemset::build::BuiltProblem;
use boardjudge::problemset::plan::Plan;
use boardjudge::problemset::update::{ProblemUpdate, Request, UpdateError, generator_runs, update};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::{BuildArgs, beside};

/// `judge build` as its arguments say.
pub fn command(args: BuildArgs) -> ExitCode {
    let started = Instant::now();
    let out = args.out.unwrap_or_else(|| beside(&args.plan, "testdata"));
    let plan = match Plan::load(&args.plan) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("judge: {e}");
            return ExitCode::from(2);
        }
    };
    let only = &args.problems;
    for name in only {
        if let Err(e) = plan.problem(name) {
            eprintln!("judge: {e}");
            return ExitCode::from(2);
        }
    }
    let total: usize = plan
        .problems
        .iter()
        .filter(|p| only.is_empty() || only.contains(&p.name))
        .map(|p| p.tests.len())
        .sum();
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{spinner} {msg:10} [{bar:30}] {pos}/{len} tests {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let request = Request {
        plan: &plan,
        plan_path: &args.plan,
        out: &out,
        only,
        jobs,
        check: args.check,
    };
    let mut failed = false;
    let progress = |name: &str| {
        bar.set_message(name.to_string());
        bar.inc(1);
    };
    let mut each = |problem: &BuiltProblem, update: &ProblemUpdate| {
        bar.finish_and_clear();
        match update {
            ProblemUpdate::Compared(differences) => {
                for d in differences {
                    eprintln!("judge: {d}");
                }
                failed |= !differences.is_empty();
            }
            ProblemUpdate::Written(r) => {
                eprintln!(
                    "{}: wrote {} file(s), {} unchanged, {} stale removed, {} unknown moved to \
                     the trash",
                    problem.name,
                    r.written,
                    r.unchanged,
                    r.removed.len(),
                    r.trashed.len()
                );
                for rel in &r.removed {
                    eprintln!(
                        "  removed {} (an earlier build wrote it; the plan no longer does)",
                        out.join(rel).display()
                    );
                }
                for (rel, to) in &r.trashed {
                    eprintln!(
                        "  moved {} to {} (unknown: not produced by the plan nor written by a \
                         build)",
                        out.join(rel).display(),
                        to.display()
                    );
                }
            }
        }
    };
    let built = update(&request, &progress, &mut each);
    bar.finish_and_clear();
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
            return ExitCode::from(1);
        }
        Err(UpdateError::Write { dir, error }) => {
            eprintln!("judge: cannot write {}: {error}", dir.display());
            return ExitCode::from(1);
        }
    };
    for problem in &built {
        println!("{}", summary(problem));
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.check && failed {
        eprintln!("judge: the test data differs from judge.toml; run `judge build` and commit");
        return ExitCode::from(1);
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
