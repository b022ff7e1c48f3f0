//! One case left: the smallest case that fails alone, first down the failing case's shortest
//! path, then through the order from its start.

use std::collections::VecDeque;

use super::claim::{Minimality, PathWalk};
use super::order::{Ordered, ROTATION_SAMPLE, SOLVED_ROTATION_BOARDS, reach};
use super::{Found, Search, Shrinker};
use crate::judging::failure::Failure;

/// The most cases of one shrinking input (when the problem allows that many).
const MAX_BATCH: usize = 4096;

/// What a scan of candidates found.
struct Scan<C> {
    /// The first candidate that fails alone, if one was found.
    found: Option<Found<C>>,
    /// How many candidates, from the first, passed.
    tried: usize,
    /// Whether every candidate was tried (the budget did not cut the scan).
    complete: bool,
}

impl<C> Scan<C> {
    /// The run budget cut the scan after `tried` candidates passed.
    fn cut(tried: usize) -> Scan<C> {
        Scan {
            found: None,
            tried,
            complete: false,
        }
    }
}

impl Shrinker<'_> {
    /// The smallest case in the order that fails alone, from `current` (one that does).
    ///
    /// First the walk down `current`'s shortest path, from distance 0 up: for a bug that
    /// shows from some distance on, its first failing case is at the smallest failing
    /// distance, and it costs a run or so a distance; then the board it ends on with each
    /// smaller step limit (sicily). Then every case of the order before the
    /// smallest found (a sample for rotation), from the start: the first that fails is the
    /// minimal counterexample, and if none does, the smallest found is.
    pub(super) fn smallest_case<P: Ordered>(&mut self, current: &P::Case) -> Search<P::Case> {
        let walk = self.first_failing::<P>(P::path(current).into_iter().map(Ok))?;
        let path = if walk.complete || walk.found.is_some() {
            PathWalk::Passed
        } else {
            PathWalk::Cut {
                below: walk.tried as u8,
            }
        };
        let path_passed = walk.tried;
        let mut found = walk.found;
        // The board found with a smaller step limit (sicily), in a run or two: the walk keeps
        // the failing case's limit, which the scan below may not reach.
        let board = found.as_ref().map_or(current, |(case, _)| case).clone();
        if !self.out_of_runs() {
            let siblings = self.first_failing::<P>(P::siblings(&board).into_iter().map(Ok))?;
            if siblings.found.is_some() {
                found = siblings.found;
            }
        }
        let bound = found.as_ref().map_or(current, |(case, _)| case).clone();
        let scan = if self.out_of_runs() {
            Scan::cut(0)
        } else {
            self.first_failing::<P>(P::candidates(P::key(&bound)))?
        };
        let complete = scan.complete || scan.found.is_some();
        if scan.found.is_some() {
            found = scan.found;
        }
        let result = found.as_ref().map_or(current, |(case, _)| case);
        let distance = P::distance(result);
        let minimality = if P::EXHAUSTIVE {
            let (below, at, of) = reach::<P>(scan.tried);
            if complete {
                Minimality::Proven {
                    tried: scan.tried,
                    distance,
                    before: Some(at),
                }
            } else {
                Minimality::Budget {
                    tried: scan.tried,
                    below,
                    at,
                    of,
                    path,
                }
            }
        } else {
            // Rotation: every solved board, then samples from distance 1 up.
            let solved = scan.tried.min(SOLVED_ROTATION_BOARDS);
            let samples = (scan.tried - solved)
                .min(usize::from(distance.saturating_sub(1)) * ROTATION_SAMPLE);
            match distance {
                0 => Minimality::Proven {
                    tried: 0,
                    distance,
                    before: None,
                },
                1 if solved == SOLVED_ROTATION_BOARDS => Minimality::Proven {
                    tried: solved,
                    distance,
                    before: None,
                },
                _ => {
                    let on_path = path_passed.min(usize::from(distance)).saturating_sub(1);
                    Minimality::Sampled {
                        solved,
                        tried: on_path + samples,
                        path: on_path,
                        distance,
                        sampled_below: (1 + samples / ROTATION_SAMPLE).min(usize::from(distance))
                            as u8,
                    }
                }
            }
        };
        Ok((found, minimality))
    }

    /// The first of `candidates` that fails alone. Many go into one input, at most the
    /// problem's `max_cases` (more while runs are fast); a failing input is bisected on its
    /// prefixes, and the last case of the shortest failing prefix is run alone.
    fn first_failing<P: Ordered>(
        &mut self,
        mut candidates: impl Iterator<Item = Result<P::Case, String>>,
    ) -> Result<Scan<P::Case>, String> {
        let widest = self.problem.max_cases.clamp(1, MAX_BATCH);
        let mut batch = widest.min(32);
        let mut queue: VecDeque<P::Case> = VecDeque::new();
        let mut tried = 0;
        let found = |case: P::Case, run: Failure, tried| {
            Ok(Scan {
                found: Some((case, run)),
                tried,
                complete: true,
            })
        };
        loop {
            while queue.len() < batch {
                match candidates.next() {
                    Some(case) => queue.push_back(case?),
                    None => break,
                }
            }
            if queue.is_empty() {
                return Ok(Scan {
                    found: None,
                    tried,
                    complete: true,
                });
            }
            if self.out_of_runs() {
                return Ok(Scan::cut(tried));
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
                    return Ok(Scan::cut(tried + passes));
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
                return Ok(Scan::cut(tried));
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
}
