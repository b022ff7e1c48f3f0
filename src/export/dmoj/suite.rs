//! The shipped solutions as DMOJ testsuite cases: `tests/SOLUTION/test.yml` (the language,
//! the limits, the declared verdict as DMOJ's codes) beside the solution's source.

use std::collections::BTreeSet;

use crate::export::dialect::{self, Exported, Judge};
use crate::export::{ExportError, Source, seconds, yaml_str};
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

/// DMOJ's executor for a solution file's extension and the standard judge.toml names (none:
/// the language's default). Each defines ONLINE_JUDGE.
fn language(ext: &str, standard: Option<&str>) -> Option<&'static str> {
    match (ext, standard) {
        ("cpp" | "cc", Some("cpp98")) => Some("CPP03"),
        ("cpp" | "cc", Some("cpp11")) => Some("CPP11"),
        ("cpp" | "cc", Some("cpp14")) => Some("CPP14"),
        ("cpp" | "cc", None | Some("cpp17")) => Some("CPP17"),
        ("cpp" | "cc", Some("cpp20")) => Some("CPP20"),
        ("c", Some("c99")) => Some("C"),
        ("c", None | Some("c11")) => Some("C11"),
        ("py", None) => Some("PY3"),
        ("java", None) => Some("JAVA"),
        ("rs", None) => Some("RUST"),
        _ => None,
    }
}

/// How DMOJ builds the solutions: the standards it has an executor for, ONLINE_JUDGE defined,
/// Java's public class found by name but no `package` line taken.
const JUDGE: Judge = Judge {
    name: "DMOJ",
    defines_online_judge: true,
    offers: |standard| {
        let ext = if standard.id.starts_with("cpp") {
            "cpp"
        } else {
            "c"
        };
        language(ext, Some(standard.id)).is_some()
    },
    java: "refuses a Java package line",
};

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

/// Every shipped solution DMOJ can build as a testsuite case, in plan order, and a note for
/// each one left out or adapted ([`dialect::exported`]).
pub(super) fn solutions(source: &Source) -> Result<(Vec<Case>, Vec<String>), ExportError> {
    let problem = source.problem;
    let mut cases = Vec::new();
    let mut notes = Vec::new();
    let mut dirs = BTreeSet::new();
    for s in &problem.solutions {
        let exported = match dialect::exported(source, s, JUDGE)? {
            Ok(exported) => exported,
            Err(why) => {
                notes.push(format!("{} left out: {why}", s.path.display()));
                continue;
            }
        };
        notes.extend(exported.note.clone());
        let case = one(source, s, exported)?;
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
    Ok((cases, notes))
}

/// The testsuite case of `s`, `exported` as DMOJ gets it; its folder is named after the
/// shipped file.
fn one(source: &Source, s: &SolutionPlan, exported: Exported) -> Result<Case, ExportError> {
    let problem = source.problem;
    let path = s.path.display();
    let shipped = (s.path.file_name().and_then(|f| f.to_str()))
        .ok_or_else(|| ExportError(format!("{path}: no file name")))?;
    let (stem, ext) = shipped
        .rsplit_once('.')
        .ok_or_else(|| ExportError(format!("{path}: no extension")))?;
    let file = exported.file;
    let language = language(ext, s.standard.map(|st| st.id))
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
        source = yaml_str(&file),
    );
    Ok(Case {
        dir,
        source: exported.bytes,
        file,
        language,
        expect,
        test_yml,
    })
}
