//! The id of a failing cell's message on the page, which its cell and the row of first
//! failures link to.

/// The id of the message of solution `row`'s failure on test `test` (indices) of the page's
/// problem `p`.
pub(super) fn anchor(p: usize, row: usize, test: usize) -> String {
    format!("d-{p}-{row}-{test}")
}
