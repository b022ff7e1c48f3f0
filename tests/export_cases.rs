//! The validator's and the checker's own tests, in the file judge.toml's `cases` names
//! (`cases/NAME.toml`): every problem's set holds to the real validator, solver and checker
//! with its judge.toml limits and options (what every export checks before carrying them),
//! covers every kind of case, and a case whose expectation is wrong is refused with its file
//! and name. A named file that is missing or malformed stops the export naming judge.toml's
//! line, the problem and the file; a file of cases/ that no problem names is reported by `judge
//! build` (an error with --check).

use std::path::Path;

use boardjudge::export::cases::{self, Cases, Expect};
use boardjudge::problemset::plan::{Plan, ProblemPlan};

fn plan() -> Plan {
    Plan::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("judge.toml")).expect("judge.toml")
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The problems that have cases: one per format and checker order.
const WITH_CASES: [&str; 4] = ["sicily", "sicilylex", "msquare", "rotation"];

#[test]
fn every_problems_cases_hold_to_its_validator_and_checker() {
    let plan = plan();
    for name in WITH_CASES {
        let problem = plan.problem(name).expect("in judge.toml");
        let cases = cases::load(problem, repo()).unwrap_or_else(|e| panic!("{e}"));
        let count = |v: Expect| cases.output.iter().filter(|c| c.verdict == v).count();
        assert!(
            (10..=40).contains(&cases.len())
                && !cases.invalid_input.is_empty()
                && !cases.invalid_answer.is_empty()
                && count(Expect::Accepted) > 0
                && count(Expect::WrongAnswer) > 0
                && count(Expect::PresentationError) > 0,
            "{name}: {} cases, every kind wanted",
            cases.len()
        );
    }
}

/// A problem's cases as the file holds them, unchecked.
fn raw(problem: &ProblemPlan) -> Cases {
    let file = &problem
        .cases
        .as_ref()
        .expect("judge.toml names its cases")
        .path;
    let text = std::fs::read_to_string(repo().join(file)).expect("read");
    toml::from_str(&text).expect("parse")
}

#[test]
fn a_wrong_expectation_is_refused_naming_the_case() {
    let plan = plan();
    let problem = plan.problem("sicily").expect("sicily");
    let base = raw(problem);
    // An output that the checker rejects, claimed accepted.
    let mut cases = base.clone();
    let c = cases
        .output
        .iter_mut()
        .find(|c| c.verdict == Expect::WrongAnswer)
        .expect("a wrong answer");
    c.verdict = Expect::Accepted;
    let name = c.name.clone();
    let e = cases::hold(problem, "cases/sicily.toml", &mut cases).expect_err("refused");
    assert!(
        e.0.contains(&format!("output \"{name}\"")) && e.0.contains("the checker says"),
        "{e}"
    );
    // A valid input claimed invalid.
    let mut cases = base.clone();
    cases.invalid_input[0].input = "-1\n".into();
    let e = cases::hold(problem, "cases/sicily.toml", &mut cases).expect_err("refused");
    assert!(e.0.contains("the validator accepts it"), "{e}");
    // The canonical answer claimed invalid.
    let mut cases = base.clone();
    cases.invalid_answer[0].input = "-1\n".into();
    cases.invalid_answer[0].answer = String::new();
    let e = cases::hold(problem, "cases/sicily.toml", &mut cases).expect_err("refused");
    assert!(e.0.contains("the answer is the canonical one"), "{e}");
    // Two cases of a kind with one name.
    let mut cases = base;
    let first = cases.output[0].clone();
    cases.output.push(first);
    let e = cases::hold(problem, "cases/sicily.toml", &mut cases).expect_err("refused");
    assert!(e.0.contains("two cases have this name"), "{e}");
}

#[test]
fn the_order_decides_another_shortest_answer() {
    // sicily accepts any sequence within N (Sicily's special judge), sicilylex only the
    // smallest: the same output is a valid output of one and an invalid output of the other.
    let plan = plan();
    let load = |name: &str| cases::load(plan.problem(name).expect("in plan"), repo());
    let (sicily, lex) = (
        load("sicily").expect("sicily"),
        load("sicilylex").expect("lex"),
    );
    let verdict = |cases: &Cases, name: &str| {
        cases
            .output
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.verdict)
    };
    assert_eq!(verdict(&sicily, "other-shortest"), Some(Expect::Accepted));
    assert_eq!(verdict(&lex, "other-shortest"), Some(Expect::WrongAnswer));
}

/// A fresh folder for the test `name` with a judge.toml of one msquare problem, `demo`, its
/// one test the statement's sample, and `cases` (a line of its table, or none); the line of
/// `cases` in it.
fn scratch_plan(name: &str, cases: &str) -> (std::path::PathBuf, usize) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("export-cases")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cases")).expect("scratch folder");
    let text = format!(
        "[[problem]]\nname = \"demo\"\nformat = \"msquare\"\ntitle = \"Demo\"\ntime_limit = 1.0\n\
         memory_limit = 256\n{cases}\n[[problem.group]]\nname = \"samples\"\n\
         tests = [{{ name = \"statement\", input = \"2 6 8 4 5 7 3 1\\n\" }}]\n"
    );
    std::fs::write(dir.join("judge.toml"), text).expect("judge.toml");
    (dir, 7)
}

#[test]
fn a_named_cases_file_that_is_missing_stops_the_export() {
    let (dir, line) = scratch_plan("missing", "cases = \"cases/demo.toml\"");
    let plan = Plan::load(&dir.join("judge.toml")).expect("plan");
    let e = cases::load(plan.problem("demo").expect("demo"), &dir).expect_err("refused");
    let want = format!(
        "{}:{line}: problem 'demo': cases = \"cases/demo.toml\": no such file: {}",
        dir.join("judge.toml").display(),
        dir.join("cases/demo.toml").display()
    );
    assert!(e.0.starts_with(&want), "{e}");
}

#[test]
fn a_named_cases_file_that_cannot_be_parsed_is_refused_naming_judge_toml_and_the_file() {
    let (dir, line) = scratch_plan("malformed", "cases = \"cases/demo.toml\"");
    std::fs::write(
        dir.join("cases/demo.toml"),
        "[[output]]\nname = \"x\"\nwhy = \"y\"\nverdict = \"maybe\"\ninput = \"\"\noutput = \"\"\n",
    )
    .expect("write");
    let plan = Plan::load(&dir.join("judge.toml")).expect("the file is there");
    let e = cases::load(plan.problem("demo").expect("demo"), &dir).expect_err("refused");
    let want = format!(
        "{}:{line}: problem 'demo': cases = \"cases/demo.toml\": cases/demo.toml: ",
        dir.join("judge.toml").display()
    );
    assert!(e.0.starts_with(&want) && e.0.contains("maybe"), "{e}");
    // Well formed, it is read, and its case held.
    std::fs::write(
        dir.join("cases/demo.toml"),
        "[[invalid_input]]\nname = \"empty\"\nwhy = \"empty\"\ninput = \"\"\n",
    )
    .expect("write");
    let read = cases::load(plan.problem("demo").expect("demo"), &dir).expect("read");
    assert_eq!((read.len(), &read.file[..]), (1, "cases/demo.toml"));
}

#[test]
fn a_cases_file_no_problem_names_is_reported_by_judge_build() {
    let (dir, _) = scratch_plan("unnamed", "");
    std::fs::write(
        dir.join("cases/demo.toml"),
        "[[invalid_input]]\nname = \"empty\"\nwhy = \"empty\"\ninput = \"\"\n",
    )
    .expect("write");
    let plan = dir.join("judge.toml");
    // Without the key the problem has no cases.
    let loaded = Plan::load(&plan).expect("plan");
    let none = cases::load(loaded.problem("demo").expect("demo"), &dir).expect("none");
    assert!(none.is_empty());
    let build = |check: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_judge"));
        command.arg("build").arg("--plan").arg(&plan);
        if check {
            command.arg("--check");
        }
        let out = command.output().expect("judge runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let said = |kind: &str| {
        format!(
            "judge: {kind}: {} is named by no problem of {}",
            dir.join("cases/demo.toml").display(),
            plan.display()
        )
    };
    let (code, stderr) = build(false);
    assert!(
        code == Some(0) && stderr.contains(&said("warning")),
        "{stderr}"
    );
    let (code, stderr) = build(true);
    assert!(
        code == Some(1) && stderr.contains(&said("error")),
        "{stderr}"
    );
    // Named, it is no longer reported.
    let text = std::fs::read_to_string(&plan).expect("read");
    let text = text.replace(
        "memory_limit = 256\n",
        "memory_limit = 256\ncases = \"cases/demo.toml\"\n",
    );
    std::fs::write(&plan, text).expect("write");
    let (code, stderr) = build(true);
    assert!(
        code == Some(0) && !stderr.contains("named by no problem"),
        "{stderr}"
    );
}
