//! The two puzzles, as pure code: boards, moves and precomputed exact solvers. No I/O.

pub mod magic;
pub mod rotation;
