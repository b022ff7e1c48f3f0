//! The problem set as a whole: `judge.toml` ([`plan`]), building and verifying the test data
//! ([`build`]), and writing files safely ([`files`]).

pub mod build;
pub mod files;
pub mod plan;
