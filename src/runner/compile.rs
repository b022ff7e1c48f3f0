//! Building a single-file solution (any language of [`super::language`]) into a cache, keyed
//! by its content and its build command. The source is a contestant's: the compiler runs in
//! the same jail as a run ([`Sandbox`]), with limits of its own ([`BuildLimits`]). It sees the
//! toolchain, a copy of the source and nothing of the repository, in a clean environment;
//! what it builds comes back on its standard output (the executable, or Java's classes as a
//! jar), and is written into the cache by the judge.
//!
//! A C or C++ source is built as the standard it names ([`Standard`]), else its language's
//! default; one that fails under the default is tried again under the older standards (in the
//! same jail, with what the first build left of its limits), and its compile error says the
//! newest it builds as, without running that build.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::java::MAX_CLASSES;
use super::language::{self, Built, Language, Standard};
use super::{Input, Layer, Limits, Outcome, Sandbox, TimeKind};

/// How many bytes of the compiler's messages a [`CompileError::Failed`] keeps.
const MESSAGE_BYTES: usize = 4000;

/// The flags of every JVM a Java build starts (`javac`, then `jar`), as `-J` options: the
/// address space of each of the build's processes is its memory limit, and the JVM's own
/// reservations beside its heap (the default 240 MiB of code cache and 1 GiB of class space)
/// would not fit in it. The heap is [`jvm_heap_mib`].
const JVM_FLAGS: [&str; 4] = [
    "-J-XX:+UseSerialGC",
    "-J-XX:ReservedCodeCacheSize=64m",
    "-J-XX:CompressedClassSpaceSize=64m",
    "-J-XX:-UsePerfData",
];

/// What a build's JVM reserves beside its heap, in MiB, with [`JVM_FLAGS`] (javac 17 started
/// at a heap of 1,536 MiB in 2 GiB of address space, not at 1,792 MiB).
const JVM_RESERVED_MIB: u64 = 512;

/// What changes the cache key besides the source and the commands: builds made outside the
/// jail (before it existed), or before the output limit bounded what is stored, are not
/// reused.
const BUILD_KIND: &str = "jailed build 3";

/// The limits of one build (judge.toml's `[build]`, or these defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildLimits {
    /// CPU time of the whole build (every process of the compiler).
    pub cpu: Duration,
    /// Wall-clock time of the build.
    pub wall: Duration,
    /// Memory of the build (a cgroup's count where there is one).
    pub memory_bytes: u64,
    /// The largest build output: the executable, or Java's classes as a jar; and the most
    /// the judge stores (and stages for each run) of a build: the executable, or the
    /// source's copy with the classes unpacked beside it.
    pub output_bytes: u64,
    /// The disk the compiler may write (its own `/tmp`), and the largest file.
    pub disk_bytes: u64,
}

impl BuildLimits {
    /// The defaults: 30 s of CPU, 60 s of wall clock, 2 GiB of memory, 64 MiB of output,
    /// 256 MiB of disk.
    pub const DEFAULT: BuildLimits = BuildLimits {
        cpu: Duration::from_secs(30),
        wall: Duration::from_secs(60),
        memory_bytes: 2 << 30,
        output_bytes: 64 << 20,
        disk_bytes: 256 << 20,
    };

    /// The run limits of the compiler's jail: the address space of each process is the
    /// memory limit, which a cgroup, where there is one, also counts over all of them.
    fn run_limits(&self) -> Limits {
        Limits {
            cpu: self.cpu,
            wall: self.wall,
            memory_bytes: self.memory_bytes,
            extra_address_space_bytes: 0,
            output_bytes: self.output_bytes,
            file_bytes: self.disk_bytes,
        }
    }
}

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
    /// The judge was interrupted ([`super::interrupted`]) before the build began: no
    /// compiler starts then.
    Interrupted,
    /// The standard named is not one of the source's language's.
    Standard {
        /// The source.
        source: PathBuf,
        /// The standard named.
        standard: &'static Standard,
    },
    /// The compiler rejected the source.
    Failed {
        /// The source.
        source: PathBuf,
        /// The head of the compiler's messages.
        message: String,
        /// The newest older standard the source builds as, when it failed under the default.
        builds_as: Option<&'static Standard>,
    },
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Unsupported(path) => write!(
                f,
                "{}: cannot build this kind of file (expected {}; `judge languages` lists them)",
                crate::text::name(&path.display().to_string()),
                language::known_extensions()
            ),
            CompileError::CompilerMissing { compiler } => {
                write!(f, "{compiler} is not installed")
            }
            CompileError::Io(why) => f.write_str(why),
            CompileError::Interrupted => f.write_str("not built: the judge was interrupted"),
            CompileError::Standard { source, standard } => write!(
                f,
                "{}: {} is not a standard of its language (`judge languages` lists them)",
                crate::text::name(&source.display().to_string()),
                standard.id
            ),
            CompileError::Failed {
                source,
                message,
                builds_as,
            } => {
                let source = source.display().to_string();
                write!(
                    f,
                    "{}: compilation failed:\n{message}",
                    crate::text::name(&source)
                )?;
                match builds_as {
                    Some(s) => write!(
                        f,
                        "\nbuilds as {}: run it with --std {} (in judge.toml: std = \"{}\")",
                        s.name, s.id, s.id
                    ),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::error::Error for CompileError {}

impl CompileError {
    /// A [`CompileError::Failed`] of `source` with `message` and no older standard.
    fn failed(source: &Path, message: String) -> CompileError {
        CompileError::Failed {
            source: source.to_path_buf(),
            message,
            builds_as: None,
        }
    }

    /// A [`CompileError::Io`] for `path` that could not be written.
    fn cannot_write(path: &Path, e: io::Error) -> CompileError {
        CompileError::Io(format!("cannot write {}: {e}", path.display()))
    }
}

/// Builds `source` with its language's compile command (see [`Language`]), as `standard` (or
/// the language's default), into `cache_dir`, unless a build of the same content with the same
/// command is there already.
/// [`Built::command`] then gives the argv that runs it. The compiler runs in `sandbox` under
/// `limits`: a build that breaks a limit is [`CompileError::Failed`] naming the limit.
///
/// The build is named after the file and a hash of its content and build command (a new
/// Rust release may change the hash: that only costs a rebuild), and is made under a
/// temporary name then renamed, so parallel builds of one source are safe. A missing tool
/// (compiler or runtime, looked up on `PATH`) is [`CompileError::CompilerMissing`]; a build
/// not in the cache when the judge is interrupted is [`CompileError::Interrupted`].
pub fn compile(
    source: &Path,
    standard: Option<&'static Standard>,
    cache_dir: &Path,
    sandbox: &Sandbox,
    limits: &BuildLimits,
) -> Result<Built, CompileError> {
    let language =
        language::of(source).ok_or_else(|| CompileError::Unsupported(source.to_path_buf()))?;
    if let Some(standard) = standard.filter(|s| !language.standards.contains(s)) {
        return Err(CompileError::Standard {
            source: source.to_path_buf(),
            standard,
        });
    }
    if let Some(tool) = language::missing_tool(language.tools) {
        return Err(CompileError::CompilerMissing {
            compiler: tool.into(),
        });
    }
    let text = fs::read(source)
        .map_err(|e| CompileError::Io(format!("cannot read {}: {e}", source.display())))?;
    let words = language.compile_words(standard);
    let mut hasher = DefaultHasher::new();
    (BUILD_KIND, &words, language.run, &text).hash(&mut hasher);
    let stem = source
        .file_stem()
        .map_or("solution".into(), |s| s.to_string_lossy().into_owned());
    let file_name = source
        .file_name()
        .map_or("solution".into(), |s| s.to_string_lossy().into_owned());
    let target = cache_dir.join(format!("{stem}-{:016x}", hasher.finish()));
    let target = std::path::absolute(&target).unwrap_or(target);
    // Java's public class names the file javac compiles (not the file's own name): an ASCII
    // name alone, of a length any file system takes (javac then says what it wants of others).
    let public = (language.id == language::JAVA.id)
        .then(|| super::java::public_class(&String::from_utf8_lossy(&text)))
        .flatten()
        .filter(|class| {
            class.len() <= 200
                && (class.chars()).all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        });
    let main_class = |dir: &Path| -> Result<String, CompileError> {
        if language.id != language::JAVA.id {
            return Ok(stem.clone());
        }
        let preferred: Vec<&str> = public.iter().map(String::as_str).chain([&*stem]).collect();
        let failed = |message| CompileError::failed(source, message);
        let class = super::java::main_class(dir, &preferred).map_err(failed)?;
        // The class is a word of the run command, shown in reports: nothing invisible in it.
        match crate::text::name(&class) {
            std::borrow::Cow::Borrowed(_) => Ok(class),
            std::borrow::Cow::Owned(shown) => Err(failed(format!(
                "the class with main, {shown}, has characters in its name the judge does not run"
            ))),
        }
    };
    let built = |main_class: String| Built {
        language,
        path: target.clone(),
        main_class,
        file_name: file_name.clone(),
    };
    if target.exists() {
        return Ok(built(main_class(&target)?));
    }
    if super::interrupted().is_some() {
        return Err(CompileError::Interrupted);
    }
    fs::create_dir_all(cache_dir)
        .map_err(|e| CompileError::Io(format!("cannot create {}: {e}", cache_dir.display())))?;
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let temporary = cache_dir.join(format!(
        ".{stem}.{}.{}.tmp",
        std::process::id(),
        BUILDS.fetch_add(1, Ordering::Relaxed)
    ));
    let compiled = match &public {
        Some(class) => format!("{class}.java"),
        None => file_name.clone(),
    };
    let what = Build {
        language,
        standard,
        words: &words,
        source,
        text: &text,
        file_name: &file_name,
        compiled: &compiled,
    };
    let result =
        build(&what, &temporary, sandbox, limits).and_then(|()| main_class(&temporary).map(built));
    let built = match result {
        Ok(built) => built,
        Err(e) => {
            remove(&temporary);
            return Err(e);
        }
    };
    if let Err(e) = fs::rename(&temporary, &target) {
        remove(&temporary);
        // Another process may have finished the same build first.
        if !target.exists() {
            return Err(CompileError::cannot_write(&target, e));
        }
    }
    Ok(built)
}

/// What [`build`] builds: the source, its language and standard, and its compile command.
struct Build<'a> {
    language: &'static Language,
    /// The standard the solution named (none: the default, which a failure is tried below).
    standard: Option<&'static Standard>,
    /// The compile command's words ([`Language::compile_words`]).
    words: &'a [String],
    source: &'a Path,
    text: &'a [u8],
    /// The source's file name: its copy in a build directory.
    file_name: &'a str,
    /// The name of the copy the compiler reads (Java's public class's).
    compiled: &'a str,
}

/// Builds `what` into `output`: the executable, or a directory with the source copied in (and
/// Java's classes). The compiler runs in `sandbox` on a copy of the source, in a directory of
/// its own beside `output`.
fn build(
    what: &Build,
    output: &Path,
    sandbox: &Sandbox,
    limits: &BuildLimits,
) -> Result<(), CompileError> {
    let Build {
        language,
        source,
        text,
        file_name,
        ..
    } = *what;
    let io_error = CompileError::cannot_write;
    let failed = |message| CompileError::failed(source, message);
    // What is stored (and staged for every run) is bounded by the output limit: the
    // executable, or the source's copy and the classes beside it.
    let source_bytes = text.len() as u64;
    if language.builds_directory {
        if source_bytes > limits.output_bytes {
            return Err(failed(format!(
                "the build's output is larger than its limit, {} MiB: the source alone is {} MiB",
                limits.output_bytes >> 20,
                source_bytes.div_ceil(1 << 20)
            )));
        }
        fs::create_dir(output).map_err(|e| io_error(output, e))?;
        let copy = output.join(file_name);
        fs::write(&copy, text).map_err(|e| io_error(&copy, e))?;
    }
    if language.compile.is_empty() {
        return Ok(());
    }
    // The compiler's copy of the source: staged by the sandbox from here, nothing beside it.
    let inbox = output.with_extension("source");
    fs::create_dir(&inbox).map_err(|e| io_error(&inbox, e))?;
    let copy = inbox.join(what.compiled);
    let written = fs::write(&copy, text).map_err(|e| io_error(&copy, e));
    let jailed = |script: String, limits: &Limits| {
        let cmd = ["sh", "-c", &script, "sh", &copy.to_string_lossy()].map(String::from);
        // The source's copy is the one file staged.
        let cmd = super::Argv::with_files(cmd.to_vec(), vec![4]);
        super::run(&cmd, Input::Bytes(b""), limits, sandbox)
    };
    let result =
        written.map(|()| jailed(script(language, what.words, limits), &limits.run_limits()));
    // A failure under the default standard: which older one it builds as, with what the
    // first build left of the limits.
    let older = match &result {
        Ok(r) if matches!(r.outcome, Outcome::Exited(c) if c != 0) && what.standard.is_none() => {
            let mut left = limits.run_limits();
            left.cpu = left.cpu.saturating_sub(r.cpu);
            left.wall = left.wall.saturating_sub(r.wall);
            let tries: Vec<&Standard> = language.older_standards().collect();
            (!tries.is_empty() && !left.cpu.is_zero() && !left.wall.is_zero()).then(|| {
                let tried = jailed(fallback_script(language, &tries), &left);
                let id = String::from_utf8_lossy(&tried.stdout).trim().to_string();
                tries.into_iter().find(|s| s.id == id)
            })
        }
        _ => None,
    };
    remove(&inbox);
    let result = result?;
    let limit = match result.outcome {
        Outcome::Exited(0) => None,
        Outcome::Exited(_) => {
            // The compiler quotes the source: none of its control or invisible characters (a
            // right-to-left override in a comment, an escape sequence) reaches a terminal raw.
            // Each of its lines is quoted: none reads as a line of the judge's own.
            let mut message = crate::text::visible_bytes(&result.stderr_tail);
            if message.trim().is_empty() {
                message = "the compiler failed without a message".into();
            }
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
                message: crate::text::quoted(&message),
                builds_as: older.flatten(),
            });
        }
        Outcome::TimeLimit(TimeKind::Cpu) => Some(format!(
            "the build's CPU time limit, {} s, was reached",
            limits.cpu.as_secs_f64()
        )),
        Outcome::TimeLimit(TimeKind::Wall) => Some(format!(
            "the build's wall-clock limit, {} s, was reached",
            limits.wall.as_secs_f64()
        )),
        Outcome::MemoryLimit => {
            let counted = (sandbox.layers().applied.iter()).any(|a| a.layer == Layer::Cgroup);
            let mib = limits.memory_bytes >> 20;
            Some(if counted {
                format!("the build's memory limit, {mib} MiB, was reached")
            } else {
                // Without a cgroup only each process's address space is bounded: say so.
                format!(
                    "the build's address space limit, {mib} MiB a process, was reached (no \
                     cgroup here: its processes together are not counted)"
                )
            })
        }
        Outcome::OutputLimit => Some(format!(
            "the build's output is larger than its limit, {} MiB",
            limits.output_bytes >> 20
        )),
        Outcome::Signaled(signal) => Some(format!(
            "the compiler was killed by {}",
            super::signal_name(signal)
        )),
        Outcome::SpawnFailed(why) => {
            return Err(CompileError::Io(format!("cannot start the build: {why}")));
        }
    };
    if let Some(why) = limit {
        return Err(failed(why));
    }
    if language.builds_directory {
        if language.id == language::JAVA.id {
            let budget = limits.output_bytes - source_bytes;
            unpack_classes(&result.stdout, output, budget, limits.output_bytes).map_err(failed)?;
        }
        return Ok(());
    }
    fs::write(output, &result.stdout).map_err(|e| io_error(output, e))?;
    fs::set_permissions(output, fs::Permissions::from_mode(0o755)).map_err(|e| io_error(output, e))
}

/// The shell script that builds `"$1"` (the source's copy): in a new temporary directory
/// (under the jail's own `/tmp`), the language's compile command, its messages on standard
/// error, then what it built on standard output (the executable; Java's classes as a jar;
/// nothing for Python, whose `__pycache__` goes to the temporary directory too). Java's JVMs
/// get [`JVM_FLAGS`] and a heap that fits in `limits`. `words` is the compile command.
fn script(language: &Language, words: &[String], limits: &BuildLimits) -> String {
    let java = language.id == language::JAVA.id;
    let jvm = format!(
        "{} -J-Xmx{}m",
        JVM_FLAGS.join(" "),
        jvm_heap_mib(limits.memory_bytes)
    );
    let compile = shell_line(words, java.then_some(&*jvm));
    let body = if java {
        format!(
            "mkdir \"$d/classes\" && {compile} >&2 && cd \"$d/classes\" && \
             jar {jvm} --create --file \"$d/classes.jar\" . >&2 && cat \"$d/classes.jar\""
        )
    } else if language.builds_directory {
        format!("PYTHONPYCACHEPREFIX=\"$d/pycache\" {compile} >&2")
    } else {
        format!("{compile} >&2 && cat \"$d/build\"")
    };
    format!("d=$(mktemp -d) && trap 'rm -rf \"$d\"' EXIT && {body}")
}

/// The shell script that builds `"$1"` under each of `tries` in turn (the executable thrown
/// away) and prints the id of the first that builds, if any.
fn fallback_script(language: &Language, tries: &[&Standard]) -> String {
    let attempts: Vec<String> = (tries.iter())
        .map(|standard| {
            format!(
                "{} >/dev/null 2>&1 && {{ echo {}; exit 0; }}",
                shell_line(&language.compile_words(Some(standard)), None),
                standard.id
            )
        })
        .collect();
    format!(
        "d=$(mktemp -d) && trap 'rm -rf \"$d\"' EXIT && {{ {}; }}; exit 1",
        attempts.join("; ")
    )
}

/// A compile command's `words` as a shell line: `{source}` the source's copy `"$1"`, the
/// build `"$d/build"` or Java's classes `"$d/classes"`, the compiler as the jail runs it
/// ([`toolchain_program`]) followed by `jvm` (a Java build's JVM options), the rest quoted.
fn shell_line(words: &[String], jvm: Option<&str>) -> String {
    let words: Vec<String> = (words.iter().enumerate())
        .map(|(i, word)| match word.as_str() {
            "{source}" => "\"$1\"".to_string(),
            "{binary}" => "\"$d/build\"".to_string(),
            "{dir}" => "\"$d/classes\"".to_string(),
            word if i == 0 => match jvm {
                Some(jvm) => format!("{} {jvm}", toolchain_program(word)),
                None => toolchain_program(word),
            },
            word => shell_words::quote(word).into_owned(),
        })
        .collect();
    words.join(" ")
}

/// The heap of a build's JVM under a memory limit of `memory_bytes`, in MiB: the limit less
/// [`JVM_RESERVED_MIB`], and at least a quarter of it.
fn jvm_heap_mib(memory_bytes: u64) -> u64 {
    let mib = memory_bytes >> 20;
    mib.saturating_sub(JVM_RESERVED_MIB).max(mib / 4)
}

/// The compiler `program` as the jail runs it: a toolchain outside the system directories
/// (rustup's) by its absolute path in its own directory (see [`super::sandbox::toolchain_directories`]).
fn toolchain_program(program: &str) -> String {
    let resolved = super::sandbox::toolchain_directories()
        .iter()
        .map(|dir| dir.join("bin").join(program))
        .find(|p| p.is_file());
    shell_words::quote(
        &resolved.map_or_else(|| program.to_string(), |p| p.to_string_lossy().into_owned()),
    )
    .into_owned()
}

/// Writes the classes of Java's jar `bytes` into `dir`: regular files only, by names that
/// stay inside `dir`, at most [`MAX_CLASSES`] of them, and at most `budget` bytes in all. The
/// sizes the jar's central directory declares are summed before anything is written (a jar of
/// a few hundred KiB may unpack to hundreds of MiB); the bytes really written are counted too,
/// in case an entry holds more than it declares. `limit` is the output limit the message names.
fn unpack_classes(bytes: &[u8], dir: &Path, budget: u64, limit: u64) -> Result<(), String> {
    let unreadable = |e: zip::result::ZipError| format!("the build's classes cannot be read: {e}");
    let mut archive = zip::ZipArchive::new(io::Cursor::new(bytes)).map_err(unreadable)?;
    if archive.len() > MAX_CLASSES {
        return Err(format!("the build made more than {MAX_CLASSES} files"));
    }
    let too_large = |unpacked: u64| {
        format!(
            "the build's output is larger than its limit, {} MiB: its classes unpack to {} MiB",
            limit >> 20,
            unpacked.div_ceil(1 << 20)
        )
    };
    let mut declared = 0u64;
    for i in 0..archive.len() {
        let size = archive.by_index_raw(i).map_err(unreadable)?.size();
        declared = declared.saturating_add(size);
    }
    if declared > budget {
        return Err(too_large(declared));
    }
    let mut left = budget;
    for i in 0..archive.len() {
        let entry = archive.by_index(i).map_err(unreadable)?;
        let Some(name) = entry.enclosed_name() else {
            return Err(format!(
                "the build made a file outside its directory: {:?}",
                entry.name()
            ));
        };
        let path = dir.join(name);
        if entry.is_dir() {
            fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            continue;
        }
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        let mut file = fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let written = io::copy(&mut io::Read::take(entry, left + 1), &mut file)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if written > left {
            return Err(too_large(budget - left + written));
        }
        left -= written;
    }
    Ok(())
}

fn remove(path: &Path) {
    if path.is_dir() {
        let _ = fs::remove_dir_all(path);
    } else {
        let _ = fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_builds_jvm_heap_leaves_room_for_its_reservations() {
        assert_eq!(jvm_heap_mib(2 << 30), 1536);
        assert_eq!(jvm_heap_mib(1 << 30), 512);
        assert_eq!(jvm_heap_mib(512 << 20), 128);
        assert_eq!(jvm_heap_mib(256 << 20), 64);
    }

    #[test]
    fn a_jar_past_its_budget_is_refused_before_anything_is_written() {
        let mut jar = io::Cursor::new(Vec::new());
        let mut writer = zip::ZipWriter::new(&mut jar);
        let options = zip::write::SimpleFileOptions::default();
        for name in ["A.class", "B.class"] {
            writer.start_file(name, options).unwrap();
            io::Write::write_all(&mut writer, &[0; 600 << 10]).unwrap();
        }
        writer.finish().unwrap();
        let dir = std::env::temp_dir().join(format!("boardjudge-unpack-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let refused = unpack_classes(jar.get_ref(), &dir, 1 << 20, 1 << 20);
        let written = fs::read_dir(&dir).unwrap().count();
        let fits = unpack_classes(jar.get_ref(), &dir, 2 << 20, 2 << 20);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            refused.unwrap_err(),
            "the build's output is larger than its limit, 1 MiB: its classes unpack to 2 MiB"
        );
        assert_eq!(written, 0);
        assert_eq!(fits, Ok(()));
    }
}
