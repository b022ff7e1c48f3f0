//! `judge build` says what changed since the last build: the tests it added, changed or
//! removed, and the settings (limits, checker options) of the manifest that changed. On a
//! small msquare plan of its own in a scratch directory.

mod common;

use common::cli::{judge, scratch, text};

use std::path::Path;
use std::process::Output;

/// A one-problem msquare plan: the time limit, then one group `g` of `tests`.
fn plan(time_limit: &str, tests: &[&str]) -> String {
    let mut plan = format!(
        "[[problem]]\nname = \"msquare\"\nformat = \"msquare\"\ntitle = \"t\"\n\
         time_limit = {time_limit}\nmemory_limit = 256\n\n[[problem.group]]\nname = \"g\"\n\
         tests = [\n"
    );
    for t in tests {
        plan.push_str(&format!("  {t},\n"));
    }
    plan + "]\n"
}

/// `judge build` of the plan `text` in `dir`; its stderr.
fn build(dir: &Path, text_of_plan: &str) -> String {
    let path = dir.join("judge.toml");
    std::fs::write(&path, text_of_plan).unwrap();
    let out = dir.join("testdata");
    let o: Output = judge(&[
        "build",
        "--plan",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stderr)
}

#[test]
fn the_build_summary_names_new_changed_and_removed_tests_and_changed_limits() {
    let dir = scratch("judge-build-changes", "summary");
    let a = r#"{ name = "a", input = "2 6 8 4 5 7 3 1\n" }"#;
    let b = r#"{ name = "b", input = "1 2 3 4 5 6 7 8\n" }"#;
    let b2 = r#"{ name = "b", input = "8 7 6 5 4 3 2 1\n" }"#;
    let c = r#"{ name = "c", input = "2 1 3 4 5 6 7 8\n" }"#;
    let first = build(&dir, &plan("1.0", &[a, b]));
    assert!(first.contains("added 2 test(s): g/a, g/b"), "{first}");
    // Two tests added, one changed, and the time limit changed.
    let err = build(&dir, &plan("2.0", &[a, b2, c]));
    assert!(err.contains("added 1 test(s): g/c"), "{err}");
    assert!(err.contains("changed 1 test(s): g/b"), "{err}");
    assert!(
        err.contains("changed since the last build: time_limit 1.0 -> 2.0"),
        "{err}"
    );
    assert!(!err.contains("  removed "), "{err}");
    // One removed; nothing else moved.
    let err = build(&dir, &plan("2.0", &[a, b2]));
    assert!(err.contains("removed 1 test(s): g/c"), "{err}");
    assert!(
        !err.contains("  added ") && !err.contains("  changed "),
        "{err}"
    );
    // Nothing changed: nothing named.
    let err = build(&dir, &plan("2.0", &[a, b2]));
    assert!(!err.contains("test(s):"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
