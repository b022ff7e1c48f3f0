//! boardjudge: prepare and judge three board-puzzle problems (Sicily 1151, USACO 3.2 Magic
//! Squares, UVA 1343 The Rotation Game).
//!
//! - [`puzzle`]: the magic board and the rotation game, pure code with exact solvers.
//! - [`mod@format`]: the three problem formats: parse inputs, write inputs and answers.
//! - [`check`]: the special checker's verdicts and messages.
//! - [`generator`]: seeded test inputs; [`validate`]: the strict input validator.
//! - [`runner`]: run a solution under limits, in parallel; build single-file solutions.
//! - [`judge`]: judge.toml, the test data built from it, and solutions judged on it.
//! - [`cli`]: what the binaries share.

pub mod check;
pub mod cli;
pub mod format;
pub mod generator;
pub mod judge;
pub mod puzzle;
pub mod runner;
pub mod validate;
