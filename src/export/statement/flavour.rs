//! The two ways the exports typeset a statement: Polygon's olymp.sty and problemtools'
//! problem class.

/// How a statement is typeset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    /// Polygon's olymp.sty: pictures centred, the constraints and what contestants see as
    /// `\paragraph`s of the input and the notes.
    Polygon,
    /// problemtools' problem class (Kattis, DOMjudge, ICPC 2025-09, BAPCtools): pictures as
    /// `\illustration`, the parts as `\section*` (the constraints a `\subsection*` of the input).
    Problemtools,
}
