//! Code shared by the integration tests and the benchmark.
pub mod ida;
pub mod rng;
