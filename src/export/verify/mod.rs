//! `judge export --verify`: the judges' own tools installed here, run on the package just
//! written: problemtools' verifyproblem on a Kattis package, BAPCtools' `bt validate` then
//! `bt run` on a 2025-09 one; DMOJ's testsuite on a DMOJ folder ([`dmoj`]); on a Polygon
//! package or a CMS task, which no instance here judges, the package's own C++ checker and
//! validator compiled with g++ and run on every test and on the package's validator and
//! checker tests ([`sources`]). Each tool is found by an environment variable naming its
//! venv, or on PATH ([`tool`]). What ran and what it found goes to the caller as it happens
//! and into the package's README ([`record_verification`]).

pub mod dmoj;
pub mod sources;
pub mod tool;

use std::path::Path;
use std::process::Command;

use crate::export::Kind;
use crate::export::readme::record_verification;
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

/// Runs the tool of `kind` on the package of `problem` in `dir` (for icpc `bt validate`, then
/// `bt run` when it passed; for polygon and cms g++ and the package's sources, [`sources`];
/// for dmoj [`dmoj::verify`], given `base`: the name and folder of the problem whose format
/// `problem` shares, when it was verified earlier in the same run), telling `say` each
/// command before it runs and what it found after, and records the result in the package's
/// README.
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
            args.extend(
                ["config", "statement", "data", "validators", "submissions"].map(String::from),
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
        let (status, found, log) = run(kind, problem, tool, &program, args, cwd)?;
        let said = match &found {
            None => format!("passed (exit {status})"),
            Some(what) => format!("FAILED (exit {status}, {what})"),
        };
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
        "Verified when it was exported: `judge export --verify` ran {} {version}{place}: {}.",
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

/// One run of `program` (the tool of `kind`) with `args`, in `cwd` when given: its exit
/// status, the fault it found if any, and its output.
fn run(
    kind: Kind,
    problem: &str,
    tool: &Tool,
    program: &Path,
    args: &[String],
    cwd: Option<&Path>,
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
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let fault = match kind {
        // verifyproblem's own summary, warnings as errors (-e).
        Kind::Kattis => (!out.status.success()
            || !log
                .lines()
                .any(|l| l == format!("{problem} tested: 0 errors, 0 warnings")))
        .then(|| "no \"0 errors, 0 warnings\"".to_string()),
        // bt exits non-zero on an error; a warning shows as a line that .ci/verify-packages
        // refuses too.
        _ => (!out.status.success()
            || log.lines().any(|l| {
                ["WARNING", "ERROR", "warning:", "error:"]
                    .iter()
                    .any(|w| l.contains(w))
            }))
        .then(|| "an error or a warning".to_string()),
    };
    let status = out
        .status
        .code()
        .map_or("a signal".into(), |c| c.to_string());
    Ok((status, fault, log))
}
