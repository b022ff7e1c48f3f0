//! `judge strength --matrix`: every selected shipped solution on every test, with no early
//! stop (a solution that failed a test still runs on the rest), runs spread over the workers
//! one (solution, test) pair at a time ([`super::cells`]); each solution judged against its
//! expected outcome as `judge strength` decides it. For the time-limit advice, each
//! intended-TLE solution is run once more on one of its TLE tests with [`PROBE_FACTOR`] times
//! the limit, to measure how far beyond the limit it is.

use std::path::Path;

use crate::judging::matrix_runs::cells::{Finished, Judged, Progress, Runs, run_every_test};
use crate::judging::run::{Confirm, LoadedTest, Schedule, Stake, TestResult, Verdict};
use crate::judging::strength::{BuildOutcome, assess, build_solution, check_path_order};
use crate::problemset::plan::{Expected, ProblemPlan, SolutionPlan};
use crate::runner::compile::BuildLimits;
use crate::runner::{self, Sandbox};

/// An intended-TLE solution's probe run gets this many times the time limit.
pub const PROBE_FACTOR: f64 = 3.0;

/// One problem to run: its plan, its tests (in plan order) and the solutions selected.
pub struct MatrixJob<'a> {
    /// The problem.
    pub problem: &'a ProblemPlan,
    /// Its tests, in the order of the plan.
    pub tests: &'a [LoadedTest],
    /// The solutions to run.
    pub solutions: Vec<&'a SolutionPlan>,
}

/// Builds the solutions of every job (into `cache`, jailed under `build`) and runs the
/// matrix of every job as `schedule` says (workers, confirmation of time verdicts):
/// per job, per selected solution in order, how it did ([`Judged`]). `progress` after each
/// test (its confirmation runs included), naming the problem by its job's index and the
/// solution by its index in the job. When the judge is interrupted ([`runner::interrupted`])
/// the probes are not run and the results are incomplete: the caller reports the runs
/// `progress` saw finish instead.
pub fn run_shipped(
    jobs: &[MatrixJob],
    repo: &Path,
    cache: &Path,
    build: &BuildLimits,
    sandbox: &Sandbox,
    schedule: Schedule,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Vec<Judged>> {
    let workers = schedule.workers;
    let solutions: Vec<(usize, usize)> = jobs
        .iter()
        .enumerate()
        .flat_map(|(p, job)| (0..job.solutions.len()).map(move |s| (p, s)))
        .collect();
    let built = runner::parallel(&solutions, workers, |&(p, s)| {
        build_solution(
            jobs[p].problem,
            jobs[p].solutions[s],
            repo,
            cache,
            sandbox,
            build,
        )
    });
    // Every (solution, test) pair of a built solution, interleaved; at each share of the
    // tests the slow solutions first, so that their long runs do not come last with one
    // worker idle.
    let rank = |e: Expected| match e {
        Expected::TimeLimitExceeded => 0,
        Expected::Accepted => 1,
        Expected::WrongAnswer => 2,
    };
    let ready: Vec<usize> = (0..solutions.len()).filter(|&i| built[i].is_ok()).collect();
    let runs: Vec<Runs> = ready
        .iter()
        .map(|&i| {
            let (p, s) = solutions[i];
            let (cmd, limits) = built[i].as_ref().expect("only built solutions run");
            Runs {
                problem: jobs[p].problem,
                tests: jobs[p].tests,
                cmd,
                limits: *limits,
                rank: rank(jobs[p].solutions[s].expected),
                stake: Stake::of(Some(jobs[p].solutions[s].expected)),
            }
        })
        .collect();
    let progress = |p: Progress| {
        progress(Progress {
            finished: p.finished.map(|f| {
                let (problem, solution) = solutions[ready[f.solution]];
                Finished {
                    problem,
                    solution,
                    ..f
                }
            }),
            ..p
        })
    };
    let mut cells: Vec<Vec<TestResult>> = vec![Vec::new(); solutions.len()];
    for (i, row) in ready
        .iter()
        .zip(run_every_test(&runs, sandbox, schedule, &progress))
    {
        cells[*i] = row;
    }
    let probes = if runner::interrupted().is_some() {
        vec![None; solutions.len()]
    } else {
        run_probes(jobs, &solutions, &built, &cells, sandbox, workers)
    };
    let mut judged: Vec<Vec<Judged>> = jobs.iter().map(|_| Vec::new()).collect();
    let rows = solutions.iter().zip(built).zip(cells).zip(probes);
    for (((&(p, s), built), cells), probe) in rows {
        let job = &jobs[p];
        let first = cells.iter().position(|c| c.verdict != Verdict::AC);
        let (report, command) = match built {
            Err(report) => (*report, Vec::new()),
            Ok((command, _)) => {
                let upto = first.map_or(cells.len(), |f| f + 1);
                let mut report = assess(
                    job.problem,
                    job.solutions[s],
                    &cells[..upto],
                    job.tests.len(),
                );
                // Every test ran (unless the command could not start): the cells say what
                // the first failure in path order is.
                if let Some(f) = first.filter(|_| cells.len() == job.tests.len()) {
                    check_path_order(&mut report, job.tests, f, |i| cells[i].clone());
                }
                (report, command.to_vec())
            }
        };
        judged[p].push(Judged {
            report,
            command,
            cells,
            probe,
        });
    }
    judged
}

/// Runs each intended-TLE solution once more, with [`PROBE_FACTOR`] times the limit, on the
/// one of its TLE tests on which the accepted solutions are slowest (the hardest test). A
/// probe is a measure, not a verdict: it is not confirmed.
fn run_probes(
    jobs: &[MatrixJob],
    solutions: &[(usize, usize)],
    built: &[BuildOutcome],
    cells: &[Vec<TestResult>],
    sandbox: &Sandbox,
    workers: usize,
) -> Vec<Option<TestResult>> {
    // The TLE test of each intended-TLE solution on which the accepted ones are slowest.
    let wanted: Vec<(usize, usize)> = solutions
        .iter()
        .enumerate()
        .filter_map(|(i, &(p, s))| {
            if jobs[p].solutions[s].expected != Expected::TimeLimitExceeded || built[i].is_err() {
                return None;
            }
            let accepted_time = |t: usize| {
                solutions
                    .iter()
                    .enumerate()
                    .filter(|&(j, &(q, r))| {
                        q == p
                            && jobs[q].solutions[r].expected == Expected::Accepted
                            && cells[j].get(t).is_some_and(|c| c.verdict == Verdict::AC)
                    })
                    .map(|(j, _)| cells[j][t].cpu_seconds)
                    .fold(0.0, f64::max)
            };
            (0..cells[i].len())
                .filter(|&t| matches!(cells[i][t].verdict, Verdict::TLE(_)))
                .max_by(|&a, &b| {
                    accepted_time(a)
                        .total_cmp(&accepted_time(b))
                        .then(b.cmp(&a))
                })
                .map(|t| (i, t))
        })
        .collect();
    let probed = runner::parallel(&wanted, workers, |&(i, t)| {
        let (p, _) = solutions[i];
        let problem = jobs[p].problem;
        let test = &jobs[p].tests[t];
        let (cmd, limits) = built[i].as_ref().expect("only built solutions run");
        let mut limits = *limits;
        limits.cpu = limits.cpu.mul_f64(PROBE_FACTOR);
        limits.wall = runner::default_wall(limits.cpu);
        test.judge(problem, cmd, &limits, sandbox, Confirm::OFF, Stake::Never)
    });
    let mut out = vec![None; solutions.len()];
    for ((i, _), result) in wanted.iter().zip(probed) {
        out[*i] = Some(result);
    }
    out
}
