//! The languages a solution (or a test generator) may be written in, with the compile and
//! run commands of the usual contest judges (ICPC World Finals, Kattis, DOMjudge,
//! Codeforces): C, C++, Rust, Python 3 and Java.
//!
//! A command is a list of words in which `{source}` is the source file, `{binary}` the
//! executable, `{dir}` the build directory (of the Java classes), `{std}` the flag of the
//! language standard ([`Standard`]: the solution's own, else the language's default), `{class}`
//! the Java main class (the class whose `public static void main(String[])` the build holds,
//! found by [`super::java`]) and `{heap}` the JVM's heap in MiB (see [`JVM_OVERHEAD_MIB`]).
//! [`compile`](super::compile) builds into a cache and [`Built::command`] gives the argv that
//! runs the result. C and C++ are built with `ONLINE_JUDGE` defined, as UVa, POJ, Luogu,
//! Codeforces, DOMjudge and DMOJ build them.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Serialize;

use super::{Argv, Limits};

/// A language: how its sources are built and run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Language {
    /// Its short name (`c`, `cpp`, `rust`, `python3`, `java`), as Kattis names them.
    pub id: &'static str,
    /// Its display name.
    pub name: &'static str,
    /// The file extensions of its sources, without the dot.
    pub extensions: &'static [&'static str],
    /// The command that builds a source (none: the source runs as it is, after the syntax
    /// check of [`Language::check`]).
    pub compile: &'static [&'static str],
    /// The command that runs the built program.
    pub run: &'static [&'static str],
    /// The programs it needs on `PATH` (the compiler, then the runtime, if any).
    pub tools: &'static [&'static str],
    /// The command whose first output line is the toolchain's version.
    pub version: &'static [&'static str],
    /// Address space granted beyond the memory limit (`RLIMIT_AS`), in MiB: the JVM
    /// reserves far more than it uses (its code cache, class space and a `-Xss` stack per
    /// thread) and would not start within the memory limit. The heap stays bounded by
    /// `-Xmx` = the memory limit, and where the sandbox has a cgroup, the memory the run
    /// really uses is bounded by the memory limit.
    pub extra_address_space_mib: u64,
    /// Whether the build is a directory with the source copied in (interpreted languages and
    /// Java), rather than one executable file.
    pub builds_directory: bool,
    /// The standards a solution may name (oldest first), for a compile command with `{std}`.
    pub standards: &'static [Standard],
    /// The id of the standard a solution that names none is built as (one of `standards`).
    pub default_standard: &'static str,
}

/// A language standard a C or C++ solution may name (`--std`, judge.toml's `std`): GCC's GNU
/// dialect of it, as the judges that offer a choice build it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Standard {
    /// Its name on the command line and in judge.toml: `c99`, `cpp98`.
    pub id: &'static str,
    /// Its display name: `C99`, `C++98`.
    pub name: &'static str,
    /// The compiler's flag: `-std=gnu99`.
    pub flag: &'static str,
}

/// C's standards, oldest first.
const C_STANDARDS: &[Standard] = &[
    gnu("c89", "C89", "-std=gnu89"),
    gnu("c99", "C99", "-std=gnu99"),
    gnu("c11", "C11", "-std=gnu11"),
    gnu("c17", "C17", "-std=gnu17"),
];

/// C++'s standards, oldest first.
const CPP_STANDARDS: &[Standard] = &[
    gnu("cpp98", "C++98", "-std=gnu++98"),
    gnu("cpp11", "C++11", "-std=gnu++11"),
    gnu("cpp14", "C++14", "-std=gnu++14"),
    gnu("cpp17", "C++17", "-std=gnu++17"),
    gnu("cpp20", "C++20", "-std=gnu++20"),
];

const fn gnu(id: &'static str, name: &'static str, flag: &'static str) -> Standard {
    Standard { id, name, flag }
}

/// C: GCC, as ICPC and Kattis call it, in GNU C17 unless the solution names its standard.
pub const C: Language = Language {
    id: "c",
    name: "C",
    extensions: &["c"],
    compile: &[
        "gcc",
        "-O2",
        "{std}",
        "-DONLINE_JUDGE",
        "-pipe",
        "-o",
        "{binary}",
        "{source}",
        "-lm",
    ],
    run: &["{binary}"],
    tools: &["gcc"],
    version: &["gcc", "--version"],
    extra_address_space_mib: 0,
    builds_directory: false,
    standards: C_STANDARDS,
    default_standard: "c17",
};

/// C++: G++ in GNU C++17 unless the solution names its standard.
pub const CPP: Language = Language {
    id: "cpp",
    name: "C++",
    extensions: &["cpp", "cc", "cxx"],
    compile: &[
        "g++",
        "-O2",
        "{std}",
        "-DONLINE_JUDGE",
        "-pipe",
        "-o",
        "{binary}",
        "{source}",
    ],
    run: &["{binary}"],
    tools: &["g++"],
    version: &["g++", "--version"],
    extra_address_space_mib: 0,
    builds_directory: false,
    standards: CPP_STANDARDS,
    default_standard: "cpp17",
};

/// Rust, edition 2021, optimised.
pub const RUST: Language = Language {
    id: "rust",
    name: "Rust",
    extensions: &["rs"],
    compile: &[
        "rustc",
        "-O",
        "--edition",
        "2021",
        "-o",
        "{binary}",
        "{source}",
    ],
    run: &["{binary}"],
    tools: &["rustc"],
    version: &["rustc", "--version"],
    extra_address_space_mib: 0,
    builds_directory: false,
    standards: &[],
    default_standard: "",
};

/// Python 3: CPython; the build is a syntax check (`py_compile`, as Kattis does).
pub const PYTHON3: Language = Language {
    id: "python3",
    name: "Python 3",
    extensions: &["py"],
    compile: &["python3", "-m", "py_compile", "{source}"],
    run: &["python3", "{source}"],
    tools: &["python3"],
    version: &["python3", "--version"],
    extra_address_space_mib: 0,
    builds_directory: true,
    standards: &[],
    default_standard: "",
};

/// Java: javac, then the JVM with the flags of Kattis and the ICPC World Finals (serial GC,
/// 64 MiB stacks), the heap the memory limit less the JVM's own [`JVM_OVERHEAD_MIB`] (as
/// DOMjudge does), and the code cache and class space bounded. The source is compiled under
/// the name of its public class, whatever the file's name, and the main class is the one
/// with `public static void main(String[])`, in its package if it has one (as Kattis runs it:
/// [`super::java`]).
pub const JAVA: Language = Language {
    id: "java",
    name: "Java",
    extensions: &["java"],
    compile: &["javac", "-encoding", "UTF-8", "-d", "{dir}", "{source}"],
    run: &[
        "java",
        "-Dfile.encoding=UTF-8",
        "-XX:+UseSerialGC",
        "-Xss64m",
        "-Xmx{heap}m",
        "-XX:ReservedCodeCacheSize=64m",
        "-XX:CompressedClassSpaceSize=64m",
        "-XX:MaxMetaspaceSize=128m",
        "-XX:-UsePerfData",
        "-cp",
        "{dir}",
        "{class}",
    ],
    tools: &["javac", "java"],
    version: &["javac", "-version"],
    extra_address_space_mib: 3072,
    builds_directory: true,
    standards: &[],
    default_standard: "",
};

/// What the JVM itself uses beside the heap (code, classes, threads), in MiB: `{heap}` is
/// the memory limit less this, and at least half the memory limit.
pub const JVM_OVERHEAD_MIB: u64 = 64;

/// Every language, in the order `judge languages` lists them.
pub const ALL: [Language; 5] = [C, CPP, RUST, PYTHON3, JAVA];

/// The language of a source file, by its extension.
pub fn of(source: &Path) -> Option<&'static Language> {
    let extension = source.extension()?.to_str()?;
    ALL.iter().find(|l| l.extensions.contains(&extension))
}

/// The language and the standard named `id` (`cpp98`), or a message listing those there are.
pub fn standard(id: &str) -> Result<(&'static Language, &'static Standard), String> {
    let found = ALL
        .iter()
        .find_map(|l| l.standards.iter().find(|s| s.id == id).map(|s| (l, s)));
    found.ok_or_else(|| {
        let ids: Vec<&str> = (ALL.iter())
            .flat_map(|l| l.standards.iter().map(|s| s.id))
            .collect();
        format!(
            "no language standard {:?} (there are: {})",
            crate::text::visible(id),
            ids.join(", ")
        )
    })
}

/// The standard `id` names for the source at `path` (judge.toml's `std`): an error when
/// there is none of that name, or it is another language's.
pub fn standard_of(path: &Path, id: &str) -> Result<&'static Standard, String> {
    match standard(id) {
        Ok((l, standard)) if of(path) == Some(l) => Ok(standard),
        Ok(_) => Err(format!(
            "`std = \"{id}\"` is not a standard of its language"
        )),
        Err(e) => Err(format!("`std`: {e}")),
    }
}

/// The extensions of every language, for messages: `.c, .cpp, .cc, ...`.
pub fn known_extensions() -> String {
    let all: Vec<String> = ALL
        .iter()
        .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
        .collect();
    all.join(", ")
}

/// The first of `tools` that is not on `PATH`, if any.
pub fn missing_tool(tools: &[&'static str]) -> Option<&'static str> {
    tools.iter().copied().find(|t| find_in_path(t).is_none())
}

/// Where `PATH` finds an executable `program`.
pub fn find_in_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| {
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

impl Language {
    /// The toolchain's version (the first line of its version command), or `None` when a
    /// tool it needs is not on `PATH`.
    pub fn toolchain_version(&self) -> Option<String> {
        if missing_tool(self.tools).is_some() {
            return None;
        }
        let (program, args) = self.version.split_first()?;
        let output = Command::new(program).args(args).output().ok()?;
        let text = if output.stdout.is_empty() {
            output.stderr
        } else {
            output.stdout
        };
        let text = String::from_utf8_lossy(&text);
        Some(text.lines().next().unwrap_or("").trim().to_string())
    }

    /// The compile command's words with `{std}` the flag of `standard`, else of the default.
    pub fn compile_words(&self, standard: Option<&Standard>) -> Vec<String> {
        let flag = standard.or(self.default()).map_or("", |s| s.flag);
        (self.compile.iter())
            .map(|w| if *w == "{std}" { flag } else { w })
            .map(String::from)
            .collect()
    }

    /// The standard a solution that names none is built as, if the language has standards.
    pub fn default(&self) -> Option<&'static Standard> {
        self.standards
            .iter()
            .find(|s| s.id == self.default_standard)
    }

    /// The standards older than the default, newest first: those a failed build is tried
    /// again under, to say which one it builds as.
    pub fn older_standards(&self) -> impl Iterator<Item = &'static Standard> {
        let default = (self.standards.iter())
            .position(|s| s.id == self.default_standard)
            .unwrap_or(0);
        self.standards[..default].iter().rev()
    }
}

/// A built program: its language and where the build is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// Its language.
    pub language: &'static Language,
    /// The executable, or (for [`Language::builds_directory`]) the build directory.
    pub path: PathBuf,
    /// Java's main class (with its package: `usaco.Main`); the source's file name without
    /// extension for the other languages.
    pub main_class: String,
    /// The source's file name (the copy in the build directory, for Python).
    pub file_name: String,
}

impl Built {
    /// The argv that runs the program under `limits` (Java's heap from the memory limit):
    /// the words that hold the build (`{binary}`, `{dir}`, `{source}`) name the files to
    /// stage; `{class}`, the main class the build holds, is a word (never a path).
    pub fn command(&self, limits: &Limits) -> Argv {
        let memory = limits.memory_bytes >> 20;
        let heap = memory
            .saturating_sub(JVM_OVERHEAD_MIB)
            .max(memory / 2)
            .to_string();
        let path = self.path.to_string_lossy();
        let source = self.path.join(&self.file_name);
        let source = source.to_string_lossy();
        let words = self
            .language
            .run
            .iter()
            .map(|word| {
                word.replace("{binary}", &path)
                    .replace("{dir}", &path)
                    .replace("{source}", &source)
                    .replace("{class}", &self.main_class)
                    .replace("{heap}", &heap)
            })
            .collect();
        let built = ["{binary}", "{dir}", "{source}"];
        let files = (self.language.run.iter().enumerate())
            .filter(|(_, word)| built.iter().any(|b| word.contains(b)))
            .map(|(k, _)| k)
            .collect();
        Argv::with_files(words, files)
    }

    /// The limits it runs under: `limits`, with the language's extra address space.
    pub fn limits(&self, limits: &Limits) -> Limits {
        let mut limits = *limits;
        limits.extra_address_space_bytes = self.language.extra_address_space_mib << 20;
        limits
    }
}
