//! USACO 3.2 Magic Squares, accepted, by another method than a forward BFS: a breadth-first
//! search from the TARGET over the inverse operations gives every board's distance to the
//! target; then, from the start, each step takes the first of A, B, C that brings the board
//! one step closer. The greedy walk on exact distances yields the lexicographically smallest
//! shortest sequence.
//!
//! Answer: the length, then the sequence in lines of 60 characters; for the start board "0"
//! and an empty line.

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read, Write};

/// new[i] = old[OPS[k][i]], cells clockwise from the top-left corner.
const OPS: [[usize; 8]; 3] = [
    [7, 6, 5, 4, 3, 2, 1, 0],
    [3, 0, 1, 2, 5, 6, 7, 4],
    [0, 6, 1, 3, 4, 2, 5, 7],
];

fn apply(op: &[usize; 8], board: [u8; 8]) -> [u8; 8] {
    std::array::from_fn(|i| board[op[i]])
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let cells: Vec<u8> = input.split_whitespace().map(|t| t.parse().unwrap()).collect();
    // copy_from_slice, not try_into: compiles under every edition (BAPCtools and
    // problemtools call rustc with --edition=2018, whose prelude has no TryInto).
    let mut target = [0u8; 8];
    target.copy_from_slice(&cells[..8]);

    // The inverse of each operation: if new[i] = old[op[i]], then old[op[i]] = new[i].
    let inverse: Vec<[usize; 8]> = OPS
        .iter()
        .map(|op| {
            let mut inv = [0; 8];
            for (i, &from) in op.iter().enumerate() {
                inv[from] = i;
            }
            inv
        })
        .collect();
    let mut distance: HashMap<[u8; 8], u32> = HashMap::with_capacity(40_320);
    distance.insert(target, 0);
    let mut queue = VecDeque::from([target]);
    while let Some(board) = queue.pop_front() {
        let d = distance[&board];
        for inv in &inverse {
            let before = apply(inv, board);
            distance.entry(before).or_insert_with(|| {
                queue.push_back(before);
                d + 1
            });
        }
    }

    let mut board = [1, 2, 3, 4, 5, 6, 7, 8];
    let mut sequence = Vec::new();
    while board != target {
        let d = distance[&board];
        let (k, next) = OPS
            .iter()
            .enumerate()
            .map(|(k, op)| (k, apply(op, board)))
            .find(|(_, next)| distance[next] + 1 == d)
            .unwrap();
        sequence.push(b'A' + k as u8);
        board = next;
    }

    let mut out = format!("{}\n", sequence.len()).into_bytes();
    if sequence.is_empty() {
        out.push(b'\n');
    }
    for line in sequence.chunks(60) {
        out.extend_from_slice(line);
        out.push(b'\n');
    }
    io::stdout().write_all(&out).unwrap();
}
