//! The rotation game of UVA 1343 (also POJ 2286, AcWing 181).
//!
//! Twenty-four cells in a '#' shape hold eight 1s, eight 2s and eight 3s. The cells are
//! numbered as in the problem statement:
//!
//! ```text
//!           A     B
//!           0     1
//!           2     3
//!  H  4  5  6  7  8  9 10  C
//!          11    12
//!  G 13 14 15 16 17 18 19  D
//!          20    21
//!          22    23
//!           F     E
//! ```
//!
//! A move shifts one of the four lines of seven cells by one cell in the direction of its
//! letter, the cell at the head wrapping round to the tail. The goal: the eight centre cells
//! (6, 7, 8, 11, 12, 15, 16, 17) hold one digit.
//!
//! Exact distances come from [`Table`]: for one digit, the cells holding it form one of
//! C(24, 8) = 735,471 subsets, and one breadth-first search from the centre subset gives every
//! subset's distance to the centre. A board's distance is the minimum over its three digits.

mod subsets;

use std::fmt;

use subsets::MaskTables;

/// Number of cells.
pub const CELLS: usize = 24;

pub use subsets::{CENTRE, SUBSET_COUNT};

/// The largest distance of any board from the goal.
pub const MAX_DISTANCE: u8 = 13;

/// One of the eight moves, A to H.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Column 0-2-6-11-15-20-22, upwards.
    A,
    /// Column 1-3-8-12-17-21-23, upwards.
    B,
    /// Row 4..10, to the right.
    C,
    /// Row 13..19, to the right.
    D,
    /// Column 1-3-8-12-17-21-23, downwards.
    E,
    /// Column 0-2-6-11-15-20-22, downwards.
    F,
    /// Row 13..19, to the left.
    G,
    /// Row 4..10, to the left.
    H,
}

impl Move {
    /// All moves, in lexicographic (letter) order.
    pub const ALL: [Move; 8] = [
        Move::A,
        Move::B,
        Move::C,
        Move::D,
        Move::E,
        Move::F,
        Move::G,
        Move::H,
    ];

    /// The move's letter.
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The move named by `letter`, if any (case-sensitive).
    pub fn from_letter(letter: u8) -> Option<Move> {
        Move::ALL.get(letter.wrapping_sub(b'A') as usize).copied()
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        match self {
            Move::A => Move::F,
            Move::B => Move::E,
            Move::C => Move::H,
            Move::D => Move::G,
            Move::E => Move::B,
            Move::F => Move::A,
            Move::G => Move::D,
            Move::H => Move::C,
        }
    }

    /// The seven cells of the move's line, head first: each cell takes the value of the
    /// next, and the last takes the head's (the seeds' index tables).
    pub fn line(self) -> &'static [usize; 7] {
        &subsets::LINES[self as usize]
    }
}

/// Writes moves as letters without separators, e.g. `AC`.
pub fn moves_to_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// A board: 24 cells holding eight each of the digits 1, 2 and 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board([u8; CELLS]);

impl Board {
    /// The board with these cells, or `None` unless they hold eight each of 1, 2 and 3.
    pub fn new(cells: [u8; CELLS]) -> Option<Board> {
        let mut count = [0usize; 4];
        for &c in &cells {
            if !(1..=3).contains(&c) {
                return None;
            }
            count[c as usize] += 1;
        }
        (count[1..] == [8, 8, 8]).then_some(Board(cells))
    }

    /// The cells, in the statement's numbering.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.0
    }

    /// The board after `m`.
    pub fn apply(mut self, m: Move) -> Board {
        let line = m.line();
        let head = self.0[line[0]];
        for i in 0..6 {
            self.0[line[i]] = self.0[line[i + 1]];
        }
        self.0[line[6]] = head;
        self
    }

    /// The board after the moves in order.
    pub fn apply_all(self, moves: &[Move]) -> Board {
        moves.iter().fold(self, |b, &m| b.apply(m))
    }

    /// The centre digit if the eight centre cells hold one digit.
    pub fn solved_digit(&self) -> Option<u8> {
        let d = self.0[CENTRE[0]];
        CENTRE.iter().all(|&c| self.0[c] == d).then_some(d)
    }

    /// The set of cells holding `digit`, as a bit mask (bit `i` is cell `i`).
    pub fn mask(&self, digit: u8) -> u32 {
        (0..CELLS)
            .filter(|&i| self.0[i] == digit)
            .fold(0, |m, i| m | 1 << i)
    }

    /// A picture of the board in its '#' shape, one line per row.
    pub fn picture(&self) -> String {
        let c = |i: usize| self.0[i];
        let pair = |a, b| format!("    {}   {}", c(a), c(b));
        let row = |from: usize| {
            (from..from + 7)
                .map(|i| c(i).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        [
            pair(0, 1),
            pair(2, 3),
            row(4),
            pair(11, 12),
            row(13),
            pair(20, 21),
            pair(22, 23),
        ]
        .join("\n")
    }
}

impl fmt::Display for Board {
    /// The 24 cells on one line, separated by spaces, as in the input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The distance to the goal of every subset of eight cells, computed at compile time.
///
/// `build.rs` runs the breadth-first search over all subsets and stores the result,
/// two distances a byte, in the binary: a process that solves one board pays nothing to build
/// it (a run-time search takes tens of milliseconds; `cargo bench` measures it).
pub struct Table {
    /// Distance of the subset of rank `r` in the low nibble of byte `r / 2` if `r` is even,
    /// else in the high nibble.
    packed: &'static [u8],
    masks: MaskTables,
}

static PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/rotation_distances.bin"));

impl Table {
    /// The table, shared by the whole process.
    pub fn get() -> &'static Table {
        static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| Table {
            packed: PACKED,
            masks: MaskTables::new(),
        })
    }

    /// Runs the breadth-first search now, at run time, and returns the packed table that
    /// `build.rs` stores (for tests and the benchmark).
    pub fn search_now() -> Vec<u8> {
        subsets::packed_distances()
    }

    /// The fewest moves that bring the cells of `mask` (eight of them) to the centre.
    pub fn subset_distance(&self, mask: u32) -> u8 {
        subsets::unpack(self.packed, self.masks.rank(mask))
    }

    /// The fewest moves that solve `board`.
    pub fn distance(&self, board: &Board) -> u8 {
        (1..=3)
            .map(|digit| self.subset_distance(board.mask(digit)))
            .min()
            .unwrap_or(u8::MAX)
    }

    /// The lexicographically smallest shortest solution of `board`, and the centre digit it
    /// leaves.
    ///
    /// With exact distances, a sequence is shortest exactly when every move lowers the
    /// distance by one; so taking, at each step, the first move in A..H order that does so
    /// gives the smallest shortest sequence.
    pub fn solve(&self, board: &Board) -> (Vec<Move>, u8) {
        let mut board = *board;
        let mut d = self.distance(&board);
        let mut moves = Vec::with_capacity(d as usize);
        while d > 0 {
            let (m, next) = Move::ALL
                .iter()
                .map(|&m| (m, board.apply(m)))
                .find(|(_, next)| self.distance(next) == d - 1)
                .expect("an exact distance always has a move that lowers it");
            moves.push(m);
            board = next;
            d -= 1;
        }
        let digit = board.solved_digit().expect("distance 0 means solved");
        (moves, digit)
    }

    /// How many subsets lie at each distance (index = distance).
    pub fn histogram(&self) -> Vec<usize> {
        let mut h = vec![0; 16];
        for r in 0..SUBSET_COUNT {
            h[subsets::unpack(self.packed, r) as usize] += 1;
        }
        while h.last() == Some(&0) {
            h.pop();
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_undoes_every_move() {
        let cells: [u8; 24] = std::array::from_fn(|i| (i % 3) as u8 + 1);
        let b = Board::new(cells).unwrap();
        for m in Move::ALL {
            assert_eq!(b.apply(m).apply(m.inverse()), b);
            assert_eq!(b.apply(m).apply_all(&[m.inverse()]), b);
        }
    }

    #[test]
    fn compiled_table_equals_a_search_now() {
        assert!(Table::search_now() == Table::get().packed);
    }

    #[test]
    fn subset_histogram_matches_facts() {
        let h = Table::get().histogram();
        assert_eq!(
            h,
            [
                1, 8, 44, 208, 876, 3220, 10498, 30236, 73982, 146466, 208170, 178588, 72941,
                10045, 188
            ]
        );
    }
}
