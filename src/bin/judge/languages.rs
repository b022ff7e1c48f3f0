//! `judge languages`: each language solutions may be written in, its commands, and whether
//! its toolchain is installed here ([`boardjudge::runner::language`]).

use std::io::IsTerminal;
use std::process::ExitCode;

use boardjudge::judging::run::Verdict;
use boardjudge::runner::language::{self, Language};

use crate::terminal::{paint, print_json};

#[derive(clap::Args)]
/// List the languages solutions may be written in: extensions, the exact compile and
/// run commands, the standards a C or C++ solution may name (and the default), and whether
/// the toolchain is installed here (with its version).
///
/// In a command, {source} is the source file, {binary} the executable, {dir} the build
/// directory, {class} the Java main class (the class with public static void main, in its
/// package, whatever the file's name) and {heap} the JVM's heap: the memory limit less 64
/// MiB for the JVM itself. C and C++ are built with ONLINE_JUDGE defined, as the default
/// standard unless the solution names one (`judge run --std cpp98`, judge.toml's
/// `std = "cpp98"`). A solution whose toolchain is missing is skipped by `judge strength`
/// (said so), not failed.
///
/// Exit codes: 0 always (a missing toolchain is information), 2 bad arguments.
#[command(verbatim_doc_comment)]
pub struct Args {
    /// Print the list as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

/// A language and its toolchain here. Its JSON is an entry of `judge languages --json`: id,
/// name, extensions, compile and run commands (with `{std}`), the standards (id, name, flag)
/// and the default's id (empty for none), present, version and the missing tool.
struct Toolchain {
    /// The language.
    language: &'static Language,
    /// The toolchain's version, when it is present.
    version: Option<String>,
    /// The first tool that is not on `PATH`, if any.
    missing: Option<&'static str>,
}

impl Toolchain {
    /// Its entry in `judge languages --json`.
    fn json(&self) -> serde_json::Value {
        let l = self.language;
        serde_json::json!({
            "id": l.id,
            "name": l.name,
            "extensions": l.extensions,
            "compile": l.compile,
            "run": l.run,
            "standards": l.standards,
            "default_standard": l.default_standard,
            "present": self.missing.is_none(),
            "version": self.version,
            "missing": self.missing,
        })
    }
}

/// `judge languages` as its arguments say: each language (in [`language::ALL`]'s order), its
/// commands and whether its toolchain is here.
pub fn command(args: Args) -> ExitCode {
    let toolchains: Vec<Toolchain> = (language::ALL.iter())
        .map(|l| Toolchain {
            language: l,
            version: l.toolchain_version(),
            missing: language::missing_tool(l.tools),
        })
        .collect();
    if args.json {
        let languages: Vec<serde_json::Value> = toolchains.iter().map(Toolchain::json).collect();
        print_json(&serde_json::json!({ "languages": languages }));
        return ExitCode::SUCCESS;
    }
    let on = std::io::stdout().is_terminal();
    for t in &toolchains {
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
        let compile = l.compile_words(None).join(" ");
        let compile = if compile.is_empty() { "none" } else { &compile };
        println!("    compile: {compile}");
        println!("    run:     {}", l.run.join(" "));
        if !l.standards.is_empty() {
            let ids: Vec<String> = (l.standards.iter())
                .map(|s| match s.id == l.default_standard {
                    true => format!("{} (default)", s.id),
                    false => s.id.to_string(),
                })
                .collect();
            println!("    std:     {}", ids.join(" "));
        }
    }
    ExitCode::SUCCESS
}
