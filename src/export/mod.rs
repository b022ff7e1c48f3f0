//! `judge export`: problem packages for real judges, built from judge.toml and the committed
//! test data (verified first to be exactly what judge.toml produces).
//!
//! - [`icpc`]: the ICPC problem package format 2025-09 (BAPCtools, problemtools).
//! - [`kattis`]: the Kattis legacy problem package (also what DOMjudge imports), as a
//!   directory and a zip with `domjudge-problem.ini`.
//! - [`polygon`]: a Polygon package: problem.xml with every asset, C++ checker and validator
//!   sources, statement sections, solutions by tag, tests, the test script.
//! - [`cms`]: CMS's Italian YAML task layout (`task.yaml`, `input/`, `output/`, `check/`).
//!
//! Every package is built in memory ([`package::Package`]) and written out byte for byte the
//! same on every run.

pub mod cms;
pub mod icpc;
pub mod kattis;
pub mod package;
pub mod polygon;
pub mod statement;

use std::fmt;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use sha2::{Digest, Sha256};

use crate::format::Format;
use crate::problemset::build::{BuiltProblem, BuiltTest, build_plan, compare_problem};
use crate::problemset::plan::{Plan, ProblemPlan};
use package::Package;

/// The group of judge.toml whose tests are the statement's samples.
pub const SAMPLES_GROUP: &str = "samples";

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
}

impl Kind {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Icpc => "icpc",
            Kind::Kattis => "kattis",
            Kind::Polygon => "polygon",
            Kind::Cms => "cms",
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

/// The prebuilt programs that packages carry: the checker, the validator, the generator, the
/// solver.
#[derive(Debug, Clone)]
pub struct Tools {
    /// The `check` binary.
    pub check: Vec<u8>,
    /// The `validate` binary.
    pub validate: Vec<u8>,
    /// The `gen` binary.
    pub gen_binary: Vec<u8>,
    /// The `solve` binary (the 2025-09 answer validator compares an answer with its output).
    pub solve: Vec<u8>,
}

impl Tools {
    /// Reads `check`, `validate`, `gen` and `solve` from `dir` (normally the directory of the running
    /// `judge` binary: `cargo build --release` puts them side by side).
    pub fn load(dir: &Path) -> Result<Tools, ExportError> {
        let read = |name: &str| {
            std::fs::read(dir.join(name)).map_err(|e| {
                ExportError(format!(
                    "cannot read the prebuilt {name} binary {}: {e} (build it with `cargo build \
                     --release`, or point --bin-dir at it)",
                    dir.join(name).display()
                ))
            })
        };
        Ok(Tools {
            check: read("check")?,
            validate: read("validate")?,
            gen_binary: read("gen")?,
            solve: read("solve")?,
        })
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
    /// The programs to ship.
    pub tools: &'a Tools,
}

impl<'a> Source<'a> {
    /// Reads a file of the repository.
    pub fn read(&self, rel: &Path) -> Result<Vec<u8>, ExportError> {
        let path = self.repo.join(rel);
        std::fs::read(&path)
            .map_err(|e| ExportError(format!("cannot read {}: {e}", path.display())))
    }

    /// The sample tests, then the others, each in plan order.
    pub fn split_samples(&self) -> (Vec<&'a BuiltTest>, Vec<&'a BuiltTest>) {
        self.tests
            .tests
            .iter()
            .partition(|t| t.plan.group == SAMPLES_GROUP)
    }

    /// The validator's arguments, to bake into a wrapper: the statement's case limit
    /// (`--max-cases K`, judge.toml's max_cases; not for msquare, whose input is one board),
    /// then the format.
    pub fn validator_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if self.problem.format != Format::Msquare {
            args.push("--max-cases".to_string());
            args.push(self.problem.max_cases.to_string());
        }
        args.push(self.problem.format.name().to_string());
        args
    }

    /// The checker's options as command-line arguments, to bake into a wrapper:
    /// `--format F --order O` and, for msquare, `--wrap N`.
    pub fn checker_args(&self) -> Vec<String> {
        let mut args = vec![
            "--format".to_string(),
            self.problem.format.name().to_string(),
            "--order".to_string(),
            self.problem.checker.order.name().to_string(),
        ];
        if self.problem.format == Format::Msquare {
            args.push("--wrap".to_string());
            args.push(self.problem.checker.wrap.to_string());
        }
        args
    }
}

/// A `/bin/sh` script that runs the program `program` lying in the script's own directory
/// with `args` baked in, then the caller's arguments (or, with `pass_args` false, none).
pub fn exec_script(comment: &str, program: &str, args: &[String], pass_args: bool) -> String {
    let mut line = format!("exec \"$(dirname \"$0\")/{program}\"");
    for a in args {
        line.push(' ');
        line.push_str(a);
    }
    if pass_args {
        line.push_str(" \"$@\"");
    }
    format!("#!/bin/sh\n# {comment}\n{line}\n")
}

/// Seconds as judges write them: `1` for whole seconds, else the decimal (`1.5`).
pub fn seconds(limit: f64) -> String {
    if limit.fract() == 0.0 {
        format!("{limit:.0}")
    } else {
        format!("{limit}")
    }
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
            "{}\nthe committed test data of {name} is not what judge.toml produces: run \
             `judge build` and commit before exporting",
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
    match kind {
        Kind::Icpc => icpc::package(source),
        Kind::Kattis => kattis::package(source),
        Kind::Polygon => polygon::package(source),
        Kind::Cms => cms::package(source),
    }
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
    tools: &Tools,
    out: &Path,
) -> Result<Written, ExportError> {
    let problem = plan.problem(name).map_err(ExportError)?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tests = verified_tests(plan, name, data, jobs)?;
    let repo = match plan.path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let source = Source {
        problem,
        tests: &tests,
        repo,
        tools,
    };
    let package = package(kind, &source)?;
    let io = |what: &Path, e: std::io::Error| {
        ExportError(format!("cannot write {}: {e}", what.display()))
    };
    let dir = package
        .write_dir(out)
        .map_err(|e| io(&out.join(&package.name), e))?;
    let zip = match kind {
        Kind::Kattis => {
            let path = out.join(format!("{name}.zip"));
            let bytes = kattis::domjudge_zip(&source, &package).map_err(|e| io(&path, e))?;
            crate::problemset::files::write_atomic(&path, &bytes).map_err(|e| io(&path, e))?;
            Some(path)
        }
        Kind::Icpc | Kind::Polygon | Kind::Cms => None,
    };
    Ok(Written {
        dir,
        zip,
        files: package.files.len(),
        bytes: package.bytes(),
        notes: package.notes.clone(),
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
    fn scripts_bake_the_arguments_before_the_callers() {
        let s = exec_script("x", "check", &["--format".into(), "sicily".into()], true);
        assert_eq!(
            s,
            "#!/bin/sh\n# x\nexec \"$(dirname \"$0\")/check\" --format sicily \"$@\"\n"
        );
    }
}
