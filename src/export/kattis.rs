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

use crate::export::dialect::{Judge, default_only};
use crate::export::package::Package;
use crate::export::problem_package::{
    LICENSE, RIGHTS_OWNER, add_data, add_input_validator, add_output_validator, add_statement,
    add_submissions, source_of, test_paths,
};
use crate::export::{ExportError, Source, problem_uuid, seconds, yaml_str};
use crate::export::{Kind, cases, readme};

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

/// How problemtools builds the submissions: C++ as one standard, without ONLINE_JUDGE.
const JUDGE: Judge = Judge {
    name: "problemtools",
    defines_online_judge: false,
    offers: default_only,
    java: "runs the Java class named like the file, in no package",
};

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
    let solutions = add_submissions(&mut p, source, &SUBMISSION_EXTENSIONS, LEFT_OUT, JUDGE)?;
    let tests = test_paths(source)?;
    let pictures = readme::pictures(&p, "problem_statement");
    let yaml: String = JAVA_17_LANGUAGES_YAML
        .lines()
        .map(|l| format!("    {l}\n"))
        .collect();
    let cases = cases::load(problem, source.repo)?;
    readme::write(
        &mut p,
        source,
        readme::KATTIS,
        &[
            ("limit", &seconds(problem.time_limit)),
            ("memory", &problem.memory_limit),
            ("problemtools", &readme::PROBLEMTOOLS),
            ("verified", &readme::unverified(Kind::Kattis, &problem.name)),
            ("time_multiplier", &TIME_MULTIPLIER),
            ("yaml", &yaml),
            ("pictures", &pictures),
        ],
        &tests,
        &cases::section(&problem.name, &cases, cases::CASES_NOT_CARRIED),
        &solutions,
    );
    Ok(p)
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
/// typeset by problemtools from the same problem.en.tex; a stale one fails the export, see
/// [`Source::statement_pdf`]). Without that PDF (a new problem,
/// before `.ci/statement-pdfs`, which typesets it from this very package, has run) the zip has
/// no problem.pdf and the notes say so.
pub fn domjudge_zip(
    source: &Source,
    package: &Package,
) -> Result<(Vec<u8>, Vec<String>), ExportError> {
    let mut zipped = package.clone();
    let mut notes = Vec::new();
    let problem = source.problem;
    match source.statement_pdf()? {
        Some(pdf) => zipped.add("problem.pdf", pdf),
        None => notes.push(format!(
            "statements/{}.pdf: no such file, so the DOMjudge zip has no problem.pdf: run \
             .ci/statement-pdfs",
            problem.name
        )),
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
