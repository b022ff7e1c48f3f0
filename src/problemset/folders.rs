//! Solutions declared by their folder, as Kattis' `submissions/<verdict>/` and BAPCtools
//! declare them: every source file in `solutions/<problem>/<verdict>/` (beside judge.toml) is
//! a solution of `<problem>` that must get `<verdict>` (`accepted`, `wrong_answer`,
//! `time_limit_exceeded`), with no judge.toml entry. A `[[problem.solution]]` entry adds a
//! description, `catches` or `classic` to such a file, or declares a file of another folder
//! (another problem's: the per-case BFS of `solutions/sicily/accepted/` is too slow on
//! `sicilylarge`); an entry for a file of the problem's own folder that names another
//! outcome than the folder is an error ([`check_entry`]): the folder says what the file
//! must get. Only files of a language [`crate::runner::language`] knows are solutions (a
//! README or a header beside them is not); a subfolder of `solutions/<problem>/` whose name
//! is no verdict is an error, so that a misspelt `wrong_anwser/` does not drop its solutions
//! unseen.

use std::path::{Component, Path, PathBuf};

use crate::problemset::expected::Expected;
use crate::runner::language;

/// The folder beside judge.toml that holds the solutions.
pub const SOLUTIONS: &str = "solutions";

/// The longest description derived from a file's header comment, in characters.
const MAX_DESCRIPTION: usize = 160;

/// A solution found in a verdict folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its path relative to judge.toml's folder: `solutions/<problem>/<verdict>/<file>`.
    pub path: PathBuf,
    /// The verdict its folder names.
    pub expected: Expected,
}

/// The verdict a folder named `name` declares, if it is one (`accepted`, `wrong_answer`,
/// `time_limit_exceeded`).
pub fn verdict_folder(name: &str) -> Option<Expected> {
    Expected::ALL.into_iter().find(|e| e.name() == name)
}

/// The verdict folder names, for messages: `accepted, wrong_answer, time_limit_exceeded`.
fn verdict_names() -> String {
    let names: Vec<&str> = Expected::ALL.iter().map(|e| e.name()).collect();
    names.join(", ")
}

/// Checks a judge.toml entry of `problem` for the file `path` (relative to judge.toml's
/// folder) expected to get `expected`: a file in `solutions/<problem>/<folder>/` must be in
/// a verdict folder, and in the one of `expected`. Files elsewhere (another problem's
/// folder, any other place) may expect anything.
pub fn check_entry(problem: &str, path: &Path, expected: Expected) -> Result<(), String> {
    let parts: Vec<&str> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => part.to_str(),
            _ => None,
        })
        .collect();
    let [solutions, owner, folder, _, ..] = parts[..] else {
        return Ok(());
    };
    if solutions != SOLUTIONS || owner != problem {
        return Ok(());
    }
    match verdict_folder(folder) {
        Some(declared) if declared == expected => Ok(()),
        Some(declared) => Err(format!(
            "solution {}: its folder {SOLUTIONS}/{problem}/{folder}/ declares it {}, the entry \
             says expected = \"{}\": a file in a problem's own verdict folder gets that verdict \
             on it; move the file to {SOLUTIONS}/{problem}/{}/ or correct `expected`",
            path.display(),
            declared.name(),
            expected.name(),
            expected.name()
        )),
        None => Err(not_a_verdict(problem, folder)),
    }
}

/// The message for a subfolder of `solutions/<problem>/` that is no verdict folder.
fn not_a_verdict(problem: &str, folder: &str) -> String {
    format!(
        "{SOLUTIONS}/{problem}/{folder}/ is not a verdict folder (this judge checks {}): a \
         source file in {SOLUTIONS}/{problem}/<verdict>/ is a solution of {problem} that must \
         get that verdict; rename the folder, or keep other files directly in \
         {SOLUTIONS}/{problem}/ or outside {SOLUTIONS}/{problem}/",
        verdict_names()
    )
}

/// The solutions the verdict folders of `problem` declare, under `root` (judge.toml's
/// folder): every file of a known language directly in `solutions/<problem>/<verdict>/`,
/// by verdict (in [`Expected::ALL`]'s order), then by name. No `solutions/<problem>/`: none.
/// An error names a subfolder that is no verdict folder, or a folder that cannot be read.
pub fn discover(root: &Path, problem: &str) -> Result<Vec<Found>, String> {
    let relative = Path::new(SOLUTIONS).join(problem);
    let dir = root.join(&relative);
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let read = |dir: &Path| -> Result<Vec<(String, PathBuf)>, String> {
        let mut entries = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
            let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with('.') {
                entries.push((name, entry.path()));
            }
        }
        entries.sort();
        Ok(entries)
    };
    let mut found = Vec::new();
    let mut folders: Vec<(Expected, String)> = Vec::new();
    for (name, path) in read(&dir)? {
        if !path.is_dir() {
            continue;
        }
        match verdict_folder(&name) {
            Some(expected) => folders.push((expected, name)),
            None => return Err(not_a_verdict(problem, &name)),
        }
    }
    folders.sort_by_key(|(expected, _)| Expected::ALL.iter().position(|e| e == expected));
    for (expected, folder) in folders {
        for (name, path) in read(&dir.join(&folder))? {
            if path.is_file() && language::of(&path).is_some() {
                found.push(Found {
                    path: relative.join(&folder).join(name),
                    expected,
                });
            }
        }
    }
    Ok(found)
}

/// The source files of a known language whose path relative to `root` (judge.toml's
/// folder) `matches` (a `--solutions` glob), sorted. The walk starts at the folder of
/// `glob` before its first wildcard and skips hidden folders and `target/`.
pub fn matching_sources(root: &Path, glob: &str, matches: &dyn Fn(&str) -> bool) -> Vec<PathBuf> {
    let literal = glob.find(['*', '?']).map_or(glob, |i| &glob[..i]);
    let start = literal.rfind('/').map_or("", |i| &literal[..i]);
    let mut found = Vec::new();
    let mut stack = vec![PathBuf::from(start)];
    while let Some(relative) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(root.join(&relative)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = relative.join(&name);
            if name.starts_with('.') || path == Path::new("target") {
                continue;
            }
            if entry.path().is_dir() {
                stack.push(path);
            } else if language::of(&path).is_some() && matches(&path.to_string_lossy()) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The outcome a source given by its path, outside the declared solutions, must get: the
/// verdict its folder names (`my/wrong_answer/x.cpp`: wrong_answer), else accepted.
pub fn expected_by_folder(path: &Path) -> Expected {
    path.parent()
        .and_then(Path::file_name)
        .and_then(|n| verdict_folder(&n.to_string_lossy()))
        .unwrap_or(Expected::Accepted)
}

/// A description of the solution in `source`: the first sentence of its header comment (the
/// comment lines at its top, after a `#!` line; `//`, `//!`, `///`, `#`, `/* */`), at most
/// [`MAX_DESCRIPTION`] characters, or else its file name.
pub fn describe(source: &Path) -> String {
    let name = || {
        source
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    };
    let Ok(text) = std::fs::read_to_string(source) else {
        return name();
    };
    let sentence = first_sentence(&header_comment(&text));
    if sentence.is_empty() {
        return name();
    }
    if sentence.chars().count() > MAX_DESCRIPTION {
        let cut: String = sentence.chars().take(MAX_DESCRIPTION - 3).collect();
        return format!("{}...", cut.trim_end());
    }
    sentence
}

/// The text of the comment lines at the top of a source, up to its first empty comment
/// line or first line of code, joined by spaces.
fn header_comment(text: &str) -> String {
    let mut words: Vec<&str> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if i == 0 && line.starts_with("#!") {
            continue;
        }
        let body = ["//!", "///", "//", "/**", "/*", "*/", "*", "#"]
            .iter()
            .find_map(|mark| line.strip_prefix(mark));
        let Some(body) = body else { break };
        let body = body.trim_end_matches("*/").trim();
        if body.is_empty() {
            if words.is_empty() {
                continue;
            }
            break;
        }
        words.push(body);
    }
    words.join(" ")
}

/// The text up to the end of its first sentence (a `.` followed by a space or the end), the
/// full stop left out.
fn first_sentence(text: &str) -> String {
    let end = text
        .match_indices(". ")
        .map(|(i, _)| i)
        .next()
        .unwrap_or(text.len());
    text[..end].trim_end_matches('.').trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_comment_gives_the_first_sentence() {
        let cpp = "// USACO 3.2, accepted: one BFS. Boards by rank.\n// More.\n#include <x>\n";
        assert_eq!(
            first_sentence(&header_comment(cpp)),
            "USACO 3.2, accepted: one BFS"
        );
        let py = "#!/usr/bin/env python3\n# A wrong one: moves\n# backwards\n\nimport sys\n";
        assert_eq!(
            first_sentence(&header_comment(py)),
            "A wrong one: moves backwards"
        );
        let rs = "//! Exact distances.\n//!\n//! Details.\nfn main() {}\n";
        assert_eq!(first_sentence(&header_comment(rs)), "Exact distances");
        let block = "/* Java, accepted: a table\n * of all boards. */\nclass A {}\n";
        assert_eq!(
            first_sentence(&header_comment(block)),
            "Java, accepted: a table of all boards"
        );
        assert_eq!(header_comment("int main() {}\n// late\n"), "");
    }

    #[test]
    fn an_entry_in_the_problems_own_folder_keeps_its_verdict() {
        let path = Path::new("solutions/msquare/wrong_answer/x.cpp");
        assert!(check_entry("msquare", path, Expected::WrongAnswer).is_ok());
        let e = check_entry("msquare", path, Expected::Accepted).unwrap_err();
        assert!(e.contains("declares it wrong_answer"), "{e}");
        // Another problem's folder, or no verdict folder at all: anything.
        assert!(check_entry("msquarelarge", path, Expected::Accepted).is_ok());
        assert!(check_entry("msquare", Path::new("my/x.cpp"), Expected::Accepted).is_ok());
        let e = check_entry(
            "msquare",
            Path::new("solutions/msquare/wrong_anwser/x.cpp"),
            Expected::WrongAnswer,
        )
        .unwrap_err();
        assert!(e.contains("wrong_anwser/ is not a verdict folder"), "{e}");
    }
}
