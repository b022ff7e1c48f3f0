//! The matrix as one self-contained HTML page (`judge strength --matrix --html FILE`, `judge
//! run --html FILE`): no network, no external script, font or image; inline CSS and a small
//! inline script. Per problem: the matrix laid out as the text is (tests down in their groups,
//! solutions across), each group collapsed to one row (per solution its worst verdict and
//! slowest time) that expands on click, a filter for the tests some solution fails, the header
//! row and the test column sticky, a colour per verdict and CPU-time bars relative to the
//! limit, each cell reading as the text's ([`crate::report::text::cell_text`]: a TLE by the
//! limit it reached, the runs that confirmed a time verdict); at the top the
//! notes of how the runs were made, a busy machine's warning first and in red; the slowest
//! accepted time per test, the time-limit advice (shipped solutions), the
//! answer-length histogram of the test data as inline SVG, the tests that catch something
//! (given solutions: which of them fail it), the candidates to drop with their rule, and every
//! failing cell's checker message and diff (each failing cell links to it). Readable at
//! 1280 px and on a phone, and printable. Every piece of text is escaped.

mod anchor;
mod escape;
mod failures;
mod histogram;
mod script;
mod style;
mod table;
mod worth;

pub use escape::escape;
pub use failures::DETAILS_CHARS;

use std::fmt::{self, Write};

use crate::judging::run::{RuntimeError, TimeKind, Verdict};
use crate::report::matrix::{Kind, ProblemMatrix};
use crate::report::text::letter;
use failures::failures;
use histogram::histogram;
use script::SCRIPT;
use style::STYLE;
use table::matrix;
use worth::worth;

/// A line under the page's title: how the runs were made, or a warning about them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// How the runs were made (`12 runs with 1 parallel job(s); ...`), as it reads.
    Info(String),
    /// What may have skewed the figures (a busy machine): it reads `warning: ` and this, in
    /// red.
    Warning(String),
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Info(text) => f.write_str(text),
            Note::Warning(text) => write!(f, "warning: {text}"),
        }
    }
}

/// The page for `matrices`; `notes` are shown under the title, a warning in red.
pub fn render(matrices: &[ProblemMatrix], notes: &[Note]) -> String {
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
        let class = match note {
            Note::Info(_) => "note",
            Note::Warning(_) => "note warning",
        };
        let _ = writeln!(
            out,
            "<p class=\"{class}\">{}</p>",
            escape(&note.to_string())
        );
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
        ("time limit", Verdict::TLE(TimeKind::Cpu)),
        ("memory limit", Verdict::MLE),
        (
            "runtime error",
            Verdict::RE(RuntimeError::CannotStart(String::new())),
        ),
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
