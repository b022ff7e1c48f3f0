//! The readable statement (statements/NAME.md) cut into the sections Polygon's statement
//! editor has (legend, input, output, notes), each turned into LaTeX.
//!
//! The Markdown is the small subset the statements use: `## section`, paragraphs,
//! `- ` lists (continued by indented lines), fenced code blocks, `` `code` ``, `**bold**`,
//! `<sup>...</sup>`, one picture `![caption](FILE.svg)` (shipped as FILE.pdf, made from the
//! SVG), and the characters ≤, ≥, −, ×. Anything else outside ASCII is an error, so that
//! pdflatex never meets a character it cannot typeset.

use crate::export::ExportError;

/// A statement cut into Polygon's sections, in LaTeX.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sections {
    /// Everything before the first `##`.
    pub legend: String,
    /// `## Input`, then `## Constraints` under a paragraph heading.
    pub input: String,
    /// `## Output`.
    pub output: String,
    /// `## Notes`, then `## What you see when judged` under a paragraph heading.
    pub notes: String,
    /// The picture files the LaTeX includes (PDF names), in order.
    pub pictures: Vec<String>,
}

/// Cuts `md` (the file `path`, for messages) into sections. The `# title` line is left out
/// (the packages take judge.toml's title), and so is `## Sample`: Polygon typesets the
/// sample tests itself.
pub fn sections(path: &str, md: &str) -> Result<Sections, ExportError> {
    let mut parts: Vec<(String, Vec<&str>)> = vec![(String::new(), Vec::new())];
    for line in md.lines() {
        if line.starts_with("# ") {
            continue;
        }
        if let Some(h) = line.strip_prefix("## ") {
            parts.push((h.trim().to_string(), Vec::new()));
        } else if let Some(last) = parts.last_mut() {
            last.1.push(line);
        }
    }
    let mut pictures = Vec::new();
    let mut tex = |name: &str| -> Result<Option<String>, ExportError> {
        match parts.iter().find(|(h, _)| h == name) {
            Some((_, lines)) => blocks(path, lines, &mut pictures).map(Some),
            None => Ok(None),
        }
    };
    let required = |name: &str, t: Option<String>| {
        t.ok_or_else(|| ExportError(format!("{path}: no `## {name}` section")))
    };
    let legend = required("(legend)", tex("")?)?;
    let mut input = required("Input", tex("Input")?)?;
    if let Some(c) = tex("Constraints")? {
        input.push_str(&format!("\n\\paragraph{{Constraints}}\n\n{c}"));
    }
    let output = required("Output", tex("Output")?)?;
    let mut notes = tex("Notes")?.unwrap_or_default();
    if let Some(w) = tex("What you see when judged")? {
        if !notes.is_empty() {
            notes.push('\n');
        }
        notes.push_str(&format!("\\paragraph{{What you see when judged}}\n\n{w}"));
    }
    Ok(Sections {
        legend,
        input,
        output,
        notes,
        pictures,
    })
}

/// The LaTeX of a run of Markdown lines: paragraphs, lists, code blocks and pictures.
fn blocks(path: &str, lines: &[&str], pictures: &mut Vec<String>) -> Result<String, ExportError> {
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim().is_empty() {
            i += 1;
        } else if line.starts_with("```") {
            let end = (i + 1..lines.len())
                .find(|&j| lines[j].starts_with("```"))
                .ok_or_else(|| ExportError(format!("{path}: a code block is not closed")))?;
            out.push_str("\\begin{verbatim}\n");
            for l in &lines[i + 1..end] {
                out.push_str(&ascii(path, l)?);
                out.push('\n');
            }
            out.push_str("\\end{verbatim}\n\n");
            i = end + 1;
        } else if let Some(rest) = line.strip_prefix("![") {
            let (caption, file) = rest
                .strip_suffix(')')
                .and_then(|r| r.split_once("]("))
                .ok_or_else(|| ExportError(format!("{path}: cannot read the picture {line}")))?;
            let pdf = file
                .strip_suffix(".svg")
                .map_or_else(|| file.to_string(), |stem| format!("{stem}.pdf"));
            out.push_str(&format!(
                "\\begin{{center}}\n\\includegraphics[width=0.45\\textwidth]{{{pdf}}}\n\n\
                 {{\\small {}}}\n\\end{{center}}\n\n",
                inline(path, caption)?
            ));
            pictures.push(pdf);
            i += 1;
        } else if line.starts_with("- ") {
            out.push_str("\\begin{itemize}\n");
            while i < lines.len() && lines[i].starts_with("- ") {
                let mut item = lines[i][2..].to_string();
                i += 1;
                while i < lines.len() && lines[i].starts_with("  ") && !lines[i].trim().is_empty() {
                    item.push(' ');
                    item.push_str(lines[i].trim());
                    i += 1;
                }
                out.push_str(&format!("  \\item {}\n", inline(path, &item)?));
            }
            out.push_str("\\end{itemize}\n\n");
        } else {
            let mut paragraph = Vec::new();
            while i < lines.len()
                && !lines[i].trim().is_empty()
                && !lines[i].starts_with("```")
                && !lines[i].starts_with("- ")
            {
                paragraph.push(lines[i].trim());
                i += 1;
            }
            out.push_str(&inline(path, &paragraph.join(" "))?);
            out.push_str("\n\n");
        }
    }
    Ok(out)
}

/// A code line: ASCII only (it goes into `verbatim`).
fn ascii(path: &str, line: &str) -> Result<String, ExportError> {
    match line.chars().find(|c| !c.is_ascii()) {
        Some(c) => Err(ExportError(format!("{path}: {c:?} in a code block"))),
        None => Ok(line.to_string()),
    }
}

/// Inline Markdown as LaTeX: code, bold, superscripts, quotes, escapes.
fn inline(path: &str, text: &str) -> Result<String, ExportError> {
    let mut out = String::new();
    let mut rest = text;
    let mut quote_open = false;
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix('`') {
            let (code, after) = r
                .split_once('`')
                .ok_or_else(|| ExportError(format!("{path}: unclosed `code` in {text:?}")))?;
            out.push_str(&format!("\\texttt{{{}}}", escape(path, code)?));
            rest = after;
        } else if let Some(r) = rest.strip_prefix("**") {
            let (bold, after) = r
                .split_once("**")
                .ok_or_else(|| ExportError(format!("{path}: unclosed **bold** in {text:?}")))?;
            out.push_str(&format!("\\textbf{{{}}}", inline(path, bold)?));
            rest = after;
        } else if let Some(r) = rest.strip_prefix("<sup>") {
            let (sup, after) = r
                .split_once("</sup>")
                .ok_or_else(|| ExportError(format!("{path}: unclosed <sup> in {text:?}")))?;
            out.push_str(&format!("\\textsuperscript{{{}}}", inline(path, sup)?));
            rest = after;
        } else if c == '"' {
            out.push_str(if quote_open { "''" } else { "``" });
            quote_open = !quote_open;
            rest = &rest[1..];
        } else {
            out.push_str(&escape(path, &c.to_string())?);
            rest = &rest[c.len_utf8()..];
        }
    }
    Ok(out)
}

/// Plain text with LaTeX's special characters escaped and the few non-ASCII ones typeset
/// (`path` names the text's origin in messages).
pub fn escape(path: &str, text: &str) -> Result<String, ExportError> {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '−' => out.push_str("$-$"),
            '×' => out.push_str("$\\times$"),
            c if c.is_ascii() => out.push(c),
            c => {
                return Err(ExportError(format!(
                    "{path}: {c:?} has no LaTeX form here (add it to export::statement)"
                )));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_lists_code_and_inline_marks() {
        let md = "# T (X 1)\n\n![A cap](b.svg)\n\nSome **bold** and `a_b`.\n\n## Input\n\n\
                  - one\n  two\n- 2<sup>31</sup> − 1 ≤ N\n\n## Output\n\n```text\n1 A\n```\n\n\
                  ## Constraints\n\n50% \"q\"\n\n## Sample\n\nskipped\n";
        let s = sections("t.md", md).unwrap();
        assert!(
            s.legend
                .contains("\\includegraphics[width=0.45\\textwidth]{b.pdf}")
        );
        assert!(
            s.legend
                .contains("Some \\textbf{bold} and \\texttt{a\\_b}.")
        );
        assert!(s.input.contains("  \\item one two\n"));
        assert!(s.input.contains("2\\textsuperscript{31} $-$ 1 $\\le$ N"));
        assert!(s.input.contains("\\paragraph{Constraints}\n\n50\\% ``q''"));
        assert_eq!(s.output, "\\begin{verbatim}\n1 A\n\\end{verbatim}\n\n");
        assert!(!format!("{s:?}").contains("skipped"));
        assert_eq!(s.pictures, ["b.pdf"]);
    }

    #[test]
    fn unknown_characters_and_missing_sections_are_errors() {
        assert!(sections("t.md", "# T\n\nx\n\n## Output\n\ny\n").is_err());
        assert!(sections("t.md", "# T\n\né\n\n## Input\n\nx\n\n## Output\n\ny\n").is_err());
    }
}
