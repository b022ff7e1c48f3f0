//! `judge check`: one output judged against one test of a problem, with exactly the
//! checker options judge.toml gives the problem (those `judge run` uses), so the two never
//! disagree; the message is `judge run`'s ([`run::failure_message`]).
//!
//! The test is a test of the built data (`05` or `05.in`: `testdata/<problem>/05.in` and
//! `05.ans`), or else the path of an input file, whose answer the reference solver computes
//! (after validating the input strictly).

use std::path::{Path, PathBuf};

use crate::judge::build::solve_input;
use crate::judge::plan::ProblemPlan;
use crate::judge::run::{self, TestFiles, TestResult, Verdict};

/// Where the test comes from.
#[derive(Clone, Debug)]
pub enum TestSource {
    /// A test of the built data.
    Built(TestFiles),
    /// An input file; the answer is the reference solver's.
    Input(PathBuf),
}

/// Finds `test` for `problem`: a test of `data/<problem>/` by name (`05` or `05.in`), or
/// else an existing input file. The error names both places looked at.
pub fn find_test(problem: &ProblemPlan, data: &Path, test: &str) -> Result<TestSource, String> {
    let dir = data.join(&problem.name);
    let name = test.strip_suffix(".in").unwrap_or(test);
    let built = dir.join(format!("{name}.in"));
    if !name.is_empty() && !name.contains('/') && built.is_file() {
        return Ok(TestSource::Built(TestFiles {
            name: name.to_string(),
            input: built.clone(),
            answer: built.with_extension("ans"),
        }));
    }
    let path = PathBuf::from(test);
    if path.is_file() {
        return Ok(TestSource::Input(path));
    }
    Err(format!(
        "no test {test}: neither {} nor a file {test} exists (run `judge build`, or give an \
         input file)",
        built.display()
    ))
}

/// Judges the contestant's `output` file for `source` with `problem`'s checker options.
/// A test that cannot be read or solved is a judge failure ([`Verdict::FAIL`]); an output
/// file that does not exist is a presentation error, as for `check`.
pub fn check_test(problem: &ProblemPlan, source: &TestSource, output: &Path) -> TestResult {
    let (name, loaded) = match source {
        TestSource::Built(files) => (
            files.name.clone(),
            files.load().map(|t| (t.input, t.answer)),
        ),
        TestSource::Input(path) => (path.display().to_string(), load_and_solve(problem, path)),
    };
    let fail = |why: String| TestResult {
        test: name.clone(),
        verdict: Verdict::FAIL,
        cpu_seconds: 0.0,
        wall_seconds: 0.0,
        peak_memory_bytes: 0,
        details: why.clone(),
        summary: why,
    };
    let (input, answer) = match loaded {
        Ok(pair) => pair,
        Err(why) => return fail(why),
    };
    let output = match std::fs::read(output) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // The test is judged first: a bad test is a judge failure even without output.
            let jury = run::judge_output(problem, &name, &input, &answer, b"");
            if jury.verdict == Verdict::FAIL {
                return jury;
            }
            let why = format!("the output file {} does not exist", output.display());
            return TestResult {
                verdict: Verdict::PE,
                ..fail(why)
            };
        }
        Err(e) => return fail(format!("cannot read the output {}: {e}", output.display())),
    };
    run::judge_output(problem, &name, &input, &answer, &output)
}

/// Reads an input file and computes its answer with the reference solver.
fn load_and_solve(problem: &ProblemPlan, path: &Path) -> Result<(Vec<u8>, Vec<u8>), String> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (answer, _, _) = solve_input(problem.format, problem.max_cases, &input)
        .map_err(|e| format!("invalid input {}:{e}", path.display()))?;
    Ok((input, answer))
}

/// The exit code of `judge check` for a verdict, testlib's: 0 accepted, 1 wrong answer, 2
/// presentation error, 3 judge failure (and usage errors).
pub fn exit_code(verdict: &Verdict) -> u8 {
    match verdict {
        Verdict::AC => 0,
        Verdict::WA => 1,
        Verdict::PE => 2,
        _ => 3,
    }
}
