//! Solutions in any language: `judge languages` lists each with its commands and toolchain,
//! `judge run PROBLEM SOURCE-FILE` builds and judges a source, `judge strength` judges Python
//! and Java solutions and skips (not fails) one whose toolchain is missing.

mod common;

use common::cli::{repo, scratch};
use common::need::need;

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output};

use boardjudge::runner::language;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

fn judge(dir: &Path, args: &[&str], path: Option<&str>) -> Output {
    let mut command = Command::new(JUDGE);
    command.args(args).current_dir(dir);
    if let Some(path) = path {
        command.env("PATH", path);
    }
    command.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A directory whose only programs are links to these ones (found on this machine's PATH).
fn path_with(dir: &Path, programs: &[&str]) -> String {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for program in programs {
        if let Some(real) = language::find_in_path(program) {
            symlink(real, bin.join(program)).unwrap();
        }
    }
    bin.to_string_lossy().into_owned()
}

#[test]
fn judge_languages_lists_each_language_with_its_exact_commands() {
    let o = judge(repo(), &["languages"], None);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    for l in language::ALL {
        let line = out.lines().find(|x| x.starts_with(l.name)).unwrap();
        for e in l.extensions {
            assert!(line.contains(&format!(".{e}")), "{line}");
        }
        match l.toolchain_version() {
            Some(v) => assert!(line.contains(&format!("present: {v}")), "{line}"),
            None => assert!(line.contains("missing: "), "{line}"),
        }
        assert!(out.contains(&format!("    run:     {}", l.run.join(" "))));
    }
    assert!(
        out.contains("compile: g++ -O2 -std=gnu++17 -DONLINE_JUDGE -pipe -o {binary} {source}")
    );
    assert!(
        out.contains("compile: gcc -O2 -std=gnu17 -DONLINE_JUDGE -pipe -o {binary} {source} -lm")
    );
    assert!(out.contains("compile: rustc -O --edition 2021 -o {binary} {source}"));
    assert!(out.contains("compile: python3 -m py_compile {source}"));
    assert!(out.contains("compile: javac -encoding UTF-8 -d {dir} {source}"));
    assert!(out.contains("-Xss64m -Xmx{heap}m"));

    let o = judge(repo(), &["languages", "--json"], None);
    let value: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let list = value["languages"].as_array().unwrap();
    let ids: Vec<&str> = list.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["c", "cpp", "rust", "python3", "java"]);
}

#[test]
fn a_missing_toolchain_shows_as_missing() {
    let dir = scratch("languages", "missing");
    let path = path_with(&dir, &["g++"]);
    let o = judge(repo(), &["languages"], Some(&path));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    let java = out.lines().find(|l| l.starts_with("Java")).unwrap();
    assert!(
        java.contains("missing: javac is not on PATH (solutions are skipped)"),
        "{java}"
    );
    let python = out.lines().find(|l| l.starts_with("Python 3")).unwrap();
    assert!(
        python.contains("missing: python3 is not on PATH"),
        "{python}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A small msquare problem in `dir`, with the shipped Python and Java solutions and a wrong
/// C one, its test data built.
fn small_problem(dir: &Path) {
    let solutions = dir.join("solutions");
    std::fs::create_dir_all(&solutions).unwrap();
    for file in ["bfs.py", "Bfs.java"] {
        std::fs::copy(
            repo().join("solutions/msquare/accepted").join(file),
            solutions.join(file),
        )
        .unwrap();
    }
    // Always "0" and an empty line: right for the start board only.
    std::fs::write(
        solutions.join("start_only.c"),
        "#include <stdio.h>\nint main(void) { puts(\"0\\n\"); return 0; }\n",
    )
    .unwrap();
    let plan = "[[problem]]\nname = \"ms\"\nformat = \"msquare\"\ntitle = \"t\"\n\
        time_limit = 1.0\nmemory_limit = 256\n\n[[problem.group]]\nname = \"g\"\n\
        tests = [\n  { input = \"1 2 3 4 5 6 7 8\\n\" },\n  { input = \"2 6 8 4 5 7 3 1\\n\" },\n\
        \"gen msquare --seed 1 --strategy max-distance --index 1\",\n]\n\n\
        [[problem.solution]]\npath = \"solutions/bfs.py\"\nexpected = \"accepted\"\n\
        description = \"Python\"\n\n\
        [[problem.solution]]\npath = \"solutions/Bfs.java\"\nexpected = \"accepted\"\n\
        description = \"Java\"\n\n\
        [[problem.solution]]\npath = \"solutions/start_only.c\"\nexpected = \"wrong_answer\"\n\
        description = \"C\"\n";
    std::fs::write(dir.join("judge.toml"), plan).unwrap();
    let o = judge(dir, &["build"], None);
    assert!(o.status.success(), "{}", text(&o));
}

#[test]
fn python_and_java_sources_are_built_run_and_judged() {
    let python3 = need(
        "python3",
        language::PYTHON3.toolchain_version().is_some(),
        "Python and Java solutions are not built and judged (apt-get install python3)",
    );
    let java = need(
        "java",
        language::JAVA.toolchain_version().is_some(),
        "Python and Java solutions are not built and judged (apt-get install \
         default-jdk-headless)",
    );
    if !(python3 && java) {
        return;
    }
    let dir = scratch("languages", "judged");
    small_problem(&dir);
    for source in ["solutions/bfs.py", "solutions/Bfs.java"] {
        let o = judge(&dir, &["run", "ms", source, "--jobs", "1"], None);
        let out = text(&o);
        assert!(o.status.success(), "{out}");
        assert!(out.contains("ms: 3/3 tests accepted"), "{out}");
    }
    let o = judge(&dir, &["run", "ms", "solutions/start_only.c"], None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    // Not a source file: how to run a program instead.
    let o = judge(&dir, &["run", "ms", "judge.toml"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("command goes after `--`: judge run ms -- judge.toml"));

    let o = judge(&dir, &["strength", "--jobs", "1"], None);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("3 solutions: 3 as expected, 0 not, 0 skipped"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_solution_whose_toolchain_is_missing_is_skipped_not_failed() {
    let dir = scratch("languages", "skipped");
    small_problem(&dir);
    // gcc (and what it calls) but neither python3 nor javac.
    let path = path_with(&dir, &["gcc", "cc", "as", "ld"]);
    let o = judge(&dir, &["strength", "--jobs", "1"], Some(&path));
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("SKIP ms            accepted             solutions/bfs.py: skipped: python3 is not installed"),
        "{out}"
    );
    assert!(
        out.contains("solutions/Bfs.java: skipped: javac is not installed"),
        "{out}"
    );
    assert!(
        out.contains("3 solutions: 1 as expected, 0 not, 2 skipped"),
        "{out}"
    );
    let o = judge(&dir, &["run", "ms", "solutions/bfs.py"], Some(&path));
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("solutions/bfs.py: skipped: python3 is not installed"));
    std::fs::remove_dir_all(&dir).unwrap();
}
