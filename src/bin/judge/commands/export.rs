//! `judge export`: packages for real judges, one problem's or every problem's.

use std::process::ExitCode;

use crate::args::{ExportArgs, beside};
use crate::session;
use crate::solution_args::usage;
use crate::terminal::stopped;

/// `judge export` as its arguments say.
pub fn command(args: ExportArgs) -> ExitCode {
    let ExportArgs {
        kind,
        targets,
        all,
        plan,
        data,
    } = args;
    let (problem, out) = match (all, &targets[..]) {
        (true, [out]) => (None, out),
        (false, [problem, out]) => (Some(problem.as_str()), out),
        (true, _) => return usage("with --all, give only OUT_DIR"),
        (false, _) => return usage("give PROBLEM OUT_DIR, or --all OUT_DIR"),
    };
    let data = data.unwrap_or_else(|| beside(&plan, "testdata"));
    export(&session::export::Request {
        kind,
        problem,
        plan: &plan,
        data: &data,
        out: std::path::Path::new(out),
    })
}

/// `judge export`: a line per package written, its notes on stderr.
fn export(request: &session::export::Request) -> ExitCode {
    let kind = request.kind.name();
    let result = session::export::run(request, &mut |name, w| {
        let zip = w
            .zip
            .as_ref()
            .map(|z| format!(" and {}", z.display()))
            .unwrap_or_default();
        println!(
            "{kind} {name}: {} ({} files, {} bytes){zip}",
            w.dir.display(),
            w.files,
            w.bytes
        );
        for note in &w.notes {
            eprintln!("note: {kind} {name}: {note}");
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(stop) => stopped(stop),
    }
}
