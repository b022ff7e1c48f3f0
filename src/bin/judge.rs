//! `judge`: the problem set's command: build and verify the test data from judge.toml.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use boardjudge::judge::build::{BuiltProblem, build_plan, compare_problem, write_problem};
use boardjudge::judge::plan::Plan;
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

/// Prepare and verify the test data of the problem set described by judge.toml.
#[derive(Parser)]
#[command(version)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build every test from judge.toml: generate, validate, solve, check, write.
    ///
    /// For every test of the plan the input is generated in process (or taken from
    /// judge.toml for manual tests), validated strictly, solved by the reference solver, and
    /// the answer must be accepted by the checker; then OUT/PROBLEM/NN.in, NN.ans and
    /// manifest.toml (each test's source, size and SHA-256) are written atomically. Files
    /// already identical are left alone; test files the plan no longer produces are removed.
    /// The same plan always gives the same bytes.
    ///
    /// With --check nothing is written: the data is rebuilt in memory and every committed
    /// file that differs, is missing or is stale is named (CI runs this).
    ///
    /// Exit codes: 0 done (or, with --check, everything matches), 1 a test failed to build
    /// or the files differ, 2 bad arguments or a bad plan.
    #[command(verbatim_doc_comment)]
    Build {
        /// Compare with the files on disk instead of writing them.
        #[arg(long)]
        check: bool,
        /// The plan.
        #[arg(long, default_value = "judge.toml")]
        plan: PathBuf,
        /// Where the test data goes.
        #[arg(long, default_value = "testdata")]
        out: PathBuf,
        /// Worker threads (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Only these problems (default: all).
        problems: Vec<String>,
    },
}

fn main() -> ExitCode {
    match Args::parse().command {
        Command::Build {
            check,
            plan,
            out,
            jobs,
            problems,
        } => build(check, &plan, &out, jobs, &problems),
    }
}

fn build(
    check: bool,
    plan_path: &std::path::Path,
    out: &std::path::Path,
    jobs: Option<usize>,
    only: &[String],
) -> ExitCode {
    let started = Instant::now();
    let plan = match Plan::load(plan_path) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("judge: {e}");
            return ExitCode::from(2);
        }
    };
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
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let built = build_plan(&plan, only, jobs, &|name| {
        bar.set_message(name.to_string());
        bar.inc(1);
    });
    bar.finish_and_clear();
    let built = match built {
        Ok(built) => built,
        Err(errors) => {
            for e in &errors {
                eprintln!("judge: {e}");
            }
            eprintln!(
                "judge: {} test(s) failed to build; nothing was written",
                errors.len()
            );
            return ExitCode::from(1);
        }
    };
    let mut failed = false;
    for problem in &built {
        if check {
            let differences = compare_problem(out, problem);
            for d in &differences {
                eprintln!("judge: {d}");
            }
            failed |= !differences.is_empty();
        } else {
            match write_problem(out, problem) {
                Ok(r) => eprintln!(
                    "{}: wrote {} file(s), {} unchanged, {} stale removed",
                    problem.name, r.written, r.unchanged, r.removed
                ),
                Err(e) => {
                    eprintln!(
                        "judge: cannot write {}: {e}",
                        out.join(&problem.name).display()
                    );
                    return ExitCode::from(1);
                }
            }
        }
    }
    for problem in &built {
        println!("{}", summary(problem));
    }
    let seconds = started.elapsed().as_secs_f64();
    if check && failed {
        eprintln!("judge: the test data differs from judge.toml; run `judge build` and commit");
        return ExitCode::from(1);
    }
    let verb = if check { "verified" } else { "built" };
    println!("{verb} {total} tests in {seconds:.1} s");
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
