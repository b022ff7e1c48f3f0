//! `judge stress`: seeded random tests of every strategy until a solution fails, then the
//! failing input shrunk to a minimal one.
//!
//! Shrinking: first drop cases one at a time while the solution still fails (a bug that needs
//! two cases keeps two); then replace each remaining case by the simplest failing one, trying
//! boards in increasing order of (distance, step limit). Every step reruns the solution, so
//! what is printed is a test it really fails.

use std::time::{Duration, Instant};

use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::{Case as SicilyCase, Sicily};
use crate::format::{Format, Problem, ReadOptions, read_all, write_input};
use crate::generator::random::Random;
use crate::generator::{GenArgs, generate_to_vec};
use crate::judge::build::solve_input;
use crate::judge::plan::ProblemPlan;
use crate::judge::run::{TestResult, Verdict, judge_test};
use crate::puzzle::{magic, rotation};
use crate::runner::{Limits, Sandbox};

/// How long to stress.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// This many tests.
    Count(usize),
    /// Until this much time has passed.
    Time(Duration),
}

/// A test the solution fails.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The test's input.
    pub input: Vec<u8>,
    /// The expected output.
    pub answer: Vec<u8>,
    /// What the solution did on it.
    pub result: TestResult,
}

/// How a stress run ended.
#[derive(Clone, Debug)]
pub enum StressOutcome {
    /// Every test passed.
    Passed {
        /// How many tests ran.
        tests: usize,
    },
    /// A test failed.
    Failed {
        /// Which test (from 1) and its generator command.
        test: usize,
        /// The generator command of the failing test.
        command: String,
        /// The failing test as generated.
        original: Box<Failure>,
        /// The shrunk failing test.
        shrunk: Box<Failure>,
        /// How many runs shrinking took.
        shrink_runs: usize,
    },
}

/// The generator command of stress test `index` (from 1) for `format`: every strategy in
/// turn, with a few cases, a distance and a generator seed drawn from `seed`.
pub fn command(format: Format, seed: u64, index: u64) -> String {
    // The generator's own seeded stream, keyed by the schedule's seed and the test's number.
    let mut random =
        Random::from_text(&format!("boardjudge-stress=1\nseed={seed}\ntest={index}\n"));
    let gen_seed = random.next_u64();
    let mut pick = |n: u64| random.below(n);
    let cases = pick(6) + 1;
    let (strategy, extra) = match format {
        Format::Sicily => {
            let s = [
                "uniform",
                "distance",
                "limit-exact",
                "limit-below",
                "limit-zero",
                "limit-far",
                "start-zero",
                "start",
                "max-distance",
            ][pick(9) as usize];
            let extra = match s {
                "distance" => format!(" --distance {} --limit {}", pick(23), pick(25)),
                "start-zero" => String::new(),
                _ => format!(" --cases {cases}"),
            };
            (s, extra)
        }
        Format::Msquare => {
            let s = ["uniform", "distance", "max-distance", "start"][pick(4) as usize];
            let extra = match s {
                "distance" => format!(" --distance {}", pick(23)),
                "max-distance" => format!(" --index {}", pick(5) + 1),
                _ => String::new(),
            };
            (s, extra)
        }
        Format::Rotation => {
            let s = ["uniform", "distance", "solved", "ties", "many-solutions"][pick(5) as usize];
            let extra = match s {
                "distance" => format!(" --distance {} --cases {cases}", pick(12)),
                "many-solutions" => format!(" --pool 10 --cases {cases}"),
                _ => format!(" --cases {cases}"),
            };
            (s, extra)
        }
    };
    format!("gen {format} --seed {gen_seed} --strategy {strategy}{extra}")
}

/// Runs stress tests until one fails or the budget is spent; `progress` is called after each
/// test with its number.
pub fn stress(
    problem: &ProblemPlan,
    cmd: &[String],
    limits: &Limits,
    sandbox: &Sandbox,
    seed: u64,
    budget: Budget,
    progress: &dyn Fn(usize),
) -> Result<StressOutcome, String> {
    let started = Instant::now();
    let mut index = 0usize;
    loop {
        let done = match budget {
            Budget::Count(n) => index >= n,
            Budget::Time(t) => started.elapsed() >= t,
        };
        if done {
            return Ok(StressOutcome::Passed { tests: index });
        }
        index += 1;
        let command = command(problem.format, seed, index as u64);
        let args = GenArgs::parse_command(&command)?;
        let input = generate_to_vec(&args).map_err(|e| format!("{command}: {e}"))?;
        let answer = answer_for(problem.format, &input)?;
        let result = judge_test(
            problem,
            &index.to_string(),
            &input,
            &answer,
            cmd,
            limits,
            sandbox,
        );
        progress(index);
        if result.verdict == Verdict::AC {
            continue;
        }
        let original = Failure {
            input,
            answer,
            result,
        };
        let (shrunk, shrink_runs) = match problem.format {
            Format::Sicily => shrink::<Sicily>(problem, cmd, limits, sandbox, &original),
            Format::Msquare => shrink::<Msquare>(problem, cmd, limits, sandbox, &original),
            Format::Rotation => shrink::<Rotation>(problem, cmd, limits, sandbox, &original),
        }?;
        return Ok(StressOutcome::Failed {
            test: index,
            command,
            original: Box::new(original),
            shrunk: Box::new(shrunk),
            shrink_runs,
        });
    }
}

/// The expected output of an input (which must be valid).
pub fn answer_for(format: Format, input: &[u8]) -> Result<Vec<u8>, String> {
    solve_input(format, usize::MAX, input)
        .map(|(answer, _, _)| answer)
        .map_err(|e| e.to_string())
}

/// A format's notion of a simpler case.
trait Simplify: Problem {
    /// The case's (distance, step limit): smaller is simpler.
    fn key(case: &Self::Case) -> (u8, i64);
    /// The largest distance of the format.
    const MAX_DISTANCE: u8;
    /// The generator options that give one case at distance `d` (and step limit `limit`).
    fn options(d: u8, limit: i64) -> String;
    /// Step limits worth trying for a board at distance `d`, simplest first.
    fn limits(d: u8) -> Vec<i64> {
        let _ = d;
        vec![0]
    }
}

impl Simplify for Sicily {
    fn key(case: &SicilyCase) -> (u8, i64) {
        (magic::Table::get().distance(case.target), case.limit)
    }
    const MAX_DISTANCE: u8 = magic::MAX_DISTANCE;
    fn options(d: u8, limit: i64) -> String {
        format!("--strategy distance --distance {d} --limit {limit} --cases 1")
    }
    fn limits(d: u8) -> Vec<i64> {
        let d = i64::from(d);
        let mut limits = vec![0, d - 1, d, d + 1];
        limits.retain(|&l| l >= 0);
        limits.sort_unstable();
        limits.dedup();
        limits
    }
}

impl Simplify for Msquare {
    fn key(case: &magic::Board) -> (u8, i64) {
        (magic::Table::get().distance(*case), 0)
    }
    const MAX_DISTANCE: u8 = magic::MAX_DISTANCE;
    fn options(d: u8, _limit: i64) -> String {
        format!("--strategy distance --distance {d}")
    }
}

impl Simplify for Rotation {
    fn key(case: &rotation::Board) -> (u8, i64) {
        (rotation::Table::get().distance(case), 0)
    }
    const MAX_DISTANCE: u8 = rotation::MAX_DISTANCE;
    fn options(d: u8, _limit: i64) -> String {
        format!("--strategy distance --distance {d} --cases 1")
    }
}

/// The most runs shrinking may take.
const SHRINK_RUNS: usize = 400;

/// Boards tried per (distance, limit) when simplifying a case.
const BOARDS_PER_KEY: u64 = 2;

fn shrink<P: Simplify>(
    problem: &ProblemPlan,
    cmd: &[String],
    limits: &Limits,
    sandbox: &Sandbox,
    failure: &Failure,
) -> Result<(Failure, usize), String> {
    let mut cases =
        read_all::<P>(&failure.input[..], ReadOptions::STRICT).map_err(|e| e.to_string())?;
    let mut best = failure.clone();
    let mut runs = 0;
    let attempt = |cases: &[P::Case], runs: &mut usize| -> Result<Option<Failure>, String> {
        *runs += 1;
        let mut input = Vec::new();
        write_input::<P>(cases, &mut input).map_err(|e| e.to_string())?;
        let answer = answer_for(problem.format, &input)?;
        let result = judge_test(problem, "shrunk", &input, &answer, cmd, limits, sandbox);
        Ok((result.verdict != Verdict::AC).then_some(Failure {
            input,
            answer,
            result,
        }))
    };
    // Fewer cases.
    let mut i = cases.len();
    while i > 0 && cases.len() > 1 && runs < SHRINK_RUNS {
        i -= 1;
        let mut fewer = cases.clone();
        fewer.remove(i);
        if let Some(f) = attempt(&fewer, &mut runs)? {
            cases = fewer;
            best = f;
        }
        i = i.min(cases.len());
    }
    // Simpler cases.
    for j in 0..cases.len() {
        let current = P::key(&cases[j]);
        'search: for d in 0..=P::MAX_DISTANCE.min(current.0) {
            for limit in P::limits(d) {
                if (d, limit) >= current {
                    break 'search;
                }
                for k in 0..BOARDS_PER_KEY {
                    if runs >= SHRINK_RUNS {
                        break 'search;
                    }
                    let command =
                        format!("gen {} --seed {k} {}", problem.format, P::options(d, limit));
                    let args = GenArgs::parse_command(&command)?;
                    let input = generate_to_vec(&args).map_err(|e| e.to_string())?;
                    let candidate = read_all::<P>(&input[..], ReadOptions::STRICT)
                        .map_err(|e| e.to_string())?;
                    let mut simpler = cases.clone();
                    simpler[j] = candidate[0].clone();
                    if let Some(f) = attempt(&simpler, &mut runs)? {
                        cases = simpler;
                        best = f;
                        break 'search;
                    }
                }
            }
        }
    }
    Ok((best, runs))
}
