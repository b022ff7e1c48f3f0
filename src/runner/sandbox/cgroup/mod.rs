//! Whole-run accounting with cgroups: every process of a run is counted and limited together,
//! wherever it forked or hid. As root, cgroup v1 where its memory, cpuacct and pids
//! controllers are mounted ([`v1`]), else cgroup v2 with its memory and pids controllers
//! ([`v2`]); not root, cgroup v2 in a group delegated to the judge's user.
//!
//! Each sandbox makes a parent group `boardjudge-<pid>-<n>` (v1: inside the judge's own group
//! of each controller; v2: at the top of the cgroup tree as root, else inside the delegated
//! group), and run groups inside it, one per run at a time. After the run, what is still
//! charged to its group (the page cache it brought in) is reclaimed (v1 `memory.force_empty`,
//! v2 `memory.reclaim`). A v1 run group is emptied after the run and kept, its counters
//! reset, for the next one, unless memory is still charged to it (then it is removed); a v2
//! one is removed (its memory peak cannot be reset). Everything is removed with the sandbox.

mod v1;
mod v2;

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::directories::is_dead;

/// How long to wait for the processes of a group to die after `SIGKILL`.
const EMPTYING: Duration = Duration::from_secs(2);

/// Which cgroup interface the sandbox uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    /// cgroup v1: one hierarchy per controller (memory, cpuacct, pids).
    V1,
    /// cgroup v2: one unified hierarchy.
    V2,
}

/// The parent groups of this judge process (v1: one per controller; v2: one), and the run
/// groups that are free for another run.
#[derive(Debug)]
pub struct Hierarchy {
    version: Version,
    parents: Vec<PathBuf>,
    free: Arc<Mutex<Vec<Idle>>>,
}

/// A v1 run group between runs: empty, kept for the next run (making and removing a memory
/// group costs more than the run of a small program), with its files open.
#[derive(Debug)]
struct Idle {
    dirs: Vec<PathBuf>,
    procs: Vec<File>,
    counters: v1::Counters,
    memory_limit: u64,
}

/// The group of one run (v1: in each controller). Given back for another run or removed by
/// [`RunGroup::release`].
#[derive(Debug)]
pub struct RunGroup {
    version: Version,
    dirs: Vec<PathBuf>,
    /// `cgroup.procs` of each group, open for reading and writing: the run's process joins
    /// by writing `0`.
    procs: Vec<File>,
    /// v1: the counters, kept open with the group.
    counters: Option<v1::Counters>,
    memory_limit: u64,
    /// The memory controller's count of OOM kills when the run started (it never resets).
    oom_kills_before: u64,
    free: Arc<Mutex<Vec<Idle>>>,
}

/// What the groups counted over a whole run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// CPU time of every process of the run.
    pub cpu: Duration,
    /// Peak memory charged to the run, where the kernel keeps it (v2 before Linux 5.19 does
    /// not).
    pub peak_memory_bytes: Option<u64>,
    /// Whether the kernel killed a process for going over the memory limit.
    pub oom_killed: bool,
}

impl Hierarchy {
    /// Makes this process's parent groups, or says why cgroups cannot be used here.
    pub fn create() -> Result<Hierarchy, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "boardjudge-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        // SAFETY: geteuid cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let v1 = if root {
            v1::parents(&name)
        } else {
            Err(v1::Missing("cgroup v1 needs root".into()))
        };
        let (version, parents) = match v1 {
            Ok(parents) => (Version::V1, parents),
            Err(v1::Missing(why_not_v1)) => match v2::parent(&name, root) {
                Ok(parent) => (Version::V2, vec![parent]),
                Err(why_not_v2) => return Err(format!("{why_not_v1}; {why_not_v2}")),
            },
        };
        for parent in &parents {
            if let Some(above) = parent.parent() {
                sweep_dead_judges(above);
            }
        }
        Ok(Hierarchy {
            version,
            parents,
            free: Arc::default(),
        })
    }

    /// The interface in use, as the sandbox's layers are listed: `cgroup v1` or `cgroup v2`.
    pub fn label(&self) -> &'static str {
        match self.version {
            Version::V1 => "cgroup v1",
            Version::V2 => "cgroup v2",
        }
    }

    /// The group of a new run with its memory and process limits: v1, a free one from an
    /// earlier run, its counters reset, or a new one; v2, a new one.
    pub fn run_group(&self, memory_bytes: u64, processes: u64) -> io::Result<RunGroup> {
        let idle = match self.version {
            Version::V1 => self.free.lock().unwrap_or_else(|p| p.into_inner()).pop(),
            Version::V2 => None,
        };
        let mut group = match idle {
            Some(idle) => RunGroup {
                version: self.version,
                dirs: idle.dirs,
                procs: idle.procs,
                counters: Some(idle.counters),
                memory_limit: idle.memory_limit,
                oom_kills_before: 0,
                free: Arc::clone(&self.free),
            },
            None => self.new_run_group(processes)?,
        };
        group.set_memory_limit(memory_bytes)?;
        if let Some(counters) = &group.counters {
            counters.reset()?;
        }
        group.oom_kills_before = group.oom_kills();
        Ok(group)
    }

    /// A new run group (in each controller, for v1), its processes bounded.
    fn new_run_group(&self, processes: u64) -> io::Result<RunGroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let dirs: Vec<PathBuf> = self.parents.iter().map(|p| p.join(&name)).collect();
        for dir in &dirs {
            if let Err(e) = fs::create_dir(dir) {
                if e.kind() != io::ErrorKind::AlreadyExists {
                    return Err(e);
                }
                // A stale group of the same name: emptied and made anew.
                kill_and_remove_dir(dir);
                fs::create_dir(dir)?;
            }
        }
        let counters = match self.version {
            Version::V1 => {
                v1::prepare(&dirs, processes)?;
                Some(v1::Counters::open(&dirs)?)
            }
            Version::V2 => {
                v2::prepare(&dirs[0], processes)?;
                None
            }
        };
        let procs = dirs
            .iter()
            .map(|d| {
                OpenOptions::new()
                    .read(true)
                    .write(true)
                    .custom_flags(libc::O_CLOEXEC)
                    .open(d.join("cgroup.procs"))
            })
            .collect::<io::Result<_>>()?;
        Ok(RunGroup {
            version: self.version,
            dirs,
            procs,
            counters,
            memory_limit: u64::MAX,
            oom_kills_before: 0,
            free: Arc::clone(&self.free),
        })
    }

    /// The parent groups (for the clean-up of an interrupted judge).
    pub fn parents(&self) -> &[PathBuf] {
        &self.parents
    }
}

impl Drop for Hierarchy {
    fn drop(&mut self) {
        let free = std::mem::take(&mut *self.free.lock().unwrap_or_else(|p| p.into_inner()));
        for idle in free {
            for dir in &idle.dirs {
                kill_and_remove_dir(dir);
            }
        }
        for parent in &self.parents {
            let _ = fs::remove_dir(parent);
        }
    }
}

impl RunGroup {
    /// Sets the memory limit of the run (and the memory + swap limit where the kernel has
    /// one, so that swapping does not escape it).
    fn set_memory_limit(&mut self, bytes: u64) -> io::Result<()> {
        if bytes == self.memory_limit {
            return Ok(());
        }
        match self.version {
            Version::V1 => v1::set_memory_limit(&self.dirs, self.memory_limit, bytes)?,
            Version::V2 => v2::set_memory_limit(&self.dirs[0], bytes)?,
        }
        self.memory_limit = bytes;
        Ok(())
    }

    /// The memory controller's count of OOM kills in this group so far.
    fn oom_kills(&self) -> u64 {
        match &self.counters {
            Some(counters) => counters.oom_kills(),
            None => v2::oom_kills(&self.dirs[0]),
        }
    }

    /// `cgroup.procs` of each group of the run, for writing `0` (the writer joins) in the
    /// child before it starts the solution; open while the group lives.
    pub fn procs_fds(&self) -> Vec<RawFd> {
        self.procs.iter().map(|f| f.as_raw_fd()).collect()
    }

    /// What the run used, read after it ended.
    pub fn usage(&self) -> Usage {
        let peak_memory_bytes = match &self.counters {
            Some(counters) => Some(counters.peak_memory()),
            None => v2::peak_memory(&self.dirs[0]),
        };
        Usage {
            cpu: Duration::from_nanos(self.cpu_nanos()),
            peak_memory_bytes,
            oom_killed: self.oom_kills() > self.oom_kills_before,
        }
    }

    /// CPU time so far of every process of the run, in nanoseconds.
    pub fn cpu_nanos(&self) -> u64 {
        match &self.counters {
            Some(counters) => counters.cpu_nanos(),
            None => v2::cpu_nanos(&self.dirs[0]),
        }
    }

    /// The processes in the group now (pids in the judge's pid namespace).
    pub fn pids(&self) -> Vec<libc::pid_t> {
        self.procs.first().and_then(listed).unwrap_or_default()
    }

    /// How long the group's processes waited for a CPU, where the kernel tells it for a
    /// group: v2's `cpu.pressure`, the time at least one of them was runnable and waiting
    /// (`some total`); `None` for v1 (no pressure there) or without pressure information.
    pub fn cpu_wait(&self) -> Option<Duration> {
        match self.version {
            Version::V1 => None,
            Version::V2 => v2::cpu_wait(&self.dirs[0]),
        }
    }

    /// Kills every process left in the group and waits for it to empty; v1: gives the group
    /// back for another run, or removes it when it does not empty in time; v2: removes it.
    pub fn release(self) {
        // The page cache the run brought in is reclaimed once its processes are gone (a
        // state carrier to later runs otherwise). A group still charged with memory after
        // that would carry the charge into the next run's peak: it is removed instead, and
        // the charge goes with it to the parent.
        let mut group = self;
        let kept = match group.counters.take() {
            Some(counters) if group.procs.iter().all(kill_listed) => {
                counters.reclaim();
                (counters.charged() <= v1::CARRIED).then_some(counters)
            }
            _ => None,
        };
        let Some(counters) = kept else {
            if group.version == Version::V2 {
                kill_all(&group.dirs[0]);
                v2::reclaim(&group.dirs[0]);
            }
            for dir in &group.dirs {
                kill_and_remove_dir(dir);
            }
            return;
        };
        let idle = Idle {
            dirs: std::mem::take(&mut group.dirs),
            procs: std::mem::take(&mut group.procs),
            counters,
            memory_limit: group.memory_limit,
        };
        group
            .free
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(idle);
    }
}

/// The text of a cgroup file, read from its start through an open descriptor (so that one
/// descriptor serves every read).
fn read_text(file: &File) -> Option<String> {
    let mut text = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match file.read_at(&mut buffer, text.len() as u64) {
            Ok(0) => break,
            Ok(n) => text.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    String::from_utf8(text).ok()
}

/// The pids listed in an open `cgroup.procs` file.
fn listed(procs: &File) -> Option<Vec<libc::pid_t>> {
    Some(
        read_text(procs)?
            .lines()
            .filter_map(|l| l.parse().ok())
            .collect(),
    )
}

/// Reads a number from a file of one value (`cpuacct.usage`, `memory.peak`, ...).
fn read_number(file: &File) -> Option<u64> {
    read_text(file)?.trim().parse().ok()
}

/// The value of `key` in a flat-keyed file (`memory.events`, `cpu.stat`, ...): lines of
/// `key value`.
fn read_key(file: &File, key: &str) -> Option<u64> {
    read_text(file)?
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))
        .and_then(|n| n.trim().parse().ok())
}

/// Writes `text` to an open cgroup file (a cgroup file takes each write whole, wherever).
fn write_at_start(file: &File, text: &str) -> io::Result<()> {
    file.write_all_at(text.as_bytes(), 0)
}

/// Kills every process in the group at `dir` (v2: at once with `cgroup.kill`, which also
/// catches a process forked meanwhile) and waits (a bounded time) for it to empty; says
/// whether it did.
fn kill_all(dir: &Path) -> bool {
    // Opened, never created: v1 has no such file.
    if let Ok(mut kill) = OpenOptions::new().write(true).open(dir.join("cgroup.kill")) {
        let _ = kill.write_all(b"1");
    }
    File::open(dir.join("cgroup.procs")).is_ok_and(|procs| kill_listed(&procs))
}

/// Kills every process listed in the open `cgroup.procs` file and waits (a bounded time) for
/// the list to empty; says whether it did.
fn kill_listed(procs: &File) -> bool {
    let give_up = Instant::now() + EMPTYING;
    loop {
        let Some(pids) = listed(procs) else {
            return false;
        };
        if pids.is_empty() {
            return true;
        }
        if Instant::now() >= give_up {
            return false;
        }
        for pid in pids {
            // SAFETY: kill has no memory effects; a pid listed in the run's group is a
            // process of the run (or already gone).
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Removes the groups that judges now dead left in `dir` (killed with `SIGKILL`, they could
/// not clean up): `boardjudge-<pid>-<n>` with its run groups, and the leaf
/// `boardjudge-judge-<pid>` of a judge that was not root, when no process has that pid.
fn sweep_dead_judges(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("boardjudge-")) else {
            continue;
        };
        let rest = rest.strip_prefix("judge-").unwrap_or(rest);
        if rest.split('-').next().is_some_and(is_dead) {
            remove_children(&entry.path());
            kill_and_remove_dir(&entry.path());
        }
    }
}

/// Kills and removes every group inside `parent`.
pub fn remove_children(parent: &Path) {
    if let Ok(entries) = fs::read_dir(parent) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                kill_and_remove_dir(&entry.path());
            }
        }
    }
}

/// Makes the parent group at `path`; one left by an earlier process with this pid, which did
/// not clean up, is reused after its run groups are removed (they are stale: no live process
/// has this pid but this one).
fn make_parent(path: &Path) -> Result<(), String> {
    match fs::create_dir(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            remove_children(path);
            Ok(())
        }
        Err(e) => Err(format!("cannot create {}: {e}", path.display())),
    }
}

/// Kills every process in the group at `dir`, waits (a bounded time) for it to empty, and
/// removes it.
fn kill_and_remove_dir(dir: &Path) {
    kill_all(dir);
    let give_up = Instant::now() + EMPTYING;
    // A group whose last process is still exiting refuses removal for a moment.
    while fs::remove_dir(dir).is_err() && dir.exists() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(1));
    }
}
