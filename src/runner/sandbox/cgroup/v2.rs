//! cgroup v2: one unified hierarchy at /sys/fs/cgroup, with the memory and pids controllers
//! (CPU time is in every group's `cpu.stat`, with or without the cpu controller).
//!
//! v2 lets a group give controllers to its children only while it has no process of its own
//! (the top of the tree is exempt). As root, the parent group is made at the top of the tree,
//! not inside the judge's own group, which has at least the judge. Not root, it is made in
//! the judge's own group when that group is delegated to the judge's user (writable, as
//! systemd's `Delegate=yes` makes it): the judge first moves itself into a leaf group of its
//! own, `boardjudge-judge-<pid>`, so that the delegated group has no process left (it must
//! have no other). Run groups are made per run and removed after it: `memory.peak` cannot be
//! reset before Linux 6.12.

use std::ffi::CString;
use std::fs;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::{make_parent, read_key, read_number};

/// The file at `path`, opened for reading.
fn open(path: &Path) -> Option<fs::File> {
    fs::File::open(path).ok()
}

/// Where cgroup v2 is mounted when it is the only hierarchy.
const MOUNT: &str = "/sys/fs/cgroup";

/// The controllers the run groups need.
const CONTROLLERS: [&str; 2] = ["memory", "pids"];

/// The prefix of the leaf group a judge that is not root moves itself into.
const JUDGE_LEAF: &str = "boardjudge-judge-";

/// Makes the parent group `name` (as root at the top of the tree, else in the judge's
/// delegated group), with the memory and pids controllers given to its children, or says why
/// v2 cannot be used.
pub fn parent(name: &str, root: bool) -> Result<PathBuf, String> {
    let top = Path::new(MOUNT);
    if !top.join("cgroup.controllers").exists() {
        return Err(format!("no cgroup v2 at {MOUNT}"));
    }
    let base = if root {
        top.to_path_buf()
    } else {
        delegated()?
    };
    let available = fs::read_to_string(base.join("cgroup.controllers")).unwrap_or_default();
    for controller in CONTROLLERS {
        if !available.split_whitespace().any(|c| c == controller) {
            return Err(format!(
                "cgroup v2 group {} has no {controller} controller{}",
                base.display(),
                if root { " (bound to cgroup v1?)" } else { "" }
            ));
        }
    }
    if let Err(why) = enable_controllers(&base) {
        match (root, why.errno == Some(libc::EBUSY)) {
            (true, true) => {
                return Err(format!(
                    "{why} (the top group has processes of its own: a container's cgroup \
                     namespace?)"
                ));
            }
            // The judge's own processes are in the way: it moves into a leaf of its own.
            (false, true) => {
                leave(&base)?;
                enable_controllers(&base).map_err(|why| {
                    format!("{why}: the delegated group has processes other than the judge")
                })?;
            }
            _ => return Err(why.to_string()),
        }
    }
    let parent = base.join(name);
    make_parent(&parent)?;
    if let Err(why) = enable_controllers(&parent) {
        let _ = fs::remove_dir(&parent);
        return Err(why.to_string());
    }
    Ok(parent)
}

/// The judge's own group (the one above its leaf, when it moved into one), when it is
/// delegated to the judge's user.
fn delegated() -> Result<PathBuf, String> {
    let own = fs::read_to_string("/proc/self/cgroup")
        .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
    let Some(path) = own.lines().find_map(|l| l.strip_prefix("0::")) else {
        return Err("the judge is in no cgroup v2 group".into());
    };
    let mut dir = Path::new(MOUNT).join(path.trim_start_matches('/'));
    let leaf = format!("{JUDGE_LEAF}{}", std::process::id());
    if dir
        .file_name()
        .is_some_and(|n| n.as_bytes() == leaf.as_bytes())
    {
        dir.pop();
    }
    for file in [
        &dir,
        &dir.join("cgroup.procs"),
        &dir.join("cgroup.subtree_control"),
    ] {
        if !writable(file) {
            return Err(format!(
                "cgroup v2 needs root, or a group delegated to the judge's user ({} is not \
                 writable; e.g. systemd-run --user --scope -p Delegate=yes judge ...)",
                file.display()
            ));
        }
    }
    Ok(dir)
}

/// Whether this process may write `path`.
fn writable(path: &Path) -> bool {
    CString::new(path.as_os_str().as_bytes())
        // SAFETY: access only reads the NUL-terminated path.
        .is_ok_and(|p| unsafe { libc::access(p.as_ptr(), libc::W_OK) } == 0)
}

/// Moves the judge into its leaf group inside `base`, so that `base` may give controllers to
/// its children.
fn leave(base: &Path) -> Result<(), String> {
    let leaf = base.join(format!("{JUDGE_LEAF}{}", std::process::id()));
    make_parent(&leaf)?;
    fs::write(leaf.join("cgroup.procs"), "0")
        .map_err(|e| format!("cannot move the judge into {}: {e}", leaf.display()))
}

/// A failure to give controllers to a group's children: the message, and the error number
/// (`EBUSY`: the group has processes of its own).
struct Refused {
    message: String,
    errno: Option<i32>,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Gives the memory and pids controllers to the children of the group at `dir`, unless they
/// already have them.
fn enable_controllers(dir: &Path) -> Result<(), Refused> {
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
    fs::write(&control, wanted.join(" ")).map_err(|e| Refused {
        message: format!(
            "cannot enable {} in {}: {e}",
            wanted.join(" "),
            control.display()
        ),
        errno: e.raw_os_error(),
    })
}

/// Prepares a new run group: its processes bounded, and an OOM kill taking every process of
/// the run at once (the run has failed; what is left of it would only wait for the wall-clock
/// limit).
pub fn prepare(dir: &Path, processes: u64) -> io::Result<()> {
    fs::write(dir.join("pids.max"), processes.to_string())?;
    fs::write(dir.join("memory.oom.group"), "1")
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

/// Reclaims what is still charged to the group (`memory.reclaim`, Linux 5.19 and later):
/// the page cache its run brought in leaves the cache with it, so no later run learns which
/// pages of a shared file this one read. Before 5.19 there is no such file, and removing the
/// group leaves the cache where it is.
pub fn reclaim(dir: &Path) {
    let Some(charged) = open(&dir.join("memory.current")).and_then(|f| read_number(&f)) else {
        return;
    };
    if charged > 0 {
        // EAGAIN when not all of it could be reclaimed (pages another process maps).
        let _ = fs::write(dir.join("memory.reclaim"), charged.to_string());
    }
}

/// The count of OOM kills in the group so far.
pub fn oom_kills(dir: &Path) -> u64 {
    open(&dir.join("memory.events"))
        .and_then(|f| read_key(&f, "oom_kill"))
        .unwrap_or(0)
}

/// The peak memory charged to the group (`memory.peak`, Linux 5.19 and later).
pub fn peak_memory(dir: &Path) -> Option<u64> {
    read_number(&open(&dir.join("memory.peak"))?)
}

/// CPU time so far of every process in the group, in nanoseconds.
pub fn cpu_nanos(dir: &Path) -> u64 {
    open(&dir.join("cpu.stat"))
        .and_then(|f| read_key(&f, "usage_usec"))
        .map_or(0, |us| us.saturating_mul(1000))
}

/// How long the group's processes waited for a CPU: the `total` (microseconds) of the
/// `some` line of `cpu.pressure` (Linux 4.20 and later, with pressure information on).
pub fn cpu_wait(dir: &Path) -> Option<std::time::Duration> {
    let text = fs::read_to_string(dir.join("cpu.pressure")).ok()?;
    some_total(&text).map(std::time::Duration::from_micros)
}

/// The `total=` of the `some` line of a pressure file.
fn some_total(text: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.strip_prefix("some "))?
        .split_whitespace()
        .find_map(|f| f.strip_prefix("total="))?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_is_the_some_total_of_the_pressure() {
        let text = "some avg10=2.43 avg60=3.57 avg300=22.18 total=5669003676\n\
                    full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
        assert_eq!(some_total(text), Some(5669003676));
        assert_eq!(some_total("full total=3\n"), None);
    }
}
