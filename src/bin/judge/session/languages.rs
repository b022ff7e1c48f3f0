//! `judge languages`: each language solutions may be written in, and whether its toolchain
//! is installed here ([`boardjudge::runner::language`]).

use serde::Serialize;
use serde::ser::SerializeStruct;

use boardjudge::runner::language::{self, Language};

/// A language and its toolchain here. Its JSON is an entry of `judge languages --json`: id,
/// name, extensions, compile and run commands, present, version and the missing tool.
pub struct Toolchain {
    /// The language.
    pub language: &'static Language,
    /// The toolchain's version, when it is present.
    pub version: Option<String>,
    /// The first tool that is not on `PATH`, if any.
    pub missing: Option<&'static str>,
}

impl Serialize for Toolchain {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let l = self.language;
        let mut s = serializer.serialize_struct("Toolchain", 8)?;
        s.serialize_field("id", l.id)?;
        s.serialize_field("name", l.name)?;
        s.serialize_field("extensions", l.extensions)?;
        s.serialize_field("compile", l.compile)?;
        s.serialize_field("run", l.run)?;
        s.serialize_field("present", &self.missing.is_none())?;
        s.serialize_field("version", &self.version)?;
        s.serialize_field("missing", &self.missing)?;
        s.end()
    }
}

/// Every language, in [`language::ALL`]'s order. Its JSON is `judge languages --json`'s.
#[derive(Serialize)]
pub struct Report {
    /// The languages.
    pub languages: Vec<Toolchain>,
}

/// Looks for every language's toolchain.
pub fn run() -> Report {
    Report {
        languages: language::ALL
            .iter()
            .map(|l| Toolchain {
                language: l,
                version: l.toolchain_version(),
                missing: language::missing_tool(l.tools),
            })
            .collect(),
    }
}
