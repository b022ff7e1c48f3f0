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
use crate::export::readme::{self, Carried};
use crate::export::{
    ExportError, Protocol, SAMPLES_GROUP, Source, problem_uuid, seconds, statement,
};
use crate::problemset::build::BuiltTest;
use crate::problemset::plan::Expected;

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
    let (submissions, notes) = submissions(source, &SUBMISSION_EXTENSIONS, LEFT_OUT)?;
    for s in submissions {
        p.add(
            format!("submissions/{}/{}", s.expected.name(), s.file),
            s.bytes,
        );
    }
    p.notes.extend(notes);
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

/// Every test with the path of its input in a Kattis or 2025-09 package (`data/sample/...`,
/// `data/secret/...`), in the package's order.
pub fn test_paths<'a>(source: &Source<'a>) -> Result<Vec<(String, &'a BuiltTest)>, ExportError> {
    let (samples, secret) = samples_and_rest(source)?;
    let mut out: Vec<(String, &BuiltTest)> = samples
        .iter()
        .map(|t| (format!("data/sample/{}.in", t.plan.name), *t))
        .collect();
    out.extend(
        secret_paths(&secret)
            .into_iter()
            .map(|(path, t)| (format!("data/secret/{path}.in"), t)),
    );
    Ok(out)
}

/// Where each shipped solution is in a package whose `submissions/` takes `extensions`, or
/// `why` it is not, for the README (as [`submissions`] places them).
pub fn carried<'a>(source: &Source<'a>, extensions: &[&str], why: &str) -> Vec<Carried<'a>> {
    source
        .problem
        .solutions
        .iter()
        .map(|s| {
            let extension = s.path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let file = s.path.file_name().and_then(|f| f.to_str()).unwrap_or("");
            let at = if extensions.contains(&extension) {
                Ok(format!("submissions/{}/{file}", s.expected.name()))
            } else {
                Err(why.to_string())
            };
            Carried { solution: s, at }
        })
        .collect()
}

/// Adds `data/sample/NAME.in|.ans` (the samples group) and every other test under
/// `data/secret/` at its [`secret_paths`] path: the layout both package formats share.
pub fn add_data(p: &mut Package, source: &Source) -> Result<(), ExportError> {
    let (samples, secret) = samples_and_rest(source)?;
    for t in samples {
        p.add(format!("data/sample/{}.in", t.plan.name), t.input.clone());
        p.add(format!("data/sample/{}.ans", t.plan.name), t.answer.clone());
    }
    for (path, t) in secret_paths(&secret) {
        p.add(format!("data/secret/{path}.in"), t.input.clone());
        p.add(format!("data/secret/{path}.ans"), t.answer.clone());
    }
    Ok(())
}

/// Where each secret test goes under `data/secret/`: `G-GROUP/NAME`, one directory per group
/// of judge.toml with G the group's number in plan order (`02-edge/largest-limit`), and the
/// test under its own name in testdata. Judges run the tests in the order of their paths, so
/// the groups keep the plan's order (small edge tests first, so that each wrong solution
/// meets its wrong answer before a large test could time it out); within a group the tests
/// run in name order. Adding or removing a test renames no other test's files.
pub fn secret_paths<'a>(secret: &[&'a BuiltTest]) -> Vec<(String, &'a BuiltTest)> {
    let mut groups: Vec<&str> = Vec::new();
    for t in secret {
        if !groups.contains(&t.plan.group.as_str()) {
            groups.push(&t.plan.group);
        }
    }
    let width = groups.len().to_string().len().max(2);
    secret
        .iter()
        .map(|t| {
            let g = groups
                .iter()
                .position(|g| *g == t.plan.group)
                .expect("listed");
            let path = format!("{:0width$}-{}/{}", g + 1, t.plan.group, t.plan.name);
            (path, *t)
        })
        .collect()
}

/// The sample tests and the others, in plan order; an error when there is no sample
/// (Kattis and the 2025-09 format both want `data/sample`).
pub fn samples_and_rest<'a>(
    source: &Source<'a>,
) -> Result<(Vec<&'a BuiltTest>, Vec<&'a BuiltTest>), ExportError> {
    let (samples, rest) = source.split_samples();
    if samples.is_empty() {
        return Err(ExportError(format!(
            "problem {} has no test in the {SAMPLES_GROUP} group: the package needs data/sample",
            source.problem.name
        )));
    }
    Ok((samples, rest))
}

/// Adds `DIR/problem.en.tex`, made from statements/NAME.md for problemtools' problem class
/// ([`statement::problemtools_tex`]: `\problemname` is judge.toml's title), and the pictures
/// it includes.
pub fn add_statement(p: &mut Package, source: &Source, dir: &str) -> Result<(), ExportError> {
    let md = source.statement()?;
    let (tex, pictures) = statement::problemtools_tex(&md)?;
    for picture in pictures {
        let bytes = source.read(&Path::new("statements").join(&picture))?;
        p.add(format!("{dir}/{picture}"), bytes);
    }
    p.add(format!("{dir}/problem.en.tex"), tex);
    Ok(())
}

/// Adds the input validator as `DIR/validate.cpp`: the portable validator with the Kattis
/// protocol (the input on stdin, exit 42 valid, 43 invalid) and the problem's format and
/// case limit; the judge compiles it.
pub fn add_input_validator(p: &mut Package, source: &Source, dir: &str) {
    p.add(
        format!("{dir}/validate.cpp"),
        source.validator_cpp(Protocol::Kattis),
    );
}

/// Adds the output validator as `DIR/check.cpp`: the portable checker with the Kattis
/// protocol (`<input> <answer> <feedback_dir> [flags] < output`, exit 42 accepted, 43
/// rejected) and the problem's format and options. The full message goes to
/// judgemessage.txt for the judges; no teammessage.txt, so teams see the verdict only.
pub fn add_output_validator(p: &mut Package, source: &Source, dir: &str) {
    p.add(
        format!("{dir}/check.cpp"),
        source.checker_cpp(Protocol::Kattis),
    );
}

/// A shipped solution as a submission.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The outcome judge.toml declares.
    pub expected: Expected,
    /// Its file name.
    pub file: String,
    /// Its source.
    pub bytes: Vec<u8>,
}

/// The shipped solutions with one of `extensions`, in plan order, and a note for each one
/// left out, with `why`; two with the same file name and outcome would overwrite each other,
/// which is an error.
pub fn submissions(
    source: &Source,
    extensions: &[&str],
    why: &str,
) -> Result<(Vec<Submission>, Vec<String>), ExportError> {
    let mut out: Vec<Submission> = Vec::new();
    let mut notes = Vec::new();
    for s in &source.problem.solutions {
        let extension = s.path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !extensions.contains(&extension) {
            notes.push(format!(
                "{} left out of submissions/: {why}",
                s.path.display()
            ));
            continue;
        }
        let file = s
            .path
            .file_name()
            .and_then(|f| f.to_str())
            .ok_or_else(|| ExportError(format!("{}: no file name", s.path.display())))?;
        if out
            .iter()
            .any(|o| o.file == file && o.expected == s.expected)
        {
            return Err(ExportError(format!(
                "{}: two {} solutions are named {file}",
                source.problem.name,
                s.expected.name()
            )));
        }
        out.push(Submission {
            expected: s.expected,
            file: file.to_string(),
            bytes: source.read(&s.path)?,
        });
    }
    Ok((out, notes))
}

/// A YAML string in single quotes.
pub fn yaml_str(s: &str) -> String {
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
    fn yaml_strings_escape_quotes() {
        assert_eq!(yaml_str("it's"), "'it''s'");
    }
}
