//! README's quick start, read from README itself: its first command builds every binary of
//! the crate (each file or folder of `src/bin/`) before any of them is called, and the
//! judge's and the contestant's tools, `check` and `validate`, are called by the path that
//! build gives them; what its commands write is ignored by git; and the lines it shows under
//! a command are what the command prints (`my.cpp` being the shipped solution README names).

mod common;

use common::cli::{copy_dir, repo, scratch};
use common::readme::{shown_under, shows};

use std::collections::BTreeSet;
use std::path::Path;

/// The commands of the quick start's first `sh` block, in order, each split into words as a
/// shell splits them: the output lines (`#  ...`) and the comments left out, `a && b` as two
/// commands.
fn quick_start() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let (_, section) = readme
        .split_once("\n## Quick start\n")
        .expect("a quick start");
    let (_, block) = section.split_once("```sh\n").expect("a sh block");
    let (block, _) = block.split_once("```").expect("the block ends");
    let mut commands = Vec::new();
    for line in block.lines().filter(|l| !l.trim_start().starts_with('#')) {
        let line = match line.find(" #") {
            Some(i) => &line[..i],
            None => line,
        };
        for command in line.split("&&") {
            let words = shell_words::split(command).expect("shell words");
            if !words.is_empty() {
                commands.push(words);
            }
        }
    }
    commands
}

/// The crate's binaries: each `src/bin/NAME.rs`, and each `src/bin/NAME/` with a `main.rs`.
fn binaries() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(repo().join("src/bin")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_some_and(|e| e == "rs") || path.join("main.rs").is_file() {
            names.insert(name);
        }
    }
    names
}

/// The binary a command calls by its built path (`target/release/check ...`; the alias's
/// `$PWD/target/release/judge`), if it does.
fn called(words: &[String]) -> Option<String> {
    words
        .iter()
        .find_map(|w| w.split_once("target/release/").map(|(_, name)| name))
        .map(|name| name.trim_end_matches('"').to_string())
}

#[test]
fn the_quick_start_builds_every_binary_before_it_calls_one() {
    let commands = quick_start();
    let binaries = binaries();
    assert!(
        ["judge", "check", "validate", "solve", "gen"]
            .iter()
            .all(|b| binaries.contains(*b)),
        "{binaries:?}"
    );
    // Cargo builds every binary of src/bin unless told otherwise.
    let manifest = std::fs::read_to_string(repo().join("Cargo.toml")).unwrap();
    assert!(
        !manifest.contains("autobins") && !manifest.contains("required-features"),
        "Cargo.toml leaves some binary out of `cargo build`"
    );
    // The first command builds them all: `cargo build --release`, no `--bin` chosen.
    let build = commands
        .iter()
        .position(|w| w.first().is_some_and(|c| c == "cargo"))
        .expect("a cargo command");
    let words = &commands[build];
    assert_eq!(
        words[1], "build",
        "{words:?}: `cargo run` builds one binary only"
    );
    assert!(words.iter().any(|w| w == "--release"), "{words:?}");
    assert!(
        !words
            .iter()
            .any(|w| ["--bin", "-p", "--package", "--example", "--lib"].contains(&w.as_str())),
        "{words:?} builds only some binaries"
    );
    let first_call = commands
        .iter()
        .position(|w| called(w).is_some() || w[0] == "judge")
        .expect("a binary called");
    assert!(build < first_call, "a binary is called before the build");
    // Every binary it calls by path is one the build makes; check and validate among them.
    let calls: BTreeSet<String> = commands.iter().filter_map(|w| called(w)).collect();
    assert!(calls.is_subset(&binaries), "{calls:?} not in {binaries:?}");
    for tool in ["judge", "check", "validate"] {
        assert!(calls.contains(tool), "the quick start never calls {tool}");
    }
}

#[test]
fn the_quick_start_calls_of_check_and_validate_name_files_that_exist() {
    // Run as written, from the repository's root: the inputs and answers they name are there
    // (the output `out.txt` is the one the line before writes).
    for words in quick_start() {
        if !matches!(
            called(&words).as_deref(),
            Some("check" | "validate" | "solve")
        ) {
            continue;
        }
        for w in &words[1..] {
            if w.starts_with("testdata/") {
                assert!(repo().join(w).is_file(), "{w} in {words:?}");
            }
        }
    }
}

/// The quick start's export line says what `judge export kattis msquare packages/` writes:
/// its files and bytes are those of exporting now (the numbers change with the tests, the
/// statement or the exporter, and the line must follow).
#[test]
fn the_quick_start_export_line_counts_what_the_export_writes() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| {
            l.trim_start()
                .starts_with("#  kattis msquare: packages/msquare (")
        })
        .expect("the quick start shows the msquare Kattis export's output");
    let said = line
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(counts, _)| counts)
        .unwrap();
    // Run as written, in a folder below judge.toml's, so that the paths it prints are the
    // README's.
    let out = repo().join(format!("target/quick-start-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["export", "kattis", "msquare", "packages/"])
        .current_dir(&out)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&out);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains(&format!("({said})")),
        "README says ({said}); the export says: {stdout}"
    );
    for shown in shown_under("judge export kattis msquare packages/") {
        assert!(
            shows(&shown, &stdout),
            "README: {shown}\nprinted:\n{stdout}"
        );
    }
}

/// The files and folders a quick-start command writes by default, relative to where it runs:
/// the page of `--html FILE`, the folder of `judge export ... OUT_DIR`, a `> FILE` redirect.
/// (`judge build` rewrites committed test data with the same bytes; `judge stress --save`
/// adds a regression test to judge.toml and testdata/ on purpose, to be committed.)
fn outputs(words: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if w == "--html" || w == ">" {
            out.extend(words.get(i + 1).cloned());
        }
    }
    if words.len() > 2 && words[0] == "judge" && words[1] == "export" {
        out.extend(words.last().cloned());
    }
    out
}

#[test]
fn the_quick_start_outputs_leave_git_status_clean() {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(repo())
            .output()
    };
    if !git(&["rev-parse", "--git-dir"]).is_ok_and(|o| o.status.success()) {
        eprintln!("not a git checkout: the quick start's outputs are not checked against it");
        return;
    }
    let written: Vec<String> = quick_start().iter().flat_map(|w| outputs(w)).collect();
    for expected in ["report.html", "packages/", "out.txt"] {
        assert!(written.iter().any(|w| w == expected), "{written:?}");
    }
    for path in &written {
        // A folder: a file in it, as the command writes them.
        let file = match path.strip_suffix('/') {
            Some(dir) => format!("{dir}/msquare.zip"),
            None => path.clone(),
        };
        let ignored = git(&["check-ignore", "-q", "--no-index", &file]).unwrap();
        assert!(
            ignored.status.success(),
            "{file}, which the quick start writes, is not ignored by git: `git status` would \
             show it"
        );
    }
}

/// Runs the built `binary` with `args` in `dir`: its standard output and error together.
fn output_of(binary: &str, args: &[&str], dir: &Path) -> String {
    let o = std::process::Command::new(binary)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn the_quick_start_shows_what_its_commands_print() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let check = |command: &str, actual: &str| {
        for shown in shown_under(command) {
            assert!(shows(&shown, actual), "README: {shown}\nprinted:\n{actual}");
        }
    };
    check("judge list ", &output_of(judge, &["list"], repo()));
    // A fresh clone has no generator output cached: every program generator runs.
    let dir = repo().join(format!("target/quick-start-{}", std::process::id()));
    let out = dir.join("testdata");
    let built = output_of(judge, &["build", "--out", out.to_str().unwrap()], repo());
    let counts =
        regex::Regex::new(r"\((\d+) generator output\(s\) reused from (\S+), (\d+) generated\)")
            .unwrap();
    let c = counts.captures(&built).expect(&built);
    let runs: u64 = c[1].parse::<u64>().unwrap() + c[3].parse::<u64>().unwrap();
    let fresh = counts.replace(
        &built,
        format!(
            "(0 generator output(s) reused from {}, {runs} generated)",
            &c[2]
        ),
    );
    check(
        "cargo build --release && target/release/judge build",
        &fresh,
    );
    // 31 boards, one more than rotation's max_cases, in a folder below judge.toml's.
    std::fs::create_dir_all(&dir).unwrap();
    let board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
    std::fs::write(dir.join("my-boards.in"), board.repeat(31) + "0\n").unwrap();
    let validated = output_of(judge, &["validate", "rotation", "my-boards.in"], &dir);
    // Run two folders below judge.toml's, it names judge.toml by its path from there.
    let validated = validated.replace("../../judge.toml", "judge.toml");
    check("judge validate rotation my-boards.in", &validated);
    let sample = "testdata/sicily/samples/statement";
    let validate = env!("CARGO_BIN_EXE_validate");
    let valid = output_of(
        validate,
        &["--problem", "sicily", &format!("{sample}.in")],
        repo(),
    );
    check("target/release/validate --problem sicily", &valid);
    let solved = std::process::Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(["sicily", &format!("{sample}.in")])
        .current_dir(repo())
        .output()
        .unwrap();
    let out = dir.join("out.txt");
    std::fs::write(&out, solved.stdout).unwrap();
    let (input, answer) = (format!("{sample}.in"), format!("{sample}.ans"));
    let args = [input.as_str(), out.to_str().unwrap(), answer.as_str()];
    let checked = output_of(env!("CARGO_BIN_EXE_check"), &args, repo());
    check("target/release/check ", &checked);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The shipped solution README's quick start runs as `my.cpp`: the path README names beside
/// it, a file of the repository.
fn my_cpp() -> String {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let named = regex::Regex::new(r"`my\.cpp` [^`]*`(solutions/[^`]+)`").unwrap();
    let path = named
        .captures(&readme)
        .expect("README names the shipped solution `my.cpp` stands for")[1]
        .to_string();
    assert!(
        repo().join(&path).is_file(),
        "README's my.cpp, {path}, is not a file"
    );
    path
}

#[test]
fn the_quick_start_shows_what_judge_run_and_judge_stress_print_for_my_cpp() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let check = |command: &str, actual: &str| {
        for shown in shown_under(command) {
            assert!(shows(&shown, actual), "README: {shown}\nprinted:\n{actual}");
        }
    };
    let my = my_cpp();
    let ran = output_of(judge, &["run", "msquare", &my], repo());
    check("judge run msquare my.cpp", &ran);
    // `--save` writes into the plan and its test data: run on a copy of them.
    let dir = scratch("judge-quick-start", "stress");
    std::fs::copy(repo().join("judge.toml"), dir.join("judge.toml")).unwrap();
    copy_dir(&repo().join("generators"), &dir.join("generators"));
    copy_dir(
        &repo().join("testdata/msquare"),
        &dir.join("testdata/msquare"),
    );
    let my = repo().join(&my);
    let args = ["stress", "msquare", my.to_str().unwrap(), "--save"];
    let stressed = output_of(judge, &args, &dir);
    check("judge stress msquare my.cpp --save", &stressed);
    std::fs::remove_dir_all(dir).unwrap();
}
