//! Generators of one's own (`{ generator = "..." }` in judge.toml): `judge build` runs them in
//! the sandbox, twice, under a time limit, and validates their output strictly; every refusal
//! names the test's judge.toml line.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use boardjudge::problemset::program_generator::expand_seed;
use boardjudge::runner::sandbox::Layer;
use boardjudge::runner::{Sandbox, SandboxMode};
use common::need::need;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("program-gen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("generators")).unwrap();
    dir
}

/// A one-problem plan (msquare) whose only group holds a manual sample and `test` (line 12).
fn plan(dir: &Path, test: &str) -> PathBuf {
    let text = format!(
        "[[problem]]\nname = \"ms\"\nformat = \"msquare\"\ntitle = \"t\"\ntime_limit = 1.0\n\
         memory_limit = 256\n\n[[problem.group]]\nname = \"g\"\ntests = [\n\
         {{ input = \"2 6 8 4 5 7 3 1\\n\" }},\n  {test},\n]\n"
    );
    let path = dir.join("judge.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// Where the program's test lands: `testdata/ms/g/<its derived name>.in` (the script's name
/// and a hash of the command; the other test of the group is the manual one).
fn made(dir: &Path) -> PathBuf {
    let group = dir.join("testdata/ms/g");
    std::fs::read_dir(&group)
        .into_iter()
        .flatten()
        .map(|e| e.unwrap().path())
        .find(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".in") && !name.starts_with("manual-")
        })
        .unwrap_or_else(|| group.join("none.in"))
}

fn build(dir: &Path, check: bool) -> Output {
    let mut args = vec!["build", "--plan", "judge.toml", "--out", "testdata"];
    if check {
        args.push("--check");
    }
    Command::new(JUDGE)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes the generator `generators/NAME`.
fn script(dir: &Path, name: &str, body: &str) {
    std::fs::write(dir.join("generators").join(name), body).unwrap();
}

const SEEDED: &str = "import random, sys\n\
    seed = int(sys.argv[sys.argv.index('--seed') + 1])\n\
    board = list(range(1, 9))\n\
    random.Random(seed).shuffle(board)\n\
    print(*board)\n";

#[test]
fn a_deterministic_generator_makes_a_test_and_rebuilds_identically() {
    let dir = scratch("ok");
    script(&dir, "board.py", SEEDED);
    plan(
        &dir,
        "{ generator = \"python3 generators/board.py --seed {seed}\" }",
    );
    let o = build(&dir, false);
    assert!(o.status.success(), "{}", stderr(&o));
    let input = std::fs::read_to_string(made(&dir)).unwrap();
    let mut cells: Vec<u32> = input
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert!(input.ends_with('\n'));
    cells.sort();
    assert_eq!(cells, (1..=8).collect::<Vec<_>>());
    // The seed is the command's: the same every time, and the manifest names the command.
    let expanded = expand_seed("python3 generators/board.py --seed {seed}");
    let seed: u64 = expanded.rsplit(' ').next().unwrap().parse().unwrap();
    let expected = Command::new("python3")
        .arg(dir.join("generators/board.py"))
        .args(["--seed", &seed.to_string()])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(input.as_bytes(), expected);
    let manifest = std::fs::read_to_string(dir.join("testdata/ms/manifest.toml")).unwrap();
    assert!(
        manifest.contains("source = \"python3 generators/board.py --seed {seed}\""),
        "{manifest}"
    );
    let o = build(&dir, true);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn seeds_are_derived_from_the_command() {
    let a = expand_seed("python3 g.py --seed {seed} 5");
    assert_eq!(a, expand_seed("python3   g.py --seed {seed}   5"));
    assert_ne!(a, expand_seed("python3 g.py --seed {seed} 6"));
    assert!(!a.contains("{seed}"));
    let seed: u64 = a.split(' ').nth(3).unwrap().parse().unwrap();
    assert!(seed < 1 << 31);
    assert_eq!(expand_seed("gen --seed 3"), "gen --seed 3");
}

#[test]
fn a_non_deterministic_generator_is_refused_naming_its_line() {
    let dir = scratch("nondeterministic");
    script(
        &dir,
        "random_board.py",
        "import random\nboard = list(range(1, 9))\nrandom.SystemRandom().shuffle(board)\n\
         print(*board)\n",
    );
    plan(
        &dir,
        "{ generator = \"python3 generators/random_board.py\" }",
    );
    let o = build(&dir, false);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("judge.toml:12: problem ms, test g/random_board-"),
        "{err}"
    );
    assert!(err.contains("not deterministic"), "{err}");
    assert!(!made(&dir).exists(), "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_invalid_output_is_refused_by_the_strict_validator() {
    let dir = scratch("invalid");
    script(&dir, "short.py", "print(1, 2, 3)\n");
    plan(&dir, "{ generator = \"python3 generators/short.py\" }");
    let o = build(&dir, false);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("judge.toml:12: problem ms, test g/short-"),
        "{err}"
    );
    assert!(err.contains("the input is not valid: line 1:"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_slow_or_failing_generator_is_refused() {
    let dir = scratch("slow");
    script(&dir, "forever.py", "while True:\n    pass\n");
    plan(
        &dir,
        "{ generator = \"python3 generators/forever.py\", time_limit = 0.5 }",
    );
    let o = build(&dir, false);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("judge.toml:12: "), "{err}");
    assert!(err.contains("ran out of time (0.5 s CPU)"), "{err}");

    script(
        &dir,
        "crash.py",
        "import sys\nsys.exit('no board for you')\n",
    );
    plan(&dir, "{ generator = \"python3 generators/crash.py\" }");
    let err = stderr(&build(&dir, false));
    assert!(err.contains("judge.toml:12: "), "{err}");
    assert!(err.contains("exited with code 1"), "{err}");
    assert!(err.contains("no board for you"), "{err}");

    plan(&dir, "{ generator = \"python3 generators/missing.py\" }");
    let err = stderr(&build(&dir, false));
    assert!(err.contains("judge.toml:12: "), "{err}");
    assert!(
        err.contains(
            "generators/missing.py: no such file (paths are relative to judge.toml's directory"
        ),
        "{err}"
    );

    plan(&dir, "{ generator = \"python3 x.py\", time_limit = 0 }");
    let err = stderr(&build(&dir, false));
    assert!(
        err.contains("judge.toml:12: a generator's time_limit"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_generator_cannot_read_the_test_data() {
    let layers = Sandbox::new(SandboxMode::Auto).unwrap().layers();
    if !need(
        "landlock",
        layers.applied.iter().any(|a| a.layer == Layer::Landlock),
        &format!("a generator's sandbox is not tested ({layers})"),
    ) {
        return;
    }
    let dir = scratch("sandboxed");
    let secret = dir.join("testdata-secret.ans");
    std::fs::write(&secret, "the jury's answer\n").unwrap();
    // If it can read the jury file (absolute, or relative to the repository), it writes
    // that file: not a board, so the build fails. Otherwise it writes a valid board.
    script(
        &dir,
        "peek.py",
        &format!(
            "import sys\nfor path in [{:?}, 'testdata-secret.ans', '../testdata-secret.ans']:\n    \
             try:\n        sys.stdout.write(open(path).read())\n        sys.exit(0)\n    \
             except OSError:\n        pass\nprint(8, 7, 6, 5, 4, 3, 2, 1)\n",
            secret.to_str().unwrap()
        ),
    );
    plan(&dir, "{ generator = \"python3 generators/peek.py\" }");
    let o = build(&dir, false);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(made(&dir)).unwrap(),
        "8 7 6 5 4 3 2 1\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_build_reuses_every_generator_output_and_the_manifest_records_the_seed() {
    let dir = scratch("cache");
    script(&dir, "board.py", SEEDED);
    plan(
        &dir,
        "{ generator = \"python3 generators/board.py --seed {seed}\" }",
    );
    let o = build(&dir, false);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("(0 generator output(s) reused"), "{out}");
    assert!(out.contains(", 1 generated)"), "{out}");
    let expanded = expand_seed("python3 generators/board.py --seed {seed}");
    let seed = expanded.rsplit(' ').next().unwrap();
    let manifest = std::fs::read_to_string(dir.join("testdata/ms/manifest.toml")).unwrap();
    assert!(manifest.contains(&format!("seed = {seed}\n")), "{manifest}");
    let first = std::fs::read(made(&dir)).unwrap();

    // Nothing changed: nothing runs, and the data is the same.
    let o = build(&dir, false);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("(1 generator output(s) reused"), "{out}");
    assert!(out.contains(", 0 generated)"), "{out}");
    assert_eq!(std::fs::read(made(&dir)).unwrap(), first);

    // A changed program runs again.
    script(&dir, "board.py", &format!("{SEEDED}# changed\n"));
    let o = build(&dir, false);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("(0 generator output(s) reused"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_single_file_generator_importing_a_module_beside_it_is_told_to_become_a_folder() {
    // Only the files its command names are staged: the helper beside it is not there, and
    // Python's bare ModuleNotFoundError gets the way out.
    let dir = scratch("sibling");
    script(
        &dir,
        "shuffle.py",
        "def board(seed):\n    return [8, 7, 6, 5, 4, 3, 2, 1]\n",
    );
    script(
        &dir,
        "boards.py",
        "import sys\nfrom shuffle import board\nprint(*board(1))\n",
    );
    plan(
        &dir,
        "{ generator = \"python3 generators/boards.py --seed {seed}\" }",
    );
    let o = build(&dir, false);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("judge.toml:12: "), "{err}");
    assert!(
        err.contains("ModuleNotFoundError: No module named 'shuffle'"),
        "{err}"
    );
    assert!(
        err.contains(
            "hint: only the files the command names are staged in the sandbox, so \
             generators/boards.py runs without generators/shuffle.py beside it; make the \
             generator a folder, which is staged whole: move generators/boards.py to \
             generators/boards/__main__.py, put shuffle.py in generators/boards/ beside it, and \
             write `python3 generators/boards ...` in judge.toml"
        ),
        "{err}"
    );
    // A module that is nowhere beside it (not installed) gets no such hint.
    script(&dir, "numpyish.py", "import nosuchmodule\n");
    plan(&dir, "{ generator = \"python3 generators/numpyish.py\" }");
    let err = stderr(&build(&dir, false));
    assert!(
        err.contains("No module named 'nosuchmodule'") && !err.contains("hint:"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_generator_may_be_a_folder_with_helper_modules() {
    let dir = scratch("folder");
    let folder = dir.join("generators/boards");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("shuffle.py"),
        "import random\n\ndef board(seed):\n    cells = list(range(1, 9))\n    \
         random.Random(seed).shuffle(cells)\n    return cells\n",
    )
    .unwrap();
    std::fs::write(
        folder.join("__main__.py"),
        "import sys\nfrom shuffle import board\n\
         print(*board(int(sys.argv[sys.argv.index('--seed') + 1])))\n",
    )
    .unwrap();
    plan(
        &dir,
        "{ generator = \"python3 generators/boards --seed {seed}\" }",
    );
    let o = build(&dir, false);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut cells: Vec<u32> = std::fs::read_to_string(made(&dir))
        .unwrap()
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    cells.sort();
    assert_eq!(cells, (1..=8).collect::<Vec<_>>());
    // A helper that changes makes the folder's output run again.
    std::fs::write(
        folder.join("shuffle.py"),
        "def board(seed):\n    return [8, 7, 6, 5, 4, 3, 2, 1]\n",
    )
    .unwrap();
    let o = build(&dir, false);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(made(&dir)).unwrap(),
        "8 7 6 5 4 3 2 1\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
