//! Hostile sources against the jailed build: the compiler runs in the run's sandbox, so a
//! source that includes the jury's files, reads the judge's environment or makes the compiler
//! wait or grow gets a compile error naming what stopped it (or builds a program that learns
//! nothing), never the jury's text, and the judge ends within the build's limits.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use boardjudge::runner::compile::{BuildLimits, CompileError, compile};
use boardjudge::runner::{Argv, Input, Layer, Limits, Sandbox, SandboxMode, run};
use common::need::need;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A jury answer of the committed data, and its text.
fn jury_answer() -> (PathBuf, String) {
    let path = repo().join("testdata/msquare/samples/statement.ans");
    let text = fs::read_to_string(&path).unwrap();
    (path, text)
}

/// A fresh directory for one test's sources and cache.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("build-jail-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Short limits, so that a build that waits or grows is stopped soon.
fn short() -> BuildLimits {
    BuildLimits {
        cpu: Duration::from_secs(20),
        wall: Duration::from_secs(4),
        memory_bytes: 512 << 20,
        ..BuildLimits::DEFAULT
    }
}

fn jail() -> Sandbox {
    Sandbox::new(SandboxMode::Auto).unwrap()
}

/// Builds `text` as `dir/name` under `limits`: the result and how long it took.
fn build(
    dir: &Path,
    name: &str,
    text: &str,
    limits: &BuildLimits,
) -> (Result<Argv, CompileError>, Duration) {
    let source = dir.join(name);
    fs::write(&source, text).unwrap();
    let started = Instant::now();
    let built = compile(&source, None, &dir.join("cache"), &jail(), limits)
        .map(|b| b.command(&Limits::with_cpu(Duration::from_secs(2))));
    (built, started.elapsed())
}

/// The compiler's message of a failed build.
fn message(built: &Result<Argv, CompileError>) -> String {
    match built {
        Err(CompileError::Failed { message, .. }) => message.clone(),
        other => panic!("expected a compile error, got {other:?}"),
    }
}

/// No process whose command line names `marker` is left.
fn assert_none_left(marker: &str) {
    let left: Vec<String> = fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| {
            let e = e.ok()?;
            e.file_name().to_str()?.parse::<u32>().ok()?;
            let cmdline = fs::read(e.path().join("cmdline")).ok()?;
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            cmdline.contains(marker).then_some(cmdline)
        })
        .collect();
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn an_incbin_of_the_test_data_does_not_build() {
    let dir = scratch("incbin");
    let (answer, text) = jury_answer();
    // Through the compiler's working directory, and by the absolute path.
    let source = format!(
        "__asm__(\".incbin \\\"/proc/self/cwd/testdata/msquare/samples/statement.ans\\\"\");\n\
         __asm__(\".incbin \\\"{}\\\"\");\nint main(void) {{ return 0; }}\n",
        answer.display()
    );
    let (built, _) = build(&dir, "incbin.c", &source, &BuildLimits::DEFAULT);
    let message = message(&built);
    assert!(message.contains("statement.ans"), "{message}");
    assert!(!message.contains(text.lines().nth(1).unwrap()), "{message}");
}

#[test]
fn an_include_of_a_jury_answer_is_not_quoted_back() {
    let dir = scratch("include");
    let (answer, text) = jury_answer();
    let source = format!(
        "#include \"{}\"\nint main() {{ return 0; }}\n",
        answer.display()
    );
    let (built, _) = build(&dir, "include.cpp", &source, &BuildLimits::DEFAULT);
    let message = message(&built);
    assert!(message.contains("No such file"), "{message}");
    for line in text.lines() {
        assert!(!message.contains(line), "{line:?} in {message}");
    }
}

#[test]
fn rust_sees_no_file_and_no_variable_of_the_judge() {
    if !need(
        "rustc",
        boardjudge::runner::language::find_in_path("rustc").is_some(),
        "a Rust build in the jail is not tested",
    ) {
        return;
    }
    let dir = scratch("rust");
    let (answer, _) = jury_answer();
    let source = format!(
        "const ANSWER: &str = include_str!(\"{}\");\nfn main() {{ print!(\"{{ANSWER}}\"); }}\n",
        answer.display()
    );
    let (built, _) = build(&dir, "include_str.rs", &source, &BuildLimits::DEFAULT);
    assert!(message(&built).contains("couldn't read"), "{built:?}");
    // A variable of the judge's environment at build time.
    // SAFETY: set before any thread of this test reads the environment.
    unsafe { std::env::set_var("BOARDJUDGE_BUILD_SECRET", "judge-secret") };
    let source = "fn main() {\n    print!(\"{}|{}\", option_env!(\"BOARDJUDGE_BUILD_SECRET\")\
        .unwrap_or(\"none\"), option_env!(\"CARGO_MANIFEST_DIR\").unwrap_or(\"none\"));\n}\n";
    let (built, _) = build(&dir, "option_env.rs", source, &BuildLimits::DEFAULT);
    let argv = built.unwrap();
    let out = run(
        &argv,
        Input::Bytes(b""),
        &Limits::with_cpu(Duration::from_secs(2)),
        &Sandbox::off(),
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "none|none");
}

#[test]
fn a_compiler_reading_its_own_output_is_stopped_at_the_wall_limit() {
    let dir = scratch("fd-one");
    let marker = format!("fd-one-{}.c", std::process::id());
    let source = "#include \"/proc/self/fd/1\"\nint main(void) { return 0; }\n";
    let limits = short();
    let (built, took) = build(&dir, &marker, source, &limits);
    let message = message(&built);
    assert!(
        message.contains("wall-clock limit") || message.contains("No such file"),
        "{message}"
    );
    assert!(took < limits.wall + Duration::from_secs(5), "{took:?}");
    assert_none_left(&marker);
}

#[test]
fn a_compiler_reading_dev_zero_is_stopped_by_its_limits() {
    let dir = scratch("dev-zero");
    let marker = format!("dev-zero-{}.c", std::process::id());
    let source = "#include \"/dev/zero\"\nint main(void) { return 0; }\n";
    let limits = short();
    let (built, took) = build(&dir, &marker, source, &limits);
    let message = message(&built);
    assert!(
        [
            "memory limit",
            "wall-clock limit",
            "CPU time limit",
            "out of memory",
            "killed"
        ]
        .iter()
        .any(|m| message.contains(m)),
        "{message}"
    );
    assert!(took < limits.wall + Duration::from_secs(5), "{took:?}");
    assert_none_left(&marker);
}

#[test]
fn judge_run_never_accepts_a_submission_made_of_the_answers() {
    // The attack of issue 29: the answers of every test bundled at build time, the one whose
    // input equals standard input printed.
    let dir = scratch("cli-incbin");
    let source = dir.join("answers.c");
    fs::write(
        &source,
        "__asm__(\".incbin \\\"/proc/self/cwd/testdata/msquare/samples/statement.ans\\\"\");\n\
         int main(void) { return 0; }\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["run", "msquare", "--tests", "samples", "--jobs", "1"])
        .arg(&source)
        .current_dir(repo())
        .output()
        .unwrap();
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success(), "{shown}");
    assert!(shown.contains("compilation failed"), "{shown}");
    let (_, text) = jury_answer();
    assert!(!shown.contains(text.lines().nth(1).unwrap()), "{shown}");
}

/// A Java source of folded string constants: 40 of 48 KiB each in its class's constant pool,
/// about 2 MiB of class for a jar of a few KiB.
fn folded_constants() -> String {
    let fields: Vec<String> = (0..40).map(|i| format!("G + \"{i}\"")).collect();
    format!(
        "public class Folded {{\n\
         static final String A = \"xxxxxxxxxxxxxxxx\";\n\
         static final String B = A + A + A + A;\n\
         static final String C = B + B + B + B;\n\
         static final String D = C + C + C + C;\n\
         static final String E = D + D + D + D;\n\
         static final String F = E + E + E + E;\n\
         static final String G = F + F + F;\n\
         static final String[] ALL = {{ {} }};\n\
         public static void main(String[] args) {{ System.out.println(ALL.length); }}\n}}\n",
        fields.join(", ")
    )
}

/// The bytes of the regular files under `dir`.
fn tree_bytes(dir: &Path) -> u64 {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let meta = e.metadata().unwrap();
            if meta.is_dir() {
                tree_bytes(&e.path())
            } else {
                meta.len()
            }
        })
        .sum()
}

#[test]
fn a_jar_that_unpacks_past_the_output_limit_is_a_compile_error_naming_it() {
    if !need(
        "java",
        boardjudge::runner::language::find_in_path("javac").is_some(),
        "a Java build in the jail is not tested",
    ) {
        return;
    }
    let source = folded_constants();
    // Under the default limit it builds, and its classes are more than 1 MiB.
    let dir = scratch("jar-accepted");
    let (built, _) = build(&dir, "Folded.java", &source, &BuildLimits::DEFAULT);
    let argv = built.unwrap();
    let classes = dir.join("cache").join(
        fs::read_dir(dir.join("cache"))
            .unwrap()
            .find_map(|e| {
                let name = e.unwrap().file_name();
                name.to_string_lossy()
                    .starts_with("Folded-")
                    .then_some(name)
            })
            .unwrap(),
    );
    assert!(tree_bytes(&classes) > 1 << 20, "{}", tree_bytes(&classes));
    let out = run(
        &argv,
        Input::Bytes(b""),
        // The JVM's address space is the language's business, not this test's.
        &Limits {
            memory_bytes: u64::MAX,
            ..Limits::with_cpu(Duration::from_secs(5))
        },
        &Sandbox::off(),
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "40\n");
    // Under 1 MiB of output the jar itself passes (it is a few KiB): the count of its
    // entries' sizes, before anything is unpacked, is what refuses it.
    let dir = scratch("jar-refused");
    let limits = BuildLimits {
        output_bytes: 1 << 20,
        ..BuildLimits::DEFAULT
    };
    let (built, _) = build(&dir, "Folded.java", &source, &limits);
    let message = message(&built);
    assert!(
        message.starts_with(
            "the build's output is larger than its limit, 1 MiB: its classes unpack to 2 MiB"
        ),
        "{message}"
    );
    let left: Vec<_> = fs::read_dir(dir.join("cache")).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_source_stored_beside_its_build_counts_in_the_output_limit() {
    if !need(
        "python3",
        boardjudge::runner::language::find_in_path("python3").is_some(),
        "a Python build is not tested",
    ) {
        return;
    }
    // Python's build is a directory with the source's copy: staged again for every run.
    let dir = scratch("python-large");
    let source = format!("print(1)\n#{}\n", "x".repeat(2 << 20));
    let limits = BuildLimits {
        output_bytes: 1 << 20,
        ..BuildLimits::DEFAULT
    };
    let (built, _) = build(&dir, "large.py", &source, &limits);
    let message = message(&built);
    assert_eq!(
        message,
        "the build's output is larger than its limit, 1 MiB: the source alone is 3 MiB"
    );
}

/// Whether this test runs as root.
fn root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// A C source whose preprocessing grows without end: ten to the ninth string literals.
fn macro_bomb() -> String {
    let mut lines = vec![format!("#define A0 \"{}\"", "x".repeat(64))];
    for i in 1..10 {
        let words = vec![format!("A{}", i - 1); 10];
        lines.push(format!("#define A{i} {}", words.join(" ")));
    }
    lines.push("const char *s = A9;\nint main(void) { return s[0]; }\n".into());
    lines.join("\n")
}

#[test]
fn a_macro_bomb_stops_at_the_memory_bound_the_message_names() {
    // Run by itself, and as `nobody` by the next test (a judge that is not root: no cgroup).
    let dir = std::env::temp_dir().join(format!("boardjudge-build-bomb-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let limits = BuildLimits {
        memory_bytes: 512 << 20,
        wall: Duration::from_secs(30),
        ..BuildLimits::DEFAULT
    };
    let sandbox = jail();
    let counted = sandbox
        .layers()
        .applied
        .iter()
        .any(|a| a.layer == Layer::Cgroup);
    let source = dir.join("bomb.c");
    fs::write(&source, macro_bomb()).unwrap();
    let started = Instant::now();
    let built = compile(&source, None, &dir.join("cache"), &sandbox, &limits);
    let took = started.elapsed();
    fs::remove_dir_all(&dir).unwrap();
    let message = match built {
        Err(CompileError::Failed { message, .. }) => message,
        other => panic!("expected a compile error, got {other:?}"),
    };
    // The bound holds at the stated limit, long before the CPU or wall limit.
    assert!(took < Duration::from_secs(15), "{took:?}: {message}");
    if counted {
        assert_eq!(message, "the build's memory limit, 512 MiB, was reached");
    } else {
        assert_eq!(
            message,
            "the build's address space limit, 512 MiB a process, was reached (no cgroup \
             here: its processes together are not counted)"
        );
    }
}

#[test]
fn a_macro_bomb_stops_at_the_memory_bound_for_a_judge_that_is_not_root_too() {
    if !need(
        "root",
        root(),
        "a judge that is not root is run as nobody only from a test run as root",
    ) {
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    const NOBODY: u32 = 65534;
    let dir = std::env::temp_dir().join(format!("boardjudge-build-nobody-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    let tests = dir.join("build-jail-tests");
    // By `cp`: a copy held open for writing by this process could be inherited by a child
    // another test thread forks, and executing it would fail with ETXTBSY.
    let copied = Command::new("cp")
        .arg(std::env::current_exe().unwrap())
        .arg(&tests)
        .status()
        .unwrap();
    assert!(copied.success());
    let out = Command::new(&tests)
        .args([
            "--exact",
            "a_macro_bomb_stops_at_the_memory_bound_the_message_names",
        ])
        .env_remove("TMPDIR")
        .env_remove("CI")
        .env_remove("BOARDJUDGE_REQUIRE")
        .current_dir(&dir)
        .uid(NOBODY)
        .gid(NOBODY)
        .output()
        .unwrap();
    fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("test result: ok. 1 passed"), "{stdout}");
}
