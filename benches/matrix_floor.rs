//! The matrix against its single-run floor (`cargo bench --bench matrix_floor`): `judge
//! strength --matrix --json` on the six problems (or BENCH_PROBLEMS, comma-separated) with
//! BENCH_JOBS jobs (default 2), its wall time against the least it could take if every cell ran
//! once, back to back on every job:
//!
//! - floor = (the sum of the cells' CPU time + cells x the per-run overhead) / jobs;
//! - the per-run overhead (the sandbox, starting the program, feeding its input, checking its
//!   output) measured first, per problem, as `judge run PROBLEM <a fast accepted solution>
//!   --jobs J`'s session time x J less its runs' CPU time, over its runs.
//!
//! Beside it: the load average at the matrix's start and end (`/proc/loadavg`, as its JSON's
//! `load` says) and around the bench, the judge's own contention
//! figures for the session (its JSON's `timing.contention`), the re-runs that confirmed time
//! verdicts and their cost (`timing.reruns`, `rerun_cpu_seconds`, `rerun_wall_seconds`), the
//! tests in doubt left at one run and why (`not_at_stake`, `quiet`), and the time-limit
//! probes (one run per intended-TLE solution at 3x the limit, not cells: not in the floor).
//!
//! MATRIX_JSON=FILE reads the JSON of a matrix run by hand instead of running one (its wall
//! time is then the session's, `timing.contention.seconds`); the overhead is measured all the
//! same.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");
const PROBLEMS: [&str; 6] = [
    "sicily",
    "sicilylex",
    "msquare",
    "rotation",
    "sicilylarge",
    "rotationlarge",
];

/// A fast accepted solution of each problem, to measure the per-run overhead with.
fn fast(problem: &str) -> &'static str {
    match problem {
        "sicily" | "sicilylex" | "sicilylarge" => "solutions/sicily/accepted/lazy_bfs.cpp",
        "msquare" => "solutions/msquare/accepted/bfs.cpp",
        _ => "solutions/rotation/accepted/subset_bfs.rs",
    }
}

fn main() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let jobs = std::env::var("BENCH_JOBS").unwrap_or_else(|_| "2".into());
    let problems: Vec<String> = std::env::var("BENCH_PROBLEMS").map_or_else(
        |_| PROBLEMS.iter().map(|p| p.to_string()).collect(),
        |p| p.split(',').map(String::from).collect(),
    );
    let j: f64 = jobs.parse().expect("BENCH_JOBS is a number");
    let load_before = load();
    // The per-run overhead, per problem.
    let mut overhead = Vec::new();
    for p in &problems {
        let o = Command::new(JUDGE)
            .args(["run", p, fast(p), "--jobs", &jobs, "--json"])
            .current_dir(repo)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "judge run {p} {}: {}",
            fast(p),
            String::from_utf8_lossy(&o.stderr)
        );
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        let results = v["results"].as_array().unwrap();
        let cpu: f64 = results.iter().map(|r| f(&r["cpu_seconds"])).sum();
        let seconds = f(&v["timing"]["contention"]["seconds"]);
        let per_run = ((seconds * j - cpu) / results.len() as f64).max(0.0);
        println!(
            "overhead {p}: {:.1} ms per run ({} runs of {} in {seconds:.2} s, {cpu:.2} s CPU)",
            per_run * 1e3,
            results.len(),
            fast(p)
        );
        overhead.push((p.clone(), per_run));
    }
    let (v, wall) = match std::env::var("MATRIX_JSON") {
        Ok(file) => {
            let v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
            let wall = f(&v["timing"]["contention"]["seconds"]);
            println!("matrix: {file} (its session's wall time)");
            (v, wall)
        }
        Err(_) => {
            let start = Instant::now();
            let o = Command::new(JUDGE)
                .arg("strength")
                .args(&problems)
                .args(["--matrix", "--json", "--jobs", &jobs])
                .current_dir(repo)
                .output()
                .unwrap();
            let wall = start.elapsed().as_secs_f64();
            let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
                panic!("{e}: {}", String::from_utf8_lossy(&o.stderr));
            });
            (v, wall)
        }
    };
    let load_after = load();
    let jobs_run = v["jobs"].as_f64().unwrap_or(j);
    let (mut cells, mut cpu, mut floor_overhead, mut tle) = (0usize, 0.0, 0.0, 0usize);
    let (mut probes, mut probe_cpu, mut solutions) = (0usize, 0.0, 0usize);
    for m in v["problems"].as_array().unwrap() {
        let per_run = overhead
            .iter()
            .find(|(p, _)| m["problem"] == p.as_str())
            .map_or(0.0, |(_, o)| *o);
        for row in m["rows"].as_array().unwrap() {
            solutions += 1;
            for c in row["cells"].as_array().unwrap() {
                cells += 1;
                cpu += f(&c["cpu_seconds"]);
                floor_overhead += per_run;
                tle += usize::from(c["verdict"] == "TLE");
            }
            if let Some(probe) = row["probe"].as_object() {
                probes += 1;
                probe_cpu += f(&probe["cpu_seconds"]);
            }
        }
    }
    let floor = (cpu + floor_overhead) / jobs_run;
    let t = &v["timing"];
    let c = &t["contention"];
    println!(
        "matrix: {solutions} solutions ({} not as expected, {} skipped), {cells} cells ({tle} TLE), \
         {jobs_run} job(s)",
        v["failed"], v["skipped"]
    );
    println!(
        "floor: {cpu:.1} s CPU in the cells + {floor_overhead:.1} s of per-run overhead, / \
         {jobs_run} = {floor:.1} s"
    );
    println!(
        "wall: {wall:.1} s = {:.2}x the floor (the judge's session: {:.1} s, {:.2}x)",
        wall / floor,
        f(&c["seconds"]),
        f(&c["seconds"]) / floor
    );
    println!(
        "re-runs: {} (of {} tests repeated), {:.1} s CPU, {:.1} s wall; left at one run: {} \
         with nothing at stake, {} TLE(s) by CPU time on a quiet core",
        t["reruns"],
        t["repeated"],
        f(&t["rerun_cpu_seconds"]),
        f(&t["rerun_wall_seconds"]),
        t["not_at_stake"],
        t["quiet"]
    );
    println!(
        "probes: {probes}, {probe_cpu:.1} s CPU (at most {:.1} s of wall on {jobs_run} job(s))",
        probe_cpu / jobs_run
    );
    println!(
        "contention: busy {}, others {:.3} of {} CPUs, this judge {:.2}, steal {:.2} %, load \
         {:.2} at the start and {:.2} at its highest",
        c["busy"],
        f(&c["others_cpus"]),
        c["cpus"],
        f(&c["judge_cpus"]),
        f(&c["steal_percent"]),
        f(&c["load_before"]),
        f(&c["load_highest"])
    );
    // The judge's own reading at the start and the end of the matrix (`load` in its JSON).
    let judge_load = |at: &str| {
        v["load"][at].as_array().map_or("unknown".to_string(), |l| {
            l.iter()
                .map(|x| format!("{:.2}", f(x)))
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    let (matrix_start, matrix_end) = (judge_load("start"), judge_load("end"));
    println!(
        "load average (1, 5, 15 min): {matrix_start} at the matrix's start, {matrix_end} at its \
         end (its JSON); {load_before} before this bench, {load_after} after it"
    );
    println!(
        "| wall s | floor s | ratio | cells CPU s | overhead s | re-runs | their CPU s | busy | \
         others CPUs | steal % | load before / after |"
    );
    println!(
        "| {wall:.1} | {floor:.1} | {:.2}x | {cpu:.1} | {floor_overhead:.1} | {} | {:.1} | {} | \
         {:.3} | {:.2} | {} / {} |",
        wall / floor,
        t["reruns"],
        f(&t["rerun_cpu_seconds"]),
        c["busy"],
        f(&c["others_cpus"]),
        f(&c["steal_percent"]),
        matrix_start.split(' ').next().unwrap_or(""),
        matrix_end.split(' ').next().unwrap_or("")
    );
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

/// The three load averages of `/proc/loadavg`.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
