//! Whole-run accounting with cgroup v1 (memory, cpuacct, pids), as root: every process of a
//! run is counted and limited together, wherever it forked or hid.
//!
//! Each sandbox makes a parent group `boardjudge-<pid>-<n>` inside the judge's own group of
//! each controller, and run groups inside that: one per run at a time, emptied after the run
//! and kept, counters reset, for the next one (all removed with the sandbox).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The controllers used, as mounted under /sys/fs/cgroup by cgroup v1.
const CONTROLLERS: [&str; 3] = ["memory", "cpuacct", "pids"];

/// How long to wait for the processes of a group to die after `SIGKILL`.
const EMPTYING: Duration = Duration::from_secs(2);

/// The parent groups of this judge process, one per controller, and the run groups that are
/// free for another run.
#[derive(Debug)]
pub struct Hierarchy {
    parents: [PathBuf; 3],
    free: Arc<Mutex<Vec<Idle>>>,
}

/// A run group between runs: empty, kept for the next run (making and removing a memory
/// group costs more than the run of a small program).
#[derive(Debug)]
struct Idle {
    dirs: [PathBuf; 3],
    memory_limit: u64,
}

/// The group of one run, in each controller. Given back for another run by
/// [`RunGroup::release`] (or, when it cannot be emptied, removed).
#[derive(Debug)]
pub struct RunGroup {
    dirs: [PathBuf; 3],
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
    /// Peak memory charged to the run.
    pub peak_memory_bytes: u64,
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
        if unsafe { libc::geteuid() } != 0 {
            return Err("cgroups need root".into());
        }
        let own = fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
        let mut parents = Vec::new();
        for controller in CONTROLLERS {
            let mount = Path::new("/sys/fs/cgroup").join(controller);
            if !mount.join("cgroup.procs").exists() {
                return Err(format!(
                    "no cgroup v1 {controller} controller at {}",
                    mount.display()
                ));
            }
            let path = own
                .lines()
                .filter_map(|l| {
                    // "id:controllers:path"
                    let mut fields = l.splitn(3, ':').skip(1);
                    Some((fields.next()?, fields.next()?))
                })
                .find(|(names, _)| names.split(',').any(|n| n == controller))
                .map_or("/", |(_, path)| path);
            let parent = mount.join(path.trim_start_matches('/')).join(&name);
            match fs::create_dir(&parent) {
                Ok(()) => {}
                // Left by an earlier process with this pid, which did not clean up: its run
                // groups are stale (no live process has this pid but this one).
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => remove_children(&parent),
                Err(e) => return Err(format!("cannot create {}: {e}", parent.display())),
            }
            parents.push(parent);
        }
        let parents: [PathBuf; 3] = parents.try_into().expect("three controllers");
        Ok(Hierarchy {
            parents,
            free: Arc::default(),
        })
    }

    /// The group of a new run with its memory and process limits: a free one from an earlier
    /// run, its counters reset, or a new one.
    pub fn run_group(&self, memory_bytes: u64, processes: u64) -> io::Result<RunGroup> {
        let idle = self.free.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let (dirs, memory_limit) = match idle {
            Some(idle) => (idle.dirs, idle.memory_limit),
            None => {
                static NEXT: AtomicU64 = AtomicU64::new(0);
                let name = format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed));
                let dirs = self.parents.clone().map(|p| p.join(&name));
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
                fs::write(dirs[2].join("pids.max"), processes.to_string())?;
                (dirs, u64::MAX)
            }
        };
        let mut group = RunGroup {
            dirs,
            memory_limit,
            oom_kills_before: 0,
            free: Arc::clone(&self.free),
        };
        group.set_memory_limit(memory_bytes)?;
        fs::write(group.dirs[1].join("cpuacct.usage"), "0")?;
        fs::write(group.memory().join("memory.max_usage_in_bytes"), "0")?;
        group.oom_kills_before = group.oom_kills();
        Ok(group)
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
    fn memory(&self) -> &Path {
        &self.dirs[0]
    }

    /// Sets the memory limit (and the memory + swap limit, where the kernel has one), in the
    /// order the kernel accepts: memory + swap is never below memory.
    fn set_memory_limit(&mut self, bytes: u64) -> io::Result<()> {
        if bytes == self.memory_limit {
            return Ok(());
        }
        let text = if bytes == u64::MAX {
            "-1".to_string()
        } else {
            bytes.to_string()
        };
        let memory = self.memory().join("memory.limit_in_bytes");
        let memsw = self.memory().join("memory.memsw.limit_in_bytes");
        let swap_counted = memsw.exists();
        if bytes > self.memory_limit && swap_counted {
            fs::write(&memsw, &text)?;
        }
        fs::write(&memory, &text)?;
        if bytes < self.memory_limit && swap_counted {
            fs::write(&memsw, &text)?;
        }
        self.memory_limit = bytes;
        Ok(())
    }

    /// The memory controller's count of OOM kills in this group so far.
    fn oom_kills(&self) -> u64 {
        fs::read_to_string(self.memory().join("memory.oom_control"))
            .unwrap_or_default()
            .lines()
            .find_map(|l| l.strip_prefix("oom_kill "))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or(0)
    }

    /// `cgroup.procs` of each controller, opened for writing `0` (the writer joins) in the
    /// child before it starts the solution.
    pub fn procs_files(&self) -> io::Result<Vec<File>> {
        self.dirs
            .iter()
            .map(|d| {
                OpenOptions::new()
                    .write(true)
                    .custom_flags(libc::O_CLOEXEC)
                    .open(d.join("cgroup.procs"))
            })
            .collect()
    }

    /// What the run used, read after it ended.
    pub fn usage(&self) -> Usage {
        let peak = fs::read_to_string(self.memory().join("memory.max_usage_in_bytes"))
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(0);
        Usage {
            cpu: Duration::from_nanos(self.cpu_nanos()),
            peak_memory_bytes: peak,
            oom_killed: self.oom_kills() > self.oom_kills_before,
        }
    }

    /// CPU time so far of every process of the run, in nanoseconds.
    pub fn cpu_nanos(&self) -> u64 {
        fs::read_to_string(self.dirs[1].join("cpuacct.usage"))
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(0)
    }

    /// Kills every process left in the group and waits for it to empty; gives the group back
    /// for another run, or removes it when it does not empty in time.
    pub fn release(self) {
        let emptied = self.dirs.iter().all(|dir| kill_all(dir));
        if !emptied {
            for dir in &self.dirs {
                kill_and_remove_dir(dir);
            }
            return;
        }
        let idle = Idle {
            dirs: self.dirs.clone(),
            memory_limit: self.memory_limit,
        };
        self.free
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(idle);
    }
}

/// Kills every process in the group at `dir` and waits (a bounded time) for it to empty;
/// says whether it did.
fn kill_all(dir: &Path) -> bool {
    let procs = dir.join("cgroup.procs");
    let give_up = Instant::now() + EMPTYING;
    loop {
        let mut text = String::new();
        if File::open(&procs)
            .and_then(|mut f| f.read_to_string(&mut text))
            .is_err()
        {
            return false;
        }
        let pids: Vec<libc::pid_t> = text.lines().filter_map(|l| l.parse().ok()).collect();
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

/// Kills and removes every group inside `parent`.
fn remove_children(parent: &Path) {
    if let Ok(entries) = fs::read_dir(parent) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                kill_and_remove_dir(&entry.path());
            }
        }
    }
}

/// Kills every process in the group at `dir`, waits (a bounded time) for it to empty, and
/// removes it.
pub fn kill_and_remove_dir(dir: &Path) {
    kill_all(dir);
    let give_up = Instant::now() + EMPTYING;
    // A group whose last process is still exiting refuses removal for a moment.
    while fs::remove_dir(dir).is_err() && dir.exists() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(1));
    }
}
