//! From what the kernel reported to a verdict, and the names of signals.

use super::{Limits, Outcome, RunResult, Termination, TimeKind};

/// What a failed allocation writes on standard error, by language: C++ (`std::bad_alloc`),
/// Rust (`memory allocation of N bytes failed`), Python (`MemoryError`), C and others.
const ALLOCATION_FAILURES: [&str; 5] = [
    "bad_alloc",
    "memory allocation of",
    "MemoryError",
    "out of memory",
    "Cannot allocate memory",
];

/// What ended a run besides the program itself.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Killed {
    /// The runner killed it at the wall-clock limit.
    pub wall: bool,
    /// The runner killed it for writing more than the output limit.
    pub output: bool,
    /// The kernel killed a process of the run at the cgroup's memory limit.
    pub memory: bool,
}

/// The verdict for a run that started, in the order documented on [`RunResult::outcome`].
/// `result` holds the measures; its `outcome` is not read.
pub(super) fn outcome(
    termination: Termination,
    result: &RunResult,
    limits: &Limits,
    killed: Killed,
) -> Outcome {
    if killed.output {
        return Outcome::OutputLimit;
    }
    // SIGXCPU is a time limit only when the CPU time came near the limit: a program may
    // raise it on itself. RLIMIT_CPU (the limit rounded up to seconds) sends it at a CPU
    // time the kernel counts by clock ticks, which runs ahead of the exact time measured
    // here (on this project's 2-core VM, SIGXCPU at 1 s came at 0.85 s of exact CPU time):
    // half the limit counts as reached.
    let cpu_signal =
        termination == Termination::Signaled(libc::SIGXCPU) && result.cpu * 2 >= limits.cpu;
    if result.cpu > limits.cpu || cpu_signal {
        return Outcome::TimeLimit(TimeKind::Cpu);
    }
    if killed.memory {
        return Outcome::MemoryLimit;
    }
    if killed.wall {
        return Outcome::TimeLimit(TimeKind::Wall);
    }
    if termination != Termination::Exited(0) && out_of_memory(result, limits) {
        return Outcome::MemoryLimit;
    }
    match termination {
        Termination::Exited(code) => Outcome::Exited(code),
        Termination::Signaled(signal) => Outcome::Signaled(signal),
    }
}

/// Whether a process that failed most likely failed for lack of memory: a memory limit was
/// set, and the peak reached three quarters of it or standard error names an allocation
/// failure.
fn out_of_memory(result: &RunResult, limits: &Limits) -> bool {
    if limits.memory_bytes == u64::MAX {
        return false;
    }
    let near_limit =
        u128::from(result.peak_memory_bytes) * 4 >= u128::from(limits.memory_bytes) * 3;
    let stderr = String::from_utf8_lossy(&result.stderr_tail);
    near_limit || ALLOCATION_FAILURES.iter().any(|m| stderr.contains(m))
}

/// The name of a signal, e.g. `SIGSEGV`, or `signal N` for one without a name here.
pub fn signal_name(signal: i32) -> String {
    const NAMES: [(i32, &str); 20] = [
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGTRAP, "SIGTRAP"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGSTKFLT, "SIGSTKFLT"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGSYS, "SIGSYS"),
    ];
    NAMES
        .iter()
        .find(|(number, _)| *number == signal)
        .map_or_else(
            || format!("signal {signal}"),
            |(_, name)| (*name).to_string(),
        )
}
