//! The order of cases each format shrinks in, and the shortest path of a case (the cases on it,
//! one at each smaller distance).

use std::sync::OnceLock;

use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::{Case as SicilyCase, Sicily};
use crate::format::{Problem, ReadOptions, read_all};
use crate::generator::{GenArgs, generate_to_vec};
use crate::puzzle::{magic, rotation};

/// Rotation boards tried at each distance below the failing one.
pub const ROTATION_SAMPLE: usize = 240;

/// The place of a case in the order (smaller is simpler).
pub type Key = (u32, i64);

/// Candidate cases, smallest first.
pub type Candidates<C> = Box<dyn Iterator<Item = Result<C, String>>>;

/// A format's order of cases.
pub trait Ordered: Problem {
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
    /// The cases on the shortest path of `case`, one at each smaller distance, from 0 up: the
    /// board at distance k of its lexicographically smallest shortest sequence (whose answer
    /// is a part of `case`'s answer), with `case`'s own step limit for sicily. Each comes
    /// before `case` in the order.
    fn path(case: &Self::Case) -> Vec<Self::Case>;
    /// The cases of `case`'s board that come before it (sicily: the smaller step limits),
    /// smallest first; none for a format whose case is its board.
    fn siblings(_case: &Self::Case) -> Vec<Self::Case> {
        Vec::new()
    }
    /// How many cases of the order lie at each distance (index = distance), for an exhaustive
    /// order; empty for a sampled one.
    fn per_distance() -> &'static [usize];
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

/// How many magic boards lie at each distance.
fn magic_per_distance() -> &'static [usize] {
    static COUNTS: OnceLock<Vec<usize>> = OnceLock::new();
    COUNTS.get_or_init(|| {
        let table = magic::Table::get();
        let mut counts = vec![0; usize::from(magic::MAX_DISTANCE) + 1];
        for board in table.in_order() {
            counts[usize::from(table.distance(board))] += 1;
        }
        counts
    })
}

/// The boards on the shortest path from the start to `board`, at distances 0, 1, ... up to
/// `board`'s own (included).
fn magic_path(board: magic::Board) -> Vec<magic::Board> {
    let ops = magic::Table::get().solve(board);
    (0..=ops.len())
        .map(|k| magic::Board::START.apply_all(&ops[..k]))
        .collect()
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
    fn path(case: &SicilyCase) -> Vec<SicilyCase> {
        let mut path = magic_path(case.target);
        path.pop();
        let limit = case.limit;
        path.into_iter()
            .map(|target| SicilyCase { limit, target })
            .collect()
    }
    fn siblings(case: &SicilyCase) -> Vec<SicilyCase> {
        let target = case.target;
        sicily_limits()
            .take_while(|&limit| limit < case.limit)
            .map(|limit| SicilyCase { limit, target })
            .collect()
    }
    fn per_distance() -> &'static [usize] {
        static COUNTS: OnceLock<Vec<usize>> = OnceLock::new();
        COUNTS.get_or_init(|| {
            let limits = sicily_limits().count();
            magic_per_distance().iter().map(|n| n * limits).collect()
        })
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
    fn path(case: &magic::Board) -> Vec<magic::Board> {
        let mut path = magic_path(*case);
        path.pop();
        path
    }
    fn per_distance() -> &'static [usize] {
        magic_per_distance()
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
    /// Every solved board (distance 0), then a sample at each distance from 1 on.
    fn candidates(below: Key) -> Candidates<rotation::Board> {
        const FILE: usize = 30;
        let files = ROTATION_SAMPLE.div_ceil(FILE);
        let solved = (below.0 > 0).then(solved_rotation_boards).into_iter();
        Box::new(
            solved.flatten().map(Ok).chain(
                (1..below.0)
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
            ),
        )
    }
    /// The board after the first n - k moves of its answer is at distance k (the rest of the
    /// answer solves it, and no shorter sequence can).
    fn path(case: &rotation::Board) -> Vec<rotation::Board> {
        let (moves, _) = rotation::Table::get().solve(case);
        (1..=moves.len())
            .rev()
            .map(|k| case.apply_all(&moves[..k]))
            .collect()
    }
    fn per_distance() -> &'static [usize] {
        &[]
    }
}

/// How many rotation boards are solved (distance 0): the centre of one digit, and eight of
/// each other digit in the sixteen other cells, 3 x C(16, 8).
pub const SOLVED_ROTATION_BOARDS: usize = 38_610;

/// Every solved rotation board: for each centre digit, every choice of the eight cells among
/// the other sixteen that hold the smaller of the two other digits.
fn solved_rotation_boards() -> impl Iterator<Item = rotation::Board> {
    let outer: Vec<usize> = (0..rotation::CELLS)
        .filter(|i| !rotation::CENTRE.contains(i))
        .collect();
    (1u8..=3).flat_map(move |centre| {
        let outer = outer.clone();
        let (a, b) = match centre {
            1 => (2, 3),
            2 => (1, 3),
            _ => (1, 2),
        };
        (0u32..1 << 16)
            .filter(|chosen| chosen.count_ones() == 8)
            .filter_map(move |chosen| {
                let mut cells = [centre; rotation::CELLS];
                for (bit, &cell) in outer.iter().enumerate() {
                    cells[cell] = if chosen >> bit & 1 == 1 { a } else { b };
                }
                rotation::Board::new(cells)
            })
    })
}

/// Where the first `tried` cases of an exhaustive order end: every case at a distance below
/// the first number is among them, and the first `at` (second number) of the `of` (third)
/// cases at that distance.
pub fn reach<P: Ordered>(tried: usize) -> (u8, usize, usize) {
    let mut before = 0;
    for (d, &n) in P::per_distance().iter().enumerate() {
        if tried < before + n {
            return (d as u8, tried - before, n);
        }
        before += n;
    }
    (P::per_distance().len() as u8, 0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_holds_one_case_at_each_smaller_distance_whose_answer_begins_the_case_s() {
        let table = magic::Table::get();
        let board = table.in_order().nth(30_000).unwrap();
        let ops = table.solve(board);
        let path = Msquare::path(&board);
        assert_eq!(path.len(), ops.len());
        for (k, b) in path.iter().enumerate() {
            assert_eq!(table.distance(*b) as usize, k);
            assert_eq!(table.solve(*b), ops[..k]);
        }
        let rotation_board = read_all::<Rotation>(
            &b"3 3 2 3 3 1 1 1 2 2 1 3 3 2 1 2 3 2 1 1 3 2 2 1\n0\n"[..],
            ReadOptions::STRICT,
        )
        .unwrap()[0];
        let rotation_table = rotation::Table::get();
        let (moves, digit) = rotation_table.solve(&rotation_board);
        assert_eq!(moves.len(), 9, "{moves:?}");
        let path = Rotation::path(&rotation_board);
        assert_eq!(path.len(), moves.len());
        for (k, b) in path.iter().enumerate() {
            assert_eq!(rotation_table.distance(b) as usize, k);
            assert_eq!(
                rotation_table.solve(b),
                (moves[moves.len() - k..].to_vec(), digit)
            );
        }
    }

    #[test]
    fn the_solved_rotation_boards_are_every_board_at_distance_0_once() {
        let table = rotation::Table::get();
        let boards: std::collections::HashSet<rotation::Board> = solved_rotation_boards().collect();
        assert_eq!(boards.len(), SOLVED_ROTATION_BOARDS);
        assert!(boards.iter().all(|b| table.distance(b) == 0));
        // The centre is the only subset of eight cells at distance 0: a board is solved
        // exactly when its centre holds one digit, as every board above is.
        assert_eq!(table.histogram()[0], 1);
    }

    #[test]
    fn reach_counts_the_cases_at_each_distance() {
        assert_eq!(
            magic_per_distance().iter().sum::<usize>(),
            magic::BOARD_COUNT
        );
        assert_eq!(&magic_per_distance()[..4], &[1, 3, 7, 14]);
        assert_eq!(reach::<Msquare>(0), (0, 0, 1));
        assert_eq!(reach::<Msquare>(1), (1, 0, 3));
        assert_eq!(reach::<Msquare>(12), (3, 1, 14));
        assert_eq!(reach::<Sicily>(26), (1, 1, 75));
    }
}
