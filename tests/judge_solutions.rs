//! `judge run`, `judge stress` and `judge strength` through the binary, with small solutions
//! written as shell commands and the reference `solve` as an accepted one.

mod common;

use common::cli::{JUDGE, built_copy, judge, judge_in, repo, text};
use common::need::need;

use std::path::{Path, PathBuf};
use std::process::Command;

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");

/// A copy of judge.toml and testdata/ to modify.
fn scratch(name: &str) -> PathBuf {
    built_copy("judge-sol", name)
}

#[test]
fn the_reference_solver_is_accepted_on_every_test() {
    for problem in ["sicily", "msquare", "rotation"] {
        let o = judge(&["run", problem, "--", SOLVE, problem]);
        let out = text(&o.stdout);
        assert!(o.status.success(), "{problem}: {out}{}", text(&o.stderr));
        assert!(out.contains(" tests accepted"), "{out}");
        assert!(!out.contains("WA") && !out.contains("TLE"), "{out}");
    }
}

#[test]
fn json_results_for_scripts() {
    let o = judge(&[
        "run",
        "msquare",
        "--tests",
        "samples,edge",
        "--tests",
        "max-depth",
        "--json",
        "--",
        SOLVE,
        "msquare",
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    assert_eq!(v["problem"], "msquare");
    assert_eq!(v["total"], 7);
    assert_eq!(v["passed"], 7);
    let first = &v["results"][0];
    assert_eq!(first["test"], "samples/statement");
    assert_eq!(first["group"], "samples");
    assert_eq!(first["verdict"], "AC");
    assert_eq!(first["detail"], serde_json::Value::Null);
    assert!(first["cpu_seconds"].as_f64().is_some());
    assert_eq!(v["results"][6]["test"], "max-depth/max-distance-i5-s1");
    // A flat verdict, its detail, and the checker's message for a failure.
    let sh = |script: &str| {
        judge(&[
            "run",
            "msquare",
            "--tests",
            "samples",
            "--time-limit",
            "0.3",
            // A sleeping run is stopped by the wall clock three times (the TLE confirmed):
            // 0.6 s each, not the default 2.3 s.
            "--wall-limit",
            "0.6",
            "--json",
            "--",
            "sh",
            "-c",
            script,
        ])
    };
    let o = sh("echo 7; echo BCABCCA");
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let wa = &v["results"][0];
    assert_eq!(wa["verdict"], "WA", "{wa}");
    assert_eq!(wa["detail"], serde_json::Value::Null);
    assert!(wa["summary"].as_str().unwrap().contains("after your moves"));
    assert!(wa["message"].as_str().unwrap().contains("+BCABCCA"), "{wa}");
    for (script, verdict, detail) in [("sleep 5", "TLE", "wall"), ("exit 3", "RE", "exit code 3")] {
        let o = sh(script);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let r = &v["results"][0];
        assert_eq!(
            (r["verdict"].as_str(), r["detail"].as_str()),
            (Some(verdict), Some(detail))
        );
    }
}

#[test]
fn each_failure_gets_its_verdict() {
    let sh = |script: &str| vec!["sh".to_string(), "-c".to_string(), script.to_string()];
    let cases: [(Vec<String>, &str); 6] = [
        (sh("echo 7; echo BCABCCA"), "WA"),
        (sh("echo 7BCABCCB"), "PE"),
        (sh("sleep 5"), "TLE"),
        (sh("exit 3"), "RE (exit code 3)"),
        (sh("kill -SEGV $$"), "RE (SIGSEGV)"),
        (sh("yes"), "WA"),
    ];
    for (cmd, verdict) in cases {
        let mut args = vec![
            "run",
            "msquare",
            "--tests",
            "samples",
            "--time-limit",
            "0.3",
            "--wall-limit",
            "0.6",
            "--",
        ];
        args.extend(cmd.iter().map(String::as_str));
        let o = judge(&args);
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{cmd:?}: {out}");
        assert!(
            out.contains(&format!("samples/statement {verdict}")),
            "{cmd:?}: {out}"
        );
    }
    // The first failure's checker message and diff are part of the report, on stdout: `judge
    // run ... > file` keeps them; stderr has none of it.
    let o = judge(&[
        "run",
        "msquare",
        "--tests",
        "samples",
        "--",
        "sh",
        "-c",
        "echo 7; echo BCABCCA",
    ]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(
        out.contains("test samples/statement: WA") && out.contains("+BCABCCA"),
        "{out}"
    );
    assert!(!err.contains("BCABCCA"), "{err}");
}

#[test]
fn a_command_that_cannot_start_stops_the_run_with_one_message() {
    let dir = scratch("cannot-start");
    let not_executable = dir.join("sol.txt");
    std::fs::write(&not_executable, "not a program\n").unwrap();
    for (command, why) in [
        ("/nonexistent/solution", "No such file or directory"),
        (not_executable.to_str().unwrap(), "Permission denied"),
    ] {
        for subcommand in ["run", "stress"] {
            let o = judge(&[subcommand, "msquare", "--jobs", "2", "--", command]);
            let (out, err) = (text(&o.stdout), text(&o.stderr));
            assert_eq!(
                o.status.code(),
                Some(2),
                "{subcommand} {command}: {out}{err}"
            );
            assert_eq!(
                err.matches("cannot start").count(),
                1,
                "{subcommand} {command}: one message: {err}"
            );
            assert!(err.contains(why), "{err}");
            assert!(err.contains("give a command that runs after `--`"), "{err}");
            assert!(!out.contains("RE"), "no table of RE rows: {out}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_command_without_the_separator_is_told_how_to_call() {
    for (args, call) in [
        (
            &["run", "msquare", "./sol"][..],
            "judge run msquare -- ./sol",
        ),
        (
            &["run", "--tests", "samples", "msquare", "python3", "sol.py"][..],
            "judge run --tests samples msquare -- python3 sol.py",
        ),
        (
            &["stress", "sicily", "./sol"][..],
            "judge stress sicily -- ./sol",
        ),
        (&["run", "msquare"][..], "judge run msquare -- ./sol"),
    ] {
        let o = judge(args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("goes after `--`"), "{args:?}: {err}");
        assert!(err.contains(call), "{args:?}: {err}");
    }
}

#[test]
fn tests_are_chosen_by_group_name_glob_and_list() {
    let run = |selection: &[&str]| {
        let mut args = vec!["run", "msquare", "--jobs", "2"];
        for s in selection {
            args.extend(["--tests", s]);
        }
        args.extend(["--", SOLVE, "msquare"]);
        judge(&args)
    };
    for (selection, count) in [
        (&["samples"][..], 1),
        (&["by-distance"][..], 42),
        (&["by-distance/distance-1?-*"][..], 20),
        (&["distance-01-*,max-depth"][..], 7),
        (&["samples", "edge,random"][..], 12),
        (&["statement.in"][..], 1),
    ] {
        let o = run(selection);
        let out = text(&o.stdout);
        assert!(
            o.status.success(),
            "{selection:?}: {out}{}",
            text(&o.stderr)
        );
        assert!(
            out.contains(&format!("msquare: {count}/{count} tests accepted")),
            "{selection:?}: {out}"
        );
    }
    // A pattern that matches nothing is an error naming it, even beside ones that match.
    for selection in [
        &["samples,01"][..],
        &["samples", "nosuch/*"][..],
        &["0?"][..],
    ] {
        let o = run(selection);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{selection:?}: {err}");
        assert!(err.contains("matches no test"), "{err}");
        assert!(err.contains("samples, edge, by-distance"), "{err}");
    }
}

#[test]
fn strength_on_a_selection_of_the_tests() {
    // The sample alone catches some wrong solutions, not all: a subset is judged as a set.
    let o = judge(&["strength", "msquare", "--tests", "samples", "--jobs", "1"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(out.contains("survives: every one of the 1 tests"), "{out}");
    assert!(out.contains("killed by test samples/statement"), "{out}");
    let o = judge(&["strength", "msquare", "--tests", "nosuch"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("'nosuch' matches no test"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["run", "tetris", "--", "true"],
        vec!["run", "msquare", "--tests", "99x", "--", "true"],
        vec!["run", "msquare", "--time-limit", "-1", "--", "true"],
        vec!["stress", "msquare", "--time", "0", "--", "true"],
        vec!["run", "msquare"],
        vec!["run", "msquare", "nothere.cpp"],
        vec!["stress", "msquare", "nothere.cpp"],
        vec!["stress", "msquare"],
        vec!["stress", "msquare", "--command", "true", "--", "true"],
    ] {
        assert_eq!(judge(&args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn stress_passes_a_right_solution_and_is_reproducible() {
    let o = judge(&[
        "stress", "rotation", "--seed", "9", "--count", "30", "--", SOLVE, "rotation",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("30 random tests (seed 9), no failure"));
    // A solution right on everything but distance >= 3 boards: the shrunk input is one case
    // at distance 3, found the same way twice. (`solve` is an argument, so the sandbox
    // stages a copy of it for the script.)
    let script = "out=$(\"$1\" rotation); if echo \"$out\" | grep -q '^[A-H][A-H][A-H]'; \
                  then echo \"$out\" | sed 's/^[A-H]/H/'; else echo \"$out\"; fi";
    let run = || {
        judge(&[
            "stress",
            "rotation",
            "--seed",
            "4",
            "--count",
            "50",
            "--shrink-runs",
            "100",
            "--",
            "sh",
            "-c",
            script,
            "sh",
            SOLVE,
        ])
    };
    let (a, b) = (run(), run());
    assert_eq!(a.status.code(), Some(1), "{}", text(&a.stderr));
    assert_eq!(a.stdout, b.stdout, "the same seed replays the same tests");
    let out = text(&a.stdout);
    let input = out.split("failing input:\n\n").nth(1).unwrap();
    let input = input.split("\nexpected output").next().unwrap();
    assert_eq!(
        input.lines().count(),
        2,
        "one board and the terminator: {out}"
    );
    let answer = out.split("expected output:\n\n").nth(1).unwrap();
    assert_eq!(answer.lines().next().unwrap().len(), 3, "{out}");
    // The walk down its path found distance 3; the budget ran out among the solved boards
    // (all 38,610 would take 1,287 runs): minimality only among the boards tried, said so.
    assert!(
        out.contains(
            "to 1 case / distance 3 in 100 runs; minimal only among the boards tried: the \
             boards on its shortest path at distances 0 to 2 pass; the first 2850 of the 38610 \
             boards at distance 0 pass, then the run budget ran out (--shrink-runs)"
        ),
        "{out}"
    );
}

#[test]
fn stress_save_adds_a_regression_test() {
    let dir = scratch("save");
    // Answers 0 to everything: wrong on the first case that is not the start board, which in
    // the shrinking order is `0 / 8 7 6 5 / 1 2 3 4`.
    let save = || {
        judge_in(
            &dir,
            &[
                "stress",
                "sicily",
                "--seed",
                "2",
                "--count",
                "20",
                "--save",
                "--",
                "sh",
                "-c",
                "cat >/dev/null; echo 0",
            ],
        )
    };
    // The committed plan has that input as a manual test: nothing is saved.
    let before = std::fs::read_to_string(dir.join("judge.toml")).unwrap();
    let o = save();
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        out.contains("minimal, proven")
            && out.contains("not saved: test edge/limit-zero-first-layer (group edge, judge.toml:"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("judge.toml")).unwrap(),
        before
    );
    // Without that test, it is saved, named, and the data matches the plan.
    let manual =
        "{ name = \"limit-zero-first-layer\", input = \"0\\n8 7 6 5\\n1 2 3 4\\n-1\\n\" },";
    let at = before.find(manual).expect("the manual test");
    let line_start = before[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = at + before[at..].find('\n').unwrap() + 1;
    let plan = format!("{}{}", &before[..line_start], &before[line_end..]);
    assert!(plan.contains("name = \"sicilylarge\"") && plan.contains(manual));
    std::fs::write(dir.join("judge.toml"), plan).unwrap();
    assert!(judge_in(&dir, &["build"]).status.success());
    let o = save();
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        out.contains("saved as test regressions/stress-sh-"),
        "{out}"
    );
    let plan = std::fs::read_to_string(dir.join("judge.toml")).unwrap();
    assert!(plan.contains("name = \"regressions\""), "{plan}");
    let o = judge_in(&dir, &["build", "--check"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let manifest = std::fs::read_to_string(dir.join("testdata/sicily/manifest.toml")).unwrap();
    assert!(manifest.contains("group = \"regressions\""));
    // The saved test's files, named after the solution and the input:
    // testdata/sicily/regressions/stress-sh-<hash>.in and .ans.
    let saved: Vec<_> = std::fs::read_dir(dir.join("testdata/sicily/regressions"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert!(
        saved.iter().all(|f| f.starts_with("stress-sh-")),
        "{saved:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn strength_fails_when_a_wrong_solution_survives() {
    let dir = scratch("strength");
    let sol = dir.join("sols");
    std::fs::create_dir_all(&sol).unwrap();
    // A "wrong" solution that is in fact right (a shipped accepted one).
    std::fs::copy(
        repo().join("solutions/msquare/accepted/backward_greedy.rs"),
        sol.join("right.rs"),
    )
    .unwrap();
    let plan = std::fs::read_to_string(dir.join("judge.toml")).unwrap();
    let start = plan.find("[[problem]]\nname = \"msquare\"").unwrap();
    let end = plan[start..]
        .find("\n[[problem]]")
        .map_or(plan.len(), |e| start + e);
    let mut msquare: String = plan[start..end]
        .split("\n[[problem.solution]]")
        .next()
        .unwrap()
        .to_string();
    msquare.push_str(
        "\n[[problem.solution]]\npath = \"sols/right.rs\"\nexpected = \"wrong_answer\"\ndescription = \"x\"\n",
    );
    std::fs::write(dir.join("judge.toml"), &msquare).unwrap();
    let o = judge_in(&dir, &["strength", "--jobs", "1"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("FAIL msquare") && out.contains("wrong_answer") && out.contains("survives"),
        "{out}"
    );
    msquare = msquare.replace("expected = \"wrong_answer\"", "expected = \"accepted\"");
    std::fs::write(dir.join("judge.toml"), &msquare).unwrap();
    let o = judge_in(&dir, &["strength", "--jobs", "1", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stdout));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["failed"], 0);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The sessions of the `sh` processes whose command line holds `marker`: solutions, not
/// processes (each run leads a session of its own, and the `sh` of one may fork a copy of
/// itself, the same command line, before it starts a program).
fn marked_sessions(marker: &str) -> std::collections::HashSet<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| {
            let dir = e.ok()?.path();
            let cmdline = std::fs::read(dir.join("cmdline")).ok()?;
            let ours =
                cmdline.starts_with(b"sh\0") && String::from_utf8_lossy(&cmdline).contains(marker);
            let stat = std::fs::read_to_string(dir.join("stat")).ok()?;
            // "pid (comm) state ppid pgrp session ...": the session after the comm.
            let session = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .nth(3)?
                .to_owned();
            ours.then_some(session)
        })
        .collect()
}

/// Runs `judge run msquare` on the samples and by-distance (43 tests) with two jobs, the
/// solution given by `solution` (words after `judge run msquare ...`, the hanging script last)
/// passing the sample at once and hanging on every other test; sends SIGINT once two hang;
/// returns the exit code and stdout, after checking that no solution outlived the judge.
fn interrupt(signal: libc::c_int, solution: &[&str]) -> (Option<i32>, String) {
    let marker = format!("judge-interrupt-marker-{}-{signal}", std::process::id());
    // The first test (the sample: the run starts with it alone) passes at once; the others
    // hang, two at a time (the limit of 10 s, 30 s of wall clock, never reached).
    let script = format!(
        "read board; case \"$board\" in '2 6 8 4 5 7 3 1') printf '7\\nBCABCCB\\n'; exit;; esac; \
         sleep 30; echo {marker}"
    );
    let mut child = Command::new(JUDGE)
        .args([
            "run",
            "msquare",
            "--tests",
            "samples,by-distance",
            "--jobs",
            "2",
            "--time-limit",
            "10",
        ])
        .args(solution)
        .args(["sh", "-c", &script])
        .current_dir(repo())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let running = || marked_sessions(&marker).len();
    let started = std::time::Instant::now();
    while running() < 2 && started.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(running(), 2, "two solutions run in parallel");
    // SAFETY: sends a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, signal);
    }
    let mut stdout = String::new();
    std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut stdout).unwrap();
    let status = child.wait().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(running(), 0, "a solution outlived the interrupted judge");
    (status.code(), stdout)
}

#[test]
fn an_interrupt_cuts_a_confirmation_short_and_starts_no_rerun() {
    // The sample passes at once; every other test spins until the CPU limit of 0.3 s: a TLE
    // that is run again twice to confirm it (--confirm-all: even where the core was quiet,
    // where it would stand; --confirm 2: even without a cgroup, where re-runs are off by
    // default). SIGINT once the first re-run spins.
    let marker = format!("judge-confirm-marker-{}", std::process::id());
    let script = format!(
        "read board; case \"$board\" in '2 6 8 4 5 7 3 1') printf '7\\nBCABCCB\\n'; exit;; esac; \
         while :; do :; done; echo {marker}"
    );
    let mut child = Command::new(JUDGE)
        .args([
            "run",
            "msquare",
            "--tests",
            "samples,by-distance",
            "--jobs",
            "1",
            "--time-limit",
            "0.3",
            "--confirm",
            "2",
            "--confirm-all",
            "--json",
            "--",
            "sh",
            "-c",
            &script,
        ])
        .current_dir(repo())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Every run of the spinning script seen, one session each.
    let mut seen = std::collections::HashSet::new();
    let started = std::time::Instant::now();
    while seen.len() < 2 && started.elapsed() < std::time::Duration::from_secs(30) {
        seen.extend(marked_sessions(&marker));
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(
        seen.len(),
        2,
        "the first run of a spinning test and its re-run"
    );
    // SAFETY: sends a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let mut stdout = String::new();
    std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut stdout).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{stdout}");
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(
        marked_sessions(&marker).is_empty(),
        "a re-run outlived the judge"
    );
    // The sample alone finished: the test whose confirmation was cut short is left out.
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{stdout}");
    assert_eq!(results[0]["test"], "samples/statement");
    assert_eq!(results[0]["runs"], 1);
    assert_eq!(v["interrupted"]["done"], 1, "{stdout}");
    assert_eq!(v["timing"]["tests"], 1, "{stdout}");
}

#[test]
fn an_interrupted_judge_prints_the_runs_that_finished_and_leaves_no_solution_running() {
    // One solution: its table with the one test that finished, how far it got.
    let (code, out) = interrupt(libc::SIGINT, &["--"]);
    assert_eq!(code, Some(130), "{out}");
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("-s")).collect();
    assert_eq!(rows.len(), 0, "only the sample finished: {out}");
    assert!(out.contains("\nsamples/statement "), "{out}");
    assert!(
        out.contains(
            "msquare: interrupted after 1 of 43 runs (SIGINT); 1/1 finished tests accepted"
        ),
        "{out}"
    );
    // Several solutions, SIGTERM, --json: the partial matrix, parseable, with every run of the
    // reference solver (it does not hang) and the sample of the script.
    let (code, out) = interrupt(
        libc::SIGTERM,
        &["--json", "--command", &format!("{SOLVE} msquare"), "--"],
    );
    assert_eq!(code, Some(128 + libc::SIGTERM), "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    assert_eq!(v["interrupted"]["signal"], "SIGTERM");
    assert_eq!(v["interrupted"]["total"], 86);
    let rows = v["problems"][0]["rows"].as_array().unwrap();
    let finished = |r: &serde_json::Value| {
        r["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !c.is_null())
            .map(|c| c["verdict"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(finished(&rows[1]), ["AC"], "the script: the sample only");
    let solver = finished(&rows[0]);
    assert!(solver.iter().all(|v| v == "AC"), "{solver:?}");
    assert_eq!(v["interrupted"]["done"], solver.len() + 1);
    assert_eq!(
        v["interrupted"]["message"],
        format!("interrupted after {} of 86 runs", solver.len() + 1)
    );
}

#[test]
fn test_data_changed_after_the_build_is_refused_by_name() {
    let dir = scratch("tampered");
    let run = |dir: &Path| {
        judge_in(
            dir,
            &[
                "run", "msquare", "--tests", "samples", "--", SOLVE, "msquare",
            ],
        )
    };
    assert!(run(&dir).status.success());
    // An answer replaced (as a solution outside the sandbox could have done).
    let answer = dir.join("testdata/msquare/by-distance/distance-02-s204.ans");
    let original = std::fs::read(&answer).unwrap();
    std::fs::write(&answer, "0\n\n").unwrap();
    for args in [
        &[
            "run", "msquare", "--tests", "samples", "--", SOLVE, "msquare",
        ][..],
        &["strength", "msquare"][..],
        &["stress", "msquare", "--count", "1", "--", SOLVE, "msquare"][..],
    ] {
        let o = judge_in(&dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(
            err.contains(
                "testdata/msquare/by-distance/distance-02-s204.ans is not the file `judge build` \
                 wrote"
            ),
            "{err}"
        );
    }
    std::fs::write(&answer, original).unwrap();
    assert!(run(&dir).status.success());
    // A time limit raised in judge.toml without a rebuild.
    let plan = std::fs::read_to_string(dir.join("judge.toml")).unwrap();
    let raised = plan.replacen("time_limit = 1.0", "time_limit = 10.0", 1);
    assert_ne!(plan, raised);
    std::fs::write(dir.join("judge.toml"), raised).unwrap();
    let o = judge_in(
        &dir,
        &["run", "sicily", "--tests", "samples", "--", SOLVE, "sicily"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("time_limit = 10 (built with 1)"),
        "{}",
        text(&o.stderr)
    );
    let o = judge_in(&dir, &["build", "--check"]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("manifest.toml differs"),
        "{}",
        text(&o.stderr)
    );
    // An extra test file, in a group or beside the groups.
    std::fs::write(dir.join("judge.toml"), plan).unwrap();
    for extra in ["edge/extra.in", "99.in"] {
        let path = dir.join("testdata/msquare").join(extra);
        std::fs::write(&path, "1 2 3 4 5 6 7 8\n").unwrap();
        let o = run(&dir);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            text(&o.stderr).contains(&format!("{extra} is not listed")),
            "{}",
            text(&o.stderr)
        );
        std::fs::remove_file(path).unwrap();
    }
    // A test file deleted: an error naming it, whatever the selection, never a shorter run.
    let input = dir.join("testdata/msquare/random/uniform-s307.in");
    std::fs::remove_file(&input).unwrap();
    for selection in ["random", "samples", "*"] {
        let o = judge_in(
            &dir,
            &[
                "run", "msquare", "--tests", selection, "--", SOLVE, "msquare",
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
        let err = text(&o.stderr);
        assert!(
            err.contains("cannot read") && err.contains("random/uniform-s307.in"),
            "{err}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn stress_takes_source_files_like_run() {
    let dir = scratch("stress-sources");
    // The same wrong msquare solution in three languages: `1` and `A` whatever the board.
    let wrong: [(&str, &str); 3] = [
        (
            "wrong.py",
            "import sys\nsys.stdin.read()\nprint(1)\nprint('A')\n",
        ),
        (
            "wrong.cpp",
            "#include <cstdio>\nint main() { std::puts(\"1\"); std::puts(\"A\"); }\n",
        ),
        (
            "Wrong.java",
            "public class Wrong { public static void main(String[] a) { \
             System.out.println(\"1\"); System.out.println(\"A\"); } }\n",
        ),
    ];
    for (file, source) in wrong {
        let path = dir.join(file);
        std::fs::write(&path, source).unwrap();
        let o = judge(&["stress", "msquare", "--count", "20", path.to_str().unwrap()]);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        let missing = o.status.code() == Some(2) && err.contains("skipped");
        if !need(
            toolchain(file),
            !missing,
            &format!("{file} is not judged: {err}"),
        ) {
            continue;
        }
        assert_eq!(o.status.code(), Some(1), "{file}: {out}{err}");
        assert!(out.contains("the minimal failing input"), "{file}: {out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stress_runs_a_reference_beside_the_solution_and_says_whose_the_failure_is() {
    // A right msquare solution as a source file (a shipped one), and a wrong one as a command.
    let right = repo().join("solutions/msquare/accepted/bfs.py");
    let right = right.to_str().unwrap();
    let wrong = "sh -c 'cat >/dev/null; echo 1; echo A'";
    // The right solution with the wrong reference: the reference's failure, named as such.
    let o = judge(&[
        "stress",
        "msquare",
        "--count",
        "20",
        "--reference-command",
        wrong,
        "--",
        SOLVE,
        "msquare",
    ]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("msquare: the reference fails test 1 ("),
        "{out}"
    );
    assert!(out.contains("the minimal failing input"), "{out}");
    // Each side of the diff is labelled by who wrote it.
    assert!(
        out.contains("\n--- expected (the built-in solver's answer)\n+++ the reference's output\n"),
        "{out}"
    );
    assert!(!out.contains("your output"), "{out}");
    // The wrong solution with the right reference (a source file): the solution's failure.
    let o = judge(&[
        "stress",
        "msquare",
        "--count",
        "20",
        "--reference",
        right,
        "--command",
        wrong,
    ]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("msquare: test 1 fails ("), "{out}");
    assert!(
        out.contains("\n--- expected (the built-in solver's answer)\n+++ the solution's output\n"),
        "{out}"
    );
    // Both right: no failure for either.
    let o = judge(&[
        "stress",
        "msquare",
        "--seed",
        "1",
        "--count",
        "5",
        "--reference",
        right,
        "--",
        SOLVE,
        "msquare",
    ]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("5 random tests (seed 1), no failure for the solution or the reference"),
        "{out}"
    );
    // A reference that is no source file is a bad argument.
    let o = judge(&["stress", "msquare", "--reference", "ref.txt", "--", "true"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--reference ref.txt: not a source file"));
}

#[test]
fn stress_takes_a_fresh_seed_each_call_and_says_it_so_that_seed_replays_it() {
    let seed_of = |out: &str| -> String {
        let (_, rest) = out.split_once("(seed ").expect("the seed is said");
        rest.split(')').next().unwrap().to_string()
    };
    let args = ["stress", "msquare", "--count", "3", "--", SOLVE, "msquare"];
    let (a, b) = (judge(&args), judge(&args));
    let (seed_a, seed_b) = (seed_of(&text(&a.stdout)), seed_of(&text(&b.stdout)));
    assert_ne!(seed_a, seed_b, "two calls, two seeds");
    assert!(
        text(&a.stderr).contains(&format!("--seed {seed_a} replays these tests")),
        "{}",
        text(&a.stderr)
    );
    let replay = judge(&[
        "stress", "msquare", "--seed", &seed_a, "--count", "3", "--", SOLVE, "msquare",
    ]);
    assert_eq!(text(&replay.stdout), text(&a.stdout));
    assert!(!text(&replay.stderr).contains("fresh seed"));
    // A failure's report is on stdout too, with its seed; nothing of it on stderr.
    let o = judge(&[
        "stress", "msquare", "--seed", "7", "--count", "3", "--", "sh", "-c", "echo 0",
    ]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains(" fails (seed 7; gen msquare "), "{out}");
    assert!(out.contains("the minimal failing input"), "{out}");
    assert!(!err.contains("fails") && !err.contains("minimal"), "{err}");
}

#[test]
fn a_plan_elsewhere_finds_its_test_data_beside_it() {
    let elsewhere = std::env::temp_dir();
    let plan = repo().join("judge.toml");
    let plan = plan.to_str().unwrap();
    let o = judge_in(
        &elsewhere,
        &[
            "run", "msquare", "--plan", plan, "--tests", "samples", "--", SOLVE, "msquare",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = judge_in(&elsewhere, &["list", "msquare", "--plan", plan]);
    assert!(o.status.success(), "{}", text(&o.stderr));
}

#[test]
fn every_command_finds_judge_toml_in_the_nearest_directory_above() {
    // From a problem's test data, as cargo and git find their files.
    let below = repo().join("testdata/msquare");
    let o = judge_in(&below, &["list", "msquare"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("msquare        msquare"));
    let args = [
        "run", "msquare", "--tests", "samples", "--", SOLVE, "msquare",
    ];
    let o = judge_in(&below, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("msquare: 1/1 tests accepted"));
    let o = judge_in(&below, &["build", "--check", "msquare"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // With none above, the error says where it looked and names --plan.
    let nowhere = std::env::temp_dir().join(format!("no-plan-{}", std::process::id()));
    std::fs::create_dir_all(&nowhere).unwrap();
    let above = (nowhere.ancestors()).any(|d| d.join("judge.toml").is_file());
    let why = format!(
        "a judge.toml is above {}: the error is not tested",
        nowhere.display()
    );
    if !need("clean-tmp", !above, &why) {
        std::fs::remove_dir_all(&nowhere).unwrap();
        return;
    }
    for (args, code) in [(&["list"][..], 2), (&["check", "msquare", "a", "b"][..], 3)] {
        let o = judge_in(&nowhere, args);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        assert_eq!(
            text(&o.stderr),
            format!(
                "judge: no judge.toml in {} or any directory above it; give its path with \
                 --plan\n",
                nowhere.display()
            )
        );
    }
    std::fs::remove_dir_all(&nowhere).unwrap();
}

#[test]
fn exit_codes_mean_one_thing_in_every_command() {
    let help = text(&judge(&["--help"]).stdout);
    for line in [
        "  1    a verdict against what was judged",
        "  2    usage: bad arguments",
        "  3    judge or jury failure",
        "  4    a solution does not build",
        "  130  interrupted by Ctrl-C",
    ] {
        assert!(help.contains(line), "{line}: {help}");
    }
    let wrong = ["sh", "-c", "cat >/dev/null; echo 1; echo A"];
    fn with<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
        [head, tail].concat()
    }
    // A wrong answer: 1, in run and in stress.
    for args in [
        with(&["run", "msquare", "--tests", "samples", "--"], &wrong),
        with(
            &["stress", "msquare", "--seed", "1", "--count", "5", "--"],
            &wrong,
        ),
    ] {
        let o = judge(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", text(&o.stderr));
    }
    // Bad usage: 2, whatever the command.
    for args in [
        &["run", "msquare", "--tests", "nosuch", "--", "true"][..],
        &["stress", "msquare", "--count", "0", "--", "true"],
        &["strength", "nosuch"],
        &["build", "--check", "nosuch"],
        &["list", "nosuch"],
        &["export", "kattis", "nosuch", "out"],
        &["run", "--no-such-option"],
    ] {
        let o = judge(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
    }
    // A source that does not build: 4, in run and in stress.
    let dir = std::env::temp_dir().join(format!("exit-codes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.cpp");
    std::fs::write(&broken, "int main( { return 0; }\n").unwrap();
    let broken = broken.to_str().unwrap();
    for args in [
        &["run", "msquare", "--tests", "samples", broken][..],
        &["stress", "msquare", "--count", "5", broken],
    ] {
        let o = judge(args);
        let err = text(&o.stderr);
        let missing = o.status.code() == Some(2) && err.contains("skipped");
        if !need("g++", !missing, &format!("{args:?} is not judged: {err}")) {
            continue;
        }
        assert_eq!(o.status.code(), Some(4), "{args:?}: {err}");
        assert!(err.contains("compilation failed"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_compile_error_names_the_source_not_the_build_directory() {
    let dir = scratch("compile-error");
    for (file, source) in [
        ("bad.py", "def broken(:\n"),
        ("Bad.java", "public class Bad { void f() { int x = } }\n"),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, source).unwrap();
        let o = judge(&[
            "run",
            "msquare",
            "--tests",
            "samples",
            path.to_str().unwrap(),
        ]);
        let err = text(&o.stderr);
        let missing = o.status.code() == Some(2) && err.contains("skipped");
        if !need(
            toolchain(file),
            !missing,
            &format!("{file} is not judged: {err}"),
        ) {
            continue;
        }
        assert_eq!(o.status.code(), Some(4), "{file}: {err}");
        assert!(err.contains("compilation failed"), "{file}: {err}");
        assert!(err.contains(path.to_str().unwrap()), "{file}: {err}");
        assert!(!err.contains(".tmp"), "{file}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_that_fills_its_disk_is_a_runtime_error_that_says_so() {
    // A run's /tmp (its working directory) holds at most the disk limit, 64 MiB by default,
    // and so does any one file: a program that writes more fails, and the verdict says why.
    for (what, program) in [
        (
            "one file too large (EFBIG)",
            "python3 -c 'open(\"big\", \"wb\").write(bytes(100 << 20))'",
        ),
        (
            "many files, the device full (ENOSPC)",
            "sh -c 'for i in 1 2 3 4 5 6 7 8 9; do head -c 10000000 /dev/zero > f$i || exit 1; done'",
        ),
    ] {
        let o = judge(&[
            "run",
            "msquare",
            "--tests",
            "samples",
            "--json",
            "--command",
            program,
        ]);
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{what}: {out}{}", text(&o.stderr));
        assert!(
            out.contains("the run's disk limit, 64 MiB, was reached"),
            "{what}: {out}"
        );
    }
    // A program that fails for another reason is not blamed on the disk.
    let o = judge(&[
        "run",
        "msquare",
        "--tests",
        "samples",
        "--json",
        "--command",
        "sh -c 'exit 3'",
    ]);
    let out = text(&o.stdout);
    assert!(
        out.contains("exit code 3") && !out.contains("disk limit"),
        "{out}"
    );
}

/// A plan of one sicily problem whose `edge` group holds `zz-small` (a wrong solution's wrong
/// answer) then `aa-large` (where the same solution fails otherwise), or, `split`, with
/// `aa-large` in a group of its own after `edge`.
fn order_plan(split: bool) -> String {
    let large = "{ name = \"aa-large\", input = \"7\\n8 7 6 5\\n1 2 3 4\\n-1\\n\" },";
    let (edge, at_scale) = if split {
        (
            String::new(),
            format!("[[problem.group]]\nname = \"edge-at-scale\"\ntests = [\n  {large}\n]\n"),
        )
    } else {
        (format!("  {large}\n"), String::new())
    };
    format!(
        "[[problem]]\nname = \"order\"\nformat = \"sicily\"\ntitle = \"t\"\n\
         time_limit = 2.0\nmemory_limit = 256\n\
         [[problem.group]]\nname = \"samples\"\n\
         tests = [{{ name = \"statement\", input = \"4\\n5 8 7 6\\n4 1 2 3\\n-1\\n\" }}]\n\
         [[problem.group]]\nname = \"edge\"\ntests = [\n\
         {{ name = \"zz-small\", input = \"5\\n5 8 7 6\\n4 1 2 3\\n-1\\n\" }},\n{edge}]\n\
         {at_scale}\
         [[problem.solution]]\npath = \"sols/wrong.py\"\nexpected = \"wrong_answer\"\n\
         description = \"right on the sample, a wrong answer on zz-small, exit 3 on aa-large\"\n"
    )
}

#[test]
fn strength_fails_when_the_verdict_depends_on_name_order() {
    // Plan order meets the wrong answer on edge/zz-small first; the Kattis and ICPC packages,
    // run in name order, meet edge/aa-large first, where the solution crashes (RE): the
    // verdict would depend on the judge, and strength says so. Nothing here depends on time.
    let dir = std::env::temp_dir().join(format!("judge-sol-order-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sols")).unwrap();
    std::fs::write(dir.join("judge.toml"), order_plan(false)).unwrap();
    let o = judge_in(&dir, &["build"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let sample = std::fs::read_to_string(dir.join("testdata/order/samples/statement.ans")).unwrap();
    std::fs::write(
        dir.join("sols/wrong.py"),
        format!(
            "import sys\ndata = sys.stdin.read()\nif data.startswith('7'):\n    sys.exit(3)\n\
             if data.startswith('4'):\n    sys.stdout.write({sample:?})\nelse:\n    print(-1)\n"
        ),
    )
    .unwrap();
    let o = judge_in(&dir, &["strength", "--jobs", "1"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("killed by test edge/zz-small: WA")
            && out.contains("test edge/aa-large comes before test edge/zz-small and gives RE")
            && out.contains("move edge/aa-large into a group of its own after group edge"),
        "{out}"
    );
    let o = judge_in(&dir, &["strength", "--jobs", "1", "--matrix"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(
        out.contains(
            "#1 in name order (the Kattis and ICPC packages): edge/aa-large RE (exit code 3) \
             before edge/zz-small WA"
        ),
        "{out}"
    );
    let o = judge_in(&dir, &["strength", "--jobs", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let report = &v["solutions"][0];
    assert_eq!(report["ok"], false, "{report}");
    assert_eq!(report["decisive"]["test"], "edge/zz-small", "{report}");
    assert_eq!(report["path_order"]["test"], "edge/aa-large", "{report}");
    assert_eq!(report["path_order"]["verdict"], "RE", "{report}");
    // The remedy: aa-large in a group of its own after edge. Both orders now meet the wrong
    // answer first.
    std::fs::write(dir.join("judge.toml"), order_plan(true)).unwrap();
    let o = judge_in(&dir, &["build"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for args in [
        &["strength", "--jobs", "1"][..],
        &["strength", "--jobs", "1", "--matrix"],
    ] {
        let o = judge_in(&dir, args);
        let out = text(&o.stdout);
        assert!(o.status.success(), "{args:?}: {out}{}", text(&o.stderr));
        assert!(!out.contains("name order"), "{args:?}: {out}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The need ([`need`]) of a source file's toolchain, by its extension.
fn toolchain(file: &str) -> &'static str {
    match file.rsplit('.').next() {
        Some("py") => "python3",
        Some("java") => "java",
        Some("rs") => "rustc",
        _ => "g++",
    }
}
