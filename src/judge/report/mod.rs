//! The report of `judge strength --matrix`: every solution on every test ([`matrix`]), what
//! each test is worth ([`worth`]), the time-limit advice ([`advice`]), the answer lengths of
//! the data ([`histogram`]), printed as a table ([`text`]) or written as one self-contained
//! HTML page ([`html`]).

pub mod advice;
pub mod histogram;
pub mod html;
pub mod matrix;
pub mod text;
pub mod worth;
