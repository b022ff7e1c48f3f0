//! The matrix as one self-contained HTML page (`judge strength --matrix --html FILE`, `judge
//! run --html FILE`): no network, no external script, font or image; inline CSS and a small
//! inline script. Per problem: the matrix with a colour per verdict and CPU-time bars relative
//! to the limit (rows sortable by solution name and by the time on any test), the slowest
//! accepted time per test, the time-limit advice (shipped solutions), the answer-length
//! histogram of the test data as inline SVG, what each test is worth (given solutions: which
//! of them fail it), and every failing cell's checker message and diff (each failing cell
//! links to it). Readable on a phone (the matrix scrolls sideways, the solution column stays)
//! and printable. Every piece of text is escaped.

use std::fmt::Write;

use crate::judging::run::{CannotStart, TestResult, Verdict};
use crate::report::matrix::{Kind, ProblemMatrix, Row};
use crate::report::text::letter;

/// The most characters of a checker message kept in the page, per failing cell.
pub const DETAILS_CHARS: usize = 4000;

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

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
         <h2>{name}: {}</h2>\n<p>Time limit {} s CPU per test; {} solutions, {} tests.</p>",
        escape(&m.title),
        m.time_limit,
        m.rows.len(),
        m.tests.len()
    );
    let _ = writeln!(
        out,
        "<h3>Every solution on every test</h3>\n<p class=\"hint\">Sort: click \
         <em>Solution</em> (by name), <em>#</em> ({}) or a test (by its time). A failing cell \
         links to its message.</p>",
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

fn matrix(out: &mut String, p: usize, m: &ProblemMatrix) {
    let name = escape(&m.problem);
    let _ = write!(
        out,
        "<div class=\"scroll\">\n<table class=\"matrix\" data-problem=\"{name}\">\n<thead>\n<tr>\
         <th rowspan=\"2\" class=\"sort\" data-sort=\"order\" title=\"{}\">#</th>\
         <th rowspan=\"2\" class=\"sol sort\" data-sort=\"name\">Solution</th>\
         <th rowspan=\"2\">{}</th><th rowspan=\"2\">1st fail</th>",
        order(m.kind),
        match m.kind {
            Kind::Shipped => "Expected",
            Kind::Given => "Result",
        }
    );
    for (group, range) in m.groups() {
        let _ = write!(
            out,
            "<th colspan=\"{}\" class=\"group\">{}</th>",
            range.len(),
            escape(group)
        );
    }
    out.push_str("</tr>\n<tr>");
    for (t, test) in m.tests.iter().enumerate() {
        let _ = write!(
            out,
            "<th class=\"test sort\" data-sort=\"test\" data-col=\"{t}\" data-group=\"{}\">{}</th>",
            escape(&test.group),
            escape(&test.name)
        );
    }
    out.push_str("</tr>\n</thead>\n<tbody>\n");
    for (r, row) in m.rows.iter().enumerate() {
        matrix_row(out, p, r, row, m);
    }
    out.push_str(
        "</tbody>\n<tfoot>\n<tr><th></th><th class=\"sol\">slowest AC</th><td></td><td></td>",
    );
    for test in &m.tests {
        match test.slowest_accepted {
            Some(s) => {
                let _ = write!(
                    out,
                    "<td class=\"slowest\" data-test=\"{}\" data-cpu=\"{s:.3}\">{}\
                     <span class=\"bar\"><i style=\"width:{}%\"></i></span></td>",
                    escape(&test.name),
                    seconds(s),
                    share(s, m.time_limit)
                );
            }
            None => out.push_str("<td class=\"slowest\">-</td>"),
        }
    }
    out.push_str("</tr>\n</tfoot>\n</table>\n</div>\n");
}

fn matrix_row(out: &mut String, p: usize, r: usize, row: &Row, m: &ProblemMatrix) {
    let path = escape(&row.report.path);
    let outcome = match (row.report.skipped, row.report.ok) {
        (true, _) => "skipped",
        (false, true) => "ok",
        (false, false) => "failed",
    };
    // Shipped: what it must get; given: what it got.
    let result = match row.report.expected {
        Some(expected) => expected.name().replace('_', " "),
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
    let small = if row.name == row.report.path {
        String::new()
    } else {
        format!("<small>{path}</small>")
    };
    let _ = write!(
        out,
        "<tr data-solution=\"{path}\" data-name=\"{}\" data-order=\"{r}\" data-expected=\"{}\" \
         data-outcome=\"{outcome}\"><td class=\"num\">{}</td><th class=\"sol\" title=\"{}\">{}\
         {small}</th><td class=\"exp\">{}</td>",
        escape(&row.name),
        row.report.expected.map_or("", |e| e.name()),
        r + 1,
        escape(&row.report.summary),
        escape(&row.name),
        escape(&result)
    );
    match &row.first_failure {
        Some(test) => {
            let t = m.tests.iter().position(|c| &c.name == test).unwrap_or(0);
            let _ = write!(
                out,
                "<td class=\"first {outcome}\"><a href=\"#{}\">{}</a></td>",
                anchor(p, r, t),
                escape(test)
            );
        }
        None => {
            let _ = write!(out, "<td class=\"first {outcome}\">-</td>");
        }
    }
    if row.cells.is_empty() {
        let _ = write!(
            out,
            "<td class=\"unbuilt\" colspan=\"{}\">{}</td>",
            m.tests.len(),
            escape(&row.report.summary)
        );
    }
    for (t, c) in row.cells.iter().enumerate() {
        cell(out, p, r, t, c, m.time_limit);
    }
    out.push_str("</tr>\n");
}

fn cell(out: &mut String, p: usize, r: usize, t: usize, c: &TestResult, limit: f64) {
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
        "<td class=\"cell v-{v}\" data-test=\"{}\" data-verdict=\"{v}\" data-cpu=\"{:.3}\" \
         data-runs=\"{}\" title=\"{}\">{inner}<span class=\"bar\"><i style=\"width:{}%\"></i></span></td>",
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
    let _ = write!(
        out,
        "<h3>{}</h3>\n<div class=\"scroll\"><table class=\"worth\">\
         <thead><tr><th>Test</th><th>Group</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>\n",
        if given {
            "Which solutions fail each test"
        } else {
            "What each test is worth"
        },
        if given { "Fails" } else { "Catches" },
        if given {
            "First failure of"
        } else {
            "First to catch"
        }
    );
    // Solutions by their names in the matrix.
    let short = |key: &String| escape(m.row_of(key).map_or(key.as_str(), |i| &m.rows[i].name));
    let join = |keys: &[String]| keys.iter().map(short).collect::<Vec<_>>().join(", ");
    let candidates = m.worth.drop_candidates.as_deref().unwrap_or_default();
    for (t, w) in m.worth.tests.iter().enumerate() {
        let drop = candidates.contains(&w.test);
        let _ = writeln!(
            out,
            "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            if drop { " class=\"drop\"" } else { "" },
            escape(&w.test),
            escape(m.tests.get(t).map_or("", |c| c.group.as_str())),
            join(&w.catches),
            join(&w.first_to_catch)
        );
    }
    out.push_str("</tbody></table></div>\n");
    if m.worth.drop_candidates.is_some() {
        let _ = writeln!(
            out,
            "<p><strong>Candidates to drop</strong> (they catch no wrong solution an earlier \
             test does not; samples are kept): {}</p>",
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
body { font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 0 auto; padding: 0 12px 40px; max-width: 1400px; }
h1 { font-size: 1.5em; margin: 16px 0 4px; } h2 { font-size: 1.3em; margin-top: 32px; border-bottom: 2px solid var(--ink); } h3 { font-size: 1.05em; margin: 20px 0 6px; }
.note, .hint { color: #555; margin: 2px 0; font-size: .9em; }
.note.warning { color: #a00; font-weight: bold; }
nav a { margin-right: 10px; }
.legend span { display: inline-block; padding: 1px 6px; margin: 2px; border-radius: 3px; font-size: .85em; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; border: 1px solid var(--line); }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 2px 4px; white-space: nowrap; }
table.matrix { font-size: 12px; }
table.matrix th.sol { position: sticky; left: 0; background: #fff; text-align: left; z-index: 1; max-width: 16em; overflow: hidden; text-overflow: ellipsis; }
table.matrix th.sol small { display: block; color: #666; font-weight: normal; font-size: 10px; }
th.group { background: #eee; }
th.sort { cursor: pointer; user-select: none; text-decoration: underline dotted; }
th[aria-sort="ascending"]::after { content: " \25B2"; } th[aria-sort="descending"]::after { content: " \25BC"; }
td.cell, td.slowest { min-width: 4.2em; text-align: right; vertical-align: top; }
td.cell a { color: inherit; }
.bar { display: block; height: 3px; background: rgba(0,0,0,.08); margin-top: 1px; }
.bar i { display: block; height: 3px; background: #555; }
.v-AC { background: var(--ac); } .v-WA { background: var(--wa); } .v-PE { background: var(--pe); }
.v-TLE { background: var(--tle); } .v-MLE, .v-OLE, .v-RE { background: var(--re); } .v-FAIL { background: var(--fail); color: #fff; }
td.first.ok { color: #1b5e20; } td.first.failed { color: #b71c1c; font-weight: bold; }
td.unbuilt { color: #b71c1c; }
table.worth td { white-space: normal; }
ul.advice { padding-left: 1.2em; } .warn { color: #b71c1c; }
tr.drop td { color: #8a6d00; background: #fff9e0; }
figure.histogram { margin: 0; max-width: 700px; } figure.histogram svg { width: 100%; height: auto; }
svg .axis { stroke: #444; } svg .label { font-size: 11px; fill: #333; } svg rect.some { fill: #4a78b5; } svg rect.none { fill: #b5654a; }
.failure { border-left: 4px solid var(--line); margin: 10px 0; padding: 0 8px; background: none; }
.failure.v-WA { border-color: #d9534f; } .failure.v-TLE { border-color: #7e57c2; } .failure.v-PE { border-color: #f0ad4e; }
.failure:target { outline: 3px solid #4a78b5; }
.failure h4 { margin: 6px 0; font-size: .95em; word-break: break-all; }
.failure pre { overflow-x: auto; max-height: 24em; background: #f6f6f6; padding: 6px; font-size: 12px; margin: 4px 0; }
ul.caught li, .failure h4, p { overflow-wrap: anywhere; }
@media (max-width: 600px) { body { font-size: 14px; padding: 0 6px 30px; } table.matrix th.sol { max-width: 9em; } table.matrix th.sol small { display: none; } table.matrix td.exp { white-space: normal; min-width: 5em; } }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  nav, .hint { display: none; }
  .scroll { overflow: visible; border: none; }
  table.matrix { font-size: 6.5pt; }
  table.matrix th.sol { position: static; }
  section.problem { break-before: page; }
  section.problem:first-child { break-before: auto; }
  .failure { break-inside: avoid; } .failure pre { max-height: none; overflow: visible; white-space: pre-wrap; }
  .failure > a { display: none; }
  a { color: inherit; text-decoration: none; }
}
"#;

const SCRIPT: &str = r#"(function () {
  document.querySelectorAll("table.matrix").forEach(function (table) {
    var body = table.tBodies[0];
    var state = { key: null, dir: 1 };
    function cellOf(row, col) { return row.querySelectorAll("td.cell")[col]; }
    function sortBy(th, key, first, get) {
      state.dir = state.key === key ? -state.dir : first;
      state.key = key;
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = get(a), y = get(b);
        var c = x < y ? -1 : x > y ? 1 : 0;
        return c * state.dir || (+a.dataset.order - +b.dataset.order);
      });
      rows.forEach(function (r) { body.appendChild(r); });
      table.querySelectorAll("th[aria-sort]").forEach(function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", state.dir > 0 ? "ascending" : "descending");
    }
    table.querySelectorAll("th.sort").forEach(function (th) {
      th.tabIndex = 0;
      var go = function () {
        var how = th.dataset.sort;
        if (how === "name") sortBy(th, "name", 1, function (r) { return r.dataset.name; });
        else if (how === "order") sortBy(th, "order", 1, function (r) { return +r.dataset.order; });
        else {
          var col = +th.dataset.col;
          sortBy(th, "t" + col, -1, function (r) {
            var c = cellOf(r, col);
            return c ? +c.dataset.cpu : -1;
          });
        }
      };
      th.addEventListener("click", go);
      th.addEventListener("keydown", function (e) { if (e.key === "Enter") go(); });
    });
  });
})();
"#;

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<script>\"a\" & 'b'</script>"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
    }
}
