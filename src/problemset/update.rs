//! `judge build` as a whole: every test of the chosen problems built ([`super::build`]), then
//! the test data on disk brought to it (written, stale files removed, unknown ones moved to
//! the [`super::trash`] folder) or, with `--check`, compared with it and nothing written.

use std::path::{Path, PathBuf};

use crate::problemset::build::{
    BuildError, BuiltProblem, WriteReport, build_plan, compare_problem, write_problem,
};
use crate::problemset::plan::{Plan, TestSource};
use crate::problemset::trash;

/// What `judge build` is asked.
pub struct Request<'a> {
    /// The plan, as loaded (the trash folder goes beside it).
    pub plan: &'a Plan,
    /// The test data directory.
    pub out: &'a Path,
    /// Only these problems (all when empty).
    pub only: &'a [String],
    /// Worker threads.
    pub jobs: usize,
    /// Compare with the files on disk instead of writing them.
    pub check: bool,
}

/// What became of one problem's test data.
pub enum ProblemUpdate {
    /// Written: the counts, and each file removed or moved to the trash.
    Written(WriteReport),
    /// Compared (`--check`): every file that differs, is missing, stale or unknown.
    Compared(Vec<String>),
}

/// Why `judge build` stopped.
pub enum UpdateError {
    /// Tests failed to build: nothing was written.
    Tests(Vec<BuildError>),
    /// A problem's directory could not be written (the problems before it were).
    Write {
        /// The problem's directory.
        dir: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// Builds the tests of `request` (`progress` after each, with the problem's name), then
/// writes or compares each problem's data in turn, telling `each` what became of it: the built
/// problems.
pub fn update(
    request: &Request,
    progress: &(dyn Fn(&str) + Sync),
    each: &mut dyn FnMut(&BuiltProblem, &ProblemUpdate),
) -> Result<Vec<BuiltProblem>, UpdateError> {
    let built = build_plan(request.plan, request.only, request.jobs, progress)
        .map_err(UpdateError::Tests)?;
    let trash = trash::folder(&request.plan.path);
    for problem in &built {
        let update = if request.check {
            ProblemUpdate::Compared(compare_problem(request.out, problem))
        } else {
            match write_problem(request.out, problem, &trash) {
                Ok(report) => ProblemUpdate::Written(report),
                Err(error) => {
                    return Err(UpdateError::Write {
                        dir: request.out.join(&problem.name),
                        error,
                    });
                }
            }
        };
        each(problem, &update);
    }
    Ok(built)
}

/// Of the tests that programs of one's own generate: how many took a generator's output
/// kept from an earlier build (under target/generators/), and how many ran the program.
pub fn generator_runs(built: &[BuiltProblem]) -> (usize, usize) {
    let programs = (built.iter().flat_map(|p| &p.tests))
        .filter(|t| matches!(t.plan.source, TestSource::Program { .. }));
    let (reused, ran): (Vec<_>, Vec<_>) = programs.partition(|t| t.reused);
    (reused.len(), ran.len())
}
