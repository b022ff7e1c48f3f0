//! Time verdicts on a busy machine (issue 23): the test loads the machine itself, with two
//! cache- and memory-heavy processes per core (this test binary's `memory_hog`, each chasing
//! pointers through 64 MiB, bounded in time and killed at the end), then runs `judge run` on a
//! few of sicily's hardest tests with the classic accepted solution (quiet margin about 4x),
//! the accepted Java one (about 6x; where a JDK is installed) and the shipped too-slow one:
//!
//! - with `--jobs 2` (a job per core here, more than the honest default) and with its
//!   default jobs, confirmation on (the default): the accepted
//!   solutions are AC on every test, the slow one TLE on every test (each TLE confirmed: 3 runs),
//!   and the JSON says the machine was busy;
//! - the shipped classic and too-slow ones (`judge strength`, one by one and `--matrix`): the
//!   classic one accepted, the slow one's TLE from one run (nothing at stake: it must get TLE);
//!   no run of the load is called quiet, so a TLE of a solution that must pass would still be
//!   confirmed;
//! - with `--confirm 0`: one run per test. A flip (an accepted solution not AC) shows what
//!   the confirmation saves; where no test flips (the machine is fast enough even loaded) that
//!   half says so and is skipped. Then once more with today's wall clock of main (twice the
//!   CPU limit), for the figure of what the generous wall clock saves.
//!
//! And under the same load, the runner itself (`an_endless_loop_is_a_cpu_tle_under_load`):
//! a bare endless loop is TLE by CPU time, stopped at the limit by the runner's reading of
//! its exact CPU time (the kernel's `RLIMIT_CPU` counts by clock ticks, ahead of the exact
//! time under load, and is only a backstop beyond the limit), and a `SIGXCPU` the program
//! raises before the limit is a crash, in the sandbox and without it.

mod common;

use common::cli::repo;
use common::need::need;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use boardjudge::runner::{self, Argv, Input, Limits, Outcome, RunResult, Sandbox, TimeKind};

use serde_json::Value;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");
/// The classic accepted solution (quiet margin about 4x on these tests).
const ACCEPTED: &str = "solutions/sicily/accepted/bfs_per_case.cpp";
/// The accepted Java solution (quiet margin about 6x): a JVM starts several threads, the most
/// sensitive to a busy machine; run where a JDK is installed.
const JAVA: &str = "solutions/sicily/accepted/BfsTable.java";
const SLOW: &str = "solutions/sicily/time_limit_exceeded/iddfs_per_case.cpp";
/// sicily's slowest tests for the per-case BFS (about 0.2 s of the 1 s limit each, quiet).
const TESTS: &str = "by-distance/*-s118,max-depth/*-s24";
/// The load's processes end by themselves after this long, whatever happens to the test.
const HOG_SECONDS: u64 = 300;
const HOG_ENV: &str = "BOARDJUDGE_MEMORY_HOG_SECONDS";

/// One test of this file at a time: each makes its own load, and two would double it.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

/// The load: `memory_hog` processes, killed and reaped when dropped.
struct Load(Vec<Child>);

impl Load {
    fn start(count: usize) -> Load {
        let exe = std::env::current_exe().unwrap();
        Load(
            (0..count)
                .map(|_| {
                    Command::new(&exe)
                        .args(["memory_hog", "--exact", "--ignored", "--test-threads=1"])
                        .env(HOG_ENV, HOG_SECONDS.to_string())
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .spawn()
                        .expect("start a memory hog")
                })
                .collect(),
        )
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Not a test: the load `time_verdicts_hold_on_a_busy_machine` starts. A random cycle through
/// 64 MiB (beyond any cache), read and written, until its time is up.
#[test]
#[ignore = "a helper process of time_verdicts_hold_on_a_busy_machine"]
fn memory_hog() {
    let Some(seconds) = std::env::var(HOG_ENV).ok().and_then(|s| s.parse().ok()) else {
        return;
    };
    let end = Instant::now() + Duration::from_secs(seconds);
    let n = 8 << 20; // 8 Mi u64 = 64 MiB
    let mut next: Vec<u64> = (0..n as u64).collect();
    // Sattolo's shuffle: one cycle through every slot.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64 ^ u64::from(std::process::id());
    for i in (1..n).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let j = (state % i as u64) as usize;
        next.swap(i, j);
    }
    let mut at = 0usize;
    while Instant::now() < end {
        for _ in 0..1_000_000 {
            let to = next[at] as usize;
            next[at] = next[at].wrapping_add(0); // a write: the line goes back dirty
            at = to;
        }
        std::hint::black_box(at);
    }
}

/// The solutions: the accepted ones, then the slow one last.
fn solutions() -> Vec<&'static str> {
    let java = need(
        "java",
        Command::new("javac").arg("-version").output().is_ok(),
        &format!("{JAVA} is left out"),
    );
    let mut all = vec![ACCEPTED];
    all.extend(java.then_some(JAVA));
    all.push(SLOW);
    all
}

/// `judge run sicily --tests TESTS --json SOLUTIONS...` with `args`.
fn judge(tests: &str, args: &[&str]) -> std::process::Output {
    Command::new(JUDGE)
        .args(["run", "sicily", "--tests", tests, "--json"])
        .args(args)
        .args(solutions())
        .current_dir(repo())
        .output()
        .expect("run judge")
}

/// `judge run sicily --tests TESTS --json ACCEPTED SLOW` with `args`: the matrix's JSON.
fn run(args: &[&str]) -> Value {
    let o = judge(TESTS, args);
    assert_eq!(
        o.status.code(),
        Some(1),
        "the slow solution fails: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// A cell: verdict, detail, CPU time, runs.
type Cell = (String, String, f64, u64);

/// Per solution (the accepted ones, then the slow one): each cell.
fn cells(v: &Value) -> Vec<Vec<Cell>> {
    v["problems"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    (
                        c["verdict"].as_str().unwrap().to_string(),
                        c["detail"].as_str().unwrap_or("").to_string(),
                        c["cpu_seconds"].as_f64().unwrap(),
                        c["runs"].as_u64().unwrap(),
                    )
                })
                .collect()
        })
        .collect()
}

/// No run of the matrix `rows` was called quiet under the load: a time verdict in doubt was
/// confirmed where it could change something, as without the quiet rule.
fn assert_loud(rows: &Value) {
    for row in rows.as_array().unwrap() {
        for c in row["cells"].as_array().unwrap() {
            let load = &c["confirmation"]["load"];
            assert_ne!(
                load["quiet"], true,
                "{}: a run called quiet: {c}",
                row["path"]
            );
        }
    }
}

fn load_line(v: &Value) -> String {
    let c = &v["timing"]["contention"];
    format!(
        "busy {}, others {:.2} CPUs, load {:.1}",
        c["busy"], c["others_cpus"], c["load_highest"]
    )
}

#[test]
fn time_verdicts_hold_on_a_busy_machine() {
    let _one = serial();
    let started = Instant::now();
    // Built before the load, so that the load times the runs only.
    let warm = judge("samples", &[]);
    assert!(
        warm.status.success(),
        "{}",
        String::from_utf8_lossy(&warm.stderr)
    );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = Load::start(2 * cores);
    std::thread::sleep(Duration::from_millis(500));

    for jobs in [Some("2"), None] {
        let args: Vec<&str> = jobs.map_or(Vec::new(), |j| vec!["--jobs", j]);
        let v = run(&args);
        let rows = cells(&v);
        let (slow, accepted) = rows.split_last().unwrap();
        eprintln!("jobs {jobs:?}: {rows:?}; {}", load_line(&v));
        for (row, path) in accepted.iter().zip(solutions()) {
            for (verdict, detail, cpu, runs) in row {
                assert_eq!(
                    verdict, "AC",
                    "{path} (jobs {jobs:?}): {detail} after {cpu} s CPU in {runs} run(s)"
                );
            }
        }
        for (verdict, detail, cpu, runs) in slow {
            assert_eq!(verdict, "TLE", "{SLOW} (jobs {jobs:?}): {cpu} s CPU");
            assert_eq!(*runs, 3, "a TLE is confirmed by 2 more runs ({detail})");
        }
        assert_loud(&v["problems"][0]["rows"]);
        assert_eq!(
            v["timing"]["contention"]["busy"], true,
            "the load is measured and said: {}",
            v["timing"]
        );
    }

    // The shipped solutions, judged against what they must get: the classic one stays
    // accepted; the slow one's TLE is what it must get, and is not run again.
    for matrix in [false, true] {
        let mut judge = Command::new(JUDGE);
        judge.args([
            "strength",
            "sicily",
            "--tests",
            TESTS,
            "--solutions",
            "*per_case.cpp",
        ]);
        judge.args(["--json"]).args(matrix.then_some("--matrix"));
        let o = judge.current_dir(repo()).output().expect("run judge");
        let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
        eprintln!("strength (matrix {matrix}): {}", load_line(&v));
        assert!(
            o.status.success(),
            "judge strength (matrix {matrix}) under load: {v}"
        );
        if matrix {
            let rows = &v["problems"][0]["rows"];
            assert_loud(rows);
            for row in rows.as_array().unwrap() {
                let slow = row["expected"] == "time_limit_exceeded";
                for c in row["cells"].as_array().unwrap() {
                    let want = if slow { ("TLE", 1) } else { ("AC", 1) };
                    let got = (c["verdict"].as_str().unwrap(), c["runs"].as_u64().unwrap());
                    assert_eq!(got, want, "{}: {c}", row["path"]);
                }
            }
        } else {
            assert_eq!(v["failed"], 0, "{v}");
        }
    }

    // One run per test: what the confirmation saves, then what the wall clock saves too.
    let mut flips = Vec::new();
    for (what, args) in [
        ("--confirm 0", vec!["--confirm", "0"]),
        (
            "--confirm 0 --wall-limit 2 (main's wall clock)",
            vec!["--confirm", "0", "--wall-limit", "2"],
        ),
    ] {
        let v = run(&args);
        let rows = cells(&v);
        let (slow, accepted) = rows.split_last().unwrap();
        let flipped = accepted.iter().flatten().filter(|c| c.0 != "AC").count();
        eprintln!("{what}: {rows:?}; {}", load_line(&v));
        for c in slow {
            assert_eq!(c.0, "TLE", "{SLOW} with {what}: {c:?}");
        }
        flips.push((what, flipped));
    }
    drop(load);
    eprintln!(
        "flips of the accepted solutions without confirmation: {flips:?}; {:.0} s",
        started.elapsed().as_secs_f64()
    );
    if flips.iter().all(|(_, n)| *n == 0) {
        eprintln!(
            "skipped: no verdict flipped without confirmation: this machine is fast enough, \
             loaded, to keep every run of the accepted solutions within their limits"
        );
    }
}

/// A C program: `loop` spins for ever; `raise S` uses S seconds of CPU, then raises
/// `SIGXCPU`. Compiled once into the temporary directory.
fn looper() -> String {
    let dir = std::env::temp_dir().join(format!("boardjudge-looper-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("looper.c");
    std::fs::write(
        &source,
        r#"#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
int main(int argc, char **argv) {
    if (argc > 2 && !strcmp(argv[1], "raise")) {
        double seconds = atof(argv[2]);
        struct timespec now;
        do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
        while (now.tv_sec + now.tv_nsec / 1e9 < seconds);
        raise(SIGXCPU);
        return 0;
    }
    for (;;) {}
}
"#,
    )
    .unwrap();
    let binary = dir.join("looper");
    let status = Command::new("cc")
        .arg("-O1")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .expect("cc runs");
    assert!(status.success());
    binary.to_string_lossy().into_owned()
}

/// Runs `binary args` on `sandbox` under a CPU limit of `cpu` and a wall clock of 60 s (so
/// that the load cannot stop it first).
fn looped(binary: &str, args: &[&str], cpu: Duration, sandbox: &Sandbox) -> RunResult {
    let mut cmd = vec![binary.to_string()];
    cmd.extend(args.iter().map(|a| a.to_string()));
    let limits = Limits {
        wall: Duration::from_secs(60),
        ..Limits::with_cpu(cpu)
    };
    runner::run(
        &Argv::named_by_user(cmd),
        Input::Bytes(b""),
        &limits,
        sandbox,
    )
}

#[test]
fn an_endless_loop_is_a_cpu_tle_under_load() {
    let _one = serial();
    let binary = looper();
    let sandbox = Sandbox::new(runner::SandboxMode::Auto).unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = Load::start(2 * cores);
    std::thread::sleep(Duration::from_millis(500));
    for sandbox in [&sandbox, &Sandbox::off()] {
        let off = sandbox.is_off();
        // As many loops as cores at once, besides the load: each is TLE by CPU time, stopped
        // near the limit by the runner, not by the backstop (3 s of the kernel's count).
        let loops: Vec<RunResult> = std::thread::scope(|scope| {
            let runs: Vec<_> = (0..cores)
                .map(|_| {
                    scope.spawn(|| looped(&binary, &["loop"], Duration::from_secs(1), sandbox))
                })
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for r in &loops {
            eprintln!(
                "off {off}: {:?} at {:?} CPU, {:?} wall",
                r.outcome, r.cpu, r.wall
            );
            assert_eq!(
                r.outcome,
                Outcome::TimeLimit(TimeKind::Cpu),
                "off {off}: {r:?}"
            );
            assert!(r.cpu >= Duration::from_secs(1), "off {off}: {r:?}");
            assert!(r.cpu < Duration::from_millis(1500), "off {off}: {r:?}");
        }
        // A limit that is no whole number of seconds: stopped at it, not at the kernel's
        // limit rounded up to a second.
        let half = looped(&binary, &["loop"], Duration::from_millis(500), sandbox);
        assert_eq!(
            half.outcome,
            Outcome::TimeLimit(TimeKind::Cpu),
            "off {off}: {half:?}"
        );
        assert!(half.cpu < Duration::from_millis(900), "off {off}: {half:?}");
        // SIGXCPU raised before the limit, at 0.1 s and at 0.85 s of 1 s: a crash.
        for at in ["0.1", "0.85"] {
            let r = looped(&binary, &["raise", at], Duration::from_secs(1), sandbox);
            eprintln!(
                "off {off}: raise at {at}: {:?} at {:?} CPU",
                r.outcome, r.cpu
            );
            assert_eq!(
                r.outcome,
                Outcome::Signaled(libc::SIGXCPU),
                "off {off}, {at}: {r:?}"
            );
            assert!(r.cpu < Duration::from_secs(1), "off {off}, {at}: {r:?}");
        }
    }
    drop(load);
}
