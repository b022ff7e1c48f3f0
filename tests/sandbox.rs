//! Hostile programs in the sandbox: each way to cheat, tamper, escape or hog the machine is
//! tried by `tests/sandbox/hostile.c` (compiled here with the paths and pids it attacks) and
//! must be blocked; afterwards no process of the run is left and no file of it remains. Where
//! it makes sense the same attack is run with the sandbox off too, to show that it would work
//! there (so the assertion can fail).

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, Once, OnceLock};
use std::time::{Duration, Instant};

use boardjudge::judging::run::{TestResult, Verdict, judge_test};
use boardjudge::problemset::plan::{Plan, ProblemPlan};
use boardjudge::runner::sandbox::Layer;
use boardjudge::runner::{
    self, Argv, Input, Limits, Outcome, RunResult, Sandbox, SandboxMode, TimeKind,
};
use common::need::{elsewhere, need};
use sha2::{Digest, Sha256};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// A folder of one test's, removed with everything in it when the test ends, passed or
/// failed (the guard drops while a failed assertion unwinds).
struct TempTree(PathBuf);

impl std::ops::Deref for TempTree {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempTree {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempTree {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Removes `path` (a file or a folder) when this test process exits: for what the tests
/// share through a static (the hostile program, the jury's folder), which is never dropped.
fn remove_at_exit(path: &Path) {
    static PATHS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    static REGISTER: Once = Once::new();
    extern "C" fn remove_all() {
        for path in PATHS.lock().unwrap_or_else(|p| p.into_inner()).iter() {
            let _ = fs::remove_dir_all(path).or_else(|_| fs::remove_file(path));
        }
    }
    // SAFETY: atexit registers a function that takes nothing and only removes files.
    REGISTER.call_once(|| assert_eq!(unsafe { libc::atexit(remove_all) }, 0));
    PATHS
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push(path.to_path_buf());
}

/// A world-readable and world-writable file outside every sandbox.
fn scratch_file() -> PathBuf {
    let path = std::env::temp_dir().join(format!("boardjudge-scratch-{}", std::process::id()));
    remove_at_exit(&path);
    fs::write(&path, "secret\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&path, fs::Permissions::from_mode(0o666)).unwrap();
    path
}

/// A descriptor this process holds without close-on-exec, as a careless judge might.
fn leaked_fd() -> i32 {
    static FD: OnceLock<i32> = OnceLock::new();
    *FD.get_or_init(|| {
        let path = c"/etc/hostname";
        // SAFETY: a valid NUL-terminated path; the descriptor is kept for the whole test run.
        let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDONLY) };
        assert!(fd >= 0);
        fd
    })
}

/// A directory of the test's, as a jury's would be: an answer file and a UNIX socket
/// listening (as an ssh agent's would), readable and writable by everyone, so that only the
/// sandbox can keep a run from them.
fn jury() -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    static LISTENER: OnceLock<std::os::unix::net::UnixListener> = OnceLock::new();
    let dir = std::env::temp_dir().join(format!("boardjudge-jury-{}", std::process::id()));
    LISTENER.get_or_init(|| {
        let _ = fs::remove_dir_all(&dir);
        remove_at_exit(&dir);
        fs::create_dir(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
        let socket = dir.join("listener.sock");
        let listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        fs::set_permissions(&socket, fs::Permissions::from_mode(0o777)).unwrap();
        listener
    });
    let answer = dir.join("answer.ans");
    // (A mode an attack left is undone first.)
    let _ = fs::set_permissions(&answer, fs::Permissions::from_mode(0o666));
    fs::write(&answer, "7\nBCABCCB\n").unwrap();
    fs::set_permissions(&answer, fs::Permissions::from_mode(0o666)).unwrap();
    dir
}

/// The hostile program, compiled once.
fn hostile() -> Vec<String> {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    let binary = BINARY.get_or_init(|| {
        // A copy of the source where the tests run as a user who cannot read the repository.
        let source = std::env::var_os("BOARDJUDGE_HOSTILE_SOURCE")
            .map_or_else(|| repo().join("tests/sandbox/hostile.c"), PathBuf::from);
        let out = std::env::temp_dir().join(format!("boardjudge-hostile-{}", std::process::id()));
        remove_at_exit(&out);
        // SAFETY: getpid and getpgrp cannot fail.
        let (pid, pgid) = unsafe { (libc::getpid(), libc::getpgrp()) };
        let status = Command::new("cc")
            .arg("-O1")
            .arg(format!("-DREPO=\"{}\"", repo().display()))
            .arg(format!("-DJUDGE_PID={pid}"))
            .arg(format!("-DJUDGE_PGID={pgid}"))
            .arg(format!("-DSCRATCH=\"{}\"", scratch_file().display()))
            .arg(format!("-DSECRET_FD={}", leaked_fd()))
            .arg(format!("-DJURY=\"{}\"", jury().display()))
            .arg("-o")
            .arg(&out)
            .arg(source)
            .status()
            .expect("cc runs");
        assert!(status.success());
        out
    });
    vec![binary.to_string_lossy().into_owned()]
}

/// How much slower than a real machine these tests may run: `BOARDJUDGE_TEST_TIME_SCALE`
/// (.ci/cgroup2-vm's emulated CPU sets it), 1 by default. It scales the wall-clock limits and
/// the CPU limits of honest programs, never a limit an attack must be caught at.
fn scaled(duration: Duration) -> Duration {
    static SCALE: OnceLock<f64> = OnceLock::new();
    let scale = SCALE.get_or_init(|| {
        std::env::var("BOARDJUDGE_TEST_TIME_SCALE")
            .ok()
            .and_then(|s| s.parse().ok())
            .filter(|&s: &f64| s >= 1.0)
            .unwrap_or(1.0)
    });
    duration.mul_f64(*scale)
}

fn limits() -> Limits {
    Limits {
        cpu: scaled(Duration::from_millis(500)),
        wall: scaled(Duration::from_secs(2)),
        memory_bytes: 256 << 20,
        extra_address_space_bytes: 0,
        output_bytes: 1 << 20,
        file_bytes: 16 << 20,
    }
}

/// One attack at a time: the process-table checks must see only their own run.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

/// The limits of the memory attacks. CPU time is no part of them: at the memory limit,
/// children retrying to allocate spend CPU in the kernel's reclaim until the OOM killer ends
/// them, the more so on a loaded machine; a generous CPU limit keeps the verdict about memory
/// alone.
fn generous() -> Limits {
    Limits {
        cpu: scaled(Duration::from_secs(10)),
        wall: scaled(Duration::from_secs(3)),
        ..limits()
    }
}

/// The limits of the CPU attack: its parent sleeps 4 s, time for its children to burn the
/// 0.5 s CPU limit (never scaled) even on a loaded machine; the whole-run count stops them as
/// soon as they have.
fn patient() -> Limits {
    Limits {
        cpu: Duration::from_millis(500),
        wall: scaled(Duration::from_secs(6)),
        ..limits()
    }
}

fn attack(sandbox: &Sandbox, mode: &str) -> RunResult {
    attack_within(sandbox, mode, &limits())
}

fn attack_within(sandbox: &Sandbox, mode: &str, limits: &Limits) -> RunResult {
    let mut cmd = hostile();
    cmd.push(mode.into());
    runner::run(
        &Argv::named_by_user(cmd),
        Input::Bytes(b""),
        limits,
        sandbox,
    )
}

fn text(result: &RunResult) -> String {
    String::from_utf8_lossy(&result.stdout).into_owned()
}

/// The processes whose `/proc/<pid>` directory `keep` accepts.
fn processes(keep: impl Fn(&Path) -> bool) -> Vec<u32> {
    fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| {
            let e = e.ok()?;
            let pid: u32 = e.file_name().to_str()?.parse().ok()?;
            keep(&e.path()).then_some(pid)
        })
        .collect()
}

/// The processes whose command line names this test process's hostile program.
fn hostile_processes() -> Vec<u32> {
    let marker = format!("boardjudge-hostile-{}", std::process::id());
    processes(|dir| {
        fs::read(dir.join("cmdline"))
            .is_ok_and(|cmdline| String::from_utf8_lossy(&cmdline).contains(&marker))
    })
}

/// After a run: no process of it is left, and its private directory is gone.
fn assert_clean(sandbox: &Sandbox) {
    let give_up = Instant::now() + scaled(Duration::from_secs(2));
    while !hostile_processes().is_empty() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(
        hostile_processes(),
        Vec::<u32>::new(),
        "processes outlived the run"
    );
    if let Some(base) = sandbox.directory() {
        let left: Vec<String> = fs::read_dir(base)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|name| name.starts_with("run-"))
            .collect();
        assert!(left.is_empty(), "private directories left: {left:?}");
    }
}

fn auto() -> Sandbox {
    let sandbox = Sandbox::new(SandboxMode::Auto).unwrap();
    if root() {
        // CI runs as root on a machine that allows every layer.
        let layers = sandbox.layers();
        assert!(layers.unavailable.is_empty(), "{layers}");
    }
    sandbox
}

fn has(sandbox: &Sandbox, layer: Layer) -> bool {
    sandbox.layers().applied.iter().any(|a| a.layer == layer)
}

fn assert_all_blocked(result: &RunResult, expected: usize) {
    let out = text(result);
    assert!(!out.contains("LEAK"), "{out}");
    assert_eq!(out.matches("BLOCKED").count(), expected, "{result:?}");
}

fn hash(path: &Path) -> Vec<u8> {
    Sha256::digest(fs::read(path).unwrap()).to_vec()
}

#[test]
fn the_jury_files_cannot_be_read() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "read");
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
    assert_all_blocked(&result, 8);
    assert_clean(&sandbox);
    // Without the sandbox the same program reads them (it runs in the repository).
    let off = attack(&Sandbox::off(), "read");
    assert!(
        text(&off).contains("LEAK absolute testdata"),
        "{}",
        text(&off)
    );
}

#[test]
fn the_repository_solve_cannot_be_executed() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "exec");
    assert_all_blocked(&result, 1);
    assert_clean(&sandbox);
    let off = attack(&Sandbox::off(), "exec");
    assert!(!text(&off).contains("BLOCKED"), "solve ran: {}", text(&off));
}

#[test]
fn nothing_outside_the_sandbox_can_be_written() {
    let _one = serial();
    let sandbox = auto();
    let guarded = [
        repo().join("testdata/msquare/samples/statement.ans"),
        repo().join("judge.toml"),
        scratch_file(),
    ];
    let before: Vec<Vec<u8>> = guarded.iter().map(|p| hash(p)).collect();
    let result = attack(&sandbox, "write");
    if has(&sandbox, Layer::Root) {
        // Its /tmp is its own (a tmpfs that goes with the run): the file is made there.
        let out = text(&result);
        assert_eq!(out.matches("BLOCKED").count(), 4, "{out}");
        assert_eq!(out.matches("LEAK").count(), 1, "{out}");
        assert!(out.contains("LEAK create a file in /tmp"), "{out}");
    } else {
        assert_all_blocked(&result, 5);
    }
    let after: Vec<Vec<u8>> = guarded.iter().map(|p| hash(p)).collect();
    assert_eq!(before, after);
    assert!(!Path::new("/tmp/boardjudge-hostile-was-here").exists());
    assert_clean(&sandbox);
}

#[test]
fn the_judge_can_be_neither_joined_nor_traced_nor_signalled() {
    let _one = serial();
    let sandbox = auto();
    assert_all_blocked(&attack(&sandbox, "group"), 1);
    assert_all_blocked(&attack(&sandbox, "ptrace"), 3);
    assert_clean(&sandbox);
    // Without the sandbox the solution may signal the judge (it is the same user).
    assert!(text(&attack(&Sandbox::off(), "ptrace")).contains("LEAK signal the judge"));
}

#[test]
fn a_deep_chain_of_sessions_dies_with_the_run() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "setsid-chain");
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
    assert!(text(&result).contains("BLOCKED setsid chain started"));
    assert_clean(&sandbox);
}

#[test]
fn the_environment_is_fixed_and_no_descriptor_is_inherited() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "env");
    let out = text(&result);
    let names: BTreeSet<&str> = out.lines().filter_map(|l| l.split('=').next()).collect();
    assert_eq!(
        names,
        BTreeSet::from(["GLIBC_TUNABLES", "HOME", "LANG", "PATH", "TMPDIR"])
    );
    assert!(out.contains("LANG=C.UTF-8\n"), "{out}");
    assert!(
        out.contains("GLIBC_TUNABLES=glibc.malloc.arena_max=1\n"),
        "{out}"
    );
    assert_all_blocked(&attack(&sandbox, "fd"), 2);
    assert_clean(&sandbox);
    assert!(text(&attack(&Sandbox::off(), "fd")).contains("LEAK an inherited descriptor"));
}

#[test]
fn a_huge_file_is_stopped_at_the_file_size_limit_and_removed() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "big-file");
    assert_eq!(
        result.outcome,
        Outcome::Signaled(libc::SIGXFSZ),
        "{result:?}"
    );
    assert_clean(&sandbox);
}

#[test]
fn a_fork_loop_ends_as_a_verdict() {
    let _one = serial();
    let sandbox = auto();
    let started = Instant::now();
    let result = attack(&sandbox, "fork-loop");
    assert!(started.elapsed() < scaled(Duration::from_secs(3)));
    let out = text(&result);
    let forked: u64 = out.trim().strip_prefix("forked ").unwrap().parse().unwrap();
    if root() {
        assert!(forked < runner::sandbox::MAX_PROCESSES, "{out}");
    }
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
    assert_clean(&sandbox);
}

#[test]
fn deep_recursion_within_the_memory_limit_is_allowed() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "recursion");
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
    assert_clean(&sandbox);
}

/// `tests/sandbox/threads.cpp`, compiled once (from its text, so that a user who cannot read
/// the repository compiles it too).
fn threads() -> Vec<String> {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    let binary = BINARY.get_or_init(|| {
        let dir = std::env::temp_dir();
        let source = dir.join(format!("boardjudge-threads-{}.cpp", std::process::id()));
        fs::write(&source, include_str!("sandbox/threads.cpp")).unwrap();
        let out = dir.join(format!("boardjudge-threads-{}", std::process::id()));
        remove_at_exit(&source);
        remove_at_exit(&out);
        let status = Command::new("c++")
            .args(["-O1", "-pthread", "-o"])
            .arg(&out)
            .arg(&source)
            .status()
            .expect("c++ runs");
        assert!(status.success());
        out
    });
    vec![binary.to_string_lossy().into_owned()]
}

#[test]
fn honest_threads_with_default_attributes_start_within_the_memory_limit() {
    // glibc gives a thread started with default attributes (C++ std::thread) a stack of
    // RLIMIT_STACK's size: with the stack limit at the memory limit each thread had to
    // reserve the whole address space, and pthread_create failed with EAGAIN (the run ended
    // by std::system_error's abort). And a thread's first malloc may make a malloc arena of
    // its own, 64 MiB of address space each: the main thread's 96 MiB after the threads
    // failed (SIGSEGV or bad_alloc) until the runs got one arena. The main thread still
    // recurses 64 MiB deep.
    let _one = serial();
    let sandbox = auto();
    let limits = Limits {
        cpu: scaled(Duration::from_secs(2)),
        wall: scaled(Duration::from_secs(4)),
        ..limits()
    };
    assert_eq!(limits.memory_bytes, 256 << 20);
    let result = runner::run(
        &Argv::named_by_user(threads()),
        Input::Bytes(b""),
        &limits,
        &sandbox,
    );
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
    assert!(text(&result).starts_with("threads ok "), "{result:?}");
    // The same without the sandbox: its limits are the sandbox's own rlimits.
    let off = Sandbox::new(SandboxMode::Off).unwrap();
    let result = runner::run(
        &Argv::named_by_user(threads()),
        Input::Bytes(b""),
        &limits,
        &off,
    );
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
}

#[test]
fn cpu_burnt_in_children_that_are_not_waited_for_counts() {
    let _one = serial();
    let sandbox = auto();
    let patient = patient();
    let result = attack_within(&sandbox, "cpu-children", &patient);
    if has(&sandbox, Layer::Cgroup) {
        assert_eq!(
            result.outcome,
            Outcome::TimeLimit(TimeKind::Cpu),
            "{result:?}"
        );
        assert!(result.cpu > patient.cpu, "{result:?}");
    }
    assert_clean(&sandbox);
}

#[test]
fn memory_in_children_and_in_memfds_counts() {
    let _one = serial();
    let sandbox = auto();
    let generous = generous();
    for mode in ["memory-children", "memfd"] {
        let result = attack_within(&sandbox, mode, &generous);
        if has(&sandbox, Layer::Cgroup) {
            assert_eq!(result.outcome, Outcome::MemoryLimit, "{mode}: {result:?}");
        }
        assert_clean(&sandbox);
    }
}

#[test]
fn strict_mode_runs_only_with_every_layer() {
    match Sandbox::new(SandboxMode::Strict) {
        Ok(sandbox) => assert!(sandbox.layers().unavailable.is_empty()),
        Err(why) => assert!(!root() && why.contains("user"), "{why}"),
    }
    let off = Sandbox::new(SandboxMode::Off).unwrap();
    assert!(off.layers().to_string().contains("OFF"));
    assert_eq!(off.layers().applied, Vec::new());
}

#[test]
fn interpreted_programs_run_from_their_staged_copy() {
    let _one = serial();
    let sandbox = auto();
    let dir = std::env::temp_dir().join(format!("boardjudge-python-{}", std::process::id()));
    let dir = TempTree(dir);
    fs::create_dir_all(&dir).unwrap();
    let script = dir.join("sol.py");
    fs::write(
        &script,
        "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n",
    )
    .unwrap();
    let cmd = vec!["python3".into(), script.to_string_lossy().into_owned()];
    let cmd = Argv::named_by_user(cmd);
    let result = runner::run(&cmd, Input::Bytes(b"1 2 3 4\n"), &limits(), &sandbox);
    assert_eq!(
        (result.outcome.clone(), text(&result)),
        (Outcome::Exited(0), "10\n".into())
    );
    let cmd: Vec<String> = ["sh", "-c", "read a b; echo $((a * b))"]
        .map(String::from)
        .into();
    let cmd = Argv::named_by_user(cmd);
    let result = runner::run(&cmd, Input::Bytes(b"6 7\n"), &limits(), &sandbox);
    assert_eq!(
        (result.outcome.clone(), text(&result)),
        (Outcome::Exited(0), "42\n".into())
    );
}

/// Copies `from` into `to`, readable by everyone.
fn copy_tree(from: &Path, to: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if from.is_dir() {
        fs::create_dir_all(to).unwrap();
        fs::set_permissions(to, fs::Permissions::from_mode(0o755)).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        // By `cp`, not fs::copy: a file this process held open for writing could be inherited
        // by a child another test thread forks meanwhile, and executing the copy would then
        // fail with ETXTBSY.
        assert!(
            Command::new("cp")
                .arg(from)
                .arg(to)
                .status()
                .unwrap()
                .success()
        );
        let mode = fs::metadata(from).unwrap().permissions().mode() | 0o444;
        fs::set_permissions(to, fs::Permissions::from_mode(mode)).unwrap();
    }
}

/// A directory with the judge, `solve`, judge.toml and msquare's test data, that a user who
/// is not root can run from; removed when the guard drops.
fn judge_for_a_user(name: &str) -> TempTree {
    let dir = std::env::temp_dir().join(format!("boardjudge-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir(&dir).unwrap();
    let dir = TempTree(dir);
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    copy_tree(Path::new(env!("CARGO_BIN_EXE_judge")), &dir.join("judge"));
    copy_tree(Path::new(env!("CARGO_BIN_EXE_solve")), &dir.join("solve"));
    copy_tree(&repo().join("judge.toml"), &dir.join("judge.toml"));
    copy_tree(
        &repo().join("testdata/msquare"),
        &dir.join("testdata/msquare"),
    );
    dir
}

/// The user the judge runs as in the tests of a judge that is not root.
const NOBODY: u32 = 65534;

/// Whether this test runs as root, as a test of a judge that is not root needs: only root
/// runs one as `nobody`. As a user every other test here is such a judge's, but CI runs as
/// root: there a test run as a user fails ([`need`]).
fn root_for_nobody() -> bool {
    need(
        "root",
        root(),
        "a judge that is not root is run as nobody only from a test run as root",
    )
}

/// The `sandbox: ...` line of `judge run`'s table.
fn layers_line(stdout: &str) -> &str {
    stdout.lines().find(|l| l.starts_with("sandbox: ")).unwrap()
}

#[test]
fn a_judge_that_is_not_root_sandboxes_with_the_layers_it_has() {
    if !root_for_nobody() {
        return;
    }
    use std::os::unix::process::CommandExt;
    let dir = judge_for_a_user("nonroot");
    let out = Command::new(dir.join("judge"))
        .args([
            "run",
            "msquare",
            "--tests",
            "samples,edge",
            "--jobs",
            "1",
            "--",
        ])
        .arg(dir.join("solve"))
        .arg("msquare")
        .current_dir(&dir)
        .env_remove("TMPDIR")
        .uid(NOBODY)
        .gid(NOBODY)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let layers = layers_line(&stdout);
    for layer in [
        "session",
        "private dir",
        "landlock v",
        "user+pid+net+ipc+uts ns",
        "private root",
        "seccomp",
    ] {
        assert!(layers.contains(layer), "{layers}");
    }
    assert!(
        layers.contains("unavailable: user: the judge is not root"),
        "{layers}"
    );
}

#[test]
fn a_judge_that_is_not_root_builds_in_the_jail_too() {
    if !root_for_nobody() {
        return;
    }
    if cgroup_v2_only() {
        // The same layers as on the cgroup v1 host, where CI runs it: in .ci/cgroup2-vm's
        // emulated CPU two builds would cost minutes for nothing new.
        elsewhere("a cgroup v2 machine: the cgroup v1 host runs it");
        return;
    }
    use std::os::unix::process::CommandExt;
    let dir = judge_for_a_user("build");
    // Its build cache (target/) is the user's to write.
    std::os::unix::fs::chown(&dir, Some(NOBODY), Some(NOBODY)).unwrap();
    copy_tree(
        &repo().join("solutions/msquare/accepted/bfs.cpp"),
        &dir.join("bfs.cpp"),
    );
    fs::write(
        dir.join("answers.c"),
        "__asm__(\".incbin \\\"/proc/self/cwd/testdata/msquare/samples/statement.ans\\\"\");\n\
         int main(void) { return 0; }\n",
    )
    .unwrap();
    let judge = |source: &str| {
        Command::new(dir.join("judge"))
            .args([
                "run", "msquare", "--tests", "samples", "--jobs", "1", source,
            ])
            .current_dir(&dir)
            .env_remove("TMPDIR")
            .uid(NOBODY)
            .gid(NOBODY)
            .output()
            .unwrap()
    };
    let honest = judge("bfs.cpp");
    let shown = |out: &std::process::Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    assert!(honest.status.success(), "{}", shown(&honest));
    let hostile = judge("answers.c");
    assert!(!hostile.status.success(), "{}", shown(&hostile));
    assert!(
        shown(&hostile).contains("compilation failed"),
        "{}",
        shown(&hostile)
    );
}

/// Whether cgroup v2 is the machine's only hierarchy, with the memory controller.
fn cgroup_v2_only() -> bool {
    fs::read_to_string("/sys/fs/cgroup/cgroup.controllers")
        .is_ok_and(|c| c.split_whitespace().any(|c| c == "memory"))
}

#[test]
fn a_judge_that_is_not_root_counts_whole_runs_in_a_delegated_cgroup_v2_group() {
    if !root_for_nobody() {
        return;
    }
    if !cgroup_v2_only() {
        // This machine has cgroup v1 (then a judge that is not root has no cgroup):
        // .ci/cgroup2-vm runs this test on a v2 kernel.
        elsewhere("not a cgroup v2 machine: the cgroup v2 VM runs it");
        return;
    }
    let top = Path::new("/sys/fs/cgroup");
    fs::write(top.join("cgroup.subtree_control"), "+memory +pids").unwrap();
    // What systemd's Delegate=yes does: the group and the files that make it manageable
    // belong to the user.
    let delegated = top.join(format!("boardjudge-delegated-{}", std::process::id()));
    fs::create_dir(&delegated).unwrap();
    for file in [
        "",
        "cgroup.procs",
        "cgroup.subtree_control",
        "cgroup.threads",
    ] {
        let path = delegated.join(file);
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::chown(c.as_ptr(), NOBODY, NOBODY) }, 0);
    }
    let dir = judge_for_a_user("delegated");
    let mut hostile = hostile();
    hostile.push("memory-children".into());
    // Into the delegated group as root, then the judge as the user.
    let enter = format!(
        "echo $$ > {}/cgroup.procs && exec setpriv --reuid={NOBODY} --regid={NOBODY} \
         --clear-groups -- \"$@\"",
        delegated.display()
    );
    let out = Command::new("sh")
        .args(["-c", &enter, "sh"])
        .arg(dir.join("judge"))
        .args([
            "run", "msquare", "--tests", "samples", "--jobs", "1", "--json",
        ])
        // Time is no part of this attack (see `generous`).
        .arg("--time-limit")
        .arg(scaled(Duration::from_secs(10)).as_secs_f64().to_string())
        .arg("--")
        .args(&hostile)
        .current_dir(&dir)
        .env_remove("TMPDIR")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report: serde_json::Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{e}: {stdout}{}", String::from_utf8_lossy(&out.stderr)));
    let applied = report["sandbox"]["applied"].to_string();
    assert!(applied.contains("cgroup v2"), "{}", report["sandbox"]);
    for test in report["results"].as_array().unwrap() {
        assert_eq!(test["verdict"], "MLE", "{test}");
    }
    // The judge made its own leaf group to free the delegated one, and left nothing else.
    let left: Vec<String> = fs::read_dir(&delegated)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    assert!(
        left.iter()
            .all(|name| name.starts_with("boardjudge-judge-")),
        "{left:?}"
    );
    for leaf in left {
        fs::remove_dir(delegated.join(leaf)).unwrap();
    }
    fs::remove_dir(&delegated).unwrap();
}

#[test]
fn a_run_after_hostile_runs_starts_from_zero() {
    // Run groups, uids and the network namespace are kept from run to run: what one run did
    // (memory at the limit, an OOM kill, CPU burnt in children) must not be counted in the
    // next one.
    let _one = serial();
    let sandbox = auto();
    let hog = attack_within(&sandbox, "memory-children", &generous());
    let burner = attack_within(&sandbox, "cpu-children", &patient());
    if has(&sandbox, Layer::Cgroup) {
        assert_eq!(hog.outcome, Outcome::MemoryLimit, "{hog:?}");
        assert_eq!(
            burner.outcome,
            Outcome::TimeLimit(TimeKind::Cpu),
            "{burner:?}"
        );
    }
    for _ in 0..3 {
        let quiet = attack(&sandbox, "env");
        assert_eq!(quiet.outcome, Outcome::Exited(0), "{quiet:?}");
        assert!(quiet.cpu < scaled(Duration::from_millis(200)), "{quiet:?}");
        assert!(quiet.peak_memory_bytes < 32 << 20, "{quiet:?}");
    }
    assert_clean(&sandbox);
}

#[test]
fn nothing_a_run_leaves_in_system_v_ipc_reaches_a_later_run() {
    let _one = serial();
    let sandbox = auto();
    let left = attack(&sandbox, "ipc-leave");
    assert!(text(&left).contains("LEAK create"), "{left:?}");
    let found = attack(&sandbox, "ipc-find");
    if has(&sandbox, Layer::Namespaces) {
        assert!(text(&found).contains("BLOCKED find"), "{found:?}");
    }
    assert_clean(&sandbox);
    // With the sandbox off the segment is left on the machine (and found): the control.
    let off = Sandbox::off();
    attack(&off, "ipc-leave");
    let found = attack(&off, "ipc-find");
    assert!(text(&found).contains("LEAK find"), "{found:?}");
    // SAFETY: shmget and shmctl on a key of this test's own; no memory is attached.
    unsafe {
        let id = libc::shmget(0x0b0a4d, 0, 0);
        assert!(id >= 0);
        libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut());
    }
}

#[test]
fn a_crash_ends_the_run_as_it_would_outside_the_sandbox() {
    // The solution runs under an init keeper in its pid namespace; its own end (signal or
    // exit code) is what the run reports, never the keeper's.
    let _one = serial();
    let sandbox = auto();
    let off = Sandbox::off();
    for (mode, outcome) in [
        ("abort", Outcome::Signaled(libc::SIGABRT)),
        ("segv", Outcome::Signaled(libc::SIGSEGV)),
        ("exit-7", Outcome::Exited(7)),
    ] {
        for sandbox in [&sandbox, &off] {
            let result = attack(sandbox, mode);
            assert_eq!(result.outcome, outcome, "{mode}: {result:?}");
        }
    }
    assert_clean(&sandbox);
}

// The jail, round two (issue 19): one hostile program per attack class, each blocked in the
// sandbox and shown to work with the sandbox off (so the test proves the layer). Every test
// named `jail_...` runs twice: as the test's user (root in CI) and, from
// `jail_attacks_fail_for_a_judge_that_is_not_root_too`, as `nobody`.

fn blocked(result: &RunResult, what: &str) {
    let out = text(result);
    assert!(
        out.contains(&format!("BLOCKED {what}")),
        "{what}: {result:?}"
    );
}

fn leaked(result: &RunResult, what: &str) {
    let out = text(result);
    assert!(out.contains(&format!("LEAK {what}")), "{what}: {result:?}");
}

/// Two runs at once: `listen` first, then `send`; both results.
fn pair(sandbox: &Sandbox, listen: &str, send: &str) -> (RunResult, RunResult) {
    // The sender sends for 2 s, the listener waits 3 s.
    let limits = Limits {
        wall: scaled(Duration::from_secs(5)),
        ..limits()
    };
    std::thread::scope(|scope| {
        let listener = scope.spawn(|| attack_within(sandbox, listen, &limits));
        std::thread::sleep(Duration::from_millis(100));
        let sender = attack_within(sandbox, send, &limits);
        (listener.join().unwrap(), sender)
    })
}

#[test]
fn jail_no_netlink_message_crosses_between_runs() {
    let _one = serial();
    let sandbox = auto();
    let (listener, sender) = pair(&sandbox, "netlink-listen", "netlink-send");
    blocked(&listener, "a netlink socket to listen on");
    blocked(&sender, "a netlink socket to send on");
    assert_clean(&sandbox);
    let (listener, _) = pair(&Sandbox::off(), "netlink-listen", "netlink-send");
    leaked(&listener, "a message from another run over netlink");
}

/// Joins a session keyring of this thread's own and adds a key to it, as a judge's session
/// may hold one; the runs this thread starts inherit it.
fn hold_a_secret_key() {
    let name = format!("boardjudge-secret-{}\0", std::process::id());
    // SAFETY: keyctl and add_key with NUL-terminated strings and a valid buffer.
    unsafe {
        let joined = libc::syscall(libc::SYS_keyctl, 1, c"boardjudge-tests".as_ptr());
        assert!(joined >= 0, "{}", std::io::Error::last_os_error());
        let key = libc::syscall(
            libc::SYS_add_key,
            c"user".as_ptr(),
            name.as_ptr(),
            b"secret".as_ptr(),
            6usize,
            -3, // KEY_SPEC_SESSION_KEYRING
        );
        assert!(key >= 0, "{}", std::io::Error::last_os_error());
    }
}

#[test]
fn jail_no_key_is_read_or_left_for_a_later_run() {
    let _one = serial();
    hold_a_secret_key();
    let sandbox = auto();
    blocked(
        &attack(&sandbox, "keyring-read"),
        "read a key of the judge's session keyring",
    );
    blocked(
        &attack(&sandbox, "keyring-leave"),
        "leave a key in the user keyring",
    );
    blocked(
        &attack(&sandbox, "keyring-find"),
        "find a key an earlier run left",
    );
    assert_clean(&sandbox);
    let off = Sandbox::off();
    leaked(
        &attack(&off, "keyring-read"),
        "read a key of the judge's session keyring",
    );
    leaked(
        &attack(&off, "keyring-leave"),
        "leave a key in the user keyring",
    );
    // (and takes the key away again)
    leaked(
        &attack(&off, "keyring-find"),
        "find a key an earlier run left",
    );
}

#[test]
fn jail_no_unix_socket_of_the_host_is_reachable_by_its_path() {
    let _one = serial();
    let sandbox = auto();
    let what = "connect to a UNIX socket of the host by its path";
    blocked(&attack(&sandbox, "socket-connect"), what);
    assert_clean(&sandbox);
    leaked(&attack(&Sandbox::off(), "socket-connect"), what);
}

#[test]
fn jail_the_answers_can_be_neither_watched_nor_stated() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "jury-peek");
    blocked(&result, "stat of an answer file");
    blocked(&result, "watch the answers' directory with inotify");
    assert_clean(&sandbox);
    let off = attack(&Sandbox::off(), "jury-peek");
    leaked(&off, "stat of an answer file");
    leaked(&off, "watch the answers' directory with inotify");
}

#[test]
fn jail_the_answers_can_be_neither_chmodded_nor_given_attributes() {
    use std::os::unix::fs::PermissionsExt;
    let _one = serial();
    let answer = jury().join("answer.ans");
    let sandbox = auto();
    let result = attack(&sandbox, "jury-tamper");
    blocked(&result, "chmod 000 an answer file");
    blocked(&result, "set an extended attribute on an answer file");
    assert_eq!(
        fs::metadata(&answer).unwrap().permissions().mode() & 0o777,
        0o666
    );
    assert_clean(&sandbox);
    // Off, the run (the judge's user, or root) changes the file's mode. (Extended attributes
    // are not asserted there: the VM's /tmp, a tmpfs of Linux 6.1, has no user.* ones.)
    leaked(
        &attack(&Sandbox::off(), "jury-tamper"),
        "chmod 000 an answer file",
    );
    assert_eq!(
        fs::metadata(&answer).unwrap().permissions().mode() & 0o777,
        0
    );
    jury();
}

#[test]
fn jail_page_cache_of_one_run_is_not_charged_to_the_next() {
    // A run brings a file into the page cache (charged to its memory group), and the next
    // run, which exits with code 7 using little memory, must not be judged MLE for it.
    let _one = serial();
    let big = std::env::temp_dir().join(format!("boardjudge-cache-{}", std::process::id()));
    fs::write(&big, vec![7u8; 28 << 20]).unwrap();
    {
        // Written back and dropped from the page cache here (a run may not evict pages), so
        // that the run reads it in anew.
        use std::os::fd::AsRawFd;
        let file = fs::File::open(&big).unwrap();
        file.sync_all().unwrap();
        // SAFETY: advice on an open descriptor.
        let dropped =
            unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
        assert_eq!(dropped, 0);
    }
    let small = Limits {
        memory_bytes: 32 << 20,
        ..limits()
    };
    let sandbox = auto();
    let mut cmd = hostile();
    cmd.push("cache-fill".to_string());
    // On standard input: a file named on the command line would be staged, a copy the judge
    // reads (and caches) first.
    let filler = runner::run(
        &Argv::named_by_user(cmd),
        Input::File(&big),
        &small,
        &sandbox,
    );
    assert_eq!(filler.outcome, Outcome::Exited(0), "{filler:?}");
    assert_eq!(text(&filler), format!("read {}\n", 28 << 20));
    let v1 = sandbox
        .layers()
        .applied
        .iter()
        .any(|a| a.label == "cgroup v1");
    if v1 {
        // The control: the file's pages were charged to the filler's group (at least three
        // quarters of the limit, what makes a failing run MLE). (v2 groups are never reused;
        // in the VM the file is on a tmpfs, whose pages stay charged to their writer.)
        assert!(filler.peak_memory_bytes >= 24 << 20, "{filler:?}");
    }
    let next = attack_within(&sandbox, "exit-7", &small);
    assert_eq!(next.outcome, Outcome::Exited(7), "{next:?}");
    assert!(next.peak_memory_bytes < 8 << 20, "{next:?}");
    assert_clean(&sandbox);
    fs::remove_file(big).unwrap();
}

#[test]
fn jail_the_disk_a_run_fills_is_bounded() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "disk-fill");
    blocked(&result, "reserve more disk than the default limit of a run");
    let reserved: u64 = text(&result)
        .lines()
        .find_map(|l| {
            l.strip_prefix("reserved ")?
                .strip_suffix(" MiB")?
                .parse()
                .ok()
        })
        .unwrap();
    assert!(reserved << 20 <= limits().file_bytes, "{result:?}");
    assert_clean(&sandbox);
    leaked(
        &attack(&Sandbox::off(), "disk-fill"),
        "reserve more disk than the default limit of a run",
    );
}

#[test]
fn jail_a_deep_unreadable_tree_is_removed() {
    let _one = serial();
    let tree = std::env::temp_dir().join(format!("boardjudge-deep-{}", std::process::id()));
    let sandbox = auto();
    let result = attack(&sandbox, "deep-tree");
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
    assert!(!tree.exists());
    assert_clean(&sandbox);
    // Off, the tree stays where the run made it; the sandbox's own removal (used where a run
    // has no root of its own) removes it, deeper than PATH_MAX and unreadable as it is.
    let off = attack(&Sandbox::off(), "deep-tree");
    assert_eq!(off.outcome, Outcome::Exited(0), "{off:?}");
    assert!(tree.exists());
    runner::sandbox::remove_tree(&tree);
    assert!(!tree.exists());
}

#[test]
fn jail_the_processes_of_a_run_are_bounded() {
    let _one = serial();
    let forked = |result: &RunResult| -> u64 {
        let out = text(result);
        out.trim().strip_prefix("forked ").unwrap().parse().unwrap()
    };
    let sandbox = auto();
    let result = attack(&sandbox, "fork-loop");
    assert!(
        forked(&result) < runner::sandbox::MAX_PROCESSES,
        "{result:?}"
    );
    assert_clean(&sandbox);
    let off = attack(&Sandbox::off(), "fork-loop");
    assert!(forked(&off) >= 200, "{off:?}");
}

#[test]
fn jail_a_traced_crash_is_still_a_crash() {
    let _one = serial();
    let sandbox = auto();
    let result = attack(&sandbox, "traceme-abort");
    assert_eq!(
        result.outcome,
        Outcome::Signaled(libc::SIGABRT),
        "{result:?}"
    );
    assert_clean(&sandbox);
    // Off, the judge is the tracer: the abort shows as a stop, not as the signal.
    let off = attack(&Sandbox::off(), "traceme-abort");
    assert_ne!(off.outcome, Outcome::Signaled(libc::SIGABRT), "{off:?}");
}

#[test]
fn jail_sigxcpu_raised_at_once_is_a_crash_not_a_time_limit() {
    // The verdict is decided outside the sandbox: the same with it off.
    let _one = serial();
    let sandbox = auto();
    for sandbox in [&sandbox, &Sandbox::off()] {
        let result = attack(sandbox, "sigxcpu");
        assert_eq!(
            result.outcome,
            Outcome::Signaled(libc::SIGXCPU),
            "{result:?}"
        );
    }
    assert_clean(&sandbox);
}

// The jail, round three (issue 29): a verdict only from facts the program cannot forge (its
// standard error and the signals it raises are its own words), and what a judge that is not
// root counts. Each forged verdict beside its honest counterpart, which keeps its verdict.

fn stderr(result: &RunResult) -> String {
    String::from_utf8_lossy(&result.stderr_tail).into_owned()
}

/// The limits of the time verdicts: a CPU limit of 1 s, never scaled (the forged `SIGXCPU`
/// comes after 0.52 s of it).
fn one_second() -> Limits {
    Limits {
        cpu: Duration::from_secs(1),
        wall: scaled(Duration::from_secs(6)),
        ..limits()
    }
}

/// Memory the run held beyond the limit is either blocked or judged MLE.
fn bounded(result: &RunResult, what: &str) {
    if result.outcome != Outcome::MemoryLimit {
        blocked(result, what);
    }
}

#[test]
fn jail_the_words_of_a_failed_allocation_are_no_memory_limit() {
    let _one = serial();
    let sandbox = auto();
    // The verdict is decided outside the sandbox: the same with it off.
    for sandbox in [&sandbox, &Sandbox::off()] {
        let forged = attack(sandbox, "forge-bad-alloc");
        assert_eq!(forged.outcome, Outcome::Exited(1), "{forged:?}");
        assert!(stderr(&forged).contains("std::bad_alloc"), "{forged:?}");
        // An array grown until its allocation fails, its memory near the limit: MLE.
        let honest = attack_within(sandbox, "grow", &generous());
        assert_eq!(honest.outcome, Outcome::MemoryLimit, "{honest:?}");
    }
    assert_clean(&sandbox);
}

#[test]
fn jail_the_words_of_a_full_disk_do_not_blame_the_disk() {
    let _one = serial();
    let sandbox = auto();
    for sandbox in [&sandbox, &Sandbox::off()] {
        let forged = attack(sandbox, "forge-disk");
        assert_eq!(forged.outcome, Outcome::Exited(1), "{forged:?}");
        assert!(stderr(&forged).contains("No space left"), "{forged:?}");
        assert!(!runner::disk_limit_reached(&forged), "{forged:?}");
    }
    // A run that fills its own /tmp is blamed on the disk. (Not off: it would fill the
    // judge's directory.)
    if has(&sandbox, Layer::Root) {
        let honest = attack(&sandbox, "write-until-full");
        assert_eq!(honest.outcome, Outcome::Exited(1), "{honest:?}");
        assert!(runner::disk_limit_reached(&honest), "{honest:?}");
    }
    assert_clean(&sandbox);
}

#[test]
fn jail_a_sigxcpu_raised_before_the_limit_is_a_crash() {
    let _one = serial();
    let sandbox = auto();
    let limits = one_second();
    for sandbox in [&sandbox, &Sandbox::off()] {
        let forged = attack_within(sandbox, "forge-sigxcpu", &limits);
        assert_eq!(
            forged.outcome,
            Outcome::Signaled(libc::SIGXCPU),
            "{forged:?}"
        );
        assert!(forged.cpu >= Duration::from_millis(500), "{forged:?}");
        // A program that spins: TLE, stopped by the runner at the limit (its exact CPU
        // time read while it runs, the run's processes found under the keepers of a judge
        // that is not root too), long before RLIMIT_CPU, a backstop at 3 s.
        let honest = attack_within(sandbox, "spin", &limits);
        assert_eq!(
            honest.outcome,
            Outcome::TimeLimit(TimeKind::Cpu),
            "{honest:?}"
        );
        assert!(honest.cpu < Duration::from_millis(1500), "{honest:?}");
    }
    assert_clean(&sandbox);
}

#[test]
fn jail_memory_held_in_message_queues_is_bounded() {
    let _one = serial();
    let sandbox = auto();
    let what = "hold more than 256 MiB in message queues";
    bounded(&attack_within(&sandbox, "msgq-hog", &generous()), what);
    assert_clean(&sandbox);
    // No control off: there the queues are the machine's, and a run stopped at its wall
    // clock before it removed them would leave them to every other process.
}

#[test]
fn jail_the_limits_of_message_queues_cannot_be_raised() {
    // Without Landlock (which keeps a run from /proc altogether), what keeps a run that is
    // not root's from writing its IPC namespace's limits back is a read-only /proc/sys. (No
    // control off: it would change the limits of the machine.)
    let _one = serial();
    let sandbox = auto().without(Layer::Landlock).unwrap();
    let result = attack(&sandbox, "ipc-raise");
    blocked(&result, "raise the run's message queue limit");
    assert_clean(&sandbox);
}

#[test]
fn jail_memory_held_in_tmp_and_memfds_is_bounded() {
    let _one = serial();
    let sandbox = auto();
    let what = "hold more than 256 MiB in /tmp and memfds";
    bounded(&attack_within(&sandbox, "tmp-memfd-hog", &generous()), what);
    assert_clean(&sandbox);
    // Off, with time to remove its files from the judge's /tmp even on a loaded machine.
    let patient = Limits {
        wall: scaled(Duration::from_secs(20)),
        ..generous()
    };
    leaked(
        &attack_within(&Sandbox::off(), "tmp-memfd-hog", &patient),
        what,
    );
}

#[test]
fn jail_cpu_of_children_killed_at_the_end_counts() {
    let _one = serial();
    let sandbox = auto();
    let limits = one_second();
    let result = attack_within(&sandbox, "children-burn", &limits);
    assert_eq!(
        result.outcome,
        Outcome::TimeLimit(TimeKind::Cpu),
        "{result:?}"
    );
    assert!(result.cpu > limits.cpu, "{result:?}");
    assert_clean(&sandbox);
    // Off, no cgroup counts them, but the runner's watch finds them while they run (the
    // main process's children, in its group) and counts their exact CPU time: TLE too. (Its
    // main process waits until they have burnt theirs: time for that on a loaded machine.)
    let patient = Limits {
        wall: scaled(Duration::from_secs(20)),
        ..limits
    };
    let off = attack_within(&Sandbox::off(), "children-burn", &patient);
    assert_eq!(off.outcome, Outcome::TimeLimit(TimeKind::Cpu), "{off:?}");
    assert!(off.cpu > limits.cpu, "{off:?}");
}

#[test]
fn jail_the_judges_own_memory_is_not_the_runs() {
    // A run's process starts as a copy of the judge, and the kernel keeps what that copy held
    // in the process's peak (`ru_maxrss`) after its `exec`: a judge holding 48 MiB must not
    // make a small run that fails MLE under a limit of 32 MiB.
    let _one = serial();
    let held = vec![1u8; 48 << 20];
    let small = Limits {
        memory_bytes: 32 << 20,
        ..limits()
    };
    let sandbox = auto();
    let result = attack_within(&sandbox, "exit-7", &small);
    assert_eq!(result.outcome, Outcome::Exited(7), "{result:?}");
    assert!(result.peak_memory_bytes < 8 << 20, "{result:?}");
    assert_clean(&sandbox);
    // Off, the run's peak is the copy's.
    let off = attack_within(&Sandbox::off(), "exit-7", &small);
    assert_eq!(off.outcome, Outcome::MemoryLimit, "{off:?}");
    std::hint::black_box(&held);
}

#[test]
fn jail_a_child_made_with_clone_parent_is_refused() {
    let _one = serial();
    let sandbox = auto();
    let started = Instant::now();
    let result = attack(&sandbox, "clone-parent");
    if has(&sandbox, Layer::Seccomp) {
        assert_all_blocked(&result, 1);
    }
    assert!(started.elapsed() < limits().wall + scaled(Duration::from_secs(3)));
    assert_clean(&sandbox);
}

#[test]
fn jail_a_child_of_the_judge_made_in_a_run_does_not_stall_it() {
    // Without seccomp the child is made: as root its parent is the judge itself, outside the
    // run's pid namespace, and the end of the namespace waits until it is reaped.
    let _one = serial();
    let sandbox = auto().without(Layer::Seccomp).unwrap();
    for _ in 0..2 {
        let started = Instant::now();
        let result = attack(&sandbox, "clone-parent");
        assert!(
            text(&result).contains("LEAK clone with CLONE_PARENT"),
            "{result:?}"
        );
        assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
        assert!(
            started.elapsed() < limits().wall + scaled(Duration::from_secs(3)),
            "{:?}",
            started.elapsed()
        );
        assert_clean(&sandbox);
    }
}

#[test]
fn jail_the_page_cache_of_shared_files_can_be_neither_evicted_nor_probed() {
    let _one = serial();
    let sandbox = auto();
    if has(&sandbox, Layer::Seccomp) {
        assert_all_blocked(&attack(&sandbox, "page-cache"), 6);
    }
    assert_clean(&sandbox);
    // Off, they work: all but `cachestat` where the kernel refuses it (to a user who may not
    // write the file; before Linux 6.5) and `preadv2` with `RWF_NOWAIT` where the file system
    // does not support it (the VM's).
    let off = text(&attack(&Sandbox::off(), "page-cache"));
    assert!(off.matches("LEAK").count() >= 4, "{off}");
}

#[test]
fn jail_shared_files_can_be_neither_locked_nor_watched() {
    let _one = serial();
    let sandbox = auto();
    if has(&sandbox, Layer::Seccomp) {
        assert_all_blocked(&attack(&sandbox, "locks"), 6);
    }
    assert_clean(&sandbox);
    // Off, every one of them works (but a lease, which only the file's owner may take).
    let off = text(&attack(&Sandbox::off(), "locks"));
    assert_eq!(
        off.matches("LEAK").count(),
        if root() { 6 } else { 5 },
        "{off}"
    );
}

#[test]
fn runs_at_once_from_several_threads_all_start() {
    // Runs started at the same time by several threads of one judge (a matrix with --jobs):
    // each enters namespaces of its own, made ahead, whose root was built while the other
    // threads forked (a descriptor one of their children inherits for a moment must not keep
    // another run's root from turning read-only). Every run starts and ends as its program
    // says.
    let _one = serial();
    let sandbox = auto();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for _ in 0..25 {
                    let result = attack(&sandbox, "exit-7");
                    assert_eq!(result.outcome, Outcome::Exited(7), "{result:?}");
                }
            });
        }
    });
    assert_clean(&sandbox);
}

/// Not a test of its own: the judge that `jail_a_killed_judge_leaves_no_process_behind`
/// starts (this test binary, with `BOARDJUDGE_KILLED_JUDGE` set) and kills while its
/// solution hangs.
#[test]
#[ignore]
fn killed_judge() {
    if std::env::var_os("BOARDJUDGE_KILLED_JUDGE").is_none() {
        return;
    }
    let sandbox = auto();
    let mut limits = limits();
    limits.wall = Duration::from_secs(600);
    attack_within(&sandbox, "hang", &limits);
}

#[test]
fn jail_a_killed_judge_leaves_no_process_behind() {
    // A judge killed with SIGKILL while a solution runs: the solution and the process it
    // left in a session of its own die with it (the init of the run's pid namespace, and a
    // judge that is not root's keepers, end with the judge's thread). (No control with the
    // sandbox off: this test process is a subreaper, and its other tests' sweeps would end
    // the orphans of an unsandboxed run anyway.)
    let _one = serial();
    let hung = |judge: u32| {
        let marker = format!("boardjudge-hostile-{judge}");
        processes(|dir| {
            let (Ok(cmdline), Ok(stat)) = (
                fs::read(dir.join("cmdline")),
                fs::read_to_string(dir.join("stat")),
            ) else {
                return false;
            };
            let mut args = cmdline.split(|&b| b == 0).map(String::from_utf8_lossy);
            // The hanging program (and the child it left), not the compiler making it.
            let hanging = args.next().is_some_and(|a| a.ends_with(&marker))
                && args.next().is_some_and(|a| a == "hang");
            // A zombie waits for its reaper only.
            let alive = stat
                .rfind(')')
                .is_some_and(|end| !stat[end + 1..].trim_start().starts_with('Z'));
            hanging && alive
        })
    };
    let mut judge = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "killed_judge", "--ignored", "--nocapture"])
        .env("BOARDJUDGE_KILLED_JUDGE", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let give_up = Instant::now() + scaled(Duration::from_secs(20));
    while hung(judge.id()).len() < 2 {
        assert!(Instant::now() < give_up, "the solution did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    judge.kill().unwrap();
    judge.wait().unwrap();
    let give_up = Instant::now() + scaled(Duration::from_secs(2));
    while !hung(judge.id()).is_empty() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        hung(judge.id()),
        Vec::<u32>::new(),
        "processes outlived the judge"
    );
}

#[test]
fn jail_attacks_fail_for_a_judge_that_is_not_root_too() {
    if !root_for_nobody() {
        return;
    }
    if cgroup_v2_only() {
        // A judge that is not root has no cgroup here (none is delegated to it), so its
        // layers are those it has on the cgroup v1 host, where CI runs this test: in
        // .ci/cgroup2-vm's emulated CPU the rerun would cost minutes for nothing new.
        elsewhere("a cgroup v2 machine: the cgroup v1 host runs it");
        return;
    }
    rerun_as_nobody(
        "jail",
        &["jail_", "honest_", "--skip", "jail_attacks_fail"],
        &[],
        26,
    );
}

#[test]
fn the_solutions_stderr_reaches_the_terminal_escaped() {
    let mut hostile = hostile();
    hostile.push("escapes".into());
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["run", "msquare", "--tests", "samples", "--jobs", "1", "--"])
        .args(&hostile)
        .current_dir(repo())
        .output()
        .unwrap();
    // The table on standard output, the first failure's message on standard error.
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(shown.contains("RE (exit code 1)"), "{shown}");
    assert!(
        !shown.contains('\x1b') && !shown.contains('\x07'),
        "{shown:?}"
    );
    assert!(
        shown.contains("\\x1b[2J\\x1b[H61/61 accepted\\x1b]52;c;"),
        "{shown}"
    );
}

#[test]
fn a_dead_judges_sandbox_directory_is_swept_by_the_next_judge() {
    use std::os::fd::AsRawFd;
    // A judge killed with SIGKILL leaves its sandbox directory (staged programs, private
    // directories) behind. The next sandbox removes one whose judge is gone and whose lock
    // nobody holds, and leaves alone one of a live judge, and one still locked.
    let _one = serial();
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let tmp = std::env::temp_dir();
    let make = |pid: u32, tag: &str| {
        let dir = tmp.join(format!("boardjudge-sandbox-{pid}-sweep{tag}"));
        fs::create_dir_all(dir.join("program-1/0")).unwrap();
        fs::write(dir.join("program-1/0/sol"), "left behind\n").unwrap();
        dir
    };
    let dead_and_free = make(dead, "free");
    let dead_but_locked = make(dead, "locked");
    let alive = make(std::process::id(), "alive");
    let held = fs::File::open(&dead_but_locked).unwrap();
    // SAFETY: flock on a valid descriptor.
    assert_eq!(
        unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) },
        0
    );
    let sandbox = auto();
    assert!(
        !dead_and_free.exists(),
        "a dead judge's directory is removed"
    );
    assert!(
        dead_but_locked.exists(),
        "a locked directory is someone's: kept"
    );
    assert!(alive.exists(), "a live judge's directory is kept");
    drop(sandbox);
    drop(held);
    fs::remove_dir_all(dead_but_locked).unwrap();
    fs::remove_dir_all(alive).unwrap();
}

// Issue 39, round four. The names start with `round4_`: the rerun as a judge that is not
// root, `round4_the_same_for_a_judge_that_is_not_root`, runs them by that prefix.

/// The system file `hostile.c`'s `cache-touch` and `cache-probe` carry a number through:
/// nine pages.
const CARRIER: &str = "/usr/share/common-licenses/GPL-3";

/// Which of the carrier's nine pages are in the page cache, as `0` and `1` (`mincore`, from
/// outside every run: it changes nothing).
fn carrier_cached() -> String {
    use std::os::fd::AsRawFd;
    let file = fs::File::open(CARRIER).unwrap();
    let n = 9 * 4096;
    // SAFETY: a read-only shared mapping of an open file, unmapped below; mincore fills 9
    // bytes of `pages`.
    unsafe {
        let p = libc::mmap(
            std::ptr::null_mut(),
            n,
            libc::PROT_READ,
            libc::MAP_SHARED,
            file.as_raw_fd(),
            0,
        );
        assert_ne!(p, libc::MAP_FAILED);
        let mut pages = [0u8; 9];
        assert_eq!(libc::mincore(p, n, pages.as_mut_ptr()), 0);
        libc::munmap(p, n);
        pages
            .iter()
            .map(|b| if b & 1 == 1 { '1' } else { '0' })
            .collect()
    }
}

/// Drops the carrier's pages from the page cache; false when something keeps them (a
/// process maps the file), and the test cannot tell anything.
fn evict_carrier() -> bool {
    use std::os::fd::AsRawFd;
    let file = fs::File::open(CARRIER).unwrap();
    // SAFETY: posix_fadvise on an open descriptor.
    unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
    carrier_cached() == "000000000"
}

#[test]
fn round4_the_page_cache_carries_nothing_to_the_next_run() {
    // Issue 39's state carrier: a run brings pages 1, 4 and 6 of a shared file into the page
    // cache, the next one probes which are cached (Linux AIO with RWF_NOWAIT: EAGAIN for a
    // page that is not) and reads the number back. In the sandbox the pages a run brought in
    // are reclaimed with its cgroup when it ends, and AIO is denied.
    let _one = serial();
    if !need(
        "page cache eviction",
        Path::new(CARRIER).exists() && evict_carrier(),
        "the carrier file must exist and its pages be evictable",
    ) {
        return;
    }
    // Off, the number crosses: the pages stay cached, and the probe reads them.
    let touched = attack(&Sandbox::off(), "cache-touch");
    assert_eq!(text(&touched), "touched 1\n", "{touched:?}");
    assert_eq!(carrier_cached(), "010010100");
    let probe = text(&attack(&Sandbox::off(), "cache-probe"));
    // The probe needs Linux AIO with RWF_NOWAIT reads on the carrier's file system: the
    // cgroup v1 host has them; where a kernel has none (the cgroup v2 VM's), the reclaim
    // below is what this machine shows.
    let probed = !probe.contains("unsupported") && !probe.contains("BLOCKED");
    if probed {
        assert!(probe.contains("cached 010010100"), "{probe}");
    } else if cgroup_v2_only() {
        elsewhere("no AIO probe in this kernel: the cgroup v1 host shows the attack");
    } else {
        need(
            "Linux AIO reads with RWF_NOWAIT",
            false,
            "the attack's probe needs them on the carrier's file system",
        );
    }
    assert!(evict_carrier());
    let sandbox = auto();
    let touched = attack(&sandbox, "cache-touch");
    assert_eq!(text(&touched), "touched 1\n", "{touched:?}");
    if has(&sandbox, Layer::Cgroup) {
        // Reclaimed with the run's group.
        assert_eq!(carrier_cached(), "000000000");
    }
    if has(&sandbox, Layer::Seccomp) {
        let probe = attack(&sandbox, "cache-probe");
        assert!(
            text(&probe).contains("io_setup: Operation not permitted"),
            "{probe:?}"
        );
        assert_all_blocked(&probe, 1);
    }
    assert_clean(&sandbox);
}

#[test]
fn round4_aio_and_memfd_secret_fail_in_a_run() {
    // `io_setup` takes from a machine-wide quota (fs.aio-max-nr) that one run could take
    // whole; `memfd_secret` holds memory no address space limit counts.
    let _one = serial();
    let sandbox = auto();
    if has(&sandbox, Layer::Seccomp) {
        let aio = attack(&sandbox, "io-setup");
        assert_eq!(text(&aio), "io_setup: Operation not permitted\n", "{aio:?}");
        let secret = attack(&sandbox, "memfd-secret");
        assert_eq!(
            text(&secret),
            "memfd_secret: Operation not permitted\n",
            "{secret:?}"
        );
    }
    assert_clean(&sandbox);
    // Off, both work (memfd_secret where the kernel has it).
    assert_eq!(
        text(&attack(&Sandbox::off(), "io-setup")),
        "io_setup: made\n"
    );
    let secret = text(&attack(&Sandbox::off(), "memfd-secret"));
    assert!(
        secret == "memfd_secret: made\n" || secret.contains("not implemented"),
        "{secret}"
    );
}

#[test]
fn round4_the_standard_streams_and_proc_self_open_by_name() {
    // `/dev/stdin` (Python's `open('/dev/stdin')`, C++'s `std::ifstream("/dev/stdin")`),
    // `/dev/stdout`, `/dev/stderr`, and `/proc/self/status`, `maps` and `fd`, as on a judge
    // without the sandbox.
    let _one = serial();
    let sandbox = auto();
    for sandbox in [&sandbox, &Sandbox::off()] {
        let mut cmd = hostile();
        cmd.push("honest-io".into());
        let cmd = Argv::named_by_user(cmd);
        let result = runner::run(&cmd, Input::Bytes(b"7 BCABCCB\n"), &limits(), sandbox);
        let out = text(&result);
        for line in [
            "/dev/stdin: 7 BCABCCB\n",
            "/dev/stdout: written\n",
            "/dev/stderr: opened\n",
            "status: Name:\t",
            "status: VmPeak:",
            "maps: read\n",
            "fd: listed\n",
        ] {
            assert!(out.contains(line), "{line:?} in {out}\n{result:?}");
        }
    }
    assert_clean(&sandbox);
}

#[test]
fn round4_a_class_name_stages_nothing_of_the_judges_directory() {
    // A Java source named testdata.java (class `testdata`) or target.java (`target`): the
    // run command's class is a word, never a path beside the judge (which has testdata/ and
    // target/ in its working directory, the repository's root). Only the build is staged.
    let _one = serial();
    assert!(Path::new("testdata").is_dir() && Path::new("target").is_dir());
    let sandbox = auto();
    let base = sandbox.directory().map(Path::to_path_buf);
    if !need(
        "sandbox directory",
        base.is_some(),
        "the sandbox stages programs only where it has a directory of its own",
    ) {
        return;
    }
    let base = base.unwrap();
    let build = std::env::temp_dir().join(format!("boardjudge-classes-{}", std::process::id()));
    fs::create_dir_all(&build).unwrap();
    for class in ["testdata", "target"] {
        let built = runner::language::Built {
            language: &runner::language::JAVA,
            path: build.clone(),
            main_class: class.into(),
            file_name: format!("{class}.java"),
        };
        let cmd = built.command(&limits());
        assert_eq!(cmd.last().map(String::as_str), Some(class));
        // No class is there: the JVM fails, after the staging.
        runner::run(&cmd, Input::Bytes(b""), &built.limits(&limits()), &sandbox);
    }
    fs::remove_dir_all(&build).unwrap();
    let mut staged = Vec::new();
    let mut stack = vec![base.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) && !path.ends_with("root") {
                stack.push(path.clone());
            }
            staged.push(path.strip_prefix(&base).unwrap().display().to_string());
        }
    }
    assert!(
        staged
            .iter()
            .all(|p| !p.ends_with("/testdata") && !p.ends_with("/target")),
        "{staged:?}"
    );
    assert!(
        staged.iter().any(|p| p.contains("boardjudge-classes-")),
        "the build is staged: {staged:?}"
    );
}

#[test]
fn round4_the_sandbox_directory_is_the_judges_alone() {
    // 0700: no other user of the machine lists or reads what the judge staged.
    use std::os::unix::fs::PermissionsExt;
    let sandbox = auto();
    if let Some(base) = sandbox.directory() {
        let mode = fs::metadata(base).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "{}", base.display());
    }
}

#[test]
fn round4_without_a_cgroup_the_header_says_what_is_not_bounded() {
    // A judge without a cgroup (not root, none delegated): a JVM's memory beyond its heap and
    // pipe buffers are bounded by nothing; the layers say so and `--sandbox strict` refuses.
    let sandbox = Sandbox::new(SandboxMode::Auto).unwrap();
    if has(&sandbox, Layer::Cgroup) {
        return;
    }
    let layers = sandbox.layers().to_string();
    assert!(
        layers.contains("outside its address space is not bounded"),
        "{layers}"
    );
    assert!(Sandbox::new(SandboxMode::Strict).is_err());
}

#[test]
fn round4_the_same_for_a_judge_that_is_not_root() {
    if !root_for_nobody() {
        return;
    }
    if cgroup_v2_only() {
        elsewhere("a cgroup v2 machine: the cgroup v1 host runs it");
        return;
    }
    // The class-name test needs the repository's directories beside it.
    rerun_as_nobody(
        "round4",
        &["round4_", "--skip", "round4_the_same"],
        &["testdata/msquare", "target"],
        6,
    );
}

/// Runs this test binary again as `nobody`, a judge that is not root, in a folder of its own
/// (with `dirs` made in it) on the tests `filter` chooses; they must all pass, `passed` of them.
/// Its tests that need root skip there, not fail, under CI: the test calling this, as root, is
/// where they run.
fn rerun_as_nobody(name: &str, filter: &[&str], dirs: &[&str], passed: usize) {
    use std::os::unix::process::CommandExt;
    let dir = judge_for_a_user(name);
    copy_tree(
        &std::env::current_exe().unwrap(),
        &dir.join("sandbox-tests"),
    );
    copy_tree(
        &repo().join("tests/sandbox/hostile.c"),
        &dir.join("hostile.c"),
    );
    for made in dirs {
        fs::create_dir_all(dir.join(made)).unwrap();
    }
    let out = Command::new(dir.join("sandbox-tests"))
        .args(filter)
        .args(["--test-threads", "1"])
        .env("BOARDJUDGE_HOSTILE_SOURCE", dir.join("hostile.c"))
        .env_remove("TMPDIR")
        .env_remove("CI")
        .env_remove("BOARDJUDGE_REQUIRE")
        .current_dir(&dir)
        .uid(NOBODY)
        .gid(NOBODY)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = format!("test result: ok. {passed} passed");
    assert!(stdout.contains(&summary), "{stdout}");
}

/// A problem with file input and output under USACO's names, its one test the statement's
/// sample (judge.toml's `input_file` and `output_file`, as msquare has them; with `only`,
/// `files_only = true`, as msquareusaco has them).
fn file_io_problem(only: bool) -> ProblemPlan {
    let text = r#"
[[problem]]
files_only = ONLY
name = "usaco"
format = "msquare"
title = "Magic Squares"
time_limit = 1.0
memory_limit = 256
input_file = "msquare.in"
output_file = "msquare.out"
[[problem.group]]
name = "samples"
tests = [{ name = "statement", input = "2 6 8 4 5 7 3 1\n" }]
"#;
    let text = text.replace("ONLY", if only { "true" } else { "false" });
    let plan = Plan::parse(Path::new("judge.toml"), &text).unwrap();
    plan.problems.into_iter().next().unwrap()
}

/// The sandboxes file input and output must work in: every layer the machine allows, none,
/// and no root of its own (the run's directory then on the judge's disk).
fn file_io_sandboxes() -> Vec<(&'static str, Sandbox)> {
    vec![
        ("auto", auto()),
        ("off", Sandbox::off()),
        ("no root", auto().without(Layer::Root).unwrap()),
    ]
}

/// `script`, run by `sh` on the sample in `sandbox`, judged as `judge run` judges it, with
/// how long the judging took.
fn judge_script(sandbox: &Sandbox, script: &str) -> (TestResult, Duration) {
    judge_script_on(&file_io_problem(false), sandbox, script)
}

/// [`judge_script`] on `problem`.
fn judge_script_on(
    problem: &ProblemPlan,
    sandbox: &Sandbox,
    script: &str,
) -> (TestResult, Duration) {
    let cmd = Argv::with_files(vec!["/bin/sh".into(), "-c".into(), script.into()], vec![]);
    let (input, answer) = (b"2 6 8 4 5 7 3 1\n", b"7\nBCABCCB\n");
    let start = Instant::now();
    let limits = limits();
    let result = judge_test(problem, "statement", input, answer, &cmd, &limits, sandbox);
    (result, start.elapsed())
}

#[test]
fn fileio_the_input_is_staged_and_the_output_file_judged() {
    let _serial = serial();
    let right = "printf '7\\nBCABCCB\\n'";
    for (mode, sandbox) in file_io_sandboxes() {
        for (script, verdict) in [
            // The input in msquare.in, the answer in msquare.out: USACO's way.
            (
                format!(
                    "read b < msquare.in && [ \"$b\" = '2 6 8 4 5 7 3 1' ] && {right} > msquare.out"
                ),
                Verdict::AC,
            ),
            // Standard input and output: Luogu's way, on the same problem.
            (
                format!("read b && [ \"$b\" = '2 6 8 4 5 7 3 1' ] && {right}"),
                Verdict::AC,
            ),
            // Neither: the output is empty.
            ("true".to_string(), Verdict::WA),
        ] {
            let (result, _) = judge_script(&sandbox, &script);
            assert_eq!(result.verdict, verdict, "{mode}: {script}: {result:?}");
        }
    }
}

#[test]
fn fileio_a_problem_of_the_files_alone_gives_no_standard_input_and_judges_the_file_alone() {
    let _serial = serial();
    let problem = file_io_problem(true);
    let right = "printf '7\\nBCABCCB\\n'";
    let check = "[ \"$b\" = '2 6 8 4 5 7 3 1' ]";
    for (mode, sandbox) in file_io_sandboxes() {
        for (script, verdict, says) in [
            // USACO's way: accepted, as on Polygon and CMS.
            (
                format!("read b < msquare.in && {check} && {right} > msquare.out"),
                Verdict::AC,
                "",
            ),
            // Standard input is empty (it reads as at its end at once).
            (
                format!("if read b; then exit 3; fi; {right} > msquare.out"),
                Verdict::AC,
                "",
            ),
            // A program of the streams, right on msquare: no board, no file judged.
            (
                format!("read b; {right}"),
                Verdict::WA,
                "no output file msquare.out",
            ),
            // The right answer on standard output alone is not judged.
            (
                format!("read b < msquare.in && {check} && {right}"),
                Verdict::WA,
                "no output file",
            ),
        ] {
            let (result, _) = judge_script_on(&problem, &sandbox, &script);
            assert_eq!(result.verdict, verdict, "{mode}: {script}: {result:?}");
            assert!(
                result.summary.contains(says),
                "{mode}: {script}: {result:?}"
            );
        }
    }
}

#[test]
fn fileio_a_program_writing_the_file_and_standard_output_is_judged_by_the_file() {
    let _serial = serial();
    for (mode, sandbox) in file_io_sandboxes() {
        let (result, _) = judge_script(&sandbox, "printf '7\\nBCABCCB\\n' > msquare.out; echo 0");
        assert_eq!(result.verdict, Verdict::AC, "{mode}: {result:?}");
        let (result, _) = judge_script(
            &sandbox,
            "printf '0\\n\\n' > msquare.out; printf '7\\nBCABCCB\\n'",
        );
        assert_eq!(result.verdict, Verdict::WA, "{mode}: {result:?}");
    }
}

#[test]
fn fileio_a_hostile_output_file_is_the_contestants_verdict_without_a_hang() {
    let _serial = serial();
    // The jury's own answer to the sample: a link to it, followed, would be accepted.
    let answer = jury().join("answer.ans");
    let link = format!("ln -s {} msquare.out", answer.display());
    for (mode, sandbox) in file_io_sandboxes() {
        for (script, says) in [
            (link.as_str(), "is a symbolic link"),
            // Opened for reading without a writer, a FIFO would block the judge for good.
            ("mkfifo msquare.out", "is a FIFO"),
            ("mkdir msquare.out", "is a directory"),
            ("head -c 1100000 /dev/zero > msquare.out", "output too long"),
            // Sparse: 15 MiB of size, no page written; never read.
            ("truncate -s 15M msquare.out", "output too long"),
        ] {
            let (result, took) = judge_script(&sandbox, script);
            assert_eq!(result.verdict, Verdict::WA, "{mode}: {script}: {result:?}");
            assert!(
                result.summary.contains(says),
                "{mode}: {script}: {result:?}"
            );
            assert!(
                took < scaled(Duration::from_secs(10)),
                "{mode}: {script}: {took:?}"
            );
        }
    }
}

#[test]
fn fileio_for_a_judge_that_is_not_root_too() {
    if !root_for_nobody() {
        return;
    }
    rerun_as_nobody(
        "fileio",
        &["fileio_", "--skip", "fileio_for_a_judge"],
        &[],
        4,
    );
}
