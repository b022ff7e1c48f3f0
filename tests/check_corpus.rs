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

use boardjudge::check::{CheckOptions, CheckVerdict, TeamMessage, check};
use boardjudge::format::Format;

const CHECK: &str = env!("CARGO_BIN_EXE_check");

struct Case {
    dir: PathBuf,
    format: Format,
    verdict: CheckVerdict,
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
                Some("AC") => CheckVerdict::Accepted,
                Some("WA") => CheckVerdict::WrongAnswer,
                Some("PE") => CheckVerdict::PresentationError,
                Some("FAIL") => CheckVerdict::Fail,
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
                CheckVerdict::Accepted => (0, "ok "),
                CheckVerdict::WrongAnswer => (1, "wrong answer "),
                CheckVerdict::PresentationError => (2, "wrong output format "),
                CheckVerdict::Fail => (3, "FAIL "),
            };
            let report_text = fs::read_to_string(&report).unwrap_or_default();
            // Without --format, a judge failure may be the format detection's.
            let message_ok = !with_format && case.verdict == CheckVerdict::Fail
                || stderr.contains(&case.message);
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

/// The reasons a team message may give, with the verdict each comes with: the fixed phrases of
/// the checker. A message outside this list would be new text reaching contestants, to be
/// reviewed (and added here).
const BRIEFS: &[(&str, &str)] = &[
    ("WA", "output too long"),
    ("PE", "no output file"),
    ("WA", "the output ends too early"),
    ("WA", "extra output after the last case"),
    ("PE", "empty line in the output"),
    ("PE", "a byte order mark"),
    ("PE", "expected a number"),
    ("PE", "a non-canonical number"),
    ("WA", "a character that is not a move"),
    ("WA", "not a shortest sequence"),
    ("WA", "shortest, but not the lex smallest"),
    ("WA", "the moves do not reach the target"),
    ("WA", "the moves do not solve the board"),
    ("PE", "length must stand alone"),
    ("WA", "a negative length"),
    ("WA", "output after a length of 0"),
    ("PE", "spaces in the sequence"),
    ("WA", "more letters than the length says"),
    ("PE", "line over the wrap width"),
    ("PE", "line under wrap width"),
    ("WA", "the letters do not match the length"),
    ("PE", "no space after M"),
    ("PE", "too many tokens"),
    ("PE", "-1 not alone on its line"),
    ("PE", "moves not on M's line"),
    ("WA", "-1, but N moves reach the target"),
    ("WA", "a negative M"),
    ("WA", "M is not the number of operations"),
    ("WA", "more moves than the step limit N"),
    ("WA", "output ends before the centre digit"),
    ("PE", "centre digit not alone"),
    ("WA", "the board is not solved yet"),
    ("WA", "the board is already solved"),
    ("PE", "not \"No moves needed\""),
    ("PE", "spaces inside the moves"),
    ("WA", "a wrong centre digit"),
];

/// Why a contestant-facing text is not safe, if it is not: it holds three or more letters in
/// a row of the jury answer's operations, or a line of the board picture from the jury's
/// message, or it is not one line of the verdict, the case, the line and a fixed phrase.
fn leak(team: &str, answer: &[u8], details: &str) -> Option<String> {
    let answer = text(answer);
    // The operations: runs of move letters, and all of them joined (msquare wraps its
    // sequence over lines).
    let mut runs: Vec<String> = answer
        .split(|c: char| !c.is_ascii_uppercase() || c > 'H')
        .filter(|r| r.len() > 2)
        .map(String::from)
        .collect();
    runs.push(runs.concat());
    for run in &runs {
        for i in 0..run.len().saturating_sub(2) {
            let piece = &run[i..i + 3];
            if team.contains(piece) {
                return Some(format!("holds {piece:?} of the jury answer's operations"));
            }
        }
    }
    let mut in_picture = false;
    for line in details.lines() {
        if line.starts_with("  ") && !line.starts_with("    ") {
            in_picture = line.trim() == "input:";
            continue;
        }
        let shown = line.trim();
        if in_picture && shown.len() > 2 && team.contains(shown) {
            return Some(format!("holds the board picture line {shown:?}"));
        }
    }
    let line = team.strip_suffix('\n').unwrap_or(team);
    if line.contains('\n') {
        return Some("spans lines".into());
    }
    let verdicts = ["accepted", "WA", "PE"];
    let Some((verdict, rest)) = verdicts
        .iter()
        .find_map(|v| Some((*v, line.strip_prefix(v)?)))
    else {
        return Some("does not start with a verdict".into());
    };
    if rest.is_empty() {
        return None;
    }
    let Some((place, brief)) = rest.split_once(": ") else {
        return Some("has no reason after the verdict".into());
    };
    let place_ok = place
        .chars()
        .all(|c| c.is_ascii_digit() || " caseline".contains(c));
    if !place_ok || !BRIEFS.contains(&(verdict, brief)) {
        return Some(format!(
            "gives an unlisted place {place:?} or reason {brief:?}"
        ));
    }
    None
}

#[test]
fn the_leak_check_catches_leaks() {
    let details = "case 1: x\n  input:\n    N = 4, target 5 8 7 6 / 4 1 2 3\n  expected (one right answer):\n    2 AB\n";
    assert!(
        leak(
            "WA case 1: not a shortest sequence",
            b"7 BCABCCB\n",
            details
        )
        .is_none()
    );
    assert!(leak("WA case 1: BCA", b"7 BCABCCB\n", details).is_some());
    assert!(leak("WA case 1: 5 8 7 6", b"", details).is_some());
    assert!(leak("WA case 1: try ABB", b"60\nABBB\nABBB\n", details).is_some());
    assert!(leak("WA: anything new", b"", details).is_some());
    assert!(leak("accepted", b"", details).is_none());
}

/// DMOJ keeps the first 50 characters of a case's feedback (the checker's line): every team
/// line fits in them with a five-digit case and a five-digit line, the verdict and the case
/// first.
#[test]
fn every_team_line_fits_in_dmojs_50_characters() {
    for &(code, brief) in BRIEFS {
        let verdict = match code {
            "WA" => CheckVerdict::WrongAnswer,
            _ => CheckVerdict::PresentationError,
        };
        for case in [None, Some(99_999)] {
            let line = TeamMessage::new(verdict, case, Some(99_999), brief);
            let line = line.as_str();
            assert!(
                line.chars().count() <= 50,
                "{} characters: {line}",
                line.len()
            );
            let place = case.map_or(String::new(), |k| format!(" case {k}"));
            assert!(line.starts_with(&format!("{code}{place}")), "{line}");
        }
    }
}

/// The library's outcome for a case.
fn outcome_of(case: &Case) -> boardjudge::check::Outcome {
    let input = fs::read(case.file("input")).unwrap();
    let answer = fs::read(case.file("answer")).unwrap();
    let output = fs::read(case.file("output")).unwrap();
    check(
        case.format,
        &input,
        &answer,
        &mut &output[..],
        &case.options(),
    )
}

/// Issue 10's proof, through the library's delivery: for every case, protocol and team
/// feedback level, the contestant-facing channel (Kattis `teammessage.txt`, CMS standard
/// error) leaks nothing, and the jury's channel (testlib's message and report, Kattis
/// `judgemessage.txt`) holds the full message.
#[test]
fn contestants_never_see_the_answer_and_the_jury_sees_everything() {
    use boardjudge::check::protocol::{Invocation, Protocol, TeamFeedback, deliver};
    use std::ffi::OsString;
    let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
    let testlib = Invocation::parse(Protocol::Testlib, &args(&["i", "o", "a", "r"])).unwrap();
    let kattis = Invocation::parse(Protocol::Kattis, &args(&["i", "a", "fb"])).unwrap();
    let cms = Invocation::parse(Protocol::Cms, &args(&["i", "a", "o"])).unwrap();
    let mut failures = Vec::new();
    let mut rejected = 0;
    for case in corpus().iter().filter(|c| !c.usage_error) {
        let outcome = outcome_of(case);
        let answer = fs::read(case.file("answer")).unwrap();
        if matches!(
            outcome.verdict,
            CheckVerdict::WrongAnswer | CheckVerdict::PresentationError
        ) {
            rejected += 1;
        }
        for team in [TeamFeedback::None, TeamFeedback::Brief] {
            let t = deliver(&testlib, &outcome, team);
            if !t.stderr.contains(&outcome.details) || t.files[0].1 != t.stderr {
                failures.push(format!("{}: testlib lost the jury message", case.name()));
            }
            let k = deliver(&kattis, &outcome, team);
            let file = |name: &str| {
                k.files
                    .iter()
                    .find(|(p, _)| p.ends_with(name))
                    .map(|(_, text)| text.clone())
            };
            let jury = file("judgemessage.txt").or_else(|| file("judgeerror.txt"));
            if !jury.is_some_and(|j| j.contains(&outcome.details)) {
                failures.push(format!("{}: kattis lost the jury message", case.name()));
            }
            let team_file = file("teammessage.txt");
            match (team, &team_file) {
                (TeamFeedback::None, Some(_)) => failures.push(format!(
                    "{}: teammessage.txt written by default",
                    case.name()
                )),
                (TeamFeedback::Brief, None) if outcome.verdict != CheckVerdict::Fail => {
                    failures.push(format!("{}: no teammessage.txt with brief", case.name()))
                }
                _ => {}
            }
            let c = deliver(&cms, &outcome, team);
            let mut channels = vec![("kattis teammessage.txt", team_file.unwrap_or_default())];
            if outcome.verdict != CheckVerdict::Fail {
                channels.push(("cms stderr", c.stderr.clone()));
                let exact = ["translate:success\n", "translate:wrong\n"];
                if team == TeamFeedback::None && !exact.contains(&c.stderr.as_str()) {
                    failures.push(format!("{}: cms stderr {:?}", case.name(), c.stderr));
                }
            }
            for (channel, text) in channels {
                if text.is_empty() || text.starts_with("translate:") {
                    continue;
                }
                if let Some(why) = leak(&text, &answer, &outcome.details) {
                    failures.push(format!(
                        "{} ({channel}, {team:?}): {text:?} {why}",
                        case.name()
                    ));
                }
            }
        }
    }
    assert!(
        rejected >= 80,
        "only {rejected} rejected outputs in the corpus"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn binary_kattis_protocol() {
    let mut failures = Vec::new();
    for case in corpus() {
        for brief in [false, true] {
            let feedback = scratch(&case, "kattis");
            let mut args = base_args(&case, true);
            args.extend(["--protocol", "kattis"].map(String::from));
            if brief {
                args.extend(["--team-feedback", "brief"].map(String::from));
            }
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
            let answer = fs::read(case.file("answer")).unwrap();
            let ok = if case.usage_error {
                code == Some(3) && judge.is_none() && error.is_none() && team.is_none()
            } else {
                match case.verdict {
                    CheckVerdict::Fail => {
                        code == Some(1)
                            && error.is_some_and(|e| e.contains(&case.message))
                            && judge.is_none()
                            && team.is_none()
                    }
                    verdict => {
                        let want = if verdict == CheckVerdict::Accepted {
                            42
                        } else {
                            43
                        };
                        let details = judge.clone().unwrap_or_default();
                        let team_ok = match &team {
                            None => !brief,
                            Some(t) => brief && leak(t, &answer, &details).is_none(),
                        };
                        code == Some(want)
                            && error.is_none()
                            && judge.is_some_and(|j| j.contains(&case.message))
                            && team_ok
                    }
                }
            };
            if !ok {
                failures.push(format!(
                    "{} (brief: {brief}): {:?}, exit {code:?}, team {team:?}:\n{}",
                    case.name(),
                    case.verdict,
                    text(&out.stderr)
                ));
            }
            fs::remove_dir_all(&feedback).unwrap();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn binary_cms_protocol() {
    let mut failures = Vec::new();
    for case in corpus() {
        for brief in [false, true] {
            let mut args = base_args(&case, true);
            args.extend(["--protocol", "cms"].map(String::from));
            if brief {
                args.extend(["--team-feedback", "brief"].map(String::from));
            }
            for f in ["input", "answer", "output"] {
                args.push(path(&case.file(f)).to_string());
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args, None);
            let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
            let code = out.status.code();
            let answer = fs::read(case.file("answer")).unwrap();
            let ok = match case.verdict {
                _ if case.usage_error => code == Some(3) && stdout.is_empty(),
                CheckVerdict::Accepted => {
                    code == Some(0) && stdout == "1.0\n" && stderr == "translate:success\n"
                }
                CheckVerdict::WrongAnswer | CheckVerdict::PresentationError if !brief => {
                    code == Some(0) && stdout == "0.0\n" && stderr == "translate:wrong\n"
                }
                CheckVerdict::WrongAnswer | CheckVerdict::PresentationError => {
                    let outcome = outcome_of(&case);
                    code == Some(0)
                        && stdout == "0.0\n"
                        && stderr == format!("{}\n", outcome.team)
                        && leak(&stderr, &answer, &outcome.details).is_none()
                }
                CheckVerdict::Fail => {
                    code != Some(0) && stdout.is_empty() && stderr.contains(&case.message)
                }
            };
            if !ok {
                failures.push(format!(
                    "{} (brief: {brief}): {:?}, exit {code:?}, stdout {stdout:?}:\n{stderr}",
                    case.name(),
                    case.verdict
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
