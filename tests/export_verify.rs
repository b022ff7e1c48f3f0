//! `judge export --verify`: the judge's own tool run on the package just written, here a
//! stand-in script in its place (the real tools run in `.ci/verify-packages`). It says what
//! it ran and what it found, exits 0 when the tool finds nothing and 1 when it finds a fault,
//! 2 when the tool is missing or the kind cannot be verified here, and the package's README
//! (and the DOMjudge zip's) records the result in place of "not verified".

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

/// The smallest problem to export.
const PROBLEM: &str = "rotation";

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
    std::fs::read_to_string(out.join(PROBLEM).join("README.md")).expect("README.md")
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
            "echo \"$*\" > '{}'\necho '{PROBLEM} tested: 0 errors, 0 warnings'",
            dir.join("argv").display()
        ),
    );
    let out = dir.join("out");
    let o = export("kattis", &out, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
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
        text.contains("Verified when it was exported: `judge export --verify` ran problemtools"),
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
            "echo \"$*\" >> '{}'\necho 'Done'",
            dir.join("argv").display()
        ),
    );
    let out = dir.join("out");
    let o = export("icpc", &out, &bin);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(0), "{s}");
    let argv = std::fs::read_to_string(dir.join("argv")).expect("bt ran");
    assert_eq!(argv, "validate --no-bar\nrun --no-bar\n");
    let text = readme(&out);
    assert!(
        text.contains(
            "in the package's folder: `bt validate --no-bar`: passed (exit 0); then \
             `bt run --no-bar`: passed (exit 0)."
        ),
        "{text}"
    );
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

#[test]
fn a_kind_not_verifiable_here_is_refused_before_exporting() {
    let dir = scratch("polygon");
    let out = dir.join("out");
    let o = export("polygon", &out, &dir);
    let s = said(&o);
    assert_eq!(o.status.code(), Some(2), "{s}");
    assert!(
        s.contains("--verify: polygon packages are not verifiable here"),
        "{s}"
    );
    assert!(!out.exists());
}
