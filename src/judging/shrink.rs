//! Shrinking a failing input to a minimal one, in a stated order of cases and of inputs.
//!
//! **The order of cases.** Magic board (sicily, msquare): every one of the 40,320 boards, by
//! (distance, lexicographically smallest shortest sequence) ([`magic::Table::in_order`]). A
//! sicily case is a board and a step limit N, ordered by board then N, with N tried as 0, 1,
//! ..., 23 and then 2^31 - 1: from 22 on every board is reachable, so 23 stands for the larger
//! limits that a right solution cannot tell apart, and 2^31 - 1 is the largest the format
//! allows (where a 32-bit `N + 1` wraps). Rotation: there are billions of boards, so by
//! distance only, with a seeded sample of [`ROTATION_SAMPLE`] boards at each distance.
//!
//! **The order of inputs** (of at least one case): fewer cases first; then the one whose
//! largest case comes earlier in the order of cases; then lexicographically by the sequence of
//! cases. So the minimal counterexample is the failing input of the fewest cases whose biggest
//! case is the smallest.
//!
//! **The steps.** First cases are dropped one at a time while the solution still fails (a bug
//! that needs two cases keeps two, and then no case of the result can be dropped). With one
//! case left, the candidates smaller than it are tried in order, and the first that fails is
//! the minimal counterexample: many candidates go into one input, at most the problem's
//! `max_cases` (the statement's bound, which a solution may rely on and `judge build`
//! enforces, so shrinking keeps it too); when such an input fails, bisection on its prefixes
//! finds the first case that makes it fail, and that case is run alone. Every earlier case
//! passed as part of an input, which proves minimality for a solution that answers each case
//! on its own (the usual kind); a solution whose answer depends on earlier cases could fail
//! one of them alone. With several cases left, each case in turn is replaced by the smallest
//! candidate that keeps the failure, until none changes: a local minimum.
//!
//! **Two cases** (magic board, where every case is a candidate): the local minimum bounds an
//! exhaustive search. For each case K of the order in turn, up to the local minimum's largest,
//! K is run alone, then every two-case input whose largest case is K, in the order of inputs:
//! (j, K) for each j before K, (K, j) for each j before K, then (K, K). The first that fails is
//! the result (a case that fails alone ends the search too: every case before it passed
//! alone). Each input is its own run: a solution that needs two cases keeps something from
//! one case to the next, so an input that passes proves nothing about the pairs inside it.
//! What this proves: among the inputs made of the cases up to the result's largest, none
//! earlier in the order fails. It does not prove that no later case fails alone (such an input
//! has fewer cases, so it would come first): that takes every one of the 1,008,000 sicily
//! cases run alone, and no batching of them is sound for a solution that keeps state. With
//! three or more cases left the local minimum stays, said so.
//!
//! Every step is a real run, so what is reported is an input the solution really fails, and a
//! budget of runs bounds the whole (when it runs out, the result says how far the search got).

use std::collections::VecDeque;
use std::fmt;
use std::sync::OnceLock;

use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::{Case as SicilyCase, Sicily};
use crate::format::{Format, Problem, ReadOptions, read_all, write_input};
use crate::generator::{GenArgs, generate_to_vec};
use crate::judging::failure::{Failure, answer_for};
use crate::judging::run::{Verdict, judge_test};
use crate::problemset::plan::ProblemPlan;
use crate::puzzle::{magic, rotation};
use crate::runner::{Limits, Sandbox};

/// Rotation boards tried at each distance below the failing one.
pub const ROTATION_SAMPLE: usize = 240;

/// The most cases of one shrinking input (when the problem allows that many).
const MAX_BATCH: usize = 4096;

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

/// How far the search for a smaller failing input got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Minimality {
    /// Every case smaller than the result in the order was run (`tried` of them) and passed.
    Proven {
        /// Smaller cases run.
        tried: usize,
    },
    /// The run budget ran out: the first `tried` cases of the order passed, and a smaller
    /// failing case may come after them.
    Budget {
        /// Smaller cases run.
        tried: usize,
    },
    /// Rotation: every sampled board at a smaller distance (`tried`) passed; a board outside
    /// the sample may still fail.
    Sampled {
        /// Smaller boards run.
        tried: usize,
    },
    /// Two cases are needed, and the search over them went through: each of the first `cases`
    /// cases in the order (up to the result's largest) passes alone, and every two-case input
    /// of them that comes before the result (`tried` of them) passes.
    Pairs {
        /// The cases of the order searched (the result's largest is the last of them).
        cases: usize,
        /// Earlier two-case inputs run.
        tried: usize,
    },
    /// Two cases are needed and the result is a local minimum: the run budget ran out after
    /// each of the first `cases` cases in the order passed alone, and every two-case input of
    /// them passed.
    PairsBudget {
        /// The cases of the order searched completely.
        cases: usize,
    },
    /// Several cases are needed (none can be dropped); each is the smallest candidate with the
    /// others fixed, when `complete` (else the budget ran out first).
    PerCase {
        /// Whether every case was minimised.
        complete: bool,
    },
}

impl fmt::Display for Minimality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Minimality::Proven { tried: 0 } => {
                f.write_str("minimal, proven: it is the first case in the order")
            }
            Minimality::Proven { tried } => write!(
                f,
                "minimal, proven: all {tried} smaller cases in the order pass"
            ),
            Minimality::Budget { tried } => write!(
                f,
                "minimal only within the budget: the first {tried} cases in the order pass, \
                 then the run budget ran out (--shrink-runs)"
            ),
            Minimality::Sampled { tried } => write!(
                f,
                "minimal only within the budget: {tried} sampled boards at smaller distances \
                 pass ({ROTATION_SAMPLE} a distance), not every board"
            ),
            Minimality::Pairs { cases: 1, .. } => f.write_str(
                "minimal, proven: the first case in the order passes alone, and this is the \
                 first two-case input",
            ),
            Minimality::Pairs { cases, tried } => write!(
                f,
                "minimal, proven among the inputs of cases up to its largest (the first \
                 {cases} in the order): each passes alone, and all {tried} two-case inputs of \
                 them that come earlier pass"
            ),
            Minimality::PairsBudget { cases: 0 } => f.write_str(
                "no case can be dropped, and each is the smallest in the order with the \
                 others fixed (a local minimum); the run budget ran out before two-case inputs \
                 were searched (--shrink-runs)",
            ),
            Minimality::PairsBudget { cases } => write!(
                f,
                "a local minimum: no input of at most two of the first {cases} cases in the \
                 order fails (each alone, and every two-case input of them), then the run \
                 budget ran out (--shrink-runs)"
            ),
            Minimality::PerCase { complete: true } => f.write_str(
                "no case can be dropped, and each is the smallest in the order with the \
                 others fixed (a local minimum, not proven global)",
            ),
            Minimality::PerCase { complete: false } => f.write_str(
                "no case can be dropped; the run budget ran out before each case was the \
                 smallest in the order (--shrink-runs)",
            ),
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

/// Shrinks `failure` (an input `cmd` fails) in at most `budget` runs.
pub fn shrink(
    problem: &ProblemPlan,
    cmd: &[String],
    limits: &Limits,
    sandbox: &Sandbox,
    failure: &Failure,
    budget: usize,
) -> Result<Shrunk, String> {
    let mut shrinker = Shrinker {
        problem,
        cmd,
        limits,
        sandbox,
        original: &failure.result.verdict,
        runs: 0,
        budget,
    };
    match problem.format {
        Format::Sicily => shrinker.shrink::<Sicily>(failure),
        Format::Msquare => shrinker.shrink::<Msquare>(failure),
        Format::Rotation => shrinker.shrink::<Rotation>(failure),
    }
}

/// The place of a case in the order (smaller is simpler).
type Key = (u32, i64);

/// Candidate cases, smallest first.
type Candidates<C> = Box<dyn Iterator<Item = Result<C, String>>>;

/// A format's order of cases.
trait Ordered: Problem {
    /// True when the candidates are every case smaller than the bound, not a sample.
    const EXHAUSTIVE: bool;
    /// The case's place in the order.
    fn key(case: &Self::Case) -> Key;
    /// The case's distance.
    fn distance(case: &Self::Case) -> u8;
    /// The step limit, for formats that have one.
    fn limit(_case: &Self::Case) -> Option<i64> {
        None
    }
    /// The candidates smaller than `below`, smallest first.
    fn candidates(below: Key) -> Candidates<Self::Case>;
}

/// Each magic board's position in [`magic::Table::in_order`], by rank.
fn magic_position(board: magic::Board) -> u32 {
    static POSITION: OnceLock<Vec<u16>> = OnceLock::new();
    let position = POSITION.get_or_init(|| {
        let mut position = vec![0u16; magic::BOARD_COUNT];
        for (i, board) in magic::Table::get().in_order().enumerate() {
            position[board.rank()] = i as u16;
        }
        position
    });
    u32::from(position[board.rank()])
}

/// The step limits tried for every sicily board, smallest first.
fn sicily_limits() -> impl Iterator<Item = i64> + Clone {
    (0..=i64::from(magic::MAX_DISTANCE) + 1).chain([i64::from(i32::MAX)])
}

impl Ordered for Sicily {
    const EXHAUSTIVE: bool = true;
    fn key(case: &SicilyCase) -> Key {
        (magic_position(case.target), case.limit)
    }
    fn distance(case: &SicilyCase) -> u8 {
        magic::Table::get().distance(case.target)
    }
    fn limit(case: &SicilyCase) -> Option<i64> {
        Some(case.limit)
    }
    fn candidates(below: Key) -> Candidates<SicilyCase> {
        Box::new(
            magic::Table::get()
                .in_order()
                .take(below.0 as usize + 1)
                .flat_map(|target| sicily_limits().map(move |limit| SicilyCase { limit, target }))
                .filter(move |case| Sicily::key(case) < below)
                .map(Ok),
        )
    }
}

impl Ordered for Msquare {
    const EXHAUSTIVE: bool = true;
    fn key(case: &magic::Board) -> Key {
        (magic_position(*case), 0)
    }
    fn distance(case: &magic::Board) -> u8 {
        magic::Table::get().distance(*case)
    }
    fn candidates(below: Key) -> Candidates<magic::Board> {
        Box::new(
            magic::Table::get()
                .in_order()
                .take(below.0 as usize)
                .map(Ok),
        )
    }
}

impl Ordered for Rotation {
    const EXHAUSTIVE: bool = false;
    fn key(case: &rotation::Board) -> Key {
        (u32::from(rotation::Table::get().distance(case)), 0)
    }
    fn distance(case: &rotation::Board) -> u8 {
        rotation::Table::get().distance(case)
    }
    fn candidates(below: Key) -> Candidates<rotation::Board> {
        const FILE: usize = 30;
        let files = ROTATION_SAMPLE.div_ceil(FILE);
        Box::new(
            (0..below.0)
                .flat_map(move |d| (0..files).map(move |seed| (d, seed)))
                .flat_map(|(d, seed)| {
                    let command = format!(
                        "gen rotation --seed {seed} --strategy distance --distance {d} \
                         --cases {FILE}"
                    );
                    let boards = GenArgs::parse_command(&command)
                        .and_then(|args| generate_to_vec(&args).map_err(|e| e.to_string()))
                        .and_then(|input| {
                            read_all::<Rotation>(&input[..], ReadOptions::STRICT)
                                .map_err(|e| e.to_string())
                        })
                        .map_err(|e| format!("{command}: {e}"));
                    match boards {
                        Ok(boards) => boards.into_iter().map(Ok).collect::<Vec<_>>(),
                        Err(e) => vec![Err(e)],
                    }
                }),
        )
    }
}

struct Shrinker<'a> {
    problem: &'a ProblemPlan,
    cmd: &'a [String],
    limits: &'a Limits,
    sandbox: &'a Sandbox,
    /// The verdict of the failure being shrunk.
    original: &'a Verdict,
    runs: usize,
    budget: usize,
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

/// One case found by the search, with the run that failed on it.
type Found<C> = (C, Failure);

/// What the search for a smaller case gives: the case if it found one, and how far it got.
type Search<C> = Result<(Option<Found<C>>, Minimality), String>;

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

    /// The first case before `current` in the order that fails alone, if any.
    fn smallest_case<P: Ordered>(&mut self, current: &P::Case) -> Search<P::Case> {
        let mut candidates = P::candidates(P::key(current));
        let widest = self.problem.max_cases.clamp(1, MAX_BATCH);
        let mut batch = widest.min(32);
        let mut queue: VecDeque<P::Case> = VecDeque::new();
        let mut tried = 0;
        let found = |case: P::Case, run: Failure, tried: usize| {
            let minimality = searched::<P>(&case, tried);
            Ok((Some((case, run)), minimality))
        };
        loop {
            while queue.len() < batch {
                match candidates.next() {
                    Some(case) => queue.push_back(case?),
                    None => break,
                }
            }
            if queue.is_empty() {
                return Ok((None, searched::<P>(current, tried)));
            }
            if self.out_of_runs() {
                return Ok((None, Minimality::Budget { tried }));
            }
            let cases: Vec<P::Case> = queue.drain(..).collect();
            let (run, failed) = self.attempt::<P>(&cases)?;
            if !failed {
                tried += cases.len();
                if run.result.cpu_seconds * 4.0 < self.limits.cpu.as_secs_f64() {
                    batch = (batch * 2).min(widest);
                }
                continue;
            }
            // The shortest failing prefix: its last case is the first that makes it fail.
            let (mut passes, mut fails, mut failing) = (0, cases.len(), run);
            while fails - passes > 1 {
                if self.out_of_runs() {
                    return Ok((
                        None,
                        Minimality::Budget {
                            tried: tried + passes,
                        },
                    ));
                }
                let mid = (passes + fails) / 2;
                let (run, failed) = self.attempt::<P>(&cases[..mid])?;
                if failed {
                    (fails, failing) = (mid, run);
                } else {
                    passes = mid;
                }
            }
            tried += passes;
            let culprit = cases[passes].clone();
            if passes == 0 {
                return found(culprit, failing, tried);
            }
            if self.out_of_runs() {
                return Ok((None, Minimality::Budget { tried }));
            }
            let (run, failed) = self.attempt::<P>(std::slice::from_ref(&culprit))?;
            if failed {
                return found(culprit, run, tried);
            }
            // It fails only after the others (state kept between cases, or the time of the
            // whole input): carry on after it with smaller inputs.
            tried += 1;
            batch = (batch / 2).max(1);
            queue.extend(cases[passes + 1..].iter().cloned());
        }
    }

    /// Two cases that fail together, a local minimum: the first input in the order of inputs
    /// that fails among those made of the cases up to its largest (see the module doc). Every
    /// input is run on its own; the local minimum itself ends the search unrun (it failed).
    fn smallest_pair<P: Ordered>(&mut self, local: &[P::Case]) -> Search<Vec<P::Case>> {
        let local_keys: Vec<Key> = local.iter().map(P::key).collect();
        let mut order = Vec::new();
        if let Some(largest) = local.iter().max_by_key(|case| P::key(case)) {
            for case in P::candidates(P::key(largest)) {
                order.push(case?);
            }
            order.push(largest.clone());
        }
        let mut tried = 0;
        for k in 0..order.len() {
            if self.out_of_runs() {
                return Ok((None, Minimality::PairsBudget { cases: k }));
            }
            let (run, failed) = self.attempt::<P>(&order[k..=k])?;
            if failed {
                return Ok((
                    Some((vec![order[k].clone()], run)),
                    Minimality::Proven { tried: k },
                ));
            }
            // The two-case inputs whose largest case is the k-th, in order.
            let firsts = (0..k).map(|j| (j, k));
            let seconds = (0..=k).map(|j| (k, j));
            for (a, b) in firsts.chain(seconds) {
                let pair = [order[a].clone(), order[b].clone()];
                let searched = Minimality::Pairs {
                    cases: k + 1,
                    tried,
                };
                if [P::key(&pair[0]), P::key(&pair[1])][..] >= local_keys[..] {
                    return Ok((None, searched));
                }
                if self.out_of_runs() {
                    return Ok((None, Minimality::PairsBudget { cases: k }));
                }
                let (run, failed) = self.attempt::<P>(&pair)?;
                if failed {
                    return Ok((Some((pair.to_vec(), run)), searched));
                }
                tried += 1;
            }
        }
        // Not reached: (K, K) for the last K, the local minimum's largest, comes no earlier
        // than the local minimum.
        Ok((
            None,
            Minimality::Pairs {
                cases: order.len(),
                tried,
            },
        ))
    }

    /// Several cases: each replaced in turn, the last first, by the smallest candidate that
    /// keeps the failure, until none changes. (The last first: the case that fails is
    /// usually the last, and a small one there lets the cases before it be small too.)
    fn each_case<P: Ordered>(
        &mut self,
        cases: &mut [P::Case],
        best: &mut Failure,
    ) -> Result<Minimality, String> {
        loop {
            let mut changed = false;
            for j in (0..cases.len()).rev() {
                for candidate in P::candidates(P::key(&cases[j])) {
                    if self.out_of_runs() {
                        return Ok(Minimality::PerCase { complete: false });
                    }
                    let mut trial = cases.to_vec();
                    trial[j] = candidate?;
                    let (run, failed) = self.attempt::<P>(&trial)?;
                    if failed {
                        cases.clone_from_slice(&trial);
                        *best = run;
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return Ok(Minimality::PerCase { complete: true });
            }
        }
    }
}

/// The minimality of `case` once all `tried` candidates before it passed: proven when the
/// candidates are every smaller case (or no board is closer than it), else only the sample's.
fn searched<P: Ordered>(case: &P::Case, tried: usize) -> Minimality {
    if P::EXHAUSTIVE || P::distance(case) == 0 {
        Minimality::Proven { tried }
    } else {
        Minimality::Sampled { tried }
    }
}
