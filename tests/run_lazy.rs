//! `judge run --lazy`: each solution stops at its first rejected test in test order, the
//! tests after it are not run (and listed as such in the table, the matrix and JSON), and a
//! time verdict after it is never confirmed. On four msquare tests (samples, edge, ties), with
//! a shell solution that prints the jury's answer except on one test.

mod common;

use common::cli::{judge, repo, text};

use serde_json::Value;

const TESTS: &str = "samples,edge,ties";
/// The four tests of the selection, in order.
const IDS: [&str; 4] = [
    "samples/statement",
    "edge/start-s1",
    "ties/corners",
    "ties/corners-top1",
];

/// A solution as one --command, a shell script: on each test of the selection the jury's
/// answer (read from testdata), except on the tests `wrong_on`, where it does `wrong` instead.
fn answering_but(wrong_on: &[&str], wrong: &str) -> String {
    let mut script = String::from("read -r line; case \"$line\" in ");
    for id in IDS {
        let read = |ext: &str| {
            let path = repo().join(format!("testdata/msquare/{id}.{ext}"));
            std::fs::read_to_string(path).unwrap()
        };
        let input = read("in");
        let board = input.lines().next().unwrap().trim();
        let action = if wrong_on.contains(&id) {
            wrong.to_string()
        } else {
            format!("printf '%s' '{}'", read("ans"))
        };
        script.push_str(&format!("\"{board}\") {action};; "));
    }
    script.push_str("esac");
    shell_words::join(["sh", "-c", &script])
}

/// `judge run msquare --tests samples,edge,ties --jobs 2 --command CMD` and `args`.
fn run(cmd: &str, args: &[&str]) -> std::process::Output {
    let mut all = vec![
        "run",
        "msquare",
        "--tests",
        TESTS,
        "--jobs",
        "2",
        "--command",
        cmd,
    ];
    all.extend(args);
    judge(&all)
}

fn verdicts(results: &Value) -> Vec<String> {
    (results.as_array().unwrap().iter())
        .map(|r| r["verdict"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn lazy_stops_at_the_first_wrong_answer_and_lists_the_tests_not_run() {
    let wrong = answering_but(&["edge/start-s1"], "echo 1; echo A");
    let o = run(&wrong, &["--lazy", "--json"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    assert_eq!(verdicts(&v["results"]), ["AC", "WA"]);
    assert_eq!(
        v["not_run"],
        serde_json::json!(["ties/corners", "ties/corners-top1"])
    );
    // The table: a row per test not run, and the summary says where it stopped.
    let o = run(&wrong, &["--lazy"]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    let not_run: Vec<&str> = (out.lines())
        .filter(|l| l.ends_with("after the first failure (--lazy)"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(not_run, ["ties/corners", "ties/corners-top1"], "{out}");
    assert!(
        out.contains("stopped at the first failure (--lazy): 2 of the 4 tests not run"),
        "{out}"
    );
    // Without --lazy, the setter's full table: every test.
    let o = run(&wrong, &["--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    assert_eq!(verdicts(&v["results"]), ["AC", "WA", "AC", "AC"]);
    assert!(v.get("not_run").is_none());
}

#[test]
fn lazy_runs_a_too_slow_solution_only_up_to_its_first_tle() {
    // Sleeps on every test after the sample: a wall-clock TLE on each that runs.
    let slow = answering_but(&IDS[1..], "sleep 30");
    let o = run(
        &slow,
        &[
            "--lazy",
            "--json",
            "--time-limit",
            "0.25",
            "--wall-limit",
            "0.5",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    assert_eq!(verdicts(&v["results"]), ["AC", "TLE"]);
    assert_eq!(v["not_run"].as_array().map(Vec::len), Some(2));
}

#[test]
fn lazy_matrix_shows_each_solution_up_to_its_first_failure() {
    let wrong = answering_but(&["edge/start-s1"], "echo 1; echo A");
    let right = answering_but(&[], "");
    let o = run(&wrong, &["--lazy", "--json", "--command", &right]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    let rows = v["problems"][0]["rows"].as_array().unwrap();
    assert_eq!(verdicts(&rows[0]["cells"]), ["AC", "WA"]);
    assert_eq!(rows[0]["not_run"].as_array().map(Vec::len), Some(2));
    assert_eq!(verdicts(&rows[1]["cells"]), ["AC", "AC", "AC", "AC"]);
    assert!(rows[1].get("not_run").is_none());
    let o = run(&wrong, &["--lazy", "--command", &right]);
    let out = text(&o.stdout);
    assert!(
        out.contains("#1 ") && out.contains("stopped at its first failure (--lazy): 2 of the 4"),
        "{out}"
    );
}
