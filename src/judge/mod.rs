//! The problem set as a whole: `judge.toml` ([`plan`]), building and verifying the test data
//! ([`build`]), judging solutions on it ([`run`], [`strength`], [`stress`], [`regression`]),
//! judging one output as `judge run` would ([`check`]), packages for real judges ([`export`]),
//! writing files safely ([`files`]) and checking the test data against what the build
//! recorded ([`manifest`]).

pub mod build;
pub mod check;
pub mod export;
pub mod files;
pub mod manifest;
pub mod plan;
pub mod regression;
pub mod report;
pub mod run;
pub mod strength;
pub mod stress;
