//! The DMOJ problem folder, as the DMOJ judge (PyPI `dmoj`, 4.1.0) reads it from its problem
//! storage and as `python -m dmoj.testsuite` proves it:
//!
//! ```text
//! NAME/init.yml                the tests as batches (one per judge.toml group, in plan order,
//!                              each depending on every earlier one), the bridged checker
//! NAME/data/GROUP/TEST.in|.ans the tests under their testdata names
//! NAME/checker.cpp             the portable checker with DMOJ's protocol built in (source)
//! NAME/statement.md            the statement in DMOJ's Markdown, for the site's description
//! NAME/PICTURE.svg             the pictures the statement shows (upload them to the site)
//! NAME/tests/SOLUTION/test.yml every shipped solution with its declared verdict (DMOJ's
//! NAME/tests/SOLUTION/FILE     testsuite format) and its source
//! NAME/README.md               what the folder is, how to add it to a site, how it is scored
//! ```
//!
//! The checker is DMOJ's `bridged` checker of `type: testlib`: DMOJ compiles `checker.cpp`
//! with its CPP17 executor (g++ -O2) and runs it as `checker <input> <output> <answer>`; exit
//! 0 accepted, 1 wrong answer, 2 presentation error (DMOJ's WA with the feedback), 3 a
//! judge failure (DMOJ's IE). DMOJ shows the checker's standard output beside the case's
//! verdict, so the DMOJ protocol writes there the contestant's line (the verdict, the case
//! and a fixed phrase; never the answer) and nothing on standard error. Partial points
//! (exit 7 and `points N` on standard error) are never used: the scoring is all or nothing.
//!
//! Scoring is the original judges': all or nothing. Each group is a batch worth as many
//! points as it has tests, and depends on every earlier batch, so the first rejected test
//! ends the judging (the rest is skipped, SC) as on the ICPC judges; the site's problem is
//! created without partial points, so a submission scores the problem's points only when
//! every batch passes.
//!
//! DMOJ calls a program that exits non-zero IR (invalid return) and keeps RTE for a signal;
//! no shipped solution is declared to fail that way (judge.toml's verdicts are accepted,
//! wrong answer and time limit exceeded: AC, WA and TLE in DMOJ's codes).

mod init;
mod readme;
mod statement;
mod suite;

use crate::export::cases;
use crate::export::package::Package;
use crate::export::{Convention, ExportError, Source};

/// The DMOJ problem folder of a problem.
pub fn package(source: &Source) -> Result<Package, ExportError> {
    let problem = source.problem;
    let mut p = Package::new(&problem.name, "init.yml");
    for t in &source.tests.tests {
        p.add(format!("data/{}.in", t.id()), t.input.clone());
        p.add(format!("data/{}.ans", t.id()), t.answer.clone());
    }
    p.add("init.yml", init::init_yml(source));
    p.add("checker.cpp", source.checker_cpp(Convention::Dmoj));
    let (markdown, pictures) = statement::dmoj_markdown(source)?;
    p.add("statement.md", markdown);
    for picture in &pictures {
        let rel = std::path::Path::new("statements").join(picture);
        p.add(picture.clone(), source.read(&rel)?);
    }
    let (solutions, notes) = suite::solutions(source)?;
    p.notes.extend(notes);
    for s in &solutions {
        p.add(format!("tests/{}/test.yml", s.dir), s.test_yml.clone());
        p.add(format!("tests/{}/{}", s.dir, s.file), s.source.clone());
    }
    let cases = cases::load(source.problem, source.repo)?;
    let cases = cases::section(&source.problem.name, &cases, cases::CASES_NOT_CARRIED);
    p.add(
        "README.md",
        readme::readme(source, &solutions, &pictures, &cases),
    );
    Ok(p)
}
