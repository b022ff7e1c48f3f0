//! The Kattis problem package, legacy format (what Kattis `problemtools` verifies and DOMjudge
//! imports):
//!
//! ```text
//! NAME/problem.yaml                      source, license, rights_owner, uuid, validation: custom, limits.memory
//! NAME/.timelimit                        the time limit in seconds (DOMjudge; verifyproblem -t)
//! NAME/problem_statement/problem.en.tex  statements/NAME.tex, with the pictures it includes
//! NAME/data/sample/T.in|.ans             the samples group's tests, by name
//! NAME/data/secret/G/T.in|.ans           every other test: group G, name T, as in testdata/
//!                                        (`judge build` guarantees no two inputs are identical)
//! NAME/input_validators/NAME/{build,run,validate}
//! NAME/output_validators/NAME/{build,run,check}
//! NAME/submissions/{accepted,wrong_answer,time_limit_exceeded}/FILE
//! NAME.zip                               the same files and domjudge-problem.ini
//! ```
//!
//! `run` is a shell script that execs the prebuilt binary beside it with the format (and the
//! statement's case limit, or the checker's options) baked in; `build` has nothing to do. The
//! checker's team feedback stays at its default: the message goes to `judgemessage.txt` only,
//! no `teammessage.txt`. The legacy format has no time limit
//! key: verifyproblem computes one from the accepted submissions unless given `-t`, so the
//! limit of judge.toml goes in `.timelimit` (and in `domjudge-problem.ini`).

use std::io;

use crate::judge::export::package::Package;
use crate::judge::export::{ExportError, Source, exec_script, problem_uuid, seconds};
use crate::runner::language;

/// Who holds the rights, in every problem.yaml.
pub const RIGHTS_OWNER: &str = "boardjudge contributors";

/// The license of the packages.
pub const LICENSE: &str = "cc by-sa";

/// problemtools' `time_multiplier` (legacy default 5): the pinned time limit must be at least
/// this many times the slowest accepted submission's CPU time. The limits are the original
/// judges', and the classic solutions are accepted submissions: rotation's 3 s is about 5.8
/// times its slowest on a quiet machine (the classic IDA*, 0.52 s CPU on its slowest test)
/// and 4.4 times in a noisy run, too close to 5 for a check that must not flicker. 2 is the
/// margin `judge strength` demands of every accepted solution
/// ([`crate::judge::strength::MIN_MARGIN`]).
pub const TIME_MULTIPLIER: u32 = 2;

/// The languages (by [`language::Language::id`]) whose shipped solutions go into `submissions/`:
/// problemtools and DOMjudge build and run each of them natively.
pub const SUBMISSION_LANGUAGES: [&str; 5] = ["c", "cpp", "rust", "python3", "java"];

const BUILD: &str =
    "#!/bin/sh\n# Nothing to build: run execs the prebuilt binary beside it.\nexit 0\n";

/// The Kattis package of a problem.
pub fn package(source: &Source) -> Result<Package, ExportError> {
    let problem = source.problem;
    let name = problem.name.as_str();
    let mut p = Package::new(name, "problem.yaml");
    p.add("problem.yaml", problem_yaml(source));
    p.add(".timelimit", format!("{}\n", seconds(problem.time_limit)));

    let tex_path = std::path::Path::new("statements").join(format!("{name}.tex"));
    let tex = source.read(&tex_path)?;
    let text = String::from_utf8(tex.clone())
        .map_err(|_| ExportError(format!("{} is not UTF-8", tex_path.display())))?;
    for picture in pictures(&text) {
        let bytes = source.read(&std::path::Path::new("statements").join(&picture))?;
        p.add(format!("problem_statement/{picture}"), bytes);
    }
    p.add("problem_statement/problem.en.tex", tex);

    let (samples, secret) = source.split_samples();
    if samples.is_empty() {
        return Err(ExportError(format!(
            "problem {name} has no test in the samples group: Kattis needs data/sample"
        )));
    }
    for t in samples {
        p.add(format!("data/sample/{}.in", t.plan.name), t.input.clone());
        p.add(format!("data/sample/{}.ans", t.plan.name), t.answer.clone());
    }
    for t in secret {
        p.add(format!("data/secret/{}.in", t.id()), t.input.clone());
        p.add(format!("data/secret/{}.ans", t.id()), t.answer.clone());
    }

    let validator = format!("input_validators/{name}");
    p.add_executable(format!("{validator}/build"), BUILD);
    p.add_executable(
        format!("{validator}/run"),
        exec_script(
            "Kattis input validator: the test input on stdin, exit 42 valid, 43 invalid.",
            "validate",
            &[
                &["--protocol".into(), "kattis".into()],
                &source.validator_args()[..],
            ]
            .concat(),
            true,
        ),
    );
    p.add_executable(
        format!("{validator}/validate"),
        source.tools.validate.clone(),
    );

    let checker = format!("output_validators/{name}");
    let mut args = source.checker_args();
    args.extend(["--protocol".to_string(), "kattis".to_string()]);
    p.add_executable(format!("{checker}/build"), BUILD);
    p.add_executable(
        format!("{checker}/run"),
        exec_script(
            "Kattis output validator: run <input> <answer> <feedback_dir> [flags] < output; \
             exit 42 accepted, 43 rejected. The full message (board, expected answer, diff) \
             goes to judgemessage.txt for the judges; no teammessage.txt, so teams see the \
             verdict only.",
            "check",
            &args,
            true,
        ),
    );
    p.add_executable(format!("{checker}/check"), source.tools.check.clone());

    for s in &problem.solutions {
        let Some(language) = language::of(&s.path) else {
            p.notes.push(format!(
                "{} left out of submissions/: not a language Kattis runs",
                s.path.display()
            ));
            continue;
        };
        if !SUBMISSION_LANGUAGES.contains(&language.id) {
            p.notes.push(format!(
                "{} left out of submissions/: {} is not a language Kattis runs",
                s.path.display(),
                language.name
            ));
            continue;
        }
        let file = s
            .path
            .file_name()
            .and_then(|f| f.to_str())
            .ok_or_else(|| ExportError(format!("{}: no file name", s.path.display())))?;
        let path = format!("submissions/{}/{file}", s.expected.name());
        if p.files.contains_key(&path) {
            return Err(ExportError(format!(
                "{}: another shipped solution is also {path}: rename one",
                s.path.display()
            )));
        }
        p.add(path, source.read(&s.path)?);
    }
    Ok(p)
}

/// A YAML string in single quotes.
fn yaml_str(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// Where the problem comes from: the parenthesised end of its title (`Magic Squares (USACO
/// 3.2, Luogu P2730)` gives `USACO 3.2, Luogu P2730`), else the title.
pub fn source_of(title: &str) -> &str {
    title
        .trim_end()
        .strip_suffix(')')
        .and_then(|t| t.rfind('(').map(|i| &t[i + 1..]))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(title)
}

fn problem_yaml(source: &Source) -> String {
    let problem = source.problem;
    format!(
        "# Kattis problem package (legacy format), written by `judge export kattis` from \
         judge.toml.\n\
         # The time limit ({limit} s) is in .timelimit: run verifyproblem with -t {limit}.\n\
         source: {source}\n\
         license: {LICENSE}\n\
         rights_owner: {owner}\n\
         uuid: {uuid}\n\
         validation: custom\n\
         limits:\n  memory: {memory}\n  time_multiplier: {TIME_MULTIPLIER}\n",
        limit = seconds(problem.time_limit),
        source = yaml_str(source_of(&problem.title)),
        owner = yaml_str(RIGHTS_OWNER),
        uuid = problem_uuid(&problem.name),
        memory = problem.memory_limit,
    )
}

/// The picture files a statement body includes: `\illustration{WIDTH}{FILE}{CAPTION}` and
/// `\includegraphics[...]{FILE}`, in order, without repeats.
pub fn pictures(tex: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for (command, skip) in [("\\illustration", 1), ("\\includegraphics", 0)] {
        let mut rest = tex;
        while let Some(i) = rest.find(command) {
            rest = &rest[i + command.len()..];
            let mut args = rest.trim_start();
            if let Some(after) = args.strip_prefix('[') {
                args = after.split_once(']').map_or("", |(_, a)| a);
            }
            let braced: Vec<&str> = braced_args(args).take(skip + 1).collect();
            if let Some(file) = braced.get(skip) {
                let file = file.trim().to_string();
                if !found.contains(&file) {
                    found.push(file);
                }
            }
        }
    }
    found
}

/// The leading `{...}` groups of `s` (no nesting needed for file names and widths; a nested
/// group ends the scan).
fn braced_args(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        let inner = rest.trim_start().strip_prefix('{')?;
        let (arg, after) = inner.split_once('}')?;
        if arg.contains('{') {
            return None;
        }
        rest = after;
        Some(arg)
    })
}

/// The DOMjudge zip: the package's files plus `domjudge-problem.ini` (the name, the time
/// limit, the external id and the short name), files at the root, deterministic.
pub fn domjudge_zip(source: &Source, package: &Package) -> io::Result<Vec<u8>> {
    let mut zipped = package.clone();
    let problem = source.problem;
    zipped.add(
        "domjudge-problem.ini",
        format!(
            "; DOMjudge problem settings, written by `judge export kattis`.\n\
             externalid = {name}\n\
             short-name = {name}\n\
             name = \"{title}\"\n\
             timelimit = {limit}\n",
            name = problem.name,
            title = problem.title.replace('"', "'"),
            limit = seconds(problem.time_limit),
        ),
    );
    zipped.zip()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_is_the_parenthesised_end_of_the_title() {
        assert_eq!(
            source_of("Magic Squares (USACO 3.2, Luogu P2730)"),
            "USACO 3.2, Luogu P2730"
        );
        assert_eq!(source_of("The Rotation Game (UVA 1343)"), "UVA 1343");
        assert_eq!(source_of("Plain title"), "Plain title");
        assert_eq!(source_of("Empty ()"), "Empty ()");
    }

    #[test]
    fn pictures_are_found_in_both_commands() {
        let tex = "\\problemname{X}\n\\illustration{0.4}{board.pdf}{A caption}\n\
                   \\includegraphics[width=3cm]{moves.pdf}\n\\illustration{0.3}{board.pdf}{again}\n";
        assert_eq!(pictures(tex), ["board.pdf", "moves.pdf"]);
    }

    #[test]
    fn yaml_strings_escape_quotes() {
        assert_eq!(yaml_str("it's"), "'it''s'");
    }
}
