//! `judge run`'s solutions, source files and commands given on the command line (one is a
//! matrix of one): checked ([`check_toolchains`]) and built ([`prepare`]), then each run on
//! every selected test with no early stop (unless `--lazy`: each up to its first rejected
//! test), as `judge strength --matrix` runs the shipped ones ([`super::cells`]). Nothing declares what a given solution should get, so each is judged
//! as `judge run` judges one: accepted when every test accepts it ([`judged`]).

use std::path::{Path, PathBuf};

use crate::judging::matrix_runs::cells::{Finished, Judged, Progress, Runs, run_every_test};
use crate::judging::ready::{Readiness, ready};
use crate::judging::run::{CannotStart, LoadedTest, Schedule, Stake, TestResult, Verdict};
use crate::judging::strength::SolutionReport;
use crate::problemset::plan::ProblemPlan;
use crate::runner::compile::BuildLimits;
use crate::runner::language::Standard;
use crate::runner::{self, Argv, Limits, Sandbox, language};

/// A solution given to `judge run`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A source file, to build (see [`crate::runner::language`]) as the standard named
    /// (`--std`), else its language's default.
    Source(PathBuf, Option<&'static Standard>),
    /// A command, as its words.
    Command(Vec<String>),
}

impl Given {
    /// Where it comes from, as the report shows it: the source's path as given, or the
    /// command as one line a shell reads back into the same words (`sh -c 'echo 1'`); a
    /// name, so escaped as one line ([`crate::text::name`]: no control or invisible
    /// character of a file name reaches any output raw).
    pub fn path(&self) -> String {
        let line = match self {
            Given::Source(path, _) => path.display().to_string(),
            Given::Command(words) => shell_words::join(words),
        };
        crate::text::name(&line).into_owned()
    }

    /// Made ready to run under `limits`: a command as it is, a source built into `cache`
    /// (in `sandbox`'s jail under `build`, [`ready`]).
    pub fn ready(
        &self,
        limits: &Limits,
        cache: &Path,
        sandbox: &Sandbox,
        build: &BuildLimits,
    ) -> Readiness {
        match self {
            Given::Command(words) => Readiness::Ready {
                command: Argv::named_by_user(words.clone()),
                limits: *limits,
            },
            Given::Source(source, standard) => {
                ready(source, *standard, limits, cache, sandbox, build)
            }
        }
    }
}

/// A given solution made ready to run: its command and limits, or why it cannot run.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The solution.
    pub given: Given,
    /// Its command and limits, or why it cannot run.
    pub ready: Readiness,
}

/// Says, one line per file, which of the `given` solutions cannot run here, before any is
/// built: a file of no known language, a source whose toolchain is missing.
pub fn check_toolchains(given: &[Given]) -> Result<(), String> {
    let problems: Vec<String> = (given.iter())
        .filter_map(|g| {
            let Given::Source(source, _) = g else {
                return None;
            };
            let Some(l) = language::of(source) else {
                return Some(format!(
                    "{}: not a source file of a known language (expected {})",
                    g.path(),
                    language::known_extensions()
                ));
            };
            language::missing_tool(l.tools).map(|tool| {
                format!(
                    "{}: cannot be run here: {tool} is not installed (`judge languages` lists \
                     the toolchains)",
                    g.path()
                )
            })
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Makes the given solutions ready under `limits` ([`Given::ready`]): commands as they are,
/// sources built into `cache` (with `workers` threads, in `sandbox`'s jail under `build`) and
/// run with what their language needs. A source that does not build is a solution that fails
/// (its row says why).
pub fn prepare(
    given: &[Given],
    limits: &Limits,
    cache: &Path,
    build: &BuildLimits,
    sandbox: &Sandbox,
    workers: usize,
) -> Vec<Prepared> {
    runner::parallel(given, workers, |g| Prepared {
        given: g.clone(),
        ready: g.ready(limits, cache, sandbox, build),
    })
}

/// Runs every ready solution of `prepared` on every one of `tests` of `problem` as `schedule`
/// says (workers, confirmation of time verdicts), no early stop unless `schedule` is lazy (each
/// stops at its first rejected test in test order, [`Schedule::lazy`]); `time_limit` is the CPU limit
/// they ran under (judge.toml's or `--time-limit`), for the reports. `progress` after each
/// test (its confirmation runs included), naming the solution by its index in `prepared`.
/// Per solution of `prepared`, in order: how it did ([`judged`]).
pub fn run_given(
    problem: &ProblemPlan,
    tests: &[LoadedTest],
    time_limit: f64,
    prepared: &[Prepared],
    sandbox: &Sandbox,
    schedule: Schedule,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Judged> {
    let ready: Vec<usize> = (0..prepared.len())
        .filter(|&i| prepared[i].ready.runnable().is_some())
        .collect();
    let total = ready.len() * tests.len();
    let runs = |tests: &[LoadedTest], from: usize| {
        let runs: Vec<Runs> = (ready.iter())
            .map(|&i| {
                let (cmd, limits) = (prepared[i].ready.runnable()).expect("only ready ones run");
                Runs {
                    problem,
                    tests,
                    cmd,
                    limits: *limits,
                    rank: 0,
                    // Nothing declared: every time verdict in doubt decides.
                    stake: Stake::Decides,
                }
            })
            .collect();
        // The runs of the tests from `from` on, counted among all.
        let progress = |p: Progress| {
            progress(Progress {
                done: p.done + from,
                total,
                finished: p.finished.map(|f| Finished {
                    solution: ready[f.solution],
                    test: f.test + from,
                    ..f
                }),
            })
        };
        run_every_test(&runs, sandbox, schedule, &progress)
    };
    // A solution given alone runs its first test alone, as `judge run` always ran one: a
    // command that cannot start stops there, and that test is the first to finish.
    let rows = if ready.len() == 1 && tests.len() > 1 {
        let mut row = runs(&tests[..1], 0).remove(0);
        let go_on = |r: &TestResult| {
            CannotStart::from_result(r).is_none() && !(schedule.lazy && r.verdict != Verdict::AC)
        };
        if row.first().is_some_and(go_on) {
            row.extend(runs(&tests[1..], 1).remove(0));
        }
        vec![row]
    } else {
        runs(tests, 0)
    };
    let mut cells = vec![Vec::new(); prepared.len()];
    for (i, row) in ready.iter().zip(rows) {
        cells[*i] = row;
    }
    (prepared.iter().zip(cells))
        .map(|(p, cells)| Judged {
            report: assess(problem, p, &cells, tests.len(), time_limit, schedule.lazy),
            command: (p.ready.runnable().map(|(c, _)| c.to_vec())).unwrap_or_default(),
            cells,
            probe: None,
        })
        .collect()
}

/// Whether a given solution is accepted on every one of the `total` tests, from its `cells`
/// (its results in order; none when it was not built; up to its first failure when `lazy`),
/// and one line saying how it did.
fn assess(
    problem: &ProblemPlan,
    prepared: &Prepared,
    cells: &[TestResult],
    total: usize,
    time_limit: f64,
    lazy: bool,
) -> SolutionReport {
    let mut report = SolutionReport {
        problem: problem.name.clone(),
        path: prepared.given.path(),
        ..SolutionReport::default()
    };
    match &prepared.ready {
        Readiness::Ready { .. } => {}
        // Checked before the builds; only a toolchain removed meanwhile gets here.
        Readiness::ToolchainMissing(why) => {
            report.summary = format!("cannot be run here: {why}");
            return report;
        }
        Readiness::DoesNotBuild(why) => {
            report.summary = format!("does not build: {why}");
            report.does_not_build = true;
            return report;
        }
    }
    if let Some(e) = cells.first().and_then(CannotStart::from_result) {
        report.summary = format!("cannot start: {}", e.why);
        report.decisive = cells.first().cloned();
        return report;
    }
    let failed: Vec<&TestResult> = cells.iter().filter(|c| c.verdict != Verdict::AC).collect();
    if let Some(first) = failed.first() {
        // The checker's reason is in `decisive`.
        report.summary = if lazy {
            format!(
                "fails test {}: {}; stopped there (--lazy): {} of the {total} tests not run",
                first.test,
                first.verdict,
                total.saturating_sub(cells.len())
            )
        } else {
            format!(
                "fails {} of {total} tests, the first {}: {}",
                failed.len(),
                first.test,
                first.verdict
            )
        };
        report.decisive = Some((*first).clone());
        return report;
    }
    report.ok = true;
    let Some(slowest) = cells
        .iter()
        .max_by(|a, b| a.cpu_seconds.total_cmp(&b.cpu_seconds))
    else {
        report.summary = "passes (no tests)".into();
        return report;
    };
    let margin = time_limit / slowest.cpu_seconds.max(1e-3);
    report.margin = Some(margin);
    report.summary = format!(
        "passes all {total} tests; slowest: test {} in {:.2} s CPU of the {time_limit} s limit \
         ({margin:.1}x margin)",
        slowest.test, slowest.cpu_seconds
    );
    report.decisive = Some(slowest.clone());
    report
}
