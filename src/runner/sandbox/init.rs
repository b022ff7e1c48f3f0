//! The init of a run's pid namespace, as root: the first process of the namespace, made by
//! the judge's thread right before the solution (which the judge starts as its own child, the
//! namespace's second process). It shares the judge's memory (`clone` with `CLONE_VM`, on a
//! small stack of its own), so making it copies no page table and its end frees none; it
//! closes every descriptor, ignores `SIGCHLD` (the orphans it inherits are reaped by the
//! kernel), blocks every signal and sleeps. When the judge kills it after the solution ended,
//! every process left in the namespace dies with it. It dies with the judge's thread too
//! (`PR_SET_PDEATHSIG`).
//!
//! It runs no code that touches memory of the judge's: only system calls that succeed,
//! through C library functions that keep no state (a failing call would set the `errno` of
//! the judge's thread, whose thread-local storage it shares; `pause`, a cancellation point,
//! would mark that thread), on its own stack, and one atomic store to say it is ready.

use std::io;
use std::sync::atomic::{AtomicU32, Ordering};

/// The init's stack: its few system calls need little.
const STACK_BYTES: usize = 16 * 1024;

/// What the init says in [`Shared::state`].
const STARTING: u32 = 0;
const READY: u32 = 1;

/// Memory the judge and the init share: the stack, and the state word the judge waits on.
#[repr(C, align(16))]
struct Shared {
    stack: [u8; STACK_BYTES],
    state: AtomicU32,
}

/// A running init; killed and reaped when dropped.
pub struct Init {
    pid: libc::pid_t,
    /// Freed only after the init was reaped: it runs on this memory.
    shared: Option<Box<Shared>>,
}

impl Init {
    /// Starts the init as this thread's next child (after `unshare(CLONE_NEWPID)`: the new
    /// namespace's first process) and waits until it is ready: descriptors closed, `SIGCHLD`
    /// ignored, signals blocked.
    pub fn start() -> io::Result<Init> {
        let mut shared = Box::new(Shared {
            stack: [0; STACK_BYTES],
            state: AtomicU32::new(STARTING),
        });
        let memory: *mut Shared = &mut *shared;
        // SAFETY: the stack grows down from the end of its array, which lives (boxed, not
        // moved) until the init is reaped; `init_main` only makes system calls and writes the
        // state word.
        let pid = unsafe {
            let top = (*memory).stack.as_mut_ptr().add(STACK_BYTES);
            libc::clone(
                init_main,
                top.cast(),
                libc::CLONE_VM | libc::SIGCHLD,
                memory.cast(),
            )
        };
        if pid < 0 {
            return Err(io::Error::last_os_error());
        }
        let init = Init {
            pid,
            shared: Some(shared),
        };
        let state = &init.shared.as_ref().expect("set above").state;
        let tick = libc::timespec {
            tv_sec: 0,
            tv_nsec: 100_000_000,
        };
        while state.load(Ordering::Acquire) == STARTING {
            // SAFETY: FUTEX_WAIT on a live word, returning at once unless it still holds
            // STARTING, else at a wake or after the tick; any return loops.
            unsafe {
                libc::syscall(
                    libc::SYS_futex,
                    state.as_ptr(),
                    libc::FUTEX_WAIT,
                    STARTING,
                    &tick,
                );
            }
            // An init that died before it was ready (killed by someone) would never say so.
            // SAFETY: waitid without reaping, on this process's own child, into a zeroed
            // buffer (its pid stays 0 while the child lives).
            let ended = unsafe {
                let mut info = std::mem::zeroed::<libc::siginfo_t>();
                libc::waitid(
                    libc::P_PID,
                    pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL,
                ) == 0
                    && info.si_pid() == pid
            };
            if ended && state.load(Ordering::Acquire) == STARTING {
                return Err(io::Error::other(
                    "the pid namespace's init ended at its start",
                ));
            }
        }
        Ok(init)
    }
}

/// Kills the init, and with it every process left in its namespace, and reaps it.
impl Drop for Init {
    fn drop(&mut self) {
        let Some(shared) = self.shared.take() else {
            return;
        };
        // SAFETY: the init is this process's unreaped child, so its pid is still its own.
        unsafe {
            libc::kill(self.pid, libc::SIGKILL);
        }
        // The init's end waits until every process of its namespace is reaped. One that a
        // program made with `CLONE_PARENT` (where seccomp does not hold) is the judge's own
        // child: reaped here, or the wait would never end.
        let deadline = std::time::Instant::now() + REAP_PATIENCE;
        loop {
            // SAFETY: as above.
            let reaped = unsafe {
                libc::waitpid(self.pid, std::ptr::null_mut(), libc::__WALL | libc::WNOHANG)
            };
            if reaped == self.pid
                || (reaped < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted)
            {
                break;
            }
            if std::time::Instant::now() > deadline {
                // Never reaped: the memory it runs on is never freed either.
                std::mem::forget(shared);
                return;
            }
            reap_strays();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        drop(shared);
    }
}

/// How long dropping an [`Init`] waits for the init to be reaped before it leaves it (and its
/// stack) behind: far longer than the end of any namespace takes.
const REAP_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// Reaps the judge's children that are no part of the judge: processes of a run's pid
/// namespace other than its init (1) and its solution (2), which only `CLONE_PARENT` makes
/// the judge's. Other threads' inits and solutions are theirs to reap.
fn reap_strays() {
    let own = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            continue;
        };
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .map(|v| v.split_whitespace().map(String::from).collect::<Vec<_>>())
                .unwrap_or_default()
        };
        let parent = field("PPid:");
        let nspid = field("NSpid:");
        let inner = nspid.last().and_then(|p| p.parse::<u32>().ok());
        if parent.first().map(String::as_str) == Some(&own.to_string())
            && nspid.len() >= 2
            && inner.is_some_and(|p| p > 2)
        {
            // SAFETY: a child of this process, neither an init nor a solution of a run.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), libc::__WALL | libc::WNOHANG);
            }
        }
    }
}

/// The init's whole life: system calls that succeed, the ready word, then sleep until killed.
extern "C" fn init_main(memory: *mut libc::c_void) -> libc::c_int {
    let shared = memory.cast::<Shared>();
    // SAFETY: system calls on this process's own state; the shared word lives until this
    // process is reaped.
    unsafe {
        libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32);
        libc::signal(libc::SIGCHLD, libc::SIG_IGN);
        let mut all = std::mem::zeroed::<libc::sigset_t>();
        libc::sigfillset(&mut all);
        libc::sigprocmask(libc::SIG_BLOCK, &all, std::ptr::null_mut());
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        let state = &(*shared).state;
        state.store(READY, Ordering::Release);
        libc::syscall(libc::SYS_futex, state.as_ptr(), libc::FUTEX_WAKE, 1);
        loop {
            // Every signal is blocked or ignored, and SIGKILL ends it: a ppoll on nothing
            // without a time limit never returns. (A plain system call: the C library's
            // `pause` would mark the judge's thread for asynchronous cancellation.)
            libc::syscall(
                libc::SYS_ppoll,
                std::ptr::null::<libc::pollfd>(),
                0usize,
                std::ptr::null::<libc::timespec>(),
                std::ptr::null::<libc::sigset_t>(),
            );
        }
    }
}
