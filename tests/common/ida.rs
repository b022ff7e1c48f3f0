//! An independent rotation-game solver: IDA* with the centre-count heuristic, as in the seeds
//! (003 / 004), reimplemented here from the statement's index tables. It shares no code with
//! the library, so it can prove the library's table-driven solver (tests) and serve as the
//! baseline it is measured against (benches).
#![allow(dead_code)]

/// The seven cells of each line A..H, as printed in the seeds.
const POS: [[usize; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];
const OPPOSITE: [usize; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
const CENTER: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

fn operate(q: &mut [u8; 24], i: usize) {
    let op = &POS[i];
    let t = q[op[0]];
    for k in 0..6 {
        q[op[k]] = q[op[k + 1]];
    }
    q[op[6]] = t;
}

/// Lower bound: the centre cells that do not hold the centre's most frequent digit.
fn heuristic(q: &[u8; 24]) -> usize {
    let mut sum = [0usize; 4];
    for &c in &CENTER {
        sum[q[c] as usize] += 1;
    }
    8 - sum[1..].iter().max().copied().unwrap_or(0)
}

fn dfs(
    q: &mut [u8; 24],
    depth: usize,
    limit: usize,
    last: Option<usize>,
    path: &mut Vec<u8>,
) -> bool {
    let h = heuristic(q);
    if h == 0 {
        return true;
    }
    if depth + h > limit {
        return false;
    }
    for (i, &opposite) in OPPOSITE.iter().enumerate() {
        // Undoing the previous move never belongs to a shortest sequence.
        if last == Some(opposite) {
            continue;
        }
        operate(q, i);
        path.push(b'A' + i as u8);
        if dfs(q, depth + 1, limit, Some(i), path) {
            return true;
        }
        path.pop();
        operate(q, opposite);
    }
    false
}

/// The lexicographically smallest shortest move sequence (`""` when solved) and the centre
/// digit after it. Depth-first search in A..H order at increasing depth limits finds, at the
/// first limit that has a solution, the smallest sequence of that length.
pub fn solve(board: [u8; 24]) -> (String, u8) {
    let mut q = board;
    let mut path = Vec::new();
    let mut limit = 0;
    while !dfs(&mut q, 0, limit, None, &mut path) {
        limit += 1;
    }
    (String::from_utf8(path).expect("letters"), q[CENTER[0]])
}
