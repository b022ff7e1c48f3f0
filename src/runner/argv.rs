//! A command to run, and which of its words name files the sandbox stages: said by whoever
//! made the command, never guessed from the words. The sandbox copies those files, and only
//! those, into the run's read-only `/program`; every other word (a Java class name, a flag, a
//! number) reaches the program as it is, and is never resolved against the judge's directory.

use std::ops::Deref;
use std::path::Path;

/// A command: the program, then its arguments, with the positions of the words that name
/// files to stage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Argv {
    words: Vec<String>,
    /// The positions of the words that name files, ascending.
    files: Vec<usize>,
}

impl Argv {
    /// A command whose words at `files` name files the caller made or was given (a build's
    /// executable, directory or source): those are staged, nothing else.
    pub fn with_files(words: Vec<String>, files: Vec<usize>) -> Argv {
        let mut files: Vec<usize> = files.into_iter().filter(|&k| k < words.len()).collect();
        files.sort_unstable();
        files.dedup();
        Argv { words, files }
    }

    /// A command the user wrote (after `--`, with `--command`, or in judge.toml): the
    /// program when it is a path (it has a `/`), and each argument that names an existing
    /// file or directory and is no option, are files the user named.
    pub fn named_by_user(words: Vec<String>) -> Argv {
        let files = (0..words.len())
            .filter(|&k| {
                let word = &words[k];
                if k == 0 {
                    word.contains('/')
                } else {
                    !word.starts_with('-') && Path::new(word).exists()
                }
            })
            .collect();
        Argv { words, files }
    }

    /// Adds `word` at the end, a file to stage when `is_file`.
    pub fn push(&mut self, word: String, is_file: bool) {
        if is_file {
            self.files.push(self.words.len());
        }
        self.words.push(word);
    }

    /// Whether the word at `position` names a file to stage.
    pub fn is_file(&self, position: usize) -> bool {
        self.files.binary_search(&position).is_ok()
    }
}

impl Deref for Argv {
    type Target = [String];

    fn deref(&self) -> &[String] {
        &self.words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_positions_said_are_files() {
        let words = ["java", "-cp", "/cache/x", "testdata"]
            .map(String::from)
            .to_vec();
        let argv = Argv::with_files(words, vec![2, 9]);
        assert!(argv.is_file(2));
        assert!(
            !argv.is_file(3),
            "a class name is a word, whatever exists beside the judge"
        );
        assert!(!argv.is_file(9));
    }

    #[test]
    fn a_users_command_names_its_existing_files() {
        let words = ["python3", "Cargo.toml", "-x", "no-such-file"].map(String::from);
        let argv = Argv::named_by_user(words.to_vec());
        assert!(!argv.is_file(0), "found on PATH, not a path");
        assert!(argv.is_file(1));
        assert!(!argv.is_file(2) && !argv.is_file(3));
    }
}
