//! The problem set: `judge.toml` ([`plan`]) and the verified test data it builds ([`build`],
//! with generators of one's own: [`program_generator`]); `judge build` as a whole, writing or
//! checking the data ([`update`]), the files no build wrote moved to the [`trash`]; writing
//! files safely ([`files`]), checking the test data against what the build recorded
//! ([`manifest`]), the names of groups and tests ([`names`]) and choosing tests by group,
//! name or glob ([`select`]); the shipped solutions' outcomes ([`expected`]) and the
//! solutions declared by their verdict folder ([`folders`]); the file of each problem's
//! validator and checker cases that judge.toml names ([`cases_file`]); today's date in UTC
//! ([`clock`]).

pub mod build;
pub mod cases_file;
pub mod clock;
pub mod expected;
pub mod files;
pub mod folders;
pub mod manifest;
pub mod names;
pub mod plan;
pub mod program_generator;
pub mod select;
pub mod trash;
pub mod update;
