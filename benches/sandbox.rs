//! What the sandbox costs per run (`cargo bench --bench sandbox`).
//!
//! The reference `solve` on one msquare board, run through the runner again and again, in
//! rounds: each round runs it [`BLOCK`] times in a row with no sandbox (`--sandbox off`, the
//! baseline), as many with every layer this machine allows (`--sandbox auto`), and as many
//! with each optional layer left out in turn, so that every variant sees the same machine
//! load. Runs come in blocks because a judge runs a solution's tests one after another: with
//! cgroup v1, joining a cgroup after a pause waits for an RCU grace period (milliseconds),
//! while joins in quick succession do not; alternating single runs with runs that join no
//! cgroup would charge every sandboxed run that pause. Printed: the median wall time per run
//! of each variant, what it adds to the baseline, and what each layer costs (the full sandbox
//! minus the sandbox without that layer; leaving out the namespaces leaves out the private
//! root too). Target: under 3 ms added per run.
//!
//! Then the CPU time per run, `--sandbox off` against `--sandbox auto`, each in a phase of
//! its own ([`CPU_RUNS`] runs): the judge process's own (its threads, among them the one that
//! makes the runs' namespaces ahead of them) and the runs' processes'. Work the kernel does
//! in its own threads (a network namespace's teardown) is in neither.
//!
//! Last, what the jail adds to a build: a shipped solution of each language (and a C
//! program) compiled [`BUILD_ROUNDS`] times into a fresh cache in the jail and as many times
//! outside it (`--sandbox off`), in turn, with the machine's load before and after.

use std::time::{Duration, Instant};

use boardjudge::runner::{self, Input, Layer, Limits, Outcome, Sandbox, SandboxMode};

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");
const ROUNDS: usize = 40;
const BLOCK: usize = 10;
const WARM_UP: usize = 2;
const CPU_RUNS: usize = 200;
const BUILD_ROUNDS: usize = 5;

/// The sources built by the last phase, one a language.
const BUILD_SOURCES: [&str; 4] = [
    "solutions/msquare/accepted/bfs.cpp",
    "solutions/msquare/accepted/backward_greedy.rs",
    "solutions/msquare/accepted/bfs.py",
    "solutions/msquare/accepted/Bfs.java",
];

/// The layers that can be left out, as the table names them.
const OPTIONAL: [(Layer, &str); 6] = [
    (Layer::User, "user (uid per run)"),
    (Layer::Root, "private root (mount namespace, binds, tmpfs)"),
    (Layer::Landlock, "landlock"),
    (
        Layer::Namespaces,
        "pid+net+ipc+uts namespaces (and with them the private root)",
    ),
    (Layer::Cgroup, "cgroup"),
    (Layer::Seccomp, "seccomp"),
];

fn main() {
    let cmd = runner::Argv::named_by_user(vec![SOLVE.to_string(), "msquare".to_string()]);
    let input = b"2 6 8 4 5 7 3 1\n";
    let limits = Limits::with_cpu(Duration::from_secs(1));
    let auto = || Sandbox::new(SandboxMode::Auto).expect("a sandbox");
    let full = auto();
    println!("{}", full.layers());
    let mut variants: Vec<(String, Sandbox)> = vec![
        ("`--sandbox off` (baseline)".into(), Sandbox::off()),
        ("`--sandbox auto`".into(), full),
    ];
    for (layer, name) in OPTIONAL {
        let sandbox = auto();
        if sandbox.layers().applied.iter().any(|a| a.layer == layer) {
            let without = sandbox.without(layer).expect("an optional layer");
            variants.push((format!("auto without {name}"), without));
        }
    }
    let time = |sandbox: &Sandbox| {
        let start = Instant::now();
        let result = runner::run(&cmd, Input::Bytes(input), &limits, sandbox);
        let elapsed = start.elapsed();
        assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
        assert_eq!(result.stdout, b"7\nBCABCCB\n");
        elapsed
    };
    for _ in 0..WARM_UP {
        for (_, sandbox) in &variants {
            for _ in 0..BLOCK {
                time(sandbox);
            }
        }
    }
    let mut times = vec![Vec::with_capacity(ROUNDS * BLOCK); variants.len()];
    for _ in 0..ROUNDS {
        for (k, (_, sandbox)) in variants.iter().enumerate() {
            for _ in 0..BLOCK {
                times[k].push(time(sandbox));
            }
        }
    }
    let medians: Vec<f64> = times.into_iter().map(median).collect();
    let (baseline, full) = (medians[0], medians[1]);
    println!(
        "| run of `solve msquare` on one board ({ROUNDS} rounds) | median wall per run | added to the baseline |"
    );
    println!("|---|---:|---:|");
    for ((name, _), &t) in variants.iter().zip(&medians) {
        println!("| {name} | {t:.2} ms | {:+.2} ms |", t - baseline);
    }
    println!();
    println!("| layer | its cost per run (auto minus auto without it) |");
    println!("|---|---:|");
    let mut optional = 0.0;
    for ((name, _), &t) in variants.iter().zip(&medians).skip(2) {
        let cost = full - t;
        // The namespaces' row holds the private root's cost already.
        if !name.contains("private root (") {
            optional += cost;
        }
        println!(
            "| {} | {cost:+.2} ms |",
            name.trim_start_matches("auto without ")
        );
    }
    println!(
        "| session, private dir, clean env, rlimits, staging (the rest) | {:+.2} ms |",
        full - baseline - optional
    );
    println!(
        "\nadded by the whole sandbox: {:.2} ms per run ({:.2}x the baseline)",
        full - baseline,
        full / baseline
    );
    println!();
    println!("| CPU per run ({CPU_RUNS} runs) | the judge process | the run's processes |");
    println!("|---|---:|---:|");
    for (name, sandbox) in variants.iter().take(2) {
        let before = (cpu(libc::RUSAGE_SELF), cpu(libc::RUSAGE_CHILDREN));
        for _ in 0..CPU_RUNS {
            time(sandbox);
        }
        let judge = (cpu(libc::RUSAGE_SELF) - before.0) / CPU_RUNS as f64;
        let runs = (cpu(libc::RUSAGE_CHILDREN) - before.1) / CPU_RUNS as f64;
        println!("| {name} | {judge:.2} ms | {runs:.2} ms |");
    }
    builds();
}

/// The build phase: each source built in the jail and outside it, in turn.
fn builds() {
    use boardjudge::runner::compile::{BuildLimits, CompileError, compile};
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = std::env::temp_dir().join(format!("boardjudge-bench-{}", std::process::id()));
    let c = scratch.join("hello.c");
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    std::fs::write(
        &c,
        "#include <stdio.h>\nint main(void) { puts(\"hi\"); return 0; }\n",
    )
    .expect("a C source");
    let mut sources = vec![c];
    sources.extend(BUILD_SOURCES.iter().map(|s| repo.join(s)));
    let jail = Sandbox::new(SandboxMode::Auto).expect("a sandbox");
    let off = Sandbox::off();
    let load = || runner::load_average().map_or("unknown".to_string(), |l| format!("{:.2}", l[0]));
    println!(
        "\n| build ({BUILD_ROUNDS} each, fresh cache; load {} before) | outside the jail | in the jail | added | ratio |",
        load()
    );
    println!("|---|---:|---:|---:|---:|");
    let mut n = 0;
    for source in &sources {
        let mut times = [Vec::new(), Vec::new()];
        for _ in 0..BUILD_ROUNDS {
            for (k, sandbox) in [&off, &jail].into_iter().enumerate() {
                n += 1;
                let cache = scratch.join(format!("cache-{n}"));
                let start = Instant::now();
                match compile(source, None, &cache, sandbox, &BuildLimits::DEFAULT) {
                    Ok(_) => times[k].push(start.elapsed()),
                    Err(CompileError::CompilerMissing { .. }) => {}
                    Err(e) => panic!("{}: {e}", source.display()),
                }
                let _ = std::fs::remove_dir_all(&cache);
            }
        }
        if times[0].is_empty() || times[1].is_empty() {
            println!("| {} | (toolchain missing) | | | |", source.display());
            continue;
        }
        let [outside, inside] = times.map(median);
        let name = source
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into());
        println!(
            "| {name} | {outside:.0} ms | {inside:.0} ms | {:+.0} ms | {:.2}x |",
            inside - outside,
            inside / outside
        );
    }
    println!("load after: {}", load());
    let _ = std::fs::remove_dir_all(&scratch);
}

/// The user and system CPU time of this process (`RUSAGE_SELF`) or of its reaped children
/// (`RUSAGE_CHILDREN`) so far, in milliseconds.
fn cpu(who: libc::c_int) -> f64 {
    // SAFETY: getrusage fills the zeroed buffer.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(who, &mut usage);
        usage
    };
    let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
    ms(usage.ru_utime) + ms(usage.ru_stime)
}

/// The median, in milliseconds.
fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e3
}
