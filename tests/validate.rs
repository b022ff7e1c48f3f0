//! The `validate` binary on a corpus of valid and invalid inputs, in both protocols.
//!
//! `tests/validate_corpus/<format>/valid/` holds inputs that must pass; `invalid/` holds
//! inputs that must fail, each listed in `expected.tsv` with the `line:col` of its first
//! fault, a piece of the message and, in an optional fourth column, the validator's options
//! (`--max-cases K`: the problem's statement limit).

use std::collections::BTreeSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use boardjudge::format::Format;

fn corpus(format: Format) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/validate_corpus")
        .join(format.name())
}

/// Runs `validate` with `args`, feeding `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_validate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The validator may stop reading at the first fault: a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn files(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect()
}

fn check_valid(format: Format) {
    let dir = corpus(format).join("valid");
    let names = files(&dir);
    assert!(!names.is_empty());
    for name in names {
        let path = dir.join(&name);
        let path = path.to_str().unwrap();
        let out = run(&[format.name(), path], b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{path}: {err}");
        // One line on stderr says it was checked; stdout stays empty, as testlib's.
        assert!(
            err.starts_with(&format!("{path}: valid: ")),
            "{path}: {err}"
        );
        assert!(
            err.ends_with(&format!(" (at most {})\n", format.max_cases())),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{path}: {err}");
        assert!(out.stdout.is_empty(), "{path}");
        let bytes = fs::read(path).unwrap();
        let out = run(&[format.name(), "--protocol", "kattis"], &bytes);
        assert_eq!(out.status.code(), Some(42), "{path} (kattis)");
        // Every valid file holds at most 30 cases: the limit of the default problems.
        if format != Format::Msquare {
            let out = run(&["--max-cases", "30", format.name(), path], b"");
            assert_eq!(out.status.code(), Some(0), "{path} with --max-cases 30");
        }
    }
}

fn check_invalid(format: Format) {
    let dir = corpus(format).join("invalid");
    let expected = fs::read_to_string(corpus(format).join("expected.tsv")).unwrap();
    let mut listed = BTreeSet::new();
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let (name, pos, fragment, options) = match line.split('\t').collect::<Vec<_>>()[..] {
            [name, pos, fragment] => (name, pos, fragment, Vec::new()),
            [name, pos, fragment, options] => {
                (name, pos, fragment, options.split(' ').collect::<Vec<_>>())
            }
            _ => panic!("bad line in expected.tsv: {line:?}"),
        };
        listed.insert(name.to_string());
        let path = dir.join(name);
        let path = path.to_str().unwrap();

        let out = run(&[&options[..], &[format.name(), path]].concat(), b"");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(3), "{path}: {err}");
        let head = format!("{path}:{pos}: ");
        assert!(
            err.starts_with(&head),
            "{name}: expected {head}..., got {err}"
        );
        assert!(
            err.contains(fragment),
            "{name}: expected {fragment:?} in {err}"
        );
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");

        let bytes = fs::read(path).unwrap();
        let kattis = [&options[..], &[format.name(), "--protocol", "kattis"]].concat();
        let out = run(&kattis, &bytes);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(43), "{name} (kattis): {err}");
        assert!(
            err.starts_with(&format!("<stdin>:{pos}: ")),
            "{name}: {err}"
        );
    }
    assert_eq!(
        listed,
        files(&dir),
        "every invalid file is listed, and only those"
    );
    assert!(
        listed.len() >= 20,
        "at least 20 invalid inputs for {format}"
    );
}

#[test]
fn sicily_corpus() {
    check_valid(Format::Sicily);
    check_invalid(Format::Sicily);
}

#[test]
fn msquare_corpus() {
    check_valid(Format::Msquare);
    check_invalid(Format::Msquare);
}

#[test]
fn rotation_corpus() {
    check_valid(Format::Rotation);
    check_invalid(Format::Rotation);
}

/// `gen`'s output for `args` (the statements' limits do not bind `gen`).
fn generated(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_gen"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success());
    out.stdout
}

#[test]
fn the_widest_statement_limits_are_the_default() {
    // sicilylarge allows 100,000 cases, rotationlarge 1,000 boards: one more is refused,
    // pointing at the extra case; a problem's smaller limit comes with --max-cases.
    let cases = |n: usize| n.to_string();
    let sicily = generated(&["sicily", "--seed", "1", "--cases", &cases(100_000)]);
    assert_eq!(run(&["sicily"], &sicily).status.code(), Some(0));
    let out = run(&["sicily", "--max-cases", "99999"], &sicily);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("<stdin>:299998:1: case 100000: more than 99999 cases"),
        "{err}"
    );
    let sicily = generated(&["sicily", "--seed", "1", "--cases", &cases(100_001)]);
    let out = run(&["sicily"], &sicily);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("<stdin>:300001:1: case 100001: more than 100000 cases"),
        "{err}"
    );
    let out = run(&["sicily", "--protocol", "kattis"], &sicily);
    assert_eq!(out.status.code(), Some(43));

    let rotation = generated(&["rotation", "--seed", "1", "--cases", &cases(1_000)]);
    assert_eq!(run(&["rotation"], &rotation).status.code(), Some(0));
    let rotation = generated(&["rotation", "--seed", "1", "--cases", &cases(1_001)]);
    let out = run(&["rotation"], &rotation);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("<stdin>:1001:1: case 1001: more than 1000 cases"),
        "{err}"
    );
    // A bad limit is a usage error.
    assert_eq!(
        run(&["sicily", "--max-cases", "0"], b"-1\n").status.code(),
        Some(2)
    );
}

#[test]
fn kattis_flags_are_ignored_and_stdin_is_read() {
    let input = b"4\n5 8 7 6\n4 1 2 3\n-1\n";
    let out = run(
        &["sicily", "--protocol", "kattis", "--some-flag", "x", "y"],
        input,
    );
    assert_eq!(out.status.code(), Some(42));
    let out = run(&["sicily", "--protocol", "kattis", "--some-flag"], b"4\n");
    assert_eq!(out.status.code(), Some(43));
}

#[test]
fn usage_and_io_errors() {
    // Testlib mode takes at most one file and no unknown flags.
    let out = run(&["sicily", "a.in", "b.in"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["sicily", "--strict"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["nonsense"], b"");
    assert_eq!(out.status.code(), Some(2));
    // A missing file is not a verdict on an input.
    let out = run(&["rotation", "/nonexistent/input"], b"");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open"));
    // Standard input, named as such.
    let out = run(&["msquare", "-"], b"1 2 3 4 5 6 7 8\n");
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["msquare"], b"1 2 3 4 5 6 7 8");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("<stdin>:1:16: "));
}
