//! `judge export`: the layout of the Kattis, Polygon and CMS packages, their determinism, the
//! DOMjudge zip, the modes of scripts and binaries, and the packaged validators and checkers
//! run with the exact argv and stdin each judge system uses.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use boardjudge::judge::plan::Plan;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn plan() -> Plan {
    Plan::load(&repo().join("judge.toml")).unwrap()
}

fn judge(args: &[&str]) -> Output {
    Command::new(JUDGE)
        .args(args)
        .current_dir(repo())
        .output()
        .expect("run judge")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-export-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Exports every problem for `kind` into a fresh directory.
fn export_all(kind: &str, name: &str) -> PathBuf {
    let out = scratch(name);
    let o = judge(&["export", kind, "--all", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

/// One export per kind, shared by the tests of this file.
fn exported(kind: &'static str) -> &'static Path {
    static KATTIS: OnceLock<PathBuf> = OnceLock::new();
    static POLYGON: OnceLock<PathBuf> = OnceLock::new();
    static CMS: OnceLock<PathBuf> = OnceLock::new();
    let cell = match kind {
        "kattis" => &KATTIS,
        "polygon" => &POLYGON,
        _ => &CMS,
    };
    cell.get_or_init(|| export_all(kind, kind))
}

/// Every file under `dir`: relative path -> (mode bits, bytes).
fn tree(dir: &Path) -> BTreeMap<String, (u32, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<String, (u32, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, files);
            } else {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
                files.insert(rel, (mode, std::fs::read(&path).unwrap()));
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, dir, &mut files);
    files
}

fn committed(problem: &str, file: &str) -> Vec<u8> {
    std::fs::read(repo().join("testdata").join(problem).join(file)).unwrap()
}

/// Runs `program args` with `stdin`, returning (exit code, stdout, stderr).
fn run(program: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let o = child.wait_with_output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A wrong output for the first test of a problem: the answer with its first line changed.
fn wrong_output(answer: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(answer);
    let (first, rest) = text.split_once('\n').unwrap();
    let changed = if first == "1" { "2" } else { "1" };
    format!("{changed}\n{rest}").into_bytes()
}

#[test]
fn kattis_layout_holds_every_test_the_statement_and_the_shipped_solutions() {
    let out = exported("kattis");
    for problem in &plan().problems {
        let name = problem.name.as_str();
        let files = tree(&out.join(name));
        let yaml = String::from_utf8(files["problem.yaml"].1.clone()).unwrap();
        for field in [
            "source: ",
            "license: cc by-sa\n",
            "rights_owner: 'boardjudge contributors'\n",
            "uuid: ",
            "validation: custom\n",
            &format!("limits:\n  memory: {}\n", problem.memory_limit),
        ] {
            assert!(yaml.contains(field), "{name}: no {field:?} in\n{yaml}");
        }
        assert!(!yaml.contains("time_limit"), "legacy has no time limit key");
        let limit = String::from_utf8(files[".timelimit"].1.clone()).unwrap();
        assert_eq!(limit.trim().parse::<f64>().unwrap(), problem.time_limit);
        assert_eq!(
            files["problem_statement/problem.en.tex"].1,
            std::fs::read(repo().join(format!("statements/{name}.tex"))).unwrap()
        );
        assert!(
            files
                .keys()
                .any(|k| k.starts_with("problem_statement/") && k.ends_with(".pdf"))
        );
        // Every committed test is in data/, the samples in data/sample, byte for byte; a test
        // is missing only when its input repeats one that is there.
        // The samples group is data/sample/NAME, every other group data/secret/GROUP/NAME.
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for test in &problem.tests {
            let stem = test.id();
            let packaged = if test.group == "samples" {
                format!("data/sample/{}", test.name)
            } else {
                format!("data/secret/{stem}")
            };
            let input = committed(name, &format!("{stem}.in"));
            match files.get(&format!("{packaged}.in")) {
                Some((_, bytes)) => {
                    assert_eq!(*bytes, input, "{name} {stem}");
                    assert_eq!(
                        files[&format!("{packaged}.ans")].1,
                        committed(name, &format!("{stem}.ans"))
                    );
                    inputs.push(input);
                }
                None => assert!(inputs.contains(&input), "{name}: test {stem} is missing"),
            }
        }
        let data_files = files.keys().filter(|k| k.starts_with("data/")).count();
        assert_eq!(
            data_files,
            2 * problem.tests.len(),
            "{name}: nothing else in data/"
        );
        for s in &problem.solutions {
            let file = s.path.file_name().unwrap().to_str().unwrap();
            let key = format!("submissions/{}/{file}", s.expected.name());
            assert_eq!(files[&key].1, std::fs::read(repo().join(&s.path)).unwrap());
        }
        for dir in ["input_validators", "output_validators"] {
            for script in ["build", "run"] {
                let (mode, _) = files[&format!("{dir}/{name}/{script}")];
                assert_eq!(mode, 0o755, "{dir}/{name}/{script}");
            }
        }
        assert_eq!(files[&format!("input_validators/{name}/validate")].0, 0o755);
        assert_eq!(files[&format!("output_validators/{name}/check")].0, 0o755);
        assert_eq!(files["problem.yaml"].0, 0o644);
    }
}

/// A sicily input of `cases` copies of one case, in the exact layout.
fn sicily_cases(cases: usize) -> Vec<u8> {
    let mut text = "4\n5 8 7 6\n4 1 2 3\n".repeat(cases);
    text.push_str("-1\n");
    text.into_bytes()
}

#[test]
fn exported_validators_enforce_each_problems_case_limit() {
    // sicily and sicilylarge share a format but not the statement's limit (judge.toml's
    // max_cases): 30 and 100,000 cases.
    let plan = plan();
    let limit = |name: &str| plan.problem(name).unwrap().max_cases;
    assert_eq!(limit("sicily"), 30);
    assert_eq!(limit("sicilylarge"), 100_000);
    for (name, cases, kattis, testlib) in [
        ("sicily", 30, 42, 0),
        ("sicily", 31, 43, 3),
        ("sicilylarge", 31, 42, 0),
    ] {
        let input = sicily_cases(cases);
        let validator = exported("kattis").join(format!("{name}/input_validators/{name}/run"));
        let (code, _, stderr) = run(&validator, &[], &input);
        assert_eq!(code, kattis, "kattis {name}, {cases} cases: {stderr}");
        let validator = exported("polygon").join(format!("{name}/validator"));
        let (code, _, stderr) = run(&validator, &[], &input);
        assert_eq!(code, testlib, "polygon {name}, {cases} cases: {stderr}");
        if cases == 31 && name == "sicily" {
            assert!(
                stderr.contains("91:1: case 31: more than 30 cases"),
                "{stderr}"
            );
        }
    }
}

#[test]
fn kattis_validators_speak_the_kattis_protocol() {
    let dir = exported("kattis").join("msquare");
    let input = committed("msquare", "samples/statement.in");
    let answer = committed("msquare", "samples/statement.ans");
    let validator = dir.join("input_validators/msquare/run");
    // verifyproblem passes only input_validator_flags as arguments, the input on stdin.
    assert_eq!(run(&validator, &[], &input).0, 42);
    assert_eq!(run(&validator, &["some_flag"], &input).0, 42);
    assert_eq!(run(&validator, &[], b"1 2 3 4 5 6 7 8 \n").0, 43);
    // run <input> <answer> <feedback_dir>/ [flags] < output, from another directory.
    let checker = dir.join("output_validators/msquare/run");
    let feedback = scratch("feedback");
    let files: Vec<String> = [
        dir.join("data/sample/statement.in"),
        dir.join("data/sample/statement.ans"),
        feedback.clone(),
    ]
    .iter()
    .map(|p| format!("{}", p.display()))
    .collect();
    let fb = format!("{}/", files[2]);
    let argv = [files[0].as_str(), files[1].as_str(), fb.as_str()];
    assert_eq!(run(&checker, &argv, &answer).0, 42);
    let (code, _, _) = run(&checker, &argv, &wrong_output(&answer));
    assert_eq!(code, 43);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(message.contains("wrong answer"), "{message}");
    assert!(
        message.contains("expected (the only right answer)"),
        "{message}"
    );
    // Teams see the verdict only: the packaged checker writes no teammessage.txt.
    assert!(!feedback.join("teammessage.txt").exists());
    std::fs::remove_dir_all(&feedback).unwrap();
}

#[test]
fn domjudge_zip_lists_the_package_and_its_ini_sorted_with_modes() {
    let out = exported("kattis");
    for problem in &plan().problems {
        let name = problem.name.as_str();
        let files = tree(&out.join(name));
        let bytes = std::fs::read(out.join(format!("{name}.zip"))).unwrap();
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        let mut names = Vec::new();
        for i in 0..zip.len() {
            let mut entry = zip.by_index(i).unwrap();
            let entry_name = String::from_utf8(entry.name_raw().to_vec()).unwrap();
            let mut content = Vec::new();
            entry.read_to_end(&mut content).unwrap();
            if entry_name == "domjudge-problem.ini" {
                let ini = String::from_utf8(content).unwrap();
                assert!(ini.contains(&format!("short-name = {name}\n")), "{ini}");
                assert!(
                    ini.contains(&format!("name = \"{}\"\n", problem.title)),
                    "{ini}"
                );
                let seconds = String::from_utf8(files[".timelimit"].1.clone()).unwrap();
                let limit = format!("timelimit = {}\n", seconds.trim());
                assert!(ini.contains(&limit), "{ini}");
            } else {
                let (mode, disk) = &files[&entry_name];
                assert_eq!(&content, disk, "{entry_name}");
                assert_eq!(entry.unix_mode().map(|m| m & 0o777), Some(*mode));
            }
            names.push(entry_name);
        }
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "entries in path order");
        assert_eq!(names.len(), files.len() + 1);
        assert!(
            names.contains(&"problem.yaml".to_string()),
            "files at the root"
        );
    }
}

#[test]
fn exporting_twice_gives_identical_bytes() {
    let first = exported("kattis");
    let second = export_all("kattis", "again");
    for problem in &plan().problems {
        let name = &problem.name;
        assert!(
            tree(&first.join(name)) == tree(&second.join(name)),
            "{name}"
        );
        let zip = format!("{name}.zip");
        assert!(
            std::fs::read(first.join(&zip)).unwrap() == std::fs::read(second.join(&zip)).unwrap()
        );
    }
    // Exporting over an earlier export replaces it, with the same bytes; a directory of
    // another kind is left alone.
    let o = judge(&["export", "kattis", "rotation", second.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(tree(&first.join("rotation")) == tree(&second.join("rotation")));
    let o = judge(&["export", "cms", "rotation", second.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "a Kattis package is not replaced by a CMS task"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("not an earlier export"));
    std::fs::remove_dir_all(&second).unwrap();
}

#[test]
fn polygon_layout_and_testlib_argv() {
    let out = exported("polygon");
    for problem in &plan().problems {
        let name = problem.name.as_str();
        let dir = out.join(name);
        let files = tree(&dir);
        let script = String::from_utf8(files["script.txt"].1.clone()).unwrap();
        let mut lines = script.lines();
        // Tests numbered in plan order; names.txt says which test each number is.
        let listing = String::from_utf8(files["names.txt"].1.clone()).unwrap();
        let mut names = listing.lines();
        for (i, test) in problem.tests.iter().enumerate() {
            let stem = format!("{:02}", i + 1);
            assert_eq!(names.next(), Some(format!("{stem} {}", test.id()).as_str()));
            assert_eq!(
                files[&format!("tests/{stem}")].1,
                committed(name, &format!("{}.in", test.id()))
            );
            assert_eq!(
                files[&format!("tests/{stem}.a")].1,
                committed(name, &format!("{}.ans", test.id()))
            );
            match &test.source {
                boardjudge::judge::plan::TestSource::Generator { command, .. } => {
                    assert_eq!(
                        lines.next(),
                        Some(format!("{command} > {}", i + 1).as_str())
                    );
                }
                boardjudge::judge::plan::TestSource::Manual(input) => {
                    assert_eq!(files[&format!("manual/{stem}")].1, input.as_bytes());
                }
                // A program of one's own goes in as a manual test: its output.
                boardjudge::judge::plan::TestSource::Program { .. } => {
                    assert_eq!(
                        files[&format!("manual/{stem}")].1,
                        committed(name, &format!("{stem}.in"))
                    );
                }
            }
        }
        assert_eq!(lines.next(), None);
        assert_eq!(names.next(), None);
        let xml = String::from_utf8(files["problem.xml"].1.clone()).unwrap();
        assert!(xml.contains(&format!("<test-count>{}</test-count>", problem.tests.len())));
        for program in [
            "checker",
            "validator",
            "files/check",
            "files/validate",
            "files/gen",
        ] {
            assert_eq!(files[program].0, 0o755, "{program}");
        }
        // testlib: checker <input> <output> <answer>; exit 0 ok, 1 wrong answer.
        let (input, answer) = (dir.join("tests/01"), dir.join("tests/01.a"));
        let wrong = dir.join("wrong.out");
        std::fs::write(&wrong, wrong_output(&files["tests/01.a"].1)).unwrap();
        let argv = |output: &Path| -> Vec<String> {
            [&input, output, &answer]
                .iter()
                .map(|p| p.display().to_string())
                .collect()
        };
        let ok = argv(&answer);
        let ok: Vec<&str> = ok.iter().map(String::as_str).collect();
        let (code, _, err) = run(&dir.join("checker"), &ok, b"");
        assert_eq!(code, 0, "{err}");
        assert!(err.starts_with("ok "), "{err}");
        let bad = argv(&wrong);
        let bad: Vec<&str> = bad.iter().map(String::as_str).collect();
        let (code, _, err) = run(&dir.join("checker"), &bad, b"");
        assert_eq!(code, 1, "{err}");
        assert!(err.starts_with("wrong answer "), "{err}");
        std::fs::remove_file(&wrong).unwrap();
        // testlib validator: the input on stdin, Polygon's flags ignored; exit 0 / 3.
        let validator = dir.join("validator");
        let flags = ["--testset", "tests", "--group", "samples"];
        assert_eq!(run(&validator, &flags, &files["tests/01"].1).0, 0);
        assert_eq!(run(&validator, &[], &files["tests/01.a"].1).0, 3);
        // The script's generator reproduces a generated test.
        let (id, command) = problem
            .tests
            .iter()
            .find_map(|t| match &t.source {
                boardjudge::judge::plan::TestSource::Generator { command, .. } => {
                    Some((t.id(), command.clone()))
                }
                _ => None,
            })
            .unwrap();
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let (code, stdout, _) = run(&dir.join("files/gen"), &args, b"");
        assert_eq!(code, 0);
        assert_eq!(stdout.as_bytes(), committed(name, &format!("{id}.in")));
    }
}

#[test]
fn cms_layout_and_checker_argv() {
    let out = exported("cms");
    for problem in &plan().problems {
        let name = problem.name.as_str();
        let dir = out.join(name);
        let files = tree(&dir);
        let yaml = String::from_utf8(files["task.yaml"].1.clone()).unwrap();
        for field in [
            format!("name: {name}\n"),
            format!("n_input: {}\n", problem.tests.len()),
            format!("memory_limit: {}\n", problem.memory_limit),
            format!("time_limit: {:?}\n", problem.time_limit),
            "infile: ''\n".to_string(),
            "outfile: ''\n".to_string(),
            "public_testcases: '0'\n".to_string(),
            "feedback_level: restricted\n".to_string(),
        ] {
            assert!(yaml.contains(&field), "{name}: no {field:?} in\n{yaml}");
        }
        // Tests numbered from 0 in plan order; names.txt says which test each number is.
        let listing = String::from_utf8(files["names.txt"].1.clone()).unwrap();
        let mut names = listing.lines();
        for (k, test) in problem.tests.iter().enumerate() {
            let stem = test.id();
            assert_eq!(names.next(), Some(format!("{k} {stem}").as_str()));
            assert_eq!(
                files[&format!("input/input{k}.txt")].1,
                committed(name, &format!("{stem}.in"))
            );
            assert_eq!(
                files[&format!("output/output{k}.txt")].1,
                committed(name, &format!("{stem}.ans"))
            );
        }
        assert_eq!(names.next(), None);
        assert_eq!(files.len(), 2 * problem.tests.len() + 3);
        assert_eq!(files["check/checker"].0, 0o755);
        // CMS copies check/checker alone into a sandbox and runs
        // `checker <input> <correct_output> <contestant_output>`: the score on stdout, the
        // message on stderr. Here the three files sit in a directory of their own.
        let sandbox = scratch(&format!("cms-sandbox-{name}"));
        let checker = sandbox.join("checker");
        std::fs::copy(dir.join("check/checker"), &checker).unwrap();
        std::fs::write(sandbox.join("input"), &files["input/input0.txt"].1).unwrap();
        std::fs::write(sandbox.join("res"), &files["output/output0.txt"].1).unwrap();
        std::fs::write(sandbox.join("good"), &files["output/output0.txt"].1).unwrap();
        std::fs::write(
            sandbox.join("bad"),
            wrong_output(&files["output/output0.txt"].1),
        )
        .unwrap();
        let judge_cms = |output: &str| {
            let o = Command::new(&checker)
                .args(["input", "res", output])
                .current_dir(&sandbox)
                .output()
                .unwrap();
            (
                o.status.code(),
                String::from_utf8_lossy(&o.stdout).into_owned(),
                String::from_utf8_lossy(&o.stderr).into_owned(),
            )
        };
        let (code, stdout, stderr) = judge_cms("good");
        assert_eq!((code, stdout.trim()), (Some(0), "1.0"), "{stderr}");
        assert!(stderr.starts_with("translate:success"), "{stderr}");
        let (code, stdout, stderr) = judge_cms("bad");
        assert_eq!((code, stdout.trim()), (Some(0), "0.0"), "{stderr}");
        assert_eq!(stderr, "translate:wrong\n", "the contestant sees no reason");
        std::fs::remove_dir_all(&sandbox).unwrap();
    }
}

#[test]
fn test_data_that_differs_from_the_plan_is_not_exported() {
    let tmp = scratch("stale");
    let data = tmp.join("testdata");
    let src = repo().join("testdata");
    for (rel, (_, bytes)) in tree(&src.join("msquare")) {
        let to = data.join("msquare").join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(to, bytes).unwrap();
    }
    std::fs::write(data.join("msquare/random/uniform-s303.ans"), "0\n\n").unwrap();
    let out = tmp.join("out");
    let o = judge(&[
        "export",
        "kattis",
        "msquare",
        out.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("random/uniform-s303.ans differs") && err.contains("judge build"),
        "{err}"
    );
    assert!(!out.join("msquare").exists(), "nothing written");
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn bad_arguments_exit_with_2() {
    for args in [
        &["export", "kattis", "--all", "a", "b"][..],
        &["export", "kattis", "msquare"][..],
        &["export", "kattis", "nosuch", "out"][..],
        &["export", "icpc", "msquare", "out"][..],
    ] {
        let o = judge(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}
