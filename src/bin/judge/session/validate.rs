//! `judge validate`: input files validated strictly against a problem's limits as judge.toml
//! gives them ([`boardjudge::problemset::plan::ProblemPlan::input_limits`]).

use std::path::{Path, PathBuf};

use boardjudge::cli::open_input;
use boardjudge::format::ErrorKind;
use boardjudge::problemset::plan::Plan;

use crate::session::Stop;

/// What `judge validate` found: a line per file, in the order given.
pub struct Report {
    /// The problem.
    pub problem: String,
    /// Per file its line (`FILE: valid: 30 cases (at most 30, ...)` or `FILE:LINE:COL: ...`)
    /// and whether it is valid.
    pub files: Vec<(String, bool)>,
}

impl Report {
    /// How many files are invalid.
    pub fn invalid(&self) -> usize {
        self.files.iter().filter(|(_, valid)| !valid).count()
    }
}

/// Validates `files` (`-`: standard input) against `problem` of the plan at `plan`. A plan
/// that cannot be read, an unknown problem, or a file that cannot be opened or read stops it
/// (nothing is said valid or invalid of a file not read to its end).
pub fn run(plan: &Path, problem: &str, files: &[PathBuf]) -> Result<Report, Stop> {
    let plan = Plan::load(plan).map_err(|e| Stop::usage(e.to_string()))?;
    let problem = plan.problem(problem).map_err(Stop::usage)?;
    let limits = problem.input_limits(&plan.path);
    let mut inputs = Vec::new();
    for file in files {
        let input = open_input(Some(file)).map_err(|e| Stop::usage(format!("cannot open {e}")))?;
        inputs.push(input);
    }
    let mut report = Report {
        problem: problem.name.clone(),
        files: Vec::new(),
    };
    for input in inputs {
        let result = limits.validate(input.reader);
        if let Err(e) = &result
            && let ErrorKind::Io(_) = e.kind
        {
            return Err(Stop::usage(format!("{}:{e}", input.name)));
        }
        let line = limits.verdict(&input.name, &result);
        report.files.push((line, result.is_ok()));
    }
    Ok(report)
}
