//! Test generators of one's own: a judge.toml test may be made by any program
//! (`{ generator = "python3 generators/corners.py --seed {seed} 5" }`), as in BAPCtools'
//! generators.yaml and Polygon's scripts.
//!
//! The command is split into words at whitespace (no quoting). `{seed}` in it becomes a seed
//! derived from the command itself ([`expand_seed`]), so two tests that differ in any other
//! word get different seeds and the same test always gets the same one. A first word that is
//! a source file of a known language (`generators/corners.py`, `generators/big.cpp`) is
//! built and run as `judge languages` shows; a word naming a file or directory relative to
//! judge.toml's directory is given as that path. The program runs in the runner's sandbox
//! (it cannot read the test data or any other file of the repository but the ones its
//! command names, nor reach the network) under a CPU time limit, its standard output is the
//! test's input; it runs twice, and two different outputs are refused as non-deterministic.
//! The caller validates the output strictly, like any other test.
//!
//! A word may name a directory: it is staged whole (a Python generator as a folder with its
//! `__main__.py` and helper modules: `python3 generators/boards --seed {seed}`); a single file
//! is staged alone, so a Python generator that imports a module beside it fails, and the
//! error says how to make it a folder. Outputs are
//! cached under `target/generators/outputs/`, keyed by the SHA-256 of the command and of the
//! content of every file it names (directories whole), so a build that changes nothing runs
//! no generator; a changed program, argument or seed runs again.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sha2::{Digest, Sha256};

use crate::problemset::files::write_atomic;
use crate::runner::compile::{BuildLimits, compile};
use crate::runner::{self, Argv, Input, Limits, Outcome, Sandbox, SandboxMode, language};

/// The CPU seconds a generator gets by default (the test's `time_limit` overrides it).
pub const DEFAULT_TIME_LIMIT: f64 = 10.0;

/// The memory a generator may use, in MiB.
pub const MEMORY_MIB: u64 = 1024;

/// The most bytes a generator may write: a larger output is refused.
pub const MAX_OUTPUT_BYTES: u64 = 256 << 20;

/// The command with every `{seed}` replaced by the seed of the command: the first 8 bytes of
/// the SHA-256 of its words (with `{seed}` unexpanded) joined by single spaces, as a number
/// below 2^31 (every language's random generator takes it).
pub fn expand_seed(command: &str) -> String {
    let words: Vec<&str> = command.split_whitespace().collect();
    let canonical = words.join(" ");
    let digest = Sha256::digest(canonical.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    let seed = u64::from_be_bytes(first) % (1 << 31);
    canonical.replace("{seed}", &seed.to_string())
}

/// The seed `{seed}` becomes in `command` (see [`expand_seed`]), if the command has one.
pub fn seed_of(command: &str) -> Option<u64> {
    let expanded = expand_seed(command);
    let canonical = command.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = canonical.find("{seed}")?;
    let digits: String = expanded[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// A generator's output, and whether it came from the cache (no run).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The test's input.
    pub output: Vec<u8>,
    /// True when an earlier build's output of the same program, arguments and seed was
    /// reused.
    pub reused: bool,
}

/// Runs the generator `command` (seed already expanded) with paths relative to `base` (the
/// directory of judge.toml), twice, each under `time_limit` CPU seconds in a sandbox, and
/// returns its output, or why it cannot be a test's input. An output cached by an earlier
/// run of the same command on the same files is returned without a run.
pub fn generate(command: &str, base: &Path, time_limit: f64) -> Result<Generated, String> {
    let words: Vec<String> = command.split_whitespace().map(String::from).collect();
    if words.is_empty() {
        return Err("the generator command is empty".into());
    }
    let cached = cache_path(&words, base);
    if let Some(output) = cached.as_ref().and_then(|path| std::fs::read(path).ok()) {
        return Ok(Generated {
            output,
            reused: true,
        });
    }
    let output = run_twice(&words, command, base, time_limit)?;
    if let Some(path) = cached {
        // A cache that cannot be written only costs a run next time.
        let _ = path
            .parent()
            .map(std::fs::create_dir_all)
            .map(|_| write_atomic(&path, &output));
    }
    Ok(Generated {
        output,
        reused: false,
    })
}

/// Where the output of `words` is cached: `target/generators/outputs/HASH` beside judge.toml,
/// HASH the SHA-256 of the words and of every file they name (relative to `base`; a
/// directory's files by relative path, sorted). None when a named file cannot be read.
fn cache_path(words: &[String], base: &Path) -> Option<PathBuf> {
    let mut hash = Sha256::new();
    for word in words {
        hash.update((word.len() as u64).to_be_bytes());
        hash.update(word.as_bytes());
        let path = base.join(word);
        if !word.starts_with('-') && path.exists() {
            hash_tree(&mut hash, &path, Path::new("")).ok()?;
        }
    }
    let hex: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    Some(base.join("target/generators/outputs").join(hex))
}

/// Feeds `path` (a file, or a directory's tree in name order) into `hash`, each file as its
/// path under `rel` and its content.
fn hash_tree(hash: &mut Sha256, path: &Path, rel: &Path) -> std::io::Result<()> {
    if path.is_dir() {
        let mut names: Vec<_> = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.file_name()))
            .collect::<Result<_, _>>()?;
        names.sort();
        for name in names {
            hash_tree(hash, &path.join(&name), &rel.join(&name))?;
        }
        return Ok(());
    }
    let bytes = std::fs::read(path)?;
    let name = rel.to_string_lossy();
    hash.update((name.len() as u64).to_be_bytes());
    hash.update(name.as_bytes());
    hash.update((bytes.len() as u64).to_be_bytes());
    hash.update(&bytes);
    Ok(())
}

/// Runs the generator twice and returns its output when both runs agree.
fn run_twice(
    words: &[String],
    command: &str,
    base: &Path,
    time_limit: f64,
) -> Result<Vec<u8>, String> {
    let Some((program, args)) = words.split_first() else {
        return Err("the generator command is empty".into());
    };
    let cpu = Duration::from_secs_f64(time_limit);
    let mut limits = Limits::with_cpu(cpu);
    limits.memory_bytes = MEMORY_MIB << 20;
    limits.output_bytes = MAX_OUTPUT_BYTES;
    let local = |word: &str| -> Option<PathBuf> {
        let path = base.join(word);
        (!word.starts_with('-') && path.exists()).then_some(path)
    };
    // A word that names a file the way a path does, but names none, is a mistake to report
    // here: the program would only say it cannot open some sandbox path.
    for word in words {
        let looks_like_a_file = word.contains('/') || language::of(Path::new(word)).is_some();
        if looks_like_a_file && !word.starts_with('-') && !base.join(word).exists() {
            return Err(format!(
                "{word}: no such file (paths are relative to judge.toml's directory, {})",
                base.display()
            ));
        }
    }
    let sandbox = Sandbox::new(SandboxMode::Auto)?;
    let mut argv = match local(program).filter(|p| language::of(p).is_some()) {
        Some(source) => {
            // The setter's code, built in the jail as a solution is (default build limits).
            let cache = base.join("target").join("generators");
            let built = compile(&source, None, &cache, &sandbox, &BuildLimits::DEFAULT)
                .map_err(|e| e.to_string())?;
            limits = built.limits(&limits);
            built.command(&limits)
        }
        None if program.contains('/') => Argv::with_files(
            vec![base.join(program).to_string_lossy().into_owned()],
            vec![0],
        ),
        None => Argv::with_files(vec![program.clone()], Vec::new()),
    };
    // The files the setter named, found beside judge.toml, are staged; other words are not.
    for arg in args {
        match local(arg) {
            Some(path) => argv.push(path.to_string_lossy().into_owned(), true),
            None => argv.push(arg.clone(), false),
        }
    }
    let hint = |e: String| {
        let hint = module_hint(words, base, &e);
        e + &hint
    };
    let first = run_once(command, &argv, &limits, &sandbox).map_err(hint)?;
    let second = run_once(command, &argv, &limits, &sandbox).map_err(hint)?;
    if first != second {
        let at = first
            .iter()
            .zip(&second)
            .position(|(a, b)| a != b)
            .unwrap_or(first.len().min(second.len()));
        return Err(format!(
            "the generator is not deterministic: two runs wrote different outputs ({} and {} \
             bytes, first difference at byte {at}); derive every random choice from its \
             arguments (e.g. --seed {{seed}})",
            first.len(),
            second.len()
        ));
    }
    Ok(first)
}

/// What to do when a single-file Python generator (`python3 generators/x.py`) failed on
/// `ModuleNotFoundError` for a module that is beside it: only the files its command names are
/// staged in the sandbox, so `generators/helper.py` is not there; a folder is staged whole.
/// Empty for any other failure.
fn module_hint(words: &[String], base: &Path, error: &str) -> String {
    let Some(module) = error
        .split("ModuleNotFoundError: No module named ")
        .nth(1)
        .and_then(|rest| rest.split('\'').nth(1))
    else {
        return String::new();
    };
    let Some(script) = words
        .iter()
        .find(|w| w.ends_with(".py") && base.join(w).is_file())
    else {
        return String::new();
    };
    let script = Path::new(script);
    let beside = script.parent().unwrap_or(Path::new(""));
    let top = module.split('.').next().unwrap_or(module);
    let module_file = if base.join(beside.join(format!("{top}.py"))).is_file() {
        beside.join(format!("{top}.py"))
    } else if base.join(beside.join(top)).is_dir() {
        beside.join(top)
    } else {
        return String::new();
    };
    let helper = module_file
        .file_name()
        .unwrap_or_default()
        .to_string_lossy();
    let folder = script.with_extension("");
    format!(
        " (hint: only the files the command names are staged in the sandbox, so {script} runs \
         without {module_file} beside it; make the generator a folder, which is staged whole: \
         move {script} to {folder}/__main__.py, put {helper} in {folder}/ beside it, and write \
         `python3 {folder} ...` in judge.toml)",
        script = script.display(),
        module_file = module_file.display(),
        folder = folder.display(),
    )
}

/// One run: its output, or what went wrong.
fn run_once(
    command: &str,
    argv: &Argv,
    limits: &Limits,
    sandbox: &Sandbox,
) -> Result<Vec<u8>, String> {
    let result = runner::run(argv, Input::Bytes(b""), limits, sandbox);
    let stderr = crate::text::visible_bytes(&result.stderr_tail);
    let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    let said = if tail.is_empty() {
        String::new()
    } else {
        format!("; it says: {}", tail.join(" | "))
    };
    match result.outcome {
        Outcome::Exited(0) => Ok(result.stdout),
        Outcome::TimeLimit(_) => Err(format!(
            "the generator `{command}` ran out of time ({} s CPU)",
            limits.cpu.as_secs_f64()
        )),
        Outcome::OutputLimit => Err(format!(
            "the generator `{command}` wrote more than {} MiB",
            MAX_OUTPUT_BYTES >> 20
        )),
        other => Err(format!("the generator `{command}` failed: {other}{said}")),
    }
}
