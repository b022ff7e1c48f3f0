//! What one judge process sustains (`cargo bench --bench throughput`): whole submissions a
//! minute per problem, each submission being one accepted solution judged on every test (the
//! most a submission costs: a rejected one ends at its first failure on a contest judge), in
//! the sandbox (`--sandbox auto`, every layer this machine allows), with `--jobs 1` (the
//! baseline) and `--jobs 2`, and with `--sandbox off` at `--jobs 1` for the sandbox's share;
//! the ratios are against the `--jobs 1` run of the same problem in the same bench.
//!
//! The submissions are every accepted solution that judge.toml ships for the problem (C++,
//! Rust, Python 3, Java: each built once before anything is timed), judged by one `judge run
//! PROBLEM SOLUTIONS... --confirm 0` (one run per test, no confirmation re-runs, as a contest
//! judge runs each test once). Printed per run: wall seconds, CPU seconds (the judge and
//! everything it ran), submissions a minute, test runs a second, the machine's 1-minute load
//! average before and after, and the CPUs that other processes used meanwhile (the judge's
//! own contention measure). docs/scale.md sizes contests from these figures.
//!
//! BENCH_PROBLEMS (comma-separated) limits the problems.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use boardjudge::problemset::plan::{Expected, Plan};

#[path = "common/measure.rs"]
mod measure;
use measure::{children_cpu, load1};

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

fn main() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let plan = Plan::load(&repo.join("judge.toml")).expect("judge.toml");
    let only: Option<Vec<String>> = std::env::var("BENCH_PROBLEMS")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    println!(
        "| problem | tests | submissions | run | wall s | CPU s | submissions/min | test runs/s | \
         vs --jobs 1 | load before / after | others' CPUs | all accepted |"
    );
    println!("|---|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---|");
    for problem in &plan.problems {
        let name = problem.name.as_str();
        if only.as_ref().is_some_and(|o| !o.iter().any(|p| p == name)) {
            continue;
        }
        let solutions: Vec<String> = problem
            .solutions
            .iter()
            .filter(|s| s.expected == Expected::Accepted)
            .map(|s| s.path.display().to_string())
            .collect();
        let solutions: Vec<&str> = solutions.iter().map(String::as_str).collect();
        // Built once before anything is timed.
        let _ = judge(repo, name, &solutions, &["--tests", "samples"]);
        let tests = problem.tests.len();
        let mut baseline = None;
        for (what, extra) in [
            ("--jobs 1", &["--jobs", "1"][..]),
            ("--jobs 2", &["--jobs", "2"][..]),
            (
                "--jobs 1 --sandbox off",
                &["--jobs", "1", "--sandbox", "off"][..],
            ),
        ] {
            let load_before = load1();
            let cpu_before = children_cpu();
            let start = Instant::now();
            let (v, accepted) = judge(repo, name, &solutions, extra);
            let wall = start.elapsed().as_secs_f64();
            let cpu = children_cpu() - cpu_before;
            let per_minute = solutions.len() as f64 * 60.0 / wall;
            let ratio = match baseline {
                None => {
                    baseline = Some(per_minute);
                    "1.00".to_string()
                }
                Some(b) => format!("{:.2}", per_minute / b),
            };
            let others = v["timing"]["contention"]["others_cpus"]
                .as_f64()
                .map_or("?".to_string(), |c| format!("{c:.2}"));
            println!(
                "| {name} | {tests} | {} | {what} | {wall:.1} | {cpu:.1} | {per_minute:.1} | {:.1} | \
                 {ratio} | {load_before:.2} / {:.2} | {others} | {} |",
                solutions.len(),
                (solutions.len() * tests) as f64 / wall,
                load1(),
                if accepted {
                    "yes"
                } else {
                    "no: a time verdict"
                },
            );
        }
    }
}

/// `judge run PROBLEM --json --confirm 0 EXTRA... SOLUTIONS...`: its JSON, and whether every
/// solution was accepted on every test (on a crowded machine a time verdict can fail one:
/// the row says so rather than the bench stopping).
fn judge(
    repo: &Path,
    problem: &str,
    solutions: &[&str],
    extra: &[&str],
) -> (serde_json::Value, bool) {
    let o = Command::new(JUDGE)
        .args(["run", problem, "--json", "--confirm", "0"])
        .args(extra)
        .args(solutions)
        .current_dir(repo)
        .output()
        .expect("judge");
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "judge run {problem}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let json = serde_json::from_slice(&o.stdout).expect("judge run --json");
    (json, o.status.code() == Some(0))
}
