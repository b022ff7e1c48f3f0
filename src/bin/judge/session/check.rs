//! `judge check`: one output judged against one test, as `judge run` judges it
//! ([`boardjudge::judging::check`]).

use std::path::Path;

use serde::Serialize;
use serde::ser::SerializeStruct;

use boardjudge::judging::check::{check_test, exit_code, find_test};
use boardjudge::judging::run::TestResult;
use boardjudge::problemset::plan::Plan;

/// The judgement of one output. Its JSON is `judge check --json`'s: the problem, then the
/// test's name, group, verdict, detail, summary and details.
pub struct Report {
    /// The problem.
    pub problem: String,
    /// The judgement.
    pub result: TestResult,
}

impl Report {
    /// The exit code, testlib's: 0 accepted, 1 wrong answer, 2 presentation error, 3 judge
    /// failure.
    pub fn exit_code(&self) -> u8 {
        exit_code(&self.result.verdict)
    }
}

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = &self.result;
        let mut s = serializer.serialize_struct("Report", 7)?;
        s.serialize_field("problem", &self.problem)?;
        s.serialize_field("test", &r.test)?;
        s.serialize_field("group", &r.group)?;
        s.serialize_field("verdict", &r.verdict)?;
        s.serialize_field("detail", &r.verdict.detail())?;
        s.serialize_field("summary", &r.summary)?;
        s.serialize_field("details", &r.details)?;
        s.end()
    }
}

/// Judges `output` against `test` of `problem` in the plan at `plan` with test data in
/// `data`; or the message of a judge failure (exit code 3).
pub fn run(
    plan: &Path,
    data: &Path,
    problem: &str,
    test: &str,
    output: &Path,
) -> Result<Report, String> {
    let plan = Plan::load(plan).map_err(|e| e.to_string())?;
    let problem = plan.problem(problem)?;
    let source = find_test(problem, data, test)?;
    Ok(Report {
        problem: problem.name.clone(),
        result: check_test(problem, &source, output),
    })
}
