//! Unprivileged user ids for sandboxed runs: one per run at a time, across every judge process
//! on the machine (a lock file per id in `/run/boardjudge/uids`), like isolate's box ids.

use std::fs::{self, File, OpenOptions};
use std::os::fd::AsRawFd;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::Path;

/// The first sandbox uid (and gid): below systemd's dynamic users (61184..), away from the
/// usual ranges of real accounts.
pub const FIRST_UID: u32 = 61000;
/// How many sandbox uids there are: the most runs at once on one machine.
pub const UIDS: u32 = 128;

/// A sandbox uid held by this run; released when dropped.
#[derive(Debug)]
pub struct UidSlot {
    /// The uid, also used as the gid.
    pub uid: u32,
    /// Holds the lock.
    _lock: File,
}

/// Where the lock files live, readable by root only: one place for every judge on the
/// machine, whatever its `TMPDIR` (`/run` is emptied at boot, as the locks should be).
const LOCK_DIR: &str = "/run/boardjudge/uids";

/// Takes a free sandbox uid: the first whose lock file no other run holds.
pub fn acquire() -> Result<UidSlot, String> {
    let dir = Path::new(LOCK_DIR);
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for uid in FIRST_UID..FIRST_UID + UIDS {
        let path = dir.join(format!("{uid}.lock"));
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(&path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        // SAFETY: flock on a valid descriptor has no memory effects.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            return Ok(UidSlot { uid, _lock: file });
        }
    }
    Err(format!(
        "all {UIDS} sandbox uids ({FIRST_UID}..) are in use by other runs"
    ))
}
