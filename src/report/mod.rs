//! The matrix reports: every solution on every test ([`cells`]), for `judge strength
//! --matrix` the shipped solutions ([`matrix`]) with what each test is worth ([`worth`]) and
//! the time-limit advice ([`advice`]), for `judge run` the solutions given on its command line
//! ([`given`]); the answer lengths of the data ([`histogram`]); printed as a table ([`text`])
//! or written as one self-contained HTML page ([`html`]); the runs as they finish, and what
//! finished when the judge is interrupted ([`live`]).

pub mod advice;
pub mod cells;
pub mod given;
pub mod histogram;
pub mod html;
pub mod live;
pub mod matrix;
pub mod text;
pub mod worth;
