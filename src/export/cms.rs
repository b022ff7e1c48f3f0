//! The CMS task, in the Italian YAML layout that `cmsImportTask` reads (loader `italy_yaml`):
//!
//! ```text
//! NAME/task.yaml             name, title, limits, n_input, public samples, stdin/stdout
//! NAME/input/inputK.txt      K = 0, 1, ... in plan order
//! NAME/output/outputK.txt
//! NAME/names.txt             which test each K is: `K group/name` per line, in order (CMS
//!                            numbers tests and reads no names; its importer ignores the file)
//! NAME/check/checker.cpp     the portable checker with CMS's protocol (compile it to
//!                            check/checker before importing: g++ -std=c++17 -O2 -static -o
//!                            check/checker check/checker.cpp)
//! NAME/gen/GEN               the scoring: one subtask of 100 points over every test
//! NAME/statement/statement.pdf   statements/NAME.pdf (the statement as problemtools
//!                            typesets it from the LaTeX made from statements/NAME.md, with
//!                            the samples; see below)
//! NAME/sol/FILE              the accepted solutions (cmsMake's `sol/`; the importer skips it)
//! ```
//!
//! CMS copies only the file `check/checker` into its sandbox and runs it as
//! `checker <input> <correct_output> <contestant_output>`, reading the score (0.0 to 1.0)
//! from stdout and the message from stderr. The package carries its source, the portable
//! checker with the problem's format and options and CMS's protocol built in; the importer
//! (`cmsImportTask`) reads the compiled `check/checker`, so it is compiled first (the line
//! above). Contestants see the checker's standard error: it is exactly `translate:success`
//! or `translate:wrong` (CMS shows its translated "Output is correct" / "Output isn't
//! correct"), never the expected answer: the verdict alone, as the statements promise ("On
//! each test you learn the verdict only"). The matching feedback level is `restricted`:
//! CMS's `full` adds each test's time, memory and killing signal, which the statements do
//! not offer; `restricted` shows the outcome and that message only.
//!
//! Scoring is the original judges': all or nothing. `gen/GEN` opens one subtask of 100 points
//! (`#ST: 100`) and lists every test as a copied one (`#COPY: input/inputK.txt`), so the
//! importer scores the task GroupMin: 100 points when every test passes, else 0. (Without
//! gen/GEN it would fall back to 100 / n_input points per test.)
//!
//! The statement PDF is committed (statements/NAME.pdf, made by `.ci/statement-pdfs` with
//! problemtools' problem2pdf from the Kattis package, LuaLaTeX) rather than typeset here, so
//! that an export needs no TeX and gives the same bytes every time; `.ci/verify-packages`
//! typesets it again and fails when its text differs from the committed one.

use std::path::Path;

use crate::export::package::Package;
use crate::export::{ExportError, Protocol, SAMPLES_GROUP, Source};
use crate::problemset::plan::Expected;

/// The CMS task of a problem.
pub fn package(source: &Source) -> Result<Package, ExportError> {
    let problem = source.problem;
    let mut p = Package::new(&problem.name, "task.yaml");
    let mut public = Vec::new();
    let mut names = String::new();
    let mut scoring = String::from(
        "# Written by `judge export cms`: one subtask of 100 points, the minimum over every \
         test\n# (all or nothing, as the original judges score), each test copied from input/.\n\
         #ST: 100\n",
    );
    for (k, t) in source.tests.tests.iter().enumerate() {
        p.add(format!("input/input{k}.txt"), t.input.clone());
        p.add(format!("output/output{k}.txt"), t.answer.clone());
        names.push_str(&format!("{k} {}\n", t.id()));
        scoring.push_str(&format!("#COPY: input/input{k}.txt\n"));
        if t.plan.group == SAMPLES_GROUP {
            public.push(k.to_string());
        }
    }
    p.add("names.txt", names);
    p.add("gen/GEN", scoring);
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
    p.add("check/checker.cpp", source.checker_cpp(Protocol::Cms));
    // The PDF is typeset from statements/NAME.md (through the Kattis package's LaTeX); the
    // statement is read and checked here too, so that every export fails on a bad one.
    source.statement()?;
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
