//! The README.md every package carries at its root, so that a package explains itself to
//! whoever receives it without this repository: what it is (the judge and the version of its
//! format), how to import it (the exact steps or commands), how it is scored, which files are
//! generated and from what (every test with the command that made it, seeds resolved), which
//! solutions it carries and the toolchain each needs, and how this repository verified it.
//!
//! The prose is in templates, one Markdown file per kind in `readme/` (`kattis.md`, `icpc.md`,
//! `polygon.md`, `cms.md`, `dmoj.md`), with `{name}` placeholders that [`fill`] fills. The
//! first four share a frame, the same headings in the same order ([`HEADINGS`]), and the
//! parts this module writes: the opening (`intro.md`), the tables of tests and of solutions
//! ([`write`]). Each template holds its table of generated files; the rows that depend on the
//! package, `{pictures}` and `{programs}` ([`pictures`], [`program`]), stand at the start of
//! the row they go before. Everything comes from judge.toml and the verified test data,
//! so the README is the same bytes on every run.

use std::fmt::Display;

use std::path::Path;

use crate::export::generators::{Made, made, resolved};
use crate::export::package::{Carried, Package};
use crate::export::{Kind, Source};
use crate::problemset::build::BuiltTest;
use crate::problemset::clock::Utc;
use crate::problemset::files::write_atomic;

/// The README's path in a package. Neither problemtools' verifyproblem nor BAPCtools warns
/// about it at a package's root (`.ci/verify-packages` runs both with warnings as errors).
pub const FILE: &str = "README.md";

/// The problemtools release `.ci/verify-packages` installs (pinned; tests/export.rs checks
/// that the script pins the same).
pub const PROBLEMTOOLS: &str = "1.20260907";

/// The BAPCtools release `.ci/verify-packages` installs (pinned, likewise).
pub const BAPCTOOLS: &str = "2026.10.0";

/// What the README of a package `judge export` wrote without `--verify` says of its own
/// verification (`{verified}` in every template): that none ran, and how to run one.
/// [`record_verification`] puts the result of `--verify` in its place.
pub fn unverified(kind: Kind, name: &str) -> String {
    let k = kind.name();
    let how = match kind {
        Kind::Kattis => "runs problemtools' verifyproblem on it",
        Kind::Icpc => "runs BAPCtools' `bt validate` and `bt run` on it",
        Kind::Polygon => {
            "compiles files/check.cpp and files/validator.cpp with g++ (warnings as errors) and \
             runs them on every test and on problem.xml's validator and checker tests"
        }
        Kind::Cms => {
            "compiles check/checker.cpp with g++ (warnings as errors) and runs it on every test \
             (each correct output must score 1.0)"
        }
        Kind::Dmoj => "runs DMOJ's testsuite (`python -m dmoj.testsuite`) on it",
    };
    format!(
        "This package was not verified when it was exported: no judge's tool ran on it. \
         `judge export {k} {name} OUT_DIR --verify` {how} where it is written and records \
         the tool, its version and the result here."
    )
}

/// Puts `result` (what `judge export --verify` ran on the package in `dir` and what it
/// found), after "Verified on DATE (UTC), when it was exported: ", in place of the
/// [`unverified`] paragraph of its README, written atomically. The
/// error says which file could not be read or written, or that the paragraph is not there.
pub fn record_verification(dir: &Path, kind: Kind, name: &str, result: &str) -> Result<(), String> {
    let path = dir.join(FILE);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let paragraph = unverified(kind, name);
    if !text.contains(&paragraph) {
        return Err(format!(
            "{}: no paragraph saying it was not verified",
            path.display()
        ));
    }
    let result = format!(
        "Verified on {} (UTC), when it was exported: {result}",
        Utc::now().date()
    );
    let text = text.replacen(&paragraph, &result, 1);
    write_atomic(&path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Puts the README of the package in `dir` (as [`record_verification`] left it) in place of
/// the README of the zip archive at `zip` that carries the same package (the DOMjudge zip),
/// written atomically: the archive the export writes for a package with that README, as
/// deterministic. The error names the file that could not be read or written.
pub fn record_in_zip(dir: &Path, zip: &Path) -> Result<(), String> {
    let path = dir.join(FILE);
    let readme =
        std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let cannot = |what: &str, e: std::io::Error| format!("cannot {what} {}: {e}", zip.display());
    let archive = std::fs::read(zip).map_err(|e| cannot("read", e))?;
    let mut package = Package::unzip("", &archive).map_err(|e| cannot("read", e))?;
    if !package.files.contains_key(FILE) {
        return Err(format!("{}: no {FILE} in it", zip.display()));
    }
    package.add(FILE, readme);
    let bytes = package.zip().map_err(|e| cannot("zip", e))?;
    write_atomic(zip, &bytes).map_err(|e| cannot("write", e))
}

/// The rows of the statement's pictures in `p` under `dir` (every file there but
/// `problem.en.tex`), each with what it is made from: a template's `{pictures}`.
pub fn pictures(p: &Package, dir: &str) -> String {
    p.files
        .keys()
        .filter_map(|path| {
            let picture = path.strip_prefix(dir)?.strip_prefix('/')?;
            (picture != "problem.en.tex").then(|| row(path, &format!("statements/{picture}")))
        })
        .collect()
}

/// The row of a generator program at `path` in a package, `generators/FILE` of this
/// repository: a template's `{programs}`.
pub fn program(path: &str, file: &str) -> String {
    row(
        path,
        &format!("generators/{file} of boardjudge, the program judge.toml runs"),
    )
}

/// A row of the table of generated files.
fn row(path: &str, from: &str) -> String {
    format!("| {} | {from} |\n", code(path))
}

/// The section headings, in order.
pub const HEADINGS: [&str; 6] = [
    "What this is",
    "How to import it",
    "How it is scored",
    "Generated files",
    "Solutions",
    "Verification",
];

/// The Kattis legacy package's README.
pub const KATTIS: &str = include_str!("readme/kattis.md");

/// The ICPC 2025-09 package's README.
pub const ICPC: &str = include_str!("readme/icpc.md");

/// The Polygon package's README.
pub const POLYGON: &str = include_str!("readme/polygon.md");

/// The CMS task's README.
pub const CMS: &str = include_str!("readme/cms.md");

/// The DMOJ folder's README (its own sections, not [`HEADINGS`]).
pub const DMOJ: &str = include_str!("readme/dmoj.md");

/// The opening of a README with the [`HEADINGS`] frame: what made it, the limits.
const INTRO: &str = include_str!("readme/intro.md");

/// The words above the table of tests.
const TESTS: &str = include_str!("readme/tests.md");

/// The words above the table of solutions.
const SOLUTIONS: &str = include_str!("readme/solutions.md");

/// What a README says of a problem of its input and output files alone (judge.toml's
/// `files_only`): the package carries them.
const FILES_ONLY: &str = include_str!("readme/files-only.md");

/// What a README says of a problem that boardjudge also gives files: the package keeps
/// standard input and output, as no judge it is for takes both the files and the streams.
const FILES_STDIO: &str = include_str!("readme/files-stdio.md");

/// What a README says of the problem's input and output files (judge.toml's `input_file`,
/// `output_file`), after a blank line, when it has some ([`FILES_ONLY`], [`FILES_STDIO`]);
/// empty otherwise.
pub fn files_note(source: &Source) -> String {
    let files = &source.problem.files;
    let note = match (files.only, &files.input, &files.output) {
        (true, Some(input), Some(output)) => {
            fill(FILES_ONLY, &[("input", input), ("output", output)])
        }
        _ => {
            let named: Vec<String> = [&files.input, &files.output]
                .into_iter()
                .flatten()
                .map(|name| format!("`{name}`"))
                .collect();
            if named.is_empty() {
                return String::new();
            }
            fill(FILES_STDIO, &[("files", &named.join(" and "))])
        }
    };
    format!("\n\n{}", note.trim_end())
}

/// Fills a template: each `{key}` becomes the value `values` gives it, `{{` and `}}` are
/// braces. A placeholder without a value is a mistake in the template: it panics (the unit
/// tests fill every template).
pub fn fill(template: &str, values: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        let end = tail.find('}').filter(|_| tail.starts_with('{'));
        let key = end.map(|end| &tail[1..end]);
        let value = key.and_then(|key| values.iter().find(|(k, _)| *k == key));
        match (end, value) {
            (Some(end), Some((_, value))) => {
                out.push_str(&value.to_string());
                rest = &tail[end + 1..];
            }
            _ => panic!(
                "a README template has {} without a value",
                &tail[..tail.len().min(20)]
            ),
        }
    }
    out.push_str(rest);
    out
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

/// Writes `README.md` into `p` from `template` (one of the [`HEADINGS`] frame): `{title}`,
/// `{name}`, `{intro}`, `{generated}` and `{solutions}` filled here, the rest from `values`.
/// `tests`: every test with the path of its input in the package, in the package's
/// order; `cases`: the part on the validator's and the checker's own tests
/// ([`crate::export::cases::section`]), after the tests; `solutions`: every shipped solution.
pub fn write(
    p: &mut Package,
    source: &Source,
    template: &str,
    values: &[(&str, &dyn Display)],
    tests: &[(String, &BuiltTest)],
    cases: &str,
    solutions: &[Carried],
) {
    let problem = source.problem;
    let intro = fill(
        INTRO,
        &[
            ("name", &problem.name),
            ("time", &crate::export::seconds(problem.time_limit)),
            ("memory", &problem.memory_limit),
            ("cases", &problem.max_cases),
            ("files", &files_note(source)),
        ],
    );
    let mut all: Vec<(&str, &dyn Display)> = vec![
        ("title", &problem.title),
        ("name", &problem.name),
        ("intro", &intro),
    ];
    let generated = format!("{}\n{cases}", generated(source, tests));
    let carried = carried(solutions);
    all.extend([
        ("generated", &generated as &dyn Display),
        ("solutions", &carried),
    ]);
    all.extend_from_slice(values);
    p.add(FILE, fill(template, &all));
}

/// The tests of the "Generated files" section: every test with the command that made its
/// input (seeds resolved).
fn generated(source: &Source, tests: &[(String, &BuiltTest)]) -> String {
    let mut out = fill(
        TESTS,
        &[("name", &source.problem.name), ("count", &tests.len())],
    );
    out.push_str("\n| input | test (judge.toml) | made by |\n|---|---|---|\n");
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
    let mut out = fill(SOLUTIONS, &[]);
    out.push_str("\n| solution | in this package | verdict | toolchain |\n|---|---|---|---|\n");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_and_double_braces_are_braces() {
        let n = 3;
        assert_eq!(
            fill("{a} and {b}: {{seed}} {a}", &[("a", &"x"), ("b", &n)]),
            "x and 3: {seed} x"
        );
    }

    #[test]
    #[should_panic(expected = "{c} without a value")]
    fn a_placeholder_without_a_value_panics() {
        fill("{c}", &[("a", &"x")]);
    }

    #[test]
    fn the_framed_templates_have_the_headings_in_order() {
        for template in [KATTIS, ICPC, POLYGON, CMS] {
            let headings: Vec<&str> = template
                .lines()
                .filter_map(|l| l.strip_prefix("## "))
                .collect();
            assert_eq!(
                headings,
                HEADINGS,
                "{}",
                template.lines().next().unwrap_or("")
            );
        }
    }
}
