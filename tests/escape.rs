//! Nothing raw on a terminal (issue 29, item 4): a right-to-left override (U+202E), a
//! zero-width space, a line separator, an escape sequence or a carriage return that a
//! solution writes on its standard error or output, or a compiler quotes from its source,
//! reaches no output of `judge run` (the table and the message, the live lines, `--json`,
//! `--json-lines`, the `--html` page), `judge check` or `check` raw: each is shown escaped
//! (`\u{202e}`, `\x1b`), and the verdict is what it would be without them.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use boardjudge::text::hidden;
use common::cli::{judge, repo, scratch, text};
use common::need::need;

const CHECK: &str = env!("CARGO_BIN_EXE_check");

/// A solution whose standard error forges the judge's own summary behind a right-to-left
/// override, a zero-width space, a line separator, a carriage return and a screen clear, then
/// fails. The raw characters are made by `printf` inside the run: the command line holds
/// only their octal escapes.
const FORGER: &str = "printf '\\342\\200\\256 forged\\342\\200\\213\\342\\200\\250\\r\\033[2J\
                      msquare: 61/61 tests accepted\\n' >&2; exit 3";

/// Fails unless `shown` holds no hidden character (but the line feed and the tab) and shows
/// the override escaped.
fn assert_escaped(what: &str, shown: &str) {
    let raw: Vec<String> = shown
        .chars()
        .filter(|&c| hidden(c) && c != '\n' && c != '\t')
        .map(|c| format!("U+{:04X}", c as u32))
        .collect();
    assert!(raw.is_empty(), "{what}: raw {raw:?} in {shown:?}");
    assert!(
        shown.contains("\\u{202e}"),
        "{what}: no \\u{{202e}} in {shown}"
    );
}

fn both(out: &Output) -> String {
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}

fn run_forger(extra: &[&str]) -> Output {
    let mut args = vec!["run", "msquare", "--tests", "samples", "--jobs", "1"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--", "sh", "-c", FORGER]);
    judge(&args)
}

#[test]
fn a_solutions_stderr_is_escaped_in_the_table_and_the_live_lines() {
    let out = run_forger(&[]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let shown = both(&out);
    assert!(shown.contains("RE (exit code 3)"), "{shown}");
    assert_escaped("judge run", &shown);
    assert!(
        shown.contains("\\u{202e} forged\\u{200b}\\u{2028}\\x0d\\x1b[2Jmsquare: 61/61"),
        "{shown}"
    );
}

#[test]
fn a_solutions_stderr_is_escaped_in_json() {
    let out = run_forger(&["--json"]);
    assert_escaped("judge run --json", &both(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let result = &json["results"][0];
    assert_eq!(result["verdict"], "RE");
    assert_escaped("the JSON message", result["message"].as_str().unwrap());
}

#[test]
fn a_solutions_stderr_is_escaped_in_json_lines() {
    let out = run_forger(&["--json-lines"]);
    assert_escaped("judge run --json-lines", &both(&out));
    let run = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|event| event["event"] == "run")
        .unwrap();
    assert_eq!(run["verdict"], "RE");
    assert_escaped("the run's message", run["message"].as_str().unwrap());
}

#[test]
fn a_solutions_stderr_is_escaped_in_the_html_page() {
    let dir = scratch("escape", "html");
    let page = dir.join("report.html");
    let out = run_forger(&["--html", page.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert_escaped("the HTML page", &std::fs::read_to_string(&page).unwrap());
    std::fs::remove_dir_all(dir).unwrap();
}

/// An output of msquare's sample test whose second line holds the right moves between a
/// right-to-left override, a zero-width space, an escape and a line separator.
fn wrong_output(dir: &Path) -> String {
    let path = dir.join("wrong.out");
    std::fs::write(
        &path,
        "7\n\u{202e}BCA\u{200b}BCCB\u{1b}[2J\u{2028}\n".as_bytes(),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn judge_check_shows_a_wrong_output_escaped() {
    let dir = scratch("escape", "judge-check");
    let output = wrong_output(&dir);
    let out = judge(&["check", "msquare", "samples/statement", &output]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let shown = both(&out);
    assert!(shown.contains("WA"), "{shown}");
    assert_escaped("judge check", &shown);
    assert!(
        shown.contains("+\\u{202e}BCA\\u{200b}BCCB\\x1b[2J\\u{2028}"),
        "{shown}"
    );
    let out = judge(&["check", "msquare", "samples/statement", &output, "--json"]);
    assert_escaped("judge check --json", &both(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_escaped("the JSON details", json["details"].as_str().unwrap());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_check_binary_shows_a_wrong_output_escaped() {
    let dir = scratch("escape", "check");
    let output = wrong_output(&dir);
    let tests = repo().join("testdata/msquare/samples");
    let (input, answer) = (tests.join("statement.in"), tests.join("statement.ans"));
    // testlib: the message on standard error and in the report file.
    let report = dir.join("report.txt");
    let out = Command::new(CHECK)
        .arg(&input)
        .arg(&output)
        .arg(&answer)
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert_escaped("check (testlib)", &both(&out));
    assert_escaped("the report", &std::fs::read_to_string(&report).unwrap());
    // Kattis: the output on standard input, the message in judgemessage.txt.
    let feedback = dir.join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let out = Command::new(CHECK)
        .args(["--protocol", "kattis"])
        .arg(&input)
        .arg(&answer)
        .arg(&feedback)
        .stdin(std::fs::File::open(&output).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(43), "{}", both(&out));
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert_escaped("judgemessage.txt", &message);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_compilers_quote_of_the_source_is_escaped() {
    let dir = scratch("escape", "compile");
    let source = dir.join("forged.cpp");
    std::fs::write(
        &source,
        "int main() { return x; /* \u{202e} forged \u{1b}[2J */ }\n",
    )
    .unwrap();
    let out = judge(&[
        "run",
        "msquare",
        "--tests",
        "samples",
        source.to_str().unwrap(),
    ]);
    let shown = both(&out);
    if need(
        "g++",
        !shown.contains("is not installed"),
        "a compile error's text is not shown escaped",
    ) {
        assert!(shown.contains("compilation failed"), "{shown}");
        assert_escaped("a compile error", &shown);
    }
    std::fs::remove_dir_all(dir).unwrap();
}
