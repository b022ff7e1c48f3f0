//! The staging of programs: the program and the files named on its command line, copied
//! once per command into a read-only directory of the sandbox, and the command rewritten to
//! use the copies, so the solution never needs to see the repository.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::Sandbox;
use super::directories::{make_public_dir, next_id};

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
    /// The command rewritten to use staged copies of the program and of every file or
    /// directory its arguments name, staged once per command.
    pub(super) fn stage(&self, base: &Path, cmd: &[String]) -> Result<Staged, String> {
        let mut staged = self.staged.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = staged.get(cmd) {
            return Ok(s.clone());
        }
        let dir = base.join(format!("program-{}", next_id()));
        make_public_dir(&dir)?;
        let mut argv = Vec::with_capacity(cmd.len());
        for (k, arg) in cmd.iter().enumerate() {
            let path = Path::new(arg);
            let names_a_file = if k == 0 {
                arg.contains('/')
            } else {
                !arg.starts_with('-') && path.exists()
            };
            if !names_a_file {
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
        staged.insert(cmd.to_vec(), s.clone());
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
