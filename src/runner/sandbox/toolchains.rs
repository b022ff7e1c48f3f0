//! Toolchains outside the system directories, which builds in the jail need: bound read-only
//! into every run's root and readable through Landlock, as the system directories are.

use std::fs;
use std::path::PathBuf;

use crate::runner::language;

/// The toolchains outside the system directories that builds need, read-only in the jail:
/// rustup's Rust toolchain (its `rustc` on `PATH` is a proxy that the jail cannot run), when
/// the judge can read it. Found once.
pub fn directories() -> &'static [PathBuf] {
    static DIRECTORIES: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();
    DIRECTORIES.get_or_init(|| {
        let Some(rustc) = language::find_in_path("rustc") else {
            return Vec::new();
        };
        let system = ["/usr/", "/bin/", "/sbin/", "/lib"];
        let real = fs::canonicalize(&rustc).unwrap_or(rustc);
        if system.iter().any(|s| real.starts_with(s)) {
            return Vec::new();
        }
        let Ok(out) = std::process::Command::new("rustc")
            .args(["--print", "sysroot"])
            .output()
        else {
            return Vec::new();
        };
        let sysroot = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        let readable = fs::read_dir(sysroot.join("bin")).is_ok();
        match fs::canonicalize(&sysroot) {
            Ok(dir) if out.status.success() && readable && dir.is_absolute() => vec![dir],
            _ => Vec::new(),
        }
    })
}
