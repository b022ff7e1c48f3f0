//! README's quick start as the tests read it: the output lines it shows under a command, and
//! whether a shown line is one the command printed.

use super::cli::repo;

/// The output lines (`#  ...`) the quick start shows under the command that starts with
/// `command`, the `#  ` left out.
pub fn shown_under(command: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let mut lines = readme.lines().skip_while(|l| !l.starts_with(command));
    assert!(
        lines.next().is_some(),
        "README's quick start runs `{command}`"
    );
    let shown: Vec<String> = lines
        .map_while(|l| l.trim_start().strip_prefix("#  ").map(str::to_string))
        .collect();
    assert!(!shown.is_empty(), "README shows the output of `{command}`");
    shown
}

/// Whether `shown` (a quick-start output line) is a line of `actual`: runs of white space
/// count as one space, a note at its end set off by two spaces or more (`  (exit 1)`) is left
/// out, and `...` stands for any text.
pub fn shows(shown: &str, actual: &str) -> bool {
    let note = regex::Regex::new(r"\s{2,}\([^()]*\)\s*$").unwrap();
    let collapse = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown = collapse(&note.replace(shown, ""));
    let pieces: Vec<&str> = shown.split("...").map(str::trim).collect();
    actual.lines().map(collapse).any(|line| {
        let mut from = 0;
        pieces.iter().all(|piece| match line[from..].find(piece) {
            Some(at) => {
                from += at + piece.len();
                true
            }
            None => false,
        })
    })
}
