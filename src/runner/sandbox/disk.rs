//! The fact behind a run's disk verdict: how full its own `/tmp` (the tmpfs of its private
//! root, its whole disk) was when it ended. That tmpfs exists only in the run's mount
//! namespace, so the run's process, once it mounted it and before `exec`, sends the judge a
//! descriptor of it over a socket pair the judge made ([`send_tmp`]); the judge reads
//! `fstatfs` of it after the run ([`DiskReport::full`]). The descriptor keeps the tmpfs, with
//! the files the run left, until the judge closes it, whatever became of the namespace.
//!
//! What it cannot see: a file the run removed, or one that was never linked (`O_TMPFILE`,
//! `tmpfile()`) and went with its last process, before the run ended.

use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::sync::OnceLock;

/// The share of `/tmp` that must be used for it to count as full: all but a sixteenth (a
/// write that fails with `ENOSPC` leaves no page free; a file at `RLIMIT_FSIZE`, the size of
/// the tmpfs, fills it).
const FULL: (u64, u64) = (15, 16);

/// The judge's end of one run's socket pair, and the run's end until the run is spawned.
#[derive(Debug)]
pub struct DiskReport {
    judge: OwnedFd,
    child: Option<OwnedFd>,
    /// The run's `/tmp`, once received after the run.
    tmp: OnceLock<Option<OwnedFd>>,
}

impl DiskReport {
    /// A new socket pair (datagrams, both ends closed on `exec`).
    pub fn new() -> io::Result<DiskReport> {
        let mut fds = [0; 2];
        // SAFETY: socketpair fills the two descriptors, owned by nobody else.
        unsafe {
            if libc::socketpair(
                libc::AF_UNIX,
                libc::SOCK_DGRAM | libc::SOCK_CLOEXEC,
                0,
                fds.as_mut_ptr(),
            ) != 0
            {
                return Err(io::Error::last_os_error());
            }
            Ok(DiskReport {
                judge: OwnedFd::from_raw_fd(fds[0]),
                child: Some(OwnedFd::from_raw_fd(fds[1])),
                tmp: OnceLock::new(),
            })
        }
    }

    /// The run's end, for its child plan (`-1` once closed).
    pub fn child_fd(&self) -> RawFd {
        self.child.as_ref().map_or(-1, AsRawFd::as_raw_fd)
    }

    /// Closes the run's end in the judge, once the run's process was spawned (it holds its
    /// own copy).
    pub fn spawned(&mut self) {
        self.child = None;
    }

    /// The run's `/tmp` (after the run ended): the last descriptor the run sent (a spawn
    /// retried after `ETXTBSY` sent one per attempt); `None` when none came.
    pub fn tmp(&self) -> Option<BorrowedFd<'_>> {
        self.tmp
            .get_or_init(|| {
                let mut last = None;
                // SAFETY: the judge's end of the socket pair is open while self lives.
                while let Some(fd) = unsafe { receive(self.judge.as_raw_fd()) } {
                    last = Some(fd);
                }
                last
            })
            .as_ref()
            .map(AsFd::as_fd)
    }

    /// Whether the run's `/tmp` is full now (after the run ended), by `fstatfs` of
    /// [`DiskReport::tmp`]; `false` when none came.
    pub fn full(&self) -> bool {
        self.tmp().is_some_and(|fd| {
            // SAFETY: fstatfs on an open descriptor into a buffer of this frame.
            unsafe {
                let mut stat = std::mem::zeroed::<libc::statfs>();
                if libc::fstatfs(fd.as_raw_fd(), &mut stat) != 0 || stat.f_blocks == 0 {
                    return false;
                }
                let (blocks, free) = (stat.f_blocks, stat.f_bfree);
                let (part, whole) = FULL;
                (blocks - free.min(blocks)) * whole >= blocks * part
            }
        })
    }
}

/// The space of a control message carrying one descriptor, in 8-byte words.
const CONTROL_WORDS: usize = 4;

/// One descriptor received on `socket` without waiting, or `None`.
///
/// # Safety
/// `socket` is an open socket.
unsafe fn receive(socket: RawFd) -> Option<OwnedFd> {
    // SAFETY: a descriptor the kernel installed is taken into an OwnedFd at once.
    with_message(|message| unsafe {
        let flags = libc::MSG_DONTWAIT | libc::MSG_CMSG_CLOEXEC;
        if libc::recvmsg(socket, message, flags) < 0 {
            return None;
        }
        let header = libc::CMSG_FIRSTHDR(message);
        if header.is_null()
            || (*header).cmsg_level != libc::SOL_SOCKET
            || (*header).cmsg_type != libc::SCM_RIGHTS
        {
            return None;
        }
        let fd = std::ptr::read_unaligned(libc::CMSG_DATA(header).cast::<libc::c_int>());
        Some(OwnedFd::from_raw_fd(fd))
    })
}

/// Calls `f` with a message of one byte and room for one descriptor, its buffers in this
/// frame (no allocation: it runs between `fork` and `exec` too).
fn with_message<R>(f: impl FnOnce(&mut libc::msghdr) -> R) -> R {
    let mut byte = 0u8;
    let mut iov = libc::iovec {
        iov_base: (&mut byte as *mut u8).cast(),
        iov_len: 1,
    };
    let mut control = [0u64; CONTROL_WORDS];
    // SAFETY: msghdr is plain data; all zeroes is a valid empty message.
    let mut message = unsafe { std::mem::zeroed::<libc::msghdr>() };
    message.msg_iov = &mut iov;
    message.msg_iovlen = 1;
    message.msg_control = control.as_mut_ptr().cast();
    message.msg_controllen = std::mem::size_of_val(&control);
    f(&mut message)
}

/// Sends the judge (on `socket`) a descriptor of `/tmp`, the run's own tmpfs, mounted. Its
/// failure is the caller's to ignore: the run then has no disk fact, and no run fails for it.
///
/// # Safety
/// Between `fork` and `exec`: system calls only, on buffers of this frame.
pub unsafe fn send_tmp(socket: RawFd) -> io::Result<()> {
    // SAFETY: as above; the descriptor opened here is closed before returning.
    unsafe {
        let fd = libc::open(
            c"/tmp".as_ptr(),
            libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
        );
        super::check(fd)?;
        let sent = with_message(|message| {
            message.msg_controllen =
                libc::CMSG_SPACE(std::mem::size_of::<libc::c_int>() as u32) as _;
            let header = libc::CMSG_FIRSTHDR(message);
            (*header).cmsg_level = libc::SOL_SOCKET;
            (*header).cmsg_type = libc::SCM_RIGHTS;
            (*header).cmsg_len = libc::CMSG_LEN(std::mem::size_of::<libc::c_int>() as u32) as _;
            std::ptr::write_unaligned(libc::CMSG_DATA(header).cast::<libc::c_int>(), fd);
            libc::sendmsg(socket, message, libc::MSG_DONTWAIT | libc::MSG_NOSIGNAL)
        });
        let error = io::Error::last_os_error();
        libc::close(fd);
        if sent < 0 { Err(error) } else { Ok(()) }
    }
}
