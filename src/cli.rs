//! Pieces shared by the command-line tools: naming formats on the command line and opening
//! inputs.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::format::Format;

impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &Format::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Format::Sicily => "Sicily 1151: cases of N and a board row by row, ending with -1",
            Format::Msquare => "USACO 3.2 Magic Squares / Luogu P2730: one board, clockwise",
            Format::Rotation => "UVA 1343 The Rotation Game: boards of 24 digits, ending with 0",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// An opened input and the name to use for it in messages.
pub struct Input {
    /// The bytes.
    pub reader: Box<dyn BufRead>,
    /// The path, or `<stdin>`.
    pub name: String,
}

/// Opens `path`, or standard input when it is `None` or `-`.
pub fn open_input(path: Option<&Path>) -> io::Result<Input> {
    match path {
        None => Ok(stdin_input()),
        Some(p) if p == Path::new("-") => Ok(stdin_input()),
        Some(p) => {
            let file = File::open(p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
            Ok(Input {
                reader: Box::new(BufReader::with_capacity(1 << 16, file)),
                name: p.display().to_string(),
            })
        }
    }
}

fn stdin_input() -> Input {
    Input {
        reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        name: "<stdin>".into(),
    }
}
