//! The staging of programs: the program and the files its command names (the words its
//! [`Argv`] says are files, never a word that merely exists beside the judge), copied once
//! per command into a directory of the sandbox, and the command rewritten to use the copies,
//! so the solution never needs to see the repository; and, for a run without a root of its
//! own, its private directory.

use std::fs;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};

use super::Sandbox;
use super::directories::{make_public_dir, next_id};
use super::uid::UidSlot;
use crate::runner::Argv;

/// A program staged for the sandbox: the rewritten command and the directory that holds the
/// copies.
#[derive(Clone, Debug)]
pub struct Staged {
    /// The command, rewritten to use the copies.
    pub argv: Vec<String>,
    /// The directory that holds the copies.
    pub dir: PathBuf,
}

impl Sandbox {
    /// The command rewritten to use staged copies of the files `cmd` names (the program
    /// among them when it is one), staged once per command.
    pub(super) fn stage(&self, base: &Path, cmd: &Argv) -> Result<Staged, String> {
        let mut staged = self.staged.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = staged.get(cmd) {
            return Ok(s.clone());
        }
        let dir = base.join(format!("program-{}", next_id()));
        make_public_dir(&dir)?;
        let mut argv = Vec::with_capacity(cmd.len());
        for (k, arg) in cmd.iter().enumerate() {
            let path = Path::new(arg);
            if !cmd.is_file(k) {
                argv.push(arg.clone());
                continue;
            }
            let name = path
                .file_name()
                .ok_or_else(|| format!("{arg}: not a file name"))?;
            let slot = dir.join(k.to_string());
            make_public_dir(&slot)?;
            let copy = slot.join(name);
            copy_public(path, &copy).map_err(|e| format!("{arg}: {e}"))?;
            argv.push(copy.to_string_lossy().into_owned());
        }
        let s = Staged { argv, dir };
        staged.insert(cmd.clone(), s.clone());
        Ok(s)
    }
}

/// Copies a file (keeping its execute bit, readable by all) or a directory tree.
fn copy_public(from: &Path, to: &Path) -> std::io::Result<()> {
    if from.is_dir() {
        fs::create_dir(to)?;
        fs::set_permissions(to, fs::Permissions::from_mode(0o755))?;
        for entry in fs::read_dir(from)? {
            let entry = entry?;
            copy_public(&entry.path(), &to.join(entry.file_name()))?;
        }
        return Ok(());
    }
    fs::copy(from, to)?;
    let executable = fs::metadata(from)?.permissions().mode() & 0o111 != 0;
    let mode = if executable { 0o755 } else { 0o644 };
    fs::set_permissions(to, fs::Permissions::from_mode(mode))
}

/// A new private directory for one run in `base`: empty, only for the run's user (`slot`'s,
/// as root).
pub fn private_directory(base: &Path, slot: Option<&UidSlot>) -> Result<PathBuf, String> {
    let private = base.join(format!("run-{}", next_id()));
    fs::DirBuilder::new()
        .mode(0o700)
        .create(&private)
        .map_err(|e| format!("cannot create {}: {e}", private.display()))?;
    if let Some(slot) = slot {
        std::os::unix::fs::chown(&private, Some(slot.uid), Some(slot.uid))
            .map_err(|e| format!("cannot give {} to the sandbox user: {e}", private.display()))?;
    }
    Ok(private)
}
