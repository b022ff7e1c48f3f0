//! Benchmark of the `check` binary and library (`cargo bench --bench check`).
//!
//! A judge runs the checker once per test per submission, so start-up counts:
//! 1. one checker process on a one-board rotation test (wall time per process, median of
//!    many runs; target < 10 ms);
//! 2. a 40,320-case sicily file (every magic board once), in-process and as one process
//!    (target < 200 ms);
//! 3. a 100 MiB contestant output piped into the checker (it must stop at the cap), with
//!    the checker's peak memory.
//!
//! Each process measurement starts with warm-up runs (the first run of a fresh binary can be
//! slow on a machine that scans new executables).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use boardjudge::check::{CheckOptions, CheckVerdict, check};
use boardjudge::format::sicily::{Case, Sicily};
use boardjudge::format::{Problem, write_input};
use boardjudge::puzzle::magic::{BOARD_COUNT, Board};

const CHECK: &str = env!("CARGO_BIN_EXE_check");

fn main() {
    let dir = std::env::temp_dir().join(format!("boardjudge-bench-check-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    one_board_rotation(&dir);
    sicily_all_boards(&dir);
    hundred_megabytes(&dir);
    fs::remove_dir_all(&dir).unwrap();
}

/// Median, 10th and 90th percentiles, as a line.
fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what}: median {:.2} ms (p10 {:.2} ms, p90 {:.2} ms, {} runs)",
        ms(at(0.5)),
        ms(at(0.1)),
        ms(at(0.9)),
        times.len()
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Runs `check` with `args` (output file in the args), asserting the exit code; wall time.
fn time_process(args: &[&PathBuf], code: i32) -> Duration {
    let start = Instant::now();
    let status = Command::new(CHECK)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let elapsed = start.elapsed();
    assert_eq!(status.code(), Some(code));
    elapsed
}

fn one_board_rotation(dir: &Path) {
    let input = write(
        dir,
        "rot.in",
        b"1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3\n0\n",
    );
    let answer = write(dir, "rot.ans", b"AAABGAHBDDDHB\n1\n");
    let args = [&input, &answer, &answer];
    for _ in 0..20 {
        time_process(&args, 0);
    }
    let times = (0..500).map(|_| time_process(&args, 0)).collect();
    report(
        "one process, one-board rotation test (distance 13), testlib protocol",
        times,
    );
}

fn sicily_all_boards(dir: &Path) {
    let cases: Vec<Case> = (0..BOARD_COUNT)
        .map(|rank| Case {
            limit: (rank % 25) as i64,
            target: Board::from_rank(rank),
        })
        .collect();
    let mut input = Vec::new();
    write_input::<Sicily>(&cases, &mut input).unwrap();
    let mut answer = Vec::new();
    for case in &cases {
        Sicily::write_answer(&Sicily::solve(case), &mut answer).unwrap();
    }
    println!(
        "sicily file: {} cases, input {} bytes, answer {} bytes",
        cases.len(),
        input.len(),
        answer.len()
    );
    let times = (0..20)
        .map(|_| {
            let start = Instant::now();
            let outcome = check(
                boardjudge::format::Format::Sicily,
                &input,
                &answer,
                &mut &answer[..],
                &CheckOptions::default(),
            );
            let elapsed = start.elapsed();
            assert_eq!(outcome.verdict, CheckVerdict::Accepted);
            elapsed
        })
        .collect();
    report("40,320-case sicily file, check() in-process", times);
    let input = write(dir, "sicily.in", &input);
    let answer = write(dir, "sicily.ans", &answer);
    let args = [&input, &answer, &answer];
    for _ in 0..3 {
        time_process(&args, 0);
    }
    let times = (0..30).map(|_| time_process(&args, 0)).collect();
    report("40,320-case sicily file, one process", times);
}

fn hundred_megabytes(dir: &Path) {
    const TOTAL: usize = 100 << 20;
    let input = write(dir, "s.in", b"4\n5 8 7 6\n4 1 2 3\n-1\n");
    let answer = write(dir, "s.ans", b"2 AB\n");
    let feedback = dir.join("feedback");
    fs::create_dir_all(&feedback).unwrap();
    for (what, chunk) in [
        ("lines", b"2 AB\n".repeat(1 << 14)),
        ("one line", vec![b'A'; 1 << 16]),
    ] {
        let run = || {
            let start = Instant::now();
            let mut child = Command::new(CHECK)
                .args(["--protocol", "kattis"])
                .args([&input, &answer, &feedback])
                .stdin(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let mut stdin = child.stdin.take().unwrap();
            let mut written = 0;
            while written < TOTAL {
                match stdin.write(&chunk) {
                    Ok(n) => written += n,
                    Err(_) => break,
                }
            }
            drop(stdin);
            let (code, peak_kib) = wait_with_peak_memory(child);
            let elapsed = start.elapsed();
            assert_eq!(code, 43);
            (elapsed, written, peak_kib)
        };
        for _ in 0..3 {
            run();
        }
        let runs: Vec<(Duration, usize, i64)> = (0..30).map(|_| run()).collect();
        let most = runs.iter().map(|r| r.1).max().unwrap();
        let peak = runs.iter().map(|r| r.2).max().unwrap();
        report(
            &format!(
                "100 MiB output ({what}) piped to one process (kattis), rejected after at most \
                 {most} bytes written, peak memory at most {:.1} MiB",
                peak as f64 / 1024.0
            ),
            runs.into_iter().map(|r| r.0).collect(),
        );
    }
}

/// Reaps `child` with `wait4`: its exit code and its peak resident memory in KiB.
#[allow(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
fn wait_with_peak_memory(child: std::process::Child) -> (i32, i64) {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: waits for our own child process, with valid pointers to locals.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid);
    assert!(libc::WIFEXITED(status), "the checker was killed");
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap();
    path
}
