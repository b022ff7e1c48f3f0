//! `judge check`: one output against one test with the problem's options from judge.toml,
//! the same verdict and message as `judge run`, testlib's exit codes.

mod common;

use common::cli::{repo, text};

use std::path::PathBuf;
use std::process::{Command, Output};

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");
const CHECK: &str = env!("CARGO_BIN_EXE_check");

/// A scratch directory for outputs and inputs; `judge` runs with the shipped judge.toml and
/// its committed test data.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("judge-check-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }

    fn write(&self, name: &str, bytes: &[u8]) -> String {
        std::fs::write(self.0.join(name), bytes).unwrap();
        self.path(name)
    }

    /// `judge <command> --plan ... --data ... <args>`: the shipped plan and its data.
    fn judge(&self, args: &[&str]) -> Output {
        let plan = repo().join("judge.toml");
        let data = repo().join("testdata");
        Command::new(JUDGE)
            .arg(args[0])
            .args(["--plan", plan.to_str().unwrap()])
            .args(["--data", data.to_str().unwrap()])
            .args(&args[1..])
            .output()
            .unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn judge_check_uses_the_plan_s_options_where_check_uses_its_defaults() {
    let s = Scratch::new("options");
    // The first sicily test with a case that has another shortest sequence: the output
    // gives that one, right under any-within-limit (the plan's sicily), wrong under
    // lex-smallest (check's default).
    let (name, output) = committed_tests("sicily")
        .into_iter()
        .find_map(|name| {
            let answer =
                std::fs::read_to_string(repo().join(format!("testdata/sicily/{name}.ans"))).ok()?;
            let mut lines: Vec<String> = answer.lines().map(String::from).collect();
            let i = lines.iter().position(|l| alternative(l).is_some())?;
            lines[i] = alternative(&lines[i])?;
            Some((name, format!("{}\n", lines.join("\n"))))
        })
        .expect("a sicily test with two shortest sequences for one case");
    let output = s.write("out", output.as_bytes());

    let o = s.judge(&["check", "sicily", &name, &output]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    assert_eq!(text(&o.stdout), format!("test {name}: AC\n"));
    let run = s.judge(&["run", "sicily", "--tests", &name, "--", "cat", &output]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));

    let input = repo().join(format!("testdata/sicily/{name}.in"));
    let answer = repo().join(format!("testdata/sicily/{name}.ans"));
    let bare = Command::new(CHECK)
        .args([input.to_str().unwrap(), &output, answer.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        bare.status.code(),
        Some(1),
        "check alone demands the smallest"
    );
}

/// `judge check PROBLEM samples/statement` on `output`: its exit code and first line.
fn check_sample(s: &Scratch, problem: &str, output: &str) -> (Option<i32>, String) {
    let file = s.write("sample-out", output.as_bytes());
    let o = s.judge(&["check", problem, "samples/statement", &file]);
    let checked = text(&o.stdout);
    let first = checked.lines().take(2).collect::<Vec<_>>().join("\n");
    (o.status.code(), first)
}

#[test]
fn sicily_takes_any_sequence_within_n_as_sicily_s_special_judge_did_and_sicilylex_the_smallest() {
    let s = Scratch::new("within");
    // The sample: N = 4, a board two moves away (AB or BA); N = 3, a board one move away (A).
    let right = [
        "2 AB\n1 A\n",
        "2 BA\n1 A\n",
        // Longer than the shortest, within N: what a 1150 program judged by Sicily prints.
        "4 AAAB\n3 AAA\n",
        "4 ABAA\n1 A\n",
    ];
    for output in right {
        let (code, line) = check_sample(&s, "sicily", output);
        assert_eq!(code, Some(0), "{output:?}: {line}");
        assert_eq!(line, "test samples/statement: AC");
    }
    let wrong = [
        // Two moves more than N = 4 (AAAA undoes itself, AB reaches the target).
        (
            "6 AAAAAB\n1 A\n",
            "case 1: your 6 moves reach the target, but the limit is N = 4",
        ),
        // Within N, but the moves end elsewhere.
        ("2 AA\n1 A\n", "case 1: after your moves the board is"),
        // -1 for a board within N.
        (
            "-1\n1 A\n",
            "case 1: you printed -1, but the target is reachable in 2 <= N = 4",
        ),
        (
            "2 AB\n-1\n",
            "case 2: you printed -1, but the target is reachable in 1 <= N = 3",
        ),
    ];
    for (output, message) in wrong {
        let (code, line) = check_sample(&s, "sicily", output);
        assert_eq!(code, Some(1), "{output:?}: {line}");
        assert!(
            line.starts_with("test samples/statement: WA\n") && line.contains(message),
            "{output:?}: {line}"
        );
    }
    // sicilylex, the strict rule: the smallest shortest sequence alone.
    let (code, line) = check_sample(&s, "sicilylex", "2 AB\n1 A\n");
    assert_eq!(
        (code, line.as_str()),
        (Some(0), "test samples/statement: AC")
    );
    let not_smallest = "case 1: BA is a shortest sequence, but AB is lexicographically smaller";
    let not_shortest = "case 1: your 4 moves reach the target, but 2 is the shortest (AB)";
    for (output, message) in [
        ("2 BA\n1 A\n", not_smallest),
        ("4 AAAB\n1 A\n", not_shortest),
    ] {
        let (code, line) = check_sample(&s, "sicilylex", output);
        assert_eq!(code, Some(1), "{output:?}: {line}");
        assert!(line.contains(message), "{output:?}: {line}");
    }
}

/// The tests of a problem's committed data, `group/name`, in plan order (from its manifest).
fn committed_tests(problem: &str) -> Vec<String> {
    let text =
        std::fs::read_to_string(repo().join(format!("testdata/{problem}/manifest.toml"))).unwrap();
    let manifest: toml::Table = text.parse().unwrap();
    manifest["test"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{}/{}",
                t["group"].as_str().unwrap(),
                t["name"].as_str().unwrap()
            )
        })
        .collect()
}

/// Another sequence of the same length as `line`'s (`M letters`, M <= 7) reaching the same
/// board, tried in every order of A, B, C.
fn alternative(line: &str) -> Option<String> {
    use boardjudge::puzzle::magic::{Board, Op, ops_to_string};
    let (_, letters) = line.split_once(' ')?;
    if letters.len() > 7 {
        return None;
    }
    let ops: Vec<Op> = letters
        .bytes()
        .map(Op::from_letter)
        .collect::<Option<_>>()?;
    let target = Board::START.apply_all(&ops);
    let n = ops.len() as u32;
    (0..3usize.pow(n)).find_map(|mut code| {
        let seq: Vec<Op> = (0..n)
            .map(|_| {
                let op = Op::from_letter(b"ABC"[code % 3]).unwrap();
                code /= 3;
                op
            })
            .collect();
        let text = ops_to_string(&seq);
        (text != letters && Board::START.apply_all(&seq) == target).then(|| format!("{n} {text}"))
    })
}

#[test]
fn judge_check_prints_judge_run_s_message() {
    let s = Scratch::new("message");
    let output = s.write("out", b"7\nBCABCBC\n");
    // A test by its group/name, by its bare name, with .in: the same test.
    for test in ["samples/statement", "statement", "statement.in"] {
        let o = s.judge(&["check", "msquare", test, &output]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
        let checked = text(&o.stdout);
        assert!(
            checked.starts_with("test samples/statement: WA\ncase 1: "),
            "{checked}"
        );
    }
    let o = s.judge(&["check", "msquare", "samples/statement", &output]);
    let checked = text(&o.stdout);
    assert!(
        checked.contains("expected (the only right answer)"),
        "{checked}"
    );

    let run = s.judge(&[
        "run", "msquare", "--tests", "samples", "--jobs", "1", "--", "cat", &output,
    ]);
    assert_eq!(run.status.code(), Some(1));
    // judge run's report, on stdout, holds the same message.
    let report = text(&run.stdout);
    assert!(
        report.contains(checked.trim_end()),
        "judge run's message differs:\n{report}\n--- judge check:\n{checked}"
    );
}

#[test]
fn an_input_file_is_solved_by_the_reference_solver() {
    let s = Scratch::new("input");
    let input = s.write("board.in", b"2 6 8 4 5 7 3 1\n");
    let good = s.write("good", b"7\nBCABCCB\n");
    let o = s.judge(&["check", "msquare", &input, &good]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    let bad = s.write("bad", b"7 BCABCCB\n");
    let o = s.judge(&["check", "msquare", &input, &bad]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("wrong output format") || text(&o.stdout).contains(": PE"));

    let invalid = s.write("invalid.in", b"2 6 8 4 5 7 3 3\n");
    let o = s.judge(&["check", "msquare", &invalid, &good]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stdout));
    assert!(
        text(&o.stdout).contains("invalid input"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn failures_of_the_command_exit_with_3_and_a_missing_output_with_2() {
    let s = Scratch::new("errors");
    let good = s.write("good", b"7\nBCABCCB\n");
    for args in [
        vec!["check", "nosuch", "samples/statement", good.as_str()],
        vec!["check", "msquare", "no-such-test", good.as_str()],
        vec!["check", "msquare", "01", good.as_str()],
        vec!["check", "msquare", "samples/statement"],
        vec![
            "check",
            "msquare",
            "samples/statement",
            good.as_str(),
            "--order",
            "x",
        ],
    ] {
        let o = s.judge(&args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", text(&o.stderr));
    }
    let o = s.judge(&["check", "msquare", "01", good.as_str()]);
    assert!(
        text(&o.stderr).contains("give group/name, e.g. samples/statement"),
        "{}",
        text(&o.stderr)
    );
    let missing = s.path("missing");
    let o = s.judge(&["check", "msquare", "samples/statement", &missing]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("does not exist"));
    let o = s.judge(&["check", "msquare", "samples/statement", &good, "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(value["verdict"], "AC", "{value}");
    assert_eq!(value["test"], "samples/statement", "{value}");
}

#[test]
fn a_10_mb_output_gets_one_verdict_and_its_sizes_in_judge_run_judge_check_and_check() {
    // The case: a tiny program printing 10 MB. The file holds exactly its bytes.
    const SIZE: usize = 10 << 20;
    let line = b"AAAAAAAAA\n";
    let big: Vec<u8> = line.iter().copied().cycle().take(SIZE).collect();
    let dir = std::env::temp_dir().join(format!("judge-check-10mb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let output = dir.join("out");
    std::fs::write(&output, &big).unwrap();
    let output = output.to_str().unwrap();
    let test = repo().join("testdata/msquare/samples/statement");
    let answer = std::fs::read(test.with_extension("ans")).unwrap();
    let expected = format!(
        "output too long: more than 1048576 bytes, over the cap of 1048576 bytes (max(1 MiB, 4 \
         x the jury answer's {} bytes)); the rest was not read",
        answer.len()
    );

    let script = format!("yes AAAAAAAAA | head -c {SIZE}");
    let run = Command::new(JUDGE)
        .current_dir(repo())
        .args(["run", "msquare", "--tests", "samples/statement", "--json"])
        .args(["--confirm", "0", "--", "sh", "-c", &script])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let result = &v["results"][0];
    assert_eq!(result["verdict"], "WA", "{result}");
    assert_eq!(result["summary"], expected.as_str(), "judge run: {result}");

    let checked = Command::new(JUDGE)
        .current_dir(repo())
        .args(["check", "msquare", "samples/statement", output, "--json"])
        .output()
        .unwrap();
    assert_eq!(checked.status.code(), Some(1), "{}", text(&checked.stderr));
    let v: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
    assert_eq!(v["verdict"], "WA", "{v}");
    assert_eq!(v["summary"], expected.as_str(), "judge check: {v}");

    let input = test.with_extension("in");
    let ans = test.with_extension("ans");
    let check = Command::new(CHECK)
        .arg(&input)
        .arg(output)
        .arg(&ans)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(1));
    assert_eq!(text(&check.stderr), format!("wrong answer {expected}\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn swapped_test_and_output_are_named_and_stay_a_judge_failure() {
    let dir = std::env::temp_dir().join(format!("judge-check-swapped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = dir.join("out");
    std::fs::write(&output, b"7\nBCABCCB\n").unwrap();
    let output = output.to_str().unwrap();
    let check = |args: &[&str]| {
        Command::new(JUDGE)
            .arg("check")
            .args(args)
            .current_dir(repo())
            .output()
            .unwrap()
    };
    // The output first, then a test's name or its input file.
    for (test, says) in [
        ("samples/statement", "names the test samples/statement"),
        (
            "testdata/msquare/samples/statement.in",
            "is a valid input of msquare",
        ),
    ] {
        let o = check(&["msquare", output, test]);
        assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(out.contains(": FAIL"), "{out}");
        assert!(out.contains("hint: the arguments look swapped"), "{out}");
        assert!(out.contains(says), "{out}");
        assert!(out.contains("judge check PROBLEM TEST OUTPUT"), "{out}");
    }
    // In order: accepted, no hint.
    let o = check(&["msquare", "samples/statement", output]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    // An input that is no input, and an output that is no test either: no hint.
    let o = check(&["msquare", output, output]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        !text(&o.stdout).contains("look swapped"),
        "{}",
        text(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_endless_output_is_too_long_within_a_bounded_address_space() {
    use std::os::unix::process::CommandExt;
    // 256 MiB of address space: the judge's own needs and the 1 MiB cap fit; reading
    // /dev/zero whole does not (it ran out of memory, a signal and no verdict).
    const LIMIT: libc::rlim_t = 256 << 20;
    let s = Scratch::new("endless");
    let bad_input = s.write("bad.in", b"not an input\n");
    let bounded = |test: &str| {
        let mut cmd = Command::new(JUDGE);
        cmd.current_dir(repo())
            .args(["check", "msquare", test, "/dev/zero"]);
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: LIMIT,
                    rlim_max: LIMIT,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            })
        };
        cmd.output().unwrap()
    };
    let o = bounded("samples/statement");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(out.contains("samples/statement: WA"), "{out}");
    assert!(
        out.contains("output too long: more than 1048576 bytes, over the cap of 1048576 bytes"),
        "{out}"
    );
    // A bad input file: a judge failure, and the swapped-arguments hint does not read the
    // endless output as an input either.
    let o = bounded(&bad_input);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(3), "{out}{}", text(&o.stderr));
    assert!(out.contains(": FAIL"), "{out}");
}
