//! The runner against misbehaving solutions: each gets its verdict, the run ends, and no
//! process is left (checked in /proc by the pids the solutions print first). These run with
//! the sandbox off, so that the pids printed are the judge's view; tests/sandbox.rs runs
//! hostile programs in the sandbox.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use boardjudge::runner::compile::{BuildLimits, CompileError, compile};
use boardjudge::runner::{
    self, Input, Limits, Outcome, RunResult, Sandbox, Termination, TimeKind, parallel, signal_name,
    timing_note,
};

fn limits() -> Limits {
    Limits {
        cpu: Duration::from_millis(500),
        wall: Duration::from_secs(1),
        memory_bytes: 256 << 20,
        extra_address_space_bytes: 0,
        output_bytes: 1 << 20,
        file_bytes: 1 << 20,
    }
}

/// The runner without a sandbox.
fn run(cmd: &[String], input: Input<'_>, limits: &Limits) -> RunResult {
    let cmd = runner::Argv::named_by_user(cmd.to_vec());
    runner::run(&cmd, input, limits, &Sandbox::off())
}

fn sh(script: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), script.into()]
}

/// The pids a solution printed, one per line, before anything else.
fn printed_pids(stdout: &[u8]) -> Vec<u32> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map_while(|line| line.trim().parse().ok())
        .collect()
}

/// Asserts that no process (not even a zombie) has any of these pids.
fn assert_gone(pids: &[u32]) {
    assert!(!pids.is_empty(), "the solution printed no pid");
    for pid in pids {
        let stat = fs::read_to_string(format!("/proc/{pid}/stat"));
        assert!(stat.is_err(), "process {pid} is still there: {stat:?}");
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardjudge-runner-{}-{name}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sleeping_forever_is_a_wall_time_limit() {
    let started = Instant::now();
    let result = run(
        &sh("echo $$; sleep 1000 & echo $!; wait"),
        Input::Bytes(b""),
        &limits(),
    );
    assert_eq!(result.outcome, Outcome::TimeLimit(TimeKind::Wall));
    assert_eq!(result.termination, Some(Termination::Signaled(9)));
    assert!(result.wall >= Duration::from_secs(1), "{:?}", result.wall);
    assert!(started.elapsed() < Duration::from_secs(5));
    let pids = printed_pids(&result.stdout);
    assert_eq!(pids.len(), 2);
    assert_gone(&pids);
}

#[test]
fn a_busy_loop_is_a_cpu_time_limit() {
    let limits = Limits {
        wall: Duration::from_secs(4),
        ..limits()
    };
    let result = run(
        &sh("echo $$; while :; do :; done"),
        Input::Bytes(b""),
        &limits,
    );
    assert_eq!(result.outcome, Outcome::TimeLimit(TimeKind::Cpu));
    assert!(result.cpu > Duration::from_millis(500), "{:?}", result.cpu);
    assert_gone(&printed_pids(&result.stdout));
}

#[test]
fn allocating_without_bound_is_a_memory_limit() {
    let limits = Limits {
        memory_bytes: 128 << 20,
        wall: Duration::from_secs(5),
        cpu: Duration::from_secs(2),
        ..limits()
    };
    let script = "import os\nprint(os.getpid(), flush=True)\nkeep = []\nwhile True:\n    keep.append(bytearray(1 << 20))\n";
    let cmd = vec!["python3".into(), "-c".into(), script.into()];
    let result = run(&cmd, Input::Bytes(b""), &limits);
    assert_eq!(result.outcome, Outcome::MemoryLimit, "{result:?}");
    assert!(
        result.peak_memory_bytes > 64 << 20,
        "{}",
        result.peak_memory_bytes
    );
    assert!(
        result.peak_memory_bytes <= 128 << 20,
        "{}",
        result.peak_memory_bytes
    );
    assert_gone(&printed_pids(&result.stdout));
}

#[test]
fn a_single_huge_allocation_is_a_runtime_error_with_its_message() {
    let limits = Limits {
        memory_bytes: 64 << 20,
        wall: Duration::from_secs(5),
        cpu: Duration::from_secs(2),
        ..limits()
    };
    let cmd = vec![
        "python3".into(),
        "-c".into(),
        "import os\nprint(os.getpid(), flush=True)\nx = bytearray(1 << 30)\n".into(),
    ];
    let result = run(&cmd, Input::Bytes(b""), &limits);
    // One allocation of 1 GiB is refused at once: the peak stays low, and no fact the kernel
    // keeps tells it from a program that only writes the words (issue 29). A runtime error,
    // its message naming the failure.
    assert!(result.peak_memory_bytes < 48 << 20);
    assert_eq!(result.outcome, Outcome::Exited(1), "{result:?}");
    assert!(String::from_utf8_lossy(&result.stderr_tail).contains("MemoryError"));
    assert_gone(&printed_pids(&result.stdout));
}

#[test]
fn printing_without_end_is_an_output_limit() {
    let started = Instant::now();
    let result = run(&sh("echo $$; exec yes"), Input::Bytes(b""), &limits());
    assert_eq!(result.outcome, Outcome::OutputLimit);
    assert_eq!(result.stdout.len(), 1 << 20);
    assert!(result.wall < Duration::from_secs(1));
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_gone(&printed_pids(&result.stdout));
}

#[test]
fn output_exactly_at_the_limit_is_kept() {
    let limits = Limits {
        output_bytes: 6,
        ..limits()
    };
    let result = run(&sh("printf 12345"), Input::Bytes(b""), &limits);
    assert_eq!(result.outcome, Outcome::Exited(0));
    let result = run(&sh("printf 123456"), Input::Bytes(b""), &limits);
    assert_eq!(
        (result.outcome, result.stdout),
        (Outcome::Exited(0), b"123456".to_vec())
    );
    let result = run(&sh("printf 1234567; sleep 5"), Input::Bytes(b""), &limits);
    assert_eq!(
        (result.outcome, result.stdout),
        (Outcome::OutputLimit, b"123456".to_vec())
    );
}

#[test]
fn children_left_running_are_killed_and_reaped() {
    // One child in the background, one orphaned by a subshell that exits: both keep running
    // after the main process exits, and hold its standard output open.
    let script = "echo $$; sleep 1000 & echo $!; (sleep 1000 & echo $!); echo done; exit 0";
    let started = Instant::now();
    let result = run(&sh(script), Input::Bytes(b""), &limits());
    assert_eq!(result.outcome, Outcome::Exited(0));
    assert!(
        started.elapsed() < Duration::from_millis(900),
        "{:?}",
        started.elapsed()
    );
    let pids = printed_pids(&result.stdout);
    assert_eq!(
        pids.len(),
        3,
        "{:?}",
        String::from_utf8_lossy(&result.stdout)
    );
    assert!(String::from_utf8_lossy(&result.stdout).ends_with("done\n"));
    assert_gone(&pids);
}

#[test]
fn children_that_leave_the_group_are_killed_and_reaped() {
    // setsid (a new session) and a nested one, orphaned at once by their subshells: they
    // leave the solution's process group, and the runner finds them as its own children.
    // The script waits (up to 20 s) until both have printed their pid, each also adding a
    // line to a file: a fixed pause lost the race on a loaded machine.
    let script = "echo $$; f=$(mktemp); export f; \
                  (setsid sh -c 'echo $$; echo >> $f; sleep 1000' &); \
                  (setsid sh -c '(setsid sh -c \"echo \\$\\$; echo >> \\$f; sleep 1000\" &); \
                  sleep 1000' &); \
                  i=0; while [ $(wc -l < $f) -lt 2 ] && [ $i -lt 400 ]; do sleep 0.05; \
                  i=$((i+1)); done; rm -f $f; echo done";
    let limits = Limits {
        cpu: Duration::from_secs(5),
        wall: Duration::from_secs(30),
        ..limits()
    };
    let result = run(&sh(script), Input::Bytes(b""), &limits);
    assert_eq!(result.outcome, Outcome::Exited(0));
    let pids = printed_pids(&result.stdout);
    assert_eq!(
        pids.len(),
        3,
        "{:?}",
        String::from_utf8_lossy(&result.stdout)
    );
    assert_gone(&pids);
}

#[test]
fn crashes_report_their_signal() {
    for (signal, name) in [(11, "SIGSEGV"), (6, "SIGABRT")] {
        let result = run(
            &sh(&format!("echo $$; kill -{} $$", &name[3..])),
            Input::Bytes(b""),
            &limits(),
        );
        assert_eq!(result.outcome, Outcome::Signaled(signal));
        assert_eq!(signal_name(signal), name);
        assert_eq!(result.outcome.to_string(), format!("killed by {name}"));
        assert_gone(&printed_pids(&result.stdout));
    }
}

#[test]
fn a_real_segmentation_fault_is_a_crash() {
    let script = "import ctypes, os\nprint(os.getpid(), flush=True)\nctypes.string_at(0)\n";
    let cmd = vec!["python3".into(), "-c".into(), script.into()];
    // Python's start alone may take a second of wall time on a loaded machine.
    let patient = Limits {
        cpu: Duration::from_secs(2),
        wall: Duration::from_secs(10),
        ..limits()
    };
    let result = run(&cmd, Input::Bytes(b""), &patient);
    assert_eq!(result.outcome, Outcome::Signaled(11), "{result:?}");
    assert_gone(&printed_pids(&result.stdout));
}

#[test]
fn a_solution_that_closes_or_ignores_its_input_does_not_block_the_feeding() {
    let input = vec![b'7'; 8 << 20];
    let result = run(
        &sh("echo $$; exec 0<&-; echo closed"),
        Input::Bytes(&input),
        &limits(),
    );
    assert_eq!(result.outcome, Outcome::Exited(0));
    assert!(result.stdout.ends_with(b"closed\n"));
    assert_gone(&printed_pids(&result.stdout));
    let result = run(
        &sh("echo $$; sleep 0.2; echo ignored"),
        Input::Bytes(&input),
        &limits(),
    );
    assert_eq!(result.outcome, Outcome::Exited(0));
    assert!(result.stdout.ends_with(b"ignored\n"));
    assert_gone(&printed_pids(&result.stdout));
}

#[test]
fn the_input_reaches_standard_input_from_bytes_or_a_file() {
    let input = b"3 4\n".repeat(100_000);
    let result = run(&sh("wc -c"), Input::Bytes(&input), &limits());
    assert_eq!(result.outcome, Outcome::Exited(0));
    assert_eq!(String::from_utf8_lossy(&result.stdout).trim(), "400000");
    let file = scratch("input").join("in.txt");
    fs::write(&file, &input).unwrap();
    let result = run(&sh("wc -c"), Input::File(&file), &limits());
    assert_eq!(String::from_utf8_lossy(&result.stdout).trim(), "400000");
    let result = run(
        &sh("wc -c"),
        Input::File(Path::new("/nonexistent/in")),
        &limits(),
    );
    assert!(matches!(result.outcome, Outcome::SpawnFailed(_)));
}

#[test]
fn programs_that_cannot_start_are_spawn_failures() {
    let file = scratch("noexec").join("solution");
    fs::write(&file, "#!/bin/sh\necho hi\n").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
    let cmd = vec![file.to_string_lossy().into_owned()];
    let result = run(&cmd, Input::Bytes(b""), &limits());
    let Outcome::SpawnFailed(why) = &result.outcome else {
        panic!("{result:?}")
    };
    assert!(why.contains("ermission denied"), "{why}");
    let result = run(
        &["/nonexistent/solution".into()],
        Input::Bytes(b""),
        &limits(),
    );
    assert!(matches!(result.outcome, Outcome::SpawnFailed(_)));
    let result = run(&[], Input::Bytes(b""), &limits());
    assert!(matches!(result.outcome, Outcome::SpawnFailed(_)));
}

#[test]
fn exit_codes_and_standard_error_are_reported() {
    let result = run(
        &sh("echo $$; echo oops >&2; exit 3"),
        Input::Bytes(b""),
        &limits(),
    );
    assert_eq!(result.outcome, Outcome::Exited(3));
    assert_eq!(result.stderr_tail, b"oops\n");
    assert_gone(&printed_pids(&result.stdout));
    let result = run(
        &sh("head -c 300000 /dev/zero | tr '\\0' x >&2; echo end >&2"),
        Input::Bytes(b""),
        &limits(),
    );
    assert_eq!(result.stderr_tail.len(), 64 * 1024);
    assert!(result.stderr_tail.ends_with(b"xend\n"));
}

#[test]
fn parallel_jobs_keep_their_order_and_get_a_timing_note() {
    let jobs: Vec<u32> = (0..8).collect();
    let results = parallel(&jobs, 3, |n| {
        let result = run(&sh(&format!("echo {n}")), Input::Bytes(b""), &limits());
        String::from_utf8(result.stdout).unwrap()
    });
    let expected: Vec<String> = jobs.iter().map(|n| format!("{n}\n")).collect();
    assert_eq!(results, expected);
    assert_eq!(timing_note(1), None);
    assert!(timing_note(64).unwrap().contains("64 parallel jobs"));
}

#[test]
fn compile_builds_once_into_the_cache() {
    let dir = scratch("compile");
    let source = dir.join("hello.rs");
    fs::write(&source, "fn main() { println!(\"hello\"); }\n").unwrap();
    let cache = dir.join("cache");
    let built = compile(&source, None, &cache, &jail(), &BuildLimits::DEFAULT).unwrap();
    let argv = built.command(&limits());
    let result = run(&argv, Input::Bytes(b""), &limits());
    assert_eq!(result.stdout, b"hello\n");
    let modified = fs::metadata(&argv[0]).unwrap().modified().unwrap();
    assert_eq!(
        compile(&source, None, &cache, &jail(), &BuildLimits::DEFAULT).unwrap(),
        built
    );
    assert_eq!(
        fs::metadata(&argv[0]).unwrap().modified().unwrap(),
        modified
    );

    fs::write(&source, "fn main() { println!(\"changed\"); }\n").unwrap();
    let changed = compile(&source, None, &cache, &jail(), &BuildLimits::DEFAULT).unwrap();
    assert_ne!(changed, built);

    let broken = dir.join("broken.rs");
    fs::write(&broken, "fn main() { let x: u8 = \"no\"; }\n").unwrap();
    let Err(CompileError::Failed { message, .. }) =
        compile(&broken, None, &cache, &jail(), &BuildLimits::DEFAULT)
    else {
        panic!("a type error must fail");
    };
    assert!(message.contains("mismatched types"), "{message}");
    assert!(matches!(
        compile(
            &dir.join("x.kt"),
            None,
            &cache,
            &jail(),
            &BuildLimits::DEFAULT
        ),
        Err(CompileError::Unsupported(_))
    ));
}

#[test]
fn compile_builds_cpp_when_gpp_is_present() {
    let dir = scratch("compile-cpp");
    let source = dir.join("hello.cpp");
    fs::write(
        &source,
        "#include <cstdio>\nint main() { std::puts(\"hi\"); }\n",
    )
    .unwrap();
    match compile(
        &source,
        None,
        &dir.join("cache"),
        &jail(),
        &BuildLimits::DEFAULT,
    ) {
        Ok(built) => {
            let result = run(&built.command(&limits()), Input::Bytes(b""), &limits());
            assert_eq!(result.stdout, b"hi\n");
        }
        Err(CompileError::CompilerMissing { compiler }) => assert_eq!(compiler, "g++"),
        Err(e) => panic!("{e}"),
    }
}

/// The jail builds run in.
fn jail() -> Sandbox {
    Sandbox::new(boardjudge::runner::SandboxMode::Auto).unwrap()
}
