//! From what the kernel reported to a verdict, and the names of signals.

use super::{Limits, Outcome, RunResult, Termination, TimeKind};

/// What a failed allocation writes on standard error, by language: C++ (`std::bad_alloc`),
/// Rust (`memory allocation of N bytes failed`), Python (`MemoryError`), Java
/// (`OutOfMemoryError`), C and others. The program's own words: believed only beside a kernel
/// fact, the memory it held (see [`out_of_memory`]).
const ALLOCATION_FAILURES: [&str; 6] = [
    "bad_alloc",
    "memory allocation of",
    "MemoryError",
    "OutOfMemoryError",
    "out of memory",
    "Cannot allocate memory",
];

/// What ended a run besides the program itself.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Killed {
    /// The runner killed it at the CPU limit (its exact CPU time, read while it ran).
    pub cpu: bool,
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
    // Whatever ended it: a `SIGXCPU` or `SIGKILL` of the `RLIMIT_CPU` backstop comes beyond
    // the limit, and a `SIGXCPU` before it is the program's own doing (a crash).
    if killed.cpu || result.cpu > limits.cpu {
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

/// Whether a process that failed ran out of memory, by what the kernel counted: its peak
/// (charged to the run's cgroup, else the largest resident peak of its processes) reached the
/// memory limit, or came within a quarter of it (`RLIMIT_AS` fails an allocation once the
/// address space would pass the limit, and the address space holds more than the resident
/// memory: libraries, stacks, heap reserved and not yet used); or it reached half the limit
/// and standard error names an allocation failure (an array that doubles fails when its block
/// and a new one twice its size would pass the limit, so at its growth before it held a block
/// and one twice that size, together more than half the limit). The words alone never make
/// an MLE, as any program can write them (issue 29); a single allocation far over the limit,
/// refused at once, leaves no fact: it stays a runtime error, its message showing the words.
fn out_of_memory(result: &RunResult, limits: &Limits) -> bool {
    if limits.memory_bytes == u64::MAX {
        return false;
    }
    let peak = u128::from(result.peak_memory_bytes);
    let limit = u128::from(limits.memory_bytes);
    peak * 4 >= limit * 3 || (allocation_failure(result).is_some() && peak * 2 >= limit)
}

/// The words of [`ALLOCATION_FAILURES`] that the run's standard error holds first, if any.
fn allocation_failure(result: &RunResult) -> Option<&'static str> {
    let stderr = String::from_utf8_lossy(&result.stderr_tail);
    ALLOCATION_FAILURES.into_iter().find(|m| stderr.contains(m))
}

/// Why a run that failed got its memory verdict, by [`out_of_memory`]'s rule, so that one
/// failure that gets two verdicts says why: for an [`Outcome::MemoryLimit`], which fact made
/// it (`the address-space limit, 256 MiB, refused an allocation at 135 MiB resident`); for a
/// runtime error whose standard error names an allocation failure, why it is no MLE (its
/// peak stayed under half the limit). `None` for any other run.
pub fn memory_note(result: &RunResult, limits: &Limits) -> Option<String> {
    let mib = |bytes: u64| bytes.div_ceil(1 << 20);
    let (peak, limit) = (mib(result.peak_memory_bytes), mib(limits.memory_bytes));
    let words = allocation_failure(result);
    let failed = matches!(result.outcome, Outcome::Exited(c) if c != 0)
        || matches!(result.outcome, Outcome::Signaled(_));
    match (&result.outcome, words) {
        (Outcome::MemoryLimit, _) if !out_of_memory(result, limits) => Some(format!(
            "the kernel stopped it at the memory limit, {limit} MiB (the run's cgroup)"
        )),
        (Outcome::MemoryLimit, Some(words))
            if u128::from(result.peak_memory_bytes) * 4 < u128::from(limits.memory_bytes) * 3 =>
        {
            Some(format!(
                "the address-space limit, {limit} MiB, refused an allocation at {peak} MiB \
                 resident (`{words}` on standard error, past half the limit)"
            ))
        }
        (Outcome::MemoryLimit, _) => Some(format!(
            "{peak} MiB resident of the {limit} MiB limit: past three quarters of it, where \
             the address-space limit refuses allocations"
        )),
        (_, Some(words)) if failed && limits.memory_bytes != u64::MAX => Some(format!(
            "`{words}` on standard error at {peak} MiB resident, under half the {limit} MiB \
             limit: a runtime error, not MLE (no sign the limit was reached)"
        )),
        _ => None,
    }
}

/// Whether a run that failed did so at its disk limit ([`Limits::file_bytes`]): a fact of the
/// kernel's, the run's own `/tmp` found full when the run ended ([`RunResult::disk_full`]).
/// Neither its standard error (`No space left on device`) nor a `SIGXFSZ` (which a program may
/// raise itself) is enough; a run without a `/tmp` of its own (no private root, or the sandbox
/// off) is never blamed on the disk: its exit code or signal says what happened.
pub fn disk_limit_reached(result: &RunResult) -> bool {
    let failed = matches!(result.outcome, Outcome::Signaled(_))
        || matches!(result.outcome, Outcome::Exited(code) if code != 0);
    failed && result.disk_full
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
