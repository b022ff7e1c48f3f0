//! `judge export dmoj --verify`: DMOJ's own testsuite (`python -m dmoj.testsuite`, PyPI
//! `dmoj`) on an exported folder, with the rules `.ci/verify-packages` learnt: DMOJ's summary
//! "All cases passed.", every case asked run, each declared wrong_answer or
//! time_limit_exceeded case showing its verdict on some test case of DMOJ's report and, with
//! Java and Rust configured, no language left out. On a variant problem whose base problem
//! was verified earlier in the same run, only the cases that differ from the base's folder
//! run, plus one accepted case ([`cases`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::tool::Tool;
use super::{Scratch, VerifyError};
use crate::export::Kind;
use crate::export::readme::record_verification;
use crate::runner::language::find_in_path;

/// The DMOJ judge: `python` of a venv with PyPI `dmoj` (checked to import it).
pub const DMOJ: Tool = Tool {
    program: "python",
    variable: "BOARDJUDGE_DMOJ",
    package: "dmoj",
};

/// The variable naming the judge.yml to use (its `runtime:` keys say the executors).
pub const CONFIG: &str = "BOARDJUDGE_DMOJ_CONFIG";

/// The variable naming the executors to use, over what the judge.yml allows.
pub const EXECUTORS: &str = "BOARDJUDGE_DMOJ_EXECUTORS";

/// The variable naming the HOME of DMOJ's process (its Rust executor builds in ~/.cargo).
pub const HOME: &str = "BOARDJUDGE_DMOJ_HOME";

/// The executors every judge.yml is assumed to serve (g++, g++17 and python3).
const BASIC: &str = "CPP03,CPP17,PY3";

/// The cases of a DMOJ folder that the testsuite is asked to run.
#[derive(Debug, PartialEq, Eq)]
pub struct Cases {
    /// The cases to run, in name order.
    pub run: Vec<String>,
    /// The cases the same as the base problem's, judged on its folder earlier in this run.
    pub same: Vec<String>,
}

/// The cases (the folders in `tests/`) of the DMOJ folder `dir`, sorted. With `base`, the
/// folder of the problem whose format it shares (verified earlier in the same run), a case
/// whose folder there has the same name and the same files (test.yml's comment lines aside)
/// is left out, but one accepted case stays (a C++ one where there is one); a folder with no
/// case of its own runs every case.
pub fn cases(dir: &Path, base: Option<&Path>) -> Result<Cases, VerifyError> {
    let all = names(&dir.join("tests"))?;
    let Some(base) = base else {
        return Ok(Cases {
            run: all,
            same: Vec::new(),
        });
    };
    let (mut same, mut run) = (Vec::new(), Vec::new());
    for name in all {
        let theirs = base.join("tests").join(&name);
        if theirs.is_dir() && same_case(&dir.join("tests").join(&name), &theirs)? {
            same.push(name);
        } else {
            run.push(name);
        }
    }
    if !run.iter().any(|c| c.starts_with("accepted_")) {
        let accepted = |c: &&String| c.starts_with("accepted_");
        let keep = (same.iter().filter(accepted))
            .find(|c| c.ends_with("_cpp"))
            .or_else(|| same.iter().find(accepted))
            .cloned();
        if let Some(keep) = keep {
            same.retain(|c| *c != keep);
            run.push(keep);
            run.sort();
        }
    }
    if run.is_empty() {
        run = std::mem::take(&mut same);
    }
    Ok(Cases { run, same })
}

/// The names in the folder `dir`, sorted; an error for one that is not UTF-8.
fn names(dir: &Path) -> Result<Vec<String>, VerifyError> {
    let io = |e: std::io::Error| VerifyError::Io(format!("cannot read {}: {e}", dir.display()));
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let name = entry.map_err(io)?.file_name();
        let name = name
            .into_string()
            .map_err(|n| VerifyError::Io(format!("{}: a name not UTF-8: {n:?}", dir.display())))?;
        names.push(name);
    }
    names.sort();
    Ok(names)
}

/// Whether the case folders `a` and `b` hold the same names and the same bytes, each
/// test.yml compared without its comment lines.
fn same_case(a: &Path, b: &Path) -> Result<bool, VerifyError> {
    let (na, nb) = (names(a)?, names(b)?);
    if na != nb {
        return Ok(false);
    }
    for name in na {
        let (fa, fb) = (a.join(&name), b.join(&name));
        if fa.is_dir() || fb.is_dir() {
            if !(fa.is_dir() && fb.is_dir() && same_case(&fa, &fb)?) {
                return Ok(false);
            }
            continue;
        }
        let read = |p: &Path| {
            std::fs::read(p)
                .map_err(|e| VerifyError::Io(format!("cannot read {}: {e}", p.display())))
        };
        let (ba, bb) = (read(&fa)?, read(&fb)?);
        let equal = if name == "test.yml" {
            let text = |b: &[u8]| -> Vec<Vec<u8>> {
                (b.split(|&c| c == b'\n'))
                    .filter(|l| !l.starts_with(b"#"))
                    .map(<[u8]>::to_vec)
                    .collect()
            };
            text(&ba) == text(&bb)
        } else {
            ba == bb
        };
        if !equal {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `text` with the characters special in a Python regular expression escaped.
fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if "[]\\.*^$+?(){}|".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The judge.yml and executors to use: `BOARDJUDGE_DMOJ_CONFIG` and the executors its
/// `runtime:` keys allow (CPP03, CPP17 and PY3, JAVA with java and javac, RUST with cargo),
/// else one written into the fresh folder `scratch` (g++ from PATH and python3, by absolute path) with
/// CPP03, CPP17 and PY3; `BOARDJUDGE_DMOJ_EXECUTORS` over either. Also the config's cargo,
/// and what was chosen, in words.
fn config(scratch: &Path) -> Result<(PathBuf, String, Option<PathBuf>, String), VerifyError> {
    let (file, mut executors, cargo, chosen) = match std::env::var_os(CONFIG) {
        Some(file) => {
            let file = PathBuf::from(file);
            let text = std::fs::read_to_string(&file)
                .map_err(|e| VerifyError::Io(format!("cannot read {}: {e}", file.display())))?;
            let runtime = runtimes(&text);
            let has = |key: &str| runtime.iter().any(|(k, _)| k == key);
            let mut executors = BASIC.to_string();
            if has("java") && has("javac") {
                executors.push_str(",JAVA");
            }
            if has("cargo") {
                executors.push_str(",RUST");
            }
            let cargo = (runtime.iter().find(|(k, _)| k == "cargo")).map(|(_, v)| PathBuf::from(v));
            let chosen = format!("{}, as {CONFIG} says", file.display());
            (file, executors, cargo, chosen)
        }
        None => {
            let found = |program: &str| find_in_path(program).and_then(|p| p.canonicalize().ok());
            let gxx = found("g++").ok_or_else(|| {
                VerifyError::Unavailable(format!(
                    "g++ not found on PATH, for DMOJ's C++ executors (or set {CONFIG}=FILE)"
                ))
            })?;
            // DMOJ's own search takes the first python3 on PATH, which may be a shim its
            // sandbox refuses to run: the system's when there is one.
            let system = Path::new("/usr/bin/python3");
            let python = if system.is_file() {
                system.to_path_buf()
            } else {
                found("python3").ok_or_else(|| {
                    VerifyError::Unavailable(format!(
                        "python3 not found, for DMOJ's PY3 executor (or set {CONFIG}=FILE)"
                    ))
                })?
            };
            let file = scratch.join("judge.yml");
            let text = format!(
                "# Written by judge export --verify: the runtimes of DMOJ's executors.\nruntime:\n  g++: {g}\n  g++17: {g}\n  python3: {p}\n",
                g = gxx.display(),
                p = python.display()
            );
            std::fs::write(&file, text)
                .map_err(|e| VerifyError::Io(format!("cannot write {}: {e}", file.display())))?;
            let chosen = format!(
                "a judge.yml of its own (g++ and g++17: {}, python3: {})",
                gxx.display(),
                python.display()
            );
            (file, BASIC.to_string(), None, chosen)
        }
    };
    if let Some(asked) = std::env::var_os(EXECUTORS) {
        executors = asked.to_string_lossy().into_owned();
    }
    Ok((file, executors, cargo, chosen))
}

/// The `KEY: VALUE` lines of the `runtime:` block of a judge.yml.
fn runtimes(text: &str) -> Vec<(String, String)> {
    let mut inside = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with([' ', '\t']) {
            inside = line.trim_end() == "runtime:";
        } else if inside && let Some((key, value)) = line.trim().split_once(':') {
            found.push((key.trim().to_string(), value.trim().to_string()));
        }
    }
    found
}

/// Runs DMOJ's testsuite on the DMOJ folder of `problem` in `dir` (only [`cases`] with
/// `base`), telling `say` what it runs and DMOJ's summary, and records the result in the
/// folder's README.
pub fn verify(
    problem: &str,
    dir: &Path,
    base: Option<(&str, &Path)>,
    say: &mut dyn FnMut(&str),
) -> Result<(), VerifyError> {
    let python = DMOJ.locate().map_err(VerifyError::Unavailable)?;
    let imports = Command::new(&python)
        .args(["-c", "import dmoj"])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| VerifyError::Unavailable(format!("{} cannot start: {e}", python.display())))?;
    if !imports.status.success() {
        return Err(VerifyError::Unavailable(format!(
            "{} cannot import dmoj: set {}=VENV (a venv with dmoj)",
            python.display(),
            DMOJ.variable
        )));
    }
    let version = DMOJ.version(&python);
    let cases = cases(dir, base.map(|(_, d)| d))?;
    let scratch = Scratch::new("boardjudge-dmoj")?;
    let (file, executors, cargo, chosen) = config(&scratch.0)?;
    let parent = dir.parent().unwrap_or(Path::new("."));
    let regex = (cases.run.iter().map(|c| escape(c))).collect::<Vec<_>>();
    let args = [
        "-m".to_string(),
        "dmoj.testsuite".into(),
        "-c".into(),
        file.display().to_string(),
        "-e".into(),
        executors.clone(),
        "--no-ansi".into(),
        parent.display().to_string(),
        format!("{}$", escape(problem)),
        format!("({})$", regex.join("|")),
    ];
    let line = format!("python {}", shell_words::join(&args));
    // The README names a judge.yml of its own, removed after the run, `judge.yml` (and says
    // what it held): not a temporary path that is gone.
    let own = std::env::var_os(CONFIG).is_none();
    let mut recorded = args.clone();
    if own {
        recorded[3] = "judge.yml".into();
    }
    let recorded = format!("python {}", shell_words::join(&recorded));
    say(&format!(
        "verify dmoj {problem}: dmoj {version}: judge.yml: {chosen}"
    ));
    if let Some((b, _)) = base.filter(|_| !cases.same.is_empty()) {
        say(&format!(
            "verify dmoj {problem}: {} case(s); the same as {b}'s, judged on its folder in this run: {}",
            cases.run.len(),
            cases.same.join(" ")
        ));
    }
    say(&format!("verify dmoj {problem}: dmoj {version}: {line}"));
    let mut command = Command::new(&python);
    command.args(&args).stdin(Stdio::null());
    let with = |executor: &str| executors.split(',').any(|e| e == executor);
    let full = with("JAVA") && with("RUST");
    if let Some(cargo) = cargo.as_ref().filter(|_| with("RUST")) {
        command.env("RUSTC", cargo.with_file_name("rustc"));
    }
    if let Some(home) = std::env::var_os(HOME) {
        command.env("HOME", home);
    }
    let out = command.output();
    drop(scratch);
    let out = out
        .map_err(|e| VerifyError::Unavailable(format!("{} cannot start: {e}", python.display())))?;
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let found = faults(&log, out.status.success(), &cases.run, full);
    for l in log.lines().filter(|l| {
        ["Problem ", "All cases passed", "A total of"]
            .iter()
            .any(|s| l.starts_with(s))
    }) {
        say(&format!("verify dmoj {problem}: {l}"));
    }
    let skipped = log.matches("Skipped - Language not supported").count();
    say(&format!(
        "verify dmoj {problem}: {skipped} case(s) in languages not configured here skipped by DMOJ"
    ));
    let status = out
        .status
        .code()
        .map_or("a signal".into(), |c| c.to_string());
    let said = match &found {
        None => format!("passed (exit {status}, \"All cases passed.\")"),
        Some(what) => format!("FAILED (exit {status}, {what})"),
    };
    say(&format!("verify dmoj {problem}: {line}: {said}"));
    let judged = match base.filter(|_| !cases.same.is_empty()) {
        None => format!("every case ({})", cases.run.len()),
        Some((b, _)) => format!(
            "the cases {} (the others, {}, are the same as {b}'s folder's and were judged there in the same run)",
            cases.run.join(", "),
            cases.same.join(", ")
        ),
    };
    let result = format!(
        "`judge export --verify` ran dmoj {version} (DMOJ's \
         testsuite, executors {executors}, judge.yml: {chosen}) on {judged}: `{recorded}`: {said}."
    );
    record_verification(dir, Kind::Dmoj, problem, &result).map_err(VerifyError::Io)?;
    match found {
        None => Ok(()),
        Some(what) => Err(VerifyError::Fault {
            what: format!("dmoj {problem}: {line} found {what} in {}", dir.display()),
            log,
        }),
    }
}

/// What DMOJ's report `log` shows wrong, if anything, for the cases `run`: not exit 0 with
/// "All cases passed.", a case not run or run twice, a declared wrong_answer or
/// time_limit_exceeded case without that verdict on any test case (unless its language is
/// not configured) and, when `full` (Java and Rust configured), a failed self-test or a
/// skipped case.
fn faults(log: &str, success: bool, run: &[String], full: bool) -> Option<String> {
    let mut found = Vec::new();
    if !success || !log.lines().any(|l| l == "All cases passed.") {
        found.push("no \"All cases passed.\"".to_string());
    }
    let ran = log.matches("Running test case ").count();
    if ran != run.len() {
        found.push(format!("{ran} case(s) run of {} asked", run.len()));
    }
    for case in run {
        let code = if case.starts_with("wrong_answer_") {
            "WA"
        } else if case.starts_with("time_limit_exceeded_") {
            "TLE"
        } else {
            continue;
        };
        let (start, end) = (
            format!("Running test case {case} for"),
            format!("Result of case {case} for"),
        );
        let mut lines = log.lines().skip_while(|l| !l.contains(&start));
        let Some(first) = lines.next() else {
            found.push(format!("{case} not run"));
            continue;
        };
        let mut report = vec![first];
        for l in lines {
            report.push(l);
            if l.contains(&end) {
                break;
            }
        }
        let skipped = report
            .iter()
            .any(|l| l.contains("Skipped - Language not supported"));
        let verdict = report.iter().any(|l| {
            let mut words = l.split_whitespace();
            l.starts_with([' ', '\t'])
                && words.next() == Some("Test")
                && words.next() == Some("case")
                && words
                    .next()
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
                && words.next() == Some(code)
        });
        if !skipped && !verdict {
            found.push(format!("{case} got no {code}"));
        }
    }
    if full
        && log.lines().any(|l| {
            (l.starts_with("Self-testing ") && l.contains("Failed"))
                || l == "Failed"
                || l.contains("Skipped - Language not supported")
        })
    {
        found.push("an executor failed DMOJ's self-test, or a case was skipped".into());
    }
    (!found.is_empty()).then(|| found.join("; "))
}
