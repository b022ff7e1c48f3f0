//! The `judge` commands, one file each: its arguments turned into a call of its session
//! ([`crate::session`], or the library for `build`), and the report printed (tables, colour
//! on a terminal, progress bars, JSON), with its exit code. What several share is in
//! [`output`].

pub mod build;
pub mod check;
pub mod export;
pub mod languages;
pub mod list;
pub mod output;
pub mod run;
pub mod strength;
pub mod stress;
pub mod validate;
