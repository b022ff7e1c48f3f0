//! `judge list`: the problems of judge.toml with their format and limits, their groups with
//! their test counts, and the tests a `--tests` selection picks.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;

use boardjudge::problemset::plan::{Plan, ProblemPlan};
use boardjudge::problemset::select::select;

use crate::common::{Stop, stopped};
use crate::terminal::print_json;

#[derive(clap::Args)]
/// List the problems of judge.toml: format, limits, groups and their tests.
///
/// One line per problem (its format, test count, time and memory limits, the most cases
/// an input may hold, its shipped solutions and title), then its groups in judge.toml's
/// order with their test counts. With PROBLEM only that one; with --tests also the
/// GROUP/NAME of every test the selection picks, in plan order (the same selection as
/// `judge run --tests`). It reads judge.toml only: nothing is built or run.
///
/// Exit codes: 0 listed, 2 bad arguments (an unknown problem, a --tests pattern that
/// matches nothing, a bad plan).
///
/// Example:
///   judge list
///   judge list sicily --tests 'edge/limit-*'
///   judge list --json
#[command(verbatim_doc_comment)]
pub struct Args {
    /// Only this problem (its name in judge.toml).
    pub problem: Option<String>,
    /// Also list the tests this selection picks: group names, GROUP/NAMEs, NAMEs or globs
    /// (`*`, `?`), comma-separated; may be repeated. Needs PROBLEM.
    #[arg(long, value_name = "SELECTION")]
    pub tests: Vec<String>,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Print the listing as JSON on stdout: per problem its name, format, title, limits,
    /// max_cases, tests, groups (name, tests), solutions and, with --tests, selected.
    #[arg(long)]
    pub json: bool,
}

/// The listing; its JSON is `judge list --json`'s.
#[derive(Serialize)]
struct Listing {
    /// The problems, in judge.toml's order.
    problems: Vec<Problem>,
}

/// One problem of the listing.
#[derive(Serialize)]
struct Problem {
    /// Its name in judge.toml.
    name: String,
    /// Its format (sicily, msquare, rotation).
    format: &'static str,
    /// Its statement's title.
    title: String,
    /// CPU seconds per test.
    time_limit: f64,
    /// MiB of memory per test.
    memory_limit: u64,
    /// The most cases an input may hold.
    max_cases: usize,
    /// Which answers its checker accepts (`lex-smallest`, `any-shortest`, `any-within-limit`).
    order: &'static str,
    /// Its tests in all.
    tests: usize,
    /// Its groups, in judge.toml's order.
    groups: Vec<Group>,
    /// Its shipped solutions.
    solutions: usize,
    /// The tests the `--tests` selection picks (`GROUP/NAME`, plan order), when one is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    selected: Option<Vec<String>>,
}

/// One group of a problem.
#[derive(Serialize)]
struct Group {
    /// Its name.
    name: String,
    /// How many tests it holds.
    tests: usize,
}

/// `judge list` as its arguments say: a line per problem (format, limits, tests), its groups
/// indented with their test counts, and with --tests the names the selection picks.
pub fn command(args: Args) -> ExitCode {
    let listing = match listing(&args) {
        Ok(listing) => listing,
        Err(stop) => return stopped(stop),
    };
    if args.json {
        print_json(&listing);
        return ExitCode::SUCCESS;
    }
    for p in &listing.problems {
        let tests = |n: usize| format!("{n:>3} test{}", if n == 1 { "" } else { "s" });
        println!(
            "{:<14} {:<8} {}  time {} s  memory {} MiB  at most {} case(s) an input  \
             order {}  {} solution(s)  \"{}\"",
            p.name,
            p.format,
            tests(p.tests),
            p.time_limit,
            p.memory_limit,
            p.max_cases,
            p.order,
            p.solutions,
            p.title
        );
        for g in &p.groups {
            println!("  {:<24} {}", g.name, tests(g.tests));
        }
        for name in p.selected.iter().flatten() {
            println!("    {name}");
        }
    }
    ExitCode::SUCCESS
}

/// Reads the plan and lists what the arguments ask for.
fn listing(args: &Args) -> Result<Listing, Stop> {
    let plan = Plan::load(&args.plan).map_err(|e| Stop::usage(e.to_string()))?;
    let chosen: Vec<&ProblemPlan> = match args.problem.as_deref() {
        Some(name) => vec![plan.problem(name).map_err(Stop::usage)?],
        None if !args.tests.is_empty() => {
            return Err(Stop::usage(
                "--tests needs a PROBLEM: `judge list PROBLEM --tests SELECTION`".to_string(),
            ));
        }
        None => plan.problems.iter().collect(),
    };
    let mut problems = Vec::new();
    for p in chosen {
        let groups = (p.tests.chunk_by(|a, b| a.group == b.group))
            .map(|group| Group {
                name: group[0].group.clone(),
                tests: group.len(),
            })
            .collect();
        let selected = if args.tests.is_empty() {
            None
        } else {
            let picked = select(&p.tests, &args.tests).map_err(Stop::usage)?;
            Some(picked.iter().map(|t| t.id()).collect())
        };
        problems.push(Problem {
            name: p.name.clone(),
            format: p.format.name(),
            title: p.title.clone(),
            time_limit: p.time_limit,
            memory_limit: p.memory_limit,
            max_cases: p.max_cases,
            order: p.checker.order.name(),
            tests: p.tests.len(),
            groups,
            solutions: p.solutions.len(),
            selected,
        });
    }
    Ok(Listing { problems })
}
