//! What a test needs from the machine: a tool (g++, rustc, python3, the JDK, Chromium), root,
//! a kernel feature (Landlock). Where a need is missing, [`need`] skips the test (or its
//! part) with a message naming the test, the need and why; but where every test must run, a
//! missing need fails the test instead:
//!
//! - under CI: `CI=true` (or `1`), as CI services set it;
//! - `BOARDJUDGE_REQUIRE=all`, or a list of needs, `BOARDJUDGE_REQUIRE=java,chromium`;
//! - `BOARDJUDGE_REQUIRE_CHROMIUM=1` (of old, which .ci/run sets): `chromium`.
//!
//! A green CI then means every such test ran. The needs' names: `root`, `g++`, `rustc`,
//! `python3`, `java` (the JDK: javac and java), `chromium`, `landlock`, `clean-tmp` (a
//! temporary directory with no judge.toml above it).
//!
//! A few skips are no missing need but the other half of CI, which runs the sandbox's tests
//! twice: on its cgroup v1 host (root), and as root in a VM whose only hierarchy is cgroup v2
//! (.ci/cgroup2-vm). Those never fail; each says [`elsewhere`] with its reason. The list:
//!
//! - `tests/sandbox.rs`, `a_judge_that_is_not_root_builds_in_the_jail_too` and
//!   `jail_attacks_fail_for_a_judge_that_is_not_root_too`: skipped on a cgroup v2 machine,
//!   where a judge that is not root has no cgroup (none is delegated to it), so its layers
//!   are the cgroup v1 host's, which runs them (in the VM's emulated CPU they would cost
//!   minutes for nothing new).
//! - `tests/sandbox.rs`, `a_judge_that_is_not_root_counts_whole_runs_in_a_delegated_cgroup_v2_group`:
//!   skipped where cgroup v2 is not the only hierarchy (a judge that is not root has no
//!   cgroup there); the VM runs it.
//!
//! And one run is as a user on purpose: `jail_attacks_fail_for_a_judge_that_is_not_root_too`
//! (`tests/sandbox.rs`) reruns the jail tests of its own test binary as `nobody`, without
//! `CI` and `BOARDJUDGE_REQUIRE`; in that run `a_judge_that_is_not_root_builds_in_the_jail_too`,
//! which needs root, skips, and the run as root runs it. Likewise
//! `a_macro_bomb_stops_at_the_memory_bound_for_a_judge_that_is_not_root_too`
//! (`tests/build_jail.rs`) reruns its test binary's
//! `a_macro_bomb_stops_at_the_memory_bound_the_message_names` as `nobody`. Otherwise no test needs its own process to be other than root: the tests of a judge that
//! is not root run it as `nobody` from a test run as root (`tests/sandbox.rs`), so they need
//! root.

/// Whether a missing `need` fails the test rather than skipping it (see the module's doc).
pub fn required(need: &str) -> bool {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if matches!(var("CI").as_str(), "true" | "1") {
        return true;
    }
    if var("BOARDJUDGE_REQUIRE")
        .split(',')
        .map(str::trim)
        .any(|n| n == "all" || n == need)
    {
        return true;
    }
    need == "chromium" && std::env::var_os("BOARDJUDGE_REQUIRE_CHROMIUM").is_some()
}

/// `met`: whether this machine has `need`. When it has not, the test (or the part that
/// `met` guards) is skipped, said loudly on standard error with `why` (what is not tested,
/// how to get it), or, when [`required`], the test fails with that message.
#[track_caller]
pub fn need(need: &str, met: bool, why: &str) -> bool {
    if !met {
        let test = std::thread::current()
            .name()
            .unwrap_or("a test")
            .to_string();
        let message = format!("{test}: no {need} here: {why}");
        if required(need) {
            panic!(
                "{message} (a missing need fails under CI=true or BOARDJUDGE_REQUIRE, so that \
                 a green run means every test ran)"
            );
        }
        say(&format!("!!!!!!!! SKIPPED {message} !!!!!!!!"));
    }
    met
}

/// Skips a test that the other half of CI runs (the list in the module's doc), saying why;
/// never a failure.
pub fn elsewhere(why: &str) {
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    say(&format!("skipped here: {test}: {why}"));
}

/// A line on the test process's own standard error, which the test harness does not capture
/// (as it does `eprintln!`): a skip shows in a passing run too.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}
