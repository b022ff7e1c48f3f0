//! `judge list`: the problems of judge.toml with their format and limits, their groups with
//! their test counts, and the tests a `--tests` selection picks.

use std::path::Path;

use serde::Serialize;

use boardjudge::problemset::plan::{Plan, ProblemPlan};
use boardjudge::problemset::select::select;

use crate::session::Stop;

/// What to list.
pub struct Request<'a> {
    /// judge.toml.
    pub plan: &'a Path,
    /// Only this problem (default: all).
    pub problem: Option<&'a str>,
    /// The `--tests` selection whose test names to show (needs a problem).
    pub tests: &'a [String],
}

/// The listing; its JSON is `judge list --json`'s.
#[derive(Serialize)]
pub struct Listing {
    /// The problems, in judge.toml's order.
    pub problems: Vec<Problem>,
}

/// One problem of the listing.
#[derive(Serialize)]
pub struct Problem {
    /// Its name in judge.toml.
    pub name: String,
    /// Its format (sicily, msquare, rotation).
    pub format: &'static str,
    /// Its statement's title.
    pub title: String,
    /// CPU seconds per test.
    pub time_limit: f64,
    /// MiB of memory per test.
    pub memory_limit: u64,
    /// The most cases an input may hold.
    pub max_cases: usize,
    /// Its tests in all.
    pub tests: usize,
    /// Its groups, in judge.toml's order.
    pub groups: Vec<Group>,
    /// Its shipped solutions.
    pub solutions: usize,
    /// The tests the `--tests` selection picks (`GROUP/NAME`, plan order), when one is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected: Option<Vec<String>>,
}

/// One group of a problem.
#[derive(Serialize)]
pub struct Group {
    /// Its name.
    pub name: String,
    /// How many tests it holds.
    pub tests: usize,
}

/// Reads the plan and lists what the request asks for.
pub fn run(request: &Request) -> Result<Listing, Stop> {
    let plan = Plan::load(request.plan).map_err(|e| Stop::usage(e.to_string()))?;
    let chosen: Vec<&ProblemPlan> = match request.problem {
        Some(name) => vec![plan.problem(name).map_err(Stop::usage)?],
        None if !request.tests.is_empty() => {
            return Err(Stop::usage(
                "--tests needs a PROBLEM: `judge list PROBLEM --tests SELECTION`".to_string(),
            ));
        }
        None => plan.problems.iter().collect(),
    };
    let mut problems = Vec::new();
    for p in chosen {
        let mut groups: Vec<Group> = Vec::new();
        for t in &p.tests {
            match groups.last_mut() {
                Some(g) if g.name == t.group => g.tests += 1,
                _ => groups.push(Group {
                    name: t.group.clone(),
                    tests: 1,
                }),
            }
        }
        let selected = if request.tests.is_empty() {
            None
        } else {
            let picked = select(&p.tests, request.tests).map_err(Stop::usage)?;
            Some(picked.iter().map(|t| t.id()).collect())
        };
        problems.push(Problem {
            name: p.name.clone(),
            format: p.format.name(),
            title: p.title.clone(),
            time_limit: p.time_limit,
            memory_limit: p.memory_limit,
            max_cases: p.max_cases,
            tests: p.tests.len(),
            groups,
            solutions: p.solutions.len(),
            selected,
        });
    }
    Ok(Listing { problems })
}
