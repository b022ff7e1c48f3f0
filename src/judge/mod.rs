//! The problem set as a whole: `judge.toml` ([`plan`]), building and verifying the test data
//! ([`build`], with generators of one's own: [`program_generator`]), judging solutions on it
//! ([`run`], [`strength`], [`stress`] and its [`shrink`], [`regression`]),
//! judging one output as `judge run` would ([`check`]), packages for real judges ([`export`]),
//! writing files safely ([`files`]), checking the test data against what the build
//! recorded ([`manifest`]), the names of groups and tests ([`names`]) and choosing tests by
//! group, name or glob ([`select`]); the `judge` commands from their options to their
//! reports ([`session`]).

pub mod build;
pub mod check;
pub mod export;
pub mod files;
pub mod manifest;
pub mod names;
pub mod plan;
pub mod program_generator;
pub mod regression;
pub mod report;
pub mod run;
pub mod select;
pub mod session;
pub mod shrink;
pub mod strength;
pub mod stress;
