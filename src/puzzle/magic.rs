//! The magic board (魔板) of Sicily 1151 and USACO 3.2 "Magic Squares".
//!
//! Eight coloured cells in two rows of four. The start board displays as
//!
//! ```text
//! 1 2 3 4
//! 8 7 6 5
//! ```
//!
//! Two orders name the same board, and each has its own type so they cannot be confused:
//! [`Rows`] (Sicily: the top row left to right, then the bottom row left to right) and
//! [`Clockwise`] (USACO / Luogu: clockwise from the top-left corner; the start is
//! `1 2 3 4 5 6 7 8`). [`Board`] is the puzzle's own value, stored clockwise.
//!
//! Every board is reachable, and all 8! = 40,320 of them are solved once by one breadth-first
//! search ([`Table`]); a query is then a table lookup.

use std::fmt;
use std::sync::OnceLock;

/// Number of boards: 8!.
pub const BOARD_COUNT: usize = 40_320;

/// The largest distance of any board from the start.
pub const MAX_DISTANCE: u8 = 22;

/// One of the three operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Op {
    /// Swap the two rows.
    A,
    /// Rotate each row right by one (the rightmost column moves to the left).
    B,
    /// Rotate the four centre cells clockwise.
    C,
}

impl Op {
    /// All operations, in lexicographic (letter) order.
    pub const ALL: [Op; 3] = [Op::A, Op::B, Op::C];

    /// The operation's letter.
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The operation named by `letter`, if any (case-sensitive).
    pub fn from_letter(letter: u8) -> Option<Op> {
        Op::ALL.get(letter.wrapping_sub(b'A') as usize).copied()
    }

    /// `new[i] = old[SOURCE[i]]`, positions in clockwise order.
    fn source(self) -> &'static [usize; 8] {
        match self {
            Op::A => &[7, 6, 5, 4, 3, 2, 1, 0],
            Op::B => &[3, 0, 1, 2, 5, 6, 7, 4],
            Op::C => &[0, 6, 1, 3, 4, 2, 5, 7],
        }
    }
}

/// Writes operations as letters without separators, e.g. `BCABCCB`.
pub fn ops_to_string(ops: &[Op]) -> String {
    ops.iter().map(|op| op.letter()).collect()
}

/// A board as Sicily prints it: `top` row left to right, then `bottom` row left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rows {
    /// The top row, left to right.
    pub top: [u8; 4],
    /// The bottom row, left to right.
    pub bottom: [u8; 4],
}

/// A board as USACO / Luogu list it: clockwise from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clockwise(pub [u8; 8]);

/// A magic board: a permutation of the colours 1..=8, stored in clockwise order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board([u8; 8]);

impl Board {
    /// The start board: `1 2 3 4 / 8 7 6 5`.
    pub const START: Board = Board([1, 2, 3, 4, 5, 6, 7, 8]);

    /// The board with these cells in clockwise order, or `None` unless they are a permutation
    /// of 1..=8.
    pub fn from_clockwise(cells: Clockwise) -> Option<Board> {
        let mut seen = 0u16;
        for &c in &cells.0 {
            if !(1..=8).contains(&c) || seen & (1 << c) != 0 {
                return None;
            }
            seen |= 1 << c;
        }
        Some(Board(cells.0))
    }

    /// The board with these rows, or `None` unless they hold a permutation of 1..=8.
    pub fn from_rows(rows: Rows) -> Option<Board> {
        Board::from_clockwise(rows.into())
    }

    /// The cells in clockwise order.
    pub fn clockwise(self) -> Clockwise {
        Clockwise(self.0)
    }

    /// The cells row by row, as displayed.
    pub fn rows(self) -> Rows {
        self.clockwise().into()
    }

    /// The board after `op`.
    pub fn apply(self, op: Op) -> Board {
        let src = op.source();
        Board(std::array::from_fn(|i| self.0[src[i]]))
    }

    /// The board after the operations in order.
    pub fn apply_all(self, ops: &[Op]) -> Board {
        ops.iter().fold(self, |b, &op| b.apply(op))
    }

    /// The board's index in 0..40,320: the lexicographic rank of its clockwise cells
    /// (Lehmer code / Cantor expansion). The start board has rank 0.
    pub fn rank(self) -> usize {
        let mut rank = 0;
        for i in 0..8 {
            let smaller_after = self.0[i + 1..].iter().filter(|&&c| c < self.0[i]).count();
            rank = rank * (8 - i) + smaller_after;
        }
        rank
    }

    /// The board of a given rank, the inverse of [`Board::rank`]. `rank` must be below 40,320.
    pub fn from_rank(mut rank: usize) -> Board {
        assert!(rank < BOARD_COUNT, "rank {rank} out of range");
        let mut digits = [0usize; 8];
        for i in (0..8).rev() {
            digits[i] = rank % (8 - i);
            rank /= 8 - i;
        }
        let mut unused: Vec<u8> = (1..=8).collect();
        Board(std::array::from_fn(|i| unused.remove(digits[i])))
    }
}

impl From<Rows> for Clockwise {
    fn from(r: Rows) -> Clockwise {
        let (t, b) = (r.top, r.bottom);
        Clockwise([t[0], t[1], t[2], t[3], b[3], b[2], b[1], b[0]])
    }
}

impl From<Clockwise> for Rows {
    fn from(c: Clockwise) -> Rows {
        let c = c.0;
        Rows {
            top: [c[0], c[1], c[2], c[3]],
            bottom: [c[7], c[6], c[5], c[4]],
        }
    }
}

impl fmt::Display for Rows {
    /// `1 2 3 4 / 8 7 6 5`: the picture of the board on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.top;
        let [e, g, h, i] = self.bottom;
        write!(f, "{a} {b} {c} {d} / {e} {g} {h} {i}")
    }
}

impl fmt::Display for Board {
    /// The board as displayed, row by row: `1 2 3 4 / 8 7 6 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.rows().fmt(f)
    }
}

/// Distances and lexicographically smallest shortest sequences for all 40,320 boards.
///
/// Built by one breadth-first search from the start, expanding each board's children in
/// A, B, C order and keeping, for each board, the parent and the move through which it was
/// first discovered.
///
/// Why this parent tree gives the lexicographically smallest shortest sequence: write
/// `best(v)` for the smallest shortest sequence to `v`. Claim: the queue pops the boards of
/// each distance `d` in increasing order of `best`. It holds for `d = 0`. Every shortest
/// sequence to a board `v` at distance `d + 1` is `p + m` with `p` a shortest sequence to a
/// board `u` at distance `d` and `m` a move taking `u` to `v`; sequences of one length compare
/// by their prefix first, so the smallest is `best(u) + m` with `best(u)` smallest, then `m`
/// smallest. The search discovers `v` first from exactly that `u` (the earliest popped parent,
/// by the claim) and that `m` (children in A, B, C order), and it discovers the boards of
/// distance `d + 1` in increasing order of `best(u) + m`, which proves the claim for `d + 1`.
pub struct Table {
    /// Distance from the start, by rank.
    distance: Vec<u8>,
    /// The rank of the board's parent in the tree, by rank (the start is its own parent).
    parent: Vec<u16>,
    /// The move from the parent, by rank (unused for the start).
    via: Vec<Op>,
    /// The ranks in the order the search popped them.
    order: Vec<u16>,
}

impl Table {
    /// The table, built on first use and shared by the whole process.
    pub fn get() -> &'static Table {
        static TABLE: OnceLock<Table> = OnceLock::new();
        TABLE.get_or_init(Table::build)
    }

    /// Runs the breadth-first search over all boards.
    pub fn build() -> Table {
        let mut distance = vec![u8::MAX; BOARD_COUNT];
        let mut parent = vec![0u16; BOARD_COUNT];
        let mut via = vec![Op::A; BOARD_COUNT];
        let mut queue = Vec::with_capacity(BOARD_COUNT);
        distance[0] = 0;
        queue.push(Board::START);
        let mut head = 0;
        while let Some(&board) = queue.get(head) {
            head += 1;
            let rank = board.rank();
            for op in Op::ALL {
                let child = board.apply(op);
                let c = child.rank();
                if distance[c] == u8::MAX {
                    distance[c] = distance[rank] + 1;
                    parent[c] = rank as u16;
                    via[c] = op;
                    queue.push(child);
                }
            }
        }
        debug_assert_eq!(queue.len(), BOARD_COUNT, "every board is reachable");
        Table {
            distance,
            parent,
            via,
            order: queue.iter().map(|b| b.rank() as u16).collect(),
        }
    }

    /// The fewest operations that take the start to `target`.
    pub fn distance(&self, target: Board) -> u8 {
        self.distance[target.rank()]
    }

    /// Every board in increasing order of (distance, lexicographically smallest shortest
    /// sequence): the order the search pops them in (the claim above). The start comes first.
    pub fn in_order(&self) -> impl ExactSizeIterator<Item = Board> + '_ {
        self.order
            .iter()
            .map(|&rank| Board::from_rank(rank as usize))
    }

    /// The lexicographically smallest among the shortest sequences from the start to `target`.
    pub fn solve(&self, target: Board) -> Vec<Op> {
        let mut rank = target.rank();
        let mut ops = Vec::with_capacity(self.distance[rank] as usize);
        while rank != 0 {
            ops.push(self.via[rank]);
            rank = self.parent[rank] as usize;
        }
        ops.reverse();
        ops
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_clockwise_convert_both_ways() {
        let rows = Rows {
            top: [1, 2, 3, 4],
            bottom: [8, 7, 6, 5],
        };
        assert_eq!(Clockwise::from(rows), Clockwise([1, 2, 3, 4, 5, 6, 7, 8]));
        let rows = Rows {
            top: [5, 8, 7, 6],
            bottom: [4, 1, 2, 3],
        };
        assert_eq!(Clockwise::from(rows), Clockwise([5, 8, 7, 6, 3, 2, 1, 4]));
        assert_eq!(Rows::from(Clockwise::from(rows)), rows);
        assert_eq!(Board::START.rows().to_string(), "1 2 3 4 / 8 7 6 5");
    }

    #[test]
    fn moves_match_the_statement() {
        let show = |op| Board::START.apply(op).to_string();
        assert_eq!(show(Op::A), "8 7 6 5 / 1 2 3 4");
        assert_eq!(show(Op::B), "4 1 2 3 / 5 8 7 6");
        assert_eq!(show(Op::C), "1 7 2 4 / 8 6 3 5");
    }

    #[test]
    fn rank_is_a_bijection() {
        for r in [0, 1, 5039, 40_319] {
            assert_eq!(Board::from_rank(r).rank(), r);
        }
        assert_eq!(Board::START.rank(), 0);
    }

    #[test]
    fn rejects_non_permutations() {
        assert!(Board::from_clockwise(Clockwise([1, 1, 3, 4, 5, 6, 7, 8])).is_none());
        assert!(Board::from_clockwise(Clockwise([0, 2, 3, 4, 5, 6, 7, 8])).is_none());
        assert!(Board::from_clockwise(Clockwise([9, 2, 3, 4, 5, 6, 7, 1])).is_none());
    }

    #[test]
    fn boards_come_in_order_of_distance_then_smallest_sequence() {
        let table = Table::get();
        let key = |b: Board| (table.distance(b), ops_to_string(&table.solve(b)));
        let boards: Vec<Board> = table.in_order().collect();
        assert_eq!(boards.len(), BOARD_COUNT);
        assert_eq!(boards[0], Board::START);
        assert!(boards.windows(2).all(|w| key(w[0]) < key(w[1])));
    }
}
