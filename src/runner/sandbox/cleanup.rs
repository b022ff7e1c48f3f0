//! The live sandboxes' directories and cgroups, registered while they live, so that a judge
//! that was interrupted can remove them ([`clean_up_after_interrupt`]) before it exits.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::cgroup;
use super::directories::remove_tree;

/// The directories of the live sandboxes, for [`clean_up_after_interrupt`].
static LIVE: Mutex<Vec<(PathBuf, Vec<PathBuf>)>> = Mutex::new(Vec::new());

/// Registers a sandbox's directory and its cgroup parents, when it is made.
pub fn register_for_cleanup(base: &Path, cgroups: Option<&cgroup::Hierarchy>) {
    let parents = cgroups.map_or_else(Vec::new, |h| h.parents().to_vec());
    LIVE.lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((base.to_path_buf(), parents));
}

/// Forgets a sandbox's directories, when it is dropped.
pub fn unregister_for_cleanup(base: &Path) {
    LIVE.lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|(b, _)| b != base);
}

/// Removes every live sandbox's directories and cgroups, after the judge was interrupted and
/// its solutions killed (the process exits next, so no destructor runs).
pub fn clean_up_after_interrupt() {
    let live = LIVE.lock().unwrap_or_else(|p| p.into_inner());
    for (base, parents) in live.iter() {
        remove_tree(base);
        for parent in parents {
            cgroup::remove_children(parent);
            let _ = fs::remove_dir(parent);
        }
    }
}
