//! Writing files so that an interrupted run never leaves a half-written one, and changing
//! several files together or not at all.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What marks the name of a temporary file of [`write_atomic`]: `.NAME.tmp-PID`.
const TEMPORARY: &str = ".tmp-";

/// True for the name of a temporary file that an interrupted [`write_atomic`] left behind.
pub fn is_leftover_temporary(name: &str) -> bool {
    name.starts_with('.') && name.contains(TEMPORARY)
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same directory, synced,
/// then renamed over `path`. A reader sees the old file or the new one, never a mix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temporary(path, "")?;
    let result = write_synced(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The temporary file beside `path`: `.NAME.tmp-PID` plus `tag`.
fn temporary(path: &Path, tag: &str) -> io::Result<PathBuf> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    Ok(dir.join(format!(
        ".{}{TEMPORARY}{}{tag}",
        name.to_string_lossy(),
        std::process::id()
    )))
}

fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// One change of [`replace_all`]: the file's new bytes, or `None` to remove it.
pub type Change = (PathBuf, Option<Vec<u8>>);

/// Makes every change or none: the new contents are first written to temporary files beside
/// their targets and the old files kept under temporary names; then each target is replaced
/// by a rename (or removed). If any step fails, the targets already changed get their old
/// files back and every temporary file is removed, so the files are as they were. (A crash
/// between two renames leaves temporary files, which `judge build` removes; it cannot be
/// undone without a journal.)
pub fn replace_all(changes: &[Change]) -> io::Result<()> {
    let mut staged: Vec<Option<PathBuf>> = Vec::new();
    let mut kept: Vec<Option<PathBuf>> = Vec::new();
    let cleanup = |files: &[Option<PathBuf>]| {
        for file in files.iter().flatten() {
            let _ = std::fs::remove_file(file);
        }
    };
    let prepared = (|| {
        for (path, bytes) in changes {
            staged.push(match bytes {
                Some(bytes) => {
                    let tmp = temporary(path, "")?;
                    write_synced(&tmp, bytes)?;
                    Some(tmp)
                }
                None => None,
            });
        }
        for (path, _) in changes {
            kept.push(if path.exists() {
                let old = temporary(path, "-old")?;
                let _ = std::fs::remove_file(&old);
                if std::fs::hard_link(path, &old).is_err() {
                    std::fs::copy(path, &old)?;
                }
                Some(old)
            } else {
                None
            });
        }
        Ok(())
    })();
    if let Err(e) = prepared {
        cleanup(&staged);
        cleanup(&kept);
        return Err(e);
    }
    for (i, (path, _)) in changes.iter().enumerate() {
        let done = match &staged[i] {
            Some(tmp) => std::fs::rename(tmp, path),
            None if path.exists() => std::fs::remove_file(path),
            None => Ok(()),
        };
        if let Err(e) = done {
            for (j, (path, _)) in changes[..i].iter().enumerate() {
                match &kept[j] {
                    Some(old) => {
                        let _ = std::fs::rename(old, path);
                    }
                    None => {
                        let _ = std::fs::remove_file(path);
                    }
                }
            }
            cleanup(&staged);
            cleanup(&kept);
            return Err(io::Error::new(
                e.kind(),
                format!("{}: {e} (nothing changed)", path.display()),
            ));
        }
    }
    cleanup(&kept);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replace_all_changes_every_file() {
        let dir = scratch("all");
        std::fs::write(dir.join("a"), "old a").unwrap();
        std::fs::write(dir.join("gone"), "x").unwrap();
        replace_all(&[
            (dir.join("a"), Some(b"new a".to_vec())),
            (dir.join("b"), Some(b"new b".to_vec())),
            (dir.join("gone"), None),
        ])
        .unwrap();
        assert_eq!(std::fs::read(dir.join("a")).unwrap(), b"new a");
        assert_eq!(std::fs::read(dir.join("b")).unwrap(), b"new b");
        assert_eq!(names(&dir), ["a", "b"]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn replace_all_changes_nothing_when_one_step_fails() {
        let dir = scratch("none");
        std::fs::write(dir.join("a"), "old a").unwrap();
        std::fs::write(dir.join("gone"), "x").unwrap();
        // A non-empty directory cannot be replaced by a file: the third step fails.
        std::fs::create_dir_all(dir.join("blocked/inside")).unwrap();
        let error = replace_all(&[
            (dir.join("a"), Some(b"new a".to_vec())),
            (dir.join("gone"), None),
            (dir.join("blocked"), Some(b"file".to_vec())),
            (dir.join("new"), Some(b"new".to_vec())),
        ])
        .unwrap_err();
        assert!(error.to_string().contains("nothing changed"), "{error}");
        assert_eq!(std::fs::read(dir.join("a")).unwrap(), b"old a");
        assert_eq!(std::fs::read(dir.join("gone")).unwrap(), b"x");
        assert_eq!(names(&dir), ["a", "blocked", "gone"]);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
