//! A test a solution fails, found by [`crate::judging::stress`] and made smaller by
//! [`crate::judging::shrink`]: its input, the jury answer ([`answer_for`]) and what the
//! solution did.

use crate::format::Format;
use crate::judging::run::TestResult;
use crate::problemset::build::solve_input;

/// A test the solution fails.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The test's input.
    pub input: Vec<u8>,
    /// The expected output.
    pub answer: Vec<u8>,
    /// What the solution did on it.
    pub result: TestResult,
}

/// The expected output of an input (which must be valid).
pub fn answer_for(format: Format, input: &[u8]) -> Result<Vec<u8>, String> {
    solve_input(format, usize::MAX, input)
        .map(|(answer, _, _)| answer)
        .map_err(|e| e.to_string())
}
