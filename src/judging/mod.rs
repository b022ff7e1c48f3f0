//! Solutions judged on the test data: one solution on every test ([`run`]), one output
//! judged as `judge run` would ([`check`]), every shipped solution against its declared
//! outcome ([`strength`]), seeded random tests until one fails ([`stress`]) with the failure
//! shrunk to a minimal input ([`shrink`]), and a failing input saved as a test
//! ([`regression`]).

pub mod check;
pub mod failure;
pub mod regression;
pub mod run;
pub mod shrink;
pub mod strength;
pub mod stress;
