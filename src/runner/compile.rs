//! Building a single-file solution (C++ or Rust) into a cache, keyed by its content.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many bytes of the compiler's messages a [`CompileError::Failed`] keeps.
const MESSAGE_BYTES: usize = 4000;

/// Why a solution could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The file's extension names no language this module builds (`.cpp`, `.cc`, `.rs`).
    Unsupported(PathBuf),
    /// The compiler is not installed: the caller may skip the solution.
    CompilerMissing {
        /// The compiler's program name.
        compiler: String,
    },
    /// The source could not be read or the cache could not be written.
    Io(String),
    /// The compiler rejected the source.
    Failed {
        /// The source.
        source: PathBuf,
        /// The head of the compiler's messages.
        message: String,
    },
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Unsupported(path) => write!(
                f,
                "{}: cannot build this kind of file (expected .cpp, .cc or .rs)",
                path.display()
            ),
            CompileError::CompilerMissing { compiler } => {
                write!(f, "{compiler} is not installed")
            }
            CompileError::Io(why) => f.write_str(why),
            CompileError::Failed { source, message } => {
                write!(f, "{}: compilation failed:\n{message}", source.display())
            }
        }
    }
}

impl std::error::Error for CompileError {}

/// The compiler and its options for a source file, by extension.
fn compiler_for(source: &Path) -> Option<(&'static str, &'static [&'static str])> {
    match source.extension()?.to_str()? {
        "cpp" | "cc" | "cxx" => Some(("g++", &["-O2", "-std=c++17", "-pipe"])),
        "rs" => Some(("rustc", &["-O", "--edition", "2021"])),
        _ => None,
    }
}

/// Builds `source` (`g++ -O2 -std=c++17` for C++, `rustc -O --edition 2021` for Rust) into
/// `cache_dir`, unless a build of the same content with the same options is there already,
/// and returns the argv that runs it.
///
/// The executable is named after the file and a hash of its content and build command (a new
/// Rust release may change the hash: that only costs a rebuild), and is written under a temporary name then renamed, so parallel builds of one source are safe.
pub fn compile(source: &Path, cache_dir: &Path) -> Result<Vec<String>, CompileError> {
    let (compiler, options) =
        compiler_for(source).ok_or_else(|| CompileError::Unsupported(source.to_path_buf()))?;
    let text = fs::read(source)
        .map_err(|e| CompileError::Io(format!("cannot read {}: {e}", source.display())))?;
    let mut hasher = DefaultHasher::new();
    (compiler, options, &text).hash(&mut hasher);
    let stem = source
        .file_stem()
        .map_or("solution".into(), |s| s.to_string_lossy());
    let executable = cache_dir.join(format!("{stem}-{:016x}", hasher.finish()));
    let executable = std::path::absolute(&executable).unwrap_or(executable);
    let argv = vec![executable.to_string_lossy().into_owned()];
    if executable.is_file() {
        return Ok(argv);
    }
    fs::create_dir_all(cache_dir)
        .map_err(|e| CompileError::Io(format!("cannot create {}: {e}", cache_dir.display())))?;
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let temporary = cache_dir.join(format!(
        ".{stem}.{}.{}.tmp",
        std::process::id(),
        BUILDS.fetch_add(1, Ordering::Relaxed)
    ));
    let output = Command::new(compiler)
        .args(options)
        .arg("-o")
        .arg(&temporary)
        .arg(source)
        .output()
        .map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => CompileError::CompilerMissing {
                compiler: compiler.into(),
            },
            _ => CompileError::Io(format!("cannot run {compiler}: {e}")),
        })?;
    if !output.status.success() {
        let _ = fs::remove_file(&temporary);
        let mut message = String::from_utf8_lossy(&output.stderr).into_owned();
        if message.len() > MESSAGE_BYTES {
            let mut end = MESSAGE_BYTES;
            while !message.is_char_boundary(end) {
                end -= 1;
            }
            message.truncate(end);
            message.push_str("\n[...]");
        }
        return Err(CompileError::Failed {
            source: source.to_path_buf(),
            message,
        });
    }
    fs::rename(&temporary, &executable)
        .map_err(|e| CompileError::Io(format!("cannot write {}: {e}", executable.display())))?;
    Ok(argv)
}
