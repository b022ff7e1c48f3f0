//! A statement's Markdown read into its sections (the title checked against judge.toml's, the
//! sections known ones, each once), and its `## Sample` section checked against the sample
//! tests.

use crate::export::{ExportError, seconds, with_commas};

/// The sections a statement may have after its legend, in the order they are typeset.
pub const SECTIONS: [&str; 6] = [
    "Input",
    "Constraints",
    "Output",
    "Sample",
    "Notes",
    "What you see when judged",
];

/// One section of the Markdown: its heading (empty for the legend), the line of the heading
/// and its lines with their numbers (from 1).
#[derive(Debug, Clone)]
pub(super) struct Section {
    heading: String,
    line: usize,
    pub(super) lines: Vec<(usize, String)>,
}

/// A statement read from its Markdown and checked against the title.
#[derive(Debug, Clone)]
pub struct Markdown {
    /// The file, for messages (`statements/msquare.md`).
    pub path: String,
    /// The title (the `# ` line, judge.toml's title).
    pub title: String,
    sections: Vec<Section>,
}

impl Markdown {
    /// Reads the statement `md` (the file `path`, for messages): its `# ` line must be
    /// `title` (judge.toml's title of the problem), its sections known ones, each once.
    pub fn read(path: &str, md: &str, title: &str) -> Result<Markdown, ExportError> {
        let at = |line: usize, what: String| ExportError(format!("{path}:{line}: {what}"));
        let mut sections = vec![Section {
            heading: String::new(),
            line: 1,
            lines: Vec::new(),
        }];
        let mut found_title = false;
        // The line of the code fence that is open, if one is.
        let mut fenced: Option<usize> = None;
        for (i, line) in md.lines().enumerate() {
            let n = i + 1;
            if line.starts_with("```") {
                fenced = if fenced.is_some() { None } else { Some(n) };
            }
            let fenced = fenced.is_some();
            if !fenced && let Some(text) = line.strip_prefix("# ") {
                if found_title {
                    return Err(at(n, "a second `# ` title line".into()));
                }
                if sections.len() > 1 || sections[0].lines.iter().any(|(_, l)| !l.trim().is_empty())
                {
                    return Err(at(n, "the `# ` title line must come first".into()));
                }
                if text.trim() != title {
                    return Err(at(
                        n,
                        format!(
                            "the title {:?} is not judge.toml's title of the problem, {title:?}: \
                             every export takes judge.toml's, so make the two equal",
                            text.trim()
                        ),
                    ));
                }
                found_title = true;
                continue;
            }
            if !fenced && let Some(heading) = line.strip_prefix("## ") {
                let heading = heading.trim();
                if !SECTIONS.contains(&heading) {
                    return Err(at(
                        n,
                        format!(
                            "`## {heading}` is not a section the exports know (they know {})",
                            SECTIONS.map(|s| format!("`## {s}`")).join(", ")
                        ),
                    ));
                }
                if let Some(earlier) = sections.iter().find(|s| s.heading == heading) {
                    return Err(at(
                        n,
                        format!(
                            "a second `## {heading}` (the first is line {})",
                            earlier.line
                        ),
                    ));
                }
                sections.push(Section {
                    heading: heading.to_string(),
                    line: n,
                    lines: Vec::new(),
                });
                continue;
            }
            if !found_title && !line.trim().is_empty() {
                return Err(at(
                    n,
                    format!("the statement must start with its title line, `# {title}`"),
                ));
            }
            if let Some(last) = sections.last_mut() {
                last.lines.push((n, line.to_string()));
            }
        }
        if let Some(n) = fenced {
            return Err(at(n, "a code block is not closed".into()));
        }
        if !found_title {
            return Err(at(
                1,
                format!("no title line: the statement must start with `# {title}`"),
            ));
        }
        let md = Markdown {
            path: path.to_string(),
            title: title.to_string(),
            sections,
        };
        for required in ["Input", "Output", "Sample"] {
            if md.section(required).is_none() {
                let end = md.sections.last().map_or(1, |s| s.line);
                return Err(at(end, format!("no `## {required}` section")));
            }
        }
        Ok(md)
    }

    /// The section under `## heading` (`""`: the legend), if the statement has it.
    pub(super) fn section(&self, heading: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.heading == heading)
    }

    /// The lines of the section under `## heading` (`""`: the legend) as written, with their
    /// numbers, if the statement has it: for the exports whose form is Markdown.
    pub fn source_lines(&self, heading: &str) -> Option<Vec<(usize, &str)>> {
        self.section(heading)
            .map(|s| s.lines.iter().map(|(n, l)| (*n, l.as_str())).collect())
    }

    /// An error at line `line` of the statement's file.
    pub(super) fn at(&self, line: usize, what: impl std::fmt::Display) -> ExportError {
        ExportError(format!("{}:{line}: {what}", self.path))
    }

    /// Checks that the `## Sample` section shows exactly the sample tests: its code blocks, in
    /// pairs, are each test's input and answer (`samples`: the test's name, input, answer).
    pub fn check_samples(&self, samples: &[(String, &[u8], &[u8])]) -> Result<(), ExportError> {
        let section = self.section("Sample").expect("read() requires it");
        let mut blocks: Vec<(usize, String)> = Vec::new();
        let mut open: Option<(usize, String)> = None;
        for (n, line) in &section.lines {
            if line.starts_with("```") {
                match open.take() {
                    Some(block) => blocks.push(block),
                    None => open = Some((*n, String::new())),
                }
            } else if let Some((_, text)) = &mut open {
                text.push_str(line);
                text.push('\n');
            }
        }
        if let Some((n, _)) = open {
            return Err(self.at(n, "a code block is not closed"));
        }
        if blocks.len() != 2 * samples.len() {
            return Err(self.at(
                section.line,
                format!(
                    "`## Sample` shows {} code block(s); the samples group has {} test(s), so it \
                     must show {} (each test's input, then its answer)",
                    blocks.len(),
                    samples.len(),
                    2 * samples.len()
                ),
            ));
        }
        for (k, (name, input, answer)) in samples.iter().enumerate() {
            for ((n, shown), (what, bytes)) in blocks[2 * k..2 * k + 2]
                .iter()
                .zip([("input", input), ("answer", answer)])
            {
                if shown.as_bytes() != *bytes {
                    return Err(self.at(
                        *n,
                        format!(
                            "the sample's {what} is not the {what} of test samples/{name} \
                             (judge.toml): {shown:?} shown, {:?} tested",
                            String::from_utf8_lossy(bytes)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Markdown {
    /// Checks that the `## Constraints` section states judge.toml's limits, `Time limit: 2
    /// seconds`, `Memory limit: 256 MiB` and, when an input may hold more than one case, `At
    /// most 30` (cases, boards; a phrase may wrap over lines): every statement form an export makes
    /// (LaTeX, Markdown, and the PDF typeset from the LaTeX) says what the Markdown says, so
    /// none contradicts judge.toml. A missing or different limit is an error at its line.
    pub fn check_limits(
        &self,
        time_limit: f64,
        memory_limit: u64,
        max_cases: usize,
    ) -> Result<(), ExportError> {
        let unit = if time_limit == 1.0 {
            "second"
        } else {
            "seconds"
        };
        let mut limits = vec![
            (
                "time_limit",
                "Time limit:",
                format!("Time limit: {} {unit}", seconds(time_limit)),
            ),
            (
                "memory_limit",
                "Memory limit:",
                format!("Memory limit: {memory_limit} MiB"),
            ),
        ];
        if max_cases > 1 {
            // Followed by the format's word for a case: cases, boards.
            let most = format!("At most {}", with_commas(max_cases));
            limits.push(("max_cases", "At most", most));
        }
        let Some(section) = self.section("Constraints") else {
            let end = self.sections.last().map_or(1, |s| s.line);
            let all: Vec<String> = limits.iter().map(|(_, _, l)| format!("`{l}`")).collect();
            return Err(self.at(
                end,
                format!(
                    "no `## Constraints` section: it must state judge.toml's limits, {}",
                    all.join(", ")
                ),
            ));
        };
        // The section's words joined by single spaces, and where each line starts in them.
        let mut text = String::new();
        let mut starts: Vec<(usize, usize)> = Vec::new();
        for (n, line) in &section.lines {
            starts.push((text.len(), *n));
            for word in line.split_whitespace() {
                text.push_str(word);
                text.push(' ');
            }
        }
        let line_at = |offset: usize| {
            starts
                .iter()
                .rev()
                .find(|(start, _)| *start <= offset)
                .map_or(section.line, |(_, n)| *n)
        };
        for (key, lead, phrase) in limits {
            // The phrase, not followed by more of a word or a number (`1 seconds`, `2560 MiB`,
            // `At most 30,000`).
            let stated = text.match_indices(&phrase).any(|(i, _)| {
                let rest = &text[i + phrase.len()..];
                let digit = |t: &str| t.starts_with(|c: char| c.is_ascii_digit());
                !(rest.starts_with(char::is_alphanumeric)
                    || rest.strip_prefix(',').is_some_and(digit))
            });
            if stated {
                continue;
            }
            let (line, says) = match text.find(lead) {
                Some(i) => {
                    let words = phrase.split(' ').count();
                    let found: Vec<&str> = text[i..].split(' ').take(words).collect();
                    (line_at(i), format!("says `{}`", found.join(" ")))
                }
                None => (section.line, "does not state it".to_string()),
            };
            return Err(self.at(
                line,
                format!(
                    "judge.toml's {key} makes it `{phrase}`, and `## Constraints` {says}: \
                     every statement an export makes says what this file says, so write \
                     `{phrase}` (and remake the PDFs, .ci/statement-pdfs)"
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A `## Sample` section showing one test: its input `1`, its answer `2`.
    pub(in crate::export::statement) const SAMPLE: &str =
        "## Sample\n\n```text\n1\n```\n\n```text\n2\n```\n";

    /// `md` read as the statement `t.md` of the problem titled `T (X 1)`.
    pub(in crate::export::statement) fn read(md: &str) -> Result<Markdown, ExportError> {
        Markdown::read("t.md", md, "T (X 1)")
    }

    #[test]
    fn the_constraints_state_judge_tomls_limits() {
        let md = "# T (X 1)\n\n## Input\n\nx\n\n## Constraints\n\n- At most 1,000 cases.\n- Time \
                  limit: 2\n  seconds. Memory limit: 256 MiB.\n\n## Output\n\ny\n\n";
        let md = read(&format!("{md}{SAMPLE}")).unwrap();
        assert!(md.check_limits(2.0, 256, 1000).is_ok());
        assert!(md.check_limits(2.0, 256, 1).is_ok());
        let e = md.check_limits(1.0, 256, 1000).unwrap_err();
        assert!(
            e.0.starts_with("t.md:10: judge.toml's time_limit makes it `Time limit: 1 second`"),
            "{e}"
        );
        assert!(e.0.contains("says `Time limit: 2 seconds.`"), "{e}");
        let e = md.check_limits(2.0, 25, 1000).unwrap_err();
        assert!(e.0.starts_with("t.md:11: judge.toml's memory_limit"), "{e}");
        let e = md.check_limits(2.0, 256, 100).unwrap_err();
        assert!(
            e.0.starts_with("t.md:9: judge.toml's max_cases makes it `At most 100`"),
            "{e}"
        );
        let none = read(&format!(
            "# T (X 1)\n\n## Input\n\nx\n\n## Output\n\ny\n\n{SAMPLE}"
        ))
        .unwrap();
        let e = none.check_limits(1.0, 256, 1).unwrap_err();
        assert!(e.0.contains("no `## Constraints` section"), "{e}");
    }

    #[test]
    fn the_title_must_be_judge_tomls() {
        let rest = "\n## Input\n\nx\n\n## Output\n\ny\n\n";
        let e = read(&format!("# T (X 2)\n{rest}{SAMPLE}")).unwrap_err();
        assert!(e.0.starts_with("t.md:1: the title \"T (X 2)\""), "{e}");
        assert!(e.0.contains("\"T (X 1)\""), "{e}");
        let e = read(&format!("Intro\n# T (X 1)\n{rest}{SAMPLE}")).unwrap_err();
        assert!(e.0.starts_with("t.md:1: "), "{e}");
        let e = read(&format!("# T (X 1)\n{rest}{SAMPLE}\n# T (X 1)\n")).unwrap_err();
        assert!(e.0.contains("a second `# ` title line"), "{e}");
        let e = read(&format!("# T (X 1)\n{rest}## Usage\n\n{SAMPLE}")).unwrap_err();
        assert!(e.0.starts_with("t.md:11: `## Usage`"), "{e}");
        let e = read("# T (X 1)\n\n## Input\n\n```\nx\n").unwrap_err();
        assert!(e.0.starts_with("t.md:5: a code block is not closed"), "{e}");
        let e = read("# T (X 1)\n\n## Input\n\nx\n\n## Sample\n").unwrap_err();
        assert!(e.0.contains("no `## Output` section"), "{e}");
    }
}
