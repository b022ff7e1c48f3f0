//! USACO 3.2 Magic Squares, wrong answer: a breadth-first search from the target over the
//! inverse operations, tried in the order A, B, C, stopping when it reaches the start; the
//! sequence is then read off from the start towards the target. It is a shortest sequence,
//! but the BFS order makes it the smallest read from its END, not from its beginning.
//! Caught by: a board with several shortest sequences, e.g. the sample
//!   2 6 8 4 5 7 3 1  ->  expected "7" / "BCABCCB", this prints "7" / "BCBCCBA".

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read};

const OPS: [[usize; 8]; 3] = [
    [7, 6, 5, 4, 3, 2, 1, 0],
    [3, 0, 1, 2, 5, 6, 7, 4],
    [0, 6, 1, 3, 4, 2, 5, 7],
];

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let cells: Vec<u8> = input.split_whitespace().map(|t| t.parse().unwrap()).collect();
    // copy_from_slice, not try_into: compiles under every edition (BAPCtools and
    // problemtools call rustc with --edition=2018, whose prelude has no TryInto).
    let mut target = [0u8; 8];
    target.copy_from_slice(&cells[..8]);
    let start = [1, 2, 3, 4, 5, 6, 7, 8];

    // next_step[board] = (operation, board after it), on a shortest way to the target.
    let mut next_step: HashMap<[u8; 8], Option<(u8, [u8; 8])>> = HashMap::new();
    next_step.insert(target, None);
    let mut queue = VecDeque::from([target]);
    while let Some(board) = queue.pop_front() {
        if board == start {
            break;
        }
        for (k, op) in OPS.iter().enumerate() {
            // The board that `op` turns into `board`.
            let mut before = [0u8; 8];
            for i in 0..8 {
                before[op[i]] = board[i];
            }
            next_step.entry(before).or_insert_with(|| {
                queue.push_back(before);
                Some((b'A' + k as u8, board))
            });
        }
    }

    let mut sequence = String::new();
    let mut board = start;
    while let Some(Some((letter, next))) = next_step.get(&board) {
        sequence.push(*letter as char);
        board = *next;
    }
    println!("{}", sequence.len());
    if sequence.is_empty() {
        println!();
    }
    for line in sequence.as_bytes().chunks(60) {
        println!("{}", String::from_utf8_lossy(line));
    }
}
