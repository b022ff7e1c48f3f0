//! The strategies of `gen`: their names, one-line descriptions, the formats they serve, and
//! the options each accepts.

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::format::Format;

/// How the cases of a generated input are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Uniform random boards.
    Uniform,
    /// Boards uniform among those at an exact distance (`--distance`).
    Distance,
    /// Boards at the maximum distance (magic board: the 5 at 22; rotation: the 192 at 13).
    MaxDistance,
    /// The start board (magic board).
    Start,
    /// Every one of the 40,320 magic boards once, in seeded order (sicily).
    All,
    /// Sicily: uniform boards with N equal to their distance.
    LimitExact,
    /// Sicily: uniform boards other than the start with N one below their distance (`-1`).
    LimitBelow,
    /// Sicily: uniform boards other than the start with N = 0 (`-1`).
    LimitZero,
    /// Sicily: uniform boards with N far above the distance, up to 10^9.
    LimitFar,
    /// Sicily: the start board with N = 0 (answer `0`).
    StartZero,
    /// Rotation: boards already solved, each centre digit in turn (`--centre` fixes one).
    Solved,
    /// Rotation: boards where two or three digits (`--digits`) tie at the minimal distance.
    Ties,
    /// Rotation: the board with the most shortest solutions in a pool of candidates.
    ManySolutions,
}

/// An option of `gen` besides the format, the seed and the strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    /// `--cases K`.
    Cases,
    /// `--distance D`.
    Distance,
    /// `--limit N`.
    Limit,
    /// `--index I`.
    Index,
    /// `--centre C`.
    Centre,
    /// `--digits K`.
    Digits,
    /// `--pool P`.
    Pool,
}

impl Opt {
    /// The option as written on the command line, e.g. `--cases`.
    pub fn flag(self) -> &'static str {
        match self {
            Opt::Cases => "--cases",
            Opt::Distance => "--distance",
            Opt::Limit => "--limit",
            Opt::Index => "--index",
            Opt::Centre => "--centre",
            Opt::Digits => "--digits",
            Opt::Pool => "--pool",
        }
    }
}

impl Strategy {
    /// Every strategy, in the order of `--help`.
    pub const ALL: [Strategy; 13] = [
        Strategy::Uniform,
        Strategy::Distance,
        Strategy::MaxDistance,
        Strategy::Start,
        Strategy::All,
        Strategy::LimitExact,
        Strategy::LimitBelow,
        Strategy::LimitZero,
        Strategy::LimitFar,
        Strategy::StartZero,
        Strategy::Solved,
        Strategy::Ties,
        Strategy::ManySolutions,
    ];

    /// The strategy's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Uniform => "uniform",
            Strategy::Distance => "distance",
            Strategy::MaxDistance => "max-distance",
            Strategy::Start => "start",
            Strategy::All => "all",
            Strategy::LimitExact => "limit-exact",
            Strategy::LimitBelow => "limit-below",
            Strategy::LimitZero => "limit-zero",
            Strategy::LimitFar => "limit-far",
            Strategy::StartZero => "start-zero",
            Strategy::Solved => "solved",
            Strategy::Ties => "ties",
            Strategy::ManySolutions => "many-solutions",
        }
    }

    /// One line for `--help` and listings.
    pub fn summary(self) -> &'static str {
        match self {
            Strategy::Uniform => {
                "uniform random boards (sicily: N uniform in 0..=30) [all formats]"
            }
            Strategy::Distance => {
                "boards uniform among those at distance --distance D (magic 0..=22, rotation \
                 0..=13) [all formats]"
            }
            Strategy::MaxDistance => {
                "the boards at the maximum distance, in seeded order: the 5 magic boards at 22 \
                 (--index 1..=5 picks one), the 192 rotation boards at 13 [all formats]"
            }
            Strategy::Start => "the start board 1 2 3 4 / 8 7 6 5 [sicily, msquare]",
            Strategy::All => "all 40,320 boards once, in seeded order [sicily]",
            Strategy::LimitExact => "uniform boards, N = their distance [sicily]",
            Strategy::LimitBelow => {
                "uniform boards but the start, N = distance - 1: answer -1 [sicily]"
            }
            Strategy::LimitZero => "uniform boards but the start, N = 0: answer -1 [sicily]",
            Strategy::LimitFar => "uniform boards, N uniform in 22..=10^9 [sicily]",
            Strategy::StartZero => "the start board with N = 0: answer 0 [sicily]",
            Strategy::Solved => {
                "solved boards, centre digits 1, 2, 3 in seeded order (--centre C fixes one) \
                 [rotation]"
            }
            Strategy::Ties => {
                "uniform boards on which exactly --digits K (2 or 3) digits reach the goal in \
                 the fewest moves [rotation]"
            }
            Strategy::ManySolutions => {
                "of --pool P candidates (uniform, or at --distance D), the board with the most \
                 shortest solutions [rotation]"
            }
        }
    }

    /// The formats the strategy serves.
    pub fn formats(self) -> &'static [Format] {
        use Format::{Msquare, Rotation, Sicily};
        match self {
            Strategy::Uniform | Strategy::Distance | Strategy::MaxDistance => {
                &[Sicily, Msquare, Rotation]
            }
            Strategy::Start => &[Sicily, Msquare],
            Strategy::All
            | Strategy::LimitExact
            | Strategy::LimitBelow
            | Strategy::LimitZero
            | Strategy::LimitFar
            | Strategy::StartZero => &[Sicily],
            Strategy::Solved | Strategy::Ties | Strategy::ManySolutions => &[Rotation],
        }
    }

    /// The options the strategy accepts for `format`.
    pub fn options(self, format: Format) -> Vec<Opt> {
        let mut opts = Vec::new();
        if format != Format::Msquare && self != Strategy::All {
            opts.push(Opt::Cases);
        }
        let magic = format != Format::Rotation;
        match self {
            Strategy::Distance => opts.push(Opt::Distance),
            Strategy::MaxDistance if magic => opts.push(Opt::Index),
            Strategy::Solved => opts.push(Opt::Centre),
            Strategy::Ties => opts.push(Opt::Digits),
            Strategy::ManySolutions => opts.extend([Opt::Distance, Opt::Pool]),
            _ => {}
        }
        let own_limit = matches!(
            self,
            Strategy::LimitExact
                | Strategy::LimitBelow
                | Strategy::LimitZero
                | Strategy::LimitFar
                | Strategy::StartZero
        );
        if format == Format::Sicily && !own_limit {
            opts.push(Opt::Limit);
        }
        opts
    }
}

/// The strategies that serve `format`, in the order of `--help`.
pub fn strategies(format: Format) -> Vec<Strategy> {
    Strategy::ALL
        .into_iter()
        .filter(|s| s.formats().contains(&format))
        .collect()
}

impl ValueEnum for Strategy {
    fn value_variants<'a>() -> &'a [Self] {
        &Strategy::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.summary()))
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
