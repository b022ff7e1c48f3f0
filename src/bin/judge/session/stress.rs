//! `judge stress`: random tests until the solution fails, the failure shrunk
//! ([`boardjudge::judging::stress`]), and with `--save` kept as a regression test
//! ([`boardjudge::judging::regression`]).

use crate::session::{Session, Stop, Watch};
use boardjudge::judging::regression::{Saved, save, test_name};
use boardjudge::judging::run::CannotStart;
use boardjudge::judging::stress::{Budget, Settings, StressOutcome, stress as stress_tests};
use boardjudge::report::given::Given;

/// What `judge stress` found.
pub struct Report {
    /// The problem.
    pub problem: String,
    /// How the run ended.
    pub outcome: StressOutcome,
    /// With `--save` and a failure: how the shrunk input was kept, or why it was not
    /// (nothing changed).
    pub saved: Option<Result<Saved, String>>,
}

/// Runs `judge stress` of `solution` (a command, or a source file built as `judge run`
/// builds it) on `problem`; with `save`, keeps a failure's shrunk input as a test.
pub fn run(
    session: &Session,
    problem: &str,
    settings: Settings,
    save_failure: bool,
    solution: &Given,
    watch: &dyn Watch,
) -> Result<Report, Stop> {
    let (plan, index, limits, _) = session.load(problem).map_err(Stop::usage)?;
    let problem = &plan.problems[index];
    let (limits, cmd) = session.prepare(solution, limits)?;
    let cmd = &cmd[..];
    let sandbox = session.sandbox(watch)?;
    match settings.budget {
        Budget::Count(n) => watch.begin(Some(n), "tests"),
        Budget::Time(_) => watch.begin(None, "tests"),
    }
    let outcome = stress_tests(problem, cmd, &limits, &sandbox, settings, &|i| {
        watch.progress(i, None)
    });
    watch.end();
    let outcome = outcome.map_err(Stop::usage)?;
    let mut saved = None;
    if let StressOutcome::Failed {
        original, shrunk, ..
    } = &outcome
    {
        if let Some(e) = CannotStart::from_result(&original.result) {
            return Err(Stop::usage(e.to_string()));
        }
        if save_failure {
            let input = &shrunk.failure.input;
            // A source is named by its file, not by its build in the cache.
            let name = match solution {
                Given::Source(source) => test_name(&[source.display().to_string()], input),
                Given::Command(cmd) => test_name(cmd, input),
            };
            saved = Some(save(
                &session.plan,
                &session.data,
                &problem.name,
                input,
                &name,
            ));
        }
    }
    Ok(Report {
        problem: problem.name.clone(),
        outcome,
        saved,
    })
}
