//! UVA 1343 The Rotation Game, wrong answer: the IDA* commits to one digit at the start,
//! the one most frequent in the centre (the smallest on a tie), and only searches for a
//! centre of that digit. Another digit may be reachable in fewer moves, or by a
//! lexicographically smaller sequence of the same length.
//! Caught by: a board where the best digit is not the centre's majority, e.g.
//!   2 2 2 1 3 3 1 3 2 1 3 1 3 3 1 3 1 2 2 1 2 2 1 3  ->  expected "AGECGECCEG" / "3", this
//!   prints "GHAEGGECCGA" / "1".

use std::io::{self, Read, Write};

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
const INVERSE: [usize; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

fn shift(board: &mut [u8; 24], m: usize) {
    let line = &LINES[m];
    let head = board[line[0]];
    for i in 0..6 {
        board[line[i]] = board[line[i + 1]];
    }
    board[line[6]] = head;
}

/// Centre cells that do not hold `digit`: at least that many moves remain.
fn missing(board: &[u8; 24], digit: u8) -> usize {
    CENTRE.iter().filter(|&&c| board[c] != digit).count()
}

fn dfs(
    board: &mut [u8; 24],
    digit: u8,
    depth: usize,
    limit: usize,
    last: Option<usize>,
    path: &mut Vec<u8>,
) -> bool {
    let h = missing(board, digit);
    if h == 0 {
        return true;
    }
    if depth + h > limit {
        return false;
    }
    for m in 0..8 {
        if last == Some(INVERSE[m]) {
            continue;
        }
        shift(board, m);
        path.push(b'A' + m as u8);
        if dfs(board, digit, depth + 1, limit, Some(m), path) {
            return true;
        }
        path.pop();
        shift(board, INVERSE[m]);
    }
    false
}

fn main() {
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
        let digit = (1..=3u8)
            .max_by_key(|&d| (8 - missing(&board, d), std::cmp::Reverse(d)))
            .unwrap();
        let mut path = Vec::new();
        let mut limit = 0;
        while !dfs(&mut board, digit, 0, limit, None, &mut path) {
            limit += 1;
        }
        if path.is_empty() {
            out.push_str("No moves needed");
        } else {
            out.push_str(std::str::from_utf8(&path).unwrap());
        }
        out.push_str(&format!("\n{}\n", board[6]));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
