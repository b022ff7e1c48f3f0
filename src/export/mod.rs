//! `judge export`: problem packages for real judges, built from judge.toml and the committed
//! test data (verified first to be exactly what judge.toml produces).
//!
//! - [`cases`]: the validator's and the checker's own tests (the file judge.toml's `cases`
//!   names), checked.
//! - [`icpc`]: the ICPC problem package format 2025-09 (BAPCtools, problemtools).
//! - [`kattis`]: the Kattis legacy problem package (also what DOMjudge imports), as a
//!   directory and a zip with `domjudge-problem.ini`.
//! - [`problem_package`]: the layout the Kattis and 2025-09 packages share (`data/sample`,
//!   `data/secret/G-GROUP`, the validators, `submissions/`).
//! - [`polygon`]: a Polygon package: problem.xml with every asset, C++ checker and validator
//!   sources, statement sections, solutions by tag, tests, the test script.
//! - [`cms`]: CMS's Italian YAML task layout (`task.yaml`, `input/`, `output/`, `check/`).
//! - [`dmoj`]: a DMOJ problem folder (`init.yml`, the bridged checker, the testsuite cases).
//! - [`dialect`]: a shipped solution as each judge gets it (left out, or adapted).
//! - [`statement`]: the statements, made for every format from `statements/NAME.md`.
//! - [`generators`]: generator programs of one's own, shipped where the format runs them.
//! - [`readme`]: the README.md every package carries, saying what it is and how to use it.
//! - [`verify`]: `--verify`, the judges' own tools installed here run on a package just written.
//!
//! Every package is built in memory ([`package::Package`]) and written out byte for byte the
//! same on every run.

pub mod cases;
pub mod cms;
pub mod dialect;
pub mod dmoj;
pub mod generators;
pub mod icpc;
pub mod kattis;
pub mod package;
pub mod polygon;
pub mod problem_package;
pub mod readme;
pub mod statement;
pub mod verify;

use std::fmt;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use sha2::{Digest, Sha256};

use crate::problemset::build::{BuiltProblem, BuiltTest, build_plan, compare_problem};
use crate::problemset::plan::{Plan, ProblemPlan};
use package::Package;

pub use crate::problemset::names::SAMPLES_GROUP;

/// The judge systems a problem can be exported for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// ICPC problem package format 2025-09 (BAPCtools, problemtools).
    Icpc,
    /// Kattis problem package, legacy format (Kattis problemtools, DOMjudge).
    Kattis,
    /// testlib / Polygon-style directory (tests, checker, validator, generator script).
    Polygon,
    /// CMS task in the Italian YAML layout (cmsImportTask).
    Cms,
    /// DMOJ problem folder (init.yml, bridged testlib checker, testsuite cases).
    Dmoj,
}

impl Kind {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Icpc => "icpc",
            Kind::Kattis => "kattis",
            Kind::Polygon => "polygon",
            Kind::Cms => "cms",
            Kind::Dmoj => "dmoj",
        }
    }
}

/// Why an export failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError(pub String);

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExportError {}

/// The portable checker: one C++17 file, standard library only, judging as `check` does
/// (tests/cpp_differential.rs proves the verdicts equal). Every package ships it as source.
pub const CHECK_CPP: &str = include_str!("cpp/check.cpp");

/// The portable strict input validator: one C++17 file, as `validate`.
pub const VALIDATE_CPP: &str = include_str!("cpp/validate.cpp");

/// The calling convention built into the shipped C++ programs (their `BOARDJUDGE_PROTOCOL`):
/// how a judge system calls them, with which arguments, reading which exit codes. Not
/// [`crate::check::protocol::Protocol`], which is how the `check` binary is called: this one
/// also names the ICPC answer validator and DMOJ's bridged checker, which only the C++ has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// testlib (Polygon, Codeforces): checker `<input> <output> <answer> [<report>]`, exit
    /// 0/1/2/3; validator `< input`, exit 0/3.
    Testlib,
    /// Kattis, DOMjudge, ICPC 2025-09: output validator `<input> <answer> <feedback_dir> <
    /// output`, input validator `< input`; exit 42/43.
    Kattis,
    /// CMS: `checker <input> <correct_output> <contestant_output>`, the score on stdout.
    Cms,
    /// The ICPC answer validator: `<input> [...] < answer`, 42 when the answer is canonical.
    Answer,
    /// DMOJ's bridged testlib checker: testlib's argv and exit codes, the contestant's line on
    /// stdout (DMOJ's feedback), nothing on stderr.
    Dmoj,
}

impl Convention {
    fn name(self) -> &'static str {
        match self {
            Convention::Testlib => "testlib",
            Convention::Kattis => "kattis",
            Convention::Cms => "cms",
            Convention::Answer => "answer",
            Convention::Dmoj => "dmoj",
        }
    }
}

/// What a package is made from.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The problem's entry in judge.toml.
    pub problem: &'a ProblemPlan,
    /// Its tests (verified against the committed files).
    pub tests: &'a BuiltProblem,
    /// The repository root: `statements/` and the solutions' paths are relative to it.
    pub repo: &'a Path,
}

/// Why a package leaves out a solution that reads and writes the problem's files.
pub const FILE_IO_LEFT_OUT: &str = "it reads and writes the problem's files (judge.toml's \
    `file_io`), and this package keeps standard input and output";

impl<'a> Source<'a> {
    /// The input and output file names the package's judge is to use, for a problem of the
    /// files alone (judge.toml's `files_only`); empty names (standard input and output)
    /// otherwise.
    pub fn carried_files(&self) -> (&str, &str) {
        let files = &self.problem.files;
        match (files.only, &files.input, &files.output) {
            (true, Some(input), Some(output)) => (input, output),
            _ => ("", ""),
        }
    }

    /// Reads a file of the repository.
    pub fn read(&self, rel: &Path) -> Result<Vec<u8>, ExportError> {
        let path = self.repo.join(rel);
        std::fs::read(&path)
            .map_err(|e| ExportError(format!("cannot read {}: {e}", path.display())))
    }

    /// The statement, `statements/NAME.md`, read and checked: its title line is judge.toml's
    /// title, its Markdown in the subset [`statement`] knows, its `## Sample` the samples
    /// group's tests. Every export reads it, so a statement that fails these fails them all.
    pub fn statement(&self) -> Result<statement::Markdown, ExportError> {
        let rel = Path::new("statements").join(format!("{}.md", self.problem.name));
        let path = rel.display().to_string();
        let text = String::from_utf8(self.read(&rel)?)
            .map_err(|_| ExportError(format!("{path} is not UTF-8")))?;
        let md = statement::Markdown::read(&path, &text, &self.problem.title)?;
        let (samples, _) = self.split_samples();
        let samples: Vec<(String, &[u8], &[u8])> = samples
            .iter()
            .map(|t| (t.plan.name.clone(), &t.input[..], &t.answer[..]))
            .collect();
        md.check_samples(&samples)?;
        let p = self.problem;
        md.check_limits(p.time_limit, p.memory_limit, p.max_cases)?;
        Ok(md)
    }

    /// The committed statement PDF, `statements/NAME.pdf` (`None` when there is none yet),
    /// checked to be current: `.ci/statement-pdfs` typesets it from the Kattis package's
    /// problem.en.tex and writes that LaTeX's SHA-256 beside it (`NAME.pdf.sha256`). When the
    /// LaTeX this statement makes now is another (the Markdown, its limits or its samples
    /// changed since), the PDF would say something else, and the export fails naming it and
    /// the command that remakes it. No TeX is run here: exports stay fast and byte-stable.
    pub fn statement_pdf(&self) -> Result<Option<Vec<u8>>, ExportError> {
        let pdf = Path::new("statements").join(format!("{}.pdf", self.problem.name));
        if !self.repo.join(&pdf).is_file() {
            return Ok(None);
        }
        let (tex, _) = statement::problemtools_tex(&self.statement()?)?;
        let now = crate::problemset::manifest::sha256(tex.as_bytes());
        let sum = pdf.with_extension("pdf.sha256");
        let typeset = std::fs::read_to_string(self.repo.join(&sum)).unwrap_or_default();
        if typeset.split_whitespace().next() != Some(now.as_str()) {
            return Err(ExportError(format!(
                "{} is stale: it was not typeset from the LaTeX that {} makes now ({} does \
                 not name its SHA-256, {now}), so it could contradict the statement or \
                 judge.toml; remake it with `bash .ci/statement-pdfs` (problemtools and \
                 LuaLaTeX, docs/statements.md) and export again",
                pdf.display(),
                self.statement()?.path,
                sum.display()
            )));
        }
        Ok(Some(self.read(&pdf)?))
    }

    /// The sample tests, then the others, each in plan order.
    pub fn split_samples(&self) -> (Vec<&'a BuiltTest>, Vec<&'a BuiltTest>) {
        self.tests
            .tests
            .iter()
            .partition(|t| t.plan.group == SAMPLES_GROUP)
    }

    /// The checker's source for `convention`: the problem's format and checker options
    /// (judge.toml) as check.cpp's defaults, then check.cpp.
    pub fn checker_cpp(&self, convention: Convention) -> String {
        let problem = self.problem;
        format!(
            "// The checker of problem {name}, written by `judge export` from judge.toml: its \
             format and options as\n// defaults, then boardjudge's src/export/cpp/check.cpp. \
             Build: g++ -std=c++17 -O2\n\
             #define BOARDJUDGE_FORMAT \"{format}\"\n\
             #define BOARDJUDGE_ORDER \"{order}\"\n\
             #define BOARDJUDGE_WRAP {wrap}\n\
             #define BOARDJUDGE_PROTOCOL \"{protocol}\"\n\n{CHECK_CPP}",
            name = problem.name,
            format = problem.format.name(),
            order = problem.checker.order.name(),
            wrap = problem.checker.wrap,
            protocol = convention.name(),
        )
    }

    /// The validator's source for `convention` (testlib or Kattis): the problem's format and
    /// case limit (judge.toml's max_cases) as validate.cpp's defaults, then validate.cpp.
    pub fn validator_cpp(&self, convention: Convention) -> String {
        let problem = self.problem;
        format!(
            "// The input validator of problem {name}, written by `judge export` from \
             judge.toml: its format and case\n// limit as defaults, then boardjudge's \
             src/export/cpp/validate.cpp. Build: g++ -std=c++17 -O2\n\
             #define BOARDJUDGE_FORMAT \"{format}\"\n\
             #define BOARDJUDGE_MAX_CASES {max}\n\
             #define BOARDJUDGE_PROTOCOL \"{protocol}\"\n\n{VALIDATE_CPP}",
            name = problem.name,
            format = problem.format.name(),
            max = problem.max_cases,
            protocol = convention.name(),
        )
    }
}

/// Seconds as judges write them: `1` for whole seconds, else the decimal (`1.5`).
pub fn seconds(limit: f64) -> String {
    if limit.fract() == 0.0 {
        format!("{limit:.0}")
    } else {
        format!("{limit}")
    }
}

/// A YAML string in single quotes (every YAML file of a package writes its strings so).
pub fn yaml_str(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// A count as the statements write it: `30`, `1,000`, `100,000`.
pub fn with_commas(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A fixed UUID for a problem: the first 16 bytes of SHA-256("boardjudge problem NAME"),
/// marked as an RFC 9562 version 8 (custom) UUID. The same name always gives the same UUID.
pub fn problem_uuid(name: &str) -> String {
    let digest = Sha256::digest(format!("boardjudge problem {name}").as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&digest[..16]);
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// Builds a problem's tests from the plan and checks that the committed files under `data`
/// are exactly those (as `judge build --check` does); the built tests are then the committed
/// ones, byte for byte.
pub fn verified_tests(
    plan: &Plan,
    name: &str,
    data: &Path,
    jobs: usize,
) -> Result<BuiltProblem, ExportError> {
    plan.problem(name).map_err(ExportError)?;
    let mut built = build_plan(plan, &[name.to_string()], jobs, &|_| {}).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        ExportError(lines.join("\n"))
    })?;
    let problem = built
        .pop()
        .ok_or_else(|| ExportError(format!("no problem {name}")))?;
    let differences = compare_problem(data, &problem);
    if !differences.is_empty() {
        return Err(ExportError(format!(
            "{}\nthe test data of {name} is not what judge.toml produces: run `judge build` \
             before exporting",
            differences.join("\n")
        )));
    }
    Ok(problem)
}

/// The package of one problem for one judge system, in memory.
///
/// Every shipped solution is in the package or named in its notes with why it is not (the
/// packagers say so themselves).
pub fn package(kind: Kind, source: &Source) -> Result<Package, ExportError> {
    if let Some(why) = cannot_carry(kind, source.problem) {
        return Err(ExportError(format!(
            "no {} package of {}: {why}",
            kind.name(),
            source.problem.name
        )));
    }
    match kind {
        Kind::Icpc => icpc::package(source),
        Kind::Kattis => kattis::package(source),
        Kind::Polygon => polygon::package(source),
        Kind::Cms => cms::package(source),
        Kind::Dmoj => dmoj::package(source),
    }
}

/// Why a `kind` package cannot carry `problem`, if it cannot: a problem of its files alone
/// (judge.toml's `files_only`) for a judge that has no file input or output, which would
/// judge it as a problem of standard input and output.
pub fn cannot_carry(kind: Kind, problem: &ProblemPlan) -> Option<String> {
    if !problem.files.only {
        return None;
    }
    let judge = match kind {
        Kind::Polygon | Kind::Cms => return None,
        Kind::Icpc => "the ICPC problem package format 2025-09 has",
        Kind::Kattis => "the legacy Kattis format (problemtools, DOMjudge) has",
        Kind::Dmoj => {
            "DMOJ's judge (4.1, the version boardjudge's CI runs; init.yml names no files) has"
        }
    };
    Some(format!(
        "it reads and writes its files alone (judge.toml's `files_only`), and {judge} no file \
         input or output: a package would judge standard input and output instead (export it \
         for polygon or cms)"
    ))
}

/// What an export wrote for one problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The package directory.
    pub dir: PathBuf,
    /// The zip archive (Kattis / DOMjudge only).
    pub zip: Option<PathBuf>,
    /// How many files the directory holds.
    pub files: usize,
    /// Their total size.
    pub bytes: usize,
    /// What the export changed on the way (tests left out, ...).
    pub notes: Vec<String>,
}

/// Exports one problem: verifies its test data, builds the package and writes it under `out`
/// (and, for Kattis, `out/NAME.zip`).
pub fn export(
    kind: Kind,
    plan: &Plan,
    name: &str,
    data: &Path,
    out: &Path,
) -> Result<Written, ExportError> {
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tests = verified_tests(plan, name, data, jobs)?;
    export_verified(kind, plan, &tests, out)
}

/// Exports one problem whose `tests` [`verified_tests`] gave: builds the package and writes
/// it under `out` (and, for Kattis, `out/NAME.zip`).
pub fn export_verified(
    kind: Kind,
    plan: &Plan,
    tests: &BuiltProblem,
    out: &Path,
) -> Result<Written, ExportError> {
    let name = &tests.name;
    let problem = plan.problem(name).map_err(ExportError)?;
    let repo = Plan::root(&plan.path);
    let source = Source {
        problem,
        tests,
        repo,
    };
    let package = package(kind, &source)?;
    let io = |what: &Path, e: std::io::Error| {
        ExportError(format!("cannot write {}: {e}", what.display()))
    };
    let dir = package
        .write_dir(out)
        .map_err(|e| io(&out.join(&package.name), e))?;
    let mut notes = package.notes.clone();
    let zip = match kind {
        Kind::Kattis => {
            let path = out.join(format!("{name}.zip"));
            let (bytes, zip_notes) = kattis::domjudge_zip(&source, &package)?;
            notes.extend(zip_notes);
            crate::problemset::files::write_atomic(&path, &bytes).map_err(|e| io(&path, e))?;
            Some(path)
        }
        Kind::Icpc | Kind::Polygon | Kind::Cms | Kind::Dmoj => None,
    };
    Ok(Written {
        dir,
        zip,
        files: package.files.len(),
        bytes: package.bytes(),
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_are_fixed_per_name_and_well_formed() {
        let a = problem_uuid("msquare");
        assert_eq!(a, problem_uuid("msquare"));
        assert_ne!(a, problem_uuid("sicily"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "8");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"));
    }

    #[test]
    fn seconds_are_whole_when_they_can_be() {
        assert_eq!(seconds(1.0), "1");
        assert_eq!(seconds(3.0), "3");
        assert_eq!(seconds(1.5), "1.5");
    }

    #[test]
    fn yaml_strings_escape_quotes() {
        assert_eq!(yaml_str("it's"), "'it''s'");
    }
}
