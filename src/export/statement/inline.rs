//! Inline Markdown as LaTeX (code, bold, superscripts, quotes, escapes), over the lines of a
//! block joined into one text that knows where each line starts, for messages naming the line.

use super::escape::escape;
use super::markdown::Markdown;
use crate::export::ExportError;

/// Lines of text with their line numbers, joined by single spaces: where each line starts.
pub(super) struct Joined {
    text: String,
    starts: Vec<(usize, usize)>,
}

impl Joined {
    /// No text yet.
    pub(super) fn new() -> Joined {
        Joined {
            text: String::new(),
            starts: Vec::new(),
        }
    }

    /// Adds the text of line `line`, trimmed, after a space.
    pub(super) fn push(&mut self, line: usize, text: &str) {
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.starts.push((self.text.len(), line));
        self.text.push_str(text.trim());
    }

    /// The line of the byte at `offset`.
    fn line(&self, offset: usize) -> usize {
        self.starts
            .iter()
            .take_while(|(start, _)| *start <= offset)
            .last()
            .map_or(0, |(_, line)| *line)
    }
}

/// Inline Markdown as LaTeX: code, bold, superscripts, quotes, escapes.
pub(super) fn inline(md: &Markdown, joined: &Joined) -> Result<String, ExportError> {
    inline_at(md, joined, 0, &joined.text)
}

/// [`inline`] of `text`, which starts at byte `base` of `joined.text`.
fn inline_at(
    md: &Markdown,
    joined: &Joined,
    base: usize,
    text: &str,
) -> Result<String, ExportError> {
    let at = |offset: usize, what: String| md.at(joined.line(base + offset), what);
    let not_subset = |offset: usize, what: &str| {
        at(
            offset,
            format!("{what} is not in the statements' Markdown subset (docs/statements.md)"),
        )
    };
    let mut out = String::new();
    let mut quote_open = false;
    let mut pos = 0;
    while let Some(c) = text[pos..].chars().next() {
        let rest = &text[pos..];
        if let Some(r) = rest.strip_prefix('`') {
            let (code, _) = r
                .split_once('`')
                .ok_or_else(|| at(pos, "a `code` span is not closed".into()))?;
            out.push_str(&format!(
                "\\texttt{{{}}}",
                escape_at(md, joined.line(base + pos), code)?
            ));
            pos += code.len() + 2;
        } else if let Some(r) = rest.strip_prefix("**") {
            let (bold, _) = r
                .split_once("**")
                .ok_or_else(|| at(pos, "a **bold** span is not closed".into()))?;
            let inner = inline_at(md, joined, base + pos + 2, bold)?;
            out.push_str(&format!("\\textbf{{{inner}}}"));
            pos += bold.len() + 4;
        } else if let Some(r) = rest.strip_prefix("<sup>") {
            let (sup, _) = r
                .split_once("</sup>")
                .ok_or_else(|| at(pos, "a <sup> is not closed".into()))?;
            // A number or a word in math mode, which every LaTeX-to-HTML converter knows
            // (plasTeX takes \textsuperscript for an accent); anything else as text.
            if !sup.is_empty() && sup.chars().all(|c| c.is_ascii_alphanumeric()) {
                out.push_str(&format!("$^{{{sup}}}$"));
            } else {
                let inner = inline_at(md, joined, base + pos + 5, sup)?;
                out.push_str(&format!("\\textsuperscript{{{inner}}}"));
            }
            pos += sup.len() + 11;
        } else if c == '"' {
            out.push_str(if quote_open { "''" } else { "``" });
            quote_open = !quote_open;
            pos += 1;
        } else {
            let after = &rest[c.len_utf8()..];
            let next = after.chars().next().unwrap_or(' ');
            let what = match c {
                '*' => Some("emphasis with `*`"),
                '_' => Some("emphasis with `_` (write names with `_` as `code`)"),
                '[' | ']' => Some("a link or a bracket"),
                '\\' => Some("a backslash escape"),
                '!' if next == '[' => Some("a picture inside a paragraph"),
                '<' if next.is_ascii_alphabetic() || next == '/' || next == '!' => {
                    Some("an HTML tag other than <sup>")
                }
                '&' if after.split_once(';').is_some_and(|(e, _)| {
                    !e.is_empty() && e.chars().all(|x| x.is_ascii_alphanumeric() || x == '#')
                }) =>
                {
                    Some("an HTML entity")
                }
                _ => None,
            };
            if let Some(what) = what {
                return Err(not_subset(pos, what));
            }
            out.push_str(&escape_at(md, joined.line(base + pos), &c.to_string())?);
            pos += c.len_utf8();
        }
    }
    Ok(out)
}

/// [`escape`] with the statement's file and line in the message.
fn escape_at(md: &Markdown, line: usize, text: &str) -> Result<String, ExportError> {
    escape(&format!("{}:{line}", md.path), text)
}
