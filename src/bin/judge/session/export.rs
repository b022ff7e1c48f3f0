//! `judge export`: one problem's package, or every problem's, for a real judge
//! ([`boardjudge::export`]).

use std::path::Path;

use crate::session::Stop;
use boardjudge::export::{ExportError, Kind, Written, export_verified, verified_tests};
use boardjudge::problemset::plan::Plan;

/// What `judge export` was asked.
pub struct Request<'a> {
    /// The judge system.
    pub kind: Kind,
    /// The problem, or `None` for every problem of the plan.
    pub problem: Option<&'a str>,
    /// judge.toml.
    pub plan: &'a Path,
    /// The committed test data.
    pub data: &'a Path,
    /// Where the packages go.
    pub out: &'a Path,
}

/// Exports the problems of `request` in plan order, giving each package to `written` as it
/// is written; stops at the first that fails.
pub fn run(request: &Request, written: &mut dyn FnMut(&str, &Written)) -> Result<(), Stop> {
    let kind = request.kind;
    let plan = Plan::load(request.plan).map_err(|e| Stop::usage(e.to_string()))?;
    let names: Vec<String> = match request.problem {
        Some(name) => vec![plan.problem(name).map_err(Stop::usage)?.name.clone()],
        None => plan.problems.iter().map(|p| p.name.clone()).collect(),
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    for name in &names {
        let failed = |e: ExportError| format!("{} {name}: {e}", kind.name());
        // Test data that is not what judge.toml builds is a verdict; a package that cannot be
        // made or written, the judge's failure.
        let tests =
            verified_tests(&plan, name, request.data, jobs).map_err(|e| Stop::failed(failed(e)))?;
        let w = export_verified(kind, &plan, &tests, request.out)
            .map_err(|e| Stop::failure(failed(e)))?;
        written(name, &w);
    }
    Ok(())
}
