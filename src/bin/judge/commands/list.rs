//! `judge list`: the problems of judge.toml, their groups and the tests a selection picks.

use std::process::ExitCode;

use crate::args::ListArgs;
use crate::session;
use crate::terminal::{print_json, stopped};

/// `judge list` as its arguments say.
pub fn command(args: ListArgs) -> ExitCode {
    list(
        &session::list::Request {
            plan: &args.plan,
            problem: args.problem.as_deref(),
            tests: &args.tests,
        },
        args.json,
    )
}

/// `judge list`: a line per problem (format, limits, tests), its groups indented with
/// their test counts, and with --tests the names the selection picks.
fn list(request: &session::list::Request, json: bool) -> ExitCode {
    let listing = match session::list::run(request) {
        Ok(listing) => listing,
        Err(stop) => return stopped(stop),
    };
    if json {
        print_json(&listing);
        return ExitCode::SUCCESS;
    }
    for p in &listing.problems {
        let tests = |n: usize| format!("{n:>3} test{}", if n == 1 { "" } else { "s" });
        println!(
            "{:<14} {:<8} {}  time {} s  memory {} MiB  at most {} case(s) an input  \
             {} solution(s)  \"{}\"",
            p.name,
            p.format,
            tests(p.tests),
            p.time_limit,
            p.memory_limit,
            p.max_cases,
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
