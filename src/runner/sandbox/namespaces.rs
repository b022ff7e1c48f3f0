//! The namespaces layer's probes: whether this process may make new namespaces
//! ([`probe_unshare`]) and, not root, write the limits of an IPC namespace of its own
//! ([`probe_ipc_limits`]); a descriptor of one of its own ([`open_namespace`]); the maps of a
//! new user namespace ([`id_map`], [`write_id_maps`]). The namespaces
//! are made by the run's process ([`super::child`]), or as root by the judge: the pid
//! namespace with its init ([`super::init`]), the others ahead of the runs
//! ([`super::namespace_pool`]).

use std::ffi::{CStr, CString};
use std::io;
use std::os::fd::{FromRawFd, OwnedFd};

use super::{check, ipc, write_file};

/// A descriptor of a namespace file such as `/proc/self/ns/pid`.
pub fn open_namespace(path: &CStr) -> io::Result<OwnedFd> {
    // SAFETY: a NUL-terminated path; the descriptor returned is owned by nobody else.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
        check(fd)?;
        Ok(OwnedFd::from_raw_fd(fd))
    }
}

/// The line of a uid or gid map that maps `outside` (this process's id) to `inside`.
pub fn id_map(inside: u32, outside: u32) -> CString {
    CString::new(format!("{inside} {outside} 1\n")).expect("no NUL")
}

/// Writes the uid and gid maps of the user namespace this process just made (`setgroups`
/// denied first, as the kernel requires of a map written without `CAP_SETGID`).
///
/// # Safety
/// May run between `fork` and `exec`: open, write and close only.
pub unsafe fn write_id_maps((uid_map, gid_map): &(CString, CString)) -> io::Result<()> {
    // SAFETY: as the caller's.
    unsafe {
        write_file(c"/proc/self/setgroups", b"deny")?;
        write_file(c"/proc/self/uid_map", uid_map.as_bytes())?;
        write_file(c"/proc/self/gid_map", gid_map.as_bytes())
    }
}

/// Whether this process may `unshare` with `flags` (tried in a short-lived child).
pub fn probe_unshare(flags: libc::c_int) -> Result<(), String> {
    // SAFETY: the child only calls unshare and reads its errno.
    let code = unsafe {
        in_child(|| match libc::unshare(flags) {
            0 => 0,
            _ => *libc::__errno_location(),
        })
    };
    match code.map_err(|e| e.to_string())? {
        Some(0) => Ok(()),
        Some(errno) => Err(io::Error::from_raw_os_error(errno).to_string()),
        None => Err("the probe died".into()),
    }
}

/// Whether the root of a new user namespace, mapped to this process's uid and gid, may write
/// the limits of a new IPC namespace it owns (Linux 5.19 and later let it), tried in a
/// short-lived child.
pub fn probe_ipc_limits() -> bool {
    // SAFETY: getuid and getgid cannot fail.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    let maps = (id_map(0, uid), id_map(0, gid));
    // SAFETY: the child only makes system calls on buffers made before the fork.
    let code = unsafe {
        in_child(|| {
            let ok = libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWIPC) == 0
                && write_id_maps(&maps).is_ok()
                && ipc::write_limits().is_ok();
            i32::from(!ok)
        })
    };
    matches!(code, Ok(Some(0)))
}

/// Runs `child` in a short-lived child process, which exits with what it returns (at most
/// 255), and waits for it: its exit code, or `None` when it died by a signal.
///
/// # Safety
/// `child` runs between `fork` and `_exit` in a copy of a process with threads: system calls
/// only, no allocation, no lock.
unsafe fn in_child(child: impl FnOnce() -> libc::c_int) -> io::Result<Option<libc::c_int>> {
    // SAFETY: fork, then only `child` and _exit in the child; waitpid in the parent.
    unsafe {
        let pid = libc::fork();
        check(pid)?;
        if pid == 0 {
            libc::_exit(child().min(255));
        }
        let mut status = 0;
        while libc::waitpid(pid, &mut status, 0) < 0 && *libc::__errno_location() == libc::EINTR {}
        Ok(libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)))
    }
}
