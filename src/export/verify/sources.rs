//! `judge export --verify` on a Polygon package or a CMS task, where no Polygon or CMS
//! instance runs: the package's own C++ sources, compiled with g++ as `.ci/verify-packages`
//! compiles them ([`FLAGS`], a warning is a fault), run on every test with the judge's argv.
//!
//! - Polygon (files/check.cpp, files/validator.cpp, testlib's argv and exit codes): the
//!   validator accepts every input of tests/ (`validator --testset tests < NN`), the checker
//!   accepts every answer (`check NN NN.a NN.a`, exit 0), and the validator tests and checker
//!   tests problem.xml declares (files/tests/validator-tests/NN, files/tests/checker-tests/NN
//!   with NN.o and NN.a) each get the verdict problem.xml states for them: `valid` exit 0,
//!   `invalid` exit 3; `ok` 0, `wrong-answer` 1, `presentation-error` 2.
//! - CMS (check/checker.cpp, CMS's argv: input, correct output, contestant output): every
//!   test's correct output scores `1.0` on stdout, exit 0.
//!
//! The binaries are built in a fresh temporary folder, removed after; nothing is written in
//! the package but its README. Every run has a time limit, so a checker that hangs fails.
//! With `BOARDJUDGE_CPP_CACHE=DIR` ([`CACHE`]), a binary is looked up in DIR by
//! [`cache_name`] (the SHA-256 of the compile line and the source) before g++ runs, and one
//! compiled here is put there.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::check::protocol::Protocol;
use crate::export::Kind;
use crate::export::cases::Expect;
use crate::export::readme::record_verification;
use crate::export::verify::{Scratch, VerifyError};
use crate::problemset::manifest::sha256;
use crate::runner::language::find_in_path;
use crate::runner::{Argv, Input, Limits, Outcome, Sandbox, run};
use crate::validate::Finding;

/// g++'s flags: C++17, optimised, every warning an error (as `.ci/verify-packages`).
pub const FLAGS: [&str; 5] = ["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror"];

/// The environment variable naming a folder of binaries compiled with [`FLAGS`], each named
/// by [`cache_name`] of its source.
pub const CACHE: &str = "BOARDJUDGE_CPP_CACHE";

/// The name of the binary of `source` in a [`CACHE`] folder: the first 24 hex digits of the
/// SHA-256 of the compile line (`g++` and [`FLAGS`], then a newline) followed by the source,
/// so that a binary is found only for the same source compiled with the same flags.
pub fn cache_name(source: &[u8]) -> String {
    let mut bytes = format!("g++ {}\n", FLAGS.join(" ")).into_bytes();
    bytes.extend_from_slice(source);
    sha256(&bytes)[..24].to_string()
}

/// The CPU time each compile may take (g++ takes about 3 s for a checker).
const COMPILE_CPU: Duration = Duration::from_secs(300);

/// The CPU time each run of a checker or validator may take.
const RUN_CPU: Duration = Duration::from_secs(20);

/// Compiles the C++ sources of the `kind` (Polygon or CMS) package of `problem` in `dir`
/// (or finds their binaries in the folder `cache`, and keeps there what it compiles), runs
/// them on every test as the module says, tells `say` what it does and what it found, and
/// records the result in the package's README.
pub fn verify(
    kind: Kind,
    problem: &str,
    dir: &Path,
    cache: Option<&Path>,
    say: &mut dyn FnMut(&str),
) -> Result<(), VerifyError> {
    let gxx = find_in_path("g++").ok_or_else(|| {
        VerifyError::Unavailable(
            "g++ not found on PATH: --verify compiles the package's C++ sources with it".into(),
        )
    })?;
    let version = Command::new(&gxx)
        .arg("-dumpfullversion")
        .output()
        .map_err(|e| {
            VerifyError::Unavailable(format!("g++ ({}) cannot start: {e}", gxx.display()))
        })?;
    let version = String::from_utf8_lossy(&version.stdout).trim().to_string();
    let tool = format!("g++ {version}");
    let sources: &[&str] = match kind {
        Kind::Polygon => &["files/check.cpp", "files/validator.cpp"],
        _ => &["check/checker.cpp"],
    };
    let head = format!("verify {} {problem}", kind.name());
    say(&format!(
        "{head}: {tool}: g++ {} {}",
        FLAGS.join(" "),
        sources.join(" ")
    ));
    let work = Scratch::new("boardjudge-verify")?;
    let mut binaries = Vec::new();
    let mut compiled = Vec::new();
    let mut outcome = Ok(());
    for source in sources {
        match build(&gxx, dir, source, &work.0, cache, say) {
            Ok((binary, how)) => {
                binaries.push(binary);
                compiled.push(format!("{source}{how}"));
            }
            Err(Failed::Fault(what, log)) => {
                outcome = Err((format!("{source} does not compile cleanly: {what}"), log));
                break;
            }
            Err(Failed::Io(why)) => return Err(VerifyError::Io(why)),
        }
    }
    let mut ran = Vec::new();
    if outcome.is_ok() {
        outcome = match kind {
            Kind::Polygon => polygon(dir, &binaries[0], &binaries[1], &mut ran),
            _ => cms(dir, &binaries[0], &mut ran),
        }
        .map_err(|(file, what)| (format!("{file}: {what}"), String::new()));
    }
    drop(work);
    let said = match &outcome {
        Ok(()) => "passed".to_string(),
        Err((what, _)) => format!("FAILED: {what}"),
    };
    let summary = format!("compiled {}; {}", compiled.join(", "), ran.join(", "));
    let summary = summary.trim_end_matches(", ").trim_end_matches("; ");
    say(&format!("{head}: {tool}: {summary}: {said}"));
    let result = format!(
        "`judge export --verify` compiled the package's C++ \
         sources with {tool} (`g++ {}`) and ran them with {}'s argv: {summary}: {said}.",
        FLAGS.join(" "),
        if kind == Kind::Polygon {
            "testlib"
        } else {
            "CMS"
        }
    );
    record_verification(dir, kind, problem, &result).map_err(VerifyError::Io)?;
    outcome.map_err(|(what, log)| VerifyError::Fault {
        what: format!("{} {problem}: {what} in {}", kind.name(), dir.display()),
        log,
    })
}

/// Why a source was not built: g++ found a fault (what, and g++'s output), or a file could
/// not be read.
enum Failed {
    Fault(String, String),
    Io(String),
}

/// The binary of `source` (a path in the package `dir`), and how it was had (" (earlier, ... found in
/// BOARDJUDGE_CPP_CACHE)" or nothing): from the [`CACHE`] folder when it holds it, else
/// compiled into `work` with g++ (then put into the `cache` folder when one is named).
fn build(
    gxx: &Path,
    dir: &Path,
    source: &str,
    work: &Path,
    cache: Option<&Path>,
    say: &mut dyn FnMut(&str),
) -> Result<(PathBuf, &'static str), Failed> {
    let path = dir.join(source);
    let text = std::fs::read(&path)
        .map_err(|e| Failed::Io(format!("cannot read {}: {e}", path.display())))?;
    let name = cache_name(&text);
    if let Some(cached) = cache.map(|c| c.join(&name))
        && cached.is_file()
    {
        return Ok((
            cached,
            " (earlier, with the same flags: its binary found in BOARDJUDGE_CPP_CACHE)",
        ));
    }
    // The source is copied first: what g++ compiles is what was hashed.
    let copy = work.join(format!("{name}.cpp"));
    let binary = work.join(&name);
    std::fs::write(&copy, &text)
        .map_err(|e| Failed::Io(format!("cannot write {}: {e}", copy.display())))?;
    let mut words = vec![gxx.display().to_string()];
    words.extend(FLAGS.map(String::from));
    words.extend(["-o".into(), binary.display().to_string()]);
    words.push(copy.display().to_string());
    let limits = Limits {
        memory_bytes: u64::MAX,
        output_bytes: 1 << 20,
        file_bytes: 1 << 30,
        ..Limits::with_cpu(COMPILE_CPU)
    };
    let r = run(
        &Argv::with_files(words, vec![]),
        Input::Bytes(b""),
        &limits,
        &Sandbox::off(),
    );
    let log = String::from_utf8_lossy(&r.stderr_tail).replace(&copy.display().to_string(), source);
    if r.outcome != Outcome::Exited(0) || !binary.is_file() {
        return Err(Failed::Fault(format!("g++ {}", r.outcome), log));
    }
    if let Some(cache) = cache {
        // Beside its place, then renamed: a reader never sees half a binary.
        let partial = cache.join(format!("{name}.partial.{}", std::process::id()));
        let put = std::fs::create_dir_all(cache)
            .and_then(|()| std::fs::copy(&binary, &partial))
            .and_then(|_| std::fs::rename(&partial, cache.join(&name)));
        if let Err(e) = put {
            let _ = std::fs::remove_file(&partial);
            say(&format!(
                "note: cannot keep the binary of {source} in {}: {e}",
                cache.display()
            ));
        }
    }
    Ok((binary, ""))
}

/// One run of `program` with `args`, standard input from `stdin` (else empty), with a time
/// limit: its exit code, or what stopped it.
fn exec(program: &Path, args: &[&Path], stdin: Option<&Path>) -> Result<(i32, Vec<u8>), String> {
    let mut words = vec![program.display().to_string()];
    words.extend(args.iter().map(|a| a.display().to_string()));
    if stdin.is_some() {
        // A validator: given the testset as Polygon gives it (it ignores it).
        words.extend(["--testset".into(), "tests".into()]);
    }
    let limits = Limits {
        memory_bytes: 2 << 30,
        output_bytes: 1 << 20,
        ..Limits::with_cpu(RUN_CPU)
    };
    let input = match stdin {
        Some(path) => Input::File(path),
        None => Input::Bytes(b""),
    };
    let r = run(
        &Argv::with_files(words, vec![]),
        input,
        &limits,
        &Sandbox::off(),
    );
    match r.outcome {
        Outcome::Exited(code) => Ok((code, r.stdout)),
        other => Err(other.to_string()),
    }
}

/// A fault: the file it is about (relative to the package) and what disagreed.
type Fault = (String, String);

/// Polygon's tests, validator tests and checker tests, run with the `check` and `validator`
/// binaries; `ran` gets a part per kind of run that passed.
fn polygon(dir: &Path, check: &Path, validator: &Path, ran: &mut Vec<String>) -> Result<(), Fault> {
    let xml_path = dir.join("problem.xml");
    let xml = std::fs::read_to_string(&xml_path)
        .map_err(|e| ("problem.xml".to_string(), format!("cannot read it: {e}")))?;
    let tests = numbered(dir, "tests", "", ".a")?;
    for (input, _) in &tests {
        let got = exec(validator, &[], Some(&dir.join(input)))
            .map_err(|e| (input.clone(), format!("the validator: {e}")))?;
        if got.0 != 0 {
            return Err((
                input.clone(),
                format!(
                    "the validator rejects it (exit {}), a test must be valid (exit 0)",
                    got.0
                ),
            ));
        }
    }
    ran.push(format!("validator on {} tests", tests.len()));
    for (input, answer) in &tests {
        let a = dir.join(answer);
        let got = exec(check, &[&dir.join(input), &a, &a], None)
            .map_err(|e| (answer.clone(), format!("the checker: {e}")))?;
        if got.0 != 0 {
            return Err((
                answer.clone(),
                format!(
                    "the checker gives the answer exit {}, expected ok (exit 0)",
                    got.0
                ),
            ));
        }
    }
    ran.push(format!("checker on {} answers", tests.len()));
    let cases = declared(&xml, "checker")?;
    for (k, verdict) in cases.verdicts.iter().enumerate() {
        let [input, output, answer] =
            [&cases.input, &cases.output, &cases.answer].map(|p| nth(p, k));
        let (Some(input), Some(output), Some(answer)) = (input, output, answer) else {
            return Err((
                "problem.xml".into(),
                "the checker's testset has no input, output or answer path pattern".into(),
            ));
        };
        let Some(expected) = Expect::from_polygon_word(verdict) else {
            return Err((
                "problem.xml".into(),
                format!("checker test {}: unknown verdict \"{verdict}\"", k + 1),
            ));
        };
        let expected = i32::from(Protocol::Testlib.exit_code(expected.verdict()));
        let [i, o, a] = [&input, &output, &answer].map(|p| inside(dir, p));
        let got = exec(check, &[&i?, &o?, &a?], None)
            .map_err(|e| (output.clone(), format!("the checker: {e}")))?;
        if got.0 != expected {
            return Err((
                output,
                format!(
                    "the checker gives exit {}, problem.xml states {verdict} (exit {expected})",
                    got.0
                ),
            ));
        }
    }
    ran.push(format!("{} checker tests", cases.verdicts.len()));
    let cases = declared(&xml, "validator")?;
    for (k, verdict) in cases.verdicts.iter().enumerate() {
        let Some(input) = nth(&cases.input, k) else {
            return Err((
                "problem.xml".into(),
                "the validator's testset has no input path pattern".into(),
            ));
        };
        let expected = match verdict.as_str() {
            "valid" => Finding::Valid,
            "invalid" => Finding::Invalid,
            other => {
                return Err((
                    "problem.xml".into(),
                    format!("validator test {}: unknown verdict \"{other}\"", k + 1),
                ));
            }
        };
        let expected = i32::from(expected.exit_code(Protocol::Testlib));
        let got = exec(validator, &[], Some(&inside(dir, &input)?))
            .map_err(|e| (input.clone(), format!("the validator: {e}")))?;
        if got.0 != expected {
            let said = if got.0 == 0 { "valid" } else { "invalid" };
            return Err((
                input,
                format!(
                    "the validator says {said} (exit {}), problem.xml states {verdict} (exit {expected})",
                    got.0
                ),
            ));
        }
    }
    ran.push(format!("{} validator tests", cases.verdicts.len()));
    Ok(())
}

/// CMS's tests (input/inputK.txt, output/outputK.txt), run with the `checker` binary; `ran`
/// gets the part that passed.
fn cms(dir: &Path, checker: &Path, ran: &mut Vec<String>) -> Result<(), Fault> {
    let tests = numbered(dir, "input", "input", ".txt")?;
    for (input, _) in &tests {
        let k = &input["input/input".len()..input.len() - ".txt".len()];
        let output = format!("output/output{k}.txt");
        let o = inside(dir, &output)?;
        let got = exec(checker, &[&dir.join(input), &o, &o], None)
            .map_err(|e| (output.clone(), format!("the checker: {e}")))?;
        let stdout = String::from_utf8_lossy(&got.1);
        if got.0 != 0 || stdout.trim_end() != "1.0" {
            return Err((
                output,
                format!(
                    "the checker scores the correct output {:?} (exit {}), expected \"1.0\" (exit 0)",
                    stdout.trim_end(),
                    got.0
                ),
            ));
        }
    }
    ran.push(format!("checker on {} outputs", tests.len()));
    Ok(())
}

/// The tests in `folder` of `dir`: each file named `PREFIX` then digits (Polygon: `NN`; CMS:
/// `inputK.txt`, `SUFFIX` its extension), in their numbers' order, with its pair (Polygon:
/// `NN.a`, which must exist); the paths relative to `dir`.
fn numbered(
    dir: &Path,
    folder: &str,
    prefix: &str,
    suffix: &str,
) -> Result<Vec<(String, String)>, Fault> {
    let entries = std::fs::read_dir(dir.join(folder))
        .map_err(|e| (format!("{folder}/"), format!("cannot read it: {e}")))?;
    let mut tests = Vec::new();
    for entry in entries {
        let name = entry
            .map_err(|e| (format!("{folder}/"), e.to_string()))?
            .file_name();
        let name = name.to_string_lossy();
        let polygon = prefix.is_empty();
        let stem = if polygon {
            Some(&*name)
        } else {
            name.strip_prefix(prefix)
                .and_then(|n| n.strip_suffix(suffix))
        };
        let Some(number) = stem
            .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<u64>().ok())
        else {
            if polygon && name.ends_with(suffix) {
                continue;
            }
            return Err((format!("{folder}/{name}"), "not a test's name".into()));
        };
        let path = format!("{folder}/{name}");
        let pair = if polygon {
            format!("{path}{suffix}")
        } else {
            String::new()
        };
        if polygon && !dir.join(&pair).is_file() {
            return Err((pair, "missing: every test has its answer".into()));
        }
        tests.push((number, path, pair));
    }
    tests.sort();
    Ok(tests.into_iter().map(|(_, p, a)| (p, a)).collect())
}

/// `path` (from problem.xml) in the package `dir`: a relative path that stays inside it.
fn inside(dir: &Path, path: &str) -> Result<PathBuf, Fault> {
    let p = Path::new(path);
    if p.is_absolute()
        || p.components()
            .any(|c| !matches!(c, std::path::Component::Normal(_)))
    {
        return Err((
            "problem.xml".into(),
            format!("{path:?} is not a path inside the package"),
        ));
    }
    Ok(dir.join(p))
}

/// A testset of problem.xml's checker or validator: its path patterns and its tests'
/// verdicts, in order.
#[derive(Default)]
struct Declared {
    input: Option<String>,
    output: Option<String>,
    answer: Option<String>,
    verdicts: Vec<String>,
}

/// The path of test `k` (from 0) by a testset's path `pattern`: `%02d` its number from 1.
fn nth(pattern: &Option<String>, k: usize) -> Option<String> {
    (pattern.as_deref()).map(|p| p.replace("%02d", &format!("{:02}", k + 1)))
}

/// The testset of the `<element>` (`checker` or `validator`) in problem.xml's text `xml`
/// (none: no tests); its `test-count` must be the number of its tests.
fn declared(xml: &str, element: &str) -> Result<Declared, Fault> {
    let bad = |why: String| ("problem.xml".to_string(), why);
    let open = format!("<{element}");
    let start = xml
        .match_indices(&open)
        .map(|(i, _)| i)
        .find(|&i| matches!(xml.as_bytes().get(i + open.len()), Some(b' ' | b'>')))
        .ok_or_else(|| bad(format!("no <{element}> element")))?;
    let close = format!("</{element}>");
    let end = xml[start..]
        .find(&close)
        .ok_or_else(|| bad(format!("<{element}> is not closed")))?;
    let body = &xml[start..start + end];
    let Some(set) = body.find("<testset>").map(|i| &body[i..]) else {
        return Ok(Declared::default());
    };
    let text = |tag: &str| {
        let open = format!("<{tag}>");
        let from = set.find(&open)? + open.len();
        let to = set[from..].find(&format!("</{tag}>"))?;
        Some(set[from..from + to].trim().to_string())
    };
    let verdicts: Vec<String> = set
        .match_indices("<test ")
        .map(|(i, _)| {
            let tag = &set[i..i + set[i..].find('>').unwrap_or(set.len() - i)];
            let v = tag
                .split_once("verdict=\"")
                .and_then(|(_, r)| r.split_once('"'));
            v.map(|(v, _)| v.to_string())
                .ok_or_else(|| bad(format!("a test of <{element}>'s testset has no verdict")))
        })
        .collect::<Result<_, _>>()?;
    let count = text("test-count").unwrap_or_default();
    if count.parse::<usize>().ok() != Some(verdicts.len()) {
        return Err(bad(format!(
            "<{element}>'s testset says test-count {count:?} but lists {} tests",
            verdicts.len()
        )));
    }
    Ok(Declared {
        input: text("input-path-pattern"),
        output: text("output-path-pattern"),
        answer: text("answer-path-pattern"),
        verdicts,
    })
}
