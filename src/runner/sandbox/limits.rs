//! The limits layer: the resource limits (`setrlimit`) a run's process gets, with the
//! sandbox and without it, and the bounds on its descriptors and processes.

use std::time::Duration;

use crate::runner::Limits;

/// The most descriptors a run's process may have open (`RLIMIT_NOFILE`, soft and hard).
pub const MAX_OPEN_FILES: u64 = 1024;

/// How many processes (and threads) one run may have at once, by `RLIMIT_NPROC` under its
/// own uid and by the cgroup's `pids.max`.
pub const MAX_PROCESSES: u64 = 64;

/// The environment variable every run gets, with the sandbox and without it: glibc's malloc
/// keeps one arena for all threads (`glibc.malloc.arena_max=1`). By default a thread's first
/// `malloc` or `free` may make an arena of its own, and each reserves 64 MiB of address space
/// (`HEAP_MAX_SIZE`) that `RLIMIT_AS` counts whether it is used or not: four threads
/// allocating 8 MiB each took the whole 256 MiB, and the main thread's honest 180 MiB after
/// them failed every time (50 runs of 50, glibc 2.36). With one arena, threads cost only the
/// memory they use (each keeps its own small cache, the tcache, so they rarely wait for the
/// arena's lock).
pub const MALLOC_ENV: (&str, &str) = ("GLIBC_TUNABLES", "glibc.malloc.arena_max=1");

/// The limits set in the sandboxed child: core 0, CPU (the backstop, [`cpu_backstop`]),
/// address space = the memory limit, stack unlimited within it ([`stack_limit`]), file size,
/// descriptors.
pub fn rlimits(limits: &Limits) -> Vec<(libc::__rlimit_resource_t, u64, u64)> {
    let mut list = rlimits_without_sandbox(limits);
    list.push((libc::RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes));
    list.push((libc::RLIMIT_NOFILE, MAX_OPEN_FILES, MAX_OPEN_FILES));
    list
}

/// The limits of the runner without a sandbox: core, CPU (the backstop), address space and
/// stack.
pub fn rlimits_without_sandbox(limits: &Limits) -> Vec<(libc::__rlimit_resource_t, u64, u64)> {
    let backstop = cpu_backstop(limits.cpu);
    let mut list = vec![
        (libc::RLIMIT_CORE, 0, 0),
        (libc::RLIMIT_CPU, backstop, backstop + 1),
    ];
    if limits.memory_bytes != u64::MAX {
        let bytes = limits
            .memory_bytes
            .saturating_add(limits.extra_address_space_bytes);
        list.push((libc::RLIMIT_AS, bytes, bytes));
        // The judge's own hard limit: what its runs inherit, and the most they can be given.
        let hard = hard_limit(libc::RLIMIT_STACK).unwrap_or(libc::RLIM_INFINITY);
        let stack = stack_limit(limits.memory_bytes, hard);
        list.push((libc::RLIMIT_STACK, stack, stack));
    }
    list
}

/// The soft `RLIMIT_CPU` of a run under the CPU limit `cpu`, in seconds: twice the limit and
/// one second more, rounded up (`SIGXCPU` there, `SIGKILL` a second later). Only a backstop,
/// for a run whose judge cannot stop it (killed, or starved of a CPU itself): the runner
/// reads the run's exact CPU time while it runs and stops it at the limit. The kernel counts
/// the time it limits by clock ticks, charging a whole tick to the task it finds running, and
/// under load that count runs ahead of the exact time (a `SIGXCPU` at a limit of 1 s came
/// at 0.74 s of exact CPU time on a loaded machine): at the limit itself it would stop a
/// program early, and its signal could not be told from one the program raised. Twice the
/// limit keeps it beyond the limit unless the ticks overcount by more than 2x.
pub fn cpu_backstop(cpu: Duration) -> u64 {
    let twice = cpu * 2 + Duration::from_secs(1);
    twice.as_secs() + u64::from(twice.subsec_nanos() > 0)
}

/// The stack limit of a run (soft and hard) under a memory limit of `memory` bytes, given
/// the judge's own hard stack limit `hard`: unlimited (`RLIM_INFINITY`), as isolate has it by
/// default. The address space limit (and the cgroup) bound the stack anyway, so the main
/// thread may recurse as deep as the memory limit allows; and glibc, which gives a thread
/// started with default attributes (`pthread_create`, C++ `std::thread`) a stack of the soft
/// limit's size, falls back to its own default (2 MiB on x86-64) when the limit is unlimited.
/// A stack limit of the memory limit made every such thread reserve the whole address space:
/// `pthread_create` failed with `EAGAIN`. A judge whose own hard limit is finite cannot raise
/// it: its runs get that limit, at most the memory limit.
fn stack_limit(memory: u64, hard: u64) -> u64 {
    if hard == libc::RLIM_INFINITY {
        libc::RLIM_INFINITY
    } else {
        hard.min(memory)
    }
}

/// The judge's own hard limit of `resource`, unless `getrlimit` fails.
pub fn hard_limit(resource: libc::__rlimit_resource_t) -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given.
    (unsafe { libc::getrlimit(resource, &mut limit) } == 0).then_some(limit.rlim_max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_backstop_is_beyond_twice_the_limit() {
        assert_eq!(cpu_backstop(Duration::from_secs(1)), 3);
        assert_eq!(cpu_backstop(Duration::from_millis(500)), 2);
        assert_eq!(cpu_backstop(Duration::from_millis(1250)), 4);
        assert_eq!(cpu_backstop(Duration::ZERO), 1);
    }

    #[test]
    fn the_stack_is_unlimited_unless_the_judge_cannot_give_that() {
        let memory = 256 << 20;
        assert_eq!(
            stack_limit(memory, libc::RLIM_INFINITY),
            libc::RLIM_INFINITY
        );
        assert_eq!(stack_limit(memory, 64 << 20), 64 << 20);
        assert_eq!(stack_limit(memory, 1 << 30), memory);
    }
}
