//! The limits of a run's own IPC namespace: what its System V and POSIX objects may hold of
//! the kernel's memory, which no process maps and so no `RLIMIT_AS` bounds. A cgroup counts
//! that memory (as root here, cgroup v1 kills a run holding 400 MiB of message queues under a
//! 256 MiB limit); a judge that is not root has no cgroup to count it, so every run's IPC
//! namespace gets these limits, written in its `/proc/sys` (IPC sysctls belong to the IPC
//! namespace):
//!
//! - message queues: 16 queues of at most 8 KiB each (`msgmni`, `msgmnb`, `msgmax`); a queue
//!   also holds at most as many messages as bytes, each message at least 64 bytes of the
//!   kernel's, so at most 8 MiB in all (128 KiB of text); raising a queue's size above
//!   `msgmnb` takes `CAP_SYS_RESOURCE` of the machine;
//! - shared memory: 16 segments (`shmmni`), each destroyed when its last process detaches
//!   (`shm_rmid_forced`): its memory is always mapped by a process of the run, within that
//!   process's `RLIMIT_AS`;
//! - semaphores: 16 sets of 32, 1024 in all (`sem`);
//! - POSIX message queues: 16 (`fs/mqueue/queues_max`), and their memory bounded per user by
//!   `RLIMIT_MSGQUEUE` (see [`MESSAGE_QUEUE_BYTES`]).
//!
//! As root the judge's thread writes them into each IPC namespace it makes ahead
//! (`namespace_pool.rs`). Not root, the run's process writes them, as the root of the run's
//! user namespace (the kernel lets only the uid that namespace maps to 0 write them), then
//! makes `/proc/sys` read-only and moves into a user namespace of its own inside it, where it
//! is the judge's uid again: the solution's uid is then the one the IPC namespace's owner maps
//! to 0, so it could write them back through a writable `/proc/sys` ([`seal`]).

use std::ffi::CStr;
use std::io;

/// `RLIMIT_MSGQUEUE` of a run: the kernel's default (800 KiB), set so that a judge started
/// with a higher one does not pass it on.
pub const MESSAGE_QUEUE_BYTES: u64 = 819_200;

/// The files of `/proc/sys` written, with their values.
const LIMITS: [(&CStr, &[u8]); 7] = [
    (c"/proc/sys/kernel/msgmni", b"16"),
    (c"/proc/sys/kernel/msgmnb", b"8192"),
    (c"/proc/sys/kernel/msgmax", b"8192"),
    (c"/proc/sys/kernel/shmmni", b"16"),
    (c"/proc/sys/kernel/shm_rmid_forced", b"1"),
    (c"/proc/sys/kernel/sem", b"32 1024 32 16"),
    (c"/proc/sys/fs/mqueue/queues_max", b"16"),
];

/// Writes the limits into the calling thread's IPC namespace, through `/proc/sys`.
///
/// # Safety
/// May run between `fork` and `exec`: open, write and close only.
pub unsafe fn write_limits() -> io::Result<()> {
    for (path, value) in LIMITS {
        // SAFETY: as the caller's.
        unsafe { super::write_file(path, value)? };
    }
    Ok(())
}

/// Makes `/proc/sys` read-only (a read-only bind of itself), so that the run cannot write the
/// limits back, even without Landlock (which keeps it from `/proc` altogether). Run in the run's
/// own root, by the root of its user namespace, which owns its mount namespace.
///
/// # Safety
/// Between `fork` and `exec`: system calls only.
pub unsafe fn seal() -> io::Result<()> {
    let flags = libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
    // SAFETY: NUL-terminated paths, in the run's mount namespace.
    unsafe { super::root::bind(c"/proc/sys", c"/proc/sys", flags) }
}
