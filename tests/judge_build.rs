//! `judge build`: the committed test data is exactly what judge.toml produces, builds are
//! reproducible, plan errors name their judge.toml line, and a killed build leaves no
//! half-written test file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use boardjudge::judge::plan::Plan;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn judge(args: &[&str]) -> Output {
    Command::new(JUDGE)
        .args(args)
        .current_dir(repo())
        .output()
        .expect("run judge")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-build-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every file under `dir`, by relative path, with its bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for problem in std::fs::read_dir(dir).unwrap() {
        let problem = problem.unwrap().path();
        for f in std::fs::read_dir(&problem).unwrap() {
            let f = f.unwrap().path();
            let rel = f.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
            files.push((rel, std::fs::read(&f).unwrap()));
        }
    }
    files.sort();
    files
}

#[test]
fn committed_test_data_matches_the_plan() {
    let o = judge(&["build", "--check"]);
    assert!(
        o.status.success(),
        "run `cargo run --release --bin judge -- build` and commit testdata/:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn building_twice_gives_identical_bytes() {
    let (a, b) = (scratch("a"), scratch("b"));
    for dir in [&a, &b] {
        let o = judge(&["build", "--jobs", "2", "--out", dir.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let (ta, tb) = (tree(&a), tree(&b));
    assert!(ta.len() > 200, "{} files", ta.len());
    assert!(ta == tb, "two builds differ");
    // One job or two: the same bytes.
    let c = scratch("c");
    judge(&[
        "build",
        "--jobs",
        "1",
        "--out",
        c.to_str().unwrap(),
        "msquare",
    ]);
    let msquare: Vec<_> = ta
        .iter()
        .filter(|(p, _)| p.starts_with("msquare"))
        .cloned()
        .collect();
    assert!(tree(&c) == msquare);
    for d in [a, b, c] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn the_manifest_names_each_test_with_its_source_size_and_hash() {
    // The precomputation-scale problem, which holds the exhaustive file.
    let text = std::fs::read_to_string(repo().join("testdata/sicilylarge/manifest.toml")).unwrap();
    let manifest: toml::Table = text.parse().unwrap();
    assert_eq!(manifest["format"].as_str(), Some("sicily"));
    let tests = manifest["test"].as_array().unwrap();
    let first = tests[0].as_table().unwrap();
    assert_eq!(first["name"].as_str(), Some("01"));
    assert_eq!(first["source"].as_str(), Some("manual"));
    let input = std::fs::read(repo().join("testdata/sicilylarge/01.in")).unwrap();
    assert_eq!(first["input_bytes"].as_integer(), Some(input.len() as i64));
    let exhaustive = tests
        .iter()
        .find(|t| t["source"].as_str().unwrap().contains("--strategy all"))
        .expect("the exhaustive file");
    assert_eq!(exhaustive["cases"].as_integer(), Some(40_320));
    assert_eq!(exhaustive["input_sha256"].as_str().unwrap().len(), 64);
}

#[test]
fn every_committed_test_keeps_its_statements_case_limit() {
    // The default problems keep the originals' scale; the large ones hold the big files.
    let plan = Plan::load(&repo().join("judge.toml")).unwrap();
    let mut largest = BTreeMap::new();
    for problem in &plan.problems {
        let text = std::fs::read_to_string(
            repo().join(format!("testdata/{}/manifest.toml", problem.name)),
        )
        .unwrap();
        let manifest: toml::Table = text.parse().unwrap();
        let most = manifest["test"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["cases"].as_integer().unwrap() as usize)
            .max()
            .unwrap();
        assert!(most <= problem.max_cases, "{}", problem.name);
        largest.insert(problem.name.clone(), (problem.max_cases, most));
    }
    assert_eq!(largest["sicily"], (30, 30));
    assert_eq!(largest["rotation"], (30, 30));
    assert_eq!(largest["sicilylarge"], (100_000, 100_000));
    assert_eq!(largest["rotationlarge"].0, 1_000);
}

#[test]
fn a_test_over_the_statements_case_limit_is_refused_naming_the_limits_line() {
    let dir = scratch("limit");
    let plan = dir.join("judge.toml");
    let text = |cases: u32| {
        format!(
            "[[problem]]\nname = \"small\"\nformat = \"sicily\"\ntitle = \"t\"\n\
             time_limit = 1.0\nmemory_limit = 256\nmax_cases = 3\n\n[[problem.group]]\n\
             name = \"g\"\ntests = [\n  \"gen sicily --seed 1 --cases {cases}\",\n]\n"
        )
    };
    let build = || {
        judge(&[
            "build",
            "--plan",
            plan.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
        ])
    };
    std::fs::write(&plan, text(3)).unwrap();
    let o = build();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::write(&plan, text(4)).unwrap();
    let o = build();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // The test's line, the extra case's line:col, and the limit's own line.
    assert!(
        err.contains("judge.toml:12: problem small, test 01"),
        "{err}"
    );
    assert!(
        err.contains("line 10:1: case 4: more than 3 cases"),
        "{err}"
    );
    assert!(err.contains("max_cases, "), "{err}");
    assert!(err.contains("judge.toml:7)"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn plan_errors_name_the_judge_toml_line() {
    let dir = scratch("plan");
    let plan = dir.join("judge.toml");
    let plan_text = |header: &str, tail: &str| {
        format!(
            "[[problem]]\nname = \"msquare\"\nformat = \"msquare\"\ntitle = \"t\"\n\
             time_limit = 1.0\nmemory_limit = 256\n{header}\n[[problem.group]]\nname = \"g\"\n\
             tests = [\n  \"gen msquare --seed 1\",\n{tail}]\n"
        )
    };
    let cases = [
        (
            "",
            "  \"gen msquare --seed 2 --strategy limit-below\",\n",
            ":12:",
            "limit-below",
        ),
        (
            "",
            "  \"gen sicily --seed 2\",\n",
            ":12:",
            "a sicily generator in the msquare problem",
        ),
        (
            "",
            "  \"gen msquare --seed 2 --bogus 3\",\n",
            ":12:",
            "--bogus",
        ),
        (
            "",
            "  { input = \"1 2 3\\n\" },\n",
            ":12:",
            "the input is not valid",
        ),
        ("order = \"any-within-limit\"", "", ":7:", "sicily only"),
        ("order = \"lex\"", "", ":7:", "unknown order 'lex'"),
        ("colour = 3", "", ":7:", "unknown field `colour`"),
        (
            "max_cases = 5",
            "",
            ":7:",
            "max_cases is for sicily and rotation",
        ),
    ];
    for (header, tail, line, fragment) in cases {
        std::fs::write(&plan, plan_text(header, tail)).unwrap();
        let o = judge(&[
            "build",
            "--plan",
            plan.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            matches!(o.status.code(), Some(1 | 2)),
            "{header}{tail}: {err}"
        );
        assert!(
            err.contains(&format!("judge.toml{line}")),
            "{header}{tail}: {err}"
        );
        assert!(err.contains(fragment), "{header}{tail}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_build_leaves_no_half_written_test_file() {
    let reference = scratch("reference");
    judge(&["build", "--out", reference.to_str().unwrap()]);
    let expected = tree(&reference);
    let out = scratch("killed");
    for delay_ms in [5, 20, 40, 80, 120, 200] {
        let mut child = Command::new(JUDGE)
            .args(["build", "--jobs", "2", "--out", out.to_str().unwrap()])
            .current_dir(repo())
            .stderr(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        child.wait().unwrap();
        if !out.exists() {
            continue;
        }
        // Whatever exists is whole: a test file either is absent or has its final bytes.
        for (rel, bytes) in tree(&out) {
            let name = Path::new(&rel).file_name().unwrap().to_str().unwrap();
            if name.starts_with('.') {
                continue; // a temporary file of the killed run
            }
            let want = expected.iter().find(|(p, _)| *p == rel).map(|(_, b)| b);
            assert_eq!(want, Some(&bytes), "{rel} after a kill at {delay_ms} ms");
        }
    }
    // The next build completes the data and removes the killed run's temporary files.
    let o = judge(&["build", "--out", out.to_str().unwrap()]);
    assert!(o.status.success());
    assert!(tree(&out) == expected);
    for d in [reference, out] {
        std::fs::remove_dir_all(d).unwrap();
    }
}
