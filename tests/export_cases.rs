//! The validator's and the checker's own tests, `cases/NAME.toml`: every problem's set holds
//! to the real validator, solver and checker with its judge.toml limits and options (what
//! every export checks before carrying them), covers every kind of case, and a case whose
//! expectation is wrong is refused with its file and name.

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
    let text = std::fs::read_to_string(repo().join(cases::path(&problem.name))).expect("read");
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
