//! The generator's only source of randomness: ChaCha20 keyed by SHA-256 of a canonical text,
//! and integer routines of our own on top of its raw 64-bit words.
//!
//! Nothing here calls a sampling routine of the `rand` crates: the stream of
//! `ChaCha20Rng::next_u64` is fixed by the ChaCha20 specification (its crate pins it with test
//! vectors), and every integer drawn from it goes through [`Random::below`], so a new `rand`
//! release cannot change a generated file. Tests pin outputs to catch any change anyway.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use sha2::{Digest, Sha256};

/// A deterministic random stream.
pub struct Random {
    rng: ChaCha20Rng,
}

impl Random {
    /// The stream keyed by SHA-256 of `canonical` (the 32-byte digest is the ChaCha20 key;
    /// stream 0, starting at word 0).
    pub fn from_text(canonical: &str) -> Random {
        let key: [u8; 32] = Sha256::digest(canonical.as_bytes()).into();
        Random {
            rng: ChaCha20Rng::from_seed(key),
        }
    }

    /// The next raw 64-bit word of the ChaCha20 stream.
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniform integer in `0..n`, for `n >= 1`.
    ///
    /// Lemire's multiply-and-shift method ("Fast random integer generation in an interval",
    /// 2019): the high 64 bits of `word * n` for a uniform 64-bit `word`, rejecting the words
    /// whose low 64 bits fall below `2^64 mod n`, so that the result is exactly uniform. Each
    /// attempt consumes one word of the stream.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no value to return");
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u64
    }

    /// A uniform integer in `low..=high`.
    pub fn between(&mut self, low: u64, high: u64) -> u64 {
        assert!(low <= high, "empty range {low}..={high}");
        match (high - low).checked_add(1) {
            Some(n) => low + self.below(n),
            None => self.next_u64(),
        }
    }

    /// A uniform index into a slice of `len` elements (`len >= 1`).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// Shuffles `items` uniformly: Fisher–Yates from the last position down, position `i`
    /// swapped with `below(i + 1)`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// Seeded passes over `0..len`, one after another, each a uniform permutation
/// ([`Random::shuffle`], consumed from the front).
#[derive(Default)]
pub struct Passes(Vec<usize>);

impl Passes {
    /// The next index of the current pass; a fresh pass starts when it is used up.
    pub fn next(&mut self, len: usize, rng: &mut Random) -> usize {
        if self.0.is_empty() {
            self.0.extend(0..len);
            rng.shuffle(&mut self.0);
            self.0.reverse();
        }
        self.0.pop().expect("a pass is never empty")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut r = Random::from_text("test");
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        assert_eq!(r.below(1), 0);
        assert!(r.between(u64::MAX - 1, u64::MAX) >= u64::MAX - 1);
        let _ = r.between(0, u64::MAX);
    }

    /// The values below were also computed by an independent implementation: the ChaCha20
    /// block function as Bernstein defined it (64-bit block counter, 64-bit nonce 0), SHA-256
    /// and the routines of this module, written in Python from their specifications. So they
    /// pin the key derivation, the stream and the integer routines.
    #[test]
    fn the_stream_is_pinned() {
        let mut r = Random::from_text("abc");
        assert_eq!(r.next_u64(), 0x311b_b0d4_2bcd_70d7);
        assert_eq!(r.next_u64(), 0x9c34_d683_bfa1_70ac);
        let mut r = Random::from_text("boardjudge");
        let drawn: Vec<u64> = (0..6).map(|_| r.below(40_320)).collect();
        assert_eq!(drawn, [4009, 20576, 12358, 29020, 35782, 10166]);
        let mut items: Vec<u8> = (0..10).collect();
        r.shuffle(&mut items);
        assert_eq!(items, [5, 1, 8, 0, 9, 6, 3, 2, 4, 7]);
    }
}
