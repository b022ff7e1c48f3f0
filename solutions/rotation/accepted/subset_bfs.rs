//! UVA 1343 The Rotation Game, accepted, by exact distances instead of a search: for one
//! digit, the cells holding it form one of C(24, 8) = 735,471 subsets, ranked by the
//! combinatorial number system. One breadth-first search from the goal subset (the eight
//! centre cells) over the eight moves (a set closed under inverses, so distances to and from
//! the goal are the same) gives every subset's distance to the goal; a board's distance is
//! the smallest over its three digits. The answer is then walked greedily: at each step the
//! first move, in letter order, that brings the board one step closer.

use std::collections::VecDeque;
use std::io::{self, Read, Write};

/// The cells of each move's line, head first: the move shifts each cell's content to the
/// previous cell, and the head's content to the tail.
const LINES: [[usize; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];
const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

/// The subset after a move: the cell `line[i]` receives what was in `line[i + 1]`.
fn shift_mask(mask: u32, line: &[usize; 7]) -> u32 {
    let mut out = mask;
    for i in 0..7 {
        let from = line[(i + 1) % 7];
        out = out & !(1 << line[i]) | (mask >> from & 1) << line[i];
    }
    out
}

fn shift_board(board: &mut [u8; 24], line: &[usize; 7]) {
    let head = board[line[0]];
    for i in 0..6 {
        board[line[i]] = board[line[i + 1]];
    }
    board[line[6]] = head;
}

struct Ranker {
    binomial: [[u32; 9]; 25],
}

impl Ranker {
    fn new() -> Ranker {
        let mut binomial = [[0u32; 9]; 25];
        for n in 0..25 {
            binomial[n][0] = 1;
            for k in 1..9 {
                binomial[n][k] = if n == 0 {
                    0
                } else {
                    binomial[n - 1][k - 1] + binomial[n - 1][k]
                };
            }
        }
        Ranker { binomial }
    }

    /// The rank of an 8-cell subset: the sum of C(cell, k) over its cells in increasing
    /// order, k = 1..8.
    fn rank(&self, mask: u32) -> usize {
        let mut rank = 0;
        let mut k = 0;
        let mut rest = mask;
        while rest != 0 {
            k += 1;
            rank += self.binomial[rest.trailing_zeros() as usize][k];
            rest &= rest - 1;
        }
        rank as usize
    }
}

fn main() {
    let ranker = Ranker::new();
    let goal: u32 = CENTRE.iter().map(|&c| 1u32 << c).sum();
    let mut distance = vec![u8::MAX; 735_471];
    distance[ranker.rank(goal)] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(mask) = queue.pop_front() {
        let d = distance[ranker.rank(mask)];
        for line in &LINES {
            let next = shift_mask(mask, line);
            let r = ranker.rank(next);
            if distance[r] == u8::MAX {
                distance[r] = d + 1;
                queue.push_back(next);
            }
        }
    }
    let board_distance = |board: &[u8; 24]| -> u8 {
        (1..=3u8)
            .map(|digit| {
                let mask = (0..24)
                    .filter(|&c| board[c] == digit)
                    .map(|c| 1u32 << c)
                    .sum();
                distance[ranker.rank(mask)]
            })
            .min()
            .unwrap()
    };

    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace().map(|t| t.parse::<u8>().unwrap());
    let mut out = String::new();
    while let Some(first) = tokens.next() {
        if first == 0 {
            break;
        }
        let mut board = [first; 24];
        for cell in &mut board[1..] {
            *cell = tokens.next().unwrap();
        }
        let mut d = board_distance(&board);
        let mut moves = String::new();
        while d > 0 {
            for (m, line) in LINES.iter().enumerate() {
                let mut next = board;
                shift_board(&mut next, line);
                if board_distance(&next) == d - 1 {
                    moves.push((b'A' + m as u8) as char);
                    board = next;
                    d -= 1;
                    break;
                }
            }
        }
        if moves.is_empty() {
            moves.push_str("No moves needed");
        }
        out.push_str(&format!("{moves}\n{}\n", board[6]));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
