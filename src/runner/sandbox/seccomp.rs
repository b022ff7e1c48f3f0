//! The system calls a solution never needs, denied with seccomp-bpf (filters compiled once by
//! `seccompiler` in the judge, installed in the child right before `exec`).
//!
//! Denied with `EPERM`, not by killing: a runtime that probes an interface and falls back
//! (a JVM, an interpreter, a C library) keeps working, and an attack simply fails. The one
//! exception is `clone3`, which fails with `ENOSYS`: its flags are in memory a filter cannot
//! read, and `ENOSYS` makes the C library fall back to `clone`, whose flags the filter does
//! read (new namespaces, and a parent chosen outside the run, are refused there).
//!
//! Beside the kernel interfaces, the calls that let two runs talk through what the host
//! shares with every run (the page cache of the system files, their locks, their watches):
//! evicting or probing cached pages, file locks and leases, inotify.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// Kernel interfaces no solution needs: keyrings (another run's or the judge's keys),
/// tracing and other processes' memory, io_uring (a second way to make system calls),
/// eBPF and perf, kernel code, mounts and namespaces; Linux AIO (a machine-wide quota,
/// `fs.aio-max-nr`, one run could take whole, and a page-cache probe with `RWF_NOWAIT`),
/// fanotify (watches, as inotify), `userfaultfd`, `vmsplice` (pages pinned in pipe slots,
/// beyond the address space) and `memfd_secret` (memory no address space limit counts).
const DENIED: [libc::c_long; 39] = [
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_open_tree,
    libc::SYS_move_mount,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_io_setup,
    libc::SYS_io_destroy,
    libc::SYS_io_submit,
    libc::SYS_io_cancel,
    libc::SYS_io_getevents,
    SYS_IO_PGETEVENTS,
    libc::SYS_fanotify_init,
    libc::SYS_fanotify_mark,
    libc::SYS_userfaultfd,
    libc::SYS_vmsplice,
    libc::SYS_memfd_secret,
];

/// `io_pgetevents` (Linux 4.18), which the `libc` crate does not name.
#[cfg(target_arch = "x86_64")]
const SYS_IO_PGETEVENTS: libc::c_long = 333;
/// `io_pgetevents` (Linux 4.18) in the generic table (aarch64, riscv64).
#[cfg(not(target_arch = "x86_64"))]
const SYS_IO_PGETEVENTS: libc::c_long = 292;

/// `cachestat` (Linux 6.5): whether the pages of a file are cached, without reading them.
const SYS_CACHESTAT: libc::c_long = 451;

/// Cross-run channels through the host's shared objects, denied whole: page-cache eviction
/// (`posix_fadvise`) and probing (`mincore`, `cachestat`), advice to another process's
/// memory, file locks (`flock`) and watches on the host's files (inotify). No solution, and
/// no runtime of the supported languages, needs them (measured: every shipped solution still
/// gets its verdict).
const CHANNELS: [libc::c_long; 8] = [
    libc::SYS_fadvise64,
    libc::SYS_mincore,
    SYS_CACHESTAT,
    libc::SYS_process_madvise,
    libc::SYS_flock,
    libc::SYS_inotify_init,
    libc::SYS_inotify_init1,
    libc::SYS_inotify_add_watch,
];

/// `fcntl` commands denied: record locks and open file description locks (set and probe),
/// leases and directory notifications, all on files every run sees.
const DENIED_FCNTL: [libc::c_int; 8] = [
    libc::F_GETLK,
    libc::F_SETLK,
    libc::F_SETLKW,
    libc::F_OFD_GETLK,
    libc::F_OFD_SETLK,
    libc::F_OFD_SETLKW,
    libc::F_SETLEASE,
    libc::F_NOTIFY,
];

/// `madvise` advice denied: reclaiming pages now (file pages leave the page cache) or marking
/// them first to go; the advice allocators use (`MADV_DONTNEED`, `MADV_FREE`) stays.
const DENIED_MADVISE: [libc::c_int; 2] = [libc::MADV_PAGEOUT, libc::MADV_COLD];

/// `RWF_NOWAIT` for `preadv2`: a read that fails rather than wait for the disk, which tells
/// whether a page is cached.
const RWF_NOWAIT: u64 = 0x8;

/// Socket families no solution needs: netlink (messages between runs and to the kernel),
/// vsock (the host of a virtual machine) and packet sockets.
const DENIED_FAMILIES: [libc::c_int; 3] = [libc::AF_NETLINK, libc::AF_VSOCK, libc::AF_PACKET];

/// `clone` flags denied: those that make namespaces, and `CLONE_PARENT`, whose child would be
/// the judge's own (outside the run, which its end then waits on).
const DENIED_CLONE_FLAGS: u64 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | libc::CLONE_PARENT) as u64;

// The filter tests the low 32 bits of the flags only.
const _: () = assert!(DENIED_CLONE_FLAGS >> 32 == 0);

/// The compiled filters, in the order they are installed.
#[derive(Debug)]
pub struct Filters(Vec<BpfProgram>);

impl Filters {
    /// Compiles the filters for this machine's architecture; with `deny_memfd`,
    /// `memfd_create` fails too (for runs whose memory no cgroup sums: a memfd's pages are
    /// bounded one by one by `RLIMIT_FSIZE`, their number only by the open files).
    pub fn new(deny_memfd: bool) -> Result<Filters, String> {
        let fail = |e: &dyn std::fmt::Display| format!("seccomp: {e}");
        let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| fail(&e))?;
        let arg = |index, op, value| {
            SeccompCondition::new(index, SeccompCmpArgLen::Dword, op, value).map_err(|e| fail(&e))
        };
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> = DENIED
            .iter()
            .chain(&CHANNELS)
            .map(|&call| (call, Vec::new()))
            .collect();
        if deny_memfd {
            rules.insert(libc::SYS_memfd_create, Vec::new());
        }
        // A call denied when one argument matches, one rule per match: `(index, value, mask)`.
        let mut deny_when = |call, matches: Vec<(u8, u64, Option<u64>)>| {
            let denied = matches.into_iter().map(|(index, value, mask)| {
                let op = mask.map_or(SeccompCmpOp::Eq, SeccompCmpOp::MaskedEq);
                SeccompRule::new(vec![arg(index, op, value)?]).map_err(|e| fail(&e))
            });
            rules.insert(call, denied.collect::<Result<_, _>>()?);
            Ok::<_, String>(())
        };
        let equal = |index, values: &[libc::c_int]| {
            let values = values.iter().map(|&v| (index, v as u64, None));
            values.collect()
        };
        deny_when(libc::SYS_fcntl, equal(1, &DENIED_FCNTL))?;
        deny_when(libc::SYS_madvise, equal(2, &DENIED_MADVISE))?;
        deny_when(libc::SYS_preadv2, vec![(5, RWF_NOWAIT, Some(RWF_NOWAIT))])?;
        deny_when(libc::SYS_socket, equal(0, &DENIED_FAMILIES))?;
        deny_when(libc::SYS_ioctl, vec![(1, libc::TIOCSTI, None)])?;
        // Denied when any denied flag is set: one rule per flag, on the low 32 bits of the
        // flags, where every denied flag is (half the instructions of a 64-bit test, and a
        // filter is compiled and checked anew for every run).
        let flags = (0..32).map(|flag| 1u64 << flag);
        let set = flags.filter(|bit| DENIED_CLONE_FLAGS & bit != 0);
        deny_when(
            libc::SYS_clone,
            set.map(|bit| (0, bit, Some(bit))).collect(),
        )?;
        let denied = SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::EPERM as u32),
            arch,
        )
        .map_err(|e| fail(&e))?;
        let clone3 = SeccompFilter::new(
            BTreeMap::from([(libc::SYS_clone3, Vec::new())]),
            SeccompAction::Allow,
            SeccompAction::Errno(libc::ENOSYS as u32),
            arch,
        )
        .map_err(|e| fail(&e))?;
        let mut programs = Vec::new();
        for filter in [denied, clone3] {
            programs.push(BpfProgram::try_from(filter).map_err(|e| fail(&e))?);
        }
        Ok(Filters(programs))
    }

    /// Installs the filters on the calling process (after `no_new_privs`).
    ///
    /// # Safety
    /// Between `fork` and `exec`: only system calls on memory the parent prepared.
    pub unsafe fn apply(&self) -> std::io::Result<()> {
        for program in &self.0 {
            seccompiler::apply_filter(program).map_err(|e| match e {
                seccompiler::Error::Seccomp(e) | seccompiler::Error::Prctl(e) => e,
                _ => std::io::Error::from_raw_os_error(libc::EINVAL),
            })?;
        }
        Ok(())
    }
}
