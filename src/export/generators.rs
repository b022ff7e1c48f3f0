//! Generator programs of one's own in the packages that can run them: Polygon (generators in
//! `files/`, `script.txt` lines) and ICPC 2025-09 (`generators/generators.yaml`, BAPCtools'
//! format). A test of judge.toml made by such a program (`{ generator = "python3
//! generators/corners.py --format sicily --seed {seed}" }`) travels as the program and its
//! command, `{seed}` resolved as `judge build` resolved it, so the judge remakes the same
//! bytes. Every other test stays a file of the package: boardjudge's built-in `gen` is no
//! program a package carries (Polygon runs generators on Windows, BAPCtools its own
//! languages), and a manual input is its file; each is listed with how it was made.
//!
//! A program travels when it is one source file directly in `generators/` (Python, C or C++:
//! languages both judges run), run as `python3 generators/NAME.py ARGS` or `generators/NAME.EXT
//! ARGS`, and no argument names a file (the package would not have it). Any other program's
//! tests go in as files, and the export says why in a note.

use std::path::Path;

use crate::export::cases::IcpcCase;
use crate::export::package::Package;
use crate::export::problem_package::data_paths;
use crate::export::{Source, yaml_str};
use crate::problemset::build::BuiltTest;
use crate::problemset::plan::{Expected, TestSource};

/// The file extensions of generator programs that travel: Python 3, C++ and C, which Polygon
/// and BAPCtools both run.
pub const EXTENSIONS: [&str; 4] = ["py", "cpp", "cc", "c"];

/// A test made by a generator program that travels with the package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// The program's file name in `generators/` (`corners.py`).
    pub file: String,
    /// The name judges call it by: the file name without its extension (`corners`).
    pub name: String,
    /// Its arguments, `{seed}` resolved.
    pub args: Vec<String>,
}

impl Program {
    /// The arguments joined by single spaces.
    pub fn arguments(&self) -> String {
        self.args.join(" ")
    }
}

/// How a test is made, for the packages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Made {
    /// By a generator program that travels.
    Program(Program),
    /// By boardjudge's built-in `gen`: the command (judge.toml's).
    Gen(String),
    /// Written out in judge.toml.
    Written,
    /// By a program of one's own that cannot travel: the command that ran (judge.toml's,
    /// `{seed}` resolved, see [`resolved`]), and why not.
    Stays(String, String),
}

impl Made {
    /// One line for a person: how the test was made.
    pub fn describe(&self) -> String {
        match self {
            Made::Program(p) => format!("{} {}", p.name, p.arguments()),
            Made::Gen(command) => command.clone(),
            Made::Written => "written out in judge.toml".to_string(),
            Made::Stays(command, _) => command.clone(),
        }
    }
}

/// How `test` is made, and whether its program can travel (`repo`: the repository root,
/// where the program's words are paths).
pub fn made(test: &BuiltTest, repo: &Path) -> Made {
    match &test.plan.source {
        TestSource::Generator { command, .. } => Made::Gen(command.clone()),
        TestSource::Manual(_) => Made::Written,
        TestSource::Program { expanded, .. } => match program(expanded, repo) {
            Ok(p) => Made::Program(p),
            Err(why) => Made::Stays(resolved(&test.plan.source), why),
        },
    }
}

/// A program's command as it ran, for a person: judge.toml's command with `{seed}` resolved
/// (`python3 generators/corners.py --seed 1725456149 (judge.toml, {seed} resolved)`), or
/// `... (judge.toml)` when it has no `{seed}`; any other test's [`TestSource::describe`].
pub fn resolved(source: &TestSource) -> String {
    match source {
        TestSource::Program {
            command, expanded, ..
        } if command.contains("{seed}") => format!("{expanded} (judge.toml, {{seed}} resolved)"),
        TestSource::Program { expanded, .. } => format!("{expanded} (judge.toml)"),
        other => other.describe().to_string(),
    }
}

/// The program of a generator command (`{seed}` expanded), or why it cannot travel.
fn program(expanded: &str, repo: &Path) -> Result<Program, String> {
    let words: Vec<&str> = expanded.split_whitespace().collect();
    let (path, args) = match words.as_slice() {
        ["python3" | "python" | "pypy3", path, args @ ..] if !path.starts_with('-') => {
            (*path, args)
        }
        [path, args @ ..] => (*path, args),
        [] => return Err("the command is empty".into()),
    };
    if repo.join(path).is_dir() {
        return Err(format!(
            "{path} is a folder generator (a Python program as a folder: its __main__.py and \
             the modules beside it, run as `python3 {path}`), and only a generator of one \
             source file travels (Polygon takes a generator as one file)"
        ));
    }
    let file = path
        .strip_prefix("generators/")
        .filter(|f| !f.contains('/'))
        .ok_or_else(|| format!("{path} is not a file directly in generators/"))?;
    let (name, extension) = file
        .rsplit_once('.')
        .ok_or_else(|| format!("{path} has no extension"))?;
    if !EXTENSIONS.contains(&extension) {
        return Err(format!(
            "{path}: only Python, C and C++ generators travel (Polygon and BAPCtools run them)"
        ));
    }
    if !repo.join(path).is_file() {
        return Err(format!("{path} is not a file"));
    }
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(format!(
            "{path}: a generator's name is letters, digits, '-' and '_'"
        ));
    }
    if let Some(arg) = args
        .iter()
        .find(|a| !a.starts_with('-') && repo.join(a).exists())
    {
        return Err(format!(
            "its argument {arg} names a file, which the package does not carry"
        ));
    }
    Ok(Program {
        file: file.to_string(),
        name: name.to_string(),
        args: args.iter().map(|a| a.to_string()).collect(),
    })
}

/// How every test of the problem is made, in plan order, and a note for each test whose
/// program cannot travel (also when two programs of different files would share a name).
pub fn made_all<'a>(source: &Source<'a>) -> (Vec<(&'a BuiltTest, Made)>, Vec<String>) {
    let mut out: Vec<(&BuiltTest, Made)> = Vec::new();
    let mut notes = Vec::new();
    for t in &source.tests.tests {
        let mut m = made(t, source.repo);
        if let Made::Program(p) = &m {
            let clash = out.iter().any(
                |(_, o)| matches!(o, Made::Program(q) if q.name == p.name && q.file != p.file),
            );
            if clash {
                m = Made::Stays(
                    resolved(&t.plan.source),
                    format!("another generator is called {} too", p.name),
                );
            }
        }
        if let Made::Stays(command, why) = &m {
            notes.push(format!(
                "test {} goes in as a file: {why} (it ran as {command})",
                t.plan.id()
            ));
        }
        out.push((t, m));
    }
    (out, notes)
}

/// The accepted solution that makes the answers of generated tests in the 2025-09 package
/// (`/submissions/accepted/FILE`): the first accepted Python one (nothing to compile), else
/// the first accepted one the package carries. Every accepted solution writes the canonical
/// answer (the answer validator accepts nothing else).
fn answer_solution(source: &Source, extensions: &[&str]) -> Option<String> {
    let accepted: Vec<&str> = source
        .problem
        .solutions
        .iter()
        .filter(|s| s.expected == Expected::Accepted)
        .filter_map(|s| s.path.file_name()?.to_str())
        .filter(|f| {
            f.rsplit_once('.')
                .is_some_and(|(_, e)| extensions.contains(&e))
        })
        .collect();
    accepted
        .iter()
        .find(|f| f.ends_with(".py"))
        .or(accepted.first())
        .map(|f| format!("/submissions/accepted/{f}"))
}

/// The head of generators.yaml: what it is and how to use it.
const YAML_HEAD: &str = "\
# How every test in data/ is made, written by `judge export icpc` from judge.toml, in
# BAPCtools' generators.yaml format (`bt generate` remakes data/ from it, byte for byte:
# boardjudge's .ci/icpc-generators proves it). A test made by a generator program of one's
# own is its `generate:` command (the program is beside this file; the seed is the one
# judge.toml's {seed} became), its answer written by its `solution:`. Every other test is
# copied, input and answer, from copied/: made by boardjudge's built-in `gen` (the command is
# the comment above it; no package carries that program) or written out in judge.toml. The
# validator's and the checker's own tests (invalid_input, invalid_answer, invalid_output,
# valid_output: boardjudge's cases/NAME.toml, why each is there above it) are copied too.
# No default solution: every copied test has its answer.
solution:
# The checker reads lines: moving a token to another line, or changing the case of a move
# letter, makes a wrong answer (data/test_group.yaml).
test_group.yaml:
";

/// Adds `generators/generators.yaml`, the programs that travel and `generators/copied/` (every
/// other test's input and answer, under its path in data/) to a 2025-09 package; the notes
/// say which tests' programs could not travel. `extensions`: the languages of the package's
/// submissions; `test_group`: its data/test_group.yaml (a YAML mapping, no comments); `cases`:
/// the validator's and the checker's own tests ([`crate::export::cases::icpc`]), copied likewise.
pub fn add_icpc(
    p: &mut Package,
    source: &Source,
    extensions: &[&str],
    test_group: &str,
    cases: &[IcpcCase],
) -> Result<Vec<String>, crate::export::ExportError> {
    let (made, notes) = made_all(source);
    let how = |t: &BuiltTest| {
        made.iter()
            .find(|(m, _)| std::ptr::eq(*m, t))
            .map(|(_, h)| h)
            .expect("every test")
    };
    let paths = data_paths(source)?;
    let solution = if made.iter().any(|(_, m)| matches!(m, Made::Program(_))) {
        Some(answer_solution(source, extensions).ok_or_else(|| {
            crate::export::ExportError(format!(
                "problem {}: a generated test needs an accepted solution for its answer",
                source.problem.name
            ))
        })?)
    } else {
        None
    };
    let mut yaml = String::from(YAML_HEAD);
    for line in test_group.lines() {
        yaml.push_str(&format!("  {line}\n"));
    }
    yaml.push_str("data:\n");
    let mut open: Vec<String> = Vec::new();
    for (path, t) in &paths {
        // The directories of this test (`secret`, `01-edge`), opened as needed.
        let dirs: Vec<String> = path.split('/').map(String::from).collect();
        let (name, dirs) = dirs.split_last().expect("a path");
        let common = open.iter().zip(dirs).take_while(|(a, b)| a == b).count();
        open.truncate(common);
        for dir in &dirs[common..] {
            let indent = "    ".repeat(open.len());
            let key = if open.is_empty() {
                dir.clone()
            } else {
                yaml_str(dir)
            };
            yaml.push_str(&format!("{indent}  {key}:\n{indent}    data:\n"));
            open.push(dir.clone());
        }
        let indent = "    ".repeat(open.len()) + "  ";
        let m = how(t);
        let comment = match m {
            Made::Program(_) => resolved(&t.plan.source),
            other => other.describe(),
        };
        yaml.push_str(&format!(
            "{indent}# {comment}\n{indent}{}:\n",
            yaml_str(name)
        ));
        match m {
            Made::Program(program) => {
                yaml.push_str(&format!(
                    "{indent}  generate: {}\n",
                    yaml_str(&format!("{} {}", program.file, program.arguments()))
                ));
                let solution = solution.as_deref().expect("set above");
                yaml.push_str(&format!("{indent}  solution: {solution}\n"));
                let bytes = source.read(&Path::new("generators").join(&program.file))?;
                p.add(format!("generators/{}", program.file), bytes);
            }
            _ => {
                yaml.push_str(&format!("{indent}  copy: copied/{path}\n"));
                p.add(format!("generators/copied/{path}.in"), t.input.clone());
                p.add(format!("generators/copied/{path}.ans"), t.answer.clone());
            }
        }
    }
    // The validator's and the checker's own tests, each copied from copied/ like a test.
    let mut open_dir = "";
    for c in cases {
        if c.dir != open_dir {
            yaml.push_str(&format!("  {}:\n    data:\n", c.dir));
            open_dir = c.dir;
        }
        let path = format!("{}/{}", c.dir, c.name);
        yaml.push_str(&format!(
            "      # {}\n      {}:\n        copy: copied/{path}\n",
            c.why.replace('\n', " "),
            yaml_str(&c.name)
        ));
        for (extension, bytes) in &c.files {
            p.add(
                format!("generators/copied/{path}{extension}"),
                bytes.clone(),
            );
        }
    }
    p.add("generators/generators.yaml", yaml);
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn a_single_file_program_in_generators_travels_with_its_arguments() {
        let p = program(
            "python3 generators/corners.py --format sicily --seed 12 --cases 15",
            repo(),
        )
        .unwrap();
        assert_eq!(p.file, "corners.py");
        assert_eq!(p.name, "corners");
        assert_eq!(p.arguments(), "--format sicily --seed 12 --cases 15");
        let p = program("generators/corners.py --seed 1", repo()).unwrap();
        assert_eq!(
            (p.name.as_str(), p.arguments()),
            ("corners", "--seed 1".into())
        );
    }

    #[test]
    fn other_programs_stay_with_the_reason() {
        for (command, why) in [
            ("python3 generators/nosuch.py --seed 1", "is not a file"),
            (
                "python3 solutions/sicily/accepted/bfs_table.py",
                "not a file directly in generators/",
            ),
            ("generators/big.rs 100", "only Python, C and C++"),
            ("python3 generators/corners.py judge.toml", "names a file"),
            ("generators/corners --seed 1", "no extension"),
            (
                "python3 generators --seed 1",
                "generators is a folder generator (a Python program as a folder: its \
                 __main__.py and the modules beside it, run as `python3 generators`)",
            ),
        ] {
            let e = program(command, repo()).unwrap_err();
            assert!(e.contains(why), "{command}: {e}");
        }
    }
}
