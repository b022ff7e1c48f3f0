//! The shipped solutions as DMOJ testsuite cases: `tests/SOLUTION/test.yml` (the language,
//! the limits, the declared verdict as DMOJ's codes) beside the solution's source.

use std::collections::BTreeSet;

use crate::export::dmoj::init::quoted;
use crate::export::{ExportError, Source, seconds};
use crate::problemset::plan::{Expected, SolutionPlan};

/// One solution in DMOJ's testsuite format.
#[derive(Debug, Clone)]
pub(super) struct Case {
    /// The folder under `tests/`: `EXPECTED_STEM_EXT` (stable: made of the solution's path).
    pub dir: String,
    /// The source's file name.
    pub file: String,
    /// Its bytes.
    pub source: Vec<u8>,
    /// DMOJ's language key (`CPP17`, `PY3`, `JAVA`, `RUST`).
    pub language: &'static str,
    /// The codes every test case may get, as `test.yml`'s `expect` says them.
    pub expect: String,
    /// The folder's `test.yml`.
    pub test_yml: String,
}

/// DMOJ's executor for a solution file's extension.
fn language(ext: &str) -> Option<&'static str> {
    match ext {
        "cpp" | "cc" => Some("CPP17"),
        "py" => Some("PY3"),
        "java" => Some("JAVA"),
        "rs" => Some("RUST"),
        "c" => Some("C11"),
        _ => None,
    }
}

/// The codes a case of a solution with the declared verdict may get. Judging stops at the first
/// rejected case (every batch depends on the earlier ones, and a batch stops at its first
/// failure): the cases before it are AC, it has the declared verdict (a presentation error is
/// DMOJ's WA), the rest are skipped (SC). DMOJ's own summary cannot say "at least one WA";
/// `.ci/verify-packages` checks that in DMOJ's per-case report.
fn expect(expected: Expected) -> &'static str {
    match expected {
        Expected::Accepted => "AC",
        Expected::WrongAnswer => "[AC, WA, SC]",
        Expected::TimeLimitExceeded => "[AC, TLE, SC]",
    }
}

/// Every shipped solution as a testsuite case, in plan order.
pub(super) fn solutions(source: &Source) -> Result<Vec<Case>, ExportError> {
    let problem = source.problem;
    let mut cases = Vec::new();
    let mut dirs = BTreeSet::new();
    for s in &problem.solutions {
        let case = one(source, s)?;
        if !dirs.insert(case.dir.clone()) {
            return Err(ExportError(format!(
                "{}: two solutions of {} make the testsuite folder tests/{}",
                s.path.display(),
                problem.name,
                case.dir
            )));
        }
        cases.push(case);
    }
    Ok(cases)
}

fn one(source: &Source, s: &SolutionPlan) -> Result<Case, ExportError> {
    let problem = source.problem;
    let path = s.path.display();
    let file = s
        .path
        .file_name()
        .and_then(|f| f.to_str())
        .ok_or_else(|| ExportError(format!("{path}: no file name")))?
        .to_string();
    let (stem, ext) = file
        .rsplit_once('.')
        .ok_or_else(|| ExportError(format!("{path}: no extension")))?;
    let language = language(ext)
        .ok_or_else(|| ExportError(format!("{path}: no DMOJ language for .{ext} files")))?;
    let dir = format!("{}_{stem}_{ext}", s.expected.name());
    let expect = (s.dmoj_expect.clone()).unwrap_or_else(|| expect(s.expected).to_string());
    let on_dmoj = match &s.dmoj_expect {
        Some(codes) => format!(
            " On DMOJ: {codes} (judge.toml's dmoj_expect: its sandbox judges it otherwise)."
        ),
        None => String::new(),
    };
    let test_yml = format!(
        "# {path}: declared {expected} in judge.toml.{on_dmoj}\n# {description}\n\
         language: {language}\n\
         time: {time}\n\
         memory: {memory}\n\
         source: {source}\n\
         expect: {expect}\n",
        expected = s.expected.name(),
        description = s.description.replace('\n', " "),
        time = seconds(problem.time_limit),
        memory = problem.memory_limit * 1024,
        source = quoted(&file),
    );
    Ok(Case {
        dir,
        source: source.read(&s.path)?,
        file,
        language,
        expect,
        test_yml,
    })
}
