//! `judge export --verify`: the judge's own tool run on the package just written, here a
//! stand-in script in its place (the real tools run in `.ci/verify-packages`). It says what
//! it ran and what it found, exits 0 when the tool finds nothing and 1 when it finds a fault,
//! 2 when the tool is missing or the kind cannot be verified here, and the package's README
//! (and the DOMjudge zip's) records the result in place of "not verified". Polygon and CMS
//! packages are verified by their own C++ sources, compiled with the real g++ and run on every
//! test: a clean export passes, and a planted fault (a checker or validator that says
//! otherwise, an answer changed, a stated verdict flipped) fails, naming the file.

mod common;

use common::need::need;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use boardjudge::export::Kind;
use boardjudge::export::verify::{VerifyError, sources};

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

/// The smallest problem to export.
const PROBLEM: &str = "rotation";

/// The problem whose Polygon and CMS sources the g++ tests verify: one whose sources
/// tests/export.rs compiles into the same cache folder ([`cpp_cache`]), so that CI compiles
/// none of them again here.
const COMPILED: &str = "msquare";

/// The folder where tests/export.rs keeps the binaries it compiles from the exported sources,
/// by `sources::cache_name`: BOARDJUDGE_CPP_CACHE for the tests here.
fn cpp_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-cpp")
}

/// A fresh folder for the test `name`.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("export-verify")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// `bin/PROGRAM` under `dir`: a shell script with `body`.
fn stand_in(dir: &Path, program: &str, body: &str) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let path = bin.join(program);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    bin
}

/// `judge export KIND PROBLEM OUT --verify` with only `path` on PATH and no tool variable.
fn export(kind: &str, out: &Path, path: &Path) -> Output {
    Command::new(JUDGE)
        .args(["export", kind, PROBLEM])
        .arg(out)
        .arg("--verify")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path)
        .env_remove("BOARDJUDGE_PROBLEMTOOLS")
        .env_remove("BOARDJUDGE_BAPCTOOLS")
        .output()
        .expect("judge runs")
}

fn readme(out: &Path) -> String {
    readme_of(out, PROBLEM)
}

fn readme_of(out: &Path, problem: &str) -> String {
    std::fs::read_to_string(out.join(problem).join("README.md")).expect("README.md")
}

/// The DOMjudge zip's README.md, after checking that every other entry of the zip is the
/// folder's file of that path (but the zip's own problem.pdf and domjudge-problem.ini) and
/// that every entry keeps the zip's fixed date.
fn zip_readme(out: &Path) -> String {
    let bytes = std::fs::read(out.join(format!("{PROBLEM}.zip"))).expect("the zip");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut readme = None;
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).expect("an entry");
        let name = entry.name().expect("a name").to_string();
        let date = entry.last_modified().expect("a date");
        assert_eq!(
            (date.year(), date.month(), date.day()),
            (1980, 1, 1),
            "{name}"
        );
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut text).expect("read");
        if name == "README.md" {
            readme = Some(String::from_utf8(text).expect("UTF-8"));
        } else if !["problem.pdf", "domjudge-problem.ini"].contains(&name.as_str()) {
            let file = std::fs::read(out.join(PROBLEM).join(&name)).expect("in the folder");
            assert!(file == text, "{name} differs from the folder's");
        }
    }
    readme.expect("the zip has a README.md")
}

fn said(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn a_clean_verifyproblem_passes_and_the_readme_says_so() {
    let dir = scratch("kattis-pass");
    let bin = stand_in(
        &dir,
        "verifyproblem",
        &format!(
            "echo \"$*\" > '{}'\nsleep 3\necho '{PROBLEM} tested: 0 errors, 0 warnings'",
            dir.join("argv").display()
        ),
    );
    let out = dir.join("out");
    let o = export("kattis", &out, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    // A tool's long run gives no progress line every two seconds on a pipe (CI's log): the
    // verify lines say what runs.
    assert!(!s.contains("problems done"), "{s}");
    assert!(s.contains("submissions: passed (exit 0)"), "{s}");
    // It ran on exactly this export, with the limit of its .timelimit and every part.
    let argv = std::fs::read_to_string(dir.join("argv")).expect("the tool ran");
    let package = out.join(PROBLEM);
    let limit = std::fs::read_to_string(package.join(".timelimit")).expect(".timelimit");
    assert_eq!(
        argv.trim(),
        format!(
            "-e -t {} {} -p config statement data validators submissions",
            limit.trim(),
            package.display()
        )
    );
    let text = readme(&out);
    assert!(
        text.contains("(UTC), when it was exported: `judge export --verify` ran problemtools")
            && text.contains("Verified on 2"),
        "{text}"
    );
    assert!(text.contains(": passed (exit 0)."), "{text}");
    assert!(!text.contains("was not verified"), "{text}");
    // The DOMjudge zip carries the same README, byte for byte.
    assert_eq!(zip_readme(&out), text);
}

#[test]
fn a_fault_verifyproblem_finds_fails_the_export_and_the_readme_says_so() {
    let dir = scratch("kattis-fail");
    // The summary line is there, but the tool exits 1: a fault.
    let bin = stand_in(
        &dir,
        "verifyproblem",
        &format!(
            "echo 'ERROR in submissions: WA'\necho '{PROBLEM} tested: 0 errors, 0 warnings'\nexit 1"
        ),
    );
    let out = dir.join("out");
    let o = export("kattis", &out, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(
        s.contains("ERROR in submissions: WA"),
        "the tool's output shown: {s}"
    );
    assert!(s.contains("found no \"0 errors, 0 warnings\""), "{s}");
    let text = readme(&out);
    assert!(text.contains(": FAILED (exit 1,"), "{text}");
    assert_eq!(zip_readme(&out), text, "the zip records the failure too");
}

#[test]
fn a_warning_from_bt_validate_fails_the_export() {
    let dir = scratch("icpc-warning");
    let bin = stand_in(
        &dir,
        "bt",
        &format!(
            "echo \"$*\" >> '{}'\npwd > '{}'\necho \"$XDG_CONFIG_HOME\" > '{}'\necho 'WARNING: something'",
            dir.join("argv").display(),
            dir.join("cwd").display(),
            dir.join("config").display()
        ),
    );
    let out = dir.join("out");
    let o = export("icpc", &out, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    // bt ran in the package's own folder.
    let cwd = std::fs::read_to_string(dir.join("cwd")).expect("bt ran");
    assert_eq!(
        Path::new(cwd.trim()),
        out.join(PROBLEM).canonicalize().unwrap()
    );
    assert!(s.contains("bt validate --no-bar"), "{s}");
    // It stopped at the first step that failed.
    let argv = std::fs::read_to_string(dir.join("argv")).expect("bt ran");
    assert_eq!(argv, "validate --no-bar\n");
    // With a configuration folder of its own (BAPCtools' uuid memory), removed after.
    let config = std::fs::read_to_string(dir.join("config")).expect("bt ran");
    let config = Path::new(config.trim());
    assert!(
        config.is_absolute() && !config.exists(),
        "{}",
        config.display()
    );
}

#[test]
fn a_clean_bt_validate_then_bt_run_pass_and_the_readme_says_so() {
    let dir = scratch("icpc-pass");
    let bin = stand_in(
        &dir,
        "bt",
        &format!(
            "echo \"$*\" >> '{}'\necho 'Invalidation: Done'\necho 'accepted/a.cpp:  AC 0.1s @ x  '",
            dir.join("argv").display()
        ),
    );
    let out = dir.join("out");
    let o = export("icpc", &out, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    let argv = std::fs::read_to_string(dir.join("argv")).expect("bt ran");
    assert_eq!(argv, "validate --no-bar\nrun --no-bar\n");
    // What bt judged is shown: the validate steps done, run's verdict per submission.
    assert!(s.contains("\n  Invalidation: Done\n"), "{s}");
    assert!(s.contains("\n  accepted/a.cpp:  AC 0.1s @ x\n"), "{s}");
    let text = readme(&out);
    assert!(
        text.contains(
            "in the package's folder: `bt validate --no-bar`: passed (exit 0); then \
             `bt run --no-bar`: passed (exit 0)."
        ),
        "{text}"
    );
}

/// `judge export icpc --verify` with a stand-in bt whose `bt validate` prints `validate` (in
/// the test's folder `name`), and `bt run` nothing.
fn bt_validate_says(name: &str, validate: &str) -> (PathBuf, Output) {
    let dir = scratch(name);
    let bin = stand_in(
        &dir,
        "bt",
        &format!("[ \"$1\" = validate ] && printf '{validate}'\nexit 0"),
    );
    let out = dir.join("out");
    let o = export("icpc", &out, &bin);
    (out, o)
}

#[test]
fn bt_validate_without_its_invalidation_step_fails_a_package_with_invalid_inputs() {
    // The package carries its validator's own tests in data/invalid_input: bt validate must
    // say it ran them ("Invalidation: Done"); a clean log without that line is a fault.
    let (out, o) = bt_validate_says("icpc-no-invalidation", "Input validation: Done\\n");
    let s = said(&o);
    assert!(out.join(PROBLEM).join("data/invalid_input").is_dir());
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(
        s.contains("found no \"Invalidation: Done\" over data/invalid_input"),
        "{s}"
    );
    assert!(readme(&out).contains(": FAILED (exit 0, no \"Invalidation: Done\""));
    // Coloured as bt colours it (CI=true), the line is read without the codes.
    let coloured = "\\033[36mInvalidation\\033[0m: \\033[32mDone\\033[0m\\n";
    let (_, o) = bt_validate_says("icpc-coloured-invalidation", coloured);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    assert!(s.contains("\n  Invalidation: Done\n"), "{s}");
}

#[test]
fn a_missing_tool_is_named_with_how_to_find_it() {
    let dir = scratch("kattis-missing");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = dir.join("out");
    let o = export("kattis", &out, &empty);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(2), "{s}");
    assert!(
        s.contains("verifyproblem not found: set BOARDJUDGE_PROBLEMTOOLS=VENV (a venv with problemtools) or put it on PATH"),
        "{s}"
    );
    // The package was written, and says it was not verified, as its zip does.
    let text = readme(&out);
    assert_eq!(zip_readme(&out), text);
    assert!(
        text.contains(&format!("This package was not verified when it was exported: no judge's tool ran on it. `judge export kattis {PROBLEM} OUT_DIR --verify`")),
        "{text}"
    );
}

/// Whether g++ is here (a missing one fails the test under CI, tests/common/need.rs).
fn gxx() -> bool {
    need(
        "g++",
        boardjudge::runner::language::find_in_path("g++").is_some(),
        "the Polygon and CMS sources are not compiled (apt-get install g++)",
    )
}

/// `judge export KIND msquare OUT [--verify]` with this PATH and `cache` as
/// BOARDJUDGE_CPP_CACHE (none when `None`).
fn export_with(kind: &str, out: &Path, verify: bool, cache: Option<&Path>) -> Output {
    let mut command = Command::new(JUDGE);
    command
        .args(["export", kind, COMPILED])
        .arg(out)
        .args(verify.then_some("--verify"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("BOARDJUDGE_CPP_CACHE");
    if let Some(cache) = cache {
        command.env("BOARDJUDGE_CPP_CACHE", cache);
    }
    command.output().expect("judge runs")
}

#[test]
fn the_polygon_sources_pass_on_every_test_and_the_readme_says_so() {
    if !gxx() {
        return;
    }
    let dir = scratch("polygon-pass");
    let out = dir.join("out");
    let cache = cpp_cache();
    let o = export_with("polygon", &out, true, Some(&cache));
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    let package = out.join(COMPILED);
    let count = |folder: &str, keep: &dyn Fn(&str) -> bool| {
        std::fs::read_dir(package.join(folder))
            .unwrap()
            .filter(|e| keep(&e.as_ref().unwrap().file_name().to_string_lossy()))
            .count()
    };
    let tests = count("tests", &|n| !n.ends_with(".a"));
    let checker = count("files/tests/checker-tests", &|n| !n.contains('.'));
    let validator = count("files/tests/validator-tests", &|_| true);
    assert!(tests > 0 && checker > 0 && validator > 0, "{s}");
    // (Compiled here, or found compiled by tests/export.rs in the cache folder.)
    let line = format!(
        "; validator on {tests} tests, checker on {tests} answers, {checker} checker tests, \
         {validator} validator tests: passed"
    );
    assert!(s.contains(&line), "{line}\n{s}");
    assert!(s.contains(": compiled files/check.cpp"), "{s}");
    let text = readme_of(&out, COMPILED);
    assert!(text.contains(&format!("{line}.")), "{text}");
    assert!(
        text.contains("`g++ -std=c++17 -O2 -Wall -Wextra -Werror`"),
        "{text}"
    );
    assert!(!text.contains("was not verified"), "{text}");
    // Nothing written in the package but its README: a plain export is the same bytes but
    // the README.
    let plain = dir.join("plain");
    assert_eq!(
        export_with("polygon", &plain, false, None).status.code(),
        Some(0)
    );
    let files = |root: &Path| {
        let mut all = Vec::new();
        let mut todo = vec![root.to_path_buf()];
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    todo.push(p);
                } else {
                    let rel = p.strip_prefix(root).unwrap().to_path_buf();
                    all.push((rel, std::fs::read(&p).unwrap()));
                }
            }
        }
        all.sort();
        all.retain(|(rel, _)| rel != Path::new("README.md"));
        all
    };
    assert!(files(&package) == files(&plain.join(COMPILED)));
    // The binaries were kept in the cache folder, by the name of their source and flags, and
    // a second run uses them.
    let source = std::fs::read(package.join("files/check.cpp")).unwrap();
    assert!(cache.join(sources::cache_name(&source)).is_file());
    let again = export_with("polygon", &dir.join("again"), true, Some(&cache));
    let s = said(&again);
    assert_eq!(again.status.code(), Some(0), "{s}");
    assert!(
        s.contains("files/check.cpp (earlier, with the same flags: its binary found in BOARDJUDGE_CPP_CACHE)"),
        "{s}"
    );
}

#[test]
fn the_cms_checker_scores_every_test_and_the_readme_says_so() {
    if !gxx() {
        return;
    }
    let out = scratch("cms-pass").join("out");
    let o = export_with("cms", &out, true, None);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    let tests = std::fs::read_dir(out.join(COMPILED).join("input"))
        .unwrap()
        .count();
    let line = format!("compiled check/checker.cpp; checker on {tests} outputs: passed");
    assert!(s.contains(&line), "{line}\n{s}");
    assert!(
        readme_of(&out, COMPILED).contains(&format!("{line}.")),
        "{}",
        readme_of(&out, COMPILED)
    );
}

/// A cache folder holding, under the name of `source` of a `kind` export, a shell script
/// with `body` in place of its binary: a planted faulty checker or validator; the package's
/// other source's binary copied from [`cpp_cache`] when it is there.
fn planted(dir: &Path, kind: &str, source: &str, body: &str) -> PathBuf {
    let plain = dir.join("plain");
    assert_eq!(
        export_with(kind, &plain, false, None).status.code(),
        Some(0)
    );
    let name = |source: &str| {
        let text = std::fs::read(plain.join(COMPILED).join(source)).unwrap();
        sources::cache_name(&text)
    };
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    let others = if kind == "polygon" {
        ["files/check.cpp", "files/validator.cpp"].as_slice()
    } else {
        &[]
    };
    for other in others.iter().filter(|o| **o != source) {
        let built = cpp_cache().join(name(other));
        if built.is_file() {
            std::fs::copy(built, cache.join(name(other))).unwrap();
        }
    }
    let bin = stand_in(dir, "script", body);
    std::fs::copy(bin.join("script"), cache.join(name(source))).unwrap();
    cache
}

#[test]
fn a_cms_checker_that_scores_a_correct_output_0_fails_naming_the_test() {
    if !gxx() {
        return;
    }
    let dir = scratch("cms-fault");
    let cache = planted(&dir, "cms", "check/checker.cpp", "echo 0.0");
    let out = dir.join("out");
    let o = export_with("cms", &out, true, Some(&cache));
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(
        s.contains(
            "output/output0.txt: the checker scores the correct output \"0.0\" (exit 0), \
             expected \"1.0\" (exit 0)"
        ),
        "{s}"
    );
    assert!(
        readme_of(&out, COMPILED).contains(": FAILED: output/output0.txt:"),
        "{}",
        readme_of(&out, COMPILED)
    );
}

#[test]
fn a_polygon_validator_that_accepts_everything_fails_on_the_first_invalid_test() {
    if !gxx() {
        return;
    }
    let dir = scratch("polygon-validator-fault");
    let cache = planted(&dir, "polygon", "files/validator.cpp", "cat > /dev/null");
    let o = export_with("polygon", &dir.join("out"), true, Some(&cache));
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(
        s.contains(
            "files/tests/validator-tests/01: the validator says valid (exit 0), problem.xml \
             states invalid (exit 3)"
        ),
        "{s}"
    );
}

#[test]
fn a_polygon_checker_that_accepts_everything_fails_on_the_first_rejected_checker_test() {
    if !gxx() {
        return;
    }
    let dir = scratch("polygon-checker-fault");
    let cache = planted(&dir, "polygon", "files/check.cpp", "exit 0");
    let o = export_with("polygon", &dir.join("out"), true, Some(&cache));
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    let xml =
        std::fs::read_to_string(dir.join("plain").join(COMPILED).join("problem.xml")).unwrap();
    let checker = &xml[xml.find("<checker").unwrap()..xml.find("</checker>").unwrap()];
    let first = checker
        .match_indices("<test verdict=")
        .position(|(i, _)| !checker[i..].starts_with("<test verdict=\"ok\""))
        .expect("a checker test that is not ok");
    let file = format!("files/tests/checker-tests/{:02}.o", first + 1);
    assert!(
        s.contains(&format!(
            "{file}: the checker gives exit 0, problem.xml states"
        )),
        "{file}\n{s}"
    );
}

#[test]
fn a_changed_answer_a_flipped_verdict_or_a_warning_in_a_package_fails_its_verification() {
    if !gxx() {
        return;
    }
    let dir = scratch("polygon-planted");
    let out = dir.join("out");
    assert_eq!(
        export_with("polygon", &out, false, None).status.code(),
        Some(0)
    );
    let package = out.join(COMPILED);
    // A copy of the package with `file` written as `text`, verified with the binaries of
    // `cache`: what it found.
    let planted = |name: &str, file: &str, text: &str, cache: &Path| {
        let copy = dir.join(name);
        let status = Command::new("cp")
            .arg("-r")
            .arg(&package)
            .arg(&copy)
            .status()
            .unwrap();
        assert!(status.success());
        std::fs::write(copy.join(file), text).unwrap();
        match sources::verify(Kind::Polygon, COMPILED, &copy, Some(cache), &mut |_| {}) {
            Err(VerifyError::Fault { what, log }) => format!("{what}\n{log}"),
            other => panic!("{name}: not a fault: {other:?}"),
        }
    };
    // An answer changed after the export: the checker rejects it.
    let what = planted("answer", "tests/02.a", "not an answer\n", &cpp_cache());
    assert!(
        what.contains("tests/02.a: the checker gives the answer exit 3, expected ok (exit 0)"),
        "{what}"
    );
    // A validator test stated valid: the validator still rejects it.
    let xml = std::fs::read_to_string(package.join("problem.xml")).unwrap();
    let (head, tail) = xml.split_at(xml.find("<validators>").unwrap());
    let tail = tail.replacen(
        "<test verdict=\"invalid\"/>",
        "<test verdict=\"valid\"/>",
        1,
    );
    let what = planted(
        "flipped",
        "problem.xml",
        &format!("{head}{tail}"),
        &cpp_cache(),
    );
    assert!(
        what.contains(
            "files/tests/validator-tests/01: the validator says invalid (exit 3), problem.xml \
             states valid (exit 0)"
        ),
        "{what}"
    );
    // A warning is a fault, with g++'s words.
    let own = dir.join("cache");
    let what = planted(
        "warning",
        "files/check.cpp",
        "int main() { int unused; return 0; }\n",
        &own,
    );
    assert!(
        what.contains("files/check.cpp does not compile cleanly: g++ exited with code 1"),
        "{what}"
    );
    assert!(what.contains("unused"), "{what}");
    // A source that compiles cleanly is compiled and kept in the cache folder by its name;
    // this validator accepts everything, so the first validator test fails.
    let accepts = "#include <cstdio>\nint main() { while (std::getchar() != EOF) {} }\n";
    let what = planted("accepts", "files/validator.cpp", accepts, &own);
    assert!(
        what.contains("files/tests/validator-tests/01: the validator says valid (exit 0)"),
        "{what}"
    );
    assert!(own.join(sources::cache_name(accepts.as_bytes())).is_file());
}

#[test]
fn a_missing_gxx_is_named_and_exits_2() {
    let dir = scratch("polygon-no-gxx");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = dir.join("out");
    let o = export("polygon", &out, &empty);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(2), "{s}");
    assert!(s.contains("g++ not found on PATH"), "{s}");
    assert!(
        readme(&out).contains("This package was not verified"),
        "{}",
        readme(&out)
    );
}

/// A stand-in for the python of a DMOJ venv: `-c` (importing dmoj, or asking its version,
/// 4.1.0) succeeds; `-m dmoj.testsuite ... PROBLEM$ (CASES)$` appends its argv to `argv` and
/// prints a report of each case asked: "Running test case", a test case with the verdict of
/// its name (AC for every case when `wa_missing`), "Result of case", then DMOJ's summary
/// ("All cases passed." unless `no_summary`).
fn dmoj_stand_in(dir: &Path, wa_missing: bool, no_summary: bool) -> PathBuf {
    let wa = if wa_missing { "AC" } else { "WA" };
    let summary = if no_summary {
        "echo 'Some cases failed.'"
    } else {
        "echo 'All cases passed.'"
    };
    let body = format!(
        r#"if [ "$1" = -c ]; then
  case "$2" in *importlib*) echo 4.1.0 ;; esac
  exit 0
fi
echo "$*" >> '{argv}'
shift 8
problem=${{1%\$}}
cases=${{2#(}}
IFS='|'
for c in ${{cases%)\$}}; do
  printf '\tRunning test case %s for %s...\n' "$c" "$problem"
  case $c in
    wrong_answer_*) v={wa} ;;
    time_limit_exceeded_*) v=TLE ;;
    *) v=AC ;;
  esac
  printf '\t\t  Test case  1 %s [0.001s]\n' "$v"
  printf '\tResult of case %s for %s: Success\n' "$c" "$problem"
done
echo "Problem $problem passed with flying colours."
{summary}"#,
        argv = dir.join("argv").display()
    );
    let bin = stand_in(dir, "python", &body);
    std::fs::copy(bin.join("python"), bin.join("python3")).expect("python3");
    dir.to_path_buf()
}

/// `judge export dmoj ARGS --verify` with the DMOJ venv `venv` (none: unset), the judge.yml
/// `config` (none: unset) and only `path` on PATH.
fn export_dmoj(args: &[&str], venv: Option<&Path>, config: Option<&Path>, path: &Path) -> Output {
    let mut command = Command::new(JUDGE);
    command
        .arg("export")
        .arg("dmoj")
        .args(args)
        .arg("--verify")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path);
    for v in [
        "BOARDJUDGE_DMOJ",
        "BOARDJUDGE_DMOJ_CONFIG",
        "BOARDJUDGE_DMOJ_EXECUTORS",
        "BOARDJUDGE_DMOJ_HOME",
    ] {
        command.env_remove(v);
    }
    if let Some(venv) = venv {
        command.env("BOARDJUDGE_DMOJ", venv);
    }
    if let Some(config) = config {
        command.env("BOARDJUDGE_DMOJ_CONFIG", config);
    }
    command.output().expect("judge runs")
}

/// A judge.yml as CI writes it, with Java and Rust.
fn dmoj_config(dir: &Path) -> PathBuf {
    let file = dir.join("judge.yml");
    std::fs::write(
        &file,
        "# a comment\nruntime:\n  g++: /usr/bin/g++\n  g++17: /usr/bin/g++\n  python3: /usr/bin/python3\n  java: /j/java\n  javac: /j/javac\n  cargo: /r/bin/cargo\n",
    )
    .expect("judge.yml");
    file
}

/// `judge export dmoj WHAT OUT --verify` in the fresh scratch folder `name`, with the stand-in
/// testsuite ([`dmoj_stand_in`]), CI's judge.yml ([`dmoj_config`], FOLDER/judge.yml) and
/// nothing on PATH: the folder, OUT and what the command did.
fn export_dmoj_stand_in(
    name: &str,
    what: &str,
    wa_missing: bool,
    no_summary: bool,
) -> (PathBuf, PathBuf, Output) {
    let dir = scratch(name);
    let venv = dmoj_stand_in(&dir, wa_missing, no_summary);
    let config = dmoj_config(&dir);
    let out = dir.join("out");
    let o = export_dmoj(
        &[what, out.to_str().unwrap()],
        Some(&venv),
        Some(&config),
        &dir.join("empty"),
    );
    (dir, out, o)
}

/// The names in the folder `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// The case folders of the DMOJ folder `dir`, sorted.
fn dmoj_cases(dir: &Path) -> Vec<String> {
    listing(&dir.join("tests"))
}

#[test]
fn a_passing_dmoj_testsuite_passes_and_the_readme_says_so() {
    let (dir, out, o) = export_dmoj_stand_in("dmoj-pass", PROBLEM, false, false);
    let config = dir.join("judge.yml");
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    // Every case asked, by a regex of alternatives, on exactly this folder, with the
    // executors the judge.yml allows.
    let argv = std::fs::read_to_string(dir.join("argv")).expect("the testsuite ran");
    let cases = dmoj_cases(&out.join(PROBLEM));
    assert_eq!(
        argv.trim(),
        format!(
            "-m dmoj.testsuite -c {} -e CPP03,CPP17,PY3,JAVA,RUST --no-ansi {} {PROBLEM}$ ({})$",
            config.display(),
            out.display(),
            cases.join("|")
        )
    );
    assert!(s.contains("verify dmoj rotation: All cases passed."), "{s}");
    let text = readme(&out);
    assert!(
        text.contains("(UTC), when it was exported: `judge export --verify` ran dmoj 4.1.0")
            && text.contains("Verified on 2"),
        "{text}"
    );
    assert!(
        text.contains(&format!("on every case ({})", cases.len())),
        "{text}"
    );
    // The judge.yml given is named in the command as it was given.
    assert!(
        text.contains(&format!(
            "judge.yml: {c}, as BOARDJUDGE_DMOJ_CONFIG says) on every case",
            c = config.display()
        )) && text.contains(&format!(
            "`python -m dmoj.testsuite -c {} -e ",
            config.display()
        )),
        "{text}"
    );
    assert!(
        text.contains("passed (exit 0, \"All cases passed.\")."),
        "{text}"
    );
    assert!(!text.contains("was not verified"), "{text}");
}

#[test]
fn dmoj_writes_its_own_judge_yml_without_one_given() {
    let dir = scratch("dmoj-own-config");
    let venv = dmoj_stand_in(&dir, false, false);
    // g++ on PATH, for the judge.yml it writes.
    let bin = stand_in(&dir.join("tools"), "g++", "exit 0");
    let out = dir.join("out");
    let o = export_dmoj(&[PROBLEM, out.to_str().unwrap()], Some(&venv), None, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    assert!(
        s.contains(&format!(
            "a judge.yml of its own (g++ and g++17: {}",
            bin.join("g++").canonicalize().unwrap().display()
        )),
        "{s}"
    );
    let argv = std::fs::read_to_string(dir.join("argv")).expect("the testsuite ran");
    assert!(argv.contains(" -e CPP03,CPP17,PY3 --no-ansi "), "{argv}");
    // Its judge.yml was in a fresh folder of its own (boardjudge-dmoj-PID-N, never one that
    // existed before), removed after the run.
    let written = (argv.split_whitespace())
        .skip_while(|w| *w != "-c")
        .nth(1)
        .expect("-c FILE");
    let folder = Path::new(written).parent().unwrap();
    let name = folder.file_name().unwrap().to_string_lossy();
    assert_eq!(
        name.matches('-').count(),
        3,
        "{name}: prefix, process, counter"
    );
    assert!(!folder.exists(), "{} left behind", folder.display());
    // The README names that judge.yml, gone after the run, by what it held, not by its
    // temporary path: the command reads `-c judge.yml`.
    let text = readme(&out);
    assert!(
        text.contains(&format!(
            "judge.yml: a judge.yml of its own (g++ and g++17: {}",
            bin.join("g++").canonicalize().unwrap().display()
        )) && text.contains(&format!(
            "`python -m dmoj.testsuite -c judge.yml -e CPP03,CPP17,PY3 --no-ansi {} ",
            out.display()
        )),
        "{text}"
    );
    assert!(!text.contains("boardjudge-dmoj-"), "{text}");
}

#[test]
fn dmoj_without_all_cases_passed_fails() {
    let (_, out, o) = export_dmoj_stand_in("dmoj-no-summary", PROBLEM, false, true);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(s.contains("found no \"All cases passed.\""), "{s}");
    assert!(
        s.contains("Some cases failed."),
        "the tool's output shown: {s}"
    );
    assert!(readme(&out).contains("FAILED (exit 0, no \"All cases passed.\")"));
}

#[test]
fn a_declared_wrong_answer_dmoj_judged_ac_fails() {
    let (_, _, o) = export_dmoj_stand_in("dmoj-wa-missing", PROBLEM, true, false);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(s.contains("wrong_answer_ef_swapped_cpp got no WA"), "{s}");
}

#[test]
fn dmoj_missing_is_named_with_how_to_find_it() {
    let dir = scratch("dmoj-missing");
    let out = dir.join("out");
    // Not on PATH, and a venv without python.
    let o = export_dmoj(&[PROBLEM, out.to_str().unwrap()], None, None, &dir);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(2), "{s}");
    assert!(
        s.contains(
            "python not found: set BOARDJUDGE_DMOJ=VENV (a venv with dmoj) or put it on PATH"
        ),
        "{s}"
    );
    let o = export_dmoj(&[PROBLEM, out.to_str().unwrap()], Some(&dir), None, &dir);
    assert_eq!(o.status.code(), Some(2), "{}", said(&o));
    // A python that cannot import dmoj.
    let bin = stand_in(&dir, "python", "exit 1");
    let o = export_dmoj(&[PROBLEM, out.to_str().unwrap()], None, None, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(2), "{s}");
    assert!(s.contains("cannot import dmoj"), "{s}");
    assert!(
        readme(&out)
            .contains("`judge export dmoj rotation OUT_DIR --verify` runs DMOJ's testsuite")
    );
}

#[test]
fn with_all_a_dmoj_variant_runs_only_its_own_cases_and_one_accepted() {
    let (dir, out, o) = export_dmoj_stand_in("dmoj-variant", "--all", false, false);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    let argv = std::fs::read_to_string(dir.join("argv")).expect("the testsuite ran");
    let asked = |problem: &str| -> Vec<String> {
        let line = (argv.lines())
            .find(|l| l.contains(&format!(" {problem}$ ")))
            .unwrap_or_else(|| panic!("{problem} not verified: {argv}"));
        let regex = line.rsplit(' ').next().unwrap();
        let inner = regex.strip_prefix('(').unwrap().strip_suffix(")$").unwrap();
        inner.split('|').map(str::to_string).collect()
    };
    // The base problem: every case.
    assert_eq!(asked("rotation"), dmoj_cases(&out.join("rotation")));
    // Its variant: the cases that are not the same as the base's, and one accepted C++ one.
    let (variant, base) = (out.join("rotationlarge"), out.join("rotation"));
    let uncommented = |p: &Path| -> String {
        let text = std::fs::read_to_string(p).unwrap();
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let same = |case: &str| -> bool {
        let (a, b) = (
            variant.join("tests").join(case),
            base.join("tests").join(case),
        );
        b.is_dir()
            && listing(&a) == listing(&b)
            && std::fs::read_dir(&a).unwrap().all(|e| {
                let name = e.unwrap().file_name();
                if name == "test.yml" {
                    uncommented(&a.join(&name)) == uncommented(&b.join(&name))
                } else {
                    std::fs::read(a.join(&name)).ok() == std::fs::read(b.join(&name)).ok()
                }
            })
    };
    let all = dmoj_cases(&variant);
    let own: Vec<&String> = all.iter().filter(|c| !same(c)).collect();
    let run = asked("rotationlarge");
    assert!(
        own.len() < all.len(),
        "no case the same as rotation's: {all:?}"
    );
    for case in &own {
        assert!(run.contains(case), "{case} not run: {run:?}");
    }
    let extra: Vec<&String> = run.iter().filter(|c| !own.contains(c)).collect();
    if own.iter().any(|c| c.starts_with("accepted_")) {
        assert!(extra.is_empty(), "{extra:?}");
    } else {
        // One accepted case of the same ones: a C++ one where there is one.
        assert_eq!(extra.len(), 1, "{run:?}");
        assert!(extra[0].starts_with("accepted_"), "{extra:?}");
        let cpp = all
            .iter()
            .any(|c| !own.contains(&c) && c.starts_with("accepted_") && c.ends_with("_cpp"));
        assert_eq!(extra[0].ends_with("_cpp"), cpp, "{extra:?}");
    }
    let text = std::fs::read_to_string(variant.join("README.md")).unwrap();
    assert!(
        text.contains("are the same as rotation's folder's and were judged there in the same run"),
        "{text}"
    );
}

#[test]
fn with_all_a_fault_goes_on_to_the_next_problem_and_fails_the_run() {
    let (dir, _, o) = export_dmoj_stand_in("dmoj-all-faults", "--all", true, false);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    // Every problem DMOJ can carry was verified, and each fault is named at the end.
    let argv = std::fs::read_to_string(dir.join("argv")).expect("the testsuite ran");
    // (rotationlarge runs no wrong_answer case of its own: it passes.)
    for problem in ["sicily", "msquare", "rotation", "rotationlarge"] {
        assert!(argv.contains(&format!(" {problem}$ ")), "{argv}");
    }
    for problem in ["sicily", "msquare", "rotation"] {
        let named = format!("judge: dmoj {problem}: python -m dmoj.testsuite");
        assert!(s.contains(&named), "{s}");
    }
}

/// A verification on a busy machine says so, since the judges' tools time by CPU time, which a
/// busy machine inflates: here the test itself keeps two threads spinning while a stand-in
/// verifyproblem takes two seconds.
#[test]
fn a_verification_on_a_busy_machine_warns_that_its_times_may_be_inflated() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let dir = scratch("kattis-busy");
    let bin = stand_in(
        &dir,
        "verifyproblem",
        &format!("/bin/sleep 2\necho '{PROBLEM} tested: 0 errors, 0 warnings'"),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let spinners: Vec<_> = (0..2)
        .map(|_| {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let o = export("kattis", &dir.join("out"), &bin);
    stop.store(true, Ordering::Relaxed);
    for spinner in spinners {
        spinner.join().expect("spinner");
    }
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    assert!(
        s.contains(&format!("warning: verify kattis {PROBLEM}: busy machine: "))
            && s.contains("a TLE here may pass on a quiet machine"),
        "{s}"
    );
}
