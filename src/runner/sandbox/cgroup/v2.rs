//! cgroup v2: one unified hierarchy at /sys/fs/cgroup, with the memory and pids controllers
//! (CPU time is in every group's `cpu.stat`, with or without the cpu controller).
//!
//! The parent group is made at the top of the tree, not inside the judge's own group: v2
//! lets a group give controllers to its children only while it has no process of its own
//! (the top is exempt), and the judge's own group has at least the judge. Run groups are
//! made per run and removed after it: `memory.peak` cannot be reset before Linux 6.12.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::{make_parent, read_key, read_number};

/// Where cgroup v2 is mounted when it is the only hierarchy.
const MOUNT: &str = "/sys/fs/cgroup";

/// The controllers the run groups need.
const CONTROLLERS: [&str; 2] = ["memory", "pids"];

/// Makes the parent group `name` at the top of the tree, with the memory and pids controllers
/// given to its children, or says why v2 cannot be used.
pub fn parent(name: &str) -> Result<PathBuf, String> {
    let top = Path::new(MOUNT);
    let Ok(available) = fs::read_to_string(top.join("cgroup.controllers")) else {
        return Err(format!("no cgroup v2 at {MOUNT}"));
    };
    for controller in CONTROLLERS {
        if !available.split_whitespace().any(|c| c == controller) {
            return Err(format!(
                "cgroup v2 at {MOUNT} has no {controller} controller (bound to cgroup v1?)"
            ));
        }
    }
    enable_controllers(top)?;
    let parent = top.join(name);
    make_parent(&parent)?;
    if let Err(why) = enable_controllers(&parent) {
        let _ = fs::remove_dir(&parent);
        return Err(why);
    }
    Ok(parent)
}

/// Gives the memory and pids controllers to the children of the group at `dir`, unless they
/// already have them.
fn enable_controllers(dir: &Path) -> Result<(), String> {
    let control = dir.join("cgroup.subtree_control");
    let enabled = fs::read_to_string(&control).unwrap_or_default();
    let wanted: Vec<String> = CONTROLLERS
        .iter()
        .filter(|c| !enabled.split_whitespace().any(|e| e == **c))
        .map(|c| format!("+{c}"))
        .collect();
    if wanted.is_empty() {
        return Ok(());
    }
    fs::write(&control, wanted.join(" ")).map_err(|e| {
        let hint = if e.raw_os_error() == Some(libc::EBUSY) {
            " (the group has processes of its own: inside a container whose cgroup is the top?)"
        } else {
            ""
        };
        format!(
            "cannot enable {} in {}: {e}{hint}",
            wanted.join(" "),
            control.display()
        )
    })
}

/// Bounds the processes of a new run group.
pub fn limit_processes(dir: &Path, processes: u64) -> io::Result<()> {
    fs::write(dir.join("pids.max"), processes.to_string())
}

/// Sets the memory limit, and no swap at all where the kernel counts swap (so that swapping
/// does not escape the limit).
pub fn set_memory_limit(dir: &Path, bytes: u64) -> io::Result<()> {
    let text = if bytes == u64::MAX {
        "max".to_string()
    } else {
        bytes.to_string()
    };
    let swap = dir.join("memory.swap.max");
    if swap.exists() {
        fs::write(swap, "0")?;
    }
    fs::write(dir.join("memory.max"), text)
}

/// The count of OOM kills in the group so far.
pub fn oom_kills(dir: &Path) -> u64 {
    read_key(&dir.join("memory.events"), "oom_kill").unwrap_or(0)
}

/// The peak memory charged to the group (`memory.peak`, Linux 5.19 and later).
pub fn peak_memory(dir: &Path) -> Option<u64> {
    read_number(&dir.join("memory.peak"))
}

/// CPU time so far of every process in the group, in nanoseconds.
pub fn cpu_nanos(dir: &Path) -> u64 {
    read_key(&dir.join("cpu.stat"), "usage_usec").map_or(0, |us| us.saturating_mul(1000))
}
