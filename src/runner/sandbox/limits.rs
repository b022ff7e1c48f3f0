//! The limits layer: the resource limits (`setrlimit`) a run's process gets, with the
//! sandbox and without it, and the bounds on its descriptors and processes.

use crate::runner::Limits;

/// The most descriptors a run's process may have open (`RLIMIT_NOFILE`, soft and hard).
pub const MAX_OPEN_FILES: u64 = 1024;

/// How many processes (and threads) one run may have at once, by `RLIMIT_NPROC` under its
/// own uid and by the cgroup's `pids.max`.
pub const MAX_PROCESSES: u64 = 64;

/// The limits set in the sandboxed child: core 0, CPU (soft: the limit rounded up to
/// seconds, `SIGXCPU`; hard: one more, `SIGKILL`), address space and stack = the memory
/// limit, file size.
pub fn rlimits(limits: &Limits) -> Vec<(libc::__rlimit_resource_t, u64, u64)> {
    let mut list = rlimits_without_sandbox(limits);
    if limits.memory_bytes != u64::MAX {
        list.push((libc::RLIMIT_STACK, limits.memory_bytes, limits.memory_bytes));
    }
    list.push((libc::RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes));
    list.push((libc::RLIMIT_NOFILE, MAX_OPEN_FILES, MAX_OPEN_FILES));
    list
}

/// The limits of the runner without a sandbox: core, CPU and address space.
pub fn rlimits_without_sandbox(limits: &Limits) -> Vec<(libc::__rlimit_resource_t, u64, u64)> {
    let cpu_seconds = (limits.cpu.as_secs() + u64::from(limits.cpu.subsec_nanos() > 0)).max(1);
    let mut list = vec![
        (libc::RLIMIT_CORE, 0, 0),
        (libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1),
    ];
    if limits.memory_bytes != u64::MAX {
        let bytes = limits
            .memory_bytes
            .saturating_add(limits.extra_address_space_bytes);
        list.push((libc::RLIMIT_AS, bytes, bytes));
    }
    list
}
