//! A checked, fully resolved generator request: every option the strategy takes has its
//! value (defaults filled in), and nothing else is set. Its canonical text keys the random
//! stream.

use super::GenArgs;
use super::strategy::{Opt, Strategy, strategies};
use crate::format::Format;
use crate::puzzle::{magic, rotation};

/// Candidates examined by `many-solutions` when `--pool` is not given.
pub const DEFAULT_POOL: u32 = 100;

/// Tied digits wanted by `ties` when `--digits` is not given.
pub const DEFAULT_DIGITS: u8 = 2;

/// A resolved request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The format.
    pub format: Format,
    /// The strategy.
    pub strategy: Strategy,
    /// The seed.
    pub seed: u64,
    /// Cases to write (1 for msquare).
    pub cases: u32,
    /// `--distance`, where taken.
    pub distance: Option<u8>,
    /// `--limit`, where given.
    pub limit: Option<u32>,
    /// `--index`, where given.
    pub index: Option<u8>,
    /// `--centre`, where given.
    pub centre: Option<u8>,
    /// `--digits` (with its default) for `ties`.
    pub digits: Option<u8>,
    /// `--pool` (with its default) for `many-solutions`.
    pub pool: Option<u32>,
}

impl Plan {
    /// Checks `args` against the strategy's rules and fills in the defaults.
    pub fn resolve(args: &GenArgs) -> Result<Plan, String> {
        let (format, strategy) = (args.format, args.strategy);
        if !strategy.formats().contains(&format) {
            let valid: Vec<&str> = strategies(format).iter().map(|s| s.name()).collect();
            return Err(format!(
                "strategy '{strategy}' does not apply to {format}; the strategies for {format} \
                 are: {}",
                valid.join(", ")
            ));
        }
        let accepted = strategy.options(format);
        let given = [
            (Opt::Cases, args.cases.is_some()),
            (Opt::Distance, args.distance.is_some()),
            (Opt::Limit, args.limit.is_some()),
            (Opt::Index, args.index.is_some()),
            (Opt::Centre, args.centre.is_some()),
            (Opt::Digits, args.digits.is_some()),
            (Opt::Pool, args.pool.is_some()),
        ];
        for (opt, present) in given {
            if present && !accepted.contains(&opt) {
                let takes: Vec<&str> = accepted.iter().map(|o| o.flag()).collect();
                let takes = if takes.is_empty() {
                    "no options besides --seed".to_string()
                } else {
                    takes.join(", ")
                };
                return Err(format!(
                    "{} does not apply to {format} --strategy {strategy} (it takes {takes})",
                    opt.flag()
                ));
            }
        }
        let max_distance = match format {
            Format::Rotation => rotation::MAX_DISTANCE,
            _ => magic::MAX_DISTANCE,
        };
        if let Some(d) = args.distance
            && d > max_distance
        {
            return Err(format!(
                "--distance {d} is out of range: {format} boards are at distance 0..={max_distance}"
            ));
        }
        if strategy == Strategy::Distance && args.distance.is_none() {
            return Err(format!(
                "{format} --strategy distance needs --distance D (0..={max_distance})"
            ));
        }
        let default_cases = match (format, strategy) {
            (Format::Msquare, _) => 1,
            (_, Strategy::All) => magic::BOARD_COUNT as u32,
            (Format::Sicily, Strategy::MaxDistance) if args.index.is_none() => 5,
            (Format::Rotation, Strategy::MaxDistance) => 192,
            (_, Strategy::Solved) if args.centre.is_none() => 3,
            _ => 1,
        };
        Ok(Plan {
            format,
            strategy,
            seed: args.seed,
            cases: args.cases.unwrap_or(default_cases),
            distance: args.distance,
            limit: args.limit,
            index: args.index,
            centre: args.centre,
            digits: (strategy == Strategy::Ties).then(|| args.digits.unwrap_or(DEFAULT_DIGITS)),
            pool: (strategy == Strategy::ManySolutions).then(|| args.pool.unwrap_or(DEFAULT_POOL)),
        })
    }

    /// The text whose SHA-256 keys the random stream: one `key=value` line each for the
    /// version of the scheme, the format, the strategy, the seed and every option, with `-`
    /// for an option that is not set. Two requests that differ only in how they are spelled
    /// (order of options, a default written out) get the same text.
    pub fn canonical(&self) -> String {
        fn show<T: ToString>(v: Option<T>) -> String {
            v.map_or_else(|| "-".to_string(), |v| v.to_string())
        }
        format!(
            "boardjudge-gen=1\nformat={}\nstrategy={}\nseed={}\ncases={}\ndistance={}\n\
             limit={}\nindex={}\ncentre={}\ndigits={}\npool={}\n",
            self.format,
            self.strategy,
            self.seed,
            self.cases,
            show(self.distance),
            show(self.limit),
            show(self.index),
            show(self.centre),
            show(self.digits),
            show(self.pool),
        )
    }
}
