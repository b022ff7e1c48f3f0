//! Solutions built as the judges they were written for build them: C and C++ with
//! `ONLINE_JUDGE` defined, a C++98 source built as the standard it names (and, under the
//! default standard, a compile error that says which one it builds as), and Java run as
//! Kattis runs it: a `package` line and a public class not named like the file.

mod common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use common::cli::{judge, repo, scratch, text};
use common::need::need;

use boardjudge::runner::compile::{BuildLimits, CompileError, compile};
use boardjudge::runner::language;
use boardjudge::runner::{Input, Limits, Outcome, Sandbox, SandboxMode, run};

/// The shipped C++98 solution: globals named `hash` and `next`.
const CPP98: &str = "solutions/msquare/accepted/hash_table_cpp98.cpp";

/// The shipped Java solution: `package contest.msquare;`, `public class Main`.
const PACKAGED: &str = "solutions/msquare/accepted/packaged_main.java";

fn jail() -> Sandbox {
    Sandbox::new(SandboxMode::Auto).unwrap()
}

/// `source` built (as `standard`, if any) into `cache` and run on `input`: its stdout.
fn built_and_run(
    source: &Path,
    standard: Option<&'static language::Standard>,
    cache: &Path,
    input: &[u8],
) -> Result<String, CompileError> {
    let sandbox = jail();
    let built = compile(source, standard, cache, &sandbox, &BuildLimits::DEFAULT)?;
    let limits = built.limits(&Limits::with_cpu(Duration::from_secs(5)));
    let result = run(
        &built.command(&limits),
        Input::Bytes(input),
        &limits,
        &sandbox,
    );
    assert_eq!(result.outcome, Outcome::Exited(0), "{result:?}");
    Ok(text(&result.stdout))
}

#[test]
fn c_and_cpp_are_built_with_online_judge_defined() {
    let dir = scratch("dialects", "online-judge");
    let program = "#include <stdio.h>\nint main(void) {\n#ifdef ONLINE_JUDGE\n  \
        puts(\"online\");\n#else\n  puts(\"local\");\n#endif\n  return 0;\n}\n";
    for file in ["oj.c", "oj.cpp"] {
        let source = dir.join(file);
        fs::write(&source, program).unwrap();
        let out = built_and_run(&source, None, &dir.join("cache"), b"").unwrap();
        assert_eq!(out, "online\n", "{file}");
    }
    // The shipped solution that reads input.txt unless ONLINE_JUDGE is defined.
    let o = judge(&[
        "run",
        "msquare",
        "solutions/msquare/accepted/online_judge_guard.cpp",
        "--tests",
        "samples,edge",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cpp98_source_builds_as_its_standard_and_its_default_error_says_so() {
    let dir = scratch("dialects", "cpp98");
    let cache = dir.join("cache");
    let source = repo().join(CPP98);
    let (cpp, cpp98) = language::standard("cpp98").unwrap();
    assert_eq!(cpp.id, "cpp");
    // As C++98: built, and right on the statement's sample.
    let out = built_and_run(&source, Some(cpp98), &cache, b"2 6 8 4 5 7 3 1\n").unwrap();
    assert_eq!(out, "7\nBCABCCB\n");
    // As the default (C++17): the compiler's error, then which standard it builds as.
    let error = built_and_run(&source, None, &cache, b"").unwrap_err();
    let CompileError::Failed {
        message, builds_as, ..
    } = &error
    else {
        panic!("{error}");
    };
    assert!(message.contains("reference to"), "{message}");
    assert_eq!(builds_as.map(|s| s.id), Some("cpp98"));
    let shown = error.to_string();
    assert!(
        shown
            .ends_with("builds as C++98: run it with --std cpp98 (in judge.toml: std = \"cpp98\")"),
        "{shown}"
    );
    // A source that builds under no standard says nothing of one.
    let broken = dir.join("broken.cpp");
    fs::write(&broken, "int main() { return undeclared; }\n").unwrap();
    let error = built_and_run(&broken, None, &cache, b"").unwrap_err();
    assert!(
        matches!(
            error,
            CompileError::Failed {
                builds_as: None,
                ..
            }
        ),
        "{error}"
    );
    assert!(!error.to_string().contains("builds as"), "{error}");
    // The command line: the default fails with the hint, --std cpp98 is accepted; a standard
    // of another language, or two for one language, are bad arguments.
    let o = judge(&["run", "msquare", CPP98, "--tests", "samples"]);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(
        all.contains("builds as C++98: run it with --std cpp98"),
        "{all}"
    );
    let o = judge(&[
        "run", "msquare", CPP98, "--std", "cpp98", "--tests", "samples",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = judge(&["run", "msquare", CPP98, "--std", "c99"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--std c99: no C source file is given"));
    let o = judge(&["run", "msquare", CPP98, "--std", "cpp98", "--std", "cpp11"]);
    assert_eq!(o.status.code(), Some(2));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn judge_languages_lists_the_standards_and_the_default() {
    let o = judge(&["languages"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("    std:     cpp98 cpp11 cpp14 cpp17 (default) cpp20"),
        "{out}"
    );
    assert!(
        out.contains("    std:     c89 c99 c11 c17 (default)"),
        "{out}"
    );
    assert!(out.contains("-std=gnu++17 -DONLINE_JUDGE"), "{out}");
    let o = judge(&["languages", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let cpp = &value["languages"][1];
    assert_eq!(cpp["default_standard"], "cpp17");
    assert_eq!(cpp["standards"][0]["flag"], "-std=gnu++98");
}

#[test]
fn a_java_file_with_a_package_line_and_another_class_name_is_accepted() {
    if !need(
        "java",
        language::JAVA.toolchain_version().is_some(),
        "the Java solution is not built (apt-get install default-jdk-headless)",
    ) {
        return;
    }
    let dir = scratch("dialects", "java");
    let sandbox = jail();
    let built = compile(
        &repo().join(PACKAGED),
        None,
        &dir.join("cache"),
        &sandbox,
        &BuildLimits::DEFAULT,
    )
    .unwrap();
    assert_eq!(built.main_class, "contest.msquare.Main");
    // The class is a word of the command, not a path.
    let command = built.command(&built.limits(&Limits::with_cpu(Duration::from_secs(5))));
    assert_eq!(
        command.last().map(String::as_str),
        Some("contest.msquare.Main")
    );
    let o = judge(&["run", "msquare", PACKAGED, "--tests", "samples,edge"]);
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(o.status.success(), "{out}");
    assert!(out.contains("msquare: 2/2 tests accepted"), "{out}");
    fs::remove_dir_all(&dir).unwrap();
}

/// `program args` run in `dir` with `input` on stdin: its stdout, or its stderr as the error.
fn output_of(dir: &Path, program: &str, args: &[&str], input: &[u8]) -> Result<String, String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child.stdin.take().unwrap().write_all(input).unwrap();
    let o = child.wait_with_output().unwrap();
    match o.status.success() {
        true => Ok(text(&o.stdout)),
        false => Err(text(&o.stderr)),
    }
}

#[test]
fn exports_carry_the_dialect_solutions_as_each_judge_builds_them() {
    let dir = scratch("dialects", "exports");
    for kind in ["kattis", "dmoj"] {
        let o = judge(&["export", kind, "msquare", dir.join(kind).to_str().unwrap()]);
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    // Kattis: problemtools builds C++ as one standard, without ONLINE_JUDGE, and runs the Java
    // class named like the file, in no package.
    let kattis = dir.join("kattis/msquare/submissions/accepted");
    assert!(!kattis.join("hash_table_cpp98.cpp").exists());
    let guarded = fs::read_to_string(kattis.join("online_judge_guard.cpp")).unwrap();
    assert!(
        guarded.starts_with("// Added by `judge export`"),
        "{guarded}"
    );
    assert!(!kattis.join("packaged_main.java").exists());
    let java = fs::read_to_string(kattis.join("Main.java")).unwrap();
    assert!(!java.lines().any(|l| l.starts_with("package ")), "{java}");
    // Built and run as problemtools' lines do (in a folder of their own, no ONLINE_JUDGE).
    let sample = b"2 6 8 4 5 7 3 1\n";
    let run = dir.join("run");
    fs::create_dir_all(&run).unwrap();
    let cpp = kattis.join("online_judge_guard.cpp");
    output_of(
        &run,
        "g++",
        &["-O2", "-std=gnu++17", "-o", "guard", cpp.to_str().unwrap()],
        b"",
    )
    .unwrap();
    assert_eq!(
        output_of(&run, "./guard", &[], sample).unwrap(),
        "7\nBCABCCB\n"
    );
    if language::JAVA.toolchain_version().is_some() {
        let source = kattis.join("Main.java");
        output_of(&run, "javac", &["-d", ".", source.to_str().unwrap()], b"").unwrap();
        let out = output_of(&run, "java", &["-cp", ".", "Main"], sample).unwrap();
        assert_eq!(out, "7\nBCABCCB\n");
    }
    // DMOJ: ONLINE_JUDGE defined and a C++03 executor, but no package line.
    let dmoj = dir.join("dmoj/msquare/tests");
    let yml = fs::read_to_string(dmoj.join("accepted_hash_table_cpp98_cpp/test.yml")).unwrap();
    assert!(yml.contains("language: CPP03"), "{yml}");
    assert_eq!(
        fs::read(dmoj.join("accepted_online_judge_guard_cpp/online_judge_guard.cpp")).unwrap(),
        fs::read(repo().join("solutions/msquare/accepted/online_judge_guard.cpp")).unwrap()
    );
    let java = fs::read_to_string(dmoj.join("accepted_packaged_main_java/Main.java")).unwrap();
    assert!(!java.lines().any(|l| l.starts_with("package ")), "{java}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn judge_toml_names_a_standard_of_the_solutions_own_language() {
    use boardjudge::problemset::plan::Plan;
    let plan = |path: &str, std: &str| {
        let text = format!(
            "[[problem]]\nname = \"ms\"\nformat = \"msquare\"\ntitle = \"t\"\ntime_limit = 1.0\n\
             memory_limit = 256\n\n[[problem.group]]\nname = \"g\"\n\
             tests = [{{ input = \"1 2 3 4 5 6 7 8\\n\" }}]\n\n[[problem.solution]]\n\
             path = \"{path}\"\nexpected = \"accepted\"\nstd = \"{std}\"\n"
        );
        Plan::parse(&repo().join("judge.toml"), &text).map_err(|e| e.to_string())
    };
    let ok = plan("solutions/a.cpp", "cpp98").unwrap();
    assert_eq!(
        ok.problems[0].solutions[0].standard.map(|s| s.flag),
        Some("-std=gnu++98")
    );
    let e = plan("solutions/a.py", "cpp98").unwrap_err();
    assert!(
        e.contains("judge.toml:12: ") && e.contains("is not a standard of its language"),
        "{e}"
    );
    let e = plan("solutions/a.cpp", "c++98").unwrap_err();
    assert!(e.contains("no language standard \"c++98\""), "{e}");
}
