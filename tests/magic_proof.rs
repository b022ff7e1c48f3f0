//! Proves the magic-board table on all 40,320 boards against an independent method: a
//! layer-by-layer dynamic programme over row-order strings with seed 000's index tables, which
//! takes the explicit minimum over every (parent sequence, move) pair instead of relying on the
//! order of a breadth-first queue.

use std::collections::HashMap;

use boardjudge::puzzle::magic::{Board, MAX_DISTANCE, Op, Rows, Table, ops_to_string};

/// A board as the seed's string: the top row, then the bottom row, left to right.
type RowString = [u8; 8];

/// Seed 000's operations: `new[i] = old[INDEX[i]]` on row-order strings.
const INDEX: [[usize; 8]; 3] = [
    [4, 5, 6, 7, 0, 1, 2, 3],
    [3, 0, 1, 2, 7, 4, 5, 6],
    [0, 5, 1, 3, 4, 6, 2, 7],
];

fn operate(b: &RowString, op: usize) -> RowString {
    std::array::from_fn(|i| b[INDEX[op][i]])
}

/// Every board with its smallest shortest sequence, layer by layer.
fn layers() -> HashMap<RowString, String> {
    let start: RowString = *b"12348765";
    let mut best: HashMap<RowString, String> = HashMap::from([(start, String::new())]);
    let mut layer = vec![start];
    while !layer.is_empty() {
        let mut next: HashMap<RowString, String> = HashMap::new();
        for u in &layer {
            for (op, letter) in ['A', 'B', 'C'].into_iter().enumerate() {
                let v = operate(u, op);
                if best.contains_key(&v) {
                    continue;
                }
                let candidate = format!("{}{letter}", best[u]);
                next.entry(v)
                    .and_modify(|s| {
                        if candidate < *s {
                            *s = candidate.clone();
                        }
                    })
                    .or_insert(candidate);
            }
        }
        layer = next.keys().copied().collect();
        best.extend(next);
    }
    best
}

fn board_of(s: &RowString) -> Board {
    let d = |i: usize| s[i] - b'0';
    Board::from_rows(Rows {
        top: [d(0), d(1), d(2), d(3)],
        bottom: [d(4), d(5), d(6), d(7)],
    })
    .expect("a permutation")
}

#[test]
fn every_board_gets_the_smallest_shortest_sequence() {
    let best = layers();
    assert_eq!(best.len(), 40_320, "every board is reachable");
    let table = Table::get();
    let mut histogram = [0usize; MAX_DISTANCE as usize + 1];
    for (s, expected) in &best {
        let target = board_of(s);
        let ops = table.solve(target);
        assert_eq!(ops_to_string(&ops), *expected, "board {target}");
        assert_eq!(table.distance(target) as usize, ops.len(), "board {target}");
        assert_eq!(Board::START.apply_all(&ops), target, "replay of {target}");
        histogram[ops.len()] += 1;
    }
    // shared/facts.md
    assert_eq!(
        histogram,
        [
            1, 3, 7, 14, 26, 51, 92, 159, 274, 453, 720, 1115, 1727, 2603, 3701, 4729, 5620, 6240,
            5840, 4492, 2120, 328, 5
        ]
    );
}

#[test]
fn the_five_hardest_boards_match_the_facts() {
    let table = Table::get();
    let facts = [
        ("43128765", "ABBBCABBBCBBBCBCABCBBB"),
        ("45273816", "ACBBBCBCBCBCBCABCABCBC"),
        ("61835472", "ACBCABCABCBCBCBCBCBBBC"),
        ("83215674", "ABBCBBBCBCBCABCBCBCBCC"),
        ("87216534", "ABBBCBCBCBCABCABBCBCAB"),
    ];
    for (rows, answer) in facts {
        let board = board_of(rows.as_bytes().try_into().unwrap());
        assert_eq!(table.distance(board), MAX_DISTANCE);
        assert_eq!(ops_to_string(&table.solve(board)), answer);
    }
    let at_max = (0..40_320)
        .filter(|&r| table.distance(Board::from_rank(r)) == MAX_DISTANCE)
        .count();
    assert_eq!(at_max, 5);
}

#[test]
fn seed_operations_agree_with_the_library_on_every_board() {
    for r in 0..40_320 {
        let board = Board::from_rank(r);
        let rows = board.rows();
        let s: RowString = std::array::from_fn(|i| {
            b'0' + if i < 4 {
                rows.top[i]
            } else {
                rows.bottom[i - 4]
            }
        });
        for (i, op) in Op::ALL.into_iter().enumerate() {
            assert_eq!(board_of(&operate(&s, i)), board.apply(op));
        }
        assert_eq!(Board::from_rank(board.rank()), board);
    }
}
