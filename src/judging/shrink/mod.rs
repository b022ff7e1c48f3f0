//! Shrinking a failing input to a minimal one, in a stated order of cases and of inputs
//! (docs/run.md, `judge stress`, tells the steps and what each proves).
//!
//! **The order of cases.** Magic board (sicily, msquare): the 40,320 boards by (distance,
//! lexicographically smallest shortest sequence) ([`crate::puzzle::magic::Table::in_order`]);
//! a sicily case is a board and a step limit N, by board then N (0, 1, ..., 23, then 2^31 - 1:
//! from 22 on every board is reachable, and a 32-bit `N + 1` wraps at the largest). Rotation,
//! billions of boards, by distance only: all [`SOLVED_ROTATION_BOARDS`] at distance 0, then a
//! sample ([`ROTATION_SAMPLE`] boards) and the failing board's path at each distance.
//!
//! **The order of inputs:** fewer cases first, then the one whose largest case comes earlier,
//! then by the sequence of cases.
//!
//! **The steps.** Cases are dropped while the solution still fails. One case left
//! (`one_case.rs`): the walk down its shortest path, then the cases before it in order, many
//! an input (at most `max_cases`, the statement's bound), a failing input bisected on its
//! prefixes. Several left (`several.rs`): each case replaced by the smallest that keeps the
//! failure, to a local minimum; with two magic-board cases that minimum bounds an exhaustive
//! search of the pairs, each its own run (a solution that needs two cases keeps state).
//!
//! Every step is a real run, so the result is an input the solution really fails, and a budget
//! of runs bounds the whole (the result says how far it got: [`Minimality`]).

mod claim;
mod one_case;
mod order;
mod several;

use std::fmt;

use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::Sicily;
use crate::format::{Format, Problem, ReadOptions, read_all, write_input};
use crate::judging::failure::{Failure, answer_for};
use crate::judging::run::{Verdict, judge_test};
use crate::problemset::plan::ProblemPlan;
use crate::runner::{Argv, Limits, Sandbox};
use order::Ordered;

pub use claim::{Minimality, PathWalk};
pub use order::{ROTATION_SAMPLE, SOLVED_ROTATION_BOARDS};

/// The size of an input: its cases and the largest distance among them (and for one sicily
/// case, its step limit). Displays as `12 cases / distance 19` or `1 case / distance 2, N = 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// How many cases.
    pub cases: usize,
    /// The largest distance of a case.
    pub distance: u8,
    /// The step limit, for a single sicily case.
    pub limit: Option<i64>,
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.cases == 1 { "" } else { "s" };
        write!(f, "{} case{s} / distance {}", self.cases, self.distance)?;
        match self.limit {
            Some(n) => write!(f, ", N = {n}"),
            None => Ok(()),
        }
    }
}

/// A shrunk failure and how it was found.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing input found, as the solution failed it.
    pub failure: Failure,
    /// The size of the input shrinking started from.
    pub from: Size,
    /// The size of the result.
    pub to: Size,
    /// Solution runs taken.
    pub runs: usize,
    /// How far the search got.
    pub minimality: Minimality,
}

/// Shrinks `failure` (an input `cmd` fails) in at most `budget` runs; `progress` is called
/// after each run with the number of runs so far.
pub fn shrink(
    problem: &ProblemPlan,
    cmd: &Argv,
    limits: &Limits,
    sandbox: &Sandbox,
    failure: &Failure,
    budget: usize,
    progress: &dyn Fn(usize),
) -> Result<Shrunk, String> {
    let mut shrinker = Shrinker {
        problem,
        cmd,
        limits,
        sandbox,
        original: &failure.result.verdict,
        runs: 0,
        budget,
        progress,
    };
    match problem.format {
        Format::Sicily => shrinker.shrink::<Sicily>(failure),
        Format::Msquare => shrinker.shrink::<Msquare>(failure),
        Format::Rotation => shrinker.shrink::<Rotation>(failure),
    }
}

/// One case found by the search, with the run that failed on it.
type Found<C> = (C, Failure);

/// What the search for a smaller case gives: the case if it found one, and how far it got.
type Search<C> = Result<(Option<Found<C>>, Minimality), String>;

struct Shrinker<'a> {
    problem: &'a ProblemPlan,
    cmd: &'a Argv,
    limits: &'a Limits,
    sandbox: &'a Sandbox,
    /// The verdict of the failure being shrunk.
    original: &'a Verdict,
    runs: usize,
    budget: usize,
    /// Called after each run with `runs`.
    progress: &'a dyn Fn(usize),
}

/// Whether `verdict` is the same kind of failure as `original` (a wrong or malformed output,
/// a time limit, a crash, ...). Shrinking keeps the kind, so that a run slowed down by a
/// loaded machine cannot turn the search for a wrong answer into one for a time limit.
fn same_failure(original: &Verdict, verdict: &Verdict) -> bool {
    match (original, verdict) {
        (_, Verdict::AC) => false,
        (Verdict::WA | Verdict::PE, Verdict::WA | Verdict::PE) => true,
        (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

impl Shrinker<'_> {
    fn out_of_runs(&self) -> bool {
        self.runs >= self.budget
    }

    /// Runs the solution on `cases`; the run, and whether it failed as the original did.
    fn attempt<P: Problem>(&mut self, cases: &[P::Case]) -> Result<(Failure, bool), String> {
        self.runs += 1;
        let mut input = Vec::new();
        write_input::<P>(cases, &mut input).map_err(|e| e.to_string())?;
        let answer = answer_for(self.problem.format, &input)?;
        let result = judge_test(
            self.problem,
            "shrunk",
            &input,
            &answer,
            self.cmd,
            self.limits,
            self.sandbox,
        );
        let failed = same_failure(self.original, &result.verdict);
        (self.progress)(self.runs);
        Ok((
            Failure {
                input,
                answer,
                result,
            },
            failed,
        ))
    }

    fn size<P: Ordered>(cases: &[P::Case]) -> Size {
        Size {
            cases: cases.len(),
            distance: cases.iter().map(P::distance).max().unwrap_or(0),
            limit: match cases {
                [one] => P::limit(one),
                _ => None,
            },
        }
    }

    fn shrink<P: Ordered>(&mut self, failure: &Failure) -> Result<Shrunk, String> {
        let mut cases =
            read_all::<P>(&failure.input[..], ReadOptions::STRICT).map_err(|e| e.to_string())?;
        let from = Self::size::<P>(&cases);
        let mut best = failure.clone();
        // Fewer cases.
        let mut i = cases.len();
        while i > 0 && cases.len() > 1 && !self.out_of_runs() {
            i -= 1;
            let mut fewer = cases.clone();
            fewer.remove(i);
            let (run, failed) = self.attempt::<P>(&fewer)?;
            if failed {
                cases = fewer;
                best = run;
            }
            i = i.min(cases.len());
        }
        let minimality = match cases.as_slice() {
            [one] => {
                let (found, minimality) = self.smallest_case::<P>(one)?;
                if let Some((case, run)) = found {
                    cases = vec![case];
                    best = run;
                }
                minimality
            }
            [_, _] if P::EXHAUSTIVE => {
                let local = self.each_case::<P>(&mut cases, &mut best)?;
                if local != (Minimality::PerCase { complete: true }) {
                    local
                } else {
                    let (found, minimality) = self.smallest_pair::<P>(&cases)?;
                    if let Some((smaller, run)) = found {
                        cases = smaller;
                        best = run;
                    }
                    minimality
                }
            }
            _ => self.each_case::<P>(&mut cases, &mut best)?,
        };
        Ok(Shrunk {
            failure: best,
            from,
            to: Self::size::<P>(&cases),
            runs: self.runs,
            minimality,
        })
    }
}
