//! The matrix as one self-contained HTML page (`judge strength --matrix --html FILE`, `judge
//! run --html FILE`): no network, no external script, font or image; inline CSS and a small
//! inline script. Per problem: the matrix laid out as the text is (tests down in their groups,
//! solutions across), each group collapsed to one row (per solution its worst verdict and
//! slowest time) that expands on click, a filter for the tests some solution fails, the header
//! row and the test column sticky, a colour per verdict and CPU-time bars relative to the
//! limit, each cell reading as the text's ([`crate::report::text::cell_text`]: which limit
//! stopped a TLE under the CPU limit, the runs that confirmed a time verdict); at the top the
//! notes of how the runs were made, a busy machine's warning first and in red; the slowest
//! accepted time per test, the time-limit advice (shipped solutions), the
//! answer-length histogram of the test data as inline SVG, the tests that catch something
//! (given solutions: which of them fail it), the candidates to drop with their rule, and every
//! failing cell's checker message and diff (each failing cell links to it). Readable at
//! 1280 px and on a phone, and printable. Every piece of text is escaped.

mod escape;

pub use escape::escape;

use std::fmt::Write;

use crate::judging::run::{CannotStart, TestResult, Verdict};
use crate::report::matrix::{Kind, ProblemMatrix, Row};
use crate::report::text::letter;
use crate::report::worth::TestWorth;

/// The most characters of a checker message kept in the page, per failing cell.
pub const DETAILS_CHARS: usize = 4000;

/// The page for `matrices`; `notes` are shown under the title (how the runs were made), one
/// that starts with `warning: ` (a busy machine) in red.
pub fn render(matrices: &[ProblemMatrix], notes: &[String]) -> String {
    let title = match matrices.first().map(|m| m.kind) {
        Some(Kind::Given) => "Solutions report",
        _ => "Test set report",
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n"
    );
    out.push_str(STYLE);
    let _ = writeln!(out, "</style>\n</head>\n<body>\n<header>\n<h1>{title}</h1>");
    for note in notes {
        let class = if note.starts_with("warning: ") {
            "note warning"
        } else {
            "note"
        };
        let _ = writeln!(out, "<p class=\"{class}\">{}</p>", escape(note));
    }
    out.push_str("<nav>");
    for m in matrices {
        let _ = write!(out, "<a href=\"#p-{0}\">{0}</a> ", escape(&m.problem));
    }
    out.push_str("</nav>\n<p class=\"legend\">");
    for (name, v) in [
        ("accepted", Verdict::AC),
        ("wrong answer", Verdict::WA),
        ("presentation error", Verdict::PE),
        ("time limit", Verdict::TLE(String::new())),
        ("memory limit", Verdict::MLE),
        ("output limit", Verdict::OLE),
        ("runtime error", Verdict::RE(String::new())),
        ("judge failure", Verdict::FAIL),
    ] {
        let _ = write!(
            out,
            "<span class=\"v-{}\">{} {name}</span> ",
            v.short(),
            letter(&v)
        );
    }
    out.push_str("</p>\n</header>\n<main>\n");
    for (p, m) in matrices.iter().enumerate() {
        problem(&mut out, p, m);
    }
    out.push_str("</main>\n<script>\n");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

fn anchor(p: usize, row: usize, test: usize) -> String {
    format!("d-{p}-{row}-{test}")
}

fn seconds(s: f64) -> String {
    format!("{s:.2}")
}

/// The width of a time bar: the share of the limit, at most all of it.
fn share(cpu: f64, limit: f64) -> String {
    format!("{:.1}", (cpu / limit * 100.0).clamp(0.0, 100.0))
}

fn problem(out: &mut String, p: usize, m: &ProblemMatrix) {
    let name = escape(&m.problem);
    let _ = writeln!(
        out,
        "<section class=\"problem\" id=\"p-{name}\" data-problem=\"{name}\">\n\
         <h2>{name}: {} <small>time limit {} s CPU per test; {} solutions, {} tests</small></h2>",
        escape(&m.title),
        m.time_limit,
        m.rows.len(),
        m.tests.len()
    );
    let _ = writeln!(
        out,
        "<p class=\"controls\"><label><input type=\"checkbox\" class=\"failing-only\"> only \
         tests some solution fails</label> <button type=\"button\" class=\"expand-all\">expand \
         all groups</button> <span class=\"hint\">Tests down, solutions across ({}); a group \
         row shows each solution's worst verdict and slowest time: click it for its tests. A \
         failing cell links to its message.</span></p>",
        order(m.kind)
    );
    matrix(out, p, m);
    if let Some(advice) = &m.advice {
        out.push_str("<h3>Time limit advice</h3>\n<ul class=\"advice\">\n");
        for line in &advice.lines {
            let _ = writeln!(out, "<li>{}</li>", escape(line));
        }
        for line in &advice.warnings {
            let _ = writeln!(out, "<li class=\"warn\">warning: {}</li>", escape(line));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("<h3>Answer lengths of the test data</h3>\n");
    histogram(out, m);
    worth(out, m);
    failures(out, p, m);
    out.push_str("</section>\n");
}

/// The order of the rows as given.
fn order(kind: Kind) -> &'static str {
    match kind {
        Kind::Shipped => "judge.toml's order",
        Kind::Given => "the command line's order",
    }
}

/// How bad a verdict is, for a group's summary: accepted least, a judge failure most.
fn severity(verdict: &Verdict) -> u8 {
    match verdict {
        Verdict::AC => 0,
        Verdict::PE => 1,
        Verdict::WA => 2,
        Verdict::TLE(_) => 3,
        Verdict::MLE => 4,
        Verdict::OLE => 5,
        Verdict::RE(_) => 6,
        Verdict::FAIL => 7,
    }
}

/// The matrix in the text's orientation: tests down in their groups, solutions across. Each
/// group is one summary row (per solution its worst verdict and slowest time) that expands to
/// its tests on click; the header row and the test column stay in view while it scrolls.
fn matrix(out: &mut String, p: usize, m: &ProblemMatrix) {
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
            let failed = cells.iter().filter(|c| c.verdict != Verdict::AC).count();
            let repeated = cells.iter().filter(|c| c.runs > 1).count();
            let confirmed = match repeated {
                0 => String::new(),
                n => format!("; {n} run again to confirm a time verdict (the fastest kept)"),
            };
            let v = worst.verdict.short();
            let _ = write!(
                out,
                "<td class=\"worst v-{v}\" data-verdict=\"{v}\" data-failed=\"{failed}\" \
                 data-repeated=\"{repeated}\" title=\"{}: worst {}, {failed} of {} tests not \
                 accepted, slowest {:.3} s CPU{confirmed}\">{}&nbsp;{}<span class=\"bar\"><i \
                 style=\"width:{}%\"></i></span></td>",
                escape(&row.name),
                escape(&worst.verdict.to_string()),
                cells.len(),
                slowest,
                letter(&worst.verdict),
                seconds(slowest),
                share(slowest, m.time_limit)
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
            let short = test
                .name
                .strip_prefix(&format!("{}/", test.group))
                .unwrap_or(&test.name);
            let _ = write!(
                out,
                "<tr class=\"test\" data-test=\"{}\"{}><th class=\"test\" title=\"{}\">\
                 <span class=\"n\">{}</span> {}</th>",
                escape(&test.name),
                if fails(m, t) { " data-fails" } else { "" },
                escape(&test.name),
                t + 1,
                escape(short)
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
                "<td class=\"slowest\" data-cpu=\"{s:.3}\">{}<span class=\"bar\"><i \
                 style=\"width:{}%\"></i></span></td>",
                seconds(s),
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
        escape(&row.name),
        match kind {
            Kind::Shipped => format!("must: {}", escape(&result)),
            Kind::Given => escape(&result),
        }
    );
}

fn cell(out: &mut String, p: usize, r: usize, t: usize, c: &TestResult, limit: f64, path: &str) {
    let v = c.verdict.short();
    // As in the text matrix: which limit stopped a TLE under the CPU limit, and the runs.
    let why = match &c.verdict {
        Verdict::TLE(kind) if c.cpu_seconds < limit => format!("&nbsp;{}", escape(kind)),
        _ => String::new(),
    };
    let runs = if c.runs > 1 {
        format!("&nbsp;&times;{}", c.runs)
    } else {
        String::new()
    };
    let text = format!(
        "{}{why}&nbsp;{}{runs}",
        letter(&c.verdict),
        seconds(c.cpu_seconds)
    );
    let inner = if c.verdict == Verdict::AC {
        text
    } else {
        format!("<a href=\"#{}\">{text}</a>", anchor(p, r, t))
    };
    let fastest = if c.runs > 1 {
        format!(" (the fastest of {} runs)", c.runs)
    } else {
        String::new()
    };
    let title = if c.summary.is_empty() {
        format!(
            "test {}: {}, {:.3} s CPU{fastest}",
            c.test, c.verdict, c.cpu_seconds
        )
    } else {
        format!(
            "test {}: {}, {:.3} s CPU{fastest}: {}",
            c.test, c.verdict, c.cpu_seconds, c.summary
        )
    };
    let _ = write!(
        out,
        "<td class=\"cell v-{v}\" data-solution=\"{}\" data-test=\"{}\" data-verdict=\"{v}\" \
         data-cpu=\"{:.3}\" data-runs=\"{}\" title=\"{}\">{inner}<span class=\"bar\"><i \
         style=\"width:{}%\"></i></span></td>",
        escape(path),
        escape(&c.test),
        c.cpu_seconds,
        c.runs,
        escape(&title),
        share(c.cpu_seconds, limit)
    );
}

fn histogram(out: &mut String, m: &ProblemMatrix) {
    let h = &m.answer_lengths;
    let mut bars: Vec<(String, usize)> = Vec::new();
    if h.none > 0 {
        bars.push(("-1".into(), h.none));
    }
    bars.extend(
        h.counts
            .iter()
            .enumerate()
            .map(|(n, &c)| (n.to_string(), c)),
    );
    if bars.is_empty() {
        out.push_str("<p>No answers.</p>\n");
        return;
    }
    let most = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    let (width, height, left, bottom, top) = (640.0, 220.0, 40.0, 30.0, 16.0);
    let step = (width - left) / bars.len() as f64;
    let _ = writeln!(
        out,
        "<figure class=\"histogram\"><svg xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"cases per answer length \
         in {}\">",
        escape(&m.problem)
    );
    let _ = writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{0}\" x2=\"{width}\" y2=\"{0}\" class=\"axis\"/>\
         <text x=\"{1}\" y=\"{top}\" class=\"label\" text-anchor=\"end\">{most}</text>\
         <text x=\"{1}\" y=\"{0}\" class=\"label\" text-anchor=\"end\">0</text>",
        height - bottom,
        left - 4.0
    );
    let label_every = bars.len().div_ceil(24).max(1);
    for (i, (label, count)) in bars.iter().enumerate() {
        let h = (height - bottom - top) * *count as f64 / most as f64;
        let x = left + i as f64 * step;
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" class=\"{}\" \
             data-length=\"{label}\" data-count=\"{count}\"><title>{label} moves: {count} \
             cases</title></rect>",
            x + step * 0.1,
            height - bottom - h,
            step * 0.8,
            if label == "-1" { "none" } else { "some" }
        );
        if i % label_every == 0 {
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" class=\"label\" text-anchor=\"middle\">{label}</text>",
                x + step / 2.0,
                height - bottom + 14.0
            );
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "</svg><figcaption>{} cases by the length of their answer (moves){}.</figcaption></figure>",
        h.total(),
        if h.none > 0 {
            "; -1: no answer within the step limit"
        } else {
            ""
        }
    );
}

fn worth(out: &mut String, m: &ProblemMatrix) {
    let given = m.kind == Kind::Given;
    // Solutions by their names in the matrix.
    let short = |key: &String| escape(m.row_of(key).map_or(key.as_str(), |i| &m.rows[i].name));
    let join = |keys: &[String]| keys.iter().map(short).collect::<Vec<_>>().join(", ");
    let catching: Vec<(usize, &TestWorth)> = m
        .worth
        .tests
        .iter()
        .enumerate()
        .filter(|(_, w)| !w.catches.is_empty())
        .collect();
    let _ = write!(
        out,
        "<h3>{}</h3>\n<p class=\"hint\">{} of {} tests {}; the others are left out.</p>\n",
        if given {
            "Which solutions fail each test"
        } else {
            "What each test catches"
        },
        catching.len(),
        m.worth.tests.len(),
        if given {
            "fail some solution"
        } else {
            "catch a wrong or intended-TLE solution"
        }
    );
    if !catching.is_empty() {
        let _ = write!(
            out,
            "<div class=\"scroll\"><table class=\"worth\"><thead><tr><th>Test</th><th>{}</th>\
             <th>{}</th></tr></thead>\n<tbody>\n",
            if given { "Fails" } else { "Catches" },
            if given {
                "First failure of"
            } else {
                "First to catch"
            }
        );
        for (t, w) in catching {
            let _ = writeln!(
                out,
                "<tr><td title=\"{}\">{} {}</td><td>{}</td><td>{}</td></tr>",
                escape(&w.test),
                t + 1,
                escape(&w.test),
                join(&w.catches),
                join(&w.first_to_catch)
            );
        }
        out.push_str("</tbody></table></div>\n");
    }
    if let Some(candidates) = &m.worth.drop_candidates {
        let _ = writeln!(
            out,
            "<p class=\"drop\"><strong>Candidates to drop</strong>: {}. <span class=\"hint\">\
             {DROP_RULE}</span></p>",
            if candidates.is_empty() {
                "none".to_string()
            } else {
                escape(&candidates.join(" "))
            }
        );
    }
    out.push_str("<ul class=\"caught\">\n");
    for (solution, tests) in &m.worth.caught_by {
        let tests = match (tests.is_empty(), given) {
            (true, true) => "no test (accepted on every test)".to_string(),
            (true, false) => "<strong class=\"warn\">no test (it survives)</strong>".to_string(),
            (false, _) => escape(&tests.join(" ")),
        };
        let _ = writeln!(
            out,
            "<li><code>{}</code> {} {tests}</li>",
            if given {
                short(solution)
            } else {
                escape(solution)
            },
            if given { "fails" } else { "is caught by" }
        );
    }
    out.push_str("</ul>\n");
}

/// The rule for candidates to drop, as the page states it.
const DROP_RULE: &str = "A test is a candidate when it catches no wrong-answer solution and \
                         separates no intended-TLE solution from the accepted ones (the \
                         intended-TLE solutions pass it, or an accepted one fails it too). \
                         Samples are kept. Nothing is dropped: this is a list to consider.";

fn failures(out: &mut String, p: usize, m: &ProblemMatrix) {
    out.push_str("<h3>Failures</h3>\n");
    let mut any = false;
    for (r, row) in m.rows.iter().enumerate() {
        for (t, c) in row.cells.iter().enumerate() {
            if c.verdict == Verdict::AC {
                continue;
            }
            any = true;
            let mut details = c.details.trim_end();
            if details.len() > DETAILS_CHARS {
                let mut end = DETAILS_CHARS;
                while !details.is_char_boundary(end) {
                    end -= 1;
                }
                details = &details[..end];
            }
            let _ = writeln!(
                out,
                "<div class=\"failure v-{}\" id=\"{}\"><h4>{} on test {}: {}</h4>\
                 <pre>{}{}</pre><a href=\"#p-{}\">back to the matrix</a></div>",
                c.verdict.short(),
                anchor(p, r, t),
                escape(match m.kind {
                    Kind::Shipped => &row.report.path,
                    Kind::Given => &row.name,
                }),
                escape(&c.test),
                escape(&c.verdict.to_string()),
                escape(details),
                if details.len() < c.details.trim_end().len() {
                    "\n[...]"
                } else {
                    ""
                },
                escape(&m.problem)
            );
        }
    }
    if !any {
        out.push_str("<p>None: every solution is accepted on every test.</p>\n");
    }
}

const STYLE: &str = r#":root { --ac: #d7f0dc; --wa: #f8d3d0; --pe: #fde3c4; --tle: #e1d8f4; --re: #f4ecc0; --fail: #333; --ink: #1a1a1a; --line: #c9c9c9; }
* { box-sizing: border-box; }
body { font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 0; padding: 0 12px 40px; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 14px; }
h1 { font-size: 1.2em; margin: 8px 0 2px; } h2 { font-size: 1.1em; margin: 10px 0 4px; border-bottom: 2px solid var(--ink); } h2 small { font-weight: normal; font-size: .8em; color: #555; } h3 { font-size: 1.05em; margin: 20px 0 6px; }
.note, .hint { color: #555; margin: 0; font-size: .85em; }
.note.warning { color: #a00; font-weight: bold; }
nav a { margin-right: 10px; }
.legend { margin: 0; }
.legend span { display: inline-block; padding: 0 5px; margin: 1px; border-radius: 3px; font-size: .8em; }
.controls { margin: 2px 0 4px; font-size: .9em; }
.controls button { font: inherit; padding: 0 6px; }
.scroll { overflow: auto; -webkit-overflow-scrolling: touch; border: 1px solid var(--line); max-width: 100%; }
.problem > .scroll { max-height: calc(100vh - 12px); }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 2px 4px; white-space: nowrap; }
table.matrix { font-size: 12px; border-collapse: separate; border-spacing: 0; }
table.matrix th, table.matrix td { border-width: 0 1px 1px 0; }
table.matrix thead th { position: sticky; top: 0; z-index: 2; background: #fff; vertical-align: bottom; border-bottom: 2px solid var(--ink); }
table.matrix th.test { position: sticky; left: 0; z-index: 1; background: #fff; text-align: left; max-width: 15em; overflow: hidden; text-overflow: ellipsis; font-weight: normal; }
table.matrix thead th.corner { left: 0; z-index: 3; text-align: left; }
table.matrix th.sol { max-width: 7.5em; white-space: normal; overflow-wrap: anywhere; font-weight: normal; text-align: left; line-height: 1.15; }
table.matrix th.sol .n, table.matrix th.test .n { font-weight: bold; }
table.matrix th.sol small { display: block; color: #666; font-size: 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
table.matrix th.sol[data-outcome="failed"] .n { color: #b71c1c; }
tr.summary th.test { background: #eee; }
tr.summary th button { all: unset; cursor: pointer; font-weight: bold; }
tr.summary th button::before { content: "\25B8  "; }
tbody:not(.collapsed) tr.summary th button::before { content: "\25BE  "; }
tr.summary th button small { font-weight: normal; color: #555; }
tbody.collapsed tr.test { display: none; }
table.failing-only tr.test:not([data-fails]), table.failing-only tbody[data-failing="0"] { display: none; }
td.cell, td.worst, td.slowest { min-width: 4.2em; text-align: right; vertical-align: top; }
td.worst { font-weight: bold; }
td.cell a, td.first a { color: inherit; }
.bar { display: block; height: 3px; background: rgba(0,0,0,.08); margin-top: 1px; }
.bar i { display: block; height: 3px; background: #555; }
.v-AC { background: var(--ac); } .v-WA { background: var(--wa); } .v-PE { background: var(--pe); }
.v-TLE { background: var(--tle); } .v-MLE, .v-OLE, .v-RE { background: var(--re); } .v-FAIL { background: var(--fail); color: #fff; }
tfoot th.test { font-weight: bold; }
td.first { text-align: center; } td.first.ok { color: #1b5e20; } td.first.failed { color: #b71c1c; font-weight: bold; }
td.unbuilt { color: #b71c1c; max-width: 6.5em; overflow: hidden; text-overflow: ellipsis; }
table.worth td { white-space: normal; }
ul.advice { padding-left: 1.2em; } .warn { color: #b71c1c; }
p.drop { background: #fff9e0; padding: 4px 6px; }
figure.histogram { margin: 0; max-width: 700px; } figure.histogram svg { width: 100%; height: auto; }
svg .axis { stroke: #444; } svg .label { font-size: 11px; fill: #333; } svg rect.some { fill: #4a78b5; } svg rect.none { fill: #b5654a; }
.failure { border-left: 4px solid var(--line); margin: 10px 0; padding: 0 8px; background: none; }
.failure.v-WA { border-color: #d9534f; } .failure.v-TLE { border-color: #7e57c2; } .failure.v-PE { border-color: #f0ad4e; }
.failure:target { outline: 3px solid #4a78b5; }
.failure h4 { margin: 6px 0; font-size: .95em; word-break: break-all; }
.failure pre { overflow-x: auto; max-height: 24em; background: #f6f6f6; padding: 6px; font-size: 12px; margin: 4px 0; }
ul.caught li, .failure h4, p { overflow-wrap: anywhere; }
@media (max-width: 600px) { body { font-size: 14px; padding: 0 4px 30px; } .controls .hint, .note:not(.warning) { display: none; } table.matrix { font-size: 11px; } table.matrix th.test { max-width: 8.5em; } table.matrix th.sol { max-width: 5em; } td.cell, td.worst, td.slowest { min-width: 3.6em; } }
@media print {
  body { padding: 0; font-size: 10pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  nav, .hint, .controls { display: none; }
  .scroll, .problem > .scroll { overflow: visible; border: none; max-height: none; }
  table.matrix { font-size: 6.5pt; }
  table.matrix thead th, table.matrix th.test { position: static; }
  tbody.collapsed tr.test { display: table-row; }
  section.problem { break-before: page; }
  section.problem:first-child { break-before: auto; }
  .failure { break-inside: avoid; } .failure pre { max-height: none; overflow: visible; white-space: pre-wrap; }
  .failure > a { display: none; }
  a { color: inherit; text-decoration: none; }
}
"#;

const SCRIPT: &str = r#"(function () {
  document.querySelectorAll("section.problem").forEach(function (section) {
    var table = section.querySelector("table.matrix");
    if (!table) return;
    function expand(group, open) {
      group.classList.toggle("collapsed", !open);
      var button = group.querySelector("tr.summary button");
      if (button) button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    table.querySelectorAll("tbody.group").forEach(function (group) {
      var button = group.querySelector("tr.summary button");
      group.querySelector("tr.summary").addEventListener("click", function () {
        expand(group, group.classList.contains("collapsed"));
      });
      if (button) button.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); expand(group, group.classList.contains("collapsed")); }
      });
    });
    var all = section.querySelector("button.expand-all");
    if (all) all.addEventListener("click", function () {
      var open = all.dataset.open !== "true";
      all.dataset.open = open ? "true" : "false";
      all.textContent = open ? "collapse all groups" : "expand all groups";
      table.querySelectorAll("tbody.group").forEach(function (g) { expand(g, open); });
    });
    var failing = section.querySelector("input.failing-only");
    if (failing) failing.addEventListener("change", function () {
      table.classList.toggle("failing-only", failing.checked);
    });
  });
  document.body.dataset.script = "ran";
})();
"#;
