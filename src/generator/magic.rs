//! Magic-board inputs (sicily and msquare).

use std::io::{self, Write};
use std::sync::OnceLock;

use super::plan::Plan;
use super::random::{Passes, Random};
use super::strategy::Strategy;
use crate::format::Problem;
use crate::format::msquare::Msquare;
use crate::format::sicily::{Case, Sicily};
use crate::puzzle::magic::{BOARD_COUNT, Board, MAX_DISTANCE, Table};

/// Largest step limit drawn by `limit-far` and the default of the board strategies.
pub const FAR_LIMIT: u64 = 1_000_000_000;

/// Largest step limit drawn by `uniform` (so that about half its cases are `-1`).
pub const UNIFORM_LIMIT: u64 = 30;

/// The ranks of the boards at each distance, in increasing order (built once per process).
pub fn ranks_by_distance() -> &'static [Vec<u16>] {
    static RANKS: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    RANKS.get_or_init(|| {
        let table = Table::get();
        let mut by = vec![Vec::new(); MAX_DISTANCE as usize + 1];
        for rank in 0..BOARD_COUNT {
            let d = table.distance(Board::from_rank(rank));
            by[d as usize].push(rank as u16);
        }
        by
    })
}

/// Successive boards of a strategy.
enum Boards {
    /// Uniform over all boards, or all but the start.
    Uniform { skip_start: bool },
    /// Uniform over the boards of these ranks.
    Among(&'static [u16]),
    /// Seeded permutations of a set, one after another.
    Passes { set: Vec<Board>, order: Passes },
    /// Always this board.
    Fixed(Board),
}

impl Boards {
    fn new(plan: &Plan) -> Boards {
        let by_distance = ranks_by_distance();
        let ranks_to_boards =
            |ranks: &[u16]| ranks.iter().map(|&r| Board::from_rank(r.into())).collect();
        match plan.strategy {
            Strategy::LimitBelow | Strategy::LimitZero => Boards::Uniform { skip_start: true },
            Strategy::Distance => {
                Boards::Among(&by_distance[plan.distance.expect("resolved") as usize])
            }
            Strategy::MaxDistance => {
                let set: Vec<Board> = ranks_to_boards(&by_distance[MAX_DISTANCE as usize]);
                match plan.index {
                    Some(i) => Boards::Fixed(set[i as usize - 1]),
                    None => Boards::Passes {
                        set,
                        order: Passes::default(),
                    },
                }
            }
            Strategy::All => Boards::Passes {
                set: (0..BOARD_COUNT).map(Board::from_rank).collect(),
                order: Passes::default(),
            },
            Strategy::Start | Strategy::StartZero => Boards::Fixed(Board::START),
            _ => Boards::Uniform { skip_start: false },
        }
    }

    fn next(&mut self, rng: &mut Random) -> Board {
        match self {
            Boards::Uniform { skip_start } => {
                let skip = u64::from(*skip_start);
                Board::from_rank((skip + rng.below(BOARD_COUNT as u64 - skip)) as usize)
            }
            Boards::Among(ranks) => Board::from_rank(ranks[rng.index(ranks.len())].into()),
            Boards::Passes { set, order } => set[order.next(set.len(), rng)],
            Boards::Fixed(board) => *board,
        }
    }
}

/// The step limit of a sicily case for `target`.
fn step_limit(plan: &Plan, target: Board, rng: &mut Random) -> i64 {
    if let Some(n) = plan.limit {
        return n.into();
    }
    let d = i64::from(Table::get().distance(target));
    match plan.strategy {
        Strategy::LimitExact => d,
        Strategy::LimitBelow => d - 1,
        Strategy::LimitZero | Strategy::StartZero => 0,
        Strategy::Uniform => rng.between(0, UNIFORM_LIMIT) as i64,
        _ => rng.between(u64::from(MAX_DISTANCE), FAR_LIMIT) as i64,
    }
}

/// Writes a sicily input: the cases one at a time, then `-1`.
pub fn write_sicily(plan: &Plan, rng: &mut Random, out: &mut dyn Write) -> io::Result<()> {
    let mut boards = Boards::new(plan);
    for _ in 0..plan.cases {
        let target = boards.next(rng);
        let limit = step_limit(plan, target, rng);
        Sicily::write_case(&Case { limit, target }, out)?;
    }
    Sicily::write_end(out)
}

/// Writes an msquare input: one board.
pub fn write_msquare(plan: &Plan, rng: &mut Random, out: &mut dyn Write) -> io::Result<()> {
    let board = Boards::new(plan).next(rng);
    Msquare::write_case(&board, out)?;
    Msquare::write_end(out)
}
