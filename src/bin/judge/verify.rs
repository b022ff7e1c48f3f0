//! `judge export --verify`: the judges' own tools installed here, run on the package just
//! written: problemtools' verifyproblem on a Kattis package, BAPCtools' `bt validate` then
//! `bt run` on a 2025-09 one. Each tool is found by an environment variable naming its venv, or on PATH.

use std::path::{Path, PathBuf};
use std::process::Command;

use boardjudge::export::Kind;
use boardjudge::export::readme::record_verification;

use crate::common::Stop;

/// A tool `--verify` runs: its name on PATH, the variable naming its venv, its package.
struct Tool {
    program: &'static str,
    variable: &'static str,
    package: &'static str,
}

const VERIFYPROBLEM: Tool = Tool {
    program: "verifyproblem",
    variable: "BOARDJUDGE_PROBLEMTOOLS",
    package: "problemtools",
};

const BT: Tool = Tool {
    program: "bt",
    variable: "BOARDJUDGE_BAPCTOOLS",
    package: "bapctools",
};

/// Why `kind` cannot be verified here, or `None` when `--verify` can verify it.
pub fn cannot_verify(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Kattis | Kind::Icpc => None,
        Kind::Polygon => Some("polygon packages are not verifiable here (no Polygon instance)"),
        Kind::Cms => Some("cms tasks are not verifiable here (no CMS instance)"),
        Kind::Dmoj => Some(
            "dmoj folders are not verifiable here yet (`judge export --verify` does not run DMOJ's testsuite)",
        ),
    }
}

/// The program of `tool`: `$VARIABLE/bin/PROGRAM` when the variable is set, else the first
/// on PATH. The error says how to make it found.
fn locate(tool: &Tool) -> Result<PathBuf, Stop> {
    let missing = || {
        Stop::usage(format!(
            "{} not found: set {}=VENV (a venv with {}) or put it on PATH",
            tool.program, tool.variable, tool.package
        ))
    };
    if let Some(venv) = std::env::var_os(tool.variable) {
        let program = Path::new(&venv).join("bin").join(tool.program);
        return if program.is_file() {
            Ok(program)
        } else {
            Err(Stop::usage(format!(
                "{} not found: {} is set but {} is not a file",
                tool.program,
                tool.variable,
                program.display()
            )))
        };
    }
    let path = std::env::var_os("PATH").ok_or_else(missing)?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool.program))
        .find(|p| p.is_file())
        .ok_or_else(missing)
}

/// The installed version of `tool` whose program is `program`: what the venv's python
/// (beside the program) reports for its package, else "version unknown".
fn version(tool: &Tool, program: &Path) -> String {
    let python = program.with_file_name("python3");
    let asked = Command::new(&python)
        .args([
            "-c",
            "import importlib.metadata, sys; print(importlib.metadata.version(sys.argv[1]))",
        ])
        .arg(tool.package)
        .output();
    match asked {
        Ok(out) if out.status.success() => {
            let v = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if v.is_empty() {
                "version unknown".into()
            } else {
                v
            }
        }
        _ => "version unknown".into(),
    }
}

/// Runs the tool of `kind` on the package of `problem` in `dir` (for icpc `bt validate`, then
/// `bt run` when it passed), prints what it ran and what it found (the tool's output on
/// stderr when it found a fault), and records the result in the package's README. A tool
/// that is missing or cannot start: [`Stop::usage`]; a package the tool finds at fault:
/// [`Stop::failed`]; a README that cannot be written: [`Stop::failure`].
pub fn verify(kind: Kind, problem: &str, dir: &Path) -> Result<(), Stop> {
    let (tool, steps, cwd): (&Tool, Vec<Vec<String>>, Option<&Path>) = match kind {
        Kind::Kattis => {
            let limit = std::fs::read_to_string(dir.join(".timelimit")).map_err(|e| {
                Stop::failure(format!(
                    "cannot read {}: {e}",
                    dir.join(".timelimit").display()
                ))
            })?;
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
        _ => {
            let why = cannot_verify(kind).unwrap_or("not verifiable here");
            return Err(Stop::usage(format!("--verify: {why}")));
        }
    };
    let program = locate(tool)?;
    let version = version(tool, &program);
    let mut ran = Vec::new();
    let mut fault = None;
    for args in &steps {
        let line = format!("{} {}", tool.program, args.join(" "));
        println!(
            "verify {} {problem}: {} {version}: {line}",
            kind.name(),
            tool.package
        );
        let (status, found, log) = run(kind, problem, tool, &program, args, cwd)?;
        let said = match &found {
            None => format!("passed (exit {status})"),
            Some(what) => format!("FAILED (exit {status}, {what})"),
        };
        println!("verify {} {problem}: {line}: {said}", kind.name());
        ran.push(format!("`{line}`: {said}"));
        if let Some(what) = found {
            eprint!("{log}");
            fault = Some(format!("{line} found {what}"));
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
    record_verification(dir, kind, problem, &result).map_err(Stop::failure)?;
    match fault {
        None => Ok(()),
        Some(what) => Err(Stop::failed(format!(
            "{} {problem}: {what} in {}",
            kind.name(),
            dir.display()
        ))),
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
) -> Result<(String, Option<String>, String), Stop> {
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
            .map_err(|e| Stop::failure(format!("cannot make {}: {e}", config.display())))?;
        command.env("XDG_CONFIG_HOME", &config);
    }
    let out = command.output();
    if kind == Kind::Icpc {
        let _ = std::fs::remove_dir_all(&config);
    }
    let out = out.map_err(|e| {
        Stop::usage(format!(
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
