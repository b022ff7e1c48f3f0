//! A shipped solution as a judge gets it, where boardjudge builds it otherwise than that
//! judge: its language standard (judge.toml's `std`), `ONLINE_JUDGE` (which boardjudge defines),
//! and Java's public class and `package` line (boardjudge runs the class with `main`, in its
//! package, whatever the file's name; problemtools and BAPCtools run the class named like the
//! file, and DMOJ refuses a `package` line). [`exported`] leaves a solution out when the judge
//! cannot build it, and adapts the copy, with a note saying how, when a line fixes it.

use crate::export::{ExportError, FILE_IO_LEFT_OUT, Source};
use crate::problemset::plan::SolutionPlan;
use crate::runner::java::public_class;
use crate::runner::language::{self, Standard};

/// How a judge builds C, C++ and Java, as far as [`exported`] needs to know.
#[derive(Clone, Copy)]
pub struct Judge {
    /// Its name in the notes: `problemtools`.
    pub name: &'static str,
    /// Whether it builds C and C++ with `ONLINE_JUDGE` defined.
    pub defines_online_judge: bool,
    /// Whether it can build a solution as `standard` (named in judge.toml).
    pub offers: fn(&Standard) -> bool,
    /// What it does with a Java source, for the note of one adapted: `runs the class named
    /// like the file, in no package`.
    pub java: &'static str,
}

/// A shipped solution as a judge gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// Its file name in the package.
    pub file: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// How the copy differs from the shipped file, if it does.
    pub note: Option<String>,
}

/// No standard but the default: a judge whose package names one compiler line per language.
pub fn default_only(_: &Standard) -> bool {
    false
}

/// The lines put before a C or C++ source that tests `ONLINE_JUDGE`, for a judge that does not
/// define it.
const DEFINE_ONLINE_JUDGE: &str = "// Added by `judge export`: this judge does not define \
    ONLINE_JUDGE, which the judges this solution\n// was written for define.\n\
    #ifndef ONLINE_JUDGE\n#define ONLINE_JUDGE 1\n#endif\n";

/// `s` as `judge` gets it: `Ok` with its file name, bytes and what was changed; `Err(why)`
/// when the judge cannot build it (a standard it does not offer) or the solution reads and writes the problem's files (`file_io`). A C or C++ source that tests
/// `ONLINE_JUDGE`, for a judge that does not define it, gets the definition in its first lines;
/// a Java source with a `package` line, or whose public class is not named like the file, is
/// exported as CLASS.java with the `package` line commented out.
pub fn exported(
    source: &Source,
    s: &SolutionPlan,
    judge: Judge,
) -> Result<Result<Exported, String>, ExportError> {
    // A problem of the files alone is exported only where the files are carried.
    if s.file_io && !source.problem.files.only {
        return Ok(Err(FILE_IO_LEFT_OUT.to_string()));
    }
    let path = s.path.display();
    let file = (s.path.file_name().and_then(|f| f.to_str()))
        .ok_or_else(|| ExportError(format!("{path}: no file name")))?;
    if let Some(standard) = s.standard.filter(|st| !(judge.offers)(st)) {
        return Ok(Err(format!(
            "it builds as {} (judge.toml's std), which the package's {} compiler line does not",
            standard.name, judge.name
        )));
    }
    let bytes = source.read(&s.path)?;
    let language = language::of(&s.path).map(|l| l.id);
    let text = String::from_utf8_lossy(&bytes);
    if matches!(language, Some("c" | "cpp"))
        && !judge.defines_online_judge
        && text.contains("ONLINE_JUDGE")
    {
        return Ok(Ok(Exported {
            file: file.to_string(),
            bytes: [DEFINE_ONLINE_JUDGE.as_bytes(), &bytes].concat(),
            note: Some(format!(
                "{path}: {} does not define ONLINE_JUDGE, which it tests: the copy defines \
                 it in its first lines",
                judge.name
            )),
        }));
    }
    if language == Some("java") {
        let stem = file.strip_suffix(".java").unwrap_or(file);
        let class = public_class(&text);
        let mut package = false;
        let lines: Vec<String> = (text.lines())
            .map(|line| {
                let declared = line.trim_start().starts_with("package ")
                    && line.trim_end().ends_with(';')
                    && !package;
                package |= declared;
                match declared {
                    true => format!("// {line} (commented out by `judge export`)"),
                    false => line.to_string(),
                }
            })
            .collect();
        let renamed = class.as_deref().filter(|c| *c != stem);
        if package || renamed.is_some() {
            let file = format!("{}.java", renamed.unwrap_or(stem));
            let change = match (renamed.is_some(), package) {
                (true, true) => format!(
                    "is named {file}, after its public class, and its package line is \
                     commented out"
                ),
                (true, false) => format!("is named {file}, after its public class"),
                (false, _) => "has its package line commented out".to_string(),
            };
            return Ok(Ok(Exported {
                note: Some(format!(
                    "{path}: {} {}: the copy {change}",
                    judge.name, judge.java
                )),
                file,
                bytes: format!("{}\n", lines.join("\n")).into_bytes(),
            }));
        }
    }
    Ok(Ok(Exported {
        file: file.to_string(),
        bytes,
        note: None,
    }))
}
