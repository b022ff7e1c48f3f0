//! The answer lengths of a problem's test data: how many cases of each answer length (moves)
//! the tests hold, read from the `.ans` files as the reference solver wrote them.

use serde::Serialize;

use crate::format::Format;

/// How many cases have each answer length.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Histogram {
    /// `counts[n]`: the cases whose answer has `n` moves.
    pub counts: Vec<usize>,
    /// The cases with no answer (sicily's `-1`: too far for the step limit).
    pub none: usize,
}

impl Histogram {
    /// Adds the cases of one answer file of `format`.
    pub fn add(&mut self, format: Format, answer: &[u8]) {
        let text = String::from_utf8_lossy(answer);
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let mut count = |length: Option<usize>| match length {
            None => self.none += 1,
            Some(n) => {
                if self.counts.len() <= n {
                    self.counts.resize(n + 1, 0);
                }
                self.counts[n] += 1;
            }
        };
        match format {
            // `-1`, `0`, or `n MOVES` per line.
            Format::Sicily => {
                for line in lines {
                    let first = line.split_whitespace().next().unwrap_or("");
                    count(first.parse::<usize>().ok());
                }
            }
            // The length, then the moves.
            Format::Msquare => {
                if let Some(first) = lines.next() {
                    count(first.trim().parse::<usize>().ok());
                }
            }
            // Per case: the moves (or "No moves needed"), then the centre digit.
            Format::Rotation => {
                while let Some(moves) = lines.next() {
                    let moves = moves.trim();
                    let all_moves = moves.bytes().all(|b| (b'A'..=b'H').contains(&b));
                    count(Some(if all_moves { moves.len() } else { 0 }));
                    lines.next();
                }
            }
        }
    }

    /// The number of cases counted.
    pub fn total(&self) -> usize {
        self.counts.iter().sum::<usize>() + self.none
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_counts_its_cases() {
        let mut h = Histogram::default();
        h.add(Format::Sicily, b"-1\n0\n2 AB\n2 BA\n");
        assert_eq!(h.counts, vec![1, 0, 2]);
        assert_eq!(h.none, 1);
        let mut h = Histogram::default();
        h.add(Format::Msquare, b"3\nABC\n");
        h.add(Format::Msquare, b"0\n\n");
        assert_eq!(h.counts, vec![1, 0, 0, 1]);
        let mut h = Histogram::default();
        h.add(Format::Rotation, b"AC\n2\nNo moves needed\n3\nA\n1\n");
        assert_eq!(h.counts, vec![1, 1, 1]);
        assert_eq!(h.total(), 3);
    }
}
