//! No verdict is bought by being run again: the confirmation of time verdicts
//! (`judging::confirm`) against programs that try. A verdict that is not a TLE is never run
//! again, so a program whose verdict varies gets no more draws than one run gives it; and a
//! program that sleeps to the wall clock on its first run and answers at once on its re-run,
//! through a file it left for itself, keeps its TLE, where the old rule (the fastest run's
//! verdict) gave it AC. A wall-clock TLE is run again only when the run waited for a CPU (its
//! run-queue wait counted): a program that slept on a busy machine keeps its TLE, one that
//! shared its core is confirmed.

mod common;

use common::cli::{judge, text};
use serde_json::Value;

/// `judge run msquare --tests samples --json ARGS -- sh -c SCRIPT` (a 1 s CPU limit): the
/// one result, and the whole JSON.
fn run(args: &[&str], script: &str) -> (Value, Value) {
    let mut all = vec![
        "run",
        "msquare",
        "--tests",
        "samples",
        "--json",
        "--time-limit",
        "1",
    ];
    all.extend(args);
    all.extend(["--", "sh", "-c", script]);
    let o = judge(&all);
    let v: Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", text(&o.stdout), text(&o.stderr)));
    (v["results"][0].clone(), v)
}

/// Python that spins until it has used `seconds` of CPU time.
fn spin(seconds: f64) -> String {
    format!("python3 -c 'import time\nwhile time.process_time() < {seconds}: pass'")
}

#[test]
fn a_verdict_near_the_limit_that_is_not_a_tle_runs_once() {
    // A program right 1 time in 3 and otherwise failing at 0.85 s of CPU (of 1 s): under
    // the old rule every run of it near the limit was run again, twice, and the fastest
    // run's verdict kept, so that it got three draws. Each of these runs once, even with
    // --confirm-all, and on a busy machine too: it is accepted no more often than with
    // --confirm 0. (A wall clock of 20 s, so that the load cannot stop it.)
    let answer = "printf '7\\nBCABCCB\\n'";
    for (what, tail, verdict) in [
        ("RE at 0.85 s", "exit 1", "RE"),
        ("WA at 0.85 s", "echo 0", "WA"),
        ("AC at 0.85 s", answer, "AC"),
    ] {
        let script = format!("read board; {}; {tail}", spin(0.85));
        for args in [
            &["--confirm", "2", "--wall-limit", "20"][..],
            &["--confirm", "2", "--wall-limit", "20", "--confirm-all"],
        ] {
            let (r, _) = run(args, &script);
            assert_eq!(r["verdict"], verdict, "{what} {args:?}: {r}");
            assert!(r["cpu_seconds"].as_f64().unwrap() >= 0.8, "{what}: {r}");
            assert_eq!(r["runs"], 1, "{what} {args:?}: {r}");
            assert_eq!(r["confirmation"]["settled"], "once", "{what}: {r}");
            assert!(r["confirmation"].get("runs_detail").is_none(), "{r}");
        }
    }
}

#[test]
fn work_carried_to_a_rerun_through_a_file_does_not_overturn_a_tle() {
    // The sandbox off, so that a file in /tmp outlives a run: the carrier. The first run
    // leaves it, does 0.6 s of work and sleeps until the wall clock (3 s) stops it; a run
    // that finds it answers at once.
    let carrier = std::env::temp_dir().join(format!("boardjudge-carrier-{}", std::process::id()));
    let carrier = carrier.display().to_string();
    let script = format!(
        "read board; if [ -e {carrier} ]; then rm -f {carrier}; printf '7\\nBCABCCB\\n'; \
         exit 0; fi; : > {carrier}; {}; sleep 10",
        spin(0.6)
    );
    // Off by default with the sandbox off: one run, and why.
    let _ = std::fs::remove_file(&carrier);
    let (r, v) = run(&["--sandbox", "off"], &script);
    assert_eq!(
        (&r["verdict"], &r["runs"]),
        (&"TLE".into(), &1.into()),
        "{r}"
    );
    assert_eq!(v["timing"]["confirm_reruns"], 0);
    let why = v["timing"]["confirm_off"].as_str().unwrap();
    assert!(why.contains("--sandbox off"), "{why}");

    // Re-runs asked for, and forced (--confirm-all: even where the first run was idle, as
    // on a quiet core): the re-run answers at once from the carrier, and the old rule,
    // which kept the fastest run, would have given AC. The TLE stands, every run told.
    let _ = std::fs::remove_file(&carrier);
    let (r, _) = run(
        &["--sandbox", "off", "--confirm", "2", "--confirm-all"],
        &script,
    );
    assert_eq!(
        (&r["verdict"], &r["detail"]),
        (&"TLE".into(), &"wall".into()),
        "{r}"
    );
    let c = &r["confirmation"];
    assert_eq!(c["settled"], "inconsistent", "{r}");
    let runs = c["runs_detail"].as_array().unwrap();
    assert_eq!(runs.len(), 2, "{r}");
    assert_eq!(
        (&runs[0]["verdict"], &runs[0]["kept"]),
        (&"TLE".into(), &true.into())
    );
    assert_eq!(
        (&runs[1]["verdict"], &runs[1]["kept"]),
        (&"AC".into(), &false.into()),
        "the carrier worked: the re-run answered"
    );
    assert!(runs[1]["cpu_seconds"].as_f64().unwrap() < 0.1, "{r}");

    // Without --confirm-all, on a quiet core or a busy one: TLE, whether the first run is
    // left alone (idle: it slept) or its re-run is not believed.
    let _ = std::fs::remove_file(&carrier);
    let (r, _) = run(&["--sandbox", "off", "--confirm", "2"], &script);
    assert_eq!(r["verdict"], "TLE", "{r}");
    let settled = r["confirmation"]["settled"].as_str().unwrap();
    assert!(["idle", "inconsistent"].contains(&settled), "{r}");
    let _ = std::fs::remove_file(&carrier);
}

/// Busy loops (`sh`), each in a session of its own (with the kernel's autogroups, a session
/// shares a CPU with each other session as one task), and pinned to CPU 0 where `pinned`;
/// killed and reaped when dropped.
struct Hogs(Vec<std::process::Child>);

impl Hogs {
    fn start(count: usize, pinned: bool) -> Hogs {
        let spin = ["sh", "-c", "while :; do :; done"];
        let pin: &[&str] = if pinned { &["taskset", "-c", "0"] } else { &[] };
        let argv: Vec<&str> = ["setsid"].iter().chain(pin).chain(&spin).copied().collect();
        let hogs = (0..count)
            .map(|_| {
                std::process::Command::new(argv[0])
                    .args(&argv[1..])
                    .spawn()
                    .expect("start a busy loop")
            })
            .collect();
        std::thread::sleep(std::time::Duration::from_millis(300));
        Hogs(hogs)
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        for hog in &mut self.0 {
            let _ = hog.kill();
            let _ = hog.wait();
        }
    }
}

#[test]
fn a_program_that_sleeps_on_a_busy_machine_keeps_its_wall_tle() {
    // Two busy loops per CPU: every core busy. The program sleeps past the wall clock (3 s):
    // it waited on no run queue, so its TLE stands without a re-run (the old estimate from
    // the others' CPU time on its core called it waiting, and ran it twice more).
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let hogs = Hogs::start(2 * cpus, false);
    let (r, _) = run(&["--confirm", "2"], "read board; sleep 10");
    drop(hogs);
    assert_eq!(
        (&r["verdict"], &r["detail"], &r["runs"]),
        (&"TLE".into(), &"wall".into(), &1.into()),
        "{r}"
    );
    let c = &r["confirmation"];
    assert_eq!(c["settled"], "idle", "{r}");
    let waited = c["run_delay_seconds"]
        .as_f64()
        .expect("the wait is counted");
    assert!(waited < 0.5, "{r}");
    // The old rule's estimate, the others' CPU time where it ran, called it waiting.
    let others = c["load"]["others_cpus"].as_f64().unwrap();
    let (cpu, wall) = (
        r["cpu_seconds"].as_f64().unwrap(),
        r["wall_seconds"].as_f64().unwrap(),
    );
    assert!(cpu + others.min(1.0) * wall >= 2.0 / 3.0 * wall, "{r}");
}

#[test]
fn an_honest_program_sharing_one_core_is_seen_waiting() {
    // Five busy loops pinned to CPU 0, and the program pins itself there too: it gets a
    // sixth of that core, and the wall clock (3 s) stops it before its CPU time reaches the
    // limit (1 s). It was runnable all along: its CPU time and its run-queue wait cover
    // its wall time, so its TLE is confirmed by re-runs.
    let hogs = Hogs::start(5, true);
    let (r, _) = run(
        &["--confirm", "2"],
        "taskset -p -c 0 $$ > /dev/null; while :; do :; done",
    );
    drop(hogs);
    assert_eq!(
        (&r["verdict"], &r["detail"]),
        (&"TLE".into(), &"wall".into()),
        "{r}"
    );
    let c = &r["confirmation"];
    assert_eq!(c["settled"], "confirmed", "{r}");
    let runs = c["runs_detail"].as_array().unwrap();
    assert!(runs.len() >= 2, "{r}");
    let kept = runs.iter().find(|f| f["kept"] == true).unwrap();
    let waited = kept["run_delay_seconds"]
        .as_f64()
        .expect("the wait is counted");
    let (cpu, wall) = (
        kept["cpu_seconds"].as_f64().unwrap(),
        kept["wall_seconds"].as_f64().unwrap(),
    );
    assert!(cpu + waited >= 2.0 / 3.0 * wall, "{r}");
}
