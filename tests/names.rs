//! Every name is escaped, and no line can pass for the judge's (issue 39, item 3): a solution
//! file named with an escape sequence, a right-to-left override (U+202E), a line feed and a
//! Hangul filler (U+3164) reaches no output of `judge run` raw (the matrix and its failure
//! headers, the live lines, `--json`, `--json-lines`, the `--html` page, the "compilation
//! failed" message); a line of a program's standard error that reads like the judge's own
//! summary is quoted (`  | `), so that no line of the output starts with it; and a source that
//! does not build gives a JSON document under `--json`, with exit code 4.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use boardjudge::text::hidden;
use common::cli::{judge, scratch, text};
use common::need::need;

/// The hostile file name, and how every output shows it (one line, escaped).
const NAME: &str = "ok\u{1b}[2J\u{202e}\n\u{3164}cpp.py";
const SHOWN: &str = "ok\\x1b[2J\\u{202e}\\x0a\\u{3164}cpp.py";

/// The judge's own summary line, as a program's standard error forges it.
const FORGED: &str = "msquare: 61/61 tests accepted; slowest 0.005 s CPU of 1 s";

/// A Python solution that forges the judge's summary on its standard error, then fails.
const FORGER: &str = "import sys\n\
                      sys.stderr.write('boom\\nmsquare: 61/61 tests accepted; slowest 0.005 s CPU of 1 s\\n')\n\
                      sys.exit(3)\n";

fn both(out: &Output) -> String {
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}

/// Fails if `shown` holds a hidden character (but the line feed and the tab) or a line that
/// starts with the forged summary.
fn assert_safe(what: &str, shown: &str) {
    let raw: Vec<String> = shown
        .chars()
        .filter(|&c| hidden(c) && c != '\n' && c != '\t')
        .map(|c| format!("U+{:04X}", c as u32))
        .collect();
    assert!(raw.is_empty(), "{what}: raw {raw:?} in {shown:?}");
    assert!(
        !shown.lines().any(|line| line.starts_with(FORGED)),
        "{what}: a forged line in {shown}"
    );
}

/// The forger under the hostile name in a fresh scratch directory.
fn forger(dir: &Path) -> PathBuf {
    let source = dir.join(NAME);
    std::fs::write(&source, FORGER).unwrap();
    source
}

/// `judge run` of the forger and a failing command (a matrix of two), with `extra`.
fn run_two(source: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["run", "msquare", "--tests", "samples", "--jobs", "1"];
    args.extend_from_slice(extra);
    args.push(source.to_str().unwrap());
    args.extend_from_slice(&["--", "sh", "-c", "exit 3"]);
    judge(&args)
}

fn python() -> bool {
    need(
        "python3",
        which("python3"),
        "a hostile file name is not shown",
    )
}

fn which(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
}

#[test]
fn a_hostile_file_name_and_a_forged_line_are_escaped_in_the_text_report() {
    if !python() {
        return;
    }
    let dir = scratch("names", "text");
    let source = forger(&dir);
    // A matrix: the names, the failure headers, the live lines on stderr.
    let out = run_two(&source, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let shown = both(&out);
    assert_safe("judge run (matrix)", &shown);
    assert!(shown.contains(SHOWN), "{shown}");
    assert!(shown.contains(&format!("  | {FORGED}")), "{shown}");
    // One solution: its table and failure.
    let out = judge(&[
        "run",
        "msquare",
        "--tests",
        "samples",
        source.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let shown = both(&out);
    assert_safe("judge run (one)", &shown);
    assert!(shown.contains(&format!("  | {FORGED}")), "{shown}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_hostile_file_name_is_escaped_in_json_and_json_lines() {
    if !python() {
        return;
    }
    let dir = scratch("names", "json");
    let source = forger(&dir);
    let out = run_two(&source, &["--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert_safe("judge run --json", &both(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = json["problems"][0]["rows"].as_array().unwrap();
    assert!(
        rows.iter()
            .any(|row| row["path"].as_str() == Some(&format!("{}/{SHOWN}", dir.display()))),
        "{json}"
    );
    let out = run_two(&source, &["--json-lines"]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert_safe("judge run --json-lines", &both(&out));
    let events: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let run = events
        .iter()
        .find(|e| e["event"] == "run" && e["solution_number"] == 1)
        .unwrap();
    assert_eq!(run["solution"], SHOWN, "{run}");
    assert!(
        run["message"]
            .as_str()
            .unwrap()
            .contains(&format!("\n  | {FORGED}")),
        "{run}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_hostile_file_name_is_escaped_in_the_html_page() {
    if !python() {
        return;
    }
    let dir = scratch("names", "html");
    let source = forger(&dir);
    let page = dir.join("report.html");
    let out = run_two(&source, &["--html", page.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert_safe("judge run --html", &both(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert_safe("the HTML page", &html);
    assert!(html.contains(SHOWN), "{html}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_source_that_does_not_build_is_escaped_and_gives_json() {
    let dir = scratch("names", "build");
    let source = dir.join("ok\u{1b}[2J\u{202e}\n\u{3164}x.cpp");
    std::fs::write(&source, "int main( {\n").unwrap();
    let path = source.to_str().unwrap();
    let out = judge(&["run", "msquare", "--tests", "samples", path]);
    let shown = both(&out);
    if !need(
        "g++",
        !shown.contains("is not installed"),
        "a build failure's message is not shown",
    ) {
        return;
    }
    assert_eq!(out.status.code(), Some(4), "{shown}");
    assert!(shown.contains("compilation failed"), "{shown}");
    assert_safe("a build failure", &shown);
    assert!(
        shown.contains("ok\\x1b[2J\\u{202e}\\x0a\\u{3164}x.cpp: compilation failed"),
        "{shown}"
    );
    // The compiler's lines are quoted: each starts with the quote.
    let after = shown.split("compilation failed:\n").nth(1).unwrap();
    assert!(
        after.lines().all(|line| line.starts_with("  | ")),
        "{shown}"
    );
    let out = judge(&["run", "msquare", "--tests", "samples", "--json", path]);
    assert_eq!(out.status.code(), Some(4), "{}", both(&out));
    assert_safe("a build failure, --json", &both(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["built"], false, "{json}");
    assert_eq!(json["exit_code"], 4, "{json}");
    assert_eq!(json["problem"], "msquare", "{json}");
    assert!(
        json["message"]
            .as_str()
            .unwrap()
            .contains("compilation failed"),
        "{json}"
    );
    let out = judge(&["run", "msquare", "--tests", "samples", "--json-lines", path]);
    assert_eq!(out.status.code(), Some(4), "{}", both(&out));
    let end: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(end["event"], "end", "{end}");
    assert_eq!(end["exit_code"], 4, "{end}");
    std::fs::remove_dir_all(dir).unwrap();
}
