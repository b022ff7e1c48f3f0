//! What the confirmation of time verdicts costs (`cargo bench --bench confirm`): whole `judge
//! run`s timed with the default confirmation (a run that gets TLE, or uses 80 % of the limit,
//! is run up to twice more, but a TLE by CPU time on a quiet core stands), with `--confirm-all`
//! (every run in doubt re-run, quiet or not) and with `--confirm 0`, in the same bench, in turn,
//! so that a change in the machine's load shows. Three runs of the shipped solutions, on every test:
//!
//! 1. the classic accepted solutions of sicily and rotation (`judge run` of each): nothing
//!    near the limit, so confirmation should cost nothing;
//! 2. sicily's classic solution beside its too-slow one (the matrix): each TLE cell runs three
//!    times with `--confirm-all`, which is the price of a confirmed TLE, and by default only
//!    where its core was not quiet (`judge run`'s solutions declare nothing, so every time
//!    verdict in doubt is at stake).
//!
//! Printed per run: wall seconds, CPU seconds (the judge and everything it ran, from
//! `getrusage(RUSAGE_CHILDREN)`), the tests repeated and the TLEs that stood on a quiet core
//! (from the JSON), and the machine's
//! 1-minute load average before and after, and whether the judge found the machine busy.
//! Jobs: the default (one per physical core), or BENCH_JOBS.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

#[path = "common/measure.rs"]
mod measure;
use measure::{children_cpu, load1};

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

fn main() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let jobs = std::env::var("BENCH_JOBS").ok();
    let runs: [(&str, &[&str]); 3] = [
        (
            "sicily",
            &["solutions/sicily/accepted/bfs_per_case.cpp"][..],
        ),
        (
            "rotation",
            &["solutions/rotation/accepted/ida_star_classic.cpp"][..],
        ),
        (
            "sicily",
            &[
                "solutions/sicily/accepted/bfs_per_case.cpp",
                "solutions/sicily/time_limit_exceeded/iddfs_per_case.cpp",
            ][..],
        ),
    ];
    // Built once before anything is timed.
    for (problem, solutions) in &runs {
        let _ = judge(repo, problem, solutions, &["--tests", "samples"], &jobs);
    }
    println!(
        "| run | confirmation | wall s | CPU s | tests repeated | quiet TLEs | load before / after | busy |"
    );
    println!("|---|---|---:|---:|---:|---:|---|---|");
    for (problem, solutions) in &runs {
        let names: Vec<&str> = solutions
            .iter()
            .map(|s| s.rsplit('/').next().unwrap_or(s))
            .collect();
        for (what, extra) in [
            ("--confirm 2 (default)", &[][..]),
            ("--confirm-all", &["--confirm-all"][..]),
            ("--confirm 0", &["--confirm", "0"][..]),
        ] {
            let load_before = load1();
            let cpu_before = children_cpu();
            let start = Instant::now();
            let v = judge(repo, problem, solutions, extra, &jobs);
            let wall = start.elapsed().as_secs_f64();
            let cpu = children_cpu() - cpu_before;
            let timing = &v["timing"];
            println!(
                "| `judge run {problem} {}` | {what} | {wall:.1} | {cpu:.1} | {} of {} | {} | {load_before:.2} / {:.2} | {} |",
                names.join(" "),
                timing["repeated"],
                timing["tests"],
                timing["quiet"],
                load1(),
                timing["contention"]["busy"]
            );
        }
    }
}

/// `judge run PROBLEM --json SOLUTIONS... EXTRA...`: its JSON.
fn judge(
    repo: &Path,
    problem: &str,
    solutions: &[&str],
    extra: &[&str],
    jobs: &Option<String>,
) -> serde_json::Value {
    let mut command = Command::new(JUDGE);
    command.args(["run", problem, "--json"]).args(extra);
    if let Some(jobs) = jobs {
        command.args(["--jobs", jobs]);
    }
    let o = command.args(solutions).current_dir(repo).output().unwrap();
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "judge run {problem}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}
