//! `judge export`: the layout of the ICPC 2025-09, Kattis, Polygon and CMS packages and the
//! DMOJ folder (init.yml and the testsuite cases read by a YAML parser), their determinism, the DOMjudge zip, no prebuilt program in any package, Polygon's problem.xml
//! read with an XML parser field by field as Polygon's import reads it, CMS's task.yaml keys
//! and gen/GEN, and the packaged C++ validators and checkers compiled with g++ and run with
//! the exact argv and stdin each judge uses (tests/cpp_differential.rs proves the C++ judges
//! as `check` and `validate` do).

mod common;

use common::cli::{copy_dir, judge, repo, scratch, tree};

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};

use boardjudge::export::cases;
use boardjudge::export::verify::sources;
use boardjudge::problemset::names::path_order;
use boardjudge::problemset::plan::{Plan, ProblemPlan, TestSource};
use boardjudge::problemset::program_generator::expand_seed;

const CHECK: &str = env!("CARGO_BIN_EXE_check");
const VALIDATE: &str = env!("CARGO_BIN_EXE_validate");
const GEN: &str = env!("CARGO_BIN_EXE_gen");

fn plan() -> Plan {
    Plan::load(&repo().join("judge.toml")).unwrap()
}

/// The input and output files Polygon and CMS are to name: a problem of its files alone
/// (judge.toml's `files_only`) names them, any other standard input and output ("").
fn carried(problem: &ProblemPlan) -> (&str, &str) {
    match (
        problem.files.only,
        &problem.files.input,
        &problem.files.output,
    ) {
        (true, Some(input), Some(output)) => (input, output),
        _ => ("", ""),
    }
}

/// Exports every problem for `kind` into a fresh directory.
fn export_all(kind: &str, name: &str) -> PathBuf {
    let out = scratch("judge-export", name);
    let o = judge(&["export", kind, "--all", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

/// One export per kind, shared by the tests of this file.
fn exported(kind: &'static str) -> &'static Path {
    static ICPC: OnceLock<PathBuf> = OnceLock::new();
    static KATTIS: OnceLock<PathBuf> = OnceLock::new();
    static POLYGON: OnceLock<PathBuf> = OnceLock::new();
    static CMS: OnceLock<PathBuf> = OnceLock::new();
    static DMOJ: OnceLock<PathBuf> = OnceLock::new();
    let cell = match kind {
        "icpc" => &ICPC,
        "kattis" => &KATTIS,
        "polygon" => &POLYGON,
        "dmoj" => &DMOJ,
        _ => &CMS,
    };
    cell.get_or_init(|| export_all(kind, kind))
}

/// Where the Kattis and 2025-09 exports put each secret test (by its `group/name`):
/// `G-GROUP/NAME`, the groups numbered in plan order (so that the judges' order of paths
/// keeps the plan's groups in order: checked here too), each test under its testdata name.
fn numbered_secret_paths(problem: &ProblemPlan) -> BTreeMap<String, String> {
    let secret: Vec<_> = problem
        .tests
        .iter()
        .filter(|t| t.group != "samples")
        .collect();
    let mut groups: Vec<&str> = Vec::new();
    for t in &secret {
        if !groups.contains(&t.group.as_str()) {
            groups.push(&t.group);
        }
    }
    let paths: Vec<(String, String)> = secret
        .iter()
        .map(|t| {
            let g = groups.iter().position(|g| *g == t.group).unwrap();
            (t.id(), format!("{:02}-{}/{}", g + 1, t.group, t.name))
        })
        .collect();
    let mut by_path = paths.clone();
    by_path.sort_by(|a, b| a.1.cmp(&b.1));
    let group_order: Vec<&str> = by_path
        .iter()
        .map(|(id, _)| id.split('/').next().unwrap())
        .collect();
    let plan_order: Vec<&str> = secret.iter().map(|t| t.group.as_str()).collect();
    assert_eq!(
        group_order, plan_order,
        "{}: paths sort the groups in plan order",
        problem.name
    );
    paths.into_iter().collect()
}

#[test]
fn name_order_is_the_order_of_the_exported_test_files() {
    // problemtools and BAPCtools run the test files of the Kattis and 2025-09 packages in the
    // order of their paths under data/: `judge strength`'s name order (path_order) must be
    // exactly that order.
    // A problem of its files alone has no Kattis, 2025-09 or DMOJ package (its own test below).
    for problem in plan().problems.iter().filter(|p| !p.files.only) {
        let named: Vec<(&str, &str)> = problem
            .tests
            .iter()
            .map(|t| (t.group.as_str(), t.name.as_str()))
            .collect();
        let expected: Vec<String> = path_order(&named)
            .into_iter()
            .map(|i| format!("{}/{}", named[i].0, named[i].1))
            .collect();
        for kind in ["kattis", "icpc"] {
            let files = tree(&exported(kind).join(&problem.name));
            let listed: Vec<String> = files
                .keys()
                .filter_map(|path| {
                    let test = path.strip_prefix("data/")?.strip_suffix(".in")?;
                    if let Some(name) = test.strip_prefix("sample/") {
                        return Some(format!("samples/{name}"));
                    }
                    let (dir, name) = test.strip_prefix("secret/")?.split_once('/')?;
                    Some(format!("{}/{name}", dir.split_once('-')?.1))
                })
                .collect();
            assert_eq!(listed, expected, "{kind} {}", problem.name);
        }
    }
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
    // A problem of its files alone has no Kattis, 2025-09 or DMOJ package (its own test below).
    for problem in plan().problems.iter().filter(|p| !p.files.only) {
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
        // The statement: made from statements/NAME.md (tested below).
        let tex = String::from_utf8(files["problem_statement/problem.en.tex"].1.clone()).unwrap();
        assert!(tex.contains(&format!("from statements/{name}.md")), "{tex}");
        assert!(
            files
                .keys()
                .any(|k| k.starts_with("problem_statement/") && k.ends_with(".pdf"))
        );
        // Every committed test is in data/, the samples in data/sample, byte for byte; a test
        // is missing only when its input repeats one that is there.
        // The samples group is data/sample/NAME, every other group data/secret/G-GROUP/T-NAME.
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        let secret = numbered_secret_paths(problem);
        for test in &problem.tests {
            let stem = test.id();
            let packaged = if test.group == "samples" {
                format!("data/sample/{}", test.name)
            } else {
                format!("data/secret/{}", secret[&stem])
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
        // Every shipped solution, Java's too (its toolchain is in the README: tested below),
        // but one that names a standard problemtools does not build or reads
        // and writes the problem's files.
        for s in &problem.solutions {
            let prefix = format!("submissions/{}/", s.expected.name());
            let found = (files.iter()).any(|(k, v)| k.starts_with(&prefix) && is_copy_of(&v.1, s));
            assert_eq!(
                found,
                s.standard.is_none() && !s.file_io,
                "{name}: {}",
                s.path.display()
            );
        }
        // The validators are sources, one file each.
        for program in [
            format!("input_validators/{name}/validate.cpp"),
            format!("output_validators/{name}/check.cpp"),
        ] {
            assert_source(&files, &program, problem, "kattis");
        }
        let validators = files.keys().filter(|k| k.contains("_validators/")).count();
        assert_eq!(validators, 2, "{name}: nothing else in the validators");
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
        let validator =
            built(&exported("kattis").join(format!("{name}/input_validators/{name}/validate.cpp")));
        let (code, _, stderr) = run(&validator, &[], &input);
        assert_eq!(code, kattis, "kattis {name}, {cases} cases: {stderr}");
        let validator = built(&exported("polygon").join(format!("{name}/files/validator.cpp")));
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
    let validator = built(&dir.join("input_validators/msquare/validate.cpp"));
    // verifyproblem passes only input_validator_flags as arguments, the input on stdin.
    assert_eq!(run(&validator, &[], &input).0, 42);
    assert_eq!(run(&validator, &["some_flag"], &input).0, 42);
    assert_eq!(run(&validator, &[], b"1 2 3 4 5 6 7 8 \n").0, 43);
    // run <input> <answer> <feedback_dir>/ [flags] < output, from another directory.
    let checker = built(&dir.join("output_validators/msquare/check.cpp"));
    let feedback = scratch("judge-export", "feedback");
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
    // A problem of its files alone has no Kattis, 2025-09 or DMOJ package (its own test below).
    for problem in plan().problems.iter().filter(|p| !p.files.only) {
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
            if entry_name == "problem.pdf" {
                // DOMjudge reads the statement from problem.pdf at the root.
                let pdf = std::fs::read(repo().join(format!("statements/{name}.pdf"))).unwrap();
                assert_eq!(content, pdf, "{name}");
                assert!(!files.contains_key("problem.pdf"), "the zip's only");
            } else if entry_name == "domjudge-problem.ini" {
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
        assert_eq!(
            names.len(),
            files.len() + 2,
            "the package, the ini and problem.pdf"
        );
        assert!(
            names.contains(&"problem.yaml".to_string()),
            "files at the root"
        );
    }
}

#[test]
fn exporting_twice_gives_identical_bytes() {
    for kind in ["icpc", "kattis", "polygon", "cms", "dmoj"] {
        let first = exported(kind);
        let second = export_all(kind, &format!("again-{kind}"));
        let (a, b) = (tree(first), tree(&second));
        let differing: Vec<&String> = a
            .keys()
            .chain(b.keys())
            .filter(|path| a.get(*path) != b.get(*path))
            .collect();
        assert!(
            differing.is_empty(),
            "{kind}: two exports differ in {differing:?}"
        );
        std::fs::remove_dir_all(&second).unwrap();
    }
    let first = exported("kattis");
    let second = export_all("kattis", "again");
    // Exporting over an earlier export replaces it, with the same bytes; a directory of
    // another kind is left alone.
    let o = judge(&["export", "kattis", "rotation", second.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(tree(&first.join("rotation")) == tree(&second.join("rotation")));
    let o = judge(&["export", "cms", "rotation", second.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(3),
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
        // Tests numbered in plan order; names.txt says which test each number is, and
        // files/tests.txt how each was made.
        let listing = String::from_utf8(files["names.txt"].1.clone()).unwrap();
        let mut names = listing.lines();
        let made = String::from_utf8(files["files/tests.txt"].1.clone()).unwrap();
        let mut made = made.lines().filter(|l| !l.starts_with('#'));
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
            let (at, how) = made.next().unwrap().split_once(": ").unwrap();
            assert_eq!(at, format!("{stem} {}", test.id()));
            let manual = files.get(&format!("manual/{stem}")).map(|f| &f.1);
            match &test.source {
                // boardjudge's gen: a manual test, its command recorded.
                TestSource::Generator { command, .. } => {
                    assert_eq!(how, command);
                    assert_eq!(manual, Some(&files[&format!("tests/{stem}")].1));
                }
                TestSource::Manual(input) => {
                    assert_eq!(how, "written out in judge.toml");
                    assert_eq!(manual.unwrap(), input.as_bytes());
                }
                // A program of one's own travels: the script runs it (tested below).
                TestSource::Program { expanded, .. } => {
                    let words: Vec<&str> = expanded.split_whitespace().collect();
                    assert_eq!(words[0], "python3", "{expanded}");
                    let file = words[1].strip_prefix("generators/").unwrap();
                    let command = format!(
                        "{} {}",
                        file.strip_suffix(".py").unwrap(),
                        words[2..].join(" ")
                    );
                    assert_eq!(how, format!("script: {command}"));
                    assert_eq!(
                        lines.next(),
                        Some(format!("{command} > {}", i + 1).as_str())
                    );
                    assert_eq!(manual, None);
                    assert_eq!(
                        files[&format!("files/{file}")].1,
                        std::fs::read(repo().join(words[1])).unwrap()
                    );
                }
            }
        }
        assert_eq!(lines.next(), None);
        assert_eq!(names.next(), None);
        assert_eq!(made.next(), None);
        let xml = String::from_utf8(files["problem.xml"].1.clone()).unwrap();
        assert!(xml.contains(&format!("<test-count>{}</test-count>", problem.tests.len())));
        // The sources: the portable checker and validator with this problem's defaults.
        assert_eq!(files["check.cpp"], files["files/check.cpp"]);
        assert_source(&files, "files/check.cpp", problem, "testlib");
        assert_source(&files, "files/validator.cpp", problem, "testlib");
        if !COMPILED.contains(&name) {
            continue;
        }
        // testlib: checker <input> <output> <answer>; exit 0 ok, 1 wrong answer.
        let checker = built(&dir.join("files/check.cpp"));
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
        let (code, _, err) = run(&checker, &ok, b"");
        assert_eq!(code, 0, "{err}");
        assert!(err.starts_with("ok "), "{err}");
        let bad = argv(&wrong);
        let bad: Vec<&str> = bad.iter().map(String::as_str).collect();
        let (code, _, err) = run(&checker, &bad, b"");
        assert_eq!(code, 1, "{err}");
        assert!(err.starts_with("wrong answer "), "{err}");
        std::fs::remove_file(&wrong).unwrap();
        // testlib validator: the input on stdin, Polygon's flags ignored; exit 0 / 3.
        let validator = built(&dir.join("files/validator.cpp"));
        let flags = ["--testset", "tests", "--group", "samples"];
        assert_eq!(run(&validator, &flags, &files["tests/01"].1).0, 0);
        assert_eq!(run(&validator, &[], &files["tests/01.a"].1).0, 3);
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
            // The files of a problem of its files alone (its own test below), else none.
            format!("infile: '{}'\n", carried(problem).0),
            format!("outfile: '{}'\n", carried(problem).1),
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
        let accepted = problem
            .solutions
            .iter()
            .filter(|s| s.expected == boardjudge::problemset::plan::Expected::Accepted)
            .filter(|s| s.standard.is_none() && !s.file_io)
            .count();
        // The tests, task.yaml, the checker's source and build script, names.txt, gen/GEN,
        // the statement, the README and the accepted solutions (but those that name a
        // standard: CMS builds C++ as one).
        assert_eq!(files.len(), 2 * problem.tests.len() + 7 + accepted);
        // All or nothing: one subtask of 100 points over every test, each copied from input/
        // (the lines cmsImportTask's GEN parser counts).
        let scoring = String::from_utf8(files["gen/GEN"].1.clone()).unwrap();
        let lines: Vec<&str> = scoring.lines().filter(|l| !l.starts_with("# ")).collect();
        let copies: Vec<String> = (0..problem.tests.len())
            .map(|k| format!("#COPY: input/input{k}.txt"))
            .collect();
        assert_eq!(lines[0], "#ST: 100");
        assert_eq!(lines[1..], copies[..], "{name}");
        assert_source(&files, "check/checker.cpp", problem, "cms");
        if !COMPILED.contains(&name) {
            continue;
        }
        // CMS copies check/checker (compiled from check/checker.cpp) alone into a sandbox and runs
        // `checker <input> <correct_output> <contestant_output>`: the score on stdout, the
        // message on stderr. Here the three files sit in a directory of their own.
        let sandbox = scratch("judge-export", &format!("cms-sandbox-{name}"));
        let checker = sandbox.join("checker");
        std::fs::copy(built(&dir.join("check/checker.cpp")), &checker).unwrap();
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

/// A copy of testdata/msquare under `dir`/testdata; returns that testdata directory.
fn copy_msquare_data(dir: &Path) -> PathBuf {
    let data = dir.join("testdata");
    for (rel, (_, bytes)) in tree(&repo().join("testdata/msquare")) {
        let to = data.join("msquare").join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(to, bytes).unwrap();
    }
    data
}

/// `judge export KIND msquare DIR/out-KIND OPTIONS...`: the output directory and the run.
fn export_msquare(dir: &Path, kind: &str, options: &[&str]) -> (PathBuf, Output) {
    let out = dir.join(format!("out-{kind}"));
    let mut args = vec!["export", kind, "msquare", out.to_str().unwrap()];
    args.extend_from_slice(options);
    let o = judge(&args);
    (out, o)
}

#[test]
fn test_data_that_differs_from_the_plan_is_not_exported() {
    let tmp = scratch("judge-export", "stale");
    let data = copy_msquare_data(&tmp);
    std::fs::write(data.join("msquare/random/uniform-s303.ans"), "0\n\n").unwrap();
    for kind in ["icpc", "kattis", "polygon", "cms", "dmoj"] {
        let (out, o) = export_msquare(&tmp, kind, &["--data", data.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{kind}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("random/uniform-s303.ans was edited by hand since the last build")
                && err.contains("run `judge build` before exporting")
                && !err.contains("commit"),
            "{kind}: {err}"
        );
        assert!(!out.join("msquare").exists(), "{kind}: nothing written");
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn bad_arguments_exit_with_2() {
    for args in [
        &["export", "kattis", "--all", "a", "b"][..],
        &["export", "kattis", "msquare"][..],
        &["export", "kattis", "nosuch", "out"][..],
        &["export", "nosuchkind", "msquare", "out"][..],
    ] {
        let o = judge(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

/// A file of a package as text.
/// A problem's validator and checker cases in the 2025-09 layout, as every export checks them.
fn icpc_cases(problem: &ProblemPlan) -> Vec<cases::IcpcCase> {
    cases::icpc(&cases::load(problem, repo()).expect("the cases hold"))
}

fn text(files: &BTreeMap<String, (u32, Vec<u8>)>, path: &str) -> String {
    let (_, bytes) = files
        .get(path)
        .unwrap_or_else(|| panic!("no {path} in the package"));
    String::from_utf8(bytes.clone()).unwrap()
}

#[test]
fn icpc_layout_follows_the_2025_09_format() {
    let out = exported("icpc");
    // A problem of its files alone has no Kattis, 2025-09 or DMOJ package (its own test below).
    for problem in plan().problems.iter().filter(|p| !p.files.only) {
        let name = problem.name.as_str();
        let files = tree(&out.join(name));
        let yaml = text(&files, "problem.yaml");
        let problemname = &problem.title;
        let limit = if problem.time_limit.fract() == 0.0 {
            format!("{:.0}", problem.time_limit)
        } else {
            problem.time_limit.to_string()
        };
        for field in [
            "problem_format_version: 2025-09\n".to_string(),
            "type: pass-fail\n".to_string(),
            format!("name:\n  en: '{problemname}'\n"),
            "credits:\n  packagers:\n    - 'boardjudge contributors'\n".to_string(),
            "source: '".to_string(),
            "license: cc by-sa\n".to_string(),
            "rights_owner: 'boardjudge contributors'\n".to_string(),
            format!(
                "limits:\n  time_limit: {limit}\n  memory: {}\n",
                problem.memory_limit
            ),
        ] {
            assert!(yaml.contains(&field), "{name}: no {field:?} in\n{yaml}");
        }
        let uuid = yaml
            .lines()
            .find_map(|l| l.strip_prefix("uuid: "))
            .expect("a uuid");
        assert_eq!(uuid.len(), 36, "{uuid}");
        assert!(
            !files.contains_key(".timelimit"),
            "2025-09: limits.time_limit only"
        );
        // The same statement as the Kattis package's, made from statements/NAME.md.
        assert_eq!(
            files["statement/problem.en.tex"].1,
            tree(&exported("kattis").join(name))["problem_statement/problem.en.tex"].1
        );
        assert!(
            files
                .keys()
                .any(|k| k.starts_with("statement/") && k.ends_with(".pdf"))
        );
        assert!(
            text(&files, "data/test_group.yaml")
                .contains("output_validator_args: [space_change_sensitive, case_sensitive]")
        );
        // Samples in data/sample, every other test in data/secret/<its group of judge.toml>,
        // numbered in plan order.
        let mut data = 0;
        let secret = numbered_secret_paths(problem);
        for test in &problem.tests {
            let stem = &test.name;
            let dir = if test.group == "samples" {
                "data/sample".to_string()
            } else {
                let path = &secret[&test.id()];
                format!("data/secret/{}", &path[..path.rfind('/').unwrap()])
            };
            let stem = if test.group == "samples" {
                stem.clone()
            } else {
                let path = &secret[&test.id()];
                path[path.rfind('/').unwrap() + 1..].to_string()
            };
            for ext in ["in", "ans"] {
                assert_eq!(
                    files[&format!("{dir}/{stem}.{ext}")].1,
                    committed(name, &format!("{}.{ext}", test.id())),
                    "{name} {dir}/{stem}.{ext}"
                );
                data += 1;
            }
        }
        // The validator's and the checker's own tests, each file in data/ its directory.
        let cases = icpc_cases(problem);
        for c in &cases {
            for (extension, bytes) in &c.files {
                let path = format!("data/{}/{}{extension}", c.dir, c.name);
                assert_eq!(&files[&path].1, bytes, "{name} {path}");
                data += 1;
            }
        }
        if ["sicily", "msquare", "rotation"].contains(&name) {
            let dirs: BTreeSet<&str> = cases.iter().map(|c| c.dir).collect();
            let want = [
                "invalid_answer",
                "invalid_input",
                "invalid_output",
                "valid_output",
            ];
            assert_eq!(dirs.into_iter().collect::<Vec<_>>(), want, "{name}");
        }
        let in_data = files.keys().filter(|k| k.starts_with("data/")).count();
        assert_eq!(
            in_data,
            data + 1,
            "{name}: the tests, the cases and test_group.yaml only"
        );
        // Every shipped solution (a file in another language would be named in a note:
        // tested below).
        for s in &problem.solutions {
            let prefix = format!("submissions/{}/", s.expected.name());
            let extension = s.path.extension().unwrap().to_str().unwrap();
            let found = (files.iter()).any(|(k, v)| k.starts_with(&prefix) && is_copy_of(&v.1, s));
            let carried = ["c", "cpp", "cc", "rs", "py", "java"].contains(&extension)
                && s.standard.is_none()
                && !s.file_io;
            assert_eq!(found, carried, "{name}: {}", s.path.display());
        }
        for (program, protocol) in [
            (format!("input_validators/{name}/validate.cpp"), "kattis"),
            (format!("answer_validators/{name}/check.cpp"), "answer"),
            ("output_validator/check.cpp".to_string(), "kattis"),
        ] {
            assert_source(&files, &program, problem, protocol);
        }
        let validators = files.keys().filter(|k| k.contains("_validator")).count();
        assert_eq!(validators, 3, "{name}: one source per validator");
        assert!(!files.keys().any(|k| k.starts_with("output_validators/")));
        assert!(!files.keys().any(|k| k.starts_with("problem_statement/")));
    }
}

#[test]
fn icpc_validators_speak_bapctools_argv() {
    let dir = exported("icpc").join("msquare");
    let input = dir.join("data/sample/statement.in");
    let answer = std::fs::read(dir.join("data/sample/statement.ans")).unwrap();
    // Input validator: `run [flags] < input`.
    let validator = built(&dir.join("input_validators/msquare/validate.cpp"));
    assert_eq!(run(&validator, &[], &std::fs::read(&input).unwrap()).0, 42);
    assert_eq!(run(&validator, &[], b"1 2 3 4 5 6 7  8\n").0, 43);
    // Answer validator: `run <input> [flags] < answer`: exactly the solver's answer.
    let answers = built(&dir.join("answer_validators/msquare/check.cpp"));
    let input_arg = input.to_str().unwrap();
    assert_eq!(run(&answers, &[input_arg], &answer).0, 42);
    let mut spaced = answer.clone();
    spaced.insert(0, b' ');
    for bad in [
        spaced,
        wrong_output(&answer),
        answer[..answer.len() - 1].to_vec(),
    ] {
        assert_eq!(run(&answers, &[input_arg], &bad).0, 43, "{bad:?}");
    }
    // Output validator: BAPCtools passes the feedback directory without a trailing slash,
    // then test_group.yaml's flags.
    let checker = built(&dir.join("output_validator/check.cpp"));
    let feedback = scratch("judge-export", "icpc-feedback");
    let fb = feedback.to_str().unwrap();
    let ans = dir.join("data/sample/statement.ans");
    let argv = [
        input_arg,
        ans.to_str().unwrap(),
        fb,
        "space_change_sensitive",
        "case_sensitive",
    ];
    assert_eq!(run(&checker, &argv, &answer).0, 42);
    assert_eq!(run(&checker, &argv, &wrong_output(&answer)).0, 43);
    assert!(feedback.join("judgemessage.txt").exists());
    std::fs::remove_dir_all(&feedback).unwrap();
}

#[test]
fn cms_task_yaml_has_the_keys_cms_reads_and_the_statement_and_solutions() {
    let out = exported("cms");
    for problem in &plan().problems {
        let name = problem.name.as_str();
        let files = tree(&out.join(name));
        let yaml = text(&files, "task.yaml");
        // The keys of the italy_yaml loader, each once, nothing else.
        let keys: Vec<&str> = yaml
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split_once(": ").unwrap().0)
            .collect();
        assert_eq!(
            keys,
            [
                "name",
                "primary_language",
                "title",
                "time_limit",
                "memory_limit",
                "n_input",
                "public_testcases",
                "infile",
                "outfile",
                "token_mode",
                "score_mode",
                "feedback_level"
            ],
            "{name}"
        );
        assert!(yaml.contains("primary_language: en\n"));
        assert_eq!(
            files["statement/statement.pdf"].1,
            std::fs::read(repo().join(format!("statements/{name}.pdf"))).unwrap()
        );
        assert!(files["statement/statement.pdf"].1.starts_with(b"%PDF-"));
        let mut accepted = 0;
        // (But the one that reads and writes the problem's files: left out.)
        for s in problem.solutions.iter().filter(|s| !s.file_io) {
            let file = s.path.file_name().unwrap().to_str().unwrap();
            let shipped = files.get(&format!("sol/{file}"));
            if s.expected == boardjudge::problemset::plan::Expected::Accepted {
                let found =
                    (files.iter()).any(|(k, v)| k.starts_with("sol/") && is_copy_of(&v.1, s));
                assert_eq!(found, s.standard.is_none(), "{}", s.path.display());
                accepted += usize::from(found);
            } else {
                assert!(shipped.is_none(), "{name}: {file} is not accepted");
            }
        }
        assert!(accepted > 0);
        assert_eq!(
            files.keys().filter(|k| k.starts_with("sol/")).count(),
            accepted
        );
    }
}

/// The README's sections: heading -> body (the text up to the next `## `).
fn readme_sections(readme: &str) -> Vec<(String, String)> {
    readme
        .split("\n## ")
        .skip(1)
        .map(|s| {
            let (heading, body) = s.split_once("\n\n").unwrap();
            (heading.to_string(), body.to_string())
        })
        .collect()
}

/// The rows of the Markdown tables in `body` (not the header nor the rule): their cells,
/// trimmed, backticks removed.
fn table_rows(body: &str) -> Vec<Vec<String>> {
    body.lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| file |"))
        .filter(|l| !l.starts_with("| input |") && !l.starts_with("| solution |"))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().replace('`', ""))
                .collect()
        })
        .collect()
}

/// The manifest's record of every test of `problem`: `group/name` -> (source, seed).
fn manifest_seeds(problem: &str) -> BTreeMap<String, (String, Option<u64>)> {
    let text =
        std::fs::read_to_string(repo().join(format!("testdata/{problem}/manifest.toml"))).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    manifest["test"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let id = format!(
                "{}/{}",
                t["group"].as_str().unwrap(),
                t["name"].as_str().unwrap()
            );
            let source = t["source"].as_str().unwrap().to_string();
            let seed = t.get("seed").map(|s| s.as_integer().unwrap() as u64);
            (id, (source, seed))
        })
        .collect()
}

#[test]
fn every_package_explains_itself_in_a_readme() {
    // What it is, how to import it (naming the package's folder), how it is scored, every
    // generated file and every test with the command that made it (the seed the manifest
    // records), every solution with where it is and its toolchain, how it was verified
    // (with the tool and version .ci/verify-packages pins and runs).
    let script = std::fs::read_to_string(repo().join(".ci/verify-packages")).unwrap();
    let headings = [
        "What this is",
        "How to import it",
        "How it is scored",
        "Generated files",
        "Solutions",
        "Verification",
    ];
    for kind in ["icpc", "kattis", "polygon", "cms"] {
        for problem in &plan().problems {
            let name = problem.name.as_str();
            if problem.files.only && !matches!(kind, "polygon" | "cms") {
                continue;
            }
            let files = tree(&exported(kind).join(name));
            let readme = text(&files, "README.md");
            let at = format!("{kind} {name}");
            assert_eq!(files["README.md"].0, 0o644, "{at}");
            assert!(
                readme.starts_with(&format!("# {}: ", problem.title)),
                "{at}: {readme}"
            );
            let sections = readme_sections(&readme);
            let found: Vec<&str> = sections.iter().map(|(h, _)| h.as_str()).collect();
            assert_eq!(found, headings, "{at}");
            let section = |h: &str| &sections.iter().find(|(x, _)| x == h).unwrap().1;
            let import = section("How to import it");
            let limit = boardjudge::export::seconds(problem.time_limit);
            let commands: Vec<String> = match kind {
                "kattis" => vec![
                    format!("    verifyproblem -t {limit} {name}\n"),
                    format!("-F zip=@{name}.zip"),
                ],
                "icpc" => vec![
                    format!("in this folder (`{name}/`)"),
                    "    bt validate\n    bt run\n".into(),
                ],
                "polygon" => vec![
                    format!("create a problem `{name}`"),
                    format!(
                        "{} ms, {} MiB",
                        (problem.time_limit * 1000.0) as u64,
                        problem.memory_limit
                    ),
                ],
                _ => vec![format!(
                    "    sh {name}/check/build.sh\n    cmsImportTask -L italy_yaml {name}\n"
                )],
            };
            for c in commands {
                assert!(import.contains(&c), "{at}: no {c:?} in\n{import}");
            }
            let scoring = section("How it is scored");
            assert!(
                scoring.contains("as the original judges score")
                    && scoring.contains(&format!("{} MiB", problem.memory_limit)),
                "{at}: {scoring}"
            );
            // Every test, once, in the package's order, with the path of its input (a file of
            // the package) and what made it: the manifest's source, its seed resolved.
            let seeds = manifest_seeds(name);
            let generated = section("Generated files");
            let rows: Vec<Vec<String>> = table_rows(generated)
                .into_iter()
                .filter(|r| r.len() == 3)
                .collect();
            assert_eq!(rows.len(), problem.tests.len(), "{at}: a row per test");
            // Then the validator's and the checker's own tests: a row each, with its verdict.
            let case_rows: Vec<Vec<String>> = table_rows(generated)
                .into_iter()
                .filter(|r| r.len() == 4 && r[0] != "case")
                .collect();
            let own = icpc_cases(problem);
            assert_eq!(case_rows.len(), own.len(), "{at}: a row per case");
            for c in &own {
                let must: &[&str] = match c.dir {
                    "valid_output" => &["accepted"],
                    "invalid_output" => &["wrong-answer", "presentation-error"],
                    _ => &["rejected"],
                };
                assert!(
                    case_rows
                        .iter()
                        .any(|r| r[0] == c.name && must.contains(&r[2].as_str())),
                    "{at}: no row for {} {}",
                    c.dir,
                    c.name
                );
            }
            let mut ids: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
            ids.sort();
            let mut expected: Vec<String> = problem.tests.iter().map(|t| t.id()).collect();
            expected.sort();
            assert_eq!(ids, expected, "{at}");
            for row in &rows {
                let (path, id, how) = (&row[0], &row[1], &row[2]);
                assert!(files.contains_key(path.as_str()), "{at}: {path}");
                let test = problem.tests.iter().find(|t| t.id() == *id).unwrap();
                let input = committed(name, &format!("{id}.in"));
                assert_eq!(files[path.as_str()].1, input, "{at}: {path} is {id}");
                let (source, seed) = &seeds[id.as_str()];
                match &test.source {
                    TestSource::Generator { command, .. } => {
                        assert_eq!(source, command);
                        assert_eq!(*how, format!("{command} (boardjudge's gen)"), "{at}");
                    }
                    TestSource::Manual(_) => assert_eq!(how, "written out in judge.toml"),
                    TestSource::Program { command, .. } => {
                        assert_eq!(source, command);
                        let ran = how
                            .strip_suffix(" (judge.toml, {seed} resolved)")
                            .or_else(|| how.strip_suffix(" (judge.toml)"))
                            .unwrap_or_else(|| panic!("{at}: {how}"));
                        assert!(!ran.contains("{seed}"), "{at}: {how}");
                        // The seed in the command is the manifest's, and the rest is judge.toml's.
                        match seed {
                            Some(seed) => assert_eq!(
                                ran,
                                command.replace("{seed}", &seed.to_string()),
                                "{at}: {id}"
                            ),
                            None => assert_eq!(ran, command, "{at}: {id}"),
                        }
                        // And the command remakes the input.
                        let words: Vec<&str> = ran.split_whitespace().collect();
                        assert_eq!(words[0], "python3");
                        let output = python(&repo().join(words[1]), &words[2..]);
                        assert_eq!(output, input, "{at}: {ran}");
                    }
                }
            }
            // The files made from judge.toml and the sources: each one there.
            for row in table_rows(generated).iter().filter(|r| r.len() == 2) {
                let path = &row[0];
                let pattern = ["FILE", "NN", "K", "PATH"].iter().any(|w| path.contains(w));
                if !pattern {
                    for p in path.split(", ") {
                        let p = p.trim_end_matches('/');
                        assert!(
                            p.starts_with("../")
                                || files
                                    .keys()
                                    .any(|k| k == p || k.starts_with(&format!("{p}/"))),
                            "{at}: {p} is listed but not in the package"
                        );
                    }
                }
            }
            // Every shipped solution: where it is (a file of the package, its bytes), the
            // verdict judge.toml declares, its toolchain.
            let solutions = table_rows(section("Solutions"));
            assert_eq!(solutions.len(), problem.solutions.len(), "{at}");
            for (row, s) in solutions.iter().zip(&problem.solutions) {
                assert_eq!(row[0], s.path.display().to_string());
                assert_eq!(row[2], s.expected.name());
                assert_ne!(row[3], "unknown", "{at}: {}", row[0]);
                if let Some(why) = row[1].strip_prefix("left out: ") {
                    // CMS carries the accepted ones only; a judge that cannot build a standard
                    // named in judge.toml (DMOJ can) gets none of its solutions.
                    assert!(
                        s.file_io
                            || (kind == "cms"
                                && s.expected != boardjudge::problemset::plan::Expected::Accepted)
                            || (kind != "dmoj" && s.standard.is_some()),
                        "{at}: {} left out: {why}",
                        row[0]
                    );
                } else {
                    assert!(is_copy_of(&files[row[1].as_str()].1, s), "{at}: {}", row[1]);
                }
            }
            // How it was verified: the tool and the version the script pins, and its command
            // (for kattis and icpc `judge export --verify`, which runs the tool as the README says).
            let verified = section("Verification");
            let (tool, pinned, command) = match kind {
                "kattis" => (
                    "problemtools",
                    format!(
                        "PROBLEMTOOLS_VERSION={}",
                        boardjudge::export::readme::PROBLEMTOOLS
                    ),
                    "\"$judge\" export kattis \"$problem\" \"$PACKAGES/kattis\" --verify",
                ),
                "icpc" => (
                    "BAPCtools",
                    format!(
                        "BAPCTOOLS_VERSION={}",
                        boardjudge::export::readme::BAPCTOOLS
                    ),
                    "\"$judge\" export icpc \"$problem\" \"$PACKAGES/icpc\" --verify",
                ),
                // Polygon and CMS: their own sources, which `judge export --verify` compiles
                // and runs, as the script calls it for both kinds.
                _ => (
                    "g++",
                    String::new(),
                    "export \"$kind\" --all \"$PACKAGES/$kind\" --verify",
                ),
            };
            assert!(verified.contains(tool), "{at}: {verified}");
            // Made without --verify: it says that no tool ran on it, and for a kind
            // `--verify` can verify, the command that verifies it.
            assert!(
                verified.contains("This package was not verified when it was exported"),
                "{at}: {verified}"
            );
            assert_eq!(
                verified.contains(&format!("`judge export {kind} {name} OUT_DIR --verify`")),
                matches!(kind, "kattis" | "icpc" | "polygon" | "cms"),
                "{at}: {verified}"
            );
            assert!(
                verified.contains("applies to the repository's own packages"),
                "{at}: {verified}"
            );
            assert!(verified.contains(".ci/verify-packages"), "{at}");
            assert!(
                script.contains(&pinned) && script.contains(command),
                "{at}: {command}"
            );
            if !pinned.is_empty() {
                let version = pinned.split_once('=').unwrap().1;
                assert!(verified.contains(&format!("{tool} {version}")), "{at}");
            }
        }
    }
}

#[test]
fn the_cms_task_ships_the_script_that_builds_its_checker_as_cms_loads_it() {
    // CMS's italy_yaml loader takes the compiled check/checker and compiles nothing: the
    // task ships check/build.sh (not executable: no package file is), and its README's import
    // steps run it. Run as written, it builds check/checker and checks it; a compiler that
    // fails leaves no checker.
    let out = scratch("judge-export", "cms-build");
    let o = judge(&["export", "cms", "msquare", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let task = out.join("msquare");
    let files = tree(&task);
    assert_eq!(files["check/build.sh"].0, 0o644);
    assert!(!task.join("check/checker").exists(), "nothing prebuilt");
    let readme = text(&files, "README.md");
    assert!(readme.contains("    sh msquare/check/build.sh\n"));
    let o = Command::new("sh")
        .arg("msquare/check/build.sh")
        .current_dir(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("ready for cmsImportTask"));
    let checker = task.join("check/checker");
    let (code, stdout, _) = run(
        &checker,
        &[
            task.join("input/input5.txt").to_str().unwrap(),
            task.join("output/output5.txt").to_str().unwrap(),
            task.join("output/output5.txt").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!((code, stdout.trim()), (0, "1.0"));
    // Static, as CMS's loaders build checkers: no program interpreter (no PT_INTERP among
    // the ELF64 program headers), nothing to find in CMS's sandbox.
    let elf = std::fs::read(&checker).unwrap();
    assert!(elf.starts_with(b"\x7fELF\x02"), "a 64-bit ELF");
    let word = |at: usize, n: usize| {
        elf[at..at + n]
            .iter()
            .rev()
            .fold(0usize, |v, b| (v << 8) | *b as usize)
    };
    let (phoff, phentsize, phnum) = (word(0x20, 8), word(0x36, 2), word(0x38, 2));
    let types: Vec<usize> = (0..phnum).map(|i| word(phoff + i * phentsize, 4)).collect();
    assert!(
        !types.is_empty() && !types.contains(&3),
        "PT_INTERP: {types:?}"
    );
    std::fs::remove_file(&checker).unwrap();
    let o = Command::new("sh")
        .arg("check/build.sh")
        .env("CXX", "false")
        .current_dir(&task)
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(!checker.exists() && !task.join("check/checker.partial").exists());
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn the_kattis_readme_offers_the_java_config_verify_packages_uses() {
    // The Java submissions are in the Kattis package; problemtools' own line wants JDK 21,
    // and the languages.yaml the README offers for an older JDK is the one CI uses.
    let yaml = boardjudge::export::kattis::JAVA_17_LANGUAGES_YAML;
    let script = std::fs::read_to_string(repo().join(".ci/verify-packages")).unwrap();
    assert!(
        script.contains(&format!("<<'YAML'\n{yaml}YAML\n")),
        "{script}"
    );
    let files = tree(&exported("kattis").join("msquare"));
    let readme = text(&files, "README.md");
    let indented: String = yaml.lines().map(|l| format!("    {l}\n")).collect();
    assert!(readme.contains(&indented), "{readme}");
    assert!(files.contains_key("submissions/accepted/Bfs.java"));
}

/// The element `path` (tag names separated by `/`) under `node`.
fn child<'a, 'i>(node: roxmltree::Node<'a, 'i>, path: &str) -> roxmltree::Node<'a, 'i> {
    path.split('/').fold(node, |n, tag| {
        n.children()
            .find(|c| c.has_tag_name(tag))
            .unwrap_or_else(|| panic!("no <{tag}> under <{}>", n.tag_name().name()))
    })
}

/// The elements `tag` directly under `node`.
fn children<'a, 'i>(node: roxmltree::Node<'a, 'i>, tag: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    node.children().filter(|c| c.has_tag_name(tag)).collect()
}

#[test]
fn polygon_problem_xml_holds_what_polygons_import_reads() {
    let out = exported("polygon");
    let languages = [
        "cpp.gcc14-64-msys2-g++23",
        "rust.2021",
        "c.gcc11",
        "python.3",
        "java21",
    ];
    for problem in &plan().problems {
        let name = problem.name.as_str();
        let files = tree(&out.join(name));
        let xml = text(&files, "problem.xml");
        let doc = roxmltree::Document::parse(&xml).unwrap();
        let root = doc.root_element();
        assert!(root.has_tag_name("problem"));
        assert_eq!(root.attribute("short-name"), Some(name));
        let title = child(root, "names/name");
        assert_eq!(title.attribute("language"), Some("english"));
        assert_eq!(title.attribute("value"), Some(problem.title.as_str()));
        // The statement: an olymp.sty problem, its sections and the samples as examples.
        let statement = child(root, "statements/statement");
        assert_eq!(statement.attribute("type"), Some("application/x-tex"));
        let path = statement.attribute("path").unwrap();
        let tex = text(&files, path);
        assert!(tex.starts_with(&format!("\\begin{{problem}}{{{}}}", problem.title)));
        for section in [
            "\\InputFile",
            "\\OutputFile",
            "\\Examples",
            "\\exmpfile{example.01}",
        ] {
            assert!(tex.contains(section), "{name}: no {section}");
        }
        for section in ["name", "legend", "input", "output", "notes"] {
            assert!(files.contains_key(&format!("statement-sections/english/{section}.tex")));
        }
        // Limits and tests, as the testset's patterns name them.
        let judging = child(root, "judging");
        assert_eq!(judging.attribute("input-file"), Some(carried(problem).0));
        assert_eq!(judging.attribute("output-file"), Some(carried(problem).1));
        let testset = child(judging, "testset");
        assert_eq!(testset.attribute("name"), Some("tests"));
        let number = |tag: &str| -> u64 { child(testset, tag).text().unwrap().parse().unwrap() };
        assert_eq!(number("time-limit"), (problem.time_limit * 1000.0) as u64);
        assert_eq!(number("memory-limit"), problem.memory_limit << 20);
        assert_eq!(number("test-count"), problem.tests.len() as u64);
        let pattern = |tag: &str| child(testset, tag).text().unwrap().to_string();
        let (input, answer) = (
            pattern("input-path-pattern"),
            pattern("answer-path-pattern"),
        );
        let tests = children(child(testset, "tests"), "test");
        assert_eq!(tests.len(), problem.tests.len());
        let groups: Vec<&str> = children(child(testset, "groups"), "group")
            .iter()
            .map(|g| g.attribute("name").unwrap())
            .collect();
        for (i, (test, plan)) in tests.iter().zip(&problem.tests).enumerate() {
            let stem = format!("{:02}", i + 1);
            let path = |p: &str| p.replace("%02d", &stem);
            assert_eq!(
                files[&path(&input)].1,
                committed(name, &format!("{}.in", plan.id()))
            );
            assert_eq!(
                files[&path(&answer)].1,
                committed(name, &format!("{}.ans", plan.id()))
            );
            // A test of a generator program of one's own is generated by the script, with
            // the script's command; every other test is manual.
            let script = text(&files, "script.txt");
            match &plan.source {
                TestSource::Program { .. } => {
                    assert_eq!(test.attribute("method"), Some("generated"));
                    let cmd = test.attribute("cmd").unwrap();
                    assert!(
                        script.lines().any(|l| l == format!("{cmd} > {}", i + 1)),
                        "{name} {stem}: {cmd}"
                    );
                }
                _ => {
                    assert_eq!(test.attribute("method"), Some("manual"));
                    assert_eq!(test.attribute("cmd"), None);
                }
            }
            assert_eq!(test.attribute("group"), Some(plan.group.as_str()));
            assert!(groups.contains(&plan.group.as_str()));
            let sample = plan.group == "samples";
            assert_eq!(
                test.attribute("sample") == Some("true"),
                sample,
                "{name} {stem}"
            );
        }
        // files: tests.txt a resource; each generator program a source of its language.
        let polygon_files = child(root, "files");
        let resources: Vec<&str> = children(child(polygon_files, "resources"), "file")
            .iter()
            .map(|f| f.attribute("path").unwrap())
            .collect();
        assert_eq!(resources, ["files/tests.txt"]);
        for executable in children(child(polygon_files, "executables"), "executable") {
            let source = child(executable, "source");
            let path = source.attribute("path").unwrap();
            assert!(files.contains_key(path), "{name}: {path}");
            assert_eq!(source.attribute("type"), Some("python.3"), "{name}: {path}");
        }
        // Checker, validator and solutions: every source in the package, with its type.
        let assets = child(root, "assets");
        let checker = child(assets, "checker");
        assert_eq!(checker.attribute("type"), Some("testlib"));
        let sources = std::iter::once(child(checker, "source")).chain(std::iter::once(child(
            assets,
            "validators/validator/source",
        )));
        for source in sources {
            assert!(files.contains_key(source.attribute("path").unwrap()));
            assert!(languages.contains(&source.attribute("type").unwrap()));
        }
        // The validator's tests (every invalid input) and the checker's (every output, its
        // verdict), their files in the package.
        let own = cases::load(problem, repo()).unwrap();
        for (testset, count, pattern, verdicts) in [
            (
                child(assets, "validators/validator/testset"),
                own.invalid_input.len(),
                "files/tests/validator-tests/%02d",
                vec!["invalid"; own.invalid_input.len()],
            ),
            (
                child(checker, "testset"),
                own.output.len(),
                "files/tests/checker-tests/%02d",
                own.output
                    .iter()
                    .map(|c| match c.verdict.name() {
                        "accepted" => "ok",
                        other => other,
                    })
                    .collect(),
            ),
        ] {
            assert_eq!(
                child(testset, "test-count").text(),
                Some(&*count.to_string())
            );
            assert_eq!(child(testset, "input-path-pattern").text(), Some(pattern));
            let tests = children(child(testset, "tests"), "test");
            let found: Vec<&str> = tests
                .iter()
                .map(|t| t.attribute("verdict").unwrap())
                .collect();
            assert_eq!(found, verdicts, "{name}");
            for k in 1..=count {
                assert!(files.contains_key(&pattern.replace("%02d", &format!("{k:02}"))));
            }
        }
        let solutions = children(child(assets, "solutions"), "solution");
        // Every one but those that name a standard (the package names one C++ type) and those
        // that read and write the problem's files (the package keeps the standard streams).
        let carried: Vec<_> = (problem.solutions.iter())
            .filter(|s| s.standard.is_none() && !s.file_io)
            .collect();
        assert_eq!(solutions.len(), carried.len());
        let mut main = 0;
        for (solution, plan) in solutions.iter().zip(carried) {
            let source = child(*solution, "source");
            let path = source.attribute("path").unwrap();
            assert!(is_copy_of(&files[path].1, plan), "{path}");
            assert!(languages.contains(&source.attribute("type").unwrap()));
            let tag = solution.attribute("tag").unwrap();
            let expected = match plan.expected.name() {
                "accepted" if tag == "main" => "main",
                "accepted" => "accepted",
                "wrong_answer" => "wrong-answer",
                _ => "time-limit-exceeded",
            };
            assert_eq!(tag, expected, "{name}: {path}");
            main += usize::from(tag == "main");
        }
        assert_eq!(main, 1, "{name}: one main solution");
    }
}

/// Compiles a packaged C++ source with g++ as `.ci/verify-packages` and `judge export
/// --verify` do (C++17, warnings as errors: `FLAGS`); the binary's path. Binaries are kept
/// in `target/tmp/export-cpp/` by `cache_name` (the SHA-256 of the compile line and the
/// source, its first 24 hex digits), so a source that several packages share (or an earlier
/// run compiled) is compiled once; `.ci/verify-packages` compiles there too and points
/// `judge export --verify` at it (BOARDJUDGE_CPP_CACHE).
fn built(source: &Path) -> PathBuf {
    static LOCK: Mutex<()> = Mutex::new(());
    let text = std::fs::read(source).unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-cpp");
    let binary = dir.join(sources::cache_name(&text));
    // One compile at a time: two tests asking for the same source wait for one binary.
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if binary.exists() {
        return binary;
    }
    std::fs::create_dir_all(&dir).unwrap();
    let partial = binary.with_extension("partial");
    let o = Command::new("g++")
        .args(sources::FLAGS)
        .args(["-x", "c++", "-o"])
        .arg(&partial)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(&text)?;
            child.wait_with_output()
        })
        .expect("g++");
    assert!(
        o.status.success(),
        "{}: {}",
        source.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::rename(&partial, &binary).unwrap();
    binary
}

/// The problems whose packaged C++ this file compiles and runs (every protocol variant of
/// msquare, sicily and sicilylarge: formats, options and case limits); every package's sources
/// of every problem are compiled and run on every test by `.ci/verify-packages`, and the
/// code's verdicts are proven by tests/cpp_differential.rs.
const COMPILED: [&str; 3] = ["msquare", "sicily", "sicilylarge"];

/// `path` in `files` is the portable checker (or validator) with `problem`'s format, options
/// and case limit and `protocol` as its defaults, then the repository's source.
fn assert_source(
    files: &BTreeMap<String, (u32, Vec<u8>)>,
    path: &str,
    problem: &ProblemPlan,
    protocol: &str,
) {
    let text = String::from_utf8(files[path].1.clone()).unwrap();
    let name = &problem.name;
    let checker = !(path.ends_with("validate.cpp") || path.ends_with("validator.cpp"));
    let (body, defines) = if checker {
        (
            boardjudge::export::CHECK_CPP,
            format!(
                "#define BOARDJUDGE_FORMAT \"{}\"\n#define BOARDJUDGE_ORDER \"{}\"\n\
                 #define BOARDJUDGE_WRAP {}\n#define BOARDJUDGE_PROTOCOL \"{protocol}\"\n\n",
                problem.format.name(),
                problem.checker.order.name(),
                problem.checker.wrap
            ),
        )
    } else {
        (
            boardjudge::export::VALIDATE_CPP,
            format!(
                "#define BOARDJUDGE_FORMAT \"{}\"\n#define BOARDJUDGE_MAX_CASES {}\n\
                 #define BOARDJUDGE_PROTOCOL \"{protocol}\"\n\n",
                problem.format.name(),
                problem.max_cases
            ),
        )
    };
    assert!(
        text.ends_with(&format!("{defines}{body}")),
        "{name}: {path}"
    );
    let header = &text[..text.len() - defines.len() - body.len()];
    assert!(
        header.lines().all(|l| l.starts_with("// ")),
        "{name}: {path}: only comments above the defaults"
    );
}

#[test]
fn no_package_carries_a_prebuilt_program() {
    for kind in ["icpc", "kattis", "polygon", "cms", "dmoj"] {
        for (path, (mode, bytes)) in tree(exported(kind)) {
            assert!(!bytes.starts_with(b"\x7fELF"), "{kind}: {path} is a binary");
            assert_eq!(mode & 0o111, 0, "{kind}: {path} is executable");
        }
    }
}

#[test]
fn packaged_cpp_sources_agree_with_boardjudges_checker_and_validator() {
    // Every package's checker and validator source, compiled, judges the answer, its
    // tolerated variants, wrong outputs and broken inputs as `check` and `validate` do.
    let plan = plan();
    for problem in plan
        .problems
        .iter()
        .filter(|p| COMPILED.contains(&p.name.as_str()))
    {
        let name = problem.name.as_str();
        let max = problem.max_cases.to_string();
        let format = problem.format.name();
        let polygon = exported("polygon").join(name);
        let validators = [
            (built(&polygon.join("files/validator.cpp")), [0, 3]),
            (
                built(
                    &exported("kattis")
                        .join(format!("{name}/input_validators/{name}/validate.cpp")),
                ),
                [42, 43],
            ),
            (
                built(
                    &exported("icpc").join(format!("{name}/input_validators/{name}/validate.cpp")),
                ),
                [42, 43],
            ),
        ];
        let first = committed(name, &format!("{}.in", problem.tests[0].id()));
        let second = committed(name, &format!("{}.in", problem.tests[1].id()));
        let text = String::from_utf8(second.clone()).unwrap();
        let mut inputs: Vec<Vec<u8>> = vec![first, second.clone()];
        inputs.push(format!(" {text}").into_bytes());
        inputs.push(text.replacen(' ', "  ", 1).into_bytes());
        inputs.push(text.replacen('\n', " \n", 1).into_bytes());
        inputs.push(text.replace('\n', "\r\n").into_bytes());
        inputs.push(second[..second.len() - 1].to_vec());
        inputs.push([&second[..], b"\n"].concat());
        inputs.push(text.replacen('1', "01", 1).into_bytes());
        inputs.push(text.replacen('1', "9", 1).into_bytes());
        inputs.push(b"".to_vec());
        if name.starts_with("sicily") {
            inputs.push(sicily_cases(problem.max_cases));
            inputs.push(sicily_cases(problem.max_cases + 1));
            inputs.push(b"-0\n".to_vec());
            inputs.push(b"2147483648\n1 2 3 4\n8 7 6 5\n-1\n".to_vec());
        }
        for input in &inputs {
            let args = ["--max-cases", max.as_str(), format];
            let valid = run(Path::new(VALIDATE), &args, input).0 == 0;
            for (validator, [ok, bad]) in &validators {
                let code = run(validator, &["--testset", "tests"], input).0;
                let want = if valid { *ok } else { *bad };
                assert_eq!(code, want, "{name}: {:?}", String::from_utf8_lossy(input));
            }
        }
        // The checkers: Polygon's testlib one, the Kattis and ICPC output validators, CMS's.
        let input = polygon.join("tests/02");
        let answer = polygon.join("tests/02.a");
        let testlib = built(&polygon.join("files/check.cpp"));
        let kattis = [
            built(&exported("kattis").join(format!("{name}/output_validators/{name}/check.cpp"))),
            built(&exported("icpc").join(format!("{name}/output_validator/check.cpp"))),
        ];
        let cms = built(&exported("cms").join(format!("{name}/check/checker.cpp")));
        let dmoj = built(&exported("dmoj").join(format!("{name}/checker.cpp")));
        let ans = std::fs::read_to_string(&answer).unwrap();
        let outputs = [
            ans.clone(),
            ans.replace('\n', "\r\n"),
            ans.trim_end().to_string(),
            format!("{ans}\n\n"),
            ans.replacen(' ', " \t ", 1),
            String::from_utf8(wrong_output(ans.as_bytes())).unwrap(),
            ans.lines().next().unwrap().to_string(),
            format!("{ans}1\n"),
            format!("\n{ans}"),
            ans.to_lowercase(),
            String::new(),
        ];
        let bin = scratch("judge-export", &format!("cpp-{name}"));
        let feedback = bin.join("feedback");
        std::fs::create_dir_all(&feedback).unwrap();
        for output in outputs {
            let file = bin.join("output");
            std::fs::write(&file, &output).unwrap();
            let (i, o, a) = (
                input.to_str().unwrap(),
                file.to_str().unwrap(),
                answer.to_str().unwrap(),
            );
            let mut args = vec!["--format", format];
            let order = problem.checker.order.name();
            let wrap = problem.checker.wrap.to_string();
            args.extend(["--order", order, "--wrap", wrap.as_str(), i, o, a]);
            let rust = run(Path::new(CHECK), &args, b"").0;
            assert_eq!(run(&testlib, &[i, o, a], b"").0, rust, "{name}: {output:?}");
            for checker in &kattis {
                let code = run(
                    checker,
                    &[i, a, feedback.to_str().unwrap()],
                    output.as_bytes(),
                )
                .0;
                assert_eq!(code, if rust == 0 { 42 } else { 43 }, "{name}: {output:?}");
            }
            let (code, stdout, _) = run(&cms, &[i, a, o], b"");
            assert_eq!(code, 0, "{name}: {output:?}");
            assert_eq!(stdout, if rust == 0 { "1.0\n" } else { "0.0\n" }, "{name}");
            // DMOJ: testlib's argv and exit codes; stdout (DMOJ's feedback) is `check`'s brief
            // line for the contestant, empty when accepted; nothing on stderr.
            let (code, stdout, stderr) = run(&dmoj, &[i, o, a], b"");
            assert_eq!(code, rust, "{name}: {output:?}");
            let mut brief = vec!["--team-feedback", "brief", "--protocol", "cms"];
            brief.extend(&args[..args.len() - 3]);
            brief.extend([i, a, o]);
            let team = run(Path::new(CHECK), &brief, b"").2;
            let want = if rust == 0 { "" } else { team.trim_end() };
            assert_eq!(stdout, want, "{name}: {output:?}");
            // DMOJ's site keeps the first 50 characters of a case's feedback.
            assert!(stdout.chars().count() <= 50, "{name}: {stdout}");
            assert!(
                !want.is_empty() || rust == 0,
                "{name}: a reason for {output:?}"
            );
            assert_eq!(stderr, "", "{name}: {output:?}");
        }
        // A wrong jury answer is DMOJ's internal error (exit 3): the jury's message on stdout,
        // which DMOJ puts in the internal error for the staff.
        let file = bin.join("jury");
        std::fs::write(&file, wrong_output(ans.as_bytes())).unwrap();
        let (i, a) = (input.to_str().unwrap(), file.to_str().unwrap());
        let (code, stdout, stderr) = run(&dmoj, &[i, answer.to_str().unwrap(), a], b"");
        assert_eq!(code, 3, "{name}: {stdout}");
        assert!(stdout.starts_with("FAIL "), "{name}: {stdout}");
        assert_eq!(stderr, "", "{name}");
        std::fs::remove_dir_all(&bin).unwrap();
    }
}

#[test]
fn every_solution_is_in_the_package_or_named_as_left_out() {
    for kind in ["icpc", "kattis", "polygon", "cms", "dmoj"] {
        let out = scratch("judge-export", &format!("notes-{kind}"));
        let o = judge(&["export", kind, "msquare", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let stderr = String::from_utf8_lossy(&o.stderr);
        let files = tree(&out.join("msquare"));
        let problem = plan();
        let problem = problem.problem("msquare").unwrap();
        for s in &problem.solutions {
            let carried = files.values().any(|(_, bytes)| is_copy_of(bytes, s));
            let noted = stderr.lines().any(|l| {
                l.starts_with("note: ")
                    && l.contains(&s.path.display().to_string())
                    && l.contains(" left out")
            });
            assert!(
                carried != noted,
                "{kind}: {} carried {carried}, noted {noted}: {stderr}",
                s.path.display()
            );
        }
        std::fs::remove_dir_all(out).unwrap();
    }
}

/// Whether `packaged` is the shipped solution `s`: its bytes, or as src/export/dialect.rs
/// adapts them for a judge (ONLINE_JUDGE defined in the first lines; Java's package line
/// commented out).
fn is_copy_of(packaged: &[u8], s: &boardjudge::problemset::plan::SolutionPlan) -> bool {
    let shipped = std::fs::read(repo().join(&s.path)).unwrap();
    if packaged == shipped {
        return true;
    }
    let (packaged, shipped) = (text_of(packaged), text_of(&shipped));
    (packaged.starts_with("// Added by `judge export`") && packaged.ends_with(&shipped))
        || (packaged.contains("(commented out by `judge export`)")
            && packaged
                .replace("// package ", "package ")
                .replace(" (commented out by `judge export`)", "")
                == shipped)
}

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Symlinks `name` of the repository into `dir` (what an export reads beside judge.toml).
fn link_into(dir: &Path, name: &str) {
    std::os::unix::fs::symlink(repo().join(name), dir.join(name)).unwrap();
}

#[test]
fn inserting_a_test_renames_no_other_exported_file() {
    // A copy of the plan with one more test at the front of msquare's by-distance group,
    // built into a copy of msquare's test data, then exported again in every kind.
    let tmp = scratch("judge-export", "insert");
    for name in ["statements", "solutions", "generators", "cases"] {
        link_into(&tmp, name);
    }
    let plan = std::fs::read_to_string(repo().join("judge.toml")).unwrap();
    // (msquareusaco's group begins with the same test, then seed 204.)
    let anchor = "name = \"by-distance\"\ntests = [\n  \"gen msquare --seed 202 --strategy distance \
                  --distance 1\",\n  \"gen msquare --seed 203 ";
    assert_eq!(
        plan.matches(anchor).count(),
        1,
        "msquare's by-distance group"
    );
    let inserted = plan.replacen(
        anchor,
        &anchor.replacen(
            "[\n",
            "[\n  \"gen msquare --seed 99 --strategy distance --distance 9\",\n",
            1,
        ),
        1,
    );
    let data = copy_msquare_data(&tmp);
    let plan_path = tmp.join("judge.toml");
    std::fs::write(&plan_path, &inserted).unwrap();
    let (plan_arg, data_arg) = (plan_path.to_str().unwrap(), data.to_str().unwrap());
    let o = judge(&["build", "msquare", "--plan", plan_arg, "--out", data_arg]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let new_test = "by-distance/distance-09-s99";
    assert!(data.join(format!("msquare/{new_test}.in")).exists());
    for kind in ["icpc", "kattis", "polygon", "cms", "dmoj"] {
        let (out, o) = export_msquare(&tmp, kind, &["--plan", plan_arg, "--data", data_arg]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let (before, after) = (
            tree(&exported(kind).join("msquare")),
            tree(&out.join("msquare")),
        );
        match kind {
            // Named after testdata: every earlier file keeps its name and bytes; the new
            // test's two files are the only new ones.
            // (The 2025-09 package's generators.yaml lists the new test too, and copies it;
            // the README lists every test.)
            "icpc" | "kattis" => {
                for (path, file) in &before {
                    if path != "generators/generators.yaml" && path != "README.md" {
                        assert_eq!(after.get(path), Some(file), "{kind}: {path} changed");
                    }
                }
                let added: Vec<&String> =
                    after.keys().filter(|p| !before.contains_key(*p)).collect();
                let mut expected = vec![
                    "data/secret/02-by-distance/distance-09-s99.ans",
                    "data/secret/02-by-distance/distance-09-s99.in",
                ];
                if kind == "icpc" {
                    expected.extend([
                        "generators/copied/secret/02-by-distance/distance-09-s99.ans",
                        "generators/copied/secret/02-by-distance/distance-09-s99.in",
                    ]);
                }
                assert_eq!(added, expected, "{kind}");
            }
            // DMOJ: named after testdata too; init.yml lists the new test and README.md
            // counts it, every other file keeps its name and bytes.
            "dmoj" => {
                for (path, file) in &before {
                    if path != "init.yml" && path != "README.md" {
                        assert_eq!(after.get(path), Some(file), "{kind}: {path} changed");
                    }
                }
                let added: Vec<&String> =
                    after.keys().filter(|p| !before.contains_key(*p)).collect();
                let expected = [
                    "data/by-distance/distance-09-s99.ans",
                    "data/by-distance/distance-09-s99.in",
                ];
                assert_eq!(added, expected, "{kind}");
                let init = text(&after, "init.yml");
                assert!(init.contains("{in: 'data/by-distance/distance-09-s99.in', "));
            }
            // Numbered in plan order (the formats want numbers): names.txt maps each number
            // to its test, and every test's files follow its name.
            _ => {
                let map = |files: &BTreeMap<String, (u32, Vec<u8>)>| -> BTreeMap<String, Vec<u8>> {
                    let names = String::from_utf8(files["names.txt"].1.clone()).unwrap();
                    names
                        .lines()
                        .map(|l| {
                            let (number, id) = l.split_once(' ').unwrap();
                            let input = if kind == "polygon" {
                                format!("tests/{number}")
                            } else {
                                format!("input/input{number}.txt")
                            };
                            (id.to_string(), files[&input].1.clone())
                        })
                        .collect()
                };
                let (old, new) = (map(&before), map(&after));
                for (id, input) in &old {
                    assert_eq!(new.get(id), Some(input), "{kind}: {id}");
                }
                assert_eq!(new.len(), old.len() + 1);
                assert!(new.contains_key(new_test), "{kind}");
            }
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn an_export_never_replaces_a_package_of_another_kind() {
    let out = scratch("judge-export", "other-kind");
    let dir = out.to_str().unwrap();
    let o = judge(&["export", "icpc", "msquare", dir]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let before = std::fs::read(out.join("msquare/problem.yaml")).unwrap();
    for kind in ["kattis", "polygon", "cms", "dmoj"] {
        let o = judge(&["export", kind, "msquare", dir]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{kind}: {err}");
        assert!(err.contains("msquare"), "{kind}: {err}");
    }
    assert_eq!(
        std::fs::read(out.join("msquare/problem.yaml")).unwrap(),
        before
    );
    // And the other way round.
    std::fs::remove_dir_all(out.join("msquare")).unwrap();
    assert!(
        judge(&["export", "kattis", "msquare", dir])
            .status
            .success()
    );
    let o = judge(&["export", "icpc", "msquare", dir]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("an export of another kind (it has .timelimit)"),
        "{err}"
    );
    assert!(out.join("msquare/.timelimit").exists());
    std::fs::remove_dir_all(&out).unwrap();
}

/// `statements/NAME.md`'s section `heading`, its lines joined by single spaces.
fn md_section(md: &str, heading: &str) -> String {
    let start = md
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("no ## {heading}"));
    let rest = &md[start + heading.len() + 5..];
    let end = rest.find("\n## ").unwrap_or(rest.len());
    rest[..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn one_statement_source_and_one_title_in_every_export() {
    // statements/NAME.md is the only source: no LaTeX is kept by hand.
    let kept: Vec<PathBuf> = std::fs::read_dir(repo().join("statements"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tex"))
        .collect();
    assert!(kept.is_empty(), "{kept:?}");
    // A problem of its files alone has no Kattis, 2025-09 or DMOJ package (its own test below).
    for problem in plan().problems.iter().filter(|p| !p.files.only) {
        let (name, title) = (problem.name.as_str(), problem.title.as_str());
        let md = std::fs::read_to_string(repo().join(format!("statements/{name}.md"))).unwrap();
        assert_eq!(md.lines().next(), Some(format!("# {title}").as_str()));
        // The titles need no escaping anywhere (LaTeX, YAML, XML, the ini).
        assert!(
            !title.contains([
                '\\', '{', '}', '$', '&', '#', '%', '_', '~', '^', '<', '>', '"', '\''
            ]),
            "{title}"
        );
        let files = |kind: &'static str| tree(&exported(kind).join(name));
        let (kattis, icpc, polygon, cms) = (
            files("kattis"),
            files("icpc"),
            files("polygon"),
            files("cms"),
        );
        // Kattis and ICPC: the same problem.en.tex, made from the Markdown, \problemname the title.
        let tex = text(&kattis, "problem_statement/problem.en.tex");
        assert_eq!(tex, text(&icpc, "statement/problem.en.tex"));
        assert_eq!(tex.matches("\\problemname{").count(), 1, "{tex}");
        assert!(
            tex.contains(&format!("\n\\problemname{{{title}}}\n")),
            "{tex}"
        );
        for part in [
            "\\section*{Input}",
            "\\subsection*{Constraints}",
            "\\section*{Output}",
            "\\section*{What you see when judged}",
            "\\illustration{",
        ] {
            assert!(tex.contains(part), "{name}: no {part}");
        }
        assert!(!tex.contains("## ") && !tex.contains("```"), "{tex}");
        assert!(text(&icpc, "problem.yaml").contains(&format!("name:\n  en: '{title}'\n")));
        let zip = std::fs::read(exported("kattis").join(format!("{name}.zip"))).unwrap();
        let mut zip = zip::ZipArchive::new(Cursor::new(zip)).unwrap();
        let mut ini = String::new();
        zip.by_name("domjudge-problem.ini")
            .unwrap()
            .read_to_string(&mut ini)
            .unwrap();
        assert!(ini.contains(&format!("\nname = \"{title}\"\n")), "{ini}");
        assert!(
            text(&polygon, "problem.xml")
                .contains(&format!("<name language=\"english\" value=\"{title}\"/>"))
        );
        assert_eq!(
            text(&polygon, "statement-sections/english/name.tex"),
            format!("{title}\n")
        );
        assert!(
            text(&polygon, "statements/english/problem.tex")
                .starts_with(&format!("\\begin{{problem}}{{{title}}}"))
        );
        assert!(text(&cms, "task.yaml").contains(&format!("\ntitle: '{title}'\n")));
        // The statement states judge.toml's limits.
        let constraints = md_section(&md, "Constraints");
        let seconds = boardjudge::export::seconds(problem.time_limit);
        let unit = if problem.time_limit == 1.0 {
            "second"
        } else {
            "seconds"
        };
        for stated in [
            format!("Time limit: {seconds} {unit}"),
            format!("Memory limit: {} MiB", problem.memory_limit),
        ] {
            assert!(
                constraints.contains(&stated),
                "{name}: no {stated:?} in {constraints}"
            );
        }
        if problem.max_cases > 1 {
            let most = format!(
                "At most {} ",
                boardjudge::export::with_commas(problem.max_cases)
            );
            assert!(
                constraints.contains(&most),
                "{name}: no {most:?} in {constraints}"
            );
        }
    }
}

#[test]
fn a_wrong_title_or_limit_or_markdown_outside_the_subset_fails_every_export_at_its_line() {
    // A copy of the repository's statements beside a copy of judge.toml, msquare.md broken.
    let tmp = scratch("judge-export", "bad-statement");
    for name in ["solutions", "generators", "cases"] {
        link_into(&tmp, name);
    }
    copy_dir(&repo().join("statements"), &tmp.join("statements"));
    let plan_path = tmp.join("judge.toml");
    std::fs::copy(repo().join("judge.toml"), &plan_path).unwrap();
    let md = std::fs::read_to_string(repo().join("statements/msquare.md")).unwrap();
    let input = md.lines().position(|l| l == "## Input").unwrap() + 1;
    let limits = md.lines().position(|l| l.contains("Time limit:")).unwrap() + 1;
    let title = plan().problem("msquare").unwrap().title.clone();
    let data = repo().join("testdata");
    for (broken, line, what, kinds) in [
        (
            md.replacen(&format!("# {title}\n"), "# Magic Squares\n", 1),
            1,
            "is not judge.toml's title",
            &["icpc", "kattis", "polygon", "cms", "dmoj"][..],
        ),
        (
            md.replacen("## Input\n", "## Input\n\n1. a numbered list\n", 1),
            input + 2,
            "a numbered list is not in the statements' Markdown subset",
            &["kattis", "polygon", "dmoj"][..],
        ),
        // A statement that contradicts judge.toml's limits (the memory limit wraps to the
        // next line: the error is where the phrase starts).
        (
            md.replacen("Time limit: 1 second", "Time limit: 2 seconds", 1),
            limits,
            "judge.toml's time_limit makes it `Time limit: 1 second`, and `## Constraints` \
             says `Time limit: 2 seconds`",
            &["icpc", "kattis", "polygon", "cms", "dmoj"][..],
        ),
        (
            md.replacen("256 MiB.", "512 MiB.", 1),
            limits,
            "judge.toml's memory_limit makes it `Memory limit: 256 MiB`",
            &["icpc", "kattis", "polygon", "cms", "dmoj"][..],
        ),
    ] {
        std::fs::write(tmp.join("statements/msquare.md"), &broken).unwrap();
        for kind in kinds {
            let (plan_arg, data_arg) = (plan_path.to_str().unwrap(), data.to_str().unwrap());
            let (out, o) = export_msquare(&tmp, kind, &["--plan", plan_arg, "--data", data_arg]);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(3), "{kind}: {err}");
            assert!(
                err.contains(&format!("statements/msquare.md:{line}: ")) && err.contains(what),
                "{kind}: {err}"
            );
            assert!(!out.join("msquare").exists(), "{kind}: nothing written");
        }
    }
    // A statement changed after its PDF was typeset: the exports that ship the PDF (the
    // DOMjudge zip, the CMS task) refuse it, naming the file and the command; the others,
    // which typeset nothing, export.
    let noted = md.replacen("## Notes\n", "## Notes\n\nA note added later.\n", 1);
    assert_ne!(noted, md);
    std::fs::write(tmp.join("statements/msquare.md"), &noted).unwrap();
    for (kind, code) in [("kattis", 3), ("cms", 3), ("icpc", 0), ("dmoj", 0)] {
        let (plan_arg, data_arg) = (plan_path.to_str().unwrap(), data.to_str().unwrap());
        let (_, o) = export_msquare(&tmp, kind, &["--plan", plan_arg, "--data", data_arg]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{kind}: {err}");
        if code == 3 {
            assert!(
                err.contains("statements/msquare.pdf is stale")
                    && err.contains("bash .ci/statement-pdfs"),
                "{kind}: {err}"
            );
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Runs `python3 script args` and returns its standard output (it must succeed).
fn python(script: &Path, args: &[&str]) -> Vec<u8> {
    let o = Command::new("python3")
        .arg(script)
        .args(args)
        .output()
        .expect("python3");
    assert!(o.status.success(), "{}: {o:?}", script.display());
    o.stdout
}

/// generators.yaml's test cases: each one's path under data/ (`secret/01-edge/NAME`), its
/// keys (`copy`, `generate`, `solution`) and the comment above it.
fn generators_yaml(yaml: &str) -> BTreeMap<String, (BTreeMap<String, String>, String)> {
    let mut cases: BTreeMap<String, (BTreeMap<String, String>, String)> = BTreeMap::new();
    let mut keys: Vec<(usize, String)> = Vec::new();
    let mut comment = String::new();
    for line in yaml.lines() {
        let indent = line.len() - line.trim_start().len();
        let content = line.trim();
        if let Some(c) = content.strip_prefix("# ") {
            comment = c.to_string();
            continue;
        }
        let unquote = |s: &str| s.trim_matches('\'').replace("''", "'");
        if let Some(key) = content.strip_suffix(':') {
            keys.retain(|(i, _)| *i < indent);
            if key != "data" {
                keys.push((indent, unquote(key)));
                if key.starts_with('\'') {
                    let path: Vec<&str> = keys.iter().map(|(_, k)| k.as_str()).collect();
                    cases.insert(path.join("/"), (BTreeMap::new(), comment.clone()));
                }
            }
        } else if let Some((key, value)) = content.split_once(": ") {
            let path: Vec<&str> = keys.iter().map(|(_, k)| k.as_str()).collect();
            if let Some(case) = cases.get_mut(&path.join("/")) {
                case.0.insert(key.to_string(), unquote(value));
            }
        }
    }
    // Group keys are quoted too: a test case is a key with keys of its own.
    cases.retain(|_, (keys, _)| !keys.is_empty());
    cases
}

#[test]
fn generator_programs_travel_and_every_recorded_command_remakes_its_test() {
    // What each generator command wrote, run once.
    let mut outputs: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut program_tests = 0;
    // A problem of its files alone has no Kattis, 2025-09 or DMOJ package (its own test below).
    for problem in plan().problems.iter().filter(|p| !p.files.only) {
        let name = problem.name.as_str();
        // Polygon: script.txt's generators, from files/, remake their tests.
        let dir = exported("polygon").join(name);
        let polygon = tree(&dir);
        for line in text(&polygon, "script.txt").lines() {
            let (command, number) = line.rsplit_once(" > ").unwrap();
            let (generator, args) = command.split_once(' ').unwrap();
            let output = outputs
                .entry(format!("{generator} {args}"))
                .or_insert_with(|| {
                    let args: Vec<&str> = args.split(' ').collect();
                    python(&dir.join(format!("files/{generator}.py")), &args)
                });
            let number: usize = number.parse().unwrap();
            assert_eq!(
                *output,
                polygon[&format!("tests/{number:02}")].1,
                "{name} {line}"
            );
        }
        // ICPC 2025-09: generators.yaml lists every test: a program's generate: command, or
        // copied/ with the command of boardjudge's gen above it.
        let dir = exported("icpc").join(name);
        let icpc = tree(&dir);
        let mut cases = generators_yaml(&text(&icpc, "generators/generators.yaml"));
        // The validator's and the checker's own tests: each copied from copied/, its files
        // those of data/, why it is there the comment above it.
        for c in icpc_cases(problem) {
            let path = format!("{}/{}", c.dir, c.name);
            let (keys, comment) = cases.remove(&path).expect("in generators.yaml");
            assert_eq!(keys["copy"], format!("copied/{path}"), "{name}");
            assert_eq!(comment, c.why, "{name} {path}");
            for (extension, _) in &c.files {
                assert_eq!(
                    icpc[&format!("generators/copied/{path}{extension}")].1,
                    icpc[&format!("data/{path}{extension}")].1,
                    "{name} {path}{extension}"
                );
            }
        }
        let secret = numbered_secret_paths(problem);
        assert_eq!(cases.len(), problem.tests.len(), "{name}: every test, once");
        for test in &problem.tests {
            let path = if test.group == "samples" {
                format!("sample/{}", test.name)
            } else {
                format!("secret/{}", secret[&test.id()])
            };
            let (keys, comment) = &cases[&path];
            let input = &icpc[&format!("data/{path}.in")].1;
            assert_eq!(*input, committed(name, &format!("{}.in", test.id())));
            match &test.source {
                TestSource::Program { command, .. } => {
                    let generate = &keys["generate"];
                    let (file, args) = generate.split_once(' ').unwrap();
                    let stem = file.strip_suffix(".py").unwrap();
                    let output = outputs.entry(format!("{stem} {args}")).or_insert_with(|| {
                        let args: Vec<&str> = args.split(' ').collect();
                        python(&dir.join("generators").join(file), &args)
                    });
                    assert_eq!(output, input, "{name} {path}: {generate}");
                    // The comment is the command as it ran: the seed resolved.
                    assert_eq!(
                        *comment,
                        if command.contains("{seed}") {
                            format!("{} (judge.toml, {{seed}} resolved)", expand_seed(command))
                        } else {
                            format!("{command} (judge.toml)")
                        }
                    );
                    let solution = keys["solution"].strip_prefix('/').unwrap();
                    assert!(solution.starts_with("submissions/accepted/"), "{solution}");
                    assert!(icpc.contains_key(solution), "{name}: {solution}");
                    assert!(!keys.contains_key("copy"));
                    program_tests += 1;
                }
                other => {
                    assert_eq!(keys["copy"], format!("copied/{path}"));
                    for ext in ["in", "ans"] {
                        assert_eq!(
                            icpc[&format!("generators/copied/{path}.{ext}")].1,
                            icpc[&format!("data/{path}.{ext}")].1,
                            "{name} {path}.{ext}"
                        );
                    }
                    match other {
                        // boardjudge's gen, run with the recorded command, remakes the input.
                        TestSource::Generator { command, .. } => {
                            assert_eq!(comment, command);
                            let args: Vec<&str> = command.split_whitespace().skip(1).collect();
                            let (code, stdout, _) = run(Path::new(GEN), &args, b"");
                            assert_eq!(code, 0, "{command}");
                            assert_eq!(stdout.as_bytes(), &input[..], "{name} {path}: {command}");
                        }
                        _ => assert_eq!(comment, "written out in judge.toml"),
                    }
                }
            }
        }
        // generators/ holds generators.yaml, the programs and the copies, nothing else.
        let programs: Vec<&String> = icpc
            .keys()
            .filter(|k| k.starts_with("generators/") && !k.starts_with("generators/copied/"))
            .filter(|k| *k != "generators/generators.yaml")
            .collect();
        let expected: Vec<String> = if cases.values().any(|(k, _)| k.contains_key("generate")) {
            vec!["generators/corners.py".to_string()]
        } else {
            Vec::new()
        };
        assert_eq!(programs, expected.iter().collect::<Vec<_>>(), "{name}");
    }
    assert_eq!(
        program_tests, 10,
        "sicily's four, sicilylex's four (sicily's commands) and msquare's two corners tests"
    );
    assert_eq!(
        outputs.len(),
        6,
        "Polygon's and ICPC's commands are the same, and sicilylex's are sicily's"
    );
}

/// A YAML file of a package, parsed (one document).
fn yaml(files: &BTreeMap<String, (u32, Vec<u8>)>, path: &str) -> yaml_rust2::Yaml {
    let mut docs = yaml_rust2::YamlLoader::load_from_str(&text(files, path))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(docs.len(), 1, "{path}");
    docs.remove(0)
}

#[test]
fn dmoj_folder_holds_batches_the_bridged_checker_and_every_solution_as_a_testsuite_case() {
    use yaml_rust2::Yaml;
    let str_of = |y: &Yaml| y.as_str().map(str::to_string);
    // A problem of its files alone has no Kattis, 2025-09 or DMOJ package (its own test below).
    for problem in plan().problems.iter().filter(|p| !p.files.only) {
        let name = problem.name.as_str();
        let files = tree(&exported("dmoj").join(name));
        let init = yaml(&files, "init.yml");
        // One batch per group, in plan order, worth its tests, each depending on all earlier.
        let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
        for t in &problem.tests {
            match groups.last_mut() {
                Some((g, ids)) if *g == t.group => ids.push(t.id()),
                _ => groups.push((&t.group, vec![t.id()])),
            }
        }
        let batches = init["test_cases"].as_vec().expect("test_cases");
        assert_eq!(batches.len(), groups.len(), "{name}");
        let mut data = Vec::new();
        for (k, (batch, (group, ids))) in batches.iter().zip(&groups).enumerate() {
            let cases = batch["batched"].as_vec().expect("batched");
            assert_eq!(
                batch["points"].as_i64(),
                Some(ids.len() as i64),
                "{name} {group}"
            );
            let earlier: Vec<i64> = (1..=k as i64).collect();
            let deps: Vec<i64> = batch["dependencies"]
                .as_vec()
                .map(|d| d.iter().filter_map(Yaml::as_i64).collect())
                .unwrap_or_default();
            assert_eq!(deps, earlier, "{name} {group}");
            let paths: Vec<(String, String)> = cases
                .iter()
                .map(|c| (str_of(&c["in"]).unwrap(), str_of(&c["out"]).unwrap()))
                .collect();
            let want: Vec<(String, String)> = ids
                .iter()
                .map(|id| (format!("data/{id}.in"), format!("data/{id}.ans")))
                .collect();
            assert_eq!(paths, want, "{name} {group}");
            for (id, (input, answer)) in ids.iter().zip(&paths) {
                assert_eq!(
                    files[input].1,
                    committed(name, &format!("{id}.in")),
                    "{input}"
                );
                assert_eq!(
                    files[answer].1,
                    committed(name, &format!("{id}.ans")),
                    "{answer}"
                );
                data.extend([input.clone(), answer.clone()]);
            }
        }
        let stray: Vec<&String> = files
            .keys()
            .filter(|p| p.starts_with("data/") && !data.contains(p))
            .collect();
        assert!(stray.is_empty(), "{name}: {stray:?}");
        let checker = &init["checker"];
        assert_eq!(checker["name"].as_str(), Some("bridged"), "{name}");
        let args = &checker["args"];
        assert_eq!(args["files"].as_str(), Some("checker.cpp"));
        assert_eq!(args["lang"].as_str(), Some("CPP17"));
        assert_eq!(args["type"].as_str(), Some("testlib"));
        assert_eq!(args["feedback"].as_bool(), Some(true));
        assert_source(&files, "checker.cpp", problem, "dmoj");
        // Every shipped solution, once, with its language, limits and declared verdict.
        let mut dirs = Vec::new();
        // (But the one that reads and writes the problem's files: left out.)
        for s in problem.solutions.iter().filter(|s| !s.file_io) {
            let file = s.path.file_name().unwrap().to_str().unwrap();
            let (stem, ext) = file.rsplit_once('.').unwrap();
            let dir = format!("tests/{}_{stem}_{ext}", s.expected.name());
            let case = yaml(&files, &format!("{dir}/test.yml"));
            let language = match ext {
                "cpp" if s.standard.is_some_and(|st| st.id == "cpp98") => "CPP03",
                "cpp" => "CPP17",
                "py" => "PY3",
                "java" => "JAVA",
                "rs" => "RUST",
                other => panic!("{other}"),
            };
            assert_eq!(case["language"].as_str(), Some(language), "{dir}");
            let time = case["time"]
                .as_f64()
                .or(case["time"].as_i64().map(|t| t as f64));
            assert_eq!(time, Some(problem.time_limit), "{dir}");
            let memory = problem.memory_limit as i64 * 1024;
            assert_eq!(case["memory"].as_i64(), Some(memory), "{dir}");
            // Java's file is named after its public class (DMOJ finds the class by it).
            let source = case["source"].as_str().unwrap();
            assert!(source == file || ext == "java", "{dir}: {source}");
            assert!(is_copy_of(&files[&format!("{dir}/{source}")].1, s), "{dir}");
            let expect: Vec<String> = match &case["expect"] {
                Yaml::String(code) => vec![code.clone()],
                Yaml::Array(codes) => codes.iter().filter_map(str_of).collect(),
                other => panic!("{dir}: {other:?}"),
            };
            let want: Vec<&str> = match (&s.dmoj_expect, s.expected.name()) {
                // What DMOJ's sandbox does to it, as judge.toml declares.
                (Some(codes), _) => (codes.trim_matches(|c| c == '[' || c == ']'))
                    .split(',')
                    .map(str::trim)
                    .collect(),
                (None, "accepted") => vec!["AC"],
                (None, "wrong_answer") => vec!["AC", "WA", "SC"],
                _ => vec!["AC", "TLE", "SC"],
            };
            assert_eq!(expect, want, "{dir}");
            // DMOJ's C and C++ executors set RLIMIT_NPROC to 0: a program that starts a thread
            // or a process is RTE where DMOJ runs as a user, AC where it runs as root (CI), so
            // its case allows both, and no other C or C++ case allows RTE.
            if ext == "cpp" || ext == "c" {
                let code = String::from_utf8_lossy(&files[&format!("{dir}/{file}")].1);
                let spawns = ["std::thread", "std::async", "pthread_create", "fork("]
                    .iter()
                    .any(|w| code.contains(w));
                let has = |c: &str| expect.iter().any(|e| e == c);
                assert_eq!(
                    has("RTE"),
                    spawns,
                    "{dir}: RTE allowed iff it starts threads"
                );
                assert!(!spawns || has("AC"), "{dir}: AC as root too");
            }
            dirs.push(dir);
        }
        let cases: BTreeSet<String> = files
            .keys()
            .filter_map(|p| p.strip_prefix("tests/"))
            .map(|p| format!("tests/{}", p.split('/').next().unwrap()))
            .collect();
        assert_eq!(cases, dirs.iter().cloned().collect(), "{name}");
        // The statement in DMOJ's Markdown: no title line (the site's problem name), DMOJ's
        // headings, the samples from the sample tests, the pictures as SVG files beside it.
        let md = text(&files, "statement.md");
        assert!(!md.lines().any(|l| l.starts_with("# ")), "{name}");
        for heading in ["## Input Specification", "## Output Specification"] {
            assert_eq!(md.matches(heading).count(), 1, "{name}: {heading}");
        }
        let samples: Vec<_> = problem
            .tests
            .iter()
            .filter(|t| t.group == "samples")
            .collect();
        for (k, t) in samples.iter().enumerate() {
            let input = String::from_utf8(committed(name, &format!("{}.in", t.id()))).unwrap();
            let shown = format!("## Sample Input {}\n\n```\n{input}```\n", k + 1);
            assert!(md.contains(&shown), "{name}: {shown}");
        }
        for line in md.lines().filter(|l| l.starts_with("![")) {
            let picture = line.rsplit_once('(').unwrap().1.trim_end_matches(')');
            assert!(picture.ends_with(".svg"), "{line}");
            let committed = std::fs::read(repo().join("statements").join(picture)).unwrap();
            assert_eq!(files[picture].1, committed, "{name}: {picture}");
        }
        // The README: one title, the limits the site needs, the scoring.
        let readme = text(&files, "README.md");
        let title = &problem.title;
        assert!(
            readme.starts_with(&format!("# {name}: {title} (DMOJ problem folder)\n")),
            "{readme}"
        );
        let seconds = boardjudge::export::seconds(problem.time_limit);
        for stated in [
            format!("time limit {seconds} s"),
            format!("memory limit {} KiB", problem.memory_limit * 1024),
            "**Allows partial points** unticked".to_string(),
            format!("'{name}$'"),
            // Made without --verify: it says so, and offers the command that verifies it.
            format!(
                "This package was not verified when it was exported: no judge's tool ran on \
                 it. `judge export dmoj {name} OUT_DIR --verify` runs DMOJ's testsuite \
                 (`python -m dmoj.testsuite`) on it"
            ),
        ] {
            assert!(readme.contains(&stated), "{name}: no {stated:?}");
        }
        assert!(text(&files, "init.yml").starts_with(&format!("# DMOJ problem {name}: {title}\n")));
    }
}

#[test]
fn msquares_files_are_named_in_every_readme_and_its_file_io_solution_left_out() {
    // boardjudge judges msquare by msquare.in / msquare.out or the standard streams; no
    // exported judge takes both, so every package keeps the streams, says so, and leaves out
    // the solution that needs the files.
    for kind in ["icpc", "kattis", "polygon", "cms", "dmoj"] {
        let files = tree(&exported(kind).join("msquare"));
        let readme = String::from_utf8_lossy(&files["README.md"].1).into_owned();
        assert!(
            readme.contains("Input and output: standard input and standard output only")
                && readme.contains("`msquare.in` and `msquare.out`"),
            "{kind}: {readme}"
        );
        assert!(
            files.keys().all(|path| !path.ends_with("usaco_files.cpp")),
            "{kind}: the file-I/O solution is in the package"
        );
        if kind != "dmoj" {
            assert!(
                readme.contains("| `solutions/msquare/accepted/usaco_files.cpp` | left out: it reads and writes the problem's files"),
                "{kind}: {readme}"
            );
        }
        // A problem without files says nothing of them.
        let sicily = tree(&exported(kind).join("sicily"));
        let readme = String::from_utf8_lossy(&sicily["README.md"].1).into_owned();
        assert!(!readme.contains("Input and output:"), "{kind}");
    }
}

#[test]
fn a_problem_of_its_files_alone_goes_to_polygon_and_cms_with_them_and_nowhere_else() {
    // msquareusaco takes msquare.in and msquare.out alone (judge.toml's `files_only`): Polygon
    // and CMS name them, so their judges give no standard input and judge the file alone, as
    // boardjudge does; msquare keeps the streams.
    let text = |kind, problem: &str, file: &str| {
        std::fs::read_to_string(exported(kind).join(problem).join(file)).unwrap()
    };
    let judging = |input: &str, output: &str| {
        format!("<judging input-file=\"{input}\" output-file=\"{output}\">")
    };
    let xml = text("polygon", "msquareusaco", "problem.xml");
    assert!(xml.contains(&judging("msquare.in", "msquare.out")), "{xml}");
    assert!(text("polygon", "msquare", "problem.xml").contains(&judging("", "")));
    let yaml = text("cms", "msquareusaco", "task.yaml");
    assert!(
        yaml.contains("\ninfile: 'msquare.in'\noutfile: 'msquare.out'\n"),
        "{yaml}"
    );
    assert!(text("cms", "msquare", "task.yaml").contains("\ninfile: ''\noutfile: ''\n"));
    for kind in ["polygon", "cms"] {
        let files = tree(&exported(kind).join("msquareusaco"));
        let readme = String::from_utf8_lossy(&files["README.md"].1).into_owned();
        assert!(
            readme.contains("Input and output: the files `msquare.in` and `msquare.out` only")
                && readme.contains("A program written for standard input and output fails"),
            "{kind}: {readme}"
        );
        // Its solutions of the files are in the package, not left out.
        for file in ["usaco_files.cpp", "usaco_files.py", "msquare.java"] {
            assert!(
                files.keys().any(|path| path.ends_with(file)),
                "{kind}: {file} is not in the package"
            );
        }
    }
    // The judges without file input or output: --all skips it, and named it is refused with
    // the reason, never exported as a problem of standard input and output.
    for kind in ["icpc", "kattis", "dmoj"] {
        assert!(exported(kind).join("msquare").is_dir(), "{kind}");
        assert!(!exported(kind).join("msquareusaco").exists(), "{kind}");
        let out = scratch("judge-export-files-only", kind);
        let o = judge(&["export", kind, "msquareusaco", out.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{kind}: {stderr}");
        assert!(
            stderr.contains("files_only") && stderr.contains("no file input or output"),
            "{kind}: {stderr}"
        );
        assert!(!out.join("msquareusaco").exists(), "{kind}");
    }
}
