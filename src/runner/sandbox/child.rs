//! What the solution's process does between `fork` and `exec` ([`ChildPlan::apply`]). It is
//! the child of a multi-threaded process: only system calls on data the parent prepared, no
//! allocation, no lock.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::Arc;

use super::namespaces::write_id_maps;
use super::{check, disk, ipc, root, seccomp};

/// Everything the child needs, prepared by the parent.
#[derive(Debug, Default)]
pub struct ChildPlan {
    /// `cgroup.procs` of the run's groups, to join by writing `0` (open while the run's
    /// groups live).
    pub cgroup_procs: Vec<RawFd>,
    /// New namespaces: `CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS`, with
    /// `CLONE_NEWNS` for a root of its own and `CLONE_NEWUSER` when not root.
    pub namespaces: libc::c_int,
    /// When this process makes the run's pid namespace (not root: the judge makes it as
    /// root, see [`super::init`]): the shared page, mapped by the judge, where the
    /// namespace's init keeper leaves the solution's wait status for the outer keeper.
    pub report: Option<Arc<ReportPage>>,
    /// Namespaces made ahead of the run to enter (`setns`), as `(descriptor, type)`; kept open
    /// by the judge until the run ended.
    pub enter: Vec<(RawFd, libc::c_int)>,
    /// For a new user namespace: the uid and gid maps that map the judge's own ids (to
    /// themselves, or to 0 when the run's process writes the IPC limits).
    pub id_maps: Option<(CString, CString)>,
    /// Whether to write the limits of the run's IPC namespace once its root is entered, and
    /// make `/proc/sys` read-only (see [`ipc`]): not root, as the root of the run's user
    /// namespace.
    pub ipc_limits: bool,
    /// The maps of a user namespace of the solution's own, made inside the run's after its
    /// root and limits (they give it the judge's uid and gid back, and it holds no capability
    /// over the run's namespaces).
    pub inner_id_maps: Option<(CString, CString)>,
    /// A root of its own (in the new mount namespace), completed before the uid changes.
    pub root: Option<(Arc<root::Plan>, root::PerRun)>,
    /// With a root of its own: the socket on which to send the judge a descriptor of the
    /// run's `/tmp` once it is mounted (see [`disk`]).
    pub disk_report: Option<RawFd>,
    /// Whether that descriptor must reach the judge (it reads the run's output file through
    /// it), so that failing to send it fails the run's start.
    pub disk_report_needed: bool,
    /// The input to write into the working directory once in it: the descriptor to copy it
    /// from (read with `pread`, open until the spawn returns) and the file's name.
    pub input_file: Option<(RawFd, CString)>,
    /// Whether the mount namespace entered has the root's shared part built already
    /// ([`root::Plan::prepare`]); else the run's process builds it.
    pub root_prepared: bool,
    /// The private working directory, when the run has no root of its own.
    pub workdir: Option<CString>,
    /// `(resource, soft, hard)` limits.
    pub limits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    /// The unprivileged uid (also the gid) to run as, when the judge is root.
    pub uid: Option<u32>,
    /// Whether to join a new, empty session keyring (no key of the judge's is reachable).
    pub new_keyring: bool,
    /// A Landlock ruleset to restrict the process with; with a root of its own, the rights
    /// given on its `/tmp` and its `/proc` (added here: they exist only in the child).
    pub landlock: Option<(OwnedFd, Option<[u64; 2]>)>,
    /// Whether to start a new session (`setsid`).
    pub new_session: bool,
    /// Whether to close every descriptor above 2 at `exec`, inherited ones included.
    pub close_fds: bool,
    /// Whether to set `no_new_privs`.
    pub no_new_privs: bool,
    /// The seccomp filters, installed last.
    pub seccomp: Option<Arc<seccomp::Filters>>,
}

/// Writes the file `name` in the working directory (never through a link a retried spawn's
/// run could have left) with the whole content of `source`, read from its start.
///
/// # Safety
/// Async-signal-safe: only open, sendfile and close.
unsafe fn copy_input(source: RawFd, name: &CString) -> io::Result<()> {
    // SAFETY: `name` is NUL-terminated; `offset` is a valid out-pointer of this frame.
    unsafe {
        let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC | libc::O_NOFOLLOW;
        let fd = libc::open(name.as_ptr(), flags | libc::O_CLOEXEC, 0o644);
        check(fd)?;
        let mut offset: libc::off_t = 0;
        let copied = loop {
            let n = libc::sendfile(fd, source, &mut offset, 1 << 20);
            if n == 0 {
                break Ok(());
            }
            if n < 0 && *libc::__errno_location() != libc::EINTR {
                break Err(io::Error::last_os_error());
            }
        };
        libc::close(fd);
        copied
    }
}

/// `struct landlock_path_beneath_attr`.
#[repr(C, packed)]
struct PathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

impl ChildPlan {
    /// Applies the plan in the child. With a new pid namespace made here this process forks
    /// twice and only the innermost returns (to `exec` the solution); the keepers above it
    /// wait and pass its end on (see [`keeper`]).
    ///
    /// # Safety
    /// To be called only between `fork` and `exec` (from `pre_exec`).
    pub unsafe fn apply(&self) -> io::Result<()> {
        // SAFETY: every call below is a plain system call on buffers owned by `self`, which
        // the parent keeps alive until the spawn returns.
        unsafe {
            for &procs in &self.cgroup_procs {
                check(libc::write(procs, b"0".as_ptr().cast(), 1) as libc::c_long)?;
            }
            let page = self
                .report
                .as_ref()
                .map_or(std::ptr::null_mut(), |r| r.as_ptr());
            if self.new_session {
                // Ends with the judge's thread, should the judge die without ending the run.
                check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0))?;
                check(libc::setsid())?;
            }
            if self.namespaces != 0 {
                check(libc::unshare(self.namespaces))?;
                if let Some(maps) = &self.id_maps {
                    write_id_maps(maps)?;
                }
            }
            for &(fd, kind) in &self.enter {
                check(libc::setns(fd, kind))?;
            }
            for &(resource, soft, hard) in &self.limits {
                let limit = libc::rlimit {
                    rlim_cur: soft,
                    rlim_max: hard,
                };
                check(libc::setrlimit(resource, &limit))?;
            }
            if !page.is_null() {
                // The first child is the namespace's init; the solution runs under it.
                spawn_under_keeper(page)?;
                spawn_under_keeper(page)?;
            }
            if self.namespaces & libc::CLONE_NEWUTS != 0 {
                let name = b"sandbox";
                check(libc::sethostname(name.as_ptr().cast(), name.len()))?;
            }
            if let Some((plan, run)) = &self.root {
                if !self.root_prepared {
                    plan.prepare()?;
                }
                plan.enter(run)?;
                if let Some(socket) = self.disk_report {
                    // Without it the run only lacks a fact for its verdict's message, unless
                    // the judge reads its output file through it.
                    let sent = disk::send_tmp(socket);
                    if self.disk_report_needed {
                        sent?;
                    }
                }
            } else if let Some(dir) = &self.workdir {
                check(libc::chdir(dir.as_ptr()))?;
            }
            if let Some((source, name)) = &self.input_file {
                copy_input(*source, name)?;
            }
            if self.ipc_limits {
                ipc::write_limits()?;
                ipc::seal()?;
            }
            if let Some(maps) = &self.inner_id_maps {
                check(libc::unshare(libc::CLONE_NEWUSER))?;
                write_id_maps(maps)?;
            }
            if let Some(uid) = self.uid {
                // The run's standard pipes go to its user, so that `/dev/stdin` (which
                // opens the pipe anew, mode 0600) works; a file keeps its owner.
                for fd in 0..=2 {
                    let mut stat = std::mem::zeroed::<libc::stat>();
                    if libc::fstat(fd, &mut stat) == 0
                        && stat.st_mode & libc::S_IFMT == libc::S_IFIFO
                    {
                        check(libc::fchown(fd, uid, uid))?;
                    }
                }
                check(libc::setgroups(0, std::ptr::null()))?;
                check(libc::setresgid(uid, uid, uid))?;
                check(libc::setresuid(uid, uid, uid))?;
            }
            if self.new_keyring {
                // KEYCTL_JOIN_SESSION_KEYRING with no name: a new anonymous keyring.
                check(libc::syscall(
                    libc::SYS_keyctl,
                    1 as libc::c_long, // KEYCTL_JOIN_SESSION_KEYRING
                    std::ptr::null::<libc::c_char>(),
                ))?;
            }
            if self.no_new_privs {
                check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
            }
            if let Some((ruleset, own_root_access)) = &self.landlock {
                if let Some([tmp, proc]) = *own_root_access {
                    // With a root of its own: its /tmp, and (to read) its own pid
                    // namespace's /proc, which runtimes and `/dev/stdin` read.
                    for (dir, access) in [(c"/tmp", tmp), (c"/proc", proc)] {
                        let dir = libc::open(dir.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
                        check(dir)?;
                        let rule = PathBeneath {
                            allowed_access: access,
                            parent_fd: dir,
                        };
                        let added = libc::syscall(
                            libc::SYS_landlock_add_rule,
                            ruleset.as_raw_fd(),
                            1u32, // LANDLOCK_RULE_PATH_BENEATH
                            &rule as *const PathBeneath,
                            0u32,
                        );
                        libc::close(dir);
                        check(added)?;
                    }
                }
                check(libc::syscall(
                    libc::SYS_landlock_restrict_self,
                    ruleset.as_raw_fd(),
                    0u32,
                ))?;
            }
            if self.close_fds {
                check(libc::syscall(
                    libc::SYS_close_range,
                    3u32,
                    u32::MAX,
                    libc::CLOSE_RANGE_CLOEXEC,
                ))?;
            }
            if !page.is_null() {
                // The solution's process (the keepers never return here): what it holds now
                // is the judge's, not the solution's (see `keeper`).
                let mut usage = std::mem::zeroed::<libc::rusage>();
                libc::getrusage(libc::RUSAGE_SELF, &mut usage);
                std::ptr::write_volatile(&mut (*page).exec_kib, usage.ru_maxrss);
            }
            if let Some(filters) = &self.seccomp {
                filters.apply()?;
            }
        }
        Ok(())
    }
}

/// The shared page where the init keeper leaves the wait status of the solution (an init
/// process cannot pass a signal on by raising it on itself) for the outer keeper, and the
/// peak memory of the run's processes it reaped for the judge (the keepers' own, a copy of
/// the judge's memory, must not count).
#[repr(C)]
#[derive(Debug)]
pub struct Report {
    set: libc::c_int,
    status: libc::c_int,
    /// The largest `ru_maxrss` (KiB) of the processes the init keeper reaped.
    peak_kib: libc::c_long,
    /// The resident memory (KiB) the solution's process held when it called `exec`: a copy of
    /// the judge's, which the kernel keeps in that process's `ru_maxrss` after the `exec`.
    exec_kib: libc::c_long,
}

/// A [`Report`] page mapped by the judge before the spawn, shared with the init keeper it
/// spawns; unmapped on drop.
#[derive(Debug)]
pub struct ReportPage(*mut Report);

// SAFETY: the page is plain shared memory, written by the init keeper (another process) and
// read by the judge only after that process ended.
unsafe impl Send for ReportPage {}
// SAFETY: as above; `&ReportPage` only reads.
unsafe impl Sync for ReportPage {}

impl ReportPage {
    /// Maps a zeroed page.
    pub fn new() -> io::Result<ReportPage> {
        // SAFETY: an anonymous shared mapping; checked for failure.
        let page = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                std::mem::size_of::<Report>(),
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if page == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        Ok(ReportPage(page.cast()))
    }

    /// The pointer the child plan carries.
    pub fn as_ptr(&self) -> *mut Report {
        self.0
    }

    /// The peak memory of the solution and the orphans its init keeper reaped, in bytes, once
    /// the keepers ended.
    pub fn peak_memory_bytes(&self) -> Option<u64> {
        // SAFETY: the page is mapped while self lives; volatile, as another process wrote it.
        unsafe {
            let report = self.0;
            (std::ptr::read_volatile(&(*report).set) == 1).then(|| {
                u64::try_from(std::ptr::read_volatile(&(*report).peak_kib)).unwrap_or(0) * 1024
            })
        }
    }
}

impl Drop for ReportPage {
    fn drop(&mut self) {
        // SAFETY: the page was mapped by `new` with this size and is not used after this.
        unsafe {
            libc::munmap(self.0.cast(), std::mem::size_of::<Report>());
        }
    }
}

/// How far beyond what it held before `exec` the solution's `ru_maxrss` must go to count (see
/// [`keeper`]), in KiB: the judge's pages it touched between that measure and `exec`.
const EXEC_SLACK_KIB: libc::c_long = 1024;

/// Forks: the child returns `Ok`, the parent becomes a keeper and never returns.
///
/// # Safety
/// Only between `fork` and `exec`; `report` is the plan's shared page.
unsafe fn spawn_under_keeper(report: *mut Report) -> io::Result<()> {
    // SAFETY: fork, and the keeper's system calls.
    unsafe {
        let pid = libc::fork();
        check(pid)?;
        if pid == 0 {
            // Dies with the keeper above it, and so with the judge.
            check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0))?;
            return Ok(());
        }
        keeper(pid, report)
    }
}

/// Waits for `child`, reaping every other child meanwhile (orphans come to a namespace's
/// init) and keeping the largest `ru_maxrss` of those, then ends as the child did. An init
/// cannot die by a signal it raises itself, so the init keeper leaves the solution's wait
/// status on the shared page for the outer keeper. The init first kills and reaps every
/// process left: a process reaped by `wait4` adds its CPU time to its reaper's children's,
/// passed on up to the judge (the kernel, ending them with the init, reaps them uncounted).
///
/// # Safety
/// Only between `fork` and `exec`; never returns.
unsafe fn keeper(child: libc::pid_t, report: *mut Report) -> ! {
    // SAFETY: system calls only; `report` points to the shared page, mapped in both keepers.
    unsafe {
        // The keeper holds no pipe: the solution's output ends when the solution's does.
        libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32);
        // Its memory is a copy of the judge's: the run, which reads its own /proc, must not
        // read the keeper's (`/proc/1/mem`, `environ`: same uid, but not dumpable).
        libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
        let mut status = 0;
        let mut peak_kib: libc::c_long = 0;
        loop {
            let mut s = 0;
            let mut usage = std::mem::zeroed::<libc::rusage>();
            let r = libc::wait4(-1, &mut s, libc::__WALL, &mut usage);
            if r > 0 && (libc::WIFEXITED(s) || libc::WIFSIGNALED(s)) {
                // The solution's `ru_maxrss` includes the judge's memory it held before
                // `exec`: counted only beyond that (a peak of its own below it is not seen).
                let exec_kib = std::ptr::read_volatile(&(*report).exec_kib);
                if r != child || usage.ru_maxrss > exec_kib + EXEC_SLACK_KIB {
                    peak_kib = peak_kib.max(usage.ru_maxrss);
                }
            }
            // Only the end of the solution counts: a stop (as a traced process's are
            // reported) is no end.
            if r == child && (libc::WIFEXITED(s) || libc::WIFSIGNALED(s)) {
                status = s;
                break;
            }
            if r < 0 && *libc::__errno_location() != libc::EINTR {
                break;
            }
        }
        if libc::getpid() == 1 {
            // kill(-1) from a namespace's init reaches every other process of the namespace;
            // sent again before each wait, it also ends a child forked meanwhile.
            loop {
                libc::kill(-1, libc::SIGKILL);
                let mut usage = std::mem::zeroed::<libc::rusage>();
                let r = libc::wait4(-1, std::ptr::null_mut(), libc::__WALL, &mut usage);
                if r > 0 {
                    peak_kib = peak_kib.max(usage.ru_maxrss);
                } else if *libc::__errno_location() != libc::EINTR {
                    break; // ECHILD: none is left
                }
            }
            (*report).status = status;
            (*report).peak_kib = peak_kib;
            (*report).set = 1;
        } else if (*report).set == 1 {
            status = (*report).status;
        }
        pass_on(status)
    }
}

/// Ends this process as a wait status says.
///
/// # Safety
/// Never returns; system calls only.
unsafe fn pass_on(status: libc::c_int) -> ! {
    // SAFETY: signal, sigprocmask, kill and _exit on this process.
    unsafe {
        if libc::WIFSIGNALED(status) {
            let signal = libc::WTERMSIG(status);
            libc::signal(signal, libc::SIG_DFL);
            let mut set = std::mem::zeroed::<libc::sigset_t>();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, signal);
            libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
            libc::kill(libc::getpid(), signal);
            libc::_exit(128 + signal);
        }
        libc::_exit(libc::WEXITSTATUS(status))
    }
}
