//! Writing files so that an interrupted run never leaves a half-written one.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// What marks the name of a temporary file of [`write_atomic`]: `.NAME.tmp-PID`.
const TEMPORARY: &str = ".tmp-";

/// True for the name of a temporary file that an interrupted [`write_atomic`] left behind.
pub fn is_leftover_temporary(name: &str) -> bool {
    name.starts_with('.') && name.contains(TEMPORARY)
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same directory, synced,
/// then renamed over `path`. A reader sees the old file or the new one, never a mix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let tmp = dir.join(format!(
        ".{}{TEMPORARY}{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
