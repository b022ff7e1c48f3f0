//! The system calls a solution never needs, denied with seccomp-bpf (filters compiled once by
//! `seccompiler` in the judge, installed in the child right before `exec`).
//!
//! Denied with `EPERM`, not by killing: a runtime that probes an interface and falls back
//! (a JVM, an interpreter, a C library) keeps working, and an attack simply fails. The one
//! exception is `clone3`, which fails with `ENOSYS`: its flags are in memory a filter cannot
//! read, and `ENOSYS` makes the C library fall back to `clone`, whose flags the filter does
//! read (new namespaces are refused there).

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// Kernel interfaces no solution needs: keyrings (another run's or the judge's keys),
/// tracing and other processes' memory, io_uring (a second way to make system calls),
/// eBPF and perf, kernel code, mounts and namespaces.
const DENIED: [libc::c_long; 28] = [
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
];

/// Socket families no solution needs: netlink (messages between runs and to the kernel),
/// vsock (the host of a virtual machine) and packet sockets.
const DENIED_FAMILIES: [libc::c_int; 3] = [libc::AF_NETLINK, libc::AF_VSOCK, libc::AF_PACKET];

/// The `clone` flags that make namespaces.
const NAMESPACE_FLAGS: u64 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET) as u64;

// The filter tests the low 32 bits of the flags only.
const _: () = assert!(NAMESPACE_FLAGS >> 32 == 0);

/// The compiled filters, in the order they are installed.
#[derive(Debug)]
pub struct Filters(Vec<BpfProgram>);

impl Filters {
    /// Compiles the filters for this machine's architecture.
    pub fn new() -> Result<Filters, String> {
        let fail = |e: &dyn std::fmt::Display| format!("seccomp: {e}");
        let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| fail(&e))?;
        let arg = |index, op, value| {
            SeccompCondition::new(index, SeccompCmpArgLen::Dword, op, value).map_err(|e| fail(&e))
        };
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
            DENIED.iter().map(|&call| (call, Vec::new())).collect();
        let mut families = Vec::new();
        for family in DENIED_FAMILIES {
            let condition = arg(0, SeccompCmpOp::Eq, family as u64)?;
            families.push(SeccompRule::new(vec![condition]).map_err(|e| fail(&e))?);
        }
        rules.insert(libc::SYS_socket, families);
        let tiocsti = arg(1, SeccompCmpOp::Eq, libc::TIOCSTI)?;
        rules.insert(
            libc::SYS_ioctl,
            vec![SeccompRule::new(vec![tiocsti]).map_err(|e| fail(&e))?],
        );
        // Denied when any namespace flag is set: one rule per flag, on the low 32 bits of the
        // flags, where every namespace flag is (half the instructions of a 64-bit test, and a
        // filter is compiled and checked anew for every run).
        let mut clone_rules = Vec::new();
        for flag in 0..32 {
            let bit = 1u64 << flag;
            if NAMESPACE_FLAGS & bit != 0 {
                let set = SeccompCondition::new(
                    0,
                    SeccompCmpArgLen::Dword,
                    SeccompCmpOp::MaskedEq(bit),
                    bit,
                )
                .map_err(|e| fail(&e))?;
                clone_rules.push(SeccompRule::new(vec![set]).map_err(|e| fail(&e))?);
            }
        }
        rules.insert(libc::SYS_clone, clone_rules);
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
