//! The namespaces layer's probes: whether this process may make new namespaces
//! ([`probe_unshare`]) and, not root, write the limits of an IPC namespace of its own
//! ([`probe_ipc_limits`]), and a descriptor of one of its own ([`open_namespace`]). The namespaces
//! are made by the run's process ([`super::child`]), or as root by the judge: the pid
//! namespace with its init ([`super::init`]), the others ahead of the runs
//! ([`super::namespace_pool`]).

use std::ffi::CString;
use std::os::fd::{FromRawFd, OwnedFd};

use super::ipc;

/// A descriptor of a namespace file such as `/proc/self/ns/pid`.
pub fn open_namespace(path: &std::ffi::CStr) -> Result<OwnedFd, String> {
    // SAFETY: a NUL-terminated path; the descriptor returned is owned by nobody else.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(format!(
                "cannot open {}: {}",
                path.to_string_lossy(),
                std::io::Error::last_os_error()
            ));
        }
        Ok(OwnedFd::from_raw_fd(fd))
    }
}

/// Whether this process may `unshare` with `flags` (tried in a short-lived child).
pub fn probe_unshare(flags: libc::c_int) -> Result<(), String> {
    // SAFETY: the child only calls unshare and _exit, both async-signal-safe.
    unsafe {
        let pid = libc::fork();
        if pid < 0 {
            return Err(std::io::Error::last_os_error().to_string());
        }
        if pid == 0 {
            let code = if libc::unshare(flags) == 0 {
                0
            } else {
                *libc::__errno_location()
            };
            libc::_exit(code.min(255));
        }
        let mut status = 0;
        while libc::waitpid(pid, &mut status, 0) < 0 && *libc::__errno_location() == libc::EINTR {}
        match libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)) {
            Some(0) => Ok(()),
            Some(errno) => Err(std::io::Error::from_raw_os_error(errno).to_string()),
            None => Err("the probe died".into()),
        }
    }
}

/// Whether the root of a new user namespace, mapped to this process's uid and gid, may write
/// the limits of a new IPC namespace it owns (Linux 5.19 and later let it), tried in a
/// short-lived child.
pub fn probe_ipc_limits() -> bool {
    // SAFETY: getuid and getgid cannot fail.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    let uid_map = CString::new(format!("0 {uid} 1\n")).expect("no NUL");
    let gid_map = CString::new(format!("0 {gid} 1\n")).expect("no NUL");
    // SAFETY: the child only makes system calls on buffers made before the fork, then
    // _exit.
    unsafe {
        let pid = libc::fork();
        if pid < 0 {
            return false;
        }
        if pid == 0 {
            let write = |path: &std::ffi::CStr, text: &[u8]| {
                let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                let ok = fd >= 0 && libc::write(fd, text.as_ptr().cast(), text.len()) >= 0;
                libc::close(fd);
                ok
            };
            let ok = libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWIPC) == 0
                && write(c"/proc/self/setgroups", b"deny")
                && write(c"/proc/self/uid_map", uid_map.as_bytes())
                && write(c"/proc/self/gid_map", gid_map.as_bytes())
                && ipc::write_limits().is_ok();
            libc::_exit(i32::from(!ok));
        }
        let mut status = 0;
        while libc::waitpid(pid, &mut status, 0) < 0 && *libc::__errno_location() == libc::EINTR {}
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
    }
}
