//! The statement in DMOJ's Markdown, for the site's problem description: the statement's own
//! Markdown (a subset that DMOJ renders as written: paragraphs, `- ` lists, fenced code,
//! `` `code` ``, `**bold**`, `<sup>`, pictures), under DMOJ's usual headings, the samples as
//! `Sample Input N` / `Sample Output N` code blocks made from the sample tests, and what DMOJ
//! shows when judging in place of the statement's general words about it. The title is the
//! site's problem name, so it is left out.

use crate::export::statement::{Markdown, problemtools_tex};
use crate::export::{ExportError, Source};

/// The sections in the order DMOJ's statements give them, with DMOJ's headings.
const HEADINGS: [(&str, &str); 4] = [
    ("Input", "Input Specification"),
    ("Constraints", "Constraints"),
    ("Output", "Output Specification"),
    ("Notes", "Notes"),
];

/// What DMOJ shows a contestant, as the package's checker and init.yml make it.
const WHAT_YOU_SEE: &str = "For each test case DMOJ shows its verdict (AC, WA, TLE, ...), its \
time and memory, and for a rejected output a short reason made of fixed phrases: the \
verdict (WA, or PE for a presentation error), the case and, for a presentation error, the line \
(for example `WA case 3: the moves do not reach the target`), and the first bytes of your own \
output. The expected \
answer and the test's boards are never shown. Judging stops at the first rejected test case; the ones after it are skipped. The \
problem is scored all or nothing: every test case must be accepted.\n";

/// The statement in DMOJ's Markdown and the picture files it shows (the SVGs of
/// `statements/`).
pub(super) fn dmoj_markdown(source: &Source) -> Result<(String, Vec<String>), ExportError> {
    let md = source.statement()?;
    // The subset is checked as for every export (the same errors, at the same lines).
    let (_, pdfs) = problemtools_tex(&md)?;
    let pictures = pdfs
        .iter()
        .map(|p| format!("{}.svg", p.strip_suffix(".pdf").unwrap_or(p)))
        .collect();
    let mut out = format!(
        "<!-- Made by `judge export dmoj` from {}, the statement's one source: edit that \
         file. -->\n\n",
        md.path
    );
    push_lines(&md, &mut out, "")?;
    for (heading, dmoj) in HEADINGS {
        if md.source_lines(heading).is_some() {
            out.push_str(&format!("## {dmoj}\n\n"));
            push_lines(&md, &mut out, heading)?;
        }
        if heading == "Output" {
            let (samples, _) = source.split_samples();
            for (k, t) in samples.iter().enumerate() {
                for (what, bytes) in [("Input", &t.input), ("Output", &t.answer)] {
                    let text = String::from_utf8_lossy(bytes);
                    out.push_str(&format!("## Sample {what} {}\n\n```\n{text}```\n\n", k + 1));
                }
            }
        }
    }
    out.push_str("## What you see when judged\n\n");
    out.push_str(WHAT_YOU_SEE);
    Ok((out, pictures))
}

/// Appends a section's lines without its blank lines at either end, then one blank line.
/// A `~` outside code would open DMOJ's inline maths: an error at its line.
fn push_lines(md: &Markdown, out: &mut String, heading: &str) -> Result<(), ExportError> {
    let lines = md.source_lines(heading).unwrap_or_default();
    let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Ok(());
    };
    let mut fenced = false;
    for (n, line) in &lines[first..=last] {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.split('`').step_by(2).any(|text| text.contains('~')) {
            return Err(ExportError(format!(
                "{}:{n}: a `~` outside code, which DMOJ's Markdown reads as maths",
                md.path
            )));
        }
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    Ok(())
}
