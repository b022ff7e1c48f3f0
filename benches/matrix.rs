//! Benchmark of `judge strength --matrix` against `judge strength` (`cargo bench --bench
//! matrix`): the shipped solutions of sicily, msquare and rotation, on the committed test data,
//! with the same number of jobs (the default, one per core, or BENCH_JOBS). Timed in the same
//! run, strength before and after the matrix, so that a change in the machine's load shows;
//! the ratio is the matrix's wall time over the mean of the two. Then `judge strength --jobs 1`,
//! as CI and the README time it, for the second ratio.
//!
//! Beside the wall times, the CPU time of each run (the judge and every solution it ran,
//! from `getrusage(RUSAGE_CHILDREN)`): on a loaded machine the wall times mostly measure the
//! load, the CPU work does not.
//!
//! The matrix's HTML report is written to target/matrix-report.html (README's screenshot).
//!
//! The matrix must run every intended-TLE solution on every test, each run on which it is
//! too slow taking the full CPU limit: the bench prints that floor (TLE cells x limit / jobs)
//! beside the measured time.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

#[path = "common/measure.rs"]
mod measure;
use measure::{children_cpu, load1};

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
        let cpu_before = children_cpu();
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
        let cpu = children_cpu() - cpu_before;
        assert!(
            o.status.success(),
            "judge strength {extra:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (elapsed, cpu, v)
    };
    println!(
        "jobs: {jobs}; problems: {}; load average (1 min) {:.2} at the start",
        PROBLEMS.join(", "),
        load1()
    );
    let (before, before_cpu, _) = run(&jobs, &[]);
    println!("judge strength (before):           {before:7.1} s wall, {before_cpu:6.1} s CPU");
    let html = repo.join("target").join("matrix-report.html");
    let (matrix, matrix_cpu, v) = run(&jobs, &["--matrix", "--html", html.to_str().unwrap()]);
    println!("judge strength --matrix:           {matrix:7.1} s wall, {matrix_cpu:6.1} s CPU");
    let (after, after_cpu, _) = run(&jobs, &[]);
    println!("judge strength (after):            {after:7.1} s wall, {after_cpu:6.1} s CPU");
    let (one_job, one_job_cpu, _) = run("1", &[]);
    println!("judge strength --jobs 1 (as CI):   {one_job:7.1} s wall, {one_job_cpu:6.1} s CPU");
    println!("load average (1 min) at the end:   {:7.2}", load1());
    let strength = (before + after) / 2.0;
    println!(
        "ratio matrix / strength, same jobs: {:7.2}x (strength mean {strength:.1} s)",
        matrix / strength
    );
    println!(
        "ratio matrix / strength --jobs 1:   {:7.2}x",
        matrix / one_job
    );
    println!(
        "CPU work matrix / strength:         {:7.2}x (what a quiet machine's wall ratio tends to)",
        matrix_cpu / ((before_cpu + after_cpu) / 2.0)
    );
    let jobs: f64 = jobs.parse().unwrap();
    let (mut runs, mut tle, mut floor, mut cpu) = (0, 0, 0.0, 0.0);
    for p in v["problems"].as_array().unwrap() {
        let limit = p["time_limit"].as_f64().unwrap();
        for row in p["rows"].as_array().unwrap() {
            for cell in row["cells"].as_array().unwrap() {
                runs += 1;
                cpu += cell["cpu_seconds"].as_f64().unwrap();
                // A flat verdict ("TLE"); any other shape stops the bench rather than
                // counting no TLE cell.
                let verdict = cell["verdict"]
                    .as_str()
                    .expect("a cell's verdict is a string");
                if verdict == "TLE" {
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
