//! Sicily 1151, wrong answer: the step limit is read as an i32 and turned into an exclusive
//! bound `limit + 1`. For N = 2147483647 (allowed: N fits in a 32-bit int) the addition wraps
//! round to i32::MIN in a release build, and every such case is answered -1.
//! Caught by: a case with N = 2^31 - 1, e.g.
//!   2147483647 / 5 8 7 6 / 4 1 2 3  ->  expected "2 AB", this prints "-1".

use std::collections::{HashMap, VecDeque};
use std::io::{self, Read};

const OPS: [[usize; 8]; 3] = [
    [4, 5, 6, 7, 0, 1, 2, 3],
    [3, 0, 1, 2, 7, 4, 5, 6],
    [0, 5, 1, 3, 4, 6, 2, 7],
];

/// The lexicographically smallest shortest sequence from the start to `target`: a BFS in
/// A, B, C order keeping each board's first parent, then the walk back from the target.
fn shortest(target: [u8; 8]) -> String {
    let start = [1, 2, 3, 4, 8, 7, 6, 5];
    let mut parent: HashMap<[u8; 8], ([u8; 8], u8)> = HashMap::new();
    parent.insert(start, (start, 0));
    let mut queue = VecDeque::from([start]);
    while let Some(board) = queue.pop_front() {
        if board == target {
            break;
        }
        for (k, op) in OPS.iter().enumerate() {
            let next: [u8; 8] = std::array::from_fn(|i| board[op[i]]);
            if !parent.contains_key(&next) {
                parent.insert(next, (board, b'A' + k as u8));
                queue.push_back(next);
            }
        }
    }
    let mut path = Vec::new();
    let mut board = target;
    while board != start {
        let (from, op) = parent[&board];
        path.push(op as char);
        board = from;
    }
    path.iter().rev().collect()
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_whitespace();
    while let Some(token) = tokens.next() {
        let limit: i32 = token.parse().unwrap();
        if limit == -1 {
            break;
        }
        let mut target = [0u8; 8];
        for cell in &mut target {
            *cell = tokens.next().unwrap().parse().unwrap();
        }
        let bound = limit + 1; // the sequence must be shorter than this
        let path = shortest(target);
        if (path.len() as i32) >= bound {
            println!("-1");
        } else if path.is_empty() {
            println!("0");
        } else {
            println!("{} {}", path.len(), path);
        }
    }
}
