//! The page's failures section: every failing cell's checker message (cut at
//! [`DETAILS_CHARS`]) and diff, the target of the cell's link.

use std::fmt::Write;

use super::anchor::anchor;
use super::escape::escape;
use crate::judging::run::Verdict;
use crate::report::matrix::{Kind, ProblemMatrix};

/// The most characters of a checker message kept in the page, per failing cell.
pub const DETAILS_CHARS: usize = 4000;

/// The failures section of `m`, the page's problem `p`: each failing cell's message, or none.
pub(super) fn failures(out: &mut String, p: usize, m: &ProblemMatrix) {
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
