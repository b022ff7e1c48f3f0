//! The README.md every package carries at its root, so that a package explains itself to
//! whoever receives it without this repository: what it is (the judge and the version of its
//! format), how to import it (the exact steps or commands), how it is scored, which files are
//! generated and from what (every test with the command that made it, seeds resolved), which
//! solutions it carries and the toolchain each needs, and how this repository verified it.
//!
//! Each export writes its own words for the sections that differ by judge ([`Words`]); this
//! module holds the frame, the same headings in the same order for every kind
//! ([`HEADINGS`]), and the parts every kind shares: the table of tests ([`write`]) and of
//! solutions. Everything comes from judge.toml and the verified test data, so the README is
//! the same bytes on every run.

use crate::export::Source;
use crate::export::generators::{Made, made, resolved};
use crate::export::package::{Carried, Package};
use crate::problemset::build::BuiltTest;

/// The README's path in a package. Neither problemtools' verifyproblem nor BAPCtools warns
/// about it at a package's root (`.ci/verify-packages` runs both with warnings as errors).
pub const FILE: &str = "README.md";

/// The problemtools release `.ci/verify-packages` installs (pinned; tests/export.rs checks
/// that the script pins the same).
pub const PROBLEMTOOLS: &str = "1.20260907";

/// The BAPCtools release `.ci/verify-packages` installs (pinned, likewise).
pub const BAPCTOOLS: &str = "2026.10.0";

/// The statement's pictures in `p` under `dir` (every file there but `problem.en.tex`), each
/// with what it is made from, for the README's table of generated files.
pub fn pictures(p: &Package, dir: &str) -> Vec<(String, String)> {
    p.files
        .keys()
        .filter_map(|path| {
            let picture = path.strip_prefix(dir)?.strip_prefix('/')?;
            (picture != "problem.en.tex").then(|| (path.clone(), format!("statements/{picture}")))
        })
        .collect()
}

/// The section headings, in order.
pub const HEADINGS: [&str; 6] = [
    "What this is",
    "How to import it",
    "How it is scored",
    "Generated files",
    "Solutions",
    "How this repository verified it",
];

/// What an export says in the sections that differ by judge (Markdown, each ending in a
/// newline).
#[derive(Debug, Clone)]
pub struct Words {
    /// What the package is: the judge, the version of its format, its layout.
    pub what: String,
    /// How to import it: the steps and commands, with the package's folder name.
    pub import: String,
    /// How the judge scores it.
    pub scoring: String,
    /// The files made from judge.toml, statements/ or src/export/cpp/ other than the tests
    /// (the checker, the validator, the statement, the descriptors): `(path, from what)`.
    pub made: Vec<(String, String)>,
    /// How this repository verified the package: the tool, the command, where in CI.
    pub verified: String,
}

/// The toolchain a source file needs, by extension (what this repository's `judge` builds it
/// with).
pub fn toolchain(file: &str) -> &'static str {
    match file.rsplit_once('.').map_or("", |(_, e)| e) {
        "cpp" | "cc" => "C++17 (g++)",
        "c" => "C (gcc)",
        "rs" => "Rust, edition 2018 or 2021 (rustc)",
        "py" => "Python 3 (python3 or pypy3)",
        "java" => "Java 17 or later (javac, java)",
        _ => "unknown",
    }
}

/// One cell of a Markdown table: `|` escaped, code in backticks.
fn code(s: &str) -> String {
    format!("`{}`", s.replace('|', "\\|"))
}

/// How a test was made, for the table: the command with its seed, or where it is written.
fn how(test: &BuiltTest, source: &Source) -> String {
    match made(test, source.repo) {
        Made::Program(_) | Made::Stays(..) => {
            // The command as code, the note on where it comes from after it.
            let line = resolved(&test.plan.source);
            match line.split_once(" (judge.toml") {
                Some((command, note)) => format!("{} (judge.toml{note}", code(command)),
                None => code(&line),
            }
        }
        Made::Gen(command) => format!("{} (boardjudge's `gen`)", code(&command)),
        Made::Written => "written out in judge.toml".to_string(),
    }
}

/// Writes `README.md` into `p`: the title, then the sections of [`HEADINGS`]. `kind` names
/// the package (`Kattis problem package, legacy format`); `tests`: every test with the path
/// of its input in the package, in the package's order; `solutions`: every shipped solution.
pub fn write(
    p: &mut Package,
    source: &Source,
    kind: &str,
    words: Words,
    tests: &[(String, &BuiltTest)],
    solutions: &[Carried],
) {
    let problem = source.problem;
    let mut text = format!(
        "# {title}: {kind}\n\n\
         Problem `{name}` of boardjudge, written by `judge export` from its judge.toml: every \
         file below is made from judge.toml, the test data `judge build` made and verified \
         (testdata/{name}/, recorded in testdata/{name}/manifest.toml), statements/{name}.md \
         and the portable checker and validator (src/export/cpp/). Exporting again gives the \
         same bytes.\n\n\
         Limits: {time} s CPU time a test, {memory} MiB memory; at most {cases} case(s) an \
         input.\n",
        title = problem.title,
        name = problem.name,
        time = crate::export::seconds(problem.time_limit),
        memory = problem.memory_limit,
        cases = problem.max_cases,
    );
    let mut section = |heading: &str, body: &str| {
        text.push_str(&format!("\n## {heading}\n\n{body}"));
    };
    section(HEADINGS[0], &words.what);
    section(HEADINGS[1], &words.import);
    section(HEADINGS[2], &words.scoring);
    section(HEADINGS[3], &generated(source, &words.made, tests));
    section(HEADINGS[4], &carried(solutions));
    section(HEADINGS[5], &words.verified);
    p.add(FILE, text);
}

/// The "Generated files" section: the files made from judge.toml and the sources, then every
/// test with the command that made its input (seeds resolved).
fn generated(source: &Source, made: &[(String, String)], tests: &[(String, &BuiltTest)]) -> String {
    let mut out = String::from("| file | made from |\n|---|---|\n");
    for (path, from) in made {
        out.push_str(&format!("| {} | {from} |\n", code(path)));
    }
    out.push_str(&format!(
        "\nEvery test's input, and how it was made: boardjudge's `gen` (its command carries \
         the seed; `cargo run --release --bin gen -- ARGS` in boardjudge remakes the input \
         byte for byte), a program of one's own (judge.toml's command, its `{{seed}}` \
         resolved: the seed testdata/{name}/manifest.toml records), or an input written out in \
         judge.toml. Every answer beside an input is boardjudge's reference solver's output \
         (`solve`), as `judge build` wrote it. {count} tests:\n\n\
         | input | test (judge.toml) | made by |\n|---|---|---|\n",
        name = source.problem.name,
        count = tests.len(),
    ));
    for (path, t) in tests {
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            code(path),
            code(&t.id()),
            how(t, source)
        ));
    }
    out
}

/// The "Solutions" section: every shipped solution, where it is in the package (or why it is
/// not), the verdict it must get and the toolchain it needs.
fn carried(solutions: &[Carried]) -> String {
    let mut out = String::from(
        "Every solution boardjudge ships for this problem, with the verdict judge.toml \
         declares (`judge strength` proves each one on every test) and the toolchain it \
         needs:\n\n| solution | in this package | verdict | toolchain |\n|---|---|---|---|\n",
    );
    for c in solutions {
        let path = c.solution.path.display().to_string();
        let at = match &c.at {
            Ok(at) => code(at),
            Err(why) => format!("left out: {why}"),
        };
        out.push_str(&format!(
            "| {} | {at} | {} | {} |\n",
            code(&path),
            c.solution.expected.name(),
            toolchain(&path)
        ));
    }
    out
}
