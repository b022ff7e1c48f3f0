//! Every solution of a set on every test of its problem, with no early stop: the runs behind
//! the matrices of `judge strength --matrix` and `judge run` with several solutions. The
//! (solution, test) cells spread over the workers, their time verdicts confirmed ([`cells`]);
//! the shipped solutions, each judged against its declared outcome, with the time-limit probe
//! of the intended-TLE ones ([`shipped`]); the solutions given on the command line, built and
//! judged as `judge run` judges one ([`given`]). The results are rendered by `report`.

pub mod cells;
pub mod given;
pub mod shipped;
