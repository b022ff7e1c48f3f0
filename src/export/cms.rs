//! The CMS task, in the Italian YAML layout that `cmsImportTask` reads (loader `italy_yaml`):
//!
//! ```text
//! NAME/task.yaml             name, title, limits, n_input, public samples, stdin/stdout
//! NAME/input/inputK.txt      K = 0, 1, ... in plan order
//! NAME/output/outputK.txt
//! NAME/names.txt             which test each K is: `K group/name` per line, in order (CMS
//!                            numbers tests and reads no names; its importer ignores the file)
//! NAME/check/checker.cpp     the portable checker with CMS's protocol
//! NAME/check/build.sh        compiles it to check/checker, the program CMS loads, and checks
//!                            that it scores the first answer 1.0: run before importing
//!                            (`sh NAME/check/build.sh`); a shell script, not executable, as no
//!                            file of a package is (no prebuilt program either)
//! NAME/gen/GEN               the scoring: one subtask of 100 points over every test
//! NAME/statement/statement.pdf   statements/NAME.pdf (the statement as problemtools
//!                            typesets it from the LaTeX made from statements/NAME.md, with
//!                            the samples; see below)
//! NAME/sol/FILE              the accepted solutions (cmsMake's `sol/`; the importer skips it)
//! NAME/README.md              what the task is, how to import it, how it is scored, what
//!                            made each file, how it was verified
//! ```
//!
//! CMS copies only the file `check/checker` into its sandbox and runs it as
//! `checker <input> <correct_output> <contestant_output>`, reading the score (0.0 to 1.0)
//! from stdout and the message from stderr. The package carries its source, the portable
//! checker with the problem's format and options and CMS's protocol built in. CMS's loaders,
//! read at the source (cmscontrib/loaders/, CMS 1.5): `italy_yaml` takes the compiled
//! `check/checker` (or `cor/correttore`) as it is and compiles nothing, and without one it
//! judges by diff, silently; the `tps` and `polygon` loaders compile `checker/checker.cpp` and
//! `files/check.cpp` with g++ themselves, and CMS's `cmsMake` compiles the sources in `cor/`
//! (not `check/`). So the package ships `check/build.sh`, which the importer runs first (the
//! README's import steps), with the line CMS's own loaders use for checkers (`-O2 -static`). Contestants see the checker's standard error: it is exactly `translate:success`
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

use crate::export::dialect::{self, Judge, default_only};
use crate::export::package::{Carried, Package};
use crate::export::{Convention, ExportError, SAMPLES_GROUP, Source, seconds, yaml_str};
use crate::export::{Kind, cases, readme};
use crate::problemset::build::BuiltTest;
use crate::problemset::plan::Expected;

/// How CMS builds the solutions: C++ as its one standard, with EVAL defined but not
/// ONLINE_JUDGE.
const JUDGE: Judge = Judge {
    name: "CMS",
    defines_online_judge: false,
    offers: default_only,
    java: "runs the Java class named like the task's file, in no package",
};

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
             title: {title}\n\
             time_limit: {time:?}\n\
             memory_limit: {memory}\n\
             n_input: {n}\n\
             public_testcases: '{public}'\n\
             infile: '{infile}'\n\
             outfile: '{outfile}'\n\
             token_mode: disabled\n\
             score_mode: max\n\
             # Contestants see the verdict of each test only (the checker writes \
             translate:success or translate:wrong).\n\
             feedback_level: restricted\n",
            name = problem.name,
            title = yaml_str(&problem.title),
            infile = source.carried_files().0,
            outfile = source.carried_files().1,
            time = problem.time_limit,
            memory = problem.memory_limit,
            n = source.tests.tests.len(),
            public = public.join(","),
        ),
    );
    p.add("check/checker.cpp", source.checker_cpp(Convention::Cms));
    p.add("check/build.sh", BUILD_SH);
    // The PDF is typeset from statements/NAME.md (through the Kattis package's LaTeX); the
    // statement is read and checked here too, so that every export fails on a bad one.
    source.statement()?;
    let pdf = source.statement_pdf()?.ok_or_else(|| {
        ExportError(format!(
            "statements/{}.pdf: no such file, and a CMS task needs its statement PDF: run \
             .ci/statement-pdfs",
            problem.name
        ))
    })?;
    p.add("statement/statement.pdf", pdf);
    let mut solutions: Vec<Carried> = Vec::new();
    for s in &problem.solutions {
        if s.expected != Expected::Accepted {
            p.notes.push(format!(
                "{} left out: a CMS task carries only the accepted solutions (sol/)",
                s.path.display()
            ));
            solutions.push(Carried {
                solution: s,
                at: Err("a CMS task carries only the accepted solutions".to_string()),
            });
            continue;
        }
        let at = match dialect::exported(source, s, JUDGE)? {
            Ok(exported) => {
                let at = format!("sol/{}", exported.file);
                p.notes.extend(exported.note);
                p.add(at.clone(), exported.bytes);
                Ok(at)
            }
            Err(why) => {
                p.notes
                    .push(format!("{} left out: {why}", s.path.display()));
                Err(why)
            }
        };
        solutions.push(Carried { solution: s, at });
    }
    let tests: Vec<(String, &BuiltTest)> = source
        .tests
        .tests
        .iter()
        .enumerate()
        .map(|(k, t)| (format!("input/input{k}.txt"), t))
        .collect();
    let n = source.tests.tests.len();
    let cases = cases::load(problem, source.repo)?;
    readme::write(
        &mut p,
        source,
        readme::CMS,
        &[
            ("last", &n.saturating_sub(1)),
            ("n", &n),
            ("limit", &seconds(problem.time_limit)),
            ("memory", &problem.memory_limit),
            ("verified", &readme::unverified(Kind::Cms, &problem.name)),
        ],
        &tests,
        &cases::section(&problem.name, &cases, cases::CASES_NOT_CARRIED),
        &solutions,
    );
    Ok(p)
}

/// `check/build.sh`: builds `check/checker` from `check/checker.cpp` with the flags CMS's own
/// loaders give checkers, then runs it once with CMS's argv on the first test's answer, which
/// must score 1.0 (a broken build is not left for the importer).
pub const BUILD_SH: &str = "\
# Builds check/checker, the program CMS runs to judge each output, from check/checker.cpp.
# Written by `judge export cms`. Run it before importing, from anywhere:
#   sh TASK/check/build.sh && cmsImportTask -L italy_yaml TASK
# CMS's italy_yaml loader takes the compiled check/checker as it is (it compiles nothing);
# without one it would judge by diff, silently. The flags are those CMS's own loaders give a
# checker they compile (-O2 -static: it runs in CMS's sandbox). CXX overrides g++.
set -eu
cd \"$(dirname \"$0\")\"
\"${CXX:-g++}\" -std=c++17 -O2 -static -o checker.partial checker.cpp
mv checker.partial checker
# CMS's argv: input, correct output, contestant output; the score on stdout.
score=$(./checker ../input/input0.txt ../output/output0.txt ../output/output0.txt 2>/dev/null)
if [ \"$score\" != 1.0 ]; then
  echo \"check/checker scores the first test's own answer '$score', not 1.0: removed\" >&2
  rm -f checker
  exit 1
fi
echo \"built check/checker (it scores the first test's answer 1.0): ready for cmsImportTask\"
";
