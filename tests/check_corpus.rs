//! Runs the checker's corpus, `tests/check_corpus/<format>/<case>/`, through the library and
//! through the binary in all three protocols.
//!
//! Each case holds `input`, `answer` (the jury answer), `output` (the contestant's) and
//! `expect`: `verdict: AC|WA|PE|FAIL`, `message: <a fragment of the message>`, optionally
//! `args: <checker options>` and `binary: usage error` (the binary refuses the options
//! before reading any file).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use boardjudge::check::{CheckOptions, Verdict, check};
use boardjudge::format::Format;

const CHECK: &str = env!("CARGO_BIN_EXE_check");

struct Case {
    dir: PathBuf,
    format: Format,
    verdict: Verdict,
    message: String,
    args: Vec<String>,
    usage_error: bool,
}

impl Case {
    fn name(&self) -> String {
        format!(
            "{}/{}",
            self.format,
            self.dir.file_name().unwrap().to_string_lossy()
        )
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn options(&self) -> CheckOptions {
        let mut options = CheckOptions::default();
        for pair in self.args.chunks(2) {
            match pair[0].as_str() {
                "--order" => options.order = pair[1].parse().unwrap(),
                "--wrap" => options.wrap = pair[1].parse().unwrap(),
                other => panic!("{}: unknown option {other}", self.name()),
            }
        }
        options
    }
}

fn corpus() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check_corpus");
    let mut cases = Vec::new();
    for format in Format::ALL {
        let mut dirs: Vec<PathBuf> = fs::read_dir(root.join(format.name()))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        dirs.sort();
        assert!(dirs.len() >= 30, "{format}: only {} cases", dirs.len());
        for dir in dirs {
            let expect = fs::read_to_string(dir.join("expect")).unwrap();
            let field = |key: &str| {
                expect
                    .lines()
                    .find_map(|l| l.strip_prefix(key))
                    .map(|v| v.trim().to_string())
            };
            let verdict = match field("verdict:").as_deref() {
                Some("AC") => Verdict::Accepted,
                Some("WA") => Verdict::WrongAnswer,
                Some("PE") => Verdict::PresentationError,
                Some("FAIL") => Verdict::Fail,
                other => panic!("{}: bad verdict {other:?}", dir.display()),
            };
            cases.push(Case {
                format,
                verdict,
                message: field("message:").expect("a message fragment"),
                args: field("args:")
                    .map(|a| a.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
                usage_error: field("binary:").as_deref() == Some("usage error"),
                dir,
            });
        }
    }
    cases
}

#[test]
fn library_gives_the_expected_verdicts_and_messages() {
    let mut failures = Vec::new();
    for case in corpus() {
        let input = fs::read(case.file("input")).unwrap();
        let answer = fs::read(case.file("answer")).unwrap();
        let output = fs::read(case.file("output")).unwrap();
        let outcome = check(
            case.format,
            &input,
            &answer,
            &mut &output[..],
            &case.options(),
        );
        assert_eq!(
            outcome.details.lines().next(),
            Some(outcome.summary.as_str()),
            "{}: the details start with the summary",
            case.name()
        );
        assert!(!outcome.summary.contains('\n'), "{}", case.name());
        if outcome.verdict != case.verdict || !outcome.details.contains(&case.message) {
            failures.push(format!(
                "{}: expected {:?} with \"{}\", got {:?}:\n{}",
                case.name(),
                case.verdict,
                case.message,
                outcome.verdict,
                outcome.details
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn run(args: &[&str], stdin: Option<&Path>) -> Output {
    let mut command = Command::new(CHECK);
    command.args(args);
    command.stdin(match stdin {
        Some(path) => Stdio::from(fs::File::open(path).unwrap()),
        None => Stdio::null(),
    });
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh, empty directory for one case's files.
fn scratch(case: &Case, protocol: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "boardjudge-check-corpus-{}-{}-{}",
        std::process::id(),
        protocol,
        case.name().replace('/', "-")
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn base_args(case: &Case, with_format: bool) -> Vec<String> {
    let mut args = Vec::new();
    if with_format {
        args.push("--format".to_string());
        args.push(case.format.name().to_string());
    }
    args.extend(case.args.iter().cloned());
    args
}

#[test]
fn binary_testlib_protocol() {
    let mut failures = Vec::new();
    for case in corpus() {
        let dir = scratch(&case, "testlib");
        let report = dir.join("report.txt");
        for with_format in [true, false] {
            let mut args = base_args(&case, with_format);
            for f in ["input", "output", "answer"] {
                args.push(path(&case.file(f)).to_string());
            }
            args.push(path(&report).to_string());
            let _ = fs::remove_file(&report);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args, None);
            let stderr = text(&out.stderr);
            let code = out.status.code();
            if case.usage_error {
                if code != Some(3) || !stderr.contains(&case.message) || report.exists() {
                    failures.push(format!("{}: usage error expected: {stderr}", case.name()));
                }
                continue;
            }
            let (want_code, prefix) = match case.verdict {
                Verdict::Accepted => (0, "ok "),
                Verdict::WrongAnswer => (1, "wrong answer "),
                Verdict::PresentationError => (2, "wrong output format "),
                Verdict::Fail => (3, "FAIL "),
            };
            let report_text = fs::read_to_string(&report).unwrap_or_default();
            // Without --format, a judge failure may be the format detection's.
            let message_ok =
                !with_format && case.verdict == Verdict::Fail || stderr.contains(&case.message);
            if code != Some(want_code)
                || !stderr.starts_with(prefix)
                || !message_ok
                || report_text != stderr
                || stderr.contains('\x1b')
                || !out.stdout.is_empty()
            {
                failures.push(format!(
                    "{} (--format given: {with_format}): expected exit {want_code} and \
                     \"{prefix}...{}\", got {code:?}:\n{stderr}",
                    case.name(),
                    case.message
                ));
            }
        }
        fs::remove_dir_all(&dir).unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn binary_kattis_protocol() {
    let mut failures = Vec::new();
    for case in corpus() {
        let feedback = scratch(&case, "kattis");
        let mut args = base_args(&case, true);
        args.extend(["--protocol", "kattis"].map(String::from));
        args.push(path(&case.file("input")).to_string());
        args.push(path(&case.file("answer")).to_string());
        args.push(path(&feedback).to_string());
        args.extend(["case_sensitive", "space_change_sensitive"].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args, Some(&case.file("output")));
        let code = out.status.code();
        let read = |name: &str| fs::read_to_string(feedback.join(name)).ok();
        let (judge, team, error) = (
            read("judgemessage.txt"),
            read("teammessage.txt"),
            read("judgeerror.txt"),
        );
        let ok = if case.usage_error {
            code == Some(3) && judge.is_none() && error.is_none()
        } else {
            match case.verdict {
                Verdict::Fail => {
                    code == Some(1)
                        && error.is_some_and(|e| e.contains(&case.message))
                        && judge.is_none()
                }
                verdict => {
                    let want = if verdict == Verdict::Accepted { 42 } else { 43 };
                    code == Some(want)
                        && error.is_none()
                        && judge.is_some_and(|j| j.contains(&case.message))
                        && team.is_some_and(|t| t.lines().count() == 1)
                }
            }
        };
        if !ok {
            failures.push(format!(
                "{}: {:?}, exit {code:?}:\n{}",
                case.name(),
                case.verdict,
                text(&out.stderr)
            ));
        }
        fs::remove_dir_all(&feedback).unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn binary_cms_protocol() {
    let mut failures = Vec::new();
    for case in corpus() {
        let mut args = base_args(&case, true);
        args.extend(["--protocol", "cms"].map(String::from));
        for f in ["input", "answer", "output"] {
            args.push(path(&case.file(f)).to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args, None);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        let code = out.status.code();
        let ok = match case.verdict {
            _ if case.usage_error => code == Some(3) && stdout.is_empty(),
            Verdict::Accepted => {
                code == Some(0) && stdout == "1.0\n" && stderr == "translate:success\n"
            }
            Verdict::WrongAnswer | Verdict::PresentationError => {
                code == Some(0)
                    && stdout == "0.0\n"
                    && stderr.starts_with("translate:wrong ")
                    && stderr.lines().count() == 1
                    && stderr.contains(&case.message)
            }
            Verdict::Fail => code != Some(0) && stdout.is_empty() && stderr.contains(&case.message),
        };
        if !ok {
            failures.push(format!(
                "{}: {:?}, exit {code:?}, stdout {stdout:?}:\n{stderr}",
                case.name(),
                case.verdict
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
