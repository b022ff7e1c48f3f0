//! The blocks of a statement's Markdown as LaTeX (paragraphs, `- ` lists, fenced code blocks,
//! pictures), typeset for each flavour; a block the subset does not have fails at its line.

use super::flavour::Flavour;
use super::inline::{Joined, inline};
use super::markdown::Markdown;
use crate::export::ExportError;

impl Markdown {
    /// The LaTeX of a section (None when the statement has none), its pictures added to
    /// `pictures`.
    pub(super) fn tex(
        &self,
        heading: &str,
        flavour: Flavour,
        pictures: &mut Vec<String>,
    ) -> Result<Option<String>, ExportError> {
        match self.section(heading) {
            Some(s) => blocks(self, &s.lines, flavour, pictures).map(Some),
            None => Ok(None),
        }
    }
}

/// What a line starting a block says it is, when the subset does not have it.
fn unsupported_block(line: &str) -> Option<&'static str> {
    let t = line.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if line.contains('\t') {
        Some("a tab")
    } else if t.starts_with('#') {
        Some("a heading other than `# TITLE` and the known `## ` sections")
    } else if t.starts_with('>') {
        Some("a block quote")
    } else if t.starts_with('|') {
        Some("a table")
    } else if t.starts_with("* ") || t.starts_with("+ ") {
        Some("a list item not written `- `")
    } else if digits > 0 && (t[digits..].starts_with(". ") || t[digits..].starts_with(") ")) {
        Some("a numbered list")
    } else if t.starts_with('<') && !t.starts_with("<sup>") {
        Some("an HTML block")
    } else if t.len() >= 3
        && ["-", "*", "_", "="]
            .iter()
            .any(|c| t.chars().all(|x| x.to_string() == *c || x == ' '))
    {
        Some("a rule or an underlined heading")
    } else if line.starts_with(' ') {
        Some("an indented line (indented code, or a list's continuation outside a list)")
    } else {
        None
    }
}

/// The LaTeX of a run of Markdown lines: paragraphs, lists, code blocks and pictures.
fn blocks(
    md: &Markdown,
    lines: &[(usize, String)],
    flavour: Flavour,
    pictures: &mut Vec<String>,
) -> Result<String, ExportError> {
    let unsupported = |n: usize, what: &str| {
        md.at(
            n,
            format!("{what} is not in the statements' Markdown subset (docs/statements.md)"),
        )
    };
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = (lines[i].0, lines[i].1.as_str());
        if line.trim().is_empty() {
            i += 1;
        } else if line.starts_with("```") {
            let end = (i + 1..lines.len())
                .find(|&j| lines[j].1.starts_with("```"))
                .ok_or_else(|| md.at(n, "a code block is not closed"))?;
            out.push_str("\\begin{verbatim}\n");
            for (k, l) in &lines[i + 1..end] {
                if let Some(c) = l.chars().find(|c| !c.is_ascii()) {
                    return Err(md.at(*k, format!("{c:?} in a code block (ASCII only)")));
                }
                out.push_str(l);
                out.push('\n');
            }
            out.push_str("\\end{verbatim}\n\n");
            i = end + 1;
        } else if let Some(rest) = line.strip_prefix("![") {
            let (caption, file) = rest
                .strip_suffix(')')
                .and_then(|r| r.split_once("]("))
                .ok_or_else(|| {
                    md.at(
                        n,
                        "a picture must be a line `![caption](FILE.svg)` of its own",
                    )
                })?;
            let stem = file
                .strip_suffix(".svg")
                .filter(|s| !s.is_empty() && !s.contains('/'))
                .ok_or_else(|| {
                    md.at(
                        n,
                        format!("the picture {file:?}: an SVG in statements/ (FILE.svg) is needed"),
                    )
                })?;
            let pdf = format!("{stem}.pdf");
            let mut text = Joined::new();
            text.push(n, caption);
            let caption = inline(md, &text)?;
            out.push_str(&match flavour {
                Flavour::Polygon => format!(
                    "\\begin{{center}}\n\\includegraphics[width=0.45\\textwidth]{{{pdf}}}\n\n\
                     {{\\small {caption}}}\n\\end{{center}}\n\n"
                ),
                Flavour::Problemtools => format!("\\illustration{{0.4}}{{{pdf}}}{{{caption}}}\n\n"),
            });
            pictures.push(pdf);
            i += 1;
        } else if line.starts_with("- ") {
            out.push_str("\\begin{itemize}\n");
            while i < lines.len() && lines[i].1.starts_with("- ") {
                let mut item = Joined::new();
                item.push(lines[i].0, &lines[i].1[2..]);
                i += 1;
                while i < lines.len()
                    && lines[i].1.starts_with("  ")
                    && !lines[i].1.trim().is_empty()
                {
                    if let Some(what) = unsupported_block(lines[i].1.trim_start()) {
                        return Err(unsupported(lines[i].0, what));
                    }
                    item.push(lines[i].0, &lines[i].1);
                    i += 1;
                }
                out.push_str(&format!("  \\item {}\n", inline(md, &item)?));
            }
            out.push_str("\\end{itemize}\n\n");
        } else {
            let mut paragraph = Joined::new();
            while i < lines.len()
                && !lines[i].1.trim().is_empty()
                && !lines[i].1.starts_with("```")
                && !lines[i].1.starts_with("- ")
                && !lines[i].1.starts_with("![")
            {
                if let Some(what) = unsupported_block(&lines[i].1) {
                    return Err(unsupported(lines[i].0, what));
                }
                paragraph.push(lines[i].0, &lines[i].1);
                i += 1;
            }
            out.push_str(&inline(md, &paragraph)?);
            out.push_str("\n\n");
        }
    }
    Ok(out)
}
