//! `judge check`: one output judged against one test of a problem, with exactly the
//! checker options judge.toml gives the problem (those `judge run` uses), so the two never
//! disagree; the message is `judge run`'s ([`run::failure_message`]).
//!
//! The test is a test of the built data (`group/name`, or a name only one group has, with or
//! without `.in`: `testdata/<problem>/<group>/<name>.in` and `.ans`, checked against the
//! manifest first), or else the path of an input file, whose answer the reference solver
//! computes (after validating the input strictly).

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::check::CheckVerdict;
use crate::check::protocol::Protocol;
use crate::judging::run::{self, TestFiles, TestResult, Verdict};
use crate::problemset::build::solve_input;
use crate::problemset::manifest;
use crate::problemset::plan::ProblemPlan;

/// Where the test comes from.
#[derive(Clone, Debug)]
pub enum TestSource {
    /// A test of the built data.
    Built(TestFiles),
    /// An input file; the answer is the reference solver's.
    Input(PathBuf),
}

/// Finds `test` for `problem`: a test of `data/<problem>/` by `group/name` or by a name that
/// only one group has (`.in` may follow), or else an existing input file. The error says
/// what was looked for.
pub fn find_test(problem: &ProblemPlan, data: &Path, test: &str) -> Result<TestSource, String> {
    let path = PathBuf::from(test);
    let manifest = match manifest::verify(problem, data) {
        Ok(manifest) => manifest,
        Err(_) if path.is_file() => return Ok(TestSource::Input(path)),
        Err(e) => return Err(e),
    };
    let wanted = test.strip_suffix(".in").unwrap_or(test);
    let found: Vec<_> = manifest
        .test
        .iter()
        .filter(|e| e.id() == wanted || e.name == wanted)
        .collect();
    let dir = data.join(&problem.name);
    match found[..] {
        [entry] => Ok(TestSource::Built(TestFiles::of(&dir, entry))),
        [] if path.is_file() => Ok(TestSource::Input(path)),
        [] => {
            let ids: Vec<String> = manifest.test.iter().map(|e| e.id()).collect();
            let names = (ids.iter().map(String::as_str))
                .chain(manifest.test.iter().map(|e| e.name.as_str()));
            Err(format!(
                "no test {test}: neither a test of {} (give group/name, e.g. {}) nor a file \
                 {test} (run `judge build`, or give an input file){}",
                dir.display(),
                manifest.test.first().map(|e| e.id()).unwrap_or_default(),
                crate::text::did_you_mean(wanted, names)
            ))
        }
        _ => {
            let ids: Vec<String> = found.iter().map(|e| e.id()).collect();
            Err(format!(
                "the name {test} is in several groups: say which ({})",
                ids.join(", ")
            ))
        }
    }
}

/// Judges the contestant's `output` file for `source` with `problem`'s checker options.
/// A test that cannot be read or solved is a judge failure ([`Verdict::FAIL`]); an output
/// file that does not exist is a presentation error, as for `check`.
pub fn check_test(problem: &ProblemPlan, source: &TestSource, output: &Path) -> TestResult {
    let (name, loaded) = match source {
        TestSource::Built(files) => (files.id.clone(), files.load().map(|t| (t.input, t.answer))),
        TestSource::Input(path) => (path.display().to_string(), load_and_solve(problem, path)),
    };
    let group = match source {
        TestSource::Built(files) => files.group.clone(),
        TestSource::Input(_) => String::new(),
    };
    let fail =
        |why: String| TestResult::jury_failure(name.clone(), group.clone(), why, 0).visible();
    let (input, answer) = match loaded {
        Ok(pair) => pair,
        Err(why) => return fail(why),
    };
    // Read as `check` reads it, up to the cap and no further: /dev/zero, a FIFO or a huge
    // file is "output too long" with the sizes, in bounded memory.
    let file = match std::fs::File::open(output) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // The test is judged first: a bad test is a judge failure even without output.
            let jury = run::judge_output(problem, &name, &input, &answer, &mut std::io::empty());
            if jury.verdict == Verdict::FAIL {
                return TestResult {
                    group: group.clone(),
                    ..jury
                };
            }
            let why = format!("the output file {} does not exist", output.display());
            return TestResult {
                verdict: Verdict::PE,
                ..fail(why)
            };
        }
        Err(e) => return fail(format!("cannot read the output {}: {e}", output.display())),
    };
    let mut named = Named { file, path: output };
    TestResult {
        group,
        ..run::judge_output(problem, &name, &input, &answer, &mut named)
    }
    .visible()
}

/// The output file, whose read errors name it ("cannot read the output: <path>: ...").
struct Named<'a> {
    file: std::fs::File,
    path: &'a Path,
}

impl Read for Named<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.file
            .read(buf)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", self.path.display())))
    }
}

/// When `judge check PROBLEM TEST OUTPUT` failed (`result`) because TEST, an input file of
/// no built test, fails the input's validation, while OUTPUT names a built test or is a valid
/// input itself: a line saying the arguments look swapped and giving their order.
pub fn swapped_hint(
    problem: &ProblemPlan,
    data: &Path,
    test: &str,
    output: &Path,
    result: &TestResult,
) -> Option<String> {
    if result.verdict != Verdict::FAIL {
        return None;
    }
    let TestSource::Input(path) = find_test(problem, data, test).ok()? else {
        return None;
    };
    if load_and_solve(problem, &path).is_ok() {
        return None;
    }
    let named = output
        .to_str()
        .and_then(|o| match find_test(problem, data, o) {
            Ok(TestSource::Built(files)) => Some(format!("names the test {}", files.id)),
            _ => None,
        });
    // An input is small; a long output is not read whole for a hint.
    // A regular file only: /dev/zero or a FIFO says nothing of its length.
    let small = std::fs::metadata(output).is_ok_and(|m| m.is_file() && m.len() <= 1 << 24);
    let named = named.or_else(|| {
        let valid = small && load_and_solve(problem, output).is_ok();
        valid.then(|| format!("is a valid input of {}", problem.name))
    })?;
    Some(format!(
        "hint: the arguments look swapped: {} is not a valid input of {} and {} {named}; the \
         order is judge check PROBLEM TEST OUTPUT (the test first, then the output to judge)",
        path.display(),
        problem.name,
        output.display()
    ))
}

/// Reads an input file and computes its answer with the reference solver.
fn load_and_solve(problem: &ProblemPlan, path: &Path) -> Result<(Vec<u8>, Vec<u8>), String> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (answer, _, _) = solve_input(problem.format, problem.max_cases, &input)
        .map_err(|e| format!("invalid input {}:{e}", path.display()))?;
    Ok((input, answer))
}

/// The exit code of `judge check` for a verdict, testlib's ([`Protocol::exit_code`]): 0
/// accepted, 1 wrong answer, 2 presentation error, 3 judge failure (and usage errors).
pub fn exit_code(verdict: &Verdict) -> u8 {
    Protocol::Testlib.exit_code(verdict.checked().unwrap_or(CheckVerdict::Fail))
}
