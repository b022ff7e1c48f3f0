//! The sandbox's directories on the judge's filesystem: each made fresh, locked while its
//! judge lives, removed however deep and whatever the modes a run left; and the directories
//! of judges that died without cleaning up, swept.

use std::ffi::CString;
use std::fs;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A number no earlier call in this process returned, for naming directories.
pub fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Creates a new directory in the temporary directory, named after `prefix`, this process
/// and a counter: never one that existed before (another user may have made it in `/tmp`).
pub fn fresh_directory(prefix: &str) -> Result<PathBuf, String> {
    loop {
        let dir =
            std::env::temp_dir().join(format!("{prefix}-{}-{}", std::process::id(), next_id()));
        match fs::DirBuilder::new().mode(0o711).create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot create {}: {e}", dir.display())),
        }
    }
}

/// `path` as a C string, for system calls.
pub fn c_path(path: &Path) -> Result<CString, String> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| format!("{}: a NUL byte in the path", path.display()))
}

/// A directory everyone may read and traverse, but only the judge may change.
pub fn make_public_dir(dir: &Path) -> Result<(), String> {
    fs::DirBuilder::new()
        .mode(0o755)
        .create(dir)
        .and_then(|()| fs::set_permissions(dir, fs::Permissions::from_mode(0o755)))
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// Removes a directory tree, however deep (beyond `PATH_MAX`) and whatever the modes a run
/// left on it: it walks down and up with descriptors (`openat`, `..`), one open at a time,
/// making each directory readable and writable before it empties it.
pub fn remove_tree(dir: &Path) {
    if fs::remove_dir_all(dir).is_ok() || fs::symlink_metadata(dir).is_err() {
        return;
    }
    let Ok(top) = c_path(dir) else { return };
    // SAFETY: system calls on descriptors this function owns and NUL-terminated names.
    unsafe {
        let flags = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        libc::chmod(top.as_ptr(), 0o700);
        let mut fd = libc::open(top.as_ptr(), flags);
        if fd < 0 {
            return;
        }
        let mut depth = 0usize;
        loop {
            libc::fchmod(fd, 0o700);
            match empty_or_descend(fd) {
                Some(name) => {
                    libc::fchmodat(fd, name.as_ptr(), 0o700, 0);
                    let below = libc::openat(fd, name.as_ptr(), flags);
                    if below < 0 {
                        break; // not removable (never seen on a tree the run made)
                    }
                    libc::close(fd);
                    fd = below;
                    depth += 1;
                }
                None if depth == 0 => break,
                None => {
                    // Empty: go up, where the next pass removes it.
                    let above = libc::openat(fd, c"..".as_ptr(), flags);
                    libc::close(fd);
                    if above < 0 {
                        return;
                    }
                    fd = above;
                    depth -= 1;
                }
            }
        }
        libc::close(fd);
        libc::rmdir(top.as_ptr());
    }
}

/// Removes every entry of the directory `fd` that can go at once (files, empty
/// directories); returns the name of a directory that still has content, if any.
///
/// # Safety
/// `fd` is an open directory descriptor.
unsafe fn empty_or_descend(fd: libc::c_int) -> Option<CString> {
    // SAFETY: a duplicate descriptor for the directory stream, closed by closedir.
    unsafe {
        let stream = libc::fdopendir(libc::dup(fd));
        if stream.is_null() {
            return None;
        }
        libc::rewinddir(stream);
        let mut full = None;
        loop {
            let entry = libc::readdir64(stream);
            if entry.is_null() {
                break;
            }
            let name = std::ffi::CStr::from_ptr((*entry).d_name.as_ptr());
            if name == c"." || name == c".." {
                continue;
            }
            if libc::unlinkat(fd, name.as_ptr(), 0) == 0
                || libc::unlinkat(fd, name.as_ptr(), libc::AT_REMOVEDIR) == 0
            {
                continue;
            }
            full = Some(name.to_owned());
            break;
        }
        libc::closedir(stream);
        full
    }
}

/// Holds an exclusive lock on the directory `dir` for as long as the descriptor lives.
pub fn lock_directory(dir: &Path) -> Result<fs::File, String> {
    let file = fs::File::open(dir).map_err(|e| format!("cannot open {}: {e}", dir.display()))?;
    // SAFETY: flock on a valid descriptor has no memory effects.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        return Err(format!("cannot lock {}", dir.display()));
    }
    Ok(file)
}

/// Removes the sandbox directories of judges that died without cleaning up (killed with
/// `SIGKILL`, a crash, a power cut): one whose judge (by the pid in its name) is gone and
/// whose lock nobody holds (this user's, or any as root). The cgroups of dead judges are
/// swept by [`super::cgroup::Hierarchy::create`].
pub fn sweep_dead_judges() {
    let Ok(entries) = fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name
            .to_str()
            .and_then(|n| n.strip_prefix("boardjudge-sandbox-"))
        else {
            continue;
        };
        let path = entry.path();
        if rest.split('-').next().is_some_and(is_dead) && lock_directory(&path).is_ok() {
            remove_tree(&path);
        }
    }
}

/// Whether no process has the pid `text` (in this pid namespace).
pub fn is_dead(text: &str) -> bool {
    let Ok(pid) = text.parse::<libc::pid_t>() else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks that the process exists.
    pid > 0
        && unsafe { libc::kill(pid, 0) } != 0
        && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}
