//! The system calls of the runner: limits set in the child before `exec`, the process group,
//! killing it, and reaping with resource usage.

use std::collections::BTreeSet;
use std::io;
use std::mem::MaybeUninit;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use super::Termination;

/// Makes this process a child subreaper, once: the orphans of a solution's processes are
/// then reparented to it (not to init), so the runner can kill and reap them.
pub(super) fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag of this process.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// Blocks `SIGPIPE` in the calling thread, so that writing to a closed pipe fails with
/// `EPIPE` instead of killing the whole process (whatever the process-wide disposition).
pub(super) fn block_sigpipe_in_this_thread() {
    block_in_this_thread(&[libc::SIGPIPE]);
}

/// Blocks `signals` in the calling thread (and the threads it starts from now on); gives
/// their set.
fn block_in_this_thread(signals: &[libc::c_int]) -> libc::sigset_t {
    // SAFETY: the set is initialised by sigemptyset before use; pthread_sigmask only changes
    // the mask of the calling thread.
    unsafe {
        let mut set = MaybeUninit::<libc::sigset_t>::uninit();
        libc::sigemptyset(set.as_mut_ptr());
        for &signal in signals {
            libc::sigaddset(set.as_mut_ptr(), signal);
        }
        libc::pthread_sigmask(libc::SIG_BLOCK, set.as_ptr(), std::ptr::null_mut());
        set.assume_init()
    }
}

/// How long to wait for the killed orphans of a group to die.
const ORPHAN_REAPING: Duration = Duration::from_secs(2);

/// How the main process ended, with its resource usage.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ended {
    /// Exit code or signal.
    pub termination: Termination,
    /// User + system CPU time of the process and the children it waited for.
    pub cpu: Duration,
    /// `ru_maxrss` in bytes.
    pub peak_memory_bytes: u64,
    /// When the runner saw the process end.
    pub at: Instant,
}

/// The groups of the solutions running now (leaders not yet reaped), for
/// [`kill_running_groups`], the groups whose leader is being reaped, and whether starting
/// new ones is over.
static RUNNING: Mutex<Running> = Mutex::new(Running {
    leaders: BTreeSet::new(),
    reaping: BTreeSet::new(),
    closed: false,
});

struct Running {
    leaders: BTreeSet<libc::pid_t>,
    /// Groups whose leader ended and is being reaped by its own waiter: signalled by no
    /// interrupt (the pid may be reused once reaped), and left alone by [`sweep_escaped`]
    /// (another thread's sweep would reap the leader first, and its waiter would never learn
    /// how it ended).
    reaping: BTreeSet<libc::pid_t>,
    closed: bool,
}

/// Sends `SIGKILL` to the group of every solution running now, and refuses to start any
/// more (when the judge itself is interrupted: the groups would otherwise outlive it).
pub fn kill_running_groups() {
    let mut running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
    running.closed = true;
    for &pid in running.leaders.iter() {
        // SAFETY: kill has no memory effects; a listed leader is not reaped yet, so its
        // group id is still the solution's.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// The signal that interrupted the judge (0: none yet); set before the running groups are
/// killed, so a run that ends after it was set may have been cut short by the judge.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// Whether the main thread reports the runs that finished before an interrupt and exits by
/// itself ([`stop_runs_on_interrupt`]) rather than the handler exiting at once.
static REPORTS: AtomicBool = AtomicBool::new(false);

/// The signal that interrupted the judge, if one did. A run that ends once this is set may
/// have been killed by the judge: its result says nothing about the solution.
pub fn interrupted() -> Option<i32> {
    Some(SIGNAL.load(Ordering::SeqCst)).filter(|&signal| signal != 0)
}

/// Blocks for good once [`kill_groups_on_interrupt`] has caught a signal (the handler then
/// ends the process with 128 + the signal, after its clean-up); returns at once otherwise, and
/// after [`stop_runs_on_interrupt`], whose caller exits by itself. Call it before `main`
/// returns, so that work interrupted half-way never exits as if it had finished.
pub fn wait_if_interrupted() {
    let closed = RUNNING.lock().unwrap_or_else(|p| p.into_inner()).closed;
    if closed && !REPORTS.load(Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
}

/// Kills the running solutions' groups when this process gets `SIGINT`, `SIGTERM` or
/// `SIGHUP`, then exits with 128 + the signal. Call it first thing in `main`, before any
/// thread starts: the signals are blocked in every thread (threads inherit the mask; spawned
/// programs start with an empty one) and one thread waits for them.
pub fn kill_groups_on_interrupt() {
    on_interrupt(false);
}

/// Like [`kill_groups_on_interrupt`], but the first signal only kills the running solutions'
/// groups and refuses new ones ([`interrupted`] tells the workers); the main thread then
/// reports the runs that finished and exits with 128 + the signal by itself. A second signal
/// exits at once.
pub fn stop_runs_on_interrupt() {
    REPORTS.store(true, Ordering::SeqCst);
    on_interrupt(true);
}

fn on_interrupt(report: bool) {
    // Inherited by the threads this one starts.
    let set = block_in_this_thread(&[libc::SIGINT, libc::SIGTERM, libc::SIGHUP]);
    std::thread::spawn(move || {
        let wait = || {
            let mut signal = 0;
            // SAFETY: `set` is an initialised sigset_t and `signal` a valid out-pointer.
            while unsafe { libc::sigwait(&set, &mut signal) } != 0 {}
            signal
        };
        let signal = wait();
        SIGNAL.store(signal, Ordering::SeqCst);
        kill_running_groups();
        // What escaped the groups becomes this process's child as its parents die.
        std::thread::sleep(Duration::from_millis(50));
        sweep_escaped();
        let signal = if report { wait() } else { signal };
        super::sandbox::clean_up_after_interrupt();
        std::process::exit(128 + signal);
    });
}

/// The process group of a running solution, led by its main process.
pub(super) struct Group {
    pid: libc::pid_t,
    /// Whether the leader was reaped: from then on its pid may be reused, so the group must
    /// not be signalled any more.
    reaped: Mutex<bool>,
    /// What ends the run's other processes once the leader was reaped (the sandbox's end of
    /// the run's pid namespace).
    after_leader: Mutex<Option<Box<dyn FnOnce() + Send>>>,
}

impl Group {
    /// Spawns `command` (made by [`command`]: a new process group) and registers its group as
    /// running. The registry stays locked meanwhile, so [`sweep_escaped`] never mistakes a
    /// solution being started for one that escaped.
    pub fn spawn(command: &mut Command) -> io::Result<(Child, Group)> {
        let mut running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
        if running.closed {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the judge was interrupted",
            ));
        }
        let child = command.spawn()?;
        let pid = child.id() as libc::pid_t;
        running.leaders.insert(pid);
        let group = Group {
            pid,
            reaped: Mutex::new(false),
            after_leader: Mutex::new(None),
        };
        Ok((child, group))
    }

    /// Sets what [`Group::wait`] does right after it reaped the leader: end the processes of
    /// the run that left the group (the sandbox kills the init of the run's pid namespace).
    pub fn after_leader(&mut self, end: Box<dyn FnOnce() + Send>) {
        *self
            .after_leader
            .get_mut()
            .unwrap_or_else(|p| p.into_inner()) = Some(end);
    }

    /// Sends `SIGKILL` to every process of the group, unless the leader was already reaped.
    pub fn kill(&self) {
        let reaped = self.reaped.lock().unwrap_or_else(|p| p.into_inner());
        if !*reaped {
            // SAFETY: kill has no memory effects; the leader is not reaped, so the group id
            // is still ours.
            unsafe {
                libc::kill(-self.pid, libc::SIGKILL);
            }
        }
    }

    /// Waits for the leader to end, kills what is left of the group, reaps the leader with its
    /// resource usage, then reaps every process of the group that became the runner's child.
    pub fn wait(&self) -> Ended {
        // Wait without reaping, so that the group id cannot be reused before the kill.
        loop {
            let mut info = MaybeUninit::<libc::siginfo_t>::zeroed();
            // SAFETY: `info` is a valid siginfo_t buffer.
            let r = unsafe {
                libc::waitid(
                    libc::P_PID,
                    self.pid as libc::id_t,
                    info.as_mut_ptr(),
                    libc::WEXITED | libc::WNOWAIT,
                )
            };
            if r == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                break;
            }
        }
        let at = Instant::now();
        // Off the list before the leader is reaped, so that an interrupt never signals a
        // reused group id; the kill below ends the group all the same.
        {
            let mut running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
            running.leaders.remove(&self.pid);
            running.reaping.insert(self.pid);
        }
        let mut reaped = self.reaped.lock().unwrap_or_else(|p| p.into_inner());
        let mut status = 0;
        let mut usage = MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: the leader is not reaped yet, so -pid names its group; `status` and `usage`
        // are valid buffers.
        unsafe {
            libc::kill(-self.pid, libc::SIGKILL);
            while libc::wait4(self.pid, &mut status, 0, usage.as_mut_ptr()) < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
        }
        *reaped = true;
        drop(reaped);
        if let Some(end) = self
            .after_leader
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
        {
            end();
        }
        // The orphans of the group are this process's children (it is a subreaper): reap
        // them as they die from the SIGKILL above, for at most ORPHAN_REAPING (a process stuck
        // in the kernel may take longer; it is then left to die on its own).
        let give_up = Instant::now() + ORPHAN_REAPING;
        loop {
            // SAFETY: waitpid with a null status pointer is allowed.
            let r = unsafe { libc::waitpid(-self.pid, std::ptr::null_mut(), libc::WNOHANG) };
            if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                break; // no child of the group is left
            }
            if r == 0 {
                if Instant::now() >= give_up {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        RUNNING
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .reaping
            .remove(&self.pid);
        sweep_escaped();
        // SAFETY: wait4 filled `usage` (or left it zeroed when it failed).
        let usage = unsafe { usage.assume_init() };
        Ended {
            termination: match libc::WIFSIGNALED(status) {
                true => Termination::Signaled(libc::WTERMSIG(status)),
                false => Termination::Exited(libc::WEXITSTATUS(status)),
            },
            cpu: timeval(usage.ru_utime) + timeval(usage.ru_stime),
            peak_memory_bytes: u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024,
            at,
        }
    }
}

/// Kills and reaps the processes that left a solution's group (`setsid`, `setpgid`) and now
/// outlive it: this process is a subreaper, so they become its children when their parents
/// die. A child of this process that is neither in this process's own group (the compilers
/// and tools it starts) nor in the group of a solution still running is such a process; its
/// whole group goes with it. Repeats while it finds some (an escapee's own escapees).
pub(super) fn sweep_escaped() {
    // SAFETY: getpid and getpgrp cannot fail and touch no memory.
    let (me, my_group) = unsafe { (libc::getpid(), libc::getpgrp()) };
    // Processes killed but not reaped in time (stuck in the kernel): not counted again.
    let mut stuck = BTreeSet::new();
    loop {
        let escaped: Vec<(libc::pid_t, libc::pid_t)> = {
            let running = RUNNING.lock().unwrap_or_else(|p| p.into_inner());
            let escaped: Vec<_> = (super::watch::processes().into_iter())
                .filter(|(_, stat)| stat.parent == me)
                .map(|(pid, stat)| (pid, stat.group))
                .filter(|&(pid, group)| {
                    group != my_group
                        && !running.leaders.contains(&group)
                        && !running.reaping.contains(&group)
                        && !stuck.contains(&pid)
                })
                .collect();
            for &(pid, group) in &escaped {
                // SAFETY: kill has no memory effects; `pid` is our unreaped child, so neither
                // it nor its group id can have been reused.
                unsafe {
                    libc::kill(-group, libc::SIGKILL);
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            escaped
        };
        if escaped.is_empty() {
            return;
        }
        let give_up = Instant::now() + ORPHAN_REAPING;
        for (pid, _) in escaped {
            // SAFETY: waitpid with a null status pointer is allowed.
            while unsafe { libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG) } == 0 {
                if Instant::now() >= give_up {
                    stuck.insert(pid);
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

/// A `timeval` as a duration.
pub(super) fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
        + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
}
