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

mod common;
use common::cli::{JUDGE, repo, scratch, text};

fn corpus(format: Format) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/validate_corpus")
        .join(format.name())
}

/// Runs `validate` with `args`, feeding `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(repo(), args, stdin)
}

/// Runs `validate` with `args` in `dir`, feeding `stdin`.
fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_validate"))
        .args(args)
        .current_dir(dir)
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
        let mut lines = err.lines();
        let verdict = lines.next().unwrap_or_default();
        assert!(
            verdict.ends_with(&format!(" (at most {})", format.max_cases())),
            "{err}"
        );
        // A format alone checks the format's widest limit: where a problem of judge.toml
        // allows fewer cases (sicily and rotation: 30), a note says so; msquare's one board
        // is every msquare problem's limit.
        // (sicily and sicilylex, of the same limit, are named together.)
        let note = match format {
            Format::Msquare => None,
            Format::Sicily => Some(
                "note: sicily: checked the format only; the problems sicily and sicilylex allow \
                 at most 30 cases: use --problem sicily, --problem sicilylex or --max-cases 30"
                    .to_string(),
            ),
            _ => Some(format!(
                "note: {format}: checked the format only; the problem {format} allows at most \
                 30 cases: use --problem {format} or --max-cases 30"
            )),
        };
        assert_eq!(lines.next().map(str::to_string), note, "{path}: {err}");
        assert_eq!(lines.next(), None, "{path}: {err}");
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

/// `judge ARGS` run in `dir`.
fn judge_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(JUDGE)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// `validate ARGS` run in `dir`.
fn validate_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_validate"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Two rotation inputs in a scratch directory, 30 boards (rotation's max_cases) and 31.
fn thirty_and_one(name: &str) -> (PathBuf, String, String) {
    let dir = scratch("validate", name);
    let boards = |n: usize| generated(&["rotation", "--seed", "5", "--cases", &n.to_string()]);
    fs::write(dir.join("30.in"), boards(30)).unwrap();
    fs::write(dir.join("31.in"), boards(31)).unwrap();
    let path = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let (thirty, one_more) = (path("30.in"), path("31.in"));
    (dir, thirty, one_more)
}

#[test]
fn judge_validate_checks_a_problems_own_limits() {
    let (dir, thirty, one_more) = thirty_and_one("judge");
    // From a folder below judge.toml, as every judge command finds it.
    let below = repo().join("testdata/rotation");
    let out = judge_in(&below, &["validate", "rotation", &one_more]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    let head = format!(
        "{one_more}:31:1: case 31: more than 30 cases: the statement allows at most 30 in one \
         input (the problem rotation's max_cases, ../../judge.toml:"
    );
    assert!(stdout.starts_with(&head), "{stdout}");
    let out = judge_in(&below, &["validate", "rotation", &thirty]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!("{thirty}: valid: 30 cases (at most 30, the problem rotation's max_cases)\n")
    );
    // Several files: each named, then the count; one invalid file decides the exit code.
    let out = judge_in(&below, &["validate", "rotation", &thirty, &one_more]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).ends_with("rotation: 1 of 2 input(s) valid\n"),
        "{}",
        text(&out.stdout)
    );
    // rotationlarge, the same format, allows 1,000 boards.
    let out = judge_in(&below, &["validate", "rotationlarge", &one_more]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // Usage: an unknown problem, a missing file, no judge.toml (named: --plan).
    let out = judge_in(&below, &["validate", "rotaton", &thirty]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no problem 'rotaton'"));
    let missing = dir.join("none.in");
    let out = judge_in(&below, &["validate", "rotation", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = judge_in(&dir, &["validate", "rotation", &thirty]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--plan"),
        "{}",
        text(&out.stderr)
    );
    let plan = repo().join("judge.toml");
    let plan = plan.to_str().unwrap();
    let out = judge_in(&dir, &["validate", "--plan", plan, "rotation", &thirty]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn validate_takes_a_problem_by_name() {
    let (dir, thirty, one_more) = thirty_and_one("problem");
    let out = validate_in(repo(), &["--problem", "rotation", &one_more]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.starts_with(&format!("{one_more}:31:1: case 31: more than 30 cases")),
        "{err}"
    );
    assert!(
        err.contains("(the problem rotation's max_cases, judge.toml:"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let out = validate_in(repo(), &["--problem", "rotation", &thirty]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        format!("{thirty}: valid: 30 cases (at most 30, the problem rotation's max_cases)\n")
    );
    // Kattis' codes, the input on stdin.
    let input = fs::read(&one_more).unwrap();
    let kattis = ["--problem", "rotation", "--protocol", "kattis", "--flag"];
    let out = run_in(repo(), &kattis, &input);
    assert_eq!(out.status.code(), Some(43), "{}", text(&out.stderr));
    // judge.toml from above, or from --plan; none is a usage error that names --plan.
    let out = validate_in(&repo().join("docs"), &["--problem", "rotation", &thirty]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = validate_in(&dir, &["--problem", "rotation", &thirty]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("give its path with --plan"));
    let plan = repo().join("judge.toml");
    let with_plan = [
        "--problem",
        "rotation",
        "--plan",
        plan.to_str().unwrap(),
        &one_more,
    ];
    assert_eq!(validate_in(&dir, &with_plan).status.code(), Some(3));
    // A format and a problem, or a problem and --max-cases, are one limit too many.
    let both = validate_in(repo(), &["rotation", "--problem", "rotation", &thirty]);
    assert_eq!(both.status.code(), Some(2));
    assert!(
        text(&both.stderr).contains("not both"),
        "{}",
        text(&both.stderr)
    );
    let args = ["--problem", "rotation", "--max-cases", "5", &thirty];
    assert_eq!(validate_in(repo(), &args).status.code(), Some(2));
    let out = validate_in(repo(), &["--problem", "rotaton", &thirty]);
    assert_eq!(out.status.code(), Some(2));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_format_alone_says_which_problem_limits_it_did_not_check() {
    let (dir, thirty, one_more) = thirty_and_one("format-only");
    // The case: 31 boards pass the format's limits, and the note says what a
    // problem of judge.toml would have refused.
    let out = validate_in(repo(), &["rotation", &one_more]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr),
        format!(
            "{one_more}: valid: 31 cases (at most 1000)\nnote: rotation: checked the format \
             only; the problem rotation allows at most 30 cases: use --problem rotation or \
             --max-cases 30\n"
        )
    );
    assert!(out.stdout.is_empty());
    // With the problem's limit given by hand, nothing is left unchecked: no note.
    let out = validate_in(repo(), &["rotation", "--max-cases", "30", &thirty]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr).lines().count(),
        1,
        "{}",
        text(&out.stderr)
    );
    // Without judge.toml the note cannot name a problem, and says so.
    let out = validate_in(&dir, &["rotation", &thirty]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains(
            "note: rotation: checked the format only (at most 1000 cases); no judge.toml here"
        ),
        "{}",
        text(&out.stderr)
    );
    // msquare's one board is every msquare problem's limit: nothing to note, judge.toml or not.
    let board = repo().join("testdata/msquare/samples/statement.in");
    let out = validate_in(&dir, &["msquare", board.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr).lines().count(),
        1,
        "{}",
        text(&out.stderr)
    );
    let _ = fs::remove_dir_all(&dir);
}
