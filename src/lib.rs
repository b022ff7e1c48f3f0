//! boardjudge: prepare and judge three board-puzzle problems (Sicily 1151, USACO 3.2 Magic
//! Squares, UVA 1343 The Rotation Game).
//!
//! - [`puzzle`]: the magic board and the rotation game, pure code with exact solvers.
//! - [`mod@format`]: the three problem formats: parse inputs, write inputs and answers.
//! - [`check`]: the special checker's verdicts and messages.
//! - [`generator`]: seeded test inputs; [`validate`]: the strict input validator.
//! - [`runner`]: run a solution under limits, in parallel; build single-file solutions.
//! - [`problemset`]: judge.toml and the verified test data it builds.
//! - [`judging`]: solutions judged on the test data (a command's session, readying a
//!   solution, run, strength, stress and shrink).
//! - [`report`]: the matrix reports, as text and as an HTML page.
//! - [`export`]: packages for real judges (ICPC 2025-09, Kattis/DOMjudge, Polygon, CMS, DMOJ).
//! - [`cli`]: what the binaries share.
//! - [`text`]: outside text made safe to show (control and invisible characters escaped).

pub mod check;
pub mod cli;
pub mod export;
pub mod format;
pub mod generator;
pub mod judging;
pub mod problemset;
pub mod puzzle;
pub mod report;
pub mod runner;
pub mod text;
pub mod validate;
