//! Building a single-file solution (any language of [`super::language`]) into a cache, keyed
//! by its content and its build command.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use super::language::{self, Built, Language};

/// How many bytes of the compiler's messages a [`CompileError::Failed`] keeps.
const MESSAGE_BYTES: usize = 4000;

/// Why a solution could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The file's extension names no language this module builds.
    Unsupported(PathBuf),
    /// A tool of the language (compiler or runtime) is not installed: the caller may skip
    /// the solution.
    CompilerMissing {
        /// The missing program's name.
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
                "{}: cannot build this kind of file (expected {}; `judge languages` lists them)",
                path.display(),
                language::known_extensions()
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

/// Builds `source` with its language's compile command (see [`Language`]) into
/// `cache_dir`, unless a build of the same content with the same command is there already.
/// [`Built::command`] then gives the argv that runs it.
///
/// The build is named after the file and a hash of its content and build command (a new
/// Rust release may change the hash: that only costs a rebuild), and is made under a
/// temporary name then renamed, so parallel builds of one source are safe. A missing tool
/// (compiler or runtime, looked up on `PATH`) is [`CompileError::CompilerMissing`].
pub fn compile(source: &Path, cache_dir: &Path) -> Result<Built, CompileError> {
    let language =
        language::of(source).ok_or_else(|| CompileError::Unsupported(source.to_path_buf()))?;
    if let Some(tool) = language::missing_tool(language.tools) {
        return Err(CompileError::CompilerMissing {
            compiler: tool.into(),
        });
    }
    let text = fs::read(source)
        .map_err(|e| CompileError::Io(format!("cannot read {}: {e}", source.display())))?;
    let mut hasher = DefaultHasher::new();
    (language.compile, language.run, &text).hash(&mut hasher);
    let stem = source
        .file_stem()
        .map_or("solution".into(), |s| s.to_string_lossy().into_owned());
    let file_name = source
        .file_name()
        .map_or("solution".into(), |s| s.to_string_lossy().into_owned());
    let target = cache_dir.join(format!("{stem}-{:016x}", hasher.finish()));
    let target = std::path::absolute(&target).unwrap_or(target);
    let built = Built {
        language,
        path: target.clone(),
        stem: stem.clone(),
        file_name: file_name.clone(),
    };
    if target.exists() {
        return Ok(built);
    }
    fs::create_dir_all(cache_dir)
        .map_err(|e| CompileError::Io(format!("cannot create {}: {e}", cache_dir.display())))?;
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let temporary = cache_dir.join(format!(
        ".{stem}.{}.{}.tmp",
        std::process::id(),
        BUILDS.fetch_add(1, Ordering::Relaxed)
    ));
    let io_error = |what: &Path, e: io::Error| {
        CompileError::Io(format!("cannot write {}: {e}", what.display()))
    };
    let result = build(language, source, &text, &temporary, &file_name);
    if let Err(e) = result {
        remove(&temporary);
        return Err(e);
    }
    if let Err(e) = fs::rename(&temporary, &target) {
        remove(&temporary);
        // Another process may have finished the same build first.
        if !target.exists() {
            return Err(io_error(&target, e));
        }
    }
    Ok(built)
}

/// Builds into `output`: the executable, or a directory with the source copied in.
fn build(
    language: &'static Language,
    source: &Path,
    text: &[u8],
    output: &Path,
    file_name: &str,
) -> Result<(), CompileError> {
    let io_error = |what: &Path, e: io::Error| {
        CompileError::Io(format!("cannot write {}: {e}", what.display()))
    };
    let copied = if language.builds_directory {
        fs::create_dir(output).map_err(|e| io_error(output, e))?;
        let copy = output.join(file_name);
        fs::write(&copy, text).map_err(|e| io_error(&copy, e))?;
        copy
    } else {
        source.to_path_buf()
    };
    let out = output.to_string_lossy();
    let argv: Vec<String> = language
        .compile
        .iter()
        .map(|word| {
            word.replace("{binary}", &out)
                .replace("{dir}", &out)
                .replace("{source}", &copied.to_string_lossy())
        })
        .collect();
    let Some((program, args)) = argv.split_first() else {
        return Ok(());
    };
    let output = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => CompileError::CompilerMissing {
                compiler: program.clone(),
            },
            _ => CompileError::Io(format!("cannot run {program}: {e}")),
        })?;
    if output.status.success() {
        return Ok(());
    }
    let mut message = String::from_utf8_lossy(&output.stderr).into_owned();
    if message.trim().is_empty() {
        message = String::from_utf8_lossy(&output.stdout).into_owned();
    }
    if copied != source {
        // The compiler names the copy in the temporary build directory: name the source.
        message = message.replace(&*copied.to_string_lossy(), &source.to_string_lossy());
    }
    if message.len() > MESSAGE_BYTES {
        let mut end = MESSAGE_BYTES;
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push_str("\n[...]");
    }
    Err(CompileError::Failed {
        source: source.to_path_buf(),
        message,
    })
}

fn remove(path: &Path) {
    if path.is_dir() {
        let _ = fs::remove_dir_all(path);
    } else {
        let _ = fs::remove_file(path);
    }
}
