//! Code shared by the integration tests (and, `ida` and `rng`, by the solve benchmark). Each
//! test binary uses a part of it, so unused items are allowed here.
#![allow(dead_code)]
pub mod cli;
pub mod ida;
pub mod need;
pub mod readme;
pub mod rng;
