//! Writing files so that an interrupted run never leaves a half-written one, and changing
//! several files together or not at all; listing the files of a problem's test data.

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
    replace_all_by(changes, &|from, to| std::fs::rename(from, to))
}

/// [`replace_all`] with the rename it uses (tests make one fail).
fn replace_all_by(
    changes: &[Change],
    rename: &dyn Fn(&Path, &Path) -> io::Result<()>,
) -> io::Result<()> {
    // The caller says that nothing changed (once, in its own words).
    let nothing_changed =
        |path: &Path, e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let mut staged: Vec<Option<PathBuf>> = Vec::new();
    let mut kept: Vec<Option<PathBuf>> = Vec::new();
    // Directories made for new files (a new group's), deepest first: removed again when
    // nothing changes.
    let mut made: Vec<PathBuf> = Vec::new();
    // Removes the temporary files, and with `unmake` the directories made.
    let cleanup = |staged: &[Option<PathBuf>], kept: &[Option<PathBuf>], unmake: &[PathBuf]| {
        for file in staged.iter().chain(kept).flatten() {
            let _ = std::fs::remove_file(file);
        }
        for dir in unmake {
            let _ = std::fs::remove_dir(dir);
        }
    };
    let prepared = (|| {
        for (path, bytes) in changes {
            staged.push(match bytes {
                Some(bytes) => {
                    let mut missing: Vec<PathBuf> = path
                        .ancestors()
                        .skip(1)
                        .take_while(|dir| !dir.as_os_str().is_empty() && !dir.exists())
                        .map(Path::to_path_buf)
                        .collect();
                    if let Some(deepest) = missing.first() {
                        std::fs::create_dir_all(deepest).map_err(|e| (path, e))?;
                    }
                    made.append(&mut missing);
                    let tmp = temporary(path, "").map_err(|e| (path, e))?;
                    let written = write_synced(&tmp, bytes);
                    written.map_err(|e| (path, e))?;
                    Some(tmp)
                }
                None => None,
            });
        }
        for (path, _) in changes {
            kept.push(match std::fs::symlink_metadata(path) {
                Ok(meta) if meta.is_file() => {
                    let old = temporary(path, "-old").map_err(|e| (path, e))?;
                    let _ = std::fs::remove_file(&old);
                    if std::fs::hard_link(path, &old).is_err() {
                        std::fs::copy(path, &old).map_err(|e| (path, e))?;
                    }
                    Some(old)
                }
                Ok(_) => {
                    let e = io::Error::new(io::ErrorKind::InvalidInput, "not a regular file");
                    return Err((path, e));
                }
                Err(_) => None,
            });
        }
        Ok(())
    })();
    if let Err((path, e)) = prepared {
        cleanup(&staged, &kept, &made);
        return Err(nothing_changed(path, e));
    }
    for (i, (path, _)) in changes.iter().enumerate() {
        let done = match &staged[i] {
            Some(tmp) => rename(tmp, path),
            None if path.exists() => std::fs::remove_file(path),
            None => Ok(()),
        };
        if let Err(e) = done {
            for (j, (path, _)) in changes[..i].iter().enumerate() {
                match &kept[j] {
                    Some(old) => {
                        let _ = rename(old, path);
                    }
                    None => {
                        let _ = std::fs::remove_file(path);
                    }
                }
            }
            cleanup(&staged, &kept, &made);
            return Err(nothing_changed(path, e));
        }
    }
    cleanup(&[], &kept, &[]);
    Ok(())
}

/// The files of a problem's directory and of its subdirectories (the groups), relative to it;
/// none when it does not exist.
pub fn test_data_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return files;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let name = PathBuf::from(entry.file_name());
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            let Ok(inner) = std::fs::read_dir(entry.path()) else {
                continue;
            };
            for file in inner.filter_map(|e| e.ok()) {
                if file.file_type().is_ok_and(|t| t.is_file()) {
                    files.push(name.join(file.file_name()));
                }
            }
        } else {
            files.push(name);
        }
    }
    files.sort();
    files
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
    fn replace_all_changes_nothing_when_a_rename_fails() {
        let dir = scratch("none");
        std::fs::write(dir.join("a"), "old a").unwrap();
        std::fs::write(dir.join("gone"), "x").unwrap();
        let changes = [
            (dir.join("a"), Some(b"new a".to_vec())),
            (dir.join("gone"), None),
            (dir.join("new"), Some(b"new".to_vec())),
            (dir.join("last"), Some(b"last".to_vec())),
        ];
        // The third change's rename fails (a full disk, a vanished directory, ...).
        let count = std::cell::Cell::new(0);
        let error = replace_all_by(&changes, &|from, to| {
            count.set(count.get() + 1);
            if to.ends_with("last") {
                return Err(io::Error::other("disk full"));
            }
            std::fs::rename(from, to)
        })
        .unwrap_err();
        assert!(error.to_string().ends_with("last: disk full"), "{error}");
        assert_eq!(std::fs::read(dir.join("a")).unwrap(), b"old a");
        assert_eq!(std::fs::read(dir.join("gone")).unwrap(), b"x");
        assert_eq!(names(&dir), ["a", "gone"]);
        assert!(count.get() >= 4, "the failing rename came after others");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn replace_all_refuses_a_directory_in_the_way() {
        let dir = scratch("dir");
        std::fs::write(dir.join("a"), "old a").unwrap();
        std::fs::create_dir_all(dir.join("blocked/inside")).unwrap();
        let error = replace_all(&[
            (dir.join("a"), Some(b"new a".to_vec())),
            (dir.join("blocked"), Some(b"file".to_vec())),
        ])
        .unwrap_err();
        assert!(error.to_string().contains("blocked"), "{error}");
        assert_eq!(std::fs::read(dir.join("a")).unwrap(), b"old a");
        assert_eq!(names(&dir), ["a", "blocked"]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn replace_all_makes_the_directories_of_new_files_and_removes_them_on_failure() {
        let dir = scratch("newdir");
        replace_all(&[(dir.join("group/new.in"), Some(b"in".to_vec()))]).unwrap();
        assert_eq!(std::fs::read(dir.join("group/new.in")).unwrap(), b"in");
        std::fs::create_dir_all(dir.join("blocked/inside")).unwrap();
        let error = replace_all(&[
            (dir.join("other/deeper/new.in"), Some(b"in".to_vec())),
            (dir.join("blocked"), Some(b"file".to_vec())),
        ])
        .unwrap_err();
        assert!(error.to_string().contains("blocked"), "{error}");
        assert_eq!(names(&dir), ["blocked", "group"]);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
