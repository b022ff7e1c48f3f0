//! Solutions judged on the test data: one solution on every test ([`run`]: a test's verdict and
//! result in [`verdict`], time verdicts confirmed by re-runs in [`confirm`]), one output
//! judged as `judge run` would ([`check`]), every shipped solution against its declared
//! outcome ([`strength`]), every solution of a set on every test with no early stop, for the
//! matrices ([`matrix_runs`]), seeded random tests until one fails ([`stress`]) with the failure
//! shrunk to a minimal input ([`shrink`]), and a failing input saved as a test
//! ([`regression`]).

pub mod check;
pub mod confirm;
pub mod failure;
pub mod matrix_runs;
pub mod ready;
pub mod regression;
pub mod run;
pub mod session;
pub mod shrink;
pub mod strength;
pub mod stress;
pub mod verdict;
