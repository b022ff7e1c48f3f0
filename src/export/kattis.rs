//! The Kattis problem package, legacy format (what Kattis `problemtools` verifies and DOMjudge
//! imports):
//!
//! ```text
//! NAME/problem.yaml                      source, license, rights_owner, uuid, validation: custom, limits.memory
//! NAME/.timelimit                        the time limit in seconds (DOMjudge; verifyproblem -t)
//! NAME/problem_statement/problem.en.tex  made from statements/NAME.md, with its pictures
//! NAME/data/sample/NAME.in|.ans          the samples group
//! NAME/data/secret/G-GROUP/NAME.in|.ans   every other test under its testdata name, a
//!                                        directory per group numbered in plan order (see
//!                                        [`secret_paths`]); `judge build` guarantees no two
//!                                        inputs are identical
//! NAME/input_validators/NAME/validate.cpp   the portable validator (Kattis protocol)
//! NAME/output_validators/NAME/check.cpp     the portable checker (Kattis protocol)
//! NAME/submissions/{accepted,wrong_answer,time_limit_exceeded}/FILE   every shipped solution
//! NAME/README.md                         what the package is, how to import it, how it is
//!                                        scored, what made each file, how it was verified
//! NAME.zip                               the same files, domjudge-problem.ini and problem.pdf
//!                                        (statements/NAME.pdf, where DOMjudge reads the statement)
//! ```
//!
//! The validators are C++ sources the judge compiles (src/export/cpp/, with the problem's
//! format, case limit and checker options as defaults): no prebuilt program. The checker's
//! team feedback stays at its default: the message goes to `judgemessage.txt` only, no
//! `teammessage.txt`. The legacy format has no time limit
//! key: verifyproblem computes one from the accepted submissions unless given `-t`, so the
//! limit of judge.toml goes in `.timelimit` (and in `domjudge-problem.ini`).

use std::path::Path;

use crate::export::package::Package;
use crate::export::problem_package::{
    LICENSE, RIGHTS_OWNER, add_data, add_input_validator, add_output_validator, add_statement,
    add_submissions, carried, source_of, test_paths, yaml_str,
};
use crate::export::readme;
use crate::export::{ExportError, Source, problem_uuid, seconds};

/// problemtools' `time_multiplier` (legacy default 5): the pinned time limit must be at least
/// this many times the slowest accepted submission's CPU time. The limits are the original
/// judges', and the classic solutions are accepted submissions: rotation's 3 s is about 5.8
/// times its slowest on a quiet machine (the classic IDA*, 0.52 s CPU on its slowest test)
/// and 4.4 times in a noisy run, too close to 5 for a check that must not flicker. 2 is the
/// margin `judge strength` demands of every accepted solution
/// ([`crate::judging::strength::MIN_MARGIN`]).
pub const TIME_MULTIPLIER: u32 = 2;

/// The file extensions of the shipped solutions that go into a legacy package's `submissions/`:
/// every language problemtools builds and runs (C++ with its g++ line, Rust with `rustc
/// --edition 2021`, Python 3, Java), verified in CI. problemtools' own line compiles Java
/// with `javac -source 21`; this machine's JDK is 17, so CI gives verifyproblem a
/// languages.yaml beside the packages that drops `-source 21` (the Java solutions are Java 17
/// source, which a JDK 21 compiles too), and the README says which JDK the default needs
/// (docs/problemtools-java.md). No solution is left out for this machine's toolchain.
pub const SUBMISSION_EXTENSIONS: [&str; 6] = ["c", "cpp", "cc", "rs", "py", "java"];

/// A problemtools `languages.yaml` that builds Java with the JDK at hand (17 here) instead of
/// asking for `-source 21`: what `.ci/verify-packages` puts beside the Kattis packages, and
/// what each package's README offers for a JDK older than 21.
pub const JAVA_17_LANGUAGES_YAML: &str = "\
java:
    compile: 'javac -encoding UTF-8 -sourcepath {path} -d {path} {files}'
";

/// Why a legacy package leaves out a solution in another language.
const LEFT_OUT: &str = "not a language problemtools runs";

/// The Kattis package of a problem.
pub fn package(source: &Source) -> Result<Package, ExportError> {
    let problem = source.problem;
    let name = problem.name.as_str();
    // An ICPC 2025-09 package has a problem.yaml too, but no .timelimit.
    let mut p = Package::new(name, ".timelimit");
    p.add("problem.yaml", problem_yaml(source));
    p.add(".timelimit", format!("{}\n", seconds(problem.time_limit)));
    add_statement(&mut p, source, "problem_statement")?;
    add_data(&mut p, source)?;
    add_input_validator(&mut p, source, &format!("input_validators/{name}"));
    add_output_validator(&mut p, source, &format!("output_validators/{name}"));
    add_submissions(&mut p, source, &SUBMISSION_EXTENSIONS, LEFT_OUT)?;
    let tests = test_paths(source)?;
    let solutions = carried(source, &SUBMISSION_EXTENSIONS, LEFT_OUT);
    let words = readme_words(source, &p);
    readme::write(
        &mut p,
        source,
        "Kattis problem package, legacy format",
        words,
        &tests,
        &solutions,
    );
    Ok(p)
}

/// The README's words for the legacy package (`p`: the package so far, for its statement
/// pictures).
fn readme_words(source: &Source, p: &Package) -> readme::Words {
    let problem = source.problem;
    let name = problem.name.as_str();
    let limit = seconds(problem.time_limit);
    let pt = readme::PROBLEMTOOLS;
    let mut made = vec![
        (
            "problem.yaml".to_string(),
            "judge.toml: the source (the title's end), the memory limit, the license, a uuid \
             fixed by the name"
                .to_string(),
        ),
        (
            ".timelimit".to_string(),
            format!("judge.toml's time_limit ({limit} s)"),
        ),
        (
            "problem_statement/problem.en.tex".to_string(),
            format!("statements/{name}.md (the title is judge.toml's)"),
        ),
    ];
    made.extend(readme::pictures(p, "problem_statement"));
    made.extend([
        (
            format!("input_validators/{name}/validate.cpp"),
            "src/export/cpp/validate.cpp, with judge.toml's format and max_cases as defaults \
             (Kattis protocol: the input on stdin, exit 42 valid, 43 invalid)"
                .to_string(),
        ),
        (
            format!("output_validators/{name}/check.cpp"),
            "src/export/cpp/check.cpp, with judge.toml's format, order and wrap as defaults \
             (Kattis protocol: `<input> <answer> <feedback_dir> < output`, exit 42 accepted, \
             43 rejected; the message in judgemessage.txt only)"
                .to_string(),
        ),
        (
            "submissions/VERDICT/FILE".to_string(),
            "the solutions below, each in the directory of the verdict judge.toml declares"
                .to_string(),
        ),
        (
            format!("../{name}.zip"),
            format!(
                "these files, plus domjudge-problem.ini (judge.toml's title and time limit) \
                 and problem.pdf (statements/{name}.pdf), for DOMjudge"
            ),
        ),
    ]);
    readme::Words {
        what: format!(
            "A problem package in the Kattis legacy format (problemtools' `legacy` format \
             version, the one Kattis and DOMjudge import), for problemtools {pt} and \
             DOMjudge. The time limit is in `.timelimit` (the format has no key for it); the \
             memory limit and `validation: custom` in problem.yaml. The tests are in \
             `data/sample/` and `data/secret/G-GROUP/`, one directory per group of \
             judge.toml, numbered in its order. No file is a prebuilt program: the judge \
             compiles the two validators (C++17, standard library only) and the \
             submissions.\n"
        ),
        import: format!(
            "problemtools (Kattis), from the folder that holds `{name}/`:\n\n\
             \x20   verifyproblem -t {limit} {name}\n\n\
             `-t {limit}` is the time limit of `.timelimit`; without it problemtools computes \
             one from the accepted submissions. problemtools' own `languages.yaml` compiles \
             Java with `javac -source 21`, so the Java submission needs a JDK 21 or later \
             there. With an older JDK (17 is enough for this code), put this \
             `languages.yaml` beside `{name}/` (problemtools reads one from the package's \
             parent folder, over its own), as this repository's CI does (below):\n\n\
             {yaml}\n\
             DOMjudge: import `{name}.zip`, written beside this folder (these files at the \
             zip's root, with domjudge-problem.ini and the statement as problem.pdf), in the \
             jury interface's problem import, or through its API:\n\n\
             \x20   curl -u ADMIN:PASSWORD -F zip=@{name}.zip \
             https://DOMJUDGE/api/v4/contests/CONTEST_ID/problems\n\n\
             DOMjudge compiles the validators from their sources.\n",
            yaml = JAVA_17_LANGUAGES_YAML
                .lines()
                .map(|l| format!("    {l}\n"))
                .collect::<String>(),
        ),
        scoring: format!(
            "Pass-fail, as the original judges score: accepted when every test is accepted, \
             else the verdict of the first test that is not. The tests run `data/sample/` \
             first, then `data/secret/` in path order: the groups in judge.toml's order, by \
             name within a group. {limit} s of CPU time a test, {memory} MiB of memory. \
             problem.yaml's `time_multiplier: {TIME_MULTIPLIER}` asks verifyproblem for a \
             limit at least {TIME_MULTIPLIER} times the slowest accepted submission's time \
             (`judge strength` asks every accepted solution for that margin). Teams see the \
             verdict only: the checker writes its message to judgemessage.txt, for the \
             jury.\n",
            memory = problem.memory_limit,
        ),
        made,
        verified: format!(
            "In this repository's CI (`.ci/run`), `.ci/verify-packages` exports every problem \
             (`judge export kattis --all`) and runs problemtools {pt} (from PyPI, pinned, in \
             a venv) on this package:\n\n\
             \x20   verifyproblem -e -t {limit} {name} -p config statement data validators \
             submissions\n\n\
             It must say `{name} tested: 0 errors, 0 warnings` (`-e`: warnings are errors): \
             the data and the validators clean, the statement typeset, every accepted \
             submission accepted, every wrong_answer one rejected with a wrong answer, every \
             time_limit_exceeded one out of time. The machine's JDK is 17, so the script \
             puts a languages.yaml beside the packages whose Java compile line has no \
             `-source 21` (boardjudge's docs/problemtools-java.md): the Java submissions are \
             built and judged with JDK 17. The script also checks that no file is a prebuilt \
             program and compiles every C++ source with `g++ -std=c++17 -O2 -Wall -Wextra \
             -Werror`. boardjudge's tests/export.rs (`cargo test`) checks this layout, the \
             zip, and the validators run with Kattis' argv against boardjudge's `check` and \
             `validate`.\n"
        ),
    }
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

/// The DOMjudge zip: the package's files plus `domjudge-problem.ini` (the name, the time
/// limit, the external id and the short name) and `problem.pdf`, files at the root,
/// deterministic. DOMjudge typesets no LaTeX: its importer takes the statement from
/// `problem_statement/problem.{pdf,html,txt}` or, in every version, `problem.{pdf,html,txt}`
/// at the root; `problem.pdf` is the committed statements/NAME.pdf (the CMS task's statement,
/// typeset by problemtools from the same problem.en.tex). Without that PDF (a new problem,
/// before `.ci/statement-pdfs`, which typesets it from this very package, has run) the zip has
/// no problem.pdf and the notes say so.
pub fn domjudge_zip(
    source: &Source,
    package: &Package,
) -> Result<(Vec<u8>, Vec<String>), ExportError> {
    let mut zipped = package.clone();
    let mut notes = Vec::new();
    let problem = source.problem;
    let pdf = Path::new("statements").join(format!("{}.pdf", problem.name));
    if source.repo.join(&pdf).is_file() {
        zipped.add("problem.pdf", source.read(&pdf)?);
    } else {
        notes.push(format!(
            "{}: no such file, so the DOMjudge zip has no problem.pdf: run .ci/statement-pdfs",
            pdf.display()
        ));
    }
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
    let bytes = zipped
        .zip()
        .map_err(|e| ExportError(format!("cannot zip {}: {e}", problem.name)))?;
    Ok((bytes, notes))
}
