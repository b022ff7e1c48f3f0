//! boardjudge: prepare and judge three board-puzzle problems (Sicily 1151, USACO 3.2 Magic
//! Squares, UVA 1343 The Rotation Game).
//!
//! - [`puzzle`]: the magic board and the rotation game, pure code with exact solvers.
//! - [`format`]: the three problem formats: parse inputs, write answers.
//! - [`runner`]: run a solution under limits, in parallel; build single-file solutions.

pub mod cli;
pub mod format;
pub mod puzzle;
pub mod runner;
