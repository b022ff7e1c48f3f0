//! The matrix as text for a terminal: tests down (grouped as in judge.toml), solutions across,
//! each cell a verdict letter and the CPU time; the slowest accepted time of each test
//! against the limit; each solution's first failing test; then what each test is worth and
//! the time-limit advice.

use std::fmt::Write;

use crate::judge::report::matrix::ProblemMatrix;
use crate::judge::run::Verdict;

/// The one-letter name of a verdict in the matrix.
pub fn letter(verdict: &Verdict) -> char {
    match verdict {
        Verdict::AC => 'A',
        Verdict::WA => 'W',
        Verdict::PE => 'P',
        Verdict::TLE(_) => 'T',
        Verdict::MLE => 'M',
        Verdict::OLE => 'O',
        Verdict::RE(_) => 'R',
        Verdict::FAIL => 'F',
    }
}

/// The legend of the letters.
pub const LEGEND: &str = "A accepted, W wrong answer, P presentation error, T time limit, \
                          M memory limit, O output limit, R runtime error, F judge failure";

const CELL: usize = 7;
const BAR: usize = 10;

/// The matrix of one problem as text; `paint` colours a piece of text by a verdict (or
/// returns it as it is).
pub fn render(m: &ProblemMatrix, paint: &dyn Fn(&str, &Verdict) -> String) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} (time limit {} s CPU)",
        m.problem, m.title, m.time_limit
    );
    for (i, row) in m.rows.iter().enumerate() {
        let _ = writeln!(
            out,
            "  #{:<3} {:<20} {}{}",
            i + 1,
            row.report.expected.name(),
            row.report.path,
            if row.cells.is_empty() {
                format!(" ({})", row.report.summary)
            } else {
                String::new()
            }
        );
    }
    let _ = write!(out, "{:<8}", "test");
    for i in 0..m.rows.len() {
        let _ = write!(out, "{:>CELL$}", format!("#{}", i + 1));
    }
    let _ = writeln!(out, "  slowest AC / {} s", m.time_limit);
    for (group, range) in m.groups() {
        let _ = writeln!(out, "{group}");
        for t in range {
            let test = &m.tests[t];
            let _ = write!(out, "  {:<6}", test.name);
            for row in &m.rows {
                match row.cells.get(t) {
                    Some(c) => {
                        let text = format!(
                            "{:>CELL$}",
                            format!("{} {:.2}", letter(&c.verdict), c.cpu_seconds)
                        );
                        out.push_str(&paint(&text, &c.verdict));
                    }
                    None => {
                        let _ = write!(out, "{:>CELL$}", "-");
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
    let _ = write!(out, "{:<8}", "1st fail");
    for row in &m.rows {
        let _ = write!(
            out,
            "{:>CELL$}",
            row.first_failure.as_deref().unwrap_or("-")
        );
    }
    out.push('\n');
    let _ = write!(out, "{:<8}", "outcome");
    for row in &m.rows {
        let (text, like) = match (row.report.skipped, row.report.ok) {
            (true, _) => ("skip", Verdict::PE),
            (false, true) => ("ok", Verdict::AC),
            (false, false) => ("FAIL", Verdict::WA),
        };
        out.push_str(&paint(&format!("{text:>CELL$}"), &like));
    }
    out.push('\n');
    let index = |name: &str| {
        m.rows
            .iter()
            .position(|r| r.report.path == name)
            .map_or_else(|| name.to_string(), |i| format!("#{}", i + 1))
    };
    let list = |names: &[String]| names.iter().map(|n| index(n)).collect::<Vec<_>>().join(" ");
    let _ = writeln!(
        out,
        "what each test catches (first: no earlier test catches it):"
    );
    for t in &m.worth.tests {
        if t.catches.is_empty() {
            let _ = writeln!(out, "  {:<6} -", t.test);
        } else {
            let _ = writeln!(
                out,
                "  {:<6} {}{}",
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
    let _ = writeln!(
        out,
        "candidates to drop (catch nothing earlier tests do not): {}",
        if m.worth.drop_candidates.is_empty() {
            "none".to_string()
        } else {
            m.worth.drop_candidates.join(" ")
        }
    );
    let _ = writeln!(out, "caught by:");
    for (solution, tests) in &m.worth.caught_by {
        let _ = writeln!(
            out,
            "  {:<4} {solution}: {}",
            index(solution),
            if tests.is_empty() {
                "NOTHING (survives)".to_string()
            } else {
                tests.join(" ")
            }
        );
    }
    let _ = writeln!(out, "time limit advice:");
    for line in m.advice.to_string().lines() {
        let _ = writeln!(out, "  {line}");
    }
    out
}
