//! `judge languages`: each language solutions may be written in, its commands, and whether
//! its toolchain is installed here.

use std::io::IsTerminal;
use std::process::ExitCode;

use boardjudge::judging::run::Verdict;

use crate::args::LanguagesArgs;
use crate::session;
use crate::terminal::{paint, print_json};

/// `judge languages` as its arguments say.
pub fn command(args: LanguagesArgs) -> ExitCode {
    languages(args.json)
}

/// `judge languages`: each language, its commands and whether its toolchain is here.
fn languages(json: bool) -> ExitCode {
    let report = session::languages::run();
    if json {
        print_json(&report);
        return ExitCode::SUCCESS;
    }
    let on = std::io::stdout().is_terminal();
    for t in &report.languages {
        let l = t.language;
        let extensions: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
        let status = match (t.missing, &t.version) {
            (Some(tool), _) => paint(
                &format!("missing: {tool} is not on PATH (solutions are skipped)"),
                &Verdict::WA,
                on,
            ),
            (None, Some(v)) => paint(&format!("present: {v}"), &Verdict::AC, on),
            (None, None) => "present".to_string(),
        };
        println!("{:<9} {:<16} {status}", l.name, extensions.join(" "));
        let compile = l.compile_line();
        let compile = if compile.is_empty() { "none" } else { &compile };
        println!("    compile: {compile}");
        println!("    run:     {}", l.run_line());
    }
    ExitCode::SUCCESS
}
