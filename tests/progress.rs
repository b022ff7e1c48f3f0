//! Progress on a pipe: where stderr is not a terminal, a long command prints a line every few
//! seconds of work (the bar is drawn only on a terminal). `judge stress` for five seconds of
//! msquare's reference solver, its stderr piped.

mod common;

use common::cli::{judge, text};

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");

#[test]
fn stress_prints_progress_lines_on_a_pipe() {
    let o = judge(&[
        "stress", "msquare", "--seed", "3", "--time", "5", "--jobs", "1", "--", SOLVE, "msquare",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let stderr = text(&o.stderr);
    let lines: Vec<&str> = (stderr.lines())
        .filter(|l| l.starts_with("judge: ") && l.contains(" tests done, "))
        .collect();
    assert!(!lines.is_empty(), "no progress line in 5 s:\n{stderr}");
    assert!(
        text(&o.stdout).contains("no failure"),
        "{}",
        text(&o.stdout)
    );
}
