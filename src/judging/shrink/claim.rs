//! What a shrink proved about its result: [`Minimality`] and the sentence that says it.

use std::fmt;

use super::order::{ROTATION_SAMPLE, SOLVED_ROTATION_BOARDS};

/// How far the search for a smaller failing input got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Minimality {
    /// Every case smaller than the result in the order was run (`tried` of them) and passed:
    /// every case at a distance below `distance` (the result's), and the `before` cases that
    /// come before the result at its own distance (none for rotation, whose order ties the
    /// boards of a distance).
    Proven {
        /// Smaller cases run.
        tried: usize,
        /// The result's distance.
        distance: u8,
        /// The cases of the result's distance that come before it (magic board).
        before: Option<usize>,
    },
    /// The run budget ran out: the first `tried` cases of the order passed (every case at a
    /// distance below `below`, and the first `at` of the `of` at `below`), and a smaller
    /// failing case may come after them.
    Budget {
        /// Cases of the order run, and passed.
        tried: usize,
        /// Every case at a smaller distance passed.
        below: u8,
        /// The cases at `below` that passed.
        at: usize,
        /// The cases at `below`.
        of: usize,
        /// What the walk down the shortest path found.
        path: PathWalk,
    },
    /// Rotation, a result at distance 2 or more (or 1 when the run budget ran out): every
    /// solved board passed (all of them, when `solved` is [`SOLVED_ROTATION_BOARDS`]), and
    /// every board tried at the distances from 1 to the result's (`tried`: `path` on the
    /// shortest path, at distances 1 to `path`, the others sampled at each distance below
    /// `sampled_below`), but a board outside them may fail.
    Sampled {
        /// Solved boards run (all of them unless the run budget ran out).
        solved: usize,
        /// Boards run at distances from 1 to the result's.
        tried: usize,
        /// Of them, on the result's shortest path.
        path: usize,
        /// The result's distance.
        distance: u8,
        /// The samples were run at every distance from 1 below this one (the result's
        /// distance, or less when the run budget ran out).
        sampled_below: u8,
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

/// The walk down the shortest path of the failing case: the cases on it, from distance 0 up,
/// until one fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathWalk {
    /// Every case on the path below the result's distance passed.
    Passed,
    /// The run budget ran out before the walk was over: the cases on the path at the
    /// distances below `below` passed.
    Cut {
        /// The path passed at every distance below this one.
        below: u8,
    },
}

impl fmt::Display for Minimality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Minimality::Proven { tried: 0, .. } => {
                f.write_str("minimal, proven: no case comes before it in the order")
            }
            Minimality::Proven {
                tried,
                distance,
                before,
            } => {
                match tried {
                    1 => {
                        f.write_str("minimal, proven: the one smaller case in the order passes")?
                    }
                    n => write!(
                        f,
                        "minimal, proven: all {n} smaller cases in the order pass"
                    )?,
                }
                let at = match before {
                    Some(0) => format!("it is the first at distance {distance}"),
                    Some(1) => format!("the one before it at distance {distance}"),
                    Some(n) => format!("the {n} before it at distance {distance}"),
                    None => String::new(),
                };
                match (distance, at.is_empty()) {
                    (0, _) => write!(f, " ({at})"),
                    (_, true) => write!(f, " (every case at distance < {distance})"),
                    (_, false) => write!(f, " (every case at distance < {distance}, and {at})"),
                }
            }
            Minimality::Budget {
                tried,
                below,
                at,
                of,
                path,
            } => {
                f.write_str("minimal only within the budget: ")?;
                match path {
                    PathWalk::Passed => f.write_str(
                        "the cases on its shortest path pass, at every smaller distance; ",
                    )?,
                    PathWalk::Cut { below: 0 } => {
                        f.write_str("the walk down its shortest path was not begun; ")?
                    }
                    PathWalk::Cut { below } => write!(
                        f,
                        "the cases on its shortest path pass at distances 0 to {}, then the \
                         walk was cut; ",
                        below - 1
                    )?,
                }
                match (tried, below) {
                    (0, _) => f.write_str("no other case was tried")?,
                    (_, 0) => write!(f, "the first {at} of the {of} cases at distance 0 pass")?,
                    _ => write!(
                        f,
                        "every case at distance < {below} passes ({tried} in all with the \
                         first {at} of the {of} at distance {below})"
                    )?,
                }
                f.write_str(", then the run budget ran out (--shrink-runs)")
            }
            Minimality::Sampled {
                solved,
                tried,
                path,
                distance,
                sampled_below,
            } => {
                f.write_str("minimal only among the boards tried: ")?;
                let top = distance.saturating_sub(1);
                if solved < SOLVED_ROTATION_BOARDS {
                    if path > 0 {
                        write!(
                            f,
                            "the boards on its shortest path at distances 0 to {path} pass; "
                        )?;
                    }
                    if solved == 0 {
                        f.write_str("no other board was tried")?;
                    } else {
                        write!(
                            f,
                            "the first {solved} of the {SOLVED_ROTATION_BOARDS} boards at \
                             distance 0 pass"
                        )?;
                    }
                    return f.write_str(", then the run budget ran out (--shrink-runs)");
                }
                let span = |top: u8| match top {
                    1 => "distance 1".to_string(),
                    _ => format!("distances 1 to {top}"),
                };
                write!(
                    f,
                    "every board at distance 0 passes (all {SOLVED_ROTATION_BOARDS}: proven), \
                     and none of the {tried} tried at {} fails ({path} on its shortest path",
                    span(top)
                )?;
                match sampled_below {
                    0 | 1 => {}
                    2 => write!(f, ", {ROTATION_SAMPLE} sampled")?,
                    _ => write!(
                        f,
                        ", {ROTATION_SAMPLE} sampled at each of {}",
                        span(sampled_below - 1)
                    )?,
                }
                f.write_str(")")?;
                if sampled_below < distance {
                    write!(
                        f,
                        "; the run budget ran out before the sample at distance \
                         {sampled_below} (--shrink-runs)"
                    )?;
                }
                f.write_str(
                    "; a rotation distance past 0 holds up to billions of boards, too many to \
                     run every one",
                )
            }
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
