//! `judge stress`: seeded random tests of every strategy until a solution fails, then the
//! failing input shrunk to a minimal one ([`crate::judging::shrink`]). A reference program
//! may be stressed beside it: it runs first on each input, and a failure of either stops the
//! run.

use std::time::{Duration, Instant};

use crate::format::sicily::{Case as SicilyCase, Sicily};
use crate::format::{Format, ReadOptions, read_all, write_input};
use crate::generator::random::Random;
use crate::generator::{GenArgs, generate_to_vec};
use crate::judging::failure::{Failure, answer_for};
use crate::judging::run::{Verdict, judge_test};
use crate::judging::shrink::{Shrunk, shrink};
use crate::problemset::plan::ProblemPlan;
use crate::puzzle::magic::Board;
use crate::runner::{Argv, Limits, Sandbox};

/// How long to stress.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// This many tests.
    Count(usize),
    /// Until this much time has passed.
    Time(Duration),
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
        /// Which program failed it: the solution, or the reference run beside it.
        program: Stressed,
        /// Which test (from 1) and its generator command.
        test: usize,
        /// The generator command of the failing test.
        command: String,
        /// The failing test as generated.
        original: Box<Failure>,
        /// The shrunk failing test and how far shrinking got.
        shrunk: Box<Shrunk>,
    },
}

/// The program a stress failure belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stressed {
    /// The solution under test.
    Solution,
    /// The reference (`--reference`), checked on each input before the solution.
    Reference,
}

/// What ends a sicily stress test's command when the start board (N = 0) follows the
/// generated cases: a start board after a case with a path shows a stale path buffer.
const THEN_START: &str = ", then the start board with N = 0";

/// The generator command of stress test `index` (from 1) for `format`: every strategy in
/// turn, with a few cases, a distance and a generator seed drawn from `seed` (for sicily,
/// one test in four ends with the start board: [`input`]).
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
            let mut extra = match s {
                "distance" => {
                    // Small distances half the time; N about the distance, or the largest.
                    let d = if pick(2) == 0 { pick(4) } else { pick(23) };
                    let limit = match pick(4) {
                        0 => pick(25),
                        1 => d.saturating_sub(1),
                        2 => d,
                        _ => i32::MAX as u64,
                    };
                    format!(" --distance {d} --limit {limit} --cases {cases}")
                }
                "start-zero" => String::new(),
                _ => format!(" --cases {cases}"),
            };
            if pick(4) == 0 {
                extra.push_str(THEN_START);
            }
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

/// What a stress run does: its schedule of tests and how long it goes on.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The seed of the schedule of tests.
    pub seed: u64,
    /// How many tests, or for how long.
    pub budget: Budget,
    /// The most solution runs shrinking a failure may take.
    pub shrink_runs: usize,
}

/// The input of a stress test's command.
pub fn input(command: &str) -> Result<Vec<u8>, String> {
    let (generator, then_start) = match command.strip_suffix(THEN_START) {
        Some(generator) => (generator, true),
        None => (command, false),
    };
    let args = GenArgs::parse_command(generator)?;
    let input = generate_to_vec(&args).map_err(|e| format!("{command}: {e}"))?;
    if !then_start {
        return Ok(input);
    }
    let mut cases = read_all::<Sicily>(&input[..], ReadOptions::STRICT)
        .map_err(|e| format!("{command}: {e}"))?;
    cases.push(SicilyCase {
        limit: 0,
        target: Board::START,
    });
    let mut input = Vec::new();
    write_input::<Sicily>(&cases, &mut input).map_err(|e| e.to_string())?;
    Ok(input)
}

/// A program to stress: its command and its limits (a build's limits may differ).
#[derive(Clone, Copy, Debug)]
pub struct Program<'a> {
    /// The command.
    pub cmd: &'a Argv,
    /// Its limits.
    pub limits: &'a Limits,
}

/// Where a stress run is, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// This many tests ran.
    Tested(usize),
    /// A test failed and is being shrunk: this many runs so far, of at most `budget`.
    Shrinking {
        /// Runs so far.
        runs: usize,
        /// The most runs shrinking may take (`--shrink-runs`).
        budget: usize,
    },
}

/// Runs stress tests of `solution` (and of `reference` first on each input, when given)
/// until one fails or the budget is spent, then shrinks the failure against the answers of
/// the built-in solver; `progress` is called after each test and each shrinking run.
pub fn stress(
    problem: &ProblemPlan,
    solution: Program,
    reference: Option<Program>,
    sandbox: &Sandbox,
    settings: Settings,
    progress: &dyn Fn(Progress),
) -> Result<StressOutcome, String> {
    let started = Instant::now();
    let mut index = 0usize;
    loop {
        let done = match settings.budget {
            Budget::Count(n) => index >= n,
            Budget::Time(t) => started.elapsed() >= t,
        };
        if done {
            return Ok(StressOutcome::Passed { tests: index });
        }
        index += 1;
        let command = command(problem.format, settings.seed, index as u64);
        let input = input(&command)?;
        let answer = answer_for(problem.format, &input)?;
        let programs = reference
            .map(|r| (Stressed::Reference, r))
            .into_iter()
            .chain([(Stressed::Solution, solution)]);
        let mut failed = None;
        for (which, program) in programs {
            let name = index.to_string();
            let result = judge_test(
                problem,
                &name,
                &input,
                &answer,
                program.cmd,
                program.limits,
                sandbox,
            );
            if result.verdict != Verdict::AC {
                failed = Some((which, program, result));
                break;
            }
        }
        progress(Progress::Tested(index));
        let Some((which, program, result)) = failed else {
            continue;
        };
        let original = Failure {
            input,
            answer,
            result,
        };
        let shrunk = shrink(
            problem,
            program.cmd,
            program.limits,
            sandbox,
            &original,
            settings.shrink_runs,
            &|runs| {
                progress(Progress::Shrinking {
                    runs,
                    budget: settings.shrink_runs,
                })
            },
        )?;
        return Ok(StressOutcome::Failed {
            program: which,
            test: index,
            command,
            original: Box::new(original),
            shrunk: Box::new(shrunk),
        });
    }
}
