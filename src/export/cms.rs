//! The CMS task, in the Italian YAML layout that `cmsImportTask` reads (loader `italy_yaml`):
//!
//! ```text
//! NAME/task.yaml             name, title, limits, n_input, public samples, stdin/stdout
//! NAME/input/inputK.txt      K = 0, 1, ... in plan order
//! NAME/output/outputK.txt
//! NAME/names.txt             which test each K is: `K group/name` per line, in order (CMS
//!                            numbers tests and reads no names; its importer ignores the file)
//! NAME/check/checker         the prebuilt check binary
//! NAME/statement/statement.pdf   statements/NAME.pdf (the statement as problemtools
//!                            typesets it from the LaTeX, with the samples; see below)
//! NAME/sol/FILE              the accepted solutions (cmsMake's `sol/`; the importer skips it)
//! ```
//!
//! CMS copies only the file `check/checker` into its sandbox and runs it as
//! `checker <input> <correct_output> <contestant_output>`, reading the score (0.0 to 1.0)
//! from stdout and the message from stderr. A wrapper script could not reach a second file,
//! so the checker is the `check` binary itself: called under the name `checker`, it takes
//! CMS's protocol by default, and it recognises the format from the input. No options can be
//! passed, so a problem whose checker options differ from the defaults cannot be exported.
//! Contestants see the checker's standard error: it is exactly `translate:success` or
//! `translate:wrong` (CMS shows its translated "Output is correct" / "Output isn't
//! correct"), never the expected answer: the verdict alone, as the statements promise ("On
//! each test you learn the verdict only"). The matching feedback level is `restricted`:
//! CMS's `full` adds each test's time, memory and killing signal, which the statements do
//! not offer; `restricted` shows the outcome and that message only.
//! There is no `gen/GEN` (the generator commands are not cmsMake's), so the test count is
//! `n_input` and the score is the sum of 100 / n_input per test.
//!
//! The statement PDF is committed (statements/NAME.pdf, made by `.ci/statement-pdfs` with
//! problemtools' problem2pdf from the Kattis package, LuaLaTeX) rather than typeset here, so
//! that an export needs no TeX and gives the same bytes every time; `.ci/verify-packages`
//! typesets it again and fails when its text differs from the committed one.

use std::path::Path;

use crate::check::CheckOptions;
use crate::export::package::Package;
use crate::export::{ExportError, SAMPLES_GROUP, Source};
use crate::problemset::plan::Expected;

/// The name under which CMS runs the checker (and under which `check` speaks CMS).
pub const CHECKER_NAME: &str = "checker";

/// The CMS task of a problem.
pub fn package(source: &Source) -> Result<Package, ExportError> {
    let problem = source.problem;
    if problem.checker != CheckOptions::default() {
        return Err(ExportError(format!(
            "problem {}: CMS passes no options to the checker, and judge.toml sets order = {} \
             and wrap = {} (the defaults are lex-smallest and 60)",
            problem.name, problem.checker.order, problem.checker.wrap
        )));
    }
    let mut p = Package::new(&problem.name, "task.yaml");
    let mut public = Vec::new();
    let mut names = String::new();
    for (k, t) in source.tests.tests.iter().enumerate() {
        p.add(format!("input/input{k}.txt"), t.input.clone());
        p.add(format!("output/output{k}.txt"), t.answer.clone());
        names.push_str(&format!("{k} {}\n", t.id()));
        if t.plan.group == SAMPLES_GROUP {
            public.push(k.to_string());
        }
    }
    p.add("names.txt", names);
    p.add(
        "task.yaml",
        format!(
            "# CMS task (Italian YAML format, cmsImportTask), written by `judge export cms` \
             from judge.toml.\n\
             name: {name}\n\
             primary_language: en\n\
             title: '{title}'\n\
             time_limit: {time:?}\n\
             memory_limit: {memory}\n\
             n_input: {n}\n\
             public_testcases: '{public}'\n\
             infile: ''\n\
             outfile: ''\n\
             token_mode: disabled\n\
             score_mode: max\n\
             # Contestants see the verdict of each test only (the checker writes \
             translate:success or translate:wrong).\n\
             feedback_level: restricted\n",
            name = problem.name,
            title = problem.title.replace('\'', "''"),
            time = problem.time_limit,
            memory = problem.memory_limit,
            n = source.tests.tests.len(),
            public = public.join(","),
        ),
    );
    p.add_executable(format!("check/{CHECKER_NAME}"), source.tools.check.clone());
    let pdf = Path::new("statements").join(format!("{}.pdf", problem.name));
    p.add("statement/statement.pdf", source.read(&pdf)?);
    for s in &problem.solutions {
        if s.expected != Expected::Accepted {
            p.notes.push(format!(
                "{} left out: a CMS task carries only the accepted solutions (sol/)",
                s.path.display()
            ));
            continue;
        }
        let file = s
            .path
            .file_name()
            .and_then(|f| f.to_str())
            .ok_or_else(|| ExportError(format!("{}: no file name", s.path.display())))?;
        p.add(format!("sol/{file}"), source.read(&s.path)?);
    }
    Ok(p)
}
