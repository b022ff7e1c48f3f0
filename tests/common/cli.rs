//! What the integration tests that run the binaries share: the repository, `judge` run in a
//! directory, output as text, and scratch directories.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `judge` binary of this build.
pub const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

/// The repository's root: judge.toml, testdata/, solutions/.
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `judge ARGS`, run in `dir`, its output collected.
pub fn judge_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(JUDGE)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run judge")
}

/// `judge ARGS`, run in the repository.
pub fn judge(args: &[&str]) -> Output {
    judge_in(repo(), args)
}

/// A program's output as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh, empty directory `PREFIX-NAME-PID` under the system's temporary directory.
pub fn scratch(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every file under `dir`: relative path -> (mode bits, bytes).
pub fn tree(dir: &Path) -> BTreeMap<String, (u32, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<String, (u32, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, files);
            } else {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
                files.insert(rel, (mode, std::fs::read(&path).unwrap()));
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, dir, &mut files);
    files
}

/// Copies every file in `from`, and in its folders, into `to` (made if missing).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// A scratch directory (see [`scratch`]) holding a copy of judge.toml and of the plan's own
/// generators, with the test data `judge build` made there: a problem set to change.
pub fn built_copy(prefix: &str, name: &str) -> PathBuf {
    let dir = scratch(prefix, name);
    std::fs::copy(repo().join("judge.toml"), dir.join("judge.toml")).unwrap();
    copy_dir(&repo().join("generators"), &dir.join("generators"));
    let o = judge_in(&dir, &["build"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    dir
}
