//! The page's matrix table: tests down in their groups (each group a summary row that
//! expands), solutions across, a cell per run with its verdict, time and time bar, and the
//! rows of first failures and outcomes at the foot.

use std::fmt::Write;

use super::anchor::anchor;
use super::escape::escape;
use crate::judging::run::{CannotStart, TestResult, TimeKind, Verdict};
use crate::report::matrix::{Kind, ProblemMatrix, Row};
use crate::report::text::{self, letter};

/// The width of a time bar: the share of the limit, at most all of it.
fn share(cpu: f64, limit: f64) -> String {
    format!("{:.1}", (cpu / limit * 100.0).clamp(0.0, 100.0))
}

/// How bad a verdict is, for a group's summary: accepted least, a judge failure most.
fn severity(verdict: &Verdict) -> u8 {
    match verdict {
        Verdict::AC => 0,
        Verdict::PE => 1,
        Verdict::WA => 2,
        Verdict::TLE(_) => 3,
        Verdict::MLE => 4,
        Verdict::RE(_) => 5,
        Verdict::FAIL => 6,
    }
}

/// The matrix in the text's orientation: tests down in their groups, solutions across. Each
/// group is one summary row (per solution its worst verdict and slowest time) that expands to
/// its tests on click; the header row and the test column stay in view while it scrolls.
pub(super) fn matrix(out: &mut String, p: usize, m: &ProblemMatrix) {
    let name = escape(&m.problem);
    let _ = write!(
        out,
        "<div class=\"scroll\">\n<table class=\"matrix\" data-problem=\"{name}\">\n<thead>\n<tr>\
         <th class=\"corner\">Test</th>"
    );
    for (r, row) in m.rows.iter().enumerate() {
        solution_header(out, r, row, m.kind);
    }
    let _ = write!(
        out,
        "<th class=\"slowest\">slowest AC / {} s</th></tr>\n</thead>\n",
        m.time_limit
    );
    for (group, range) in m.groups() {
        let failing = range.clone().filter(|&t| fails(m, t)).count();
        let _ = write!(
            out,
            "<tbody class=\"group collapsed\" data-group=\"{0}\" data-failing=\"{failing}\">\n\
             <tr class=\"summary\"><th class=\"test\"><button type=\"button\" \
             aria-expanded=\"false\" title=\"show the tests of {0}\">{0} \
             <small>{1}{2}</small></button></th>",
            escape(group),
            match range.len() {
                1 => "1 test".to_string(),
                n => format!("{n} tests"),
            },
            if failing > 0 {
                format!(", {failing} failing")
            } else {
                String::new()
            }
        );
        for row in &m.rows {
            let cells: Vec<&TestResult> = range.clone().filter_map(|t| row.cells.get(t)).collect();
            let Some(worst) = cells.iter().max_by_key(|c| severity(&c.verdict)) else {
                out.push_str("<td class=\"none\">-</td>");
                continue;
            };
            let slowest = cells.iter().map(|c| c.cpu_seconds).fold(0.0, f64::max);
            // A TLE needed more than the limit it reached: slower than any time in the group.
            let over = cells.iter().filter_map(|c| c.over_limit()).reduce(f64::max);
            let (shown, said, bar) = match over {
                Some(limit) => (
                    escape(&format!(">{limit:.2}")),
                    format!("slowest more than {limit:.3} s (a TLE)"),
                    share(1.0, 1.0),
                ),
                None => (
                    format!("{slowest:.2}"),
                    format!("slowest {slowest:.3} s CPU"),
                    share(slowest, m.time_limit),
                ),
            };
            let failed = cells.iter().filter(|c| c.verdict != Verdict::AC).count();
            let repeated = cells.iter().filter(|c| c.runs > 1).count();
            let confirmed = match repeated {
                0 => String::new(),
                n => format!("; {n} run again to confirm a TLE (each cell tells its runs)"),
            };
            let v = worst.verdict.short();
            let _ = write!(
                out,
                "<td class=\"worst v-{v}\" data-verdict=\"{v}\" data-failed=\"{failed}\" \
                 data-repeated=\"{repeated}\" title=\"{}: worst {}, {failed} of {} tests not \
                 accepted, {said}{confirmed}\">{}&nbsp;{shown}<span class=\"bar\"><i \
                 style=\"width:{bar}%\"></i></span></td>",
                escape(&row.name),
                escape(&worst.verdict.to_string()),
                cells.len(),
                letter(&worst.verdict),
            );
        }
        let slowest = range
            .clone()
            .filter_map(|t| m.tests[t].slowest_accepted)
            .reduce(f64::max);
        slowest_cell(out, slowest, m.time_limit);
        out.push_str("</tr>\n");
        for t in range {
            let test = &m.tests[t];
            let _ = write!(
                out,
                "<tr class=\"test\" data-test=\"{}\"{}><th class=\"test\" title=\"{}\">\
                 <span class=\"n\">{}</span> {}</th>",
                escape(&test.name),
                if fails(m, t) { " data-fails" } else { "" },
                escape(&test.name),
                t + 1,
                escape(test.short_name())
            );
            for (r, row) in m.rows.iter().enumerate() {
                match row.cells.get(t) {
                    Some(c) => cell(out, p, r, t, c, m.time_limit, &row.report.path),
                    None => out.push_str("<td class=\"none\">-</td>"),
                }
            }
            slowest_cell(out, test.slowest_accepted, m.time_limit);
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n");
    }
    out.push_str("<tfoot>\n<tr><th class=\"test\">1st fail</th>");
    for (r, row) in m.rows.iter().enumerate() {
        let outcome = outcome(row);
        match &row.first_failure {
            Some(test) => {
                let t = m.tests.iter().position(|c| &c.name == test).unwrap_or(0);
                let _ = write!(
                    out,
                    "<td class=\"first {outcome}\" title=\"{}\"><a href=\"#{}\">{}</a></td>",
                    escape(test),
                    anchor(p, r, t),
                    t + 1
                );
            }
            None if row.cells.is_empty() => {
                let _ = write!(
                    out,
                    "<td class=\"first unbuilt\" title=\"{0}\">{0}</td>",
                    escape(&row.report.summary)
                );
            }
            None => {
                let _ = write!(out, "<td class=\"first {outcome}\">-</td>");
            }
        }
    }
    out.push_str("<td></td></tr>\n<tr><th class=\"test\">outcome</th>");
    for row in &m.rows {
        let outcome = outcome(row);
        let _ = write!(
            out,
            "<td class=\"first {outcome}\" title=\"{}\">{}</td>",
            escape(&row.report.summary),
            match outcome {
                "ok" => "ok",
                "skipped" => "skip",
                _ => "FAIL",
            }
        );
    }
    out.push_str("<td></td></tr>\n</tfoot>\n</table>\n</div>\n");
}

/// Whether some solution is not accepted on test `t`.
fn fails(m: &ProblemMatrix, t: usize) -> bool {
    m.rows
        .iter()
        .any(|r| r.cells.get(t).is_some_and(|c| c.verdict != Verdict::AC))
}

fn outcome(row: &Row) -> &'static str {
    match (row.report.skipped, row.report.ok) {
        (true, _) => "skipped",
        (false, true) => "ok",
        (false, false) => "failed",
    }
}

fn slowest_cell(out: &mut String, slowest: Option<f64>, limit: f64) {
    match slowest {
        Some(s) => {
            let _ = write!(
                out,
                "<td class=\"slowest\" data-cpu=\"{s:.3}\">{s:.2}<span class=\"bar\"><i \
                 style=\"width:{}%\"></i></span></td>",
                share(s, limit)
            );
        }
        None => out.push_str("<td class=\"slowest\">-</td>"),
    }
}

/// A solution's column header: its number, its name, and what it must get (shipped) or got
/// (given); the full path and how it did in the tooltip.
fn solution_header(out: &mut String, r: usize, row: &Row, kind: Kind) {
    // Shipped: what it must get; given: what it got.
    let result = match row.report.expected {
        Some(expected) => match expected.name() {
            "time_limit_exceeded" => "TLE".to_string(),
            "wrong_answer" => "WA".to_string(),
            other => other.replace('_', " "),
        },
        None if row.report.ok => "accepted".into(),
        None if row.cells.is_empty() => "not run".into(),
        None if row
            .cells
            .first()
            .and_then(CannotStart::from_result)
            .is_some() =>
        {
            "cannot start".into()
        }
        None => "not accepted".into(),
    };
    let _ = write!(
        out,
        "<th class=\"sol\" data-solution=\"{}\" data-name=\"{}\" data-expected=\"{}\" \
         data-outcome=\"{}\" title=\"{}: {}\"><span class=\"n\">#{}</span> {}<small>{}</small></th>",
        escape(&row.report.path),
        escape(&row.name),
        row.report.expected.map_or("", |e| e.name()),
        outcome(row),
        escape(&row.report.path),
        escape(&row.report.summary),
        r + 1,
        breakable(&row.name),
        match kind {
            Kind::Shipped => format!("must: {}", escape(&result)),
            Kind::Given => escape(&result),
        }
    );
}

fn cell(out: &mut String, p: usize, r: usize, t: usize, c: &TestResult, limit: f64, path: &str) {
    let v = c.verdict.short();
    // As in the text matrix: a TLE by the limit it reached (which one, for the wall clock's),
    // never by a time under it; and the runs.
    let why = match &c.verdict {
        Verdict::TLE(TimeKind::Wall) => "&nbsp;wall",
        _ => "",
    };
    let runs = if c.runs > 1 {
        format!("&nbsp;&times;{}", c.runs)
    } else {
        String::new()
    };
    let text = format!(
        "{}{why}&nbsp;{}{runs}",
        letter(&c.verdict),
        escape(&text::seconds(c))
    );
    let inner = if c.verdict == Verdict::AC {
        text
    } else {
        format!("<a href=\"#{}\">{text}</a>", anchor(p, r, t))
    };
    let fastest = match (c.confirmation.told(), c.confirmation.settled.why_once()) {
        (Some(told), _) => format!(" ({told})"),
        (None, Some(why)) if c.over_limit().is_some() => format!(" (not run again: {why})"),
        (None, _) => String::new(),
    };
    // A TLE: the limit it reached, and a full bar.
    let (time, bar, reached) = match c.over_limit() {
        Some(l) => (
            format!(
                "more than the {l:.3} s limit ({:.3} s CPU counted when it was stopped)",
                c.cpu_seconds
            ),
            share(1.0, 1.0),
            format!(" data-over-limit=\"{l:.3}\""),
        ),
        None => (
            format!("{:.3} s CPU", c.cpu_seconds),
            share(c.cpu_seconds, limit),
            String::new(),
        ),
    };
    let title = if c.summary.is_empty() {
        format!("test {}: {}, {time}{fastest}", c.test, c.verdict)
    } else {
        format!(
            "test {}: {}, {time}{fastest}: {}",
            c.test, c.verdict, c.summary
        )
    };
    let _ = write!(
        out,
        "<td class=\"cell v-{v}\" data-solution=\"{}\" data-test=\"{}\" data-verdict=\"{v}\" \
         data-cpu=\"{:.3}\"{reached} data-runs=\"{}\" title=\"{}\">{inner}<span \
         class=\"bar\"><i style=\"width:{bar}%\"></i></span></td>",
        escape(path),
        escape(&c.test),
        c.cpu_seconds,
        c.runs,
        escape(&title),
    );
}

/// A solution's name for a narrow header: escaped, in pieces that each end after a `_`, `-`,
/// `.`, `/` or space (`bfs_` `cba_` `order.` `cpp`), the line allowed to break between two
/// pieces (`<wbr>`) and nowhere else, so that a name is never broken inside a word.
fn breakable(name: &str) -> String {
    let mut pieces: Vec<String> = Vec::new();
    let mut piece = String::new();
    for c in name.chars() {
        piece.push(c);
        if matches!(c, '_' | '-' | '.' | '/' | ' ') {
            pieces.push(std::mem::take(&mut piece));
        }
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    let pieces: Vec<String> = pieces
        .iter()
        .map(|p| format!("<span class=\"w\">{}</span>", escape(p)))
        .collect();
    pieces.join("<wbr>")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `<td>` of a result on the page's problem 0, solution 0, test 0, under a 1 s limit.
    fn td(c: &TestResult) -> String {
        let mut out = String::new();
        cell(&mut out, 0, 0, 0, c, 1.0, "a.cpp");
        out
    }

    #[test]
    fn a_tle_cell_shows_the_limit_it_reached() {
        // Stopped by the kernel at 0.99 s of its 1 s limit: `T >1.00`, a full bar; the raw
        // figure in data-cpu and the tooltip, said to be the count when it was stopped.
        let cpu = TestResult {
            limit_seconds: Some(1.0),
            ..TestResult::made_up("big/01", Verdict::TLE(TimeKind::Cpu), 0.99)
        };
        let html = td(&cpu);
        assert!(html.contains(">T&nbsp;&gt;1.00</a>"), "{html}");
        assert!(
            !html.contains("0.99<") && !html.contains("&nbsp;0.99"),
            "{html}"
        );
        assert!(
            html.contains("data-cpu=\"0.990\" data-over-limit=\"1.000\""),
            "{html}"
        );
        assert!(html.contains("width:100.0%"), "{html}");
        assert!(
            html.contains("more than the 1.000 s limit (0.990 s CPU counted when it was stopped)"),
            "{html}"
        );
        // Stopped by the wall clock (3 s): which limit, and its figure.
        let wall = TestResult {
            limit_seconds: Some(3.0),
            ..TestResult::made_up("big/02", Verdict::TLE(TimeKind::Wall), 0.6).made_up_runs(3)
        };
        let html = td(&wall);
        assert!(
            html.contains(">T&nbsp;wall&nbsp;&gt;3.00&nbsp;&times;3</a>"),
            "{html}"
        );
        // Every run's figures, the kept one said.
        assert!(
            html.contains(
                "(run 1 of 3 kept (every run a TLE): TLE (wall) 0.600 s CPU 0.600 s wall, load \
                 not known; TLE (wall)"
            ),
            "{html}"
        );
        // Any other verdict: its CPU time, its share of the limit.
        let ac = TestResult::made_up("big/03", Verdict::AC, 0.25);
        let html = td(&ac);
        assert!(html.contains(">A&nbsp;0.25<span"), "{html}");
        assert!(
            html.contains("width:25.0%") && !html.contains("data-over-limit"),
            "{html}"
        );
    }
}
