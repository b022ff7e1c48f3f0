//! Sicily 1151, accepted: one breadth-first search from the start board over all 8! boards,
//! before reading any case, with a parent pointer per board; each case is then a walk back
//! to the start.
//!
//! Boards are packed into a u32 (4 bits a cell, top row then bottom row, left to right) and
//! ranked by a hash map. Children come in the order A, B, C, so the first path to a board is
//! the lexicographically smallest shortest one. N is read as an i64 and only compared.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// new[i] = old[OPS[k][i]]: A swaps the rows, B shifts each row right, C turns the centre.
const OPS: [[usize; 8]; 3] = [
    [4, 5, 6, 7, 0, 1, 2, 3],
    [3, 0, 1, 2, 7, 4, 5, 6],
    [0, 5, 1, 3, 4, 6, 2, 7],
];

fn pack(cells: &[u8; 8]) -> u32 {
    cells.iter().fold(0, |acc, &c| acc << 4 | u32::from(c))
}

fn unpack(key: u32) -> [u8; 8] {
    let mut cells = [0u8; 8];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = (key >> (4 * (7 - i)) & 15) as u8;
    }
    cells
}

fn main() {
    let start = pack(&[1, 2, 3, 4, 8, 7, 6, 5]);
    // board -> (parent board, letter of the last operation)
    let mut parent: HashMap<u32, (u32, u8)> = HashMap::with_capacity(40_320);
    parent.insert(start, (start, 0));
    let mut queue = vec![start];
    let mut head = 0;
    while head < queue.len() {
        let key = queue[head];
        head += 1;
        let cells = unpack(key);
        for (k, op) in OPS.iter().enumerate() {
            let next = pack(&std::array::from_fn(|i| cells[op[i]]));
            parent.entry(next).or_insert_with(|| {
                queue.push(next);
                (key, b'A' + k as u8)
            });
        }
    }

    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut out = String::new();
    while let Some(token) = tokens.next() {
        let limit: i64 = token.parse().unwrap();
        if limit == -1 {
            break;
        }
        let mut cells = [0u8; 8];
        for cell in &mut cells {
            *cell = tokens.next().unwrap().parse().unwrap();
        }
        let mut key = pack(&cells);
        let mut path = Vec::new();
        while key != start {
            let (from, letter) = parent[&key];
            path.push(letter);
            key = from;
        }
        path.reverse();
        if path.len() as i64 > limit {
            out.push_str("-1\n");
        } else if path.is_empty() {
            out.push_str("0\n");
        } else {
            out.push_str(&format!("{} {}\n", path.len(), String::from_utf8(path).unwrap()));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
