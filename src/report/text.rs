//! The matrix as text for a terminal: tests down (grouped as in judge.toml), solutions across,
//! each cell a verdict letter and the CPU time; the slowest accepted time of each test
//! against the limit; each solution's first failing test; then what each test is worth (for
//! given solutions: which of them fail it) and the time-limit advice (shipped solutions only).

use std::fmt::Write;

use crate::judging::run::{TestResult, Verdict};
use crate::report::matrix::{Kind, ProblemMatrix};

/// The one-letter name of a verdict in the matrix.
pub fn letter(verdict: &Verdict) -> char {
    match verdict {
        Verdict::AC => 'A',
        Verdict::WA => 'W',
        Verdict::PE => 'P',
        Verdict::TLE(_) => 'T',
        Verdict::MLE => 'M',
        Verdict::RE(_) => 'R',
        Verdict::FAIL => 'F',
    }
}

/// The legend of the letters.
pub const LEGEND: &str = "A accepted, W wrong answer, P presentation error, T time limit, \
                          M memory limit, R runtime error, F judge failure";

/// The narrowest column of the matrix.
const CELL: usize = 7;

/// A cell's text: the verdict's letter; for a TLE the wall clock stopped, `wall`; the time
/// ([`seconds`]: the CPU time, or for a TLE the limit it reached, `T >1.00`, `T wall >3.00`,
/// never a time under the limit); and when the test ran more than once to confirm a time
/// verdict, how many runs it took (`A 0.85 x3`: the fastest of 3 runs).
pub fn cell_text(c: &TestResult) -> String {
    let mut text = letter(&c.verdict).to_string();
    if let Verdict::TLE(kind) = &c.verdict
        && kind == "wall"
    {
        text.push_str(" wall");
    }
    text.push(' ');
    text.push_str(&seconds(c));
    if c.runs > 1 {
        text.push_str(&format!(" x{}", c.runs));
    }
    text
}

/// A result's time as every report shows it: its CPU time (`0.25`), or for a TLE the limit
/// it reached, which the run needed more than (`>1.00`: the CPU limit; for a TLE by the wall
/// clock, the wall clock's limit) and never the CPU time counted when it was stopped, which
/// may be a little under the limit; the JSON keeps that figure, with `over_limit`.
pub fn seconds(c: &TestResult) -> String {
    match c.over_limit() {
        Some(limit) => format!(">{limit:.2}"),
        None => format!("{:.2}", c.cpu_seconds),
    }
}
const BAR: usize = 10;

/// The matrix of one problem as text; `paint` colours a piece of text by a verdict (or
/// returns it as it is). Tests are numbered in order: a test's row shows its number and its
/// name within its group, the `1st fail` line the number of each solution's first failing
/// test.
pub fn render(m: &ProblemMatrix, paint: &dyn Fn(&str, &Verdict) -> String) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} (time limit {} s CPU)",
        m.problem, m.title, m.time_limit
    );
    for (i, row) in m.rows.iter().enumerate() {
        // A given solution's line says how it did; a shipped one's only why it did not run.
        let say = row.cells.is_empty() || m.kind == Kind::Given;
        let note = if say && !row.report.summary.is_empty() {
            // A compiler's message is long: its first line here (all of it in the JSON and the
            // page, and on stderr from judge run).
            format!(
                " ({})",
                row.report.summary.lines().next().unwrap_or_default()
            )
        } else {
            String::new()
        };
        let label = format!("#{}", i + 1);
        let _ = match (m.kind, row.report.expected) {
            (Kind::Shipped, Some(expected)) => writeln!(
                out,
                "  {label:<4} {:<20} {}{note}",
                expected.name(),
                row.report.path
            ),
            _ if row.name == row.report.path => writeln!(out, "  {label:<4} {}{note}", row.name),
            _ => writeln!(
                out,
                "  {label:<4} {}  [{}]{note}",
                row.name, row.report.path
            ),
        };
    }
    let digits = m.tests.len().max(1).to_string().len();
    let labels: Vec<String> = m
        .tests
        .iter()
        .enumerate()
        .map(|(t, test)| {
            let short = test
                .name
                .strip_prefix(&format!("{}/", test.group))
                .unwrap_or(&test.name);
            format!("  {:>digits$} {short}", t + 1)
        })
        .collect();
    let first = labels.iter().map(String::len).fold(8, usize::max);
    let cell = m
        .rows
        .iter()
        .flat_map(|r| &r.cells)
        .map(|c| cell_text(c).len() + 1)
        .fold(CELL, usize::max);
    let _ = write!(out, "{:<first$}", "test");
    for i in 0..m.rows.len() {
        let _ = write!(out, "{:>cell$}", format!("#{}", i + 1));
    }
    let _ = writeln!(out, "  slowest AC / {} s", m.time_limit);
    for (group, range) in m.groups() {
        let _ = writeln!(out, "{group}");
        for t in range {
            let test = &m.tests[t];
            let _ = write!(out, "{:<first$}", labels[t]);
            for row in &m.rows {
                match row.cells.get(t) {
                    Some(c) => {
                        let text = format!("{:>cell$}", cell_text(c));
                        out.push_str(&paint(&text, &c.verdict));
                    }
                    None => {
                        let _ = write!(out, "{:>cell$}", "-");
                    }
                }
            }
            match test.slowest_accepted {
                Some(s) => {
                    let filled = ((s / m.time_limit) * BAR as f64).ceil().min(BAR as f64) as usize;
                    let _ = writeln!(
                        out,
                        "  {s:>5.2} |{}{}|",
                        "#".repeat(filled),
                        " ".repeat(BAR - filled)
                    );
                }
                None => out.push_str("      -\n"),
            }
        }
    }
    let _ = write!(out, "{:<first$}", "1st fail");
    for row in &m.rows {
        let number = row
            .first_failure
            .as_ref()
            .and_then(|f| m.tests.iter().position(|t| &t.name == f))
            .map_or("-".to_string(), |t| (t + 1).to_string());
        let _ = write!(out, "{number:>cell$}");
    }
    out.push('\n');
    let _ = write!(out, "{:<first$}", "outcome");
    for row in &m.rows {
        let (text, like) = match (row.report.skipped, row.report.ok) {
            (true, _) => ("skip", Verdict::PE),
            (false, true) => ("ok", Verdict::AC),
            (false, false) => ("FAIL", Verdict::WA),
        };
        out.push_str(&paint(&format!("{text:>cell$}"), &like));
    }
    out.push('\n');
    // A verdict that depends on the order of the tests fails with nothing else to see here.
    for (i, row) in m.rows.iter().enumerate() {
        if let (Some(by_path), Some(decisive)) = (&row.report.path_order, &row.report.decisive) {
            let _ = writeln!(
                out,
                "#{} in name order (the Kattis and ICPC packages): {} {} before {} {}",
                i + 1,
                by_path.test,
                by_path.verdict,
                decisive.test,
                decisive.verdict
            );
        }
    }
    worth(&mut out, m);
    if let Some(advice) = &m.advice {
        let _ = writeln!(out, "time limit advice:");
        for line in advice.to_string().lines() {
            let _ = writeln!(out, "  {line}");
        }
    }
    out
}

/// What each test catches (shipped solutions) or which solutions fail it (given ones), the
/// candidates to drop, and the tests catching (failed by) each solution.
fn worth(out: &mut String, m: &ProblemMatrix) {
    let index = |key: &str| {
        m.row_of(key)
            .map_or_else(|| key.to_string(), |i| format!("#{}", i + 1))
    };
    let list = |keys: &[String]| keys.iter().map(|k| index(k)).collect::<Vec<_>>().join(" ");
    let given = m.kind == Kind::Given;
    let _ = writeln!(
        out,
        "{}",
        if given {
            "which solutions fail each test (first: those whose first failure it is):"
        } else {
            "what each test catches (first: no earlier test catches it):"
        }
    );
    let width = m
        .worth
        .tests
        .iter()
        .map(|t| t.test.len())
        .fold(6, usize::max);
    for t in &m.worth.tests {
        if t.catches.is_empty() {
            let _ = writeln!(out, "  {:<width$} -", t.test);
        } else {
            let _ = writeln!(
                out,
                "  {:<width$} {}{}",
                t.test,
                list(&t.catches),
                if t.first_to_catch.is_empty() {
                    String::new()
                } else {
                    format!(" (first: {})", list(&t.first_to_catch))
                }
            );
        }
    }
    if let Some(candidates) = &m.worth.drop_candidates {
        let _ = writeln!(
            out,
            "candidates to drop (catch no wrong-answer solution, separate no intended-TLE one from the accepted ones): {}",
            if candidates.is_empty() {
                "none".to_string()
            } else {
                candidates.join(" ")
            }
        );
    }
    let _ = writeln!(
        out,
        "{}",
        if given {
            "the tests each solution fails:"
        } else {
            "caught by:"
        }
    );
    for (solution, tests) in &m.worth.caught_by {
        let shown = m.row_of(solution).map_or(solution.as_str(), |i| {
            if given {
                m.rows[i].name.as_str()
            } else {
                m.rows[i].report.path.as_str()
            }
        });
        let _ = writeln!(
            out,
            "  {:<4} {shown}: {}",
            index(solution),
            match (tests.is_empty(), given) {
                (true, true) => "nothing (accepted on every test)".to_string(),
                (true, false) => "NOTHING (survives)".to_string(),
                (false, _) => tests.join(" "),
            }
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(verdict: Verdict, cpu: f64, runs: usize) -> TestResult {
        TestResult {
            runs,
            ..TestResult::made_up("t", verdict, cpu)
        }
    }

    #[test]
    fn a_tle_shows_the_limit_it_reached_and_repeats_are_counted() {
        assert_eq!(cell_text(&cell(Verdict::AC, 0.25, 1)), "A 0.25");
        assert_eq!(cell_text(&cell(Verdict::AC, 0.85, 3)), "A 0.85 x3");
        let wall = Verdict::TLE("wall".into());
        let stopped = |verdict: Verdict, cpu: f64, runs: usize, limit: f64| TestResult {
            limit_seconds: Some(limit),
            ..cell(verdict, cpu, runs)
        };
        // Stopped by the wall clock (3 s for a 1 s limit) with 0.6 s of CPU: the wall limit.
        assert_eq!(cell_text(&stopped(wall, 0.6, 3, 3.0)), "T wall >3.00 x3");
        let cpu = Verdict::TLE("cpu".into());
        // Stopped by the kernel a little under the limit, or a little over it: the limit.
        assert_eq!(cell_text(&stopped(cpu.clone(), 2.99, 1, 3.0)), "T >3.00");
        assert_eq!(cell_text(&stopped(cpu.clone(), 1.01, 1, 1.0)), "T >1.00");
        assert_eq!(seconds(&stopped(cpu.clone(), 0.95, 1, 1.0)), ">1.00");
        // A limit not known: the time it ran, as a lower bound still.
        assert_eq!(cell_text(&cell(cpu, 1.01, 1)), "T >1.01");
    }
}
