//! The solutions named on `judge run`'s and `judge stress`'s command lines: source files (with
//! the `--std` they are built as), `--command` lines and the command after `--`, and the
//! messages for words that are not what they should be; and `judge strength --with`'s files.

use std::path::{Path, PathBuf};

use boardjudge::cli::solution_call;
use boardjudge::judging::matrix_runs::given::Given;
use boardjudge::problemset::expected::Expected;
use boardjudge::problemset::folders;
use boardjudge::problemset::plan::SolutionPlan;
use boardjudge::runner::language::{self, Standard};
use boardjudge::text::name;

use crate::takes_value;

/// The standards `--std` names (`cpp98`, `c99`): at most one per language, each of the
/// language of some source of `sources`.
pub fn standards(ids: &[String], sources: &[PathBuf]) -> Result<Vec<&'static Standard>, String> {
    let mut chosen: Vec<(&'static str, &'static Standard)> = Vec::new();
    for id in ids {
        let (l, standard) = language::standard(id).map_err(|e| format!("--std: {e}"))?;
        if let Some((_, first)) = chosen.iter().find(|(other, _)| *other == l.id) {
            return Err(format!(
                "--std {} and --std {}: one standard per language",
                first.id, standard.id
            ));
        }
        if !sources.iter().any(|s| language::of(s) == Some(l)) {
            return Err(format!(
                "--std {}: no {} source file is given",
                standard.id, l.name
            ));
        }
        chosen.push((l.id, standard));
    }
    Ok(chosen.into_iter().map(|(_, s)| s).collect())
}

/// `source` to build, as the one of `standards` of its language, if any.
pub fn given_source(source: PathBuf, standards: &[&'static Standard]) -> Given {
    let standard = language::of(&source)
        .and_then(|l| standards.iter().copied().find(|s| l.standards.contains(s)));
    Given::Source(source, standard)
}

/// The solutions of `judge run`: the source files (built as the one of `standards` of their
/// language), then each --command split as a shell splits words, then the command after `--`.
pub fn given_solutions(
    sources: Vec<PathBuf>,
    standards: &[&'static Standard],
    commands: &[String],
    command: Vec<String>,
) -> Result<Vec<Given>, String> {
    let mut solutions: Vec<Given> = (sources.into_iter())
        .map(|s| given_source(s, standards))
        .collect();
    for line in commands {
        match shell_words::split(line) {
            Ok(words) if words.is_empty() => {
                return Err(format!("--command {line:?} holds no command"));
            }
            Ok(words) => solutions.push(Given::Command(words)),
            Err(e) => return Err(format!("--command {line:?}: {e}")),
        }
    }
    if !command.is_empty() {
        solutions.push(Given::Command(command));
    }
    Ok(solutions)
}

/// True when `word` names a source file of a known language.
pub fn is_source(word: &str) -> bool {
    language::of(std::path::Path::new(word)).is_some()
}

/// For `judge run` or `judge stress` (`command`) given `file`, no source file, where source
/// files go (`judge run msquare ./sol`, `judge run msquare python3 sol.py`): the message,
/// with the call it should have been.
pub fn not_a_source(file: &std::path::Path, problem: &str, command: &str) -> String {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let call = solution_call(&argv, &|option| takes_value(&argv, option), &is_source)
        .unwrap_or_else(|| format!("judge {command} {problem} -- {}", file.display()));
    format!(
        "{}: not a source file of a known language (expected {}); a program's command goes \
         after `--`: {}",
        name(&file.display().to_string()),
        language::known_extensions(),
        name(&call)
    )
}

/// The message for the first source file that does not exist (a bad argument), if any.
pub fn missing_source(sources: &[PathBuf]) -> Option<String> {
    sources
        .iter()
        .find(|s| !s.is_file())
        .map(|file| format!("{}: no such source file", name(&file.display().to_string())))
}

/// A `judge strength --with [VERDICT=]FILE` solution, to join the shipped ones of a problem
/// rooted at `repo` (judge.toml's folder): the source `FILE` (relative to the current
/// directory; kept relative to `repo` when inside it), to get `VERDICT` if declared, else the
/// verdict of its folder's name (`wrong_answer/x.cpp`), else accepted.
pub fn with_solution(arg: &str, repo: &Path) -> Result<SolutionPlan, String> {
    let declared = arg.split_once('=').and_then(|(verdict, file)| {
        let expected = Expected::ALL.into_iter().find(|e| e.name() == verdict)?;
        Some((expected, file))
    });
    let file = Path::new(declared.map_or(arg, |(_, file)| file));
    let shown = || name(&file.display().to_string()).to_string();
    if language::of(file).is_none() {
        let names: Vec<&str> = Expected::ALL.iter().map(|e| e.name()).collect();
        return Err(format!(
            "--with {}: not a source file of a known language (expected {}); a verdict \
             before `=` is one of {}",
            name(arg),
            language::known_extensions(),
            names.join(", ")
        ));
    }
    let path = (file.canonicalize()).map_err(|e| format!("--with {}: {e}", shown()))?;
    if !path.is_file() {
        return Err(format!("--with {}: not a file", shown()));
    }
    let path = (repo.canonicalize().ok())
        .and_then(|root| path.strip_prefix(root).ok().map(Path::to_path_buf))
        .unwrap_or(path);
    Ok(SolutionPlan {
        expected: declared.map_or_else(|| folders::expected_by_folder(&path), |(e, _)| e),
        description: folders::describe(&repo.join(&path)),
        path,
        ..SolutionPlan::default()
    })
}
