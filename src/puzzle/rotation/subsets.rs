//! Subsets of eight cells as 24-bit masks: the move lines, ranking, and the breadth-first
//! search over all C(24, 8) subsets.
//!
//! This module uses nothing but `std`: `build.rs` includes it to compute the distance table
//! at compile time, and the library uses it to rank masks at run time.

/// The eight centre cells.
pub const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

/// Number of subsets of 8 cells among 24: C(24, 8).
pub const SUBSET_COUNT: usize = 735_471;

/// The seven cells of each move's line (A..H), head first: each cell takes the value of the
/// next, and the last takes the head's (the seeds' index tables).
pub const LINES: [[usize; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];

/// Tables that permute and rank 24-bit masks a byte at a time.
pub struct MaskTables {
    /// `permute[m][j][b]`: where the bits `b` of byte `j` go under move `m`.
    permute: Box<[[[u32; 256]; 3]; 8]>,
    /// `rank[j][k][b]`: the part of the rank from the bits `b` of byte `j`, when `k` bits are
    /// set in the lower bytes.
    rank: Box<[[[u32; 256]; 9]; 3]>,
}

impl MaskTables {
    /// Builds the tables (a few microseconds).
    pub fn new() -> MaskTables {
        let mut permute = Box::new([[[0u32; 256]; 3]; 8]);
        for (m, line) in LINES.iter().enumerate() {
            let mut dest: [usize; 24] = std::array::from_fn(|i| i);
            for i in 0..7 {
                // The value at line[i + 1] moves to line[i]; the head wraps to the tail.
                dest[line[(i + 1) % 7]] = line[i];
            }
            for j in 0..3 {
                for b in 0..256usize {
                    permute[m][j][b] = (0..8)
                        .filter(|bit| b >> bit & 1 == 1)
                        .fold(0, |acc, bit| acc | 1 << dest[8 * j + bit]);
                }
            }
        }
        let mut rank = Box::new([[[0u32; 256]; 9]; 3]);
        for (j, by_count) in rank.iter_mut().enumerate() {
            for (k, by_byte) in by_count.iter_mut().enumerate() {
                for (b, r) in by_byte.iter_mut().enumerate() {
                    let mut index = k;
                    for bit in (0..8).filter(|bit| b >> bit & 1 == 1) {
                        index += 1;
                        *r += binomial(8 * j + bit, index) as u32;
                    }
                }
            }
        }
        MaskTables { permute, rank }
    }

    /// The mask after move `m` (0 = A .. 7 = H).
    #[inline]
    pub fn permute(&self, mask: u32, m: usize) -> u32 {
        let p = &self.permute[m];
        p[0][(mask & 0xff) as usize]
            | p[1][(mask >> 8 & 0xff) as usize]
            | p[2][(mask >> 16) as usize]
    }

    /// The mask's index among the masks of eight cells, in 0..C(24, 8) (combinatorial number
    /// system: the sum of C(position, i) over its set bits, the i-th from 1).
    #[inline]
    pub fn rank(&self, mask: u32) -> usize {
        let (b0, b1, b2) = (mask & 0xff, mask >> 8 & 0xff, mask >> 16 & 0xff);
        let k1 = b0.count_ones() as usize;
        let k2 = k1 + b1.count_ones() as usize;
        (self.rank[0][0][b0 as usize]
            + self.rank[1][k1][b1 as usize]
            + self.rank[2][k2][b2 as usize]) as usize
    }
}

impl Default for MaskTables {
    fn default() -> MaskTables {
        MaskTables::new()
    }
}

/// C(n, k), with C(n, k) = 0 for k > n.
pub fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

/// The distance of every subset (by rank) to the centre subset: one breadth-first search from
/// the centre. Every move's inverse is a move, so distances from the centre equal distances to
/// it.
pub fn distances() -> Vec<u8> {
    let masks = MaskTables::new();
    let mut distance = vec![u8::MAX; SUBSET_COUNT];
    let mut queue = Vec::with_capacity(SUBSET_COUNT);
    let centre = CENTRE.iter().fold(0u32, |m, &c| m | 1 << c);
    distance[masks.rank(centre)] = 0;
    queue.push(centre);
    let mut head = 0;
    while let Some(&mask) = queue.get(head) {
        head += 1;
        let d = distance[masks.rank(mask)] + 1;
        for m in 0..8 {
            let child = masks.permute(mask, m);
            let slot = &mut distance[masks.rank(child)];
            if *slot == u8::MAX {
                *slot = d;
                queue.push(child);
            }
        }
    }
    assert_eq!(queue.len(), SUBSET_COUNT, "every subset is reachable");
    distance
}

/// The distances of [`distances`], packed two a byte (each is below 16): rank `r` in byte
/// `r / 2`, the low nibble for even `r`.
pub fn packed_distances() -> Vec<u8> {
    distances()
        .chunks(2)
        .map(|pair| pair[0] | pair.get(1).map_or(0, |d| d << 4))
        .collect()
}

/// The distance of rank `r` in a table packed by [`packed_distances`].
#[inline]
pub fn unpack(packed: &[u8], r: usize) -> u8 {
    packed[r / 2] >> (4 * (r % 2)) & 0xf
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_covers_all_subsets() {
        assert_eq!(binomial(24, 8) as usize, SUBSET_COUNT);
        let t = MaskTables::new();
        assert_eq!(t.rank(0xff), 0);
        assert_eq!(t.rank(0xff_0000), SUBSET_COUNT - 1);
    }
}
