//! The checker's options: which answers count as right, and msquare's wrap width.

use std::fmt;
use std::str::FromStr;

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::format::Format;
use crate::format::msquare::WRAP;

/// Which sequences are accepted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Only the lexicographically smallest shortest sequence (what USACO's and UVa's judges
    /// demand).
    #[default]
    LexSmallest,
    /// Any shortest sequence.
    AnyShortest,
    /// Any sequence of at most N operations that reaches the target (sicily only: what
    /// Sicily 1151's special judge accepted).
    AnyWithinLimit,
}

impl Order {
    /// All orders.
    pub const ALL: [Order; 3] = [
        Order::LexSmallest,
        Order::AnyShortest,
        Order::AnyWithinLimit,
    ];

    /// The name on the command line: `lex-smallest`, `any-shortest`, `any-within-limit`.
    pub fn name(self) -> &'static str {
        match self {
            Order::LexSmallest => "lex-smallest",
            Order::AnyShortest => "any-shortest",
            Order::AnyWithinLimit => "any-within-limit",
        }
    }

    /// What the jury answer must satisfy under this order: it is always shortest, and the
    /// smallest when contestants must print the smallest.
    pub fn for_jury(self) -> Order {
        match self {
            Order::LexSmallest => Order::LexSmallest,
            Order::AnyShortest | Order::AnyWithinLimit => Order::AnyShortest,
        }
    }

    /// What an accepted output was found to be.
    pub(super) fn promise(self) -> &'static str {
        match self {
            Order::LexSmallest => "shortest and lexicographically smallest",
            Order::AnyShortest => "shortest",
            Order::AnyWithinLimit => "within the step limits",
        }
    }

    /// How the expected answer shown in a message relates to the accepted ones.
    pub(super) fn expected_kind(self) -> &'static str {
        match self {
            Order::LexSmallest => "the only right answer",
            Order::AnyShortest | Order::AnyWithinLimit => "one right answer",
        }
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Order {
    type Err = String;

    fn from_str(s: &str) -> Result<Order, String> {
        Order::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown order '{s}': expected lex-smallest, any-shortest or any-within-limit"
                )
            })
    }
}

impl ValueEnum for Order {
    fn value_variants<'a>() -> &'a [Self] {
        &Order::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Order::LexSmallest => "only the lexicographically smallest shortest sequence",
            Order::AnyShortest => "any shortest sequence",
            Order::AnyWithinLimit => "sicily only: any sequence of at most N operations",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// Reads `--wrap N` as `check` and the exported C++ checker both do: decimal digits only (no
/// sign, no space), at most `usize::MAX`. Zero is read here and refused by
/// [`CheckOptions::validate`].
pub fn parse_wrap(value: &str) -> Result<usize, String> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("a number (digits only) is needed, not \"{value}\""));
    }
    value
        .parse()
        .map_err(|_| format!("{value} is too large (the most is {})", usize::MAX))
}

/// The checker's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// Which sequences are accepted.
    pub order: Order,
    /// msquare: characters per line of the sequence (every line but the last).
    pub wrap: usize,
}

impl Default for CheckOptions {
    /// Lexicographically smallest, wrapped at 60: USACO's and UVa's rules (judge.toml gives
    /// sicily Sicily's own, any-within-limit).
    fn default() -> CheckOptions {
        CheckOptions {
            order: Order::LexSmallest,
            wrap: WRAP,
        }
    }
}

impl CheckOptions {
    /// Refuses options that make no sense for `format`.
    pub fn validate(&self, format: Format) -> Result<(), String> {
        if self.order == Order::AnyWithinLimit && format != Format::Sicily {
            return Err(format!(
                "--order any-within-limit needs a step limit: it is for sicily only, not {format}"
            ));
        }
        if self.wrap == 0 {
            return Err("--wrap must be at least 1".into());
        }
        Ok(())
    }
}
