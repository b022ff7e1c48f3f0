//! `judge stress`: random tests until the solution fails, the failure shrunk
//! ([`boardjudge::judging::stress`]), and with `--save` kept as a regression test
//! ([`boardjudge::judging::regression`]).

use crate::session::{Session, Stop, Watch, prepare, sandbox};
use boardjudge::judging::matrix_runs::given::Given;
use boardjudge::judging::regression::{Saved, save, test_name};
use boardjudge::judging::run::CannotStart;
use boardjudge::judging::stress::{
    Budget, Program, Progress, Settings, StressOutcome, Stressed, stress as stress_tests,
};

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

/// The programs `judge stress` runs: each a command, or a source file built as `judge run`
/// builds it.
pub struct Programs<'a> {
    /// The solution under test.
    pub solution: &'a Given,
    /// A reference run first on each input (`--reference`), if any.
    pub reference: Option<&'a Given>,
}

/// Runs `judge stress` of the programs on `problem`; with `save`, keeps a failure's shrunk
/// input as a test.
pub fn run(
    session: &Session,
    problem: &str,
    settings: Settings,
    save_failure: bool,
    programs: &Programs,
    watch: &dyn Watch,
) -> Result<Report, Stop> {
    let loaded = session.load(problem).map_err(Stop::usage)?;
    let (problem, limits) = (loaded.problem(), loaded.limits);
    let sandbox = sandbox(session, watch)?;
    let build = &loaded.plan.build;
    let (solution_limits, solution_cmd) =
        prepare(session, programs.solution, limits, &sandbox, build)?;
    let reference = match programs.reference {
        Some(given) => Some(prepare(session, given, limits, &sandbox, build)?),
        None => None,
    };
    let solution = Program {
        cmd: &solution_cmd,
        limits: &solution_limits,
    };
    let reference = reference.as_ref().map(|(limits, cmd)| Program {
        cmd: &cmd[..],
        limits,
    });
    match settings.budget {
        Budget::Count(n) => watch.begin(Some(n), "tests"),
        Budget::Time(_) => watch.begin(None, "tests"),
    }
    let shrinking = std::cell::Cell::new(false);
    let outcome = stress_tests(
        problem,
        solution,
        reference,
        &sandbox,
        settings,
        &|progress| match progress {
            Progress::Tested(i) => watch.progress(i, None),
            Progress::Shrinking { runs, budget } => {
                if !shrinking.replace(true) {
                    watch.end();
                    watch.begin(Some(budget), "shrinking runs");
                }
                watch.progress(runs, None);
            }
        },
    );
    watch.end();
    let outcome = outcome.map_err(Stop::usage)?;
    let mut saved = None;
    if let StressOutcome::Failed {
        program,
        original,
        shrunk,
        ..
    } = &outcome
    {
        if let Some(e) = CannotStart::from_result(&original.result) {
            return Err(Stop::usage(e.to_string()));
        }
        if save_failure {
            let input = &shrunk.failure.input;
            let failed = match (program, programs.reference) {
                (Stressed::Reference, Some(reference)) => reference,
                _ => programs.solution,
            };
            // A source is named by its file, not by its build in the cache.
            let name = match failed {
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
