//! The `check` binary: argv conventions, usage errors, report files, missing files, and
//! hostile outputs of 100 MB piped through it (stopped early, in bounded memory).

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const CHECK: &str = env!("CARGO_BIN_EXE_check");

const SICILY_INPUT: &[u8] = b"4\n5 8 7 6\n4 1 2 3\n-1\n";
const SICILY_ANSWER: &[u8] = b"2 AB\n";

/// A scratch directory holding a sicily input and its answer.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "boardjudge-check-binary-{}-{name}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("in"), SICILY_INPUT).unwrap();
        fs::write(dir.join("ans"), SICILY_ANSWER).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }

    fn write(&self, name: &str, bytes: &[u8]) -> String {
        fs::write(self.0.join(name), bytes).unwrap();
        self.path(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn run(args: &[&str]) -> Output {
    Command::new(CHECK)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn help_teaches_the_three_protocols() {
    let out = run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "check [--format F] <input> <output> <answer> [<report> [-appes]]",
        "--protocol kattis <input> <answer> <feedback_dir> [flags...] < output",
        "--protocol cms <input> <answer> <output>",
        "exit 0 ok, 1 wrong answer, 2 wrong output format, 3 FAIL",
        "exit 42 accepted, 43 rejected, 1 judge failure",
        "translate:success",
        "e.g. check --format sicily 01.in contestant.out 01.ans report.txt",
        "lex-smallest",
        "any-within-limit",
        "--team-feedback",
        "teammessage.txt (shown to the team) only with --team-feedback brief",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}:\n{help}");
    }
}

#[test]
fn usage_errors_exit_with_3() {
    let s = Scratch::new("usage");
    let (input, answer) = (s.path("in"), s.path("ans"));
    let output = s.write("out", SICILY_ANSWER);
    let cases: [(&[&str], &str); 7] = [
        (&["--bogus", &input, &output, &answer], "--bogus"),
        (&["--order", "bogus", &input, &output, &answer], "bogus"),
        (&["--format", "chess", &input, &output, &answer], "chess"),
        (
            &["--wrap", "0", &input, &output, &answer],
            "--wrap must be at least 1",
        ),
        (&[&input, &output], "got 2 arguments"),
        (
            &[&input, &output, &answer, "--format", "sicily"],
            "options (--format, --protocol, --order, --wrap) go before the files",
        ),
        (
            &["--protocol", "cms", &input, &answer, &output, "extra"],
            "cms takes <input> <answer> <output>, got 4 arguments",
        ),
    ];
    for (args, message) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn an_unknown_option_is_never_taken_for_a_file() {
    let s = Scratch::new("option-as-file");
    let (input, answer) = (s.path("in"), s.path("ans"));
    let output = s.write("out", SICILY_ANSWER);
    let feedback = s.path("feedback");
    fs::create_dir(&feedback).unwrap();
    let cases: [&[&str]; 6] = [
        // Shifted, these would make the jury answer the report file and overwrite it.
        &["--bogus", &input, &output, &answer],
        &["-x", &input, &output, &answer],
        &["--bogus=3", &input, &output, &answer],
        &[&input, &output, &answer, "--json"],
        &[
            "--protocol",
            "kattis",
            "--bogus",
            &input,
            &answer,
            &feedback,
        ],
        &["--protocol", "cms", &input, "-x", &output],
    ];
    for args in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("unknown option"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(
            fs::read(&answer).unwrap(),
            SICILY_ANSWER,
            "{args:?} wrote the answer"
        );
    }
    assert!(!Path::new("--json").exists());
    // Kattis flags after the feedback directory stay accepted.
    let out = Command::new(CHECK)
        .args([
            "--protocol",
            "kattis",
            &input,
            &answer,
            &feedback,
            "--any",
            "-flag",
        ])
        .stdin(fs::File::open(&output).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(42), "{}", stderr(&out));
}

#[test]
fn a_bad_jury_file_fails_even_when_the_output_is_missing() {
    let s = Scratch::new("jury-first");
    let nothing = s.path("nothing");
    let bad_input = s.write("bad.in", b"4\n5 8 7 6\n4 1 2 2\n-1\n");
    let out = run(&["--format", "sicily", &bad_input, &nothing, &s.path("ans")]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("FAIL invalid input: 3:7"),
        "{}",
        stderr(&out)
    );
    let wrong_answer = s.write("wrong.ans", b"2 BA\n");
    let out = run(&[&s.path("in"), &nothing, &wrong_answer]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("FAIL the jury answer"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn testlib_appes_writes_xml() {
    let s = Scratch::new("appes");
    let output = s.write("out", b"2 BA\n");
    let report = s.path("report.xml");
    let out = run(&[&s.path("in"), &output, &s.path("ans"), &report, "-appes"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let xml = fs::read_to_string(&report).unwrap();
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<result outcome=\"wrong-answer\">case 1: BA is a shortest sequence"),
        "{xml}"
    );
    assert!(stderr(&out).starts_with("wrong answer case 1:"));
}

#[test]
fn missing_output_is_a_presentation_error_and_missing_jury_files_fail() {
    let s = Scratch::new("missing");
    let (input, answer, nothing) = (s.path("in"), s.path("ans"), s.path("nothing"));
    let out = run(&[&input, &nothing, &answer]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("does not exist"));

    let out = run(&["--protocol", "cms", &input, &answer, &nothing]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0.0\n");

    let output = s.write("out", SICILY_ANSWER);
    let out = run(&[&nothing, &output, &answer]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).starts_with("FAIL cannot read the input"));

    let feedback = s.path("feedback");
    fs::create_dir(&feedback).unwrap();
    let out = Command::new(CHECK)
        .args(["--protocol", "kattis", &input, &nothing, &feedback])
        .stdin(fs::File::open(&output).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let error = fs::read_to_string(Path::new(&feedback).join("judgeerror.txt")).unwrap();
    assert!(
        error.starts_with("FAIL cannot read the jury answer"),
        "{error}"
    );
}

#[test]
fn kattis_without_a_feedback_directory_is_a_judge_failure() {
    let s = Scratch::new("nofeedback");
    let output = s.write("out", SICILY_ANSWER);
    let out = Command::new(CHECK)
        .args(["--protocol", "kattis", &s.path("in"), &s.path("ans")])
        .arg(s.path("no/such/dir"))
        .stdin(fs::File::open(&output).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write"));
}

#[test]
fn an_unrecognisable_input_fails_without_format() {
    let s = Scratch::new("detect");
    let input = s.write("weird", b"1 2 3\n");
    let output = s.write("out", SICILY_ANSWER);
    let out = run(&[&input, &output, &s.path("ans")]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).starts_with("FAIL cannot recognise the format"));
}

#[test]
fn output_over_the_cap_is_rejected() {
    let s = Scratch::new("cap");
    let mut big = SICILY_ANSWER.to_vec();
    big.resize((1 << 20) + 1, b' ');
    let output = s.write("out", &big);
    let out = run(&[&s.path("in"), &output, &s.path("ans")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("wrong answer output too long: more than 1048576 bytes"),
        "{}",
        stderr(&out)
    );
    // Exactly at the cap, the trailing spaces are accepted.
    big.pop();
    let output = s.write("out", &big);
    let out = run(&[&s.path("in"), &output, &s.path("ans")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// What a child did with a stream piped into it.
struct Piped {
    code: Option<i32>,
    stderr: String,
    written: u64,
    max_rss_kib: i64,
    elapsed: Duration,
}

/// Runs `check` with `args`, writing `total` bytes of `chunk` (repeated) to its standard
/// input until it stops reading; measures its peak memory with `wait4`.
#[allow(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
fn pipe_through(args: &[&str], chunk: &[u8], total: u64) -> Piped {
    let start = Instant::now();
    let mut child = Command::new(CHECK)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let chunk = chunk.to_vec();
    let writer = std::thread::spawn(move || {
        let mut written = 0u64;
        while written < total {
            match stdin.write(&chunk) {
                Ok(n) => written += n as u64,
                Err(_) => break,
            }
        }
        written
    });
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: waits for our own child process, with valid pointers to locals.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid);
    let elapsed = start.elapsed();
    let written = writer.join().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    Piped {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        stderr,
        written,
        max_rss_kib: usage.ru_maxrss,
        elapsed,
    }
}

const HUNDRED_MB: u64 = 100 << 20;

fn assert_stopped_early(piped: &Piped) {
    assert!(
        piped.written < HUNDRED_MB / 10,
        "the checker read {} bytes",
        piped.written
    );
    assert!(
        piped.max_rss_kib < 64 * 1024,
        "peak memory {} KiB",
        piped.max_rss_kib
    );
    assert!(
        piped.elapsed < Duration::from_secs(10),
        "took {:?}",
        piped.elapsed
    );
}

#[test]
fn hundred_megabytes_of_lines_through_kattis_stop_early() {
    let s = Scratch::new("kattis100");
    let feedback = s.path("feedback");
    fs::create_dir(&feedback).unwrap();
    let piped = pipe_through(
        &[
            "--protocol",
            "kattis",
            "--team-feedback",
            "brief",
            &s.path("in"),
            &s.path("ans"),
            &feedback,
        ],
        &b"2 AB\n".repeat(1 << 14),
        HUNDRED_MB,
    );
    assert_eq!(piped.code, Some(43), "{}", piped.stderr);
    assert!(piped.stderr.contains("output too long"), "{}", piped.stderr);
    let team = fs::read_to_string(Path::new(&feedback).join("teammessage.txt")).unwrap();
    assert_eq!(team, "WA: output too long\n");
    assert_stopped_early(&piped);
}

#[test]
fn a_hundred_megabyte_line_through_testlib_stops_early() {
    let s = Scratch::new("testlib100");
    let piped = pipe_through(
        &[&s.path("in"), "/dev/stdin", &s.path("ans")],
        &[b'A'; 1 << 16],
        HUNDRED_MB,
    );
    assert_eq!(piped.code, Some(1), "{}", piped.stderr);
    assert!(
        piped.stderr.starts_with("wrong answer output too long"),
        "{}",
        piped.stderr
    );
    assert_stopped_early(&piped);
}

#[test]
fn colour_only_on_a_terminal() {
    let s = Scratch::new("colour");
    let output = s.write("out", b"2 BA\n");
    let out = run(&[&s.path("in"), &output, &s.path("ans")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains('\x1b'), "{}", stderr(&out));
    assert!(stderr(&out).contains("\n-2 AB\n+2 BA"), "{}", stderr(&out));
}

#[test]
fn an_unwritable_report_or_feedback_file_is_a_judge_failure_never_ok() {
    let s = Scratch::new("unwritable");
    let good = s.write("out", SICILY_ANSWER);
    let report = s.path("no-such-dir/report.txt");
    let out = run(&[&s.path("in"), &good, &s.path("ans"), &report]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(text.starts_with("FAIL cannot write "), "{text}");
    assert!(!text.contains("ok "), "{text}");

    let feedback = s.path("no-such-feedback-dir");
    let out = Command::new(CHECK)
        .args([
            "--protocol",
            "kattis",
            &s.path("in"),
            &s.path("ans"),
            &feedback,
        ])
        .stdin(fs::File::open(&good).unwrap())
        .output()
        .unwrap();
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.starts_with("FAIL cannot write "), "{text}");
    assert!(text.contains("judgemessage.txt"), "{text}");
    assert!(!text.contains("ok "), "{text}");
}

#[test]
fn team_feedback_is_off_by_default_and_brief_on_request() {
    let s = Scratch::new("team-feedback");
    let bad = s.write("out", b"2 BA\n");
    let feedback = s.path("fb");
    fs::create_dir(&feedback).unwrap();
    let kattis = |extra: &[&str]| {
        let mut args = vec!["--protocol", "kattis"];
        args.extend_from_slice(extra);
        let (input, answer) = (s.path("in"), s.path("ans"));
        args.extend([input.as_str(), answer.as_str(), feedback.as_str()]);
        Command::new(CHECK)
            .args(&args)
            .stdin(fs::File::open(&bad).unwrap())
            .output()
            .unwrap()
    };
    let out = kattis(&[]);
    assert_eq!(out.status.code(), Some(43));
    assert!(!Path::new(&feedback).join("teammessage.txt").exists());
    let judge = fs::read_to_string(Path::new(&feedback).join("judgemessage.txt")).unwrap();
    assert!(judge.contains("AB is lexicographically smaller"), "{judge}");
    let out = kattis(&["--team-feedback", "brief"]);
    assert_eq!(out.status.code(), Some(43));
    let team = fs::read_to_string(Path::new(&feedback).join("teammessage.txt")).unwrap();
    assert_eq!(team, "WA case 1: shortest, but not the lex smallest\n");

    let cms = |extra: &[&str]| {
        let mut args = vec!["--protocol", "cms"];
        args.extend_from_slice(extra);
        let (input, answer) = (s.path("in"), s.path("ans"));
        args.extend([input.as_str(), answer.as_str(), bad.as_str()]);
        run(&args)
    };
    let out = cms(&[]);
    assert_eq!(out.stdout, b"0.0\n");
    assert_eq!(stderr(&out), "translate:wrong\n");
    let out = cms(&["--team-feedback", "brief"]);
    assert_eq!(
        stderr(&out),
        "WA case 1: shortest, but not the lex smallest\n"
    );
}

#[test]
fn swapped_answer_and_output_are_named_and_stay_a_judge_failure() {
    let s = Scratch::new("swapped");
    let input = s.path("in");
    let right = s.path("ans");
    let wrong = s.write("wrong", b"1 A\n");
    let orders = [
        "testlib: check <input> <output> <answer>",
        "kattis:  check --protocol kattis <input> <answer> <feedback_dir> < output",
        "cms:     check --protocol cms <input> <answer> <output>",
    ];
    // testlib with the answer before the output (the Kattis and CMS habit).
    let out = run(&[&input, &right, &wrong]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(
        message.starts_with("FAIL the jury answer is wrong"),
        "{message}"
    );
    assert!(
        message.contains("hint: the files look swapped"),
        "{message}"
    );
    assert!(message.contains("This call speaks testlib"), "{message}");
    for order in orders {
        assert!(message.contains(order), "{message}");
    }
    // cms with the output before the answer.
    let out = run(&["--protocol", "cms", &input, &wrong, &right]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("This call speaks cms"),
        "{}",
        stderr(&out)
    );
    // kattis with the answer on standard input.
    let feedback = s.path("feedback");
    fs::create_dir(&feedback).unwrap();
    let out = Command::new(CHECK)
        .args(["--protocol", "kattis", &input, &wrong, &feedback])
        .stdin(fs::File::open(&right).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let judge_error = fs::read_to_string(Path::new(&feedback).join("judgeerror.txt")).unwrap();
    assert!(
        judge_error.contains("the output (standard input) would pass it"),
        "{judge_error}"
    );
    // A bad jury answer with an output no better: no hint, the same FAIL.
    let other = s.write("other", b"3 ABC\n");
    let out = run(&[&input, &other, &wrong]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(!stderr(&out).contains("look swapped"), "{}", stderr(&out));
}
