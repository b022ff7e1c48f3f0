//! The page's section on what the tests are worth: what each test catches (given solutions:
//! which fail it), the candidates to drop with their rule, and what catches each solution.

use std::fmt::Write;

use super::escape::escape;
use crate::report::matrix::{Kind, ProblemMatrix};
use crate::report::worth::TestWorth;

/// The section on what `m`'s tests are worth.
pub(super) fn worth(out: &mut String, m: &ProblemMatrix) {
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
