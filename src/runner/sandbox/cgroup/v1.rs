//! cgroup v1: the memory, cpuacct and pids controllers, each its own hierarchy under
//! /sys/fs/cgroup/<controller>. A run's groups are in that order: memory, cpuacct, pids.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use super::{make_parent, read_key, read_number, write_at_start};

/// The controllers used, as mounted under /sys/fs/cgroup by cgroup v1.
const CONTROLLERS: [&str; 3] = ["memory", "cpuacct", "pids"];

/// Why v1 cannot be used here (then v2 is tried).
pub struct Missing(pub String);

/// Makes the parent group `name` inside the judge's own group of each controller.
pub fn parents(name: &str) -> Result<Vec<PathBuf>, Missing> {
    let own = fs::read_to_string("/proc/self/cgroup")
        .map_err(|e| Missing(format!("cannot read /proc/self/cgroup: {e}")))?;
    for controller in CONTROLLERS {
        let mount = Path::new("/sys/fs/cgroup").join(controller);
        if !mount.join("cgroup.procs").exists() {
            return Err(Missing(format!(
                "no cgroup v1 {controller} controller at {}",
                mount.display()
            )));
        }
    }
    let mut parents = Vec::new();
    for controller in CONTROLLERS {
        let path = own
            .lines()
            .filter_map(|l| {
                // "id:controllers:path"
                let mut fields = l.splitn(3, ':').skip(1);
                Some((fields.next()?, fields.next()?))
            })
            .find(|(names, _)| names.split(',').any(|n| n == controller))
            .map_or("/", |(_, path)| path);
        let parent = Path::new("/sys/fs/cgroup")
            .join(controller)
            .join(path.trim_start_matches('/'))
            .join(name);
        if let Err(why) = make_parent(&parent) {
            for made in &parents {
                let _ = fs::remove_dir(made);
            }
            return Err(Missing(why));
        }
        parents.push(parent);
    }
    Ok(parents)
}

/// Prepares a new run group: its processes bounded.
pub fn prepare(dirs: &[PathBuf], processes: u64) -> io::Result<()> {
    fs::write(dirs[2].join("pids.max"), processes.to_string())
}

/// The most memory an emptied group may still be charged with and be kept for the next run
/// (whose peak starts there): 1 MiB, far below what could change a verdict.
pub const CARRIED: u64 = 1 << 20;

/// The counter files of a v1 run group, opened once with the group and kept with it from run
/// to run (opening a cgroup file costs more than reading it).
#[derive(Debug)]
pub struct Counters {
    usage: File,
    max_usage: File,
    oom_control: File,
    cpu: File,
    force_empty: File,
}

impl Counters {
    /// Opens the counters of the group in `dirs`.
    pub fn open(dirs: &[PathBuf]) -> io::Result<Counters> {
        let read_write = |path: PathBuf| File::options().read(true).write(true).open(path);
        Ok(Counters {
            usage: File::open(dirs[0].join("memory.usage_in_bytes"))?,
            max_usage: read_write(dirs[0].join("memory.max_usage_in_bytes"))?,
            oom_control: File::open(dirs[0].join("memory.oom_control"))?,
            cpu: read_write(dirs[1].join("cpuacct.usage"))?,
            force_empty: File::options()
                .write(true)
                .open(dirs[0].join("memory.force_empty"))?,
        })
    }

    /// The memory still charged to the group (after its processes ended: page cache, kernel
    /// memory).
    pub fn charged(&self) -> u64 {
        read_number(&self.usage).unwrap_or(u64::MAX)
    }

    /// Reclaims every page still charged to the emptied group (`memory.force_empty`): the
    /// page cache the run brought in leaves the cache with it, so no later run learns which
    /// pages of a shared file this one read (a state carrier from one run to the next).
    pub fn reclaim(&self) {
        // Refused (EBUSY) only while a process is left, which then removes the group.
        let _ = write_at_start(&self.force_empty, "0");
    }

    /// Resets the CPU and peak memory counters of a run group kept from an earlier run.
    pub fn reset(&self) -> io::Result<()> {
        write_at_start(&self.cpu, "0")?;
        write_at_start(&self.max_usage, "0")
    }

    /// The memory controller's count of OOM kills in the group so far.
    pub fn oom_kills(&self) -> u64 {
        read_key(&self.oom_control, "oom_kill").unwrap_or(0)
    }

    /// The peak memory charged to the group since the last reset.
    pub fn peak_memory(&self) -> u64 {
        read_number(&self.max_usage).unwrap_or(0)
    }

    /// CPU time so far of every process in the group, in nanoseconds.
    pub fn cpu_nanos(&self) -> u64 {
        read_number(&self.cpu).unwrap_or(0)
    }
}

/// Sets the memory limit and, where the kernel counts swap, the memory + swap limit, in the
/// order the kernel accepts: memory + swap is never below memory.
pub fn set_memory_limit(dirs: &[PathBuf], from: u64, to: u64) -> io::Result<()> {
    let text = if to == u64::MAX {
        "-1".to_string()
    } else {
        to.to_string()
    };
    let memory = dirs[0].join("memory.limit_in_bytes");
    let memsw = dirs[0].join("memory.memsw.limit_in_bytes");
    let swap_counted = memsw.exists();
    if to > from && swap_counted {
        fs::write(&memsw, &text)?;
    }
    fs::write(&memory, &text)?;
    if to < from && swap_counted {
        fs::write(&memsw, &text)?;
    }
    Ok(())
}
