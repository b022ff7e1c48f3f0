//! The statements: `statements/NAME.md` is a problem's one statement source, from which every
//! export makes its own: Polygon's sections (legend, input, output, notes) and its olymp.sty
//! problem, and the whole `problem.en.tex` of the Kattis and ICPC packages for problemtools'
//! (and BAPCtools') problem class. The CMS task ships the PDF that problemtools typesets from
//! the latter (statements/NAME.pdf, `.ci/statement-pdfs`).
//!
//! The file starts with `# TITLE`, and TITLE must be judge.toml's title of the problem: the one
//! title of every export. Then the legend, and the sections `## Input`, `## Output`,
//! `## Constraints`, `## Sample`, `## Notes` and `## What you see when judged` (Input and
//! Output required, Sample required and checked against the samples group's tests; the tools
//! typeset the samples themselves, so it is not copied).
//!
//! The Markdown is a strict subset: paragraphs, `- ` lists (continued by lines indented by two
//! spaces), fenced code blocks (ASCII), `` `code` ``, `**bold**`, `<sup>...</sup>`, straight
//! double quotes, one picture a line `![caption](FILE.svg)` (shipped as FILE.pdf, made from the
//! SVG), and the characters ≤, ≥, −, ×. Anything else (other headings, numbered lists, links,
//! emphasis with `*` or `_`, HTML, tables, quotes, rules, indented code, tabs, other characters
//! outside ASCII) is an error naming the file and the line, so that no export meets something
//! it would typeset differently or LaTeX cannot typeset.

mod blocks;
mod escape;
mod flavour;
mod inline;
mod markdown;

pub use escape::escape;
pub use flavour::Flavour;
pub use markdown::{Markdown, SECTIONS};

use crate::export::ExportError;

/// A statement cut into Polygon's sections, in LaTeX.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sections {
    /// Everything before the first `##`.
    pub legend: String,
    /// `## Input`, then `## Constraints` under a heading.
    pub input: String,
    /// `## Output`.
    pub output: String,
    /// `## Notes`, then `## What you see when judged` under a heading (for problemtools both
    /// under their `\section*`).
    pub notes: String,
    /// The picture files the LaTeX includes (PDF names), in order.
    pub pictures: Vec<String>,
}

/// Cuts the statement into sections, typeset for `flavour`. The title is left out (each
/// format places it itself), and so is `## Sample`: the judges typeset the sample tests.
pub fn sections(md: &Markdown, flavour: Flavour) -> Result<Sections, ExportError> {
    let mut pictures = Vec::new();
    let legend = md.tex("", flavour, &mut pictures)?.unwrap_or_default();
    let mut input = md.tex("Input", flavour, &mut pictures)?.unwrap_or_default();
    // A heading inside a section: Polygon's `\paragraph`, problemtools' `\COMMAND*`.
    let heading = |command: &str, title: &str| match flavour {
        Flavour::Polygon => format!("\\paragraph{{{title}}}\n\n"),
        Flavour::Problemtools => format!("\\{command}*{{{title}}}\n\n"),
    };
    if let Some(c) = md.tex("Constraints", flavour, &mut pictures)? {
        input.push_str(&heading("subsection", "Constraints"));
        input.push_str(&c);
    }
    let output = md
        .tex("Output", flavour, &mut pictures)?
        .unwrap_or_default();
    let mut notes = String::new();
    if let Some(n) = md.tex("Notes", flavour, &mut pictures)? {
        if flavour == Flavour::Problemtools {
            notes.push_str(&heading("section", "Notes"));
        }
        notes.push_str(&n);
    }
    if let Some(w) = md.tex("What you see when judged", flavour, &mut pictures)? {
        notes.push_str(&heading("section", "What you see when judged"));
        notes.push_str(&w);
    }
    Ok(Sections {
        legend,
        input,
        output,
        notes,
        pictures,
    })
}

/// The whole `problem.en.tex` of the Kattis and ICPC packages, for problemtools' problem class
/// (`\problemname`, the legend, `\section*{Input}`, `\section*{Output}`, the notes; the tools
/// append the samples), and the pictures it includes.
pub fn problemtools_tex(md: &Markdown) -> Result<(String, Vec<String>), ExportError> {
    let s = sections(md, Flavour::Problemtools)?;
    let tex = format!(
        "% Made by `judge export` from {path}, the statement's one source: edit that file.\n\
         % problemtools' problem class; the tools append the samples.\n\
         \\problemname{{{title}}}\n\n{legend}\\section*{{Input}}\n\n{input}\
         \\section*{{Output}}\n\n{output}{notes}",
        path = md.path,
        title = escape(&md.path, &md.title)?,
        legend = s.legend,
        input = s.input,
        output = s.output,
        notes = s.notes,
    );
    Ok((tex, s.pictures))
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::markdown::tests::{SAMPLE, read};

    #[test]
    fn sections_lists_code_and_inline_marks() {
        let md = format!(
            "# T (X 1)\n\n![A cap](b.svg)\n\nSome **bold** and `a_b`.\n\n## Input\n\n\
             - one\n  two\n- 2<sup>31</sup> − 1 ≤ N\n\n## Output\n\n```text\n1 A\n```\n\n\
             ## Constraints\n\n50% \"q\"\n\n{SAMPLE}"
        );
        let md = read(&md).unwrap();
        let s = sections(&md, Flavour::Polygon).unwrap();
        assert!(
            s.legend
                .contains("\\includegraphics[width=0.45\\textwidth]{b.pdf}")
        );
        assert!(
            s.legend
                .contains("Some \\textbf{bold} and \\texttt{a\\_b}.")
        );
        assert!(s.input.contains("  \\item one two\n"));
        assert!(s.input.contains("2$^{31}$ $-$ 1 $\\le$ N"), "{}", s.input);
        assert!(s.input.contains("\\paragraph{Constraints}\n\n50\\% ``q''"));
        assert_eq!(s.output, "\\begin{verbatim}\n1 A\n\\end{verbatim}\n\n");
        assert_eq!(s.pictures, ["b.pdf"]);
        let (tex, pictures) = problemtools_tex(&md).unwrap();
        assert!(tex.contains("\\problemname{T (X 1)}\n"), "{tex}");
        assert!(tex.contains("\\illustration{0.4}{b.pdf}{A cap}"), "{tex}");
        assert!(
            tex.contains("\\section*{Input}\n\n\\begin{itemize}"),
            "{tex}"
        );
        assert!(tex.contains("\\subsection*{Constraints}\n\n50\\%"), "{tex}");
        assert!(
            tex.contains("\\section*{Output}\n\n\\begin{verbatim}"),
            "{tex}"
        );
        assert!(
            !tex.contains("Sample"),
            "the tools typeset the samples: {tex}"
        );
        assert_eq!(pictures, ["b.pdf"]);
        md.check_samples(&[("s".into(), &b"1\n"[..], &b"2\n"[..])])
            .unwrap();
        let e = md
            .check_samples(&[("s".into(), &b"1\n"[..], &b"3\n"[..])])
            .unwrap_err();
        assert!(e.0.starts_with("t.md:") && e.0.contains("samples/s"), "{e}");
    }

    /// The error of `md` with its body (everything after the title line) replaced.
    fn error(body: &str) -> String {
        let md = format!("# T (X 1)\n\n{body}\n\n## Input\n\nx\n\n## Output\n\ny\n\n{SAMPLE}");
        match read(&md).and_then(|m| problemtools_tex(&m).map(|_| ())) {
            Ok(()) => panic!("{body:?} accepted"),
            Err(e) => e.0,
        }
    }

    #[test]
    fn what_is_not_in_the_subset_fails_at_its_line() {
        for (body, line, what) in [
            ("ok\n\n### Deeper", 5, "a heading"),
            ("ok\n1. first", 4, "a numbered list"),
            ("* item", 3, "not written `- `"),
            ("> quoted", 3, "a block quote"),
            ("| a | b |", 3, "a table"),
            ("a\nsee [here](x)", 4, "a link"),
            ("a *b* c", 3, "emphasis with `*`"),
            ("x\ny\na_b", 5, "emphasis with `_`"),
            ("<div>x</div>", 3, "an HTML block"),
            ("a <b>c</b>", 3, "an HTML tag"),
            ("a &nbsp; b", 3, "an HTML entity"),
            ("---", 3, "a rule"),
            ("    code", 3, "an indented line"),
            ("- a\n  b\n  c *d*", 5, "emphasis"),
            ("é", 3, "no LaTeX form"),
            ("![cap](board.png)", 3, "an SVG"),
            ("a `b", 3, "not closed"),
        ] {
            let e = error(body);
            assert!(
                e.starts_with(&format!("t.md:{line}: ")) && e.contains(what),
                "{body:?}: {e}"
            );
        }
    }
}
