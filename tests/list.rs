//! `judge list`: the problems, groups and tests of judge.toml, as text and as JSON, checked
//! against the plan itself.

mod common;

use common::cli::{judge, repo};

use boardjudge::problemset::plan::Plan;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let o = judge(args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

#[test]
fn the_listing_is_the_plan() {
    let plan = Plan::load(&repo().join("judge.toml")).unwrap();
    let listing = json(&["list", "--json"]);
    let problems = listing["problems"].as_array().unwrap();
    assert_eq!(problems.len(), plan.problems.len());
    for (listed, p) in problems.iter().zip(&plan.problems) {
        assert_eq!(listed["name"], p.name.as_str());
        assert_eq!(listed["format"], p.format.name());
        assert_eq!(listed["title"], p.title.as_str());
        assert_eq!(listed["time_limit"].as_f64(), Some(p.time_limit));
        assert_eq!(listed["memory_limit"].as_u64(), Some(p.memory_limit));
        assert_eq!(listed["max_cases"].as_u64(), Some(p.max_cases as u64));
        assert_eq!(listed["order"], p.checker.order.name());
        assert_eq!(listed["tests"].as_u64(), Some(p.tests.len() as u64));
        assert_eq!(listed["solutions"].as_u64(), Some(p.solutions.len() as u64));
        // Groups in plan order, with counts that add up to the tests.
        let mut groups: Vec<(String, u64)> = Vec::new();
        for t in &p.tests {
            match groups.last_mut() {
                Some((g, n)) if *g == t.group => *n += 1,
                _ => groups.push((t.group.clone(), 1)),
            }
        }
        let listed_groups: Vec<(String, u64)> = listed["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                (
                    g["name"].as_str().unwrap().to_string(),
                    g["tests"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(listed_groups, groups, "{}", p.name);
        assert!(listed.get("selected").is_none());
    }
    // The text form: a line per problem, then its groups.
    let text = String::from_utf8(judge(&["list"]).stdout).unwrap();
    for p in &plan.problems {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{} ", p.name)))
            .unwrap_or_else(|| panic!("{}: {text}", p.name));
        assert!(line.contains(&format!("{} tests", p.tests.len())), "{line}");
        let order = format!("  order {}  ", p.checker.order.name());
        assert!(line.contains(&order), "{line}");
    }
}

#[test]
fn a_selection_lists_the_tests_it_picks() {
    let listing = json(&[
        "list",
        "msquare",
        "--tests",
        "samples,by-distance/distance-2?-*",
        "--json",
    ]);
    let problems = listing["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1);
    let selected: Vec<&str> = problems[0]["selected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let plan = Plan::load(&repo().join("judge.toml")).unwrap();
    let expected: Vec<String> = plan
        .problem("msquare")
        .unwrap()
        .tests
        .iter()
        .filter(|t| {
            t.group == "samples" || (t.group == "by-distance" && t.name.starts_with("distance-2"))
        })
        .map(|t| t.id())
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(selected, expected);
    let text = String::from_utf8(judge(&["list", "msquare", "--tests", "samples"]).stdout).unwrap();
    assert!(text.contains("    samples/"), "{text}");
}

#[test]
fn bad_arguments_exit_2_with_the_choices() {
    let o = judge(&["list", "tetris"]);
    assert_eq!(o.status.code(), Some(2));
    let o = judge(&["list", "msquare", "--tests", "nosuch"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("matches no test (the groups: samples"),
        "{err}"
    );
    let o = judge(&["list", "--tests", "samples"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_misspelt_name_gets_the_nearest_one() {
    let err = |args: &[&str]| {
        let o = judge(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    // A problem, in every command that takes one.
    for args in [
        &["list", "msqare"][..],
        &["run", "msqare", "--", "true"][..],
        &["strength", "msqare"][..],
        &["build", "--check", "msqare"][..],
    ] {
        let e = err(args);
        assert!(e.contains("did you mean 'msquare'?"), "{args:?}: {e}");
    }
    // A group, a test.
    let e = err(&["list", "msquare", "--tests", "edeg"]);
    assert!(e.contains("did you mean 'edge'?"), "{e}");
    let e = err(&["list", "msquare", "--tests", "sample/statement"]);
    assert!(e.contains("did you mean 'samples/statement'?"), "{e}");
    // Nothing near: no guess.
    let e = err(&["list", "tetris"]);
    assert!(!e.contains("did you mean"), "{e}");
    // A command: clap's own suggestion.
    let e = err(&["buld"]);
    assert!(e.contains("similar subcommand exists: 'build'"), "{e}");
    // judge check (testlib's codes: 3) a test.
    let o = judge(&["check", "msquare", "sample/statement", "judge.toml"]);
    assert_eq!(o.status.code(), Some(3));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("did you mean 'samples/statement'?"), "{e}");
}

/// A reader that closed the output (`judge list | head`) ends every binary quietly, with 141
/// (128 + SIGPIPE) and no panic message: `judge list`, `judge check`, `gen` and `solve`.
#[test]
fn a_closed_output_ends_quietly() {
    use std::process::{Command, Stdio};
    let sample = repo().join("testdata/sicily/samples/statement");
    let (input, answer) = (sample.with_extension("in"), sample.with_extension("ans"));
    let (input, answer) = (input.to_str().unwrap(), answer.to_str().unwrap());
    let plan = repo().join("judge.toml");
    let plan = plan.to_str().unwrap();
    let judge_check = [
        "check",
        "--plan",
        plan,
        "sicily",
        "samples/statement",
        answer,
    ];
    let runs: [(&str, &[&str]); 4] = [
        (env!("CARGO_BIN_EXE_judge"), &["list", "--plan", plan]),
        (env!("CARGO_BIN_EXE_judge"), &judge_check),
        (env!("CARGO_BIN_EXE_gen"), &["sicily", "--seed", "1"]),
        (env!("CARGO_BIN_EXE_solve"), &["sicily", input]),
    ];
    for (program, args) in runs {
        // The reading end is closed before the program starts: its first write fails.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = (Command::new(program).args(args).stdin(Stdio::null()))
            .stdout(writer)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(141), "{program} {args:?}: {err}");
        assert!(err.is_empty(), "{program} {args:?}: {err}");
    }
}
