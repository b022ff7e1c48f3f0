//! The shipped solutions, as judge.toml and the verdict folders declare them: every program
//! is in the verdict folder of a problem that lists it with that verdict (a solution may be
//! listed again on another problem of the format, e.g. the per-case BFS as too slow on
//! `sicilylarge`), every wrong or slow one has a `catches` input, each a valid input, and,
//! built and run by the runner,
//! each solution does what judge.toml says on those inputs (the problem's checker, with its
//! options, accepts the accepted ones, which answer exactly as the reference solver where only
//! the smallest answer is right, and rejects the wrong ones; slow ones run out of time).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use boardjudge::check::{CheckOptions, CheckVerdict, Order, check};
use boardjudge::format::msquare::Msquare;
use boardjudge::format::rotation::Rotation;
use boardjudge::format::sicily::Sicily;
use boardjudge::format::{Format, Problem, ReadOptions, read_all, solve_stream};
use boardjudge::problemset::plan::{Expected, Plan};
use boardjudge::runner::compile::{BuildLimits, CompileError, compile};
use boardjudge::runner::language;
use boardjudge::runner::{
    Input, IoFiles, Limits, Outcome, OutputFile, Sandbox, SandboxMode, parallel, run_with_files,
};

struct Entry {
    problem: Format,
    /// The problem's name in judge.toml (`sicily`, `sicilylarge`, ...).
    name: String,
    path: String,
    language: &'static str,
    /// The standard judge.toml builds it as (`std`), if any.
    standard: Option<&'static language::Standard>,
    expected: &'static str,
    catches: Option<String>,
    /// The problem's checker options (sicily takes any sequence within N, sicilylex only the
    /// smallest shortest one).
    options: CheckOptions,
    /// The problem's input and output files (msquare's `msquare.in`, `msquare.out`).
    files: IoFiles,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The solutions listed in judge.toml.
fn manifest() -> Vec<Entry> {
    let plan = Plan::load(&root().join("judge.toml")).unwrap();
    plan.problems
        .iter()
        .flat_map(|p| {
            p.solutions.iter().map(|s| Entry {
                problem: p.format,
                name: p.name.clone(),
                path: s.path.to_string_lossy().into_owned(),
                language: language::of(&s.path).map_or("unknown", |l| l.id),
                standard: s.standard,
                expected: s.expected.name(),
                catches: s.catches.clone(),
                options: p.checker,
                files: p.files.clone(),
            })
        })
        .collect()
}

fn sources(dir: &Path, found: &mut BTreeSet<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if language::of(&path).is_some() {
            let relative = path.strip_prefix(root()).unwrap();
            found.insert(relative.to_string_lossy().into_owned());
        }
    }
}

fn reference(problem: Format, input: &[u8]) -> Vec<u8> {
    fn answers<P: Problem>(input: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        solve_stream::<P>(input, ReadOptions::JURY, &mut out).unwrap();
        out
    }
    match problem {
        Format::Sicily => answers::<Sicily>(input),
        Format::Msquare => answers::<Msquare>(input),
        Format::Rotation => answers::<Rotation>(input),
    }
}

fn is_valid(problem: Format, input: &[u8]) -> bool {
    match problem {
        Format::Sicily => read_all::<Sicily>(input, ReadOptions::STRICT).is_ok(),
        Format::Msquare => read_all::<Msquare>(input, ReadOptions::STRICT).is_ok(),
        Format::Rotation => read_all::<Rotation>(input, ReadOptions::STRICT).is_ok(),
    }
}

#[test]
fn the_manifest_lists_every_solution_with_the_verdict_of_its_directory() {
    let entries = manifest();
    let mut on_disk = BTreeSet::new();
    sources(&root().join("solutions"), &mut on_disk);
    let listed: BTreeSet<String> = entries.iter().map(|e| e.path.clone()).collect();
    let pairs: BTreeSet<(&str, &str)> = entries
        .iter()
        .map(|e| (e.name.as_str(), e.path.as_str()))
        .collect();
    assert_eq!(pairs.len(), entries.len(), "a solution is listed twice");
    assert_eq!(listed, on_disk);
    for e in &entries {
        // Every file lives in the verdict folder of a problem that lists it with that verdict
        // (judge.toml's entry or the folder itself): its own problem's, or another one's
        // when it is listed again with another outcome (the per-case BFS too slow on
        // sicilylarge).
        let home = entries.iter().find(|o| {
            o.path == e.path
                && o.path
                    .starts_with(&format!("solutions/{}/{}/", o.name, o.expected))
        });
        assert!(
            home.is_some(),
            "{} ({} on {}) is in no verdict folder of a problem that lists it",
            e.path,
            e.expected,
            e.name
        );
        // A slow or wrong one names an input that catches it, unless it is a correct
        // solution (accepted on another problem) that is too slow only at this one's scale.
        let correct_elsewhere = entries
            .iter()
            .any(|o| o.path == e.path && o.expected == "accepted");
        match &e.catches {
            Some(input) => assert!(is_valid(e.problem, input.as_bytes()), "{}", e.path),
            None => assert!(
                e.expected == "accepted"
                    || (e.expected == "time_limit_exceeded" && correct_elsewhere),
                "{} needs an input that catches it",
                e.path
            ),
        }
    }
    for problem in Format::ALL {
        let count = |expected: &str, language: Option<&str>| {
            entries
                .iter()
                .filter(|e| e.problem == problem && e.expected == expected)
                .filter(|e| language.is_none_or(|l| e.language == l))
                .count()
        };
        assert!(count("accepted", Some("cpp")) >= 1, "{problem}");
        assert!(count("accepted", Some("rust")) >= 1, "{problem}");
        assert!(count("wrong_answer", None) >= 6, "{problem}");
        assert!(count("time_limit_exceeded", None) >= 1, "{problem}");
    }
    // Every problem (not only each format) has a Python and a Java solution.
    let names: BTreeSet<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    for name in names {
        for id in ["python3", "java"] {
            assert!(
                entries.iter().any(|e| e.name == name && e.language == id),
                "{name} has no {id} solution"
            );
        }
    }
}

#[test]
fn each_solution_does_what_the_manifest_says_on_the_catching_inputs() {
    let entries = manifest();
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("solutions");
    let built = parallel(&entries, 2, |e| {
        compile(
            &root().join(&e.path),
            e.standard,
            &cache,
            &jail(),
            &BuildLimits::DEFAULT,
        )
    });
    // Generous for the right solutions (the slowest needs 0.45 s of CPU here; the wall-clock
    // limit is loose, as a loaded machine stretches wall time, not CPU time), short for the
    // slow ones (they need 10 s or more).
    let generous = Limits {
        wall: Duration::from_secs(30),
        ..Limits::with_cpu(Duration::from_secs(3))
    };
    let short = Limits::with_cpu(Duration::from_millis(500));
    let mut jobs = Vec::new();
    for (e, built) in entries.iter().zip(built) {
        let built = match built {
            Ok(built) => built,
            Err(CompileError::CompilerMissing { .. }) => continue,
            Err(error) => panic!("{error}"),
        };
        let inputs = entries.iter().filter(|other| match e.expected {
            "accepted" => other.name == e.name && other.catches.is_some(),
            _ => std::ptr::eq(*other, e) && other.catches.is_some(),
        });
        for input in inputs {
            jobs.push((e, built.clone(), input.catches.clone().unwrap()));
        }
    }
    assert!(!jobs.is_empty());
    let sandbox = Sandbox::new(SandboxMode::Auto).unwrap();
    let results = parallel(&jobs, 2, |(e, built, input)| {
        let limits = built.limits(if e.expected == Expected::TimeLimitExceeded.name() {
            &short
        } else {
            &generous
        });
        let argv = built.command(&limits);
        let input = Input::Bytes(input.as_bytes());
        run_with_files(&argv, input, &e.files, &limits, &sandbox)
    });
    for ((e, _, input), result) in jobs.iter().zip(results) {
        let expected = reference(e.problem, input.as_bytes());
        // The output file, when the run wrote one, is its output, as the judge takes it; the
        // only one of a problem of the files alone (standard output is then not judged).
        let output: &[u8] = match &result.output_file {
            OutputFile::Written(bytes) => bytes,
            _ if e.files.only => &[],
            _ => &result.stdout,
        };
        let context = format!("{} on {input:?}: {}", e.path, result.outcome);
        match e.expected {
            "accepted" => {
                assert_eq!(result.outcome, Outcome::Exited(0), "{context}");
                if e.options.order == Order::LexSmallest {
                    // One right answer: the reference solver's, byte for byte.
                    assert_eq!(
                        String::from_utf8_lossy(output),
                        String::from_utf8_lossy(&expected),
                        "{context}"
                    );
                }
                let verdict = check(
                    e.problem,
                    input.as_bytes(),
                    &expected,
                    &mut &output[..],
                    &e.options,
                )
                .verdict;
                assert_eq!(verdict, CheckVerdict::Accepted, "{context}");
            }
            "wrong_answer" => {
                assert_eq!(result.outcome, Outcome::Exited(0), "{context}");
                let verdict = check(
                    e.problem,
                    input.as_bytes(),
                    &expected,
                    &mut &output[..],
                    &e.options,
                )
                .verdict;
                assert!(
                    matches!(
                        verdict,
                        CheckVerdict::WrongAnswer | CheckVerdict::PresentationError
                    ),
                    "{context}: the checker says {verdict:?}"
                );
            }
            _ => assert!(matches!(result.outcome, Outcome::TimeLimit(_)), "{context}"),
        }
    }
}

/// The jail builds run in.
fn jail() -> Sandbox {
    Sandbox::new(boardjudge::runner::SandboxMode::Auto).unwrap()
}
