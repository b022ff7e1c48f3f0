//! Benchmark of `judge strength --matrix` against `judge strength` (`cargo bench --bench
//! matrix`): the shipped solutions of sicily, msquare and rotation, on the committed test data,
//! with the same number of jobs (the default, one per core, or BENCH_JOBS). Timed in the same
//! run, strength before and after the matrix, so that a change in the machine's load shows;
//! the ratio is the matrix's wall time over the mean of the two. Then `judge strength --jobs 1`,
//! as CI and the README time it, for the second ratio.
//!
//! The matrix's HTML report is written to target/matrix-report.html (README's screenshot).
//!
//! The matrix must run every intended-TLE solution on every test, each run on which it is
//! too slow taking the full CPU limit: the bench prints that floor (TLE cells x limit / jobs)
//! beside the measured time.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");
const PROBLEMS: [&str; 3] = ["sicily", "msquare", "rotation"];

fn main() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let jobs = std::env::var("BENCH_JOBS")
        .ok()
        .or_else(|| {
            std::thread::available_parallelism()
                .ok()
                .map(|n| n.to_string())
        })
        .unwrap_or_else(|| "1".into());
    let run = |jobs: &str, extra: &[&str]| {
        let start = Instant::now();
        let o = Command::new(JUDGE)
            .arg("strength")
            .args(PROBLEMS)
            .args(["--jobs", jobs, "--json"])
            .args(extra)
            .current_dir(repo)
            .output()
            .unwrap();
        let elapsed = start.elapsed().as_secs_f64();
        assert!(
            o.status.success(),
            "judge strength {extra:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (elapsed, v)
    };
    println!("jobs: {jobs}; problems: {}", PROBLEMS.join(", "));
    let (before, _) = run(&jobs, &[]);
    println!("judge strength (before):           {before:7.1} s");
    let html = repo.join("target").join("matrix-report.html");
    let (matrix, v) = run(&jobs, &["--matrix", "--html", html.to_str().unwrap()]);
    println!("judge strength --matrix:           {matrix:7.1} s");
    let (after, _) = run(&jobs, &[]);
    println!("judge strength (after):            {after:7.1} s");
    let (one_job, _) = run("1", &[]);
    println!("judge strength --jobs 1 (as CI):   {one_job:7.1} s");
    let strength = (before + after) / 2.0;
    println!(
        "ratio matrix / strength, same jobs: {:7.2}x (strength mean {strength:.1} s)",
        matrix / strength
    );
    println!(
        "ratio matrix / strength --jobs 1:   {:7.2}x",
        matrix / one_job
    );
    let jobs: f64 = jobs.parse().unwrap();
    let (mut runs, mut tle, mut floor, mut cpu) = (0, 0, 0.0, 0.0);
    for p in v["problems"].as_array().unwrap() {
        let limit = p["time_limit"].as_f64().unwrap();
        for row in p["rows"].as_array().unwrap() {
            for cell in row["cells"].as_array().unwrap() {
                runs += 1;
                cpu += cell["cpu_seconds"].as_f64().unwrap();
                if cell["verdict"]["verdict"] == "TLE" {
                    tle += 1;
                    floor += limit;
                }
            }
        }
    }
    println!(
        "matrix: {runs} runs, {cpu:.1} s CPU in all; {tle} TLE cells, which cost at least \
         {floor:.0} s CPU: a floor of {:.1} s wall on {jobs} job(s)",
        floor / jobs
    );
}
