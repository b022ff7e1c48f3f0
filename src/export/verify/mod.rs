//! `judge export --verify`: the judges' own tools installed here, run on the package just
//! written: problemtools' verifyproblem on a Kattis package, BAPCtools' `bt validate` then
//! `bt run` on a 2025-09 one; DMOJ's testsuite on a DMOJ folder ([`dmoj`]); on a Polygon
//! package or a CMS task, which no instance here judges, the package's own C++ checker and
//! validator compiled with g++ and run on every test and on the package's validator and
//! checker tests ([`sources`]). Each tool is found by an environment variable naming its
//! venv, or on PATH ([`tool`]). What ran and what it found goes to the caller as it happens
//! (with the tool's own report lines: verifyproblem's "Submission results" table, `bt
//! validate`'s steps, `bt run`'s verdict per submission) and into the package's README
//! ([`record_verification`]). `.ci/verify-packages` runs the real tools through it.

pub mod dmoj;
pub mod sources;
pub mod tool;

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::export::Kind;
use crate::export::readme::record_verification;
use crate::runner::sandbox::{fresh_directory, remove_tree};
use tool::{BT, Tool, VERIFYPROBLEM};

/// Why a verification did not pass.
#[derive(Debug)]
pub enum VerifyError {
    /// The kind cannot be verified here, or its tool is missing or cannot start.
    Unavailable(String),
    /// The tool found a fault in the package: what it found, and the tool's output.
    Fault {
        /// The command and what it found.
        what: String,
        /// The tool's whole output.
        log: String,
    },
    /// The package could not be read or its README written.
    Io(String),
}

/// A fresh temporary folder of this verification (never one that existed before:
/// [`fresh_directory`]), removed with what it holds when dropped.
struct Scratch(PathBuf);

impl Scratch {
    /// A new folder in the temporary directory, named after `prefix`.
    fn new(prefix: &str) -> Result<Scratch, VerifyError> {
        fresh_directory(prefix)
            .map(Scratch)
            .map_err(VerifyError::Io)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        remove_tree(&self.0);
    }
}

/// The environment variable that, set to `0`, leaves verifyproblem's `statement` part out (no
/// LaTeX needed; the README's command then shows it left out).
pub const STATEMENTS: &str = "BOARDJUDGE_VERIFY_STATEMENTS";

/// Runs the tool of `kind` on the package of `problem` in `dir` (for icpc `bt validate`, then
/// `bt run` when it passed; for polygon and cms g++ and the package's sources, [`sources`];
/// for dmoj [`dmoj::verify`], given `base`: the name and folder of the problem whose format
/// `problem` shares, when it was verified earlier in the same run), telling `say` each
/// command before it runs, what it found after, and the tool's report lines ([`report`]), and
/// records the result in the package's README.
pub fn verify(
    kind: Kind,
    problem: &str,
    dir: &Path,
    base: Option<(&str, &Path)>,
    say: &mut dyn FnMut(&str),
) -> Result<(), VerifyError> {
    let (tool, steps, cwd): (&Tool, Vec<Vec<String>>, Option<&Path>) = match kind {
        Kind::Kattis => {
            let file = dir.join(".timelimit");
            let limit = std::fs::read_to_string(&file)
                .map_err(|e| VerifyError::Io(format!("cannot read {}: {e}", file.display())))?;
            let mut args = vec!["-e".into(), "-t".into(), limit.trim().to_string()];
            args.push(dir.display().to_string());
            args.push("-p".into());
            let statement = std::env::var_os(STATEMENTS).is_none_or(|v| v != "0");
            let parts = ["config", "statement", "data", "validators", "submissions"];
            args.extend(
                (parts.iter())
                    .filter(|p| statement || **p != "statement")
                    .map(|p| p.to_string()),
            );
            (&VERIFYPROBLEM, vec![args], None)
        }
        Kind::Icpc => {
            let step = |action: &str| vec![action.to_string(), "--no-bar".to_string()];
            (&BT, vec![step("validate"), step("run")], Some(dir))
        }
        Kind::Polygon | Kind::Cms => {
            let cache = std::env::var_os(sources::CACHE).filter(|c| !c.is_empty());
            let cache = cache.as_deref().map(Path::new);
            return sources::verify(kind, problem, dir, cache, say);
        }
        Kind::Dmoj => return dmoj::verify(problem, dir, base, say),
    };
    let program = tool.locate().map_err(VerifyError::Unavailable)?;
    let version = tool.version(&program);
    let mut ran = Vec::new();
    let mut fault = None;
    for args in &steps {
        let line = format!("{} {}", tool.program, args.join(" "));
        say(&format!(
            "verify {} {problem}: {} {version}: {line}",
            kind.name(),
            tool.package
        ));
        let (status, found, log) = run(kind, problem, tool, &program, args, cwd, dir)?;
        let said = match &found {
            None => format!("passed (exit {status})"),
            Some(what) => format!("FAILED (exit {status}, {what})"),
        };
        for l in report(kind, &args[0], &log) {
            say(&format!("  {l}"));
        }
        say(&format!("verify {} {problem}: {line}: {said}", kind.name()));
        ran.push(format!("`{line}`: {said}"));
        if let Some(what) = found {
            fault = Some((format!("{line} found {what}"), log));
            break;
        }
    }
    let place = if cwd.is_some() {
        " in the package's folder"
    } else {
        ""
    };
    let result = format!(
        "`judge export --verify` ran {} {version}{place}: {}.",
        tool.package,
        ran.join("; then ")
    );
    record_verification(dir, kind, problem, &result).map_err(VerifyError::Io)?;
    match fault {
        None => Ok(()),
        Some((what, log)) => Err(VerifyError::Fault {
            what: format!("{} {problem}: {what} in {}", kind.name(), dir.display()),
            log,
        }),
    }
}

/// One run of `program` (the tool of `kind`) with `args`, in `cwd` when given, on the package
/// in `dir`: its exit status, the fault it found if any, and its output (colour codes taken
/// out).
fn run(
    kind: Kind,
    problem: &str,
    tool: &Tool,
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
    dir: &Path,
) -> Result<(String, Option<String>, String), VerifyError> {
    let mut command = Command::new(program);
    command.args(args);
    if let Some(cwd) = cwd {
        command.current_dir(cwd);
    }
    // BAPCtools remembers every problem.yaml it has seen by uuid (in XDG_CONFIG_HOME) and
    // warns when another folder holds the same uuid, as an earlier export elsewhere does: a
    // configuration folder of this run's own keeps its check to this package.
    let config = std::env::temp_dir().join(format!("boardjudge-bt-{}", std::process::id()));
    if kind == Kind::Icpc {
        std::fs::create_dir_all(&config)
            .map_err(|e| VerifyError::Io(format!("cannot make {}: {e}", config.display())))?;
        command.env("XDG_CONFIG_HOME", &config);
    }
    let out = command.output();
    if kind == Kind::Icpc {
        let _ = std::fs::remove_dir_all(&config);
    }
    let out = out.map_err(|e| {
        VerifyError::Unavailable(format!(
            "{} ({}) cannot start: {e}",
            tool.program,
            program.display()
        ))
    })?;
    // bt colours its output (it did in a CI=true run): the codes go before a line is read.
    let log = uncoloured(&format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ));
    let fault = match kind {
        // verifyproblem's own summary, warnings as errors (-e).
        Kind::Kattis => (!out.status.success()
            || !log
                .lines()
                .any(|l| l == format!("{problem} tested: 0 errors, 0 warnings")))
        .then(|| "no \"0 errors, 0 warnings\"".to_string()),
        // bt exits non-zero on an error; a warning shows as a line, refused too.
        _ if !out.status.success()
            || log.lines().any(|l| {
                ["WARNING", "ERROR", "warning:", "error:"]
                    .iter()
                    .any(|w| l.contains(w))
            }) =>
        {
            Some("an error or a warning".to_string())
        }
        // The validator's and checker's own tests (data/invalid_input and the others, from
        // cases/NAME.toml) are `bt validate`'s Invalidation step: it must have run on them.
        _ if args[0] == "validate"
            && dir.join("data/invalid_input").is_dir()
            && !log.lines().any(|l| l.starts_with("Invalidation: Done")) =>
        {
            Some("no \"Invalidation: Done\" over data/invalid_input".to_string())
        }
        _ => None,
    };
    let status = out
        .status
        .code()
        .map_or("a signal".into(), |c| c.to_string());
    Ok((status, fault, log))
}

/// The lines of a tool's `log` (from the step `action`) that tell a reader what it judged:
/// verifyproblem's "Submission results" table and summary, `bt validate`'s finished steps
/// (`Input validation: Done`, `Invalidation: Done`, ...), `bt run`'s verdict per submission
/// (`accepted/NAME: AC 0.1s @ TEST`), each without trailing blanks.
fn report<'a>(kind: Kind, action: &str, log: &'a str) -> Vec<&'a str> {
    let lines = log.lines().map(str::trim_end);
    match (kind, action) {
        (Kind::Kattis, _) => lines.skip_while(|l| *l != "Submission results:").collect(),
        (_, "validate") => lines.filter(|l| l.ends_with(": Done")).collect(),
        _ => lines
            .filter(|l| {
                [
                    "accepted/",
                    "wrong_answer/",
                    "time_limit_exceeded/",
                    "run_time_error/",
                ]
                .iter()
                .any(|d| l.starts_with(d))
            })
            .collect(),
    }
}

/// `text` without its ANSI colour codes (`ESC [ digits and semicolons m`); any other escape
/// stays.
fn uncoloured(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\u{1b}') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let code = after.strip_prefix('[').and_then(|a| {
            let end = a.find(|c: char| !(c.is_ascii_digit() || c == ';'))?;
            a[end..].starts_with('m').then(|| &a[end + 1..])
        });
        match code {
            Some(next) => rest = next,
            None => {
                out.push('\u{1b}');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_codes_go_and_other_text_stays() {
        assert_eq!(
            uncoloured("\u{1b}[36mInvalidation\u{1b}[0m: \u{1b}[32mDone\u{1b}[0m"),
            "Invalidation: Done"
        );
        assert_eq!(
            uncoloured("a\u{1b}[2Jb\u{1b}[1;32"),
            "a\u{1b}[2Jb\u{1b}[1;32"
        );
    }

    #[test]
    fn the_report_lines_of_each_tool() {
        let run = "PROBLEM p\nRun: using timelimit: 1s\naccepted/a.cpp:  AC 0.1s @ x   \n\
                   wrong_answer/b.py: WA 0.0s @ y\n";
        assert_eq!(
            report(Kind::Icpc, "run", run),
            [
                "accepted/a.cpp:  AC 0.1s @ x",
                "wrong_answer/b.py: WA 0.0s @ y"
            ]
        );
        let validate = "Invalidation: Done\nLOG: Skipping.\nInput validation: Done\n";
        assert_eq!(
            report(Kind::Icpc, "validate", validate),
            ["Invalidation: Done", "Input validation: Done"]
        );
        let vp = "loading\nSubmission results:\n   a.cpp  AC\np tested: 0 errors, 0 warnings\n";
        assert_eq!(
            report(Kind::Kattis, "-e", vp),
            [
                "Submission results:",
                "   a.cpp  AC",
                "p tested: 0 errors, 0 warnings"
            ]
        );
    }
}
