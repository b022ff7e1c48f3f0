//! Run a solution under limits and report what happened (Linux only).
//!
//! [`run`] starts a command, feeds it its input and watches it under [`Limits`]: CPU time
//! (read while it runs, from its cgroup or its processes' own counts ([`watch`]), the run
//! killed once over; `RLIMIT_CPU` is only a backstop beyond it, [`sandbox::cpu_backstop`]),
//! wall-clock time, address space (`RLIMIT_AS`) and output size.
//!
//! The solution runs in a process group of its own, killed whole with `SIGKILL` when the main
//! process ends. The runner is a child subreaper (`PR_SET_CHILD_SUBREAPER`, set at the first
//! [`run`]), so orphans come to it and are reaped; a process that left the group (`setsid`)
//! is caught once its parent is gone: after every run the runner kills and reaps each child
//! of its own that is in no running solution's group. No zombie and no orphan is left.
//!
//! The verdict is an [`Outcome`]; see [`RunResult::outcome`] for how it is decided.

mod argv;
mod classify;
pub mod compile;
mod io_files;
pub mod java;
pub mod language;
pub mod load;
mod parallel;
mod process;
pub mod sandbox;
mod watch;

use std::fmt;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub use argv::Argv;
pub use classify::{disk_limit_reached, memory_note, signal_name};
pub use io_files::{IoFiles, OutputFile};
pub use parallel::{
    default_jobs, honest_jobs, interleave, load_average, parallel, physical_cores, timing_note,
};
pub use process::{
    interrupted, kill_groups_on_interrupt, kill_running_groups, stop_runs_on_interrupt,
    wait_if_interrupted,
};
pub use sandbox::{Layer, Mode as SandboxMode, Sandbox};

use process::Group;
use watch::Watch;

/// How much of the end of standard error a [`RunResult`] keeps.
pub const STDERR_TAIL_BYTES: usize = 64 * 1024;

/// How long to wait for the output pipes to close after the solution's group was killed:
/// only a process that left the group can hold them open longer.
const PIPE_GRACE: Duration = Duration::from_millis(500);

/// The limits a solution runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) of the main process and the children it waited for.
    pub cpu: Duration,
    /// Wall-clock time from the start to the end of the main process: only there to stop a
    /// program that waits (sleeps, blocks on input), so generous ([`default_wall`]); the CPU
    /// time decides a time limit.
    pub wall: Duration,
    /// Memory: the address space (`RLIMIT_AS`) of each process, and the whole run's memory
    /// where a cgroup counts it; `u64::MAX` for none.
    pub memory_bytes: u64,
    /// Address space granted beyond `memory_bytes` (`RLIMIT_AS` only), for a runtime that
    /// reserves much more than it uses (the JVM): see [`language::Language`].
    pub extra_address_space_bytes: u64,
    /// Bytes of standard output kept; one more byte is [`Outcome::OutputLimit`].
    pub output_bytes: u64,
    /// The largest file the solution may write (`RLIMIT_FSIZE`, in the sandbox).
    pub file_bytes: u64,
}

/// The default of [`Limits::file_bytes`]: 64 MiB.
pub const DEFAULT_FILE_BYTES: u64 = 64 << 20;

impl Limits {
    /// A CPU time limit with the defaults for the rest: the wall-clock limit of
    /// [`default_wall`], 256 MiB of address space, 64 MiB of output and 64 MiB per file.
    pub fn with_cpu(cpu: Duration) -> Limits {
        Limits {
            cpu,
            wall: default_wall(cpu),
            memory_bytes: 256 << 20,
            extra_address_space_bytes: 0,
            output_bytes: 64 << 20,
            file_bytes: DEFAULT_FILE_BYTES,
        }
    }
}

/// The default wall-clock limit for a CPU limit: max(3 x the CPU limit, the CPU limit + 2 s).
/// Generous, because a loaded machine stretches wall time (a run that gets a third of a core
/// takes three times as long) while a program that waits uses no CPU at all: the wall clock
/// only has to stop the latter.
pub fn default_wall(cpu: Duration) -> Duration {
    (cpu * 3).max(cpu + Duration::from_secs(2))
}

/// What the solution reads on standard input.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// These bytes, written by a thread of the runner.
    Bytes(&'a [u8]),
    /// This file, opened as the solution's standard input.
    File(&'a Path),
}

/// Which limit a [`Outcome::TimeLimit`] ran into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeKind {
    /// The CPU time went over the limit.
    Cpu,
    /// The wall-clock time ran out while the CPU time stayed within its limit (a solution
    /// that sleeps, waits for input it never gets, or did not get a core).
    Wall,
}

/// How the main process ended, as the kernel reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// It exited with this code.
    Exited(i32),
    /// A signal killed it.
    Signaled(i32),
}

/// What happened to a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The solution exited by itself with this code, within every limit.
    Exited(i32),
    /// A signal killed the solution (one the runner did not send for a limit).
    Signaled(i32),
    /// The solution ran out of time.
    TimeLimit(TimeKind),
    /// The solution most likely ran out of memory (a heuristic, see [`RunResult::outcome`]).
    MemoryLimit,
    /// The solution wrote more than the output limit.
    OutputLimit,
    /// The solution could not be started (not found, not executable, bad input file...).
    SpawnFailed(String),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Exited(code) => write!(f, "exited with code {code}"),
            Outcome::Signaled(signal) => write!(f, "killed by {}", signal_name(*signal)),
            Outcome::TimeLimit(TimeKind::Cpu) => f.write_str("time limit exceeded (CPU time)"),
            Outcome::TimeLimit(TimeKind::Wall) => f.write_str("time limit exceeded (wall clock)"),
            Outcome::MemoryLimit => f.write_str("memory limit exceeded"),
            Outcome::OutputLimit => f.write_str("output limit exceeded"),
            Outcome::SpawnFailed(why) => write!(f, "cannot start: {why}"),
        }
    }
}

/// The report of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// The verdict, decided in this order:
    /// 1. [`Outcome::SpawnFailed`] when the command could not start;
    /// 2. [`Outcome::OutputLimit`] when the standard output went over the limit;
    /// 3. [`Outcome::TimeLimit`]`(Cpu)` when the runner stopped it at the CPU limit or its
    ///    CPU time at the end is over it, whatever signal ended it (the `RLIMIT_CPU`
    ///    backstop's included); a `SIGXCPU` before the limit is a crash like any signal;
    /// 4. [`Outcome::MemoryLimit`] when the kernel killed a process of the run at its
    ///    cgroup's memory limit;
    /// 5. [`Outcome::TimeLimit`]`(Wall)` when the runner killed it at the wall-clock limit;
    /// 6. [`Outcome::MemoryLimit`] when it did not exit with 0 (a failed allocation under
    ///    `RLIMIT_AS` shows as `SIGSEGV`, `SIGABRT` or an exit code) and its peak memory
    ///    reached 3/4 of the limit, or 1/2 when standard error also names an allocation
    ///    failure: the words alone, which any program can write, are no memory limit;
    /// 7. otherwise [`Outcome::Exited`] or [`Outcome::Signaled`] as the kernel reported.
    pub outcome: Outcome,
    /// How the main process ended (`None` when it never started).
    pub termination: Option<Termination>,
    /// Standard output, at most `output_bytes` of it.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_TAIL_BYTES`] of standard error.
    pub stderr_tail: Vec<u8>,
    /// CPU time (user + system): of every process of the run where a cgroup counts it,
    /// else of the main process and the children it waited for, or of every process of the
    /// run the runner found while it ran when that was more.
    pub cpu: Duration,
    /// Wall-clock time from the start to the end of the main process.
    pub wall: Duration,
    /// How long the run's processes were runnable but waiting for a CPU (on a run queue):
    /// `cpu.pressure` of its cgroup (v2), else the most the runner read of its threads'
    /// `run_delay` while it ran, last just before it stopped the run; `None` where the kernel
    /// does not count it.
    pub run_delay: Option<Duration>,
    /// Peak memory: charged to the run's cgroup where there is one, else the peak resident
    /// memory of the main process or of the largest child it waited for (`ru_maxrss`).
    pub peak_memory_bytes: u64,
    /// Whether the run's own `/tmp` (its disk, in the sandbox's private root) was full, at most
    /// a sixteenth of it free, when the run ended: what the kernel says of it (`fstatfs`),
    /// never the program's words. Always `false` for a run without a `/tmp` of its own.
    pub disk_full: bool,
    /// The output file the run left ([`IoFiles::output`]), at most `output_bytes` of it;
    /// [`OutputFile::Absent`] when it left none or none is named.
    pub output_file: OutputFile,
}

impl RunResult {
    fn spawn_failed(why: String) -> RunResult {
        RunResult {
            outcome: Outcome::SpawnFailed(why),
            termination: None,
            stdout: Vec::new(),
            stderr_tail: Vec::new(),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            run_delay: None,
            peak_memory_bytes: 0,
            disk_full: false,
            output_file: OutputFile::Absent,
        }
    }
}

/// What the helper threads of one run tell the main thread.
enum Event {
    /// The main process ended and was reaped, with the rest of its group.
    Ended(process::Ended),
    /// Standard output went over the limit.
    OutputLimit,
    /// A reader reached the end of its pipe.
    PipeClosed,
}

/// How often the CPU time of a run is read while it runs (from its cgroup, else from its
/// processes' exact times: [`watch`]), to stop it at the CPU limit.
const CPU_POLL: Duration = Duration::from_millis(20);

/// Runs `cmd` (the program, then its arguments; the files it names staged in the sandbox)
/// on `input` under `limits` in `sandbox`, and reports.
///
/// Never panics on a bad command: an empty one, a missing or non-executable program, or an
/// unreadable input file give [`Outcome::SpawnFailed`].
pub fn run(cmd: &Argv, input: Input<'_>, limits: &Limits, sandbox: &Sandbox) -> RunResult {
    run_with_files(cmd, input, &IoFiles::default(), limits, sandbox)
}

/// [`run`] with `files`: `input` also written under the input file's name in the run's
/// working directory before the program starts (standard input empty when the files are
/// the only ones, [`IoFiles::only`]), and the output file it leaves there read
/// back once every process of the run ended ([`RunResult::output_file`]), in every sandbox
/// mode (with the sandbox off, the run then gets a fresh working directory of its own).
pub fn run_with_files(
    cmd: &Argv,
    input: Input<'_>,
    files: &IoFiles,
    limits: &Limits,
    sandbox: &Sandbox,
) -> RunResult {
    let Some(program) = cmd.first() else {
        return RunResult::spawn_failed("empty command".into());
    };
    process::become_subreaper();
    let (stdin, bytes) = match input {
        // The files alone: the input is only in the input file.
        _ if files.only => (Stdio::null(), None),
        Input::Bytes(bytes) => (Stdio::piped(), Some(bytes.to_vec())),
        Input::File(path) => match File::open(path) {
            Ok(file) => (Stdio::from(file), None),
            Err(e) => {
                let why = format!("cannot open the input {}: {e}", path.display());
                return RunResult::spawn_failed(why);
            }
        },
    };
    let mut prepared = match sandbox.prepare(cmd, limits, files, input) {
        Ok(prepared) => prepared,
        Err(why) => return RunResult::spawn_failed(format!("sandbox: {why}")),
    };
    prepared
        .command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // ETXTBSY: another thread's child, forked while the staged copy of this program was
    // still open for writing, holds that descriptor until it execs; it will, soon.
    let mut attempts = 0;
    let (mut child, mut group) = loop {
        match prepared.spawn(Group::spawn) {
            Ok(spawned) => break spawned,
            Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && attempts < 50 => {
                attempts += 1;
                thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return RunResult::spawn_failed(format!("{program}: {e}")),
        }
    };
    let start = Instant::now();
    let mut watch = Watch::new(child.id() as libc::pid_t);
    if let Some(end) = prepared.namespace_end() {
        group.after_leader(end);
    }
    let group = Arc::new(group);
    let (events, received) = mpsc::channel();
    if let (Some(pipe), Some(bytes)) = (child.stdin.take(), bytes) {
        thread::spawn(move || feed(pipe, &bytes));
    }
    let out_pipe = child.stdout.take().expect("stdout is piped");
    let err_pipe = child.stderr.take().expect("stderr is piped");
    let cap = usize::try_from(limits.output_bytes).unwrap_or(usize::MAX);
    let stdout = spawn_reader(out_pipe, events.clone(), move |kept, chunk| {
        let room = cap - kept.len();
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        chunk.len() <= room
    });
    let stderr = spawn_reader(err_pipe, events.clone(), |kept, chunk| {
        kept.extend_from_slice(chunk);
        if kept.len() > 2 * STDERR_TAIL_BYTES {
            trim_front(kept, STDERR_TAIL_BYTES);
        }
        true
    });
    {
        let group = Arc::clone(&group);
        thread::spawn(move || {
            let _ = events.send(Event::Ended(group.wait()));
        });
    }

    let deadline = start + limits.wall;
    let mut ended = None;
    let mut wall_killed = false;
    let mut cpu_killed = false;
    let mut output_limit = false;
    let mut pipes_open = 2;
    let mut grace_end = None;
    loop {
        let event = match (ended.is_some(), wall_killed || output_limit) {
            (true, _) => {
                let end = *grace_end.get_or_insert_with(|| Instant::now() + PIPE_GRACE);
                received.recv_timeout(end.saturating_duration_since(Instant::now()))
            }
            (false, true) => received.recv().map_err(|_| RecvTimeoutError::Disconnected),
            (false, false) => {
                let wait = deadline.saturating_duration_since(Instant::now());
                received.recv_timeout(wait.min(CPU_POLL))
            }
        };
        match event {
            Ok(Event::Ended(e)) => ended = Some(e),
            Ok(Event::OutputLimit) => {
                output_limit = true;
                group.kill();
            }
            Ok(Event::PipeClosed) => pipes_open -= 1,
            Err(RecvTimeoutError::Timeout) if ended.is_none() && Instant::now() < deadline => {
                // The run's exact CPU time, the processes it did not wait for too: the CPU
                // limit is enforced here, RLIMIT_CPU is only a backstop beyond it.
                let seen = watch.read(prepared.listed_processes());
                if prepared.cpu_so_far().unwrap_or(seen.cpu) > limits.cpu {
                    cpu_killed = true;
                    group.kill();
                }
            }
            Err(RecvTimeoutError::Timeout) if ended.is_none() => {
                // What the run used and waited, read before its processes are gone.
                watch.read(prepared.listed_processes());
                wall_killed = !cpu_killed;
                group.kill();
            }
            Err(_) => break,
        }
        if ended.is_some() && pipes_open == 0 {
            break;
        }
    }
    let reported_peak = prepared.reported_peak_memory();
    let disk_full = prepared.disk_full();
    let output_file = match &files.output {
        Some(name) => prepared.output_file(name, limits.output_bytes),
        None => OutputFile::Absent,
    };
    let run_delay = prepared.cpu_wait().or(watch.most().run_delay);
    let usage = prepared.finish();
    let Some(ended) = ended else {
        return RunResult::spawn_failed("lost track of the process".into());
    };
    let stdout = std::mem::take(&mut *stdout.lock().unwrap_or_else(|p| p.into_inner()));
    let mut stderr_tail = std::mem::take(&mut *stderr.lock().unwrap_or_else(|p| p.into_inner()));
    trim_front(&mut stderr_tail, STDERR_TAIL_BYTES);
    let mut result = RunResult {
        outcome: Outcome::Exited(0),
        termination: Some(ended.termination),
        stdout,
        stderr_tail,
        cpu: usage
            .map_or(ended.cpu, |u| u.cpu.max(ended.cpu))
            .max(watch.most().cpu),
        wall: ended.at.saturating_duration_since(start),
        run_delay,
        peak_memory_bytes: usage
            .and_then(|u| u.peak_memory_bytes)
            .or(reported_peak)
            .unwrap_or(ended.peak_memory_bytes),
        disk_full,
        output_file,
    };
    let killed = classify::Killed {
        cpu: cpu_killed,
        wall: wall_killed,
        output: output_limit,
        memory: usage.is_some_and(|u| u.oom_killed),
    };
    result.outcome = classify::outcome(ended.termination, &result, limits, killed);
    result
}

/// Writes the input; a solution that does not read it, or closes its standard input early,
/// makes the write fail with `EPIPE`, which ends the feeding quietly.
fn feed(mut pipe: std::process::ChildStdin, bytes: &[u8]) {
    process::block_sigpipe_in_this_thread();
    let _ = pipe.write_all(bytes);
}

/// Reads `pipe` to its end in a thread, into the buffer returned, through `keep`, which
/// returns false once the output limit is passed.
fn spawn_reader(
    mut pipe: impl Read + Send + 'static,
    events: Sender<Event>,
    keep: impl Fn(&mut Vec<u8>, &[u8]) -> bool + Send + 'static,
) -> Arc<Mutex<Vec<u8>>> {
    let kept = Arc::new(Mutex::new(Vec::new()));
    let shared = Arc::clone(&kept);
    thread::spawn(move || {
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            match pipe.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let mut kept = kept.lock().unwrap_or_else(|p| p.into_inner());
                    if !keep(&mut kept, &buffer[..n]) {
                        let _ = events.send(Event::OutputLimit);
                        break;
                    }
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = events.send(Event::PipeClosed);
    });
    shared
}

/// Keeps the last `keep` bytes.
fn trim_front(bytes: &mut Vec<u8>, keep: usize) {
    if bytes.len() > keep {
        bytes.drain(..bytes.len() - keep);
    }
}
