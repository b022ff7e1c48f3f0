//! The reports: results turned into text, HTML and live lines; nothing here runs a program.
//! The matrix of a problem from the results of its runs ([`matrix`]), with what each test is
//! worth ([`worth`]) and the time-limit advice ([`advice`]); the answer lengths of the data
//! ([`histogram`]); printed as a table ([`text`]) or written as one self-contained HTML page
//! ([`html`]); the runs as they finish, and what finished when the judge is interrupted
//! ([`live`]).

pub mod advice;
pub mod histogram;
pub mod html;
pub mod live;
pub mod matrix;
pub mod text;
pub mod worth;
