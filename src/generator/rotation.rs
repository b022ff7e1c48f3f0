//! Rotation-game inputs.
//!
//! Exact-distance boards come from a proposal that is uniform over pairs (board, digit at
//! that distance), thinned to be uniform over boards; the 192 boards at the maximum distance
//! 13, too rare to sample, are enumerated once per process (see [`catalogue`]).

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::OnceLock;

use super::plan::Plan;
use super::random::{Passes, Random};
use super::strategy::Strategy;
use crate::format::Problem;
use crate::format::rotation::Rotation;
use crate::puzzle::rotation::{Board, CELLS, CENTRE, MAX_DISTANCE, Move, Table};

/// The largest distance of a subset of eight cells.
const MAX_SUBSET_DISTANCE: u8 = 14;

/// All 24 cells, as a mask.
const ALL_CELLS: u32 = (1 << CELLS) - 1;

/// Precomputed sets, built once per process on first use.
pub struct Catalogue {
    /// The masks of eight cells at each subset distance 0..=14, in increasing order.
    pub subsets: Vec<Vec<u32>>,
    /// The boards at distance 13, in increasing order of their cells.
    pub hardest: Vec<Board>,
}

/// The catalogue (about 20 ms to build: one pass over the 735,471 subsets, then the
/// partition search of `hardest_boards`).
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let table = Table::get();
        let mut subsets = vec![Vec::new(); MAX_SUBSET_DISTANCE as usize + 1];
        let mut mask: u32 = 0xff;
        while mask <= ALL_CELLS {
            subsets[table.subset_distance(mask) as usize].push(mask);
            mask = next_same_weight(mask);
        }
        let hardest = hardest_boards(table, &subsets);
        Catalogue { subsets, hardest }
    })
}

/// The next larger integer with as many set bits (Gosper's hack).
fn next_same_weight(mask: u32) -> u32 {
    let low = mask & mask.wrapping_neg();
    let ripple = mask + low;
    ripple | (((mask ^ ripple) >> 2) / low)
}

/// The boards at distance 13.
///
/// A board is at distance 13 exactly when each digit's cells form a subset at distance 13
/// or 14 (no board is at 14, so one of them is at 13). So: list the 10,233 subsets at 13 or
/// 14, and find the partitions of the 24 cells into three of them: the part `a` holding cell
/// 0, the part `b` holding the first cell outside `a` (only subsets whose lowest cell is that
/// one), and the rest, which must be in the list too. That finds the 32 partitions; naming
/// the digits of the three parts in the 6 possible ways gives the 192 boards.
fn hardest_boards(table: &Table, subsets: &[Vec<u32>]) -> Vec<Board> {
    let far = MAX_DISTANCE as usize;
    let mut by_lowest_cell = vec![Vec::new(); CELLS];
    for &mask in subsets[far..].iter().flatten() {
        by_lowest_cell[mask.trailing_zeros() as usize].push(mask);
    }
    let mut boards = Vec::new();
    for &a in &by_lowest_cell[0] {
        let rest = ALL_CELLS & !a;
        for &b in &by_lowest_cell[rest.trailing_zeros() as usize] {
            let c = rest & !b;
            if b & a != 0 || table.subset_distance(c) < MAX_DISTANCE {
                continue;
            }
            for digits in DIGIT_ORDERS {
                boards.push(board_from_parts([a, b, c], digits));
            }
        }
    }
    boards.sort();
    boards
}

/// The six ways to name three parts with the digits 1, 2, 3.
const DIGIT_ORDERS: [[u8; 3]; 6] = [
    [1, 2, 3],
    [1, 3, 2],
    [2, 1, 3],
    [2, 3, 1],
    [3, 1, 2],
    [3, 2, 1],
];

/// The board whose cells in `parts[i]` hold `digits[i]`.
fn board_from_parts(parts: [u32; 3], digits: [u8; 3]) -> Board {
    let mut cells = [0u8; CELLS];
    for (part, digit) in parts.into_iter().zip(digits) {
        for (i, cell) in cells.iter_mut().enumerate() {
            if part >> i & 1 == 1 {
                *cell = digit;
            }
        }
    }
    Board::new(cells).expect("three parts of eight cells")
}

/// The board with `digit` on the cells of `mask` and the two other digits, eight each, on
/// the other cells in uniform random order.
fn fill_around(mask: u32, digit: u8, rng: &mut Random) -> Board {
    let others: Vec<u8> = (1..=3).filter(|&d| d != digit).collect();
    let mut rest: Vec<u8> = others.iter().flat_map(|&d| [d; 8]).collect();
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    let cells = std::array::from_fn(|i| {
        if mask >> i & 1 == 1 {
            digit
        } else {
            rest.next().expect("16 other cells")
        }
    });
    Board::new(cells).expect("eight of each digit")
}

/// A uniform random board: eight each of 1, 2, 3 shuffled.
fn uniform(rng: &mut Random) -> Board {
    let mut cells: [u8; CELLS] = std::array::from_fn(|i| (i / 8) as u8 + 1);
    rng.shuffle(&mut cells);
    Board::new(cells).expect("eight of each digit")
}

/// The subset distance of each digit's cells.
fn digit_distances(table: &Table, board: &Board) -> [u8; 3] {
    std::array::from_fn(|i| table.subset_distance(board.mask(i as u8 + 1)))
}

/// A board uniform among those at distance `d`.
///
/// Below 13, rejection from a proposal: a digit uniform in 1..=3, its cells uniform among the
/// subsets at distance `d`, the other 16 cells uniform. Every pair (board, digit whose subset
/// is at `d`) is proposed with the same probability; a proposal is kept if no digit is
/// nearer than `d`, then with probability 1/t where t is the number of digits at `d`. So each
/// board at distance `d` comes out with the same probability. At 13: one of the 192.
pub fn at_distance(d: u8, rng: &mut Random) -> Board {
    let cat = catalogue();
    if d == MAX_DISTANCE {
        return cat.hardest[rng.index(cat.hardest.len())];
    }
    let table = Table::get();
    let subsets = &cat.subsets[d as usize];
    loop {
        let digit = rng.between(1, 3) as u8;
        let mask = subsets[rng.index(subsets.len())];
        let board = fill_around(mask, digit, rng);
        let distances = digit_distances(table, &board);
        if distances.iter().any(|&x| x < d) {
            continue;
        }
        let tied = distances.iter().filter(|&&x| x == d).count() as u64;
        if rng.one_in(tied) {
            return board;
        }
    }
}

/// A uniform random board conditioned on exactly `k` digits at the board's distance.
fn with_ties(k: usize, rng: &mut Random) -> Board {
    let table = Table::get();
    loop {
        let board = uniform(rng);
        let distances = digit_distances(table, &board);
        let least = distances.iter().min().expect("three digits");
        if distances.iter().filter(|&x| x == least).count() == k {
            return board;
        }
    }
}

/// A solved board with `digit` in the centre and the other cells uniform.
fn solved(digit: u8, rng: &mut Random) -> Board {
    let centre = CENTRE.iter().fold(0, |m, &c| m | 1 << c);
    fill_around(centre, digit, rng)
}

/// The number of shortest solutions of `board`: move sequences of length `distance(board)`
/// that solve it (each move must lower the distance by one). Counted level by level, merging
/// equal boards.
pub fn count_shortest_solutions(board: &Board) -> u64 {
    let table = Table::get();
    let mut level: HashMap<Board, u64> = HashMap::from([(*board, 1)]);
    for d in (0..table.distance(board)).rev() {
        let mut next: HashMap<Board, u64> = HashMap::with_capacity(level.len() * 2);
        for (b, count) in level {
            for m in Move::ALL {
                let child = b.apply(m);
                if table.distance(&child) == d {
                    *next.entry(child).or_default() += count;
                }
            }
        }
        level = next;
    }
    level.values().sum()
}

/// Successive boards of a strategy.
struct Boards<'p> {
    plan: &'p Plan,
    /// The passes over a finite set.
    pass: Passes,
}

impl Boards<'_> {
    fn next(&mut self, rng: &mut Random) -> Board {
        let plan = self.plan;
        match plan.strategy {
            Strategy::Distance => at_distance(plan.distance.expect("resolved"), rng),
            Strategy::MaxDistance => {
                let hardest = &catalogue().hardest;
                hardest[self.pass.next(hardest.len(), rng)]
            }
            Strategy::Solved => {
                let digit = match plan.centre {
                    Some(c) => c,
                    None => self.pass.next(3, rng) as u8 + 1,
                };
                solved(digit, rng)
            }
            Strategy::Ties => with_ties(plan.digits.expect("resolved").into(), rng),
            Strategy::ManySolutions => {
                let pool = plan.pool.expect("resolved");
                let mut best = (0, None);
                for _ in 0..pool {
                    let candidate = match plan.distance {
                        Some(d) => at_distance(d, rng),
                        None => uniform(rng),
                    };
                    let count = count_shortest_solutions(&candidate);
                    if count > best.0 {
                        best = (count, Some(candidate));
                    }
                }
                best.1.expect("the pool holds at least one board")
            }
            _ => uniform(rng),
        }
    }
}

/// Writes a rotation input: the boards one at a time, then `0`.
pub fn write_rotation(plan: &Plan, rng: &mut Random, out: &mut dyn Write) -> io::Result<()> {
    let mut boards = Boards {
        plan,
        pass: Passes::default(),
    };
    for _ in 0..plan.cases {
        Rotation::write_case(&boards.next(rng), out)?;
    }
    Rotation::write_end(out)
}
