//! `judge build`: the committed test data is exactly what judge.toml produces, builds are
//! reproducible, plan errors name their judge.toml line, and a killed build leaves no
//! half-written test file.

mod common;

use common::cli::{JUDGE, built_copy, judge, judge_in, repo, scratch};

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use boardjudge::problemset::plan::Plan;

/// Every file under `dir`, sorted: relative path and bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    common::cli::tree(dir)
        .into_iter()
        .map(|(path, (_, bytes))| (path, bytes))
        .collect()
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
    let (a, b) = (scratch("judge-build", "a"), scratch("judge-build", "b"));
    for dir in [&a, &b] {
        let o = judge(&["build", "--jobs", "2", "--out", dir.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let (ta, tb) = (tree(&a), tree(&b));
    assert!(ta.len() > 200, "{} files", ta.len());
    assert!(ta == tb, "two builds differ");
    // One job or two: the same bytes.
    let c = scratch("judge-build", "c");
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
        .filter(|(p, _)| p.starts_with("msquare/"))
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
    assert_eq!(first["name"].as_str(), Some("statement"));
    assert_eq!(first["group"].as_str(), Some("samples"));
    assert_eq!(first["source"].as_str(), Some("manual"));
    let input = std::fs::read(repo().join("testdata/sicilylarge/samples/statement.in")).unwrap();
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
    let dir = scratch("judge-build", "limit");
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
        err.contains("judge.toml:12: problem small, test g/uniform-x4-s1"),
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
    let dir = scratch("judge-build", "plan");
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
        // The files of the run's directory: plain names, two different ones.
        (
            "input_file = \"../judge.toml\"",
            "",
            ":1:",
            "input_file = \"../judge.toml\": a file name of the run's working directory",
        ),
        (
            "input_file = \"a.txt\"\noutput_file = \"a.txt\"",
            "",
            ":1:",
            "input_file and output_file must differ",
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
    let reference = scratch("judge-build", "reference");
    judge(&["build", "--out", reference.to_str().unwrap()]);
    let expected = tree(&reference);
    let out = scratch("judge-build", "killed");
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

/// A one-problem plan with the groups `groups` (name, tests), for a scratch directory.
fn msquare_plan(groups: &[(&str, &[&str])]) -> String {
    let mut text = "[[problem]]\nname = \"msquare\"\nformat = \"msquare\"\ntitle = \"t\"\n\
                    time_limit = 1.0\nmemory_limit = 256\n"
        .to_string();
    for (name, tests) in groups {
        text.push_str(&format!(
            "\n[[problem.group]]\nname = \"{name}\"\ntests = [\n"
        ));
        for t in *tests {
            text.push_str(&format!("  {t},\n"));
        }
        text.push_str("]\n");
    }
    text
}

/// `judge build` of the plan `text` in `dir` (plan and data there).
fn build_in(dir: &Path, text: &str, check: bool) -> Output {
    let plan = dir.join("judge.toml");
    std::fs::write(&plan, text).unwrap();
    let mut args = vec!["build", "--plan", plan.to_str().unwrap()];
    let out = dir.join("testdata");
    args.extend(["--out", out.to_str().unwrap()]);
    if check {
        args.push("--check");
    }
    judge(&args)
}

#[test]
fn tests_live_in_group_directories_under_names_of_their_own() {
    let dir = scratch("judge-build", "names");
    let text = msquare_plan(&[
        (
            "samples",
            &[r#"{ name = "statement", input = "2 6 8 4 5 7 3 1\n" }"#],
        ),
        (
            "by-distance",
            &[
                r#""gen msquare --seed 3 --strategy distance --distance 7""#,
                r#"{ gen = "gen msquare --seed 4 --strategy distance --distance 9" }"#,
                r#"{ name = "deep", gen = "gen msquare --seed 5 --strategy distance --distance 20" }"#,
            ],
        ),
        ("manual", &[r#"{ input = "8 7 6 5 4 3 2 1\n" }"#]),
    ]);
    let o = build_in(&dir, &text, false);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let files: Vec<String> = tree(&dir.join("testdata"))
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let manual = boardjudge::problemset::names::manual_name("8 7 6 5 4 3 2 1\n");
    let mut expected = vec![
        "msquare/by-distance/deep.ans".to_string(),
        "msquare/by-distance/deep.in".to_string(),
        "msquare/by-distance/distance-07-s3.ans".to_string(),
        "msquare/by-distance/distance-07-s3.in".to_string(),
        "msquare/by-distance/distance-09-s4.ans".to_string(),
        "msquare/by-distance/distance-09-s4.in".to_string(),
        format!("msquare/manual/{manual}.ans"),
        format!("msquare/manual/{manual}.in"),
        "msquare/manifest.toml".to_string(),
        "msquare/samples/statement.ans".to_string(),
        "msquare/samples/statement.in".to_string(),
    ];
    expected.sort();
    assert_eq!(files, expected);
    let manifest: toml::Table = std::fs::read_to_string(dir.join("testdata/msquare/manifest.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let listed: Vec<String> = manifest["test"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{}/{}",
                t["group"].as_str().unwrap(),
                t["name"].as_str().unwrap()
            )
        })
        .collect();
    let in_plan_order = [
        "samples/statement",
        "by-distance/distance-07-s3",
        "by-distance/distance-09-s4",
        "by-distance/deep",
        &format!("manual/{manual}"),
    ];
    assert_eq!(listed, in_plan_order);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn adding_or_removing_a_test_changes_only_its_own_files() {
    let dir = scratch("judge-build", "insert");
    let tests = [
        r#""gen msquare --seed 1 --strategy distance --distance 3""#,
        r#""gen msquare --seed 2 --strategy distance --distance 5""#,
        r#""gen msquare --seed 3 --strategy distance --distance 8""#,
    ];
    let before = msquare_plan(&[
        (
            "samples",
            &[r#"{ name = "s", input = "2 6 8 4 5 7 3 1\n" }"#],
        ),
        ("g", &tests),
    ]);
    let o = build_in(&dir, &before, false);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let old = tree(&dir.join("testdata"));
    // A test inserted first in its group, as numbering would have shifted every later one.
    let inserted = [
        &[r#""gen msquare --seed 9 --strategy distance --distance 12""#][..],
        &tests[..],
    ]
    .concat();
    let after = msquare_plan(&[
        (
            "samples",
            &[r#"{ name = "s", input = "2 6 8 4 5 7 3 1\n" }"#],
        ),
        ("g", &inserted),
    ]);
    let o = build_in(&dir, &after, false);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let new = tree(&dir.join("testdata"));
    let changed: Vec<&String> = new
        .iter()
        .filter(|f| !old.contains(f))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(
        changed,
        [
            "msquare/g/distance-12-s9.ans",
            "msquare/g/distance-12-s9.in",
            "msquare/manifest.toml"
        ],
        "only the new test's two files and the manifest"
    );
    assert!(
        old.iter()
            .all(|(p, _)| p == "msquare/manifest.toml" || new.iter().any(|(q, _)| q == p))
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("wrote 3 file(s)"));
    // Removing it again removes exactly its files.
    let o = build_in(&dir, &before, false);
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("wrote 1 file(s), 8 unchanged, 2 stale removed"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(tree(&dir.join("testdata")) == old);
    assert!(build_in(&dir, &before, true).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn names_must_be_valid_and_unique_in_their_group() {
    let dir = scratch("judge-build", "bad-names");
    let command = |seed: u32| format!("\"gen msquare --seed {seed}\"");
    let (one, two) = (command(1), command(2));
    let cases: Vec<(String, &str, &str)> = vec![
        // Two tests with one name in a group: the second's line, the first's.
        (
            msquare_plan(&[(
                "g",
                &[
                    &one,
                    r#"{ name = "uniform-s1", input = "8 7 6 5 4 3 2 1\n" }"#,
                ],
            )]),
            ":12:",
            "two tests of group 'g' are named 'uniform-s1' (the other on line 11)",
        ),
        (
            msquare_plan(&[("g", &[&one, &one])]),
            ":12:",
            "named 'uniform-s1'",
        ),
        (
            msquare_plan(&[("g", &[&format!("{{ name = \"Big\", gen = {two} }}")])]),
            ":11:",
            "the test name 'Big' is not a valid name",
        ),
        (
            msquare_plan(&[("has space", &[&one])]),
            ":9:",
            "the group name 'has space' is not a valid name",
        ),
        (
            msquare_plan(&[("g", &[&one]), ("g", &[&two])]),
            ":15:",
            "the group name 'g' is used twice (first on line 9)",
        ),
        (
            msquare_plan(&[("g", &[&format!("{{ gen = {one}, input = \"1\" }}")])]),
            ":11:",
            "give exactly one of `gen`, `input` and `generator`",
        ),
        (
            msquare_plan(&[("g", &["{ inptu = \"1\" }"])]),
            ":11:",
            "unknown key `inptu` in a test",
        ),
        (
            msquare_plan(&[("g", &["7"])]),
            ":11:",
            "a test is a generator command",
        ),
    ];
    for (text, line, fragment) in cases {
        let o = build_in(&dir, &text, false);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{text}: {err}");
        assert!(err.contains(&format!("judge.toml{line}")), "{text}: {err}");
        assert!(err.contains(fragment), "{text}: {err}");
    }
    // The same name in two groups is fine.
    let text = msquare_plan(&[
        ("a", &[&one]),
        ("b", &[&format!("{{ name = \"uniform-s1\", gen = {two} }}")]),
    ]);
    let o = build_in(&dir, &text, false);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_numbered_layout_is_replaced_by_the_named_one() {
    let dir = scratch("judge-build", "old-layout");
    let text = msquare_plan(&[("g", &[r#""gen msquare --seed 1""#])]);
    std::fs::create_dir_all(dir.join("testdata/msquare")).unwrap();
    for old in ["01.in", "01.ans"] {
        std::fs::write(dir.join("testdata/msquare").join(old), "old\n").unwrap();
    }
    let o = build_in(&dir, &text, true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(err.contains("01.in is unknown"), "{err}");
    assert!(err.contains("g/uniform-s1.in is missing"), "{err}");
    assert!(build_in(&dir, &text, false).status.success());
    let files: Vec<String> = tree(&dir.join("testdata"))
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    assert_eq!(
        files,
        [
            "msquare/g/uniform-s1.ans",
            "msquare/g/uniform-s1.in",
            "msquare/manifest.toml"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unknown_files_are_moved_to_the_trash_and_named_never_deleted() {
    let dir = scratch("judge-build", "trash");
    let kept = r#""gen msquare --seed 1 --strategy distance --distance 3""#;
    let dropped = r#""gen msquare --seed 2 --strategy distance --distance 5""#;
    let edited = r#""gen msquare --seed 3 --strategy distance --distance 8""#;
    let all = msquare_plan(&[("g", &[kept, dropped, edited])]);
    assert!(build_in(&dir, &all, false).status.success());
    // A setter's own test beside the built ones, and a built answer edited by hand.
    let data = dir.join("testdata/msquare");
    std::fs::create_dir_all(data.join("mine")).unwrap();
    std::fs::write(data.join("mine/my-hand.in"), "8 7 6 5 4 3 2 1\n").unwrap();
    std::fs::write(data.join("mine/my-hand.ans"), "mine\n").unwrap();
    std::fs::write(data.join("g/distance-08-s3.ans"), "edited\n").unwrap();
    let fewer = msquare_plan(&[("g", &[kept])]);

    let o = build_in(&dir, &fewer, true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("mine/my-hand.in is unknown"), "{err}");
    assert!(err.contains("mine/my-hand.ans is unknown"), "{err}");
    assert!(
        err.contains(
            "g/distance-08-s3.ans was edited by hand since the last build, and the plan no \
             longer produces it"
        ),
        "{err}"
    );
    assert!(
        err.contains("g/distance-05-s2.in is not produced by the plan (an earlier build"),
        "{err}"
    );

    let o = build_in(&dir, &fewer, false);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("3 stale removed, 1 edited by hand and 2 unknown kept in the trash"),
        "{err}"
    );
    for removed in [
        "g/distance-05-s2.in",
        "g/distance-05-s2.ans",
        "g/distance-08-s3.in",
    ] {
        assert!(
            err.contains(&format!("removed {}", data.join(removed).display())),
            "{removed}: {err}"
        );
    }
    // Each unknown file is named with where it went, and is there with its bytes.
    let trashed: Vec<(String, Vec<u8>)> = tree(&dir.join("target/trash"));
    let moved: Vec<(&str, &[u8])> = trashed
        .iter()
        .map(|(p, b)| (p.split_once('/').unwrap().1, b.as_slice()))
        .collect();
    assert_eq!(
        moved,
        [
            ("msquare/g/distance-08-s3.ans", &b"edited\n"[..]),
            ("msquare/mine/my-hand.ans", &b"mine\n"[..]),
            ("msquare/mine/my-hand.in", &b"8 7 6 5 4 3 2 1\n"[..]),
        ]
    );
    for (path, _) in &trashed {
        let to = dir.join("target/trash").join(path);
        let why = if path.ends_with(".ans") && path.contains("/g/") {
            "edited by hand since the last build"
        } else {
            "unknown"
        };
        assert!(
            err.contains(&format!("to {} ({why}", to.display())),
            "{path}: {err}"
        );
    }
    // How to keep the setter's own input as a test: the line for judge.toml.
    assert!(
        err.contains(
            r#"to keep it as a test, add `{ name = "my-hand", input = "8 7 6 5 4 3 2 1\n" }`"#
        ),
        "{err}"
    );
    assert!(
        !data.join("mine").exists(),
        "the emptied group directory goes"
    );
    assert!(build_in(&dir, &fewer, true).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hand_edits_of_built_files_are_kept_in_the_trash_and_named() {
    let dir = built_copy("judge-build", "edits");
    let data = dir.join("testdata/msquare");
    // As the judge names them, run in `dir`.
    let named = Path::new("testdata/msquare");
    let edits = [
        ("samples/statement.in", "8 7 6 5 4 3 2 1\n"),
        ("by-distance/distance-05-s210.ans", "5\nAAAAA\n"),
    ];
    let built: Vec<Vec<u8>> = edits
        .iter()
        .map(|(rel, _)| std::fs::read(data.join(rel)).unwrap())
        .collect();
    for (rel, edit) in edits {
        std::fs::write(data.join(rel), edit).unwrap();
    }
    // --check names both as edited by hand, apart from files the plan changed.
    let o = judge_in(&dir, &["build", "--check", "msquare"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    for (rel, _) in edits {
        assert!(
            err.contains(&format!(
                "{} was edited by hand since the last build",
                named.join(rel).display()
            )),
            "{rel}: {err}"
        );
    }
    // The build keeps both edits in the trash, names them and says how to keep the change;
    // the data is rebuilt from judge.toml.
    let o = judge_in(&dir, &["build", "msquare"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("msquare: wrote 2 file(s), ")
            && err.contains("2 edited by hand and 0 unknown kept in the trash"),
        "{err}"
    );
    let trash: Vec<(String, Vec<u8>)> = tree(&dir.join("target/trash"));
    assert_eq!(trash.len(), 2, "{trash:?}");
    for ((rel, edit), before) in edits.iter().zip(&built) {
        let (path, bytes) = trash
            .iter()
            .find(|(p, _)| p.ends_with(&format!("msquare/{rel}")))
            .unwrap_or_else(|| panic!("{rel} is not in the trash: {trash:?}"));
        assert_eq!(bytes, edit.as_bytes(), "{rel}");
        assert!(
            err.contains(&format!(
                "kept your edit of {} in {}",
                named.join(rel).display(),
                Path::new("target/trash").join(path).display()
            )),
            "{rel}: {err}"
        );
        assert_eq!(&std::fs::read(data.join(rel)).unwrap(), before, "{rel}");
    }
    assert!(
        err.contains(
            r#"add `{ name = "statement-edited", input = "8 7 6 5 4 3 2 1\n" }` to a group's tests"#
        ),
        "{err}"
    );
    assert!(
        err.contains("run `judge check msquare by-distance/distance-05-s210 OUTPUT`"),
        "{err}"
    );
    let o = judge_in(&dir, &["build", "--check"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A changed plan rewrites the files the last build wrote, and trashes nothing.
    let plan = std::fs::read_to_string(dir.join("judge.toml")).unwrap();
    let sample = r#"{ name = "statement", input = "2 6 8 4 5 7 3 1\n" }"#;
    assert!(plan.contains(sample));
    let other = plan.replace(
        sample,
        r#"{ name = "statement", input = "3 1 4 2 8 6 5 7\n" }"#,
    );
    std::fs::write(dir.join("judge.toml"), other).unwrap();
    let o = judge_in(&dir, &["build", "msquare"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("msquare: wrote 3 file(s), ")
            && err.contains("0 edited by hand and 0 unknown kept in the trash"),
        "{err}"
    );
    assert_eq!(tree(&dir.join("target/trash")).len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
