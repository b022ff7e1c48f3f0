//! The ICPC problem package, format version 2025-09 (what BAPCtools, NWERC's and many ICPC
//! regionals' tool, and problemtools' 2025-09 mode read; see
//! <https://icpc.io/problem-package-format/spec/2025-09.html>):
//!
//! ```text
//! NAME/problem.yaml                     problem_format_version: 2025-09, type: pass-fail, name,
//!                                       uuid, credits, source, license, rights_owner,
//!                                       limits (time_limit from judge.toml, memory)
//! NAME/statement/problem.en.tex         made from statements/NAME.md, with its pictures
//!                                       (`\problemname` and `name` are judge.toml's title)
//! NAME/data/sample/NAME.in|.ans         the samples group
//! NAME/data/secret/G-GROUP/NAME.in|.ans  every other test under its testdata name, one
//!                                       directory per group of judge.toml, numbered in plan order
//!                                       ([`problem_package::secret_paths`])
//! NAME/input_validators/NAME/validate.cpp   the portable validator (src/export/cpp/)
//! NAME/data/invalid_input/NAME.in, invalid_answer/NAME.in|.ans, invalid_output/NAME.in|.ans|.out,
//!     valid_output/NAME.in|.ans|.out   the validator's and the checker's own tests ([`cases`])
//! NAME/data/test_group.yaml            output_validator_args: the output is line- and case-sensitive
//! NAME/answer_validators/NAME/check.cpp the portable checker: the answer must be canonical
//! NAME/output_validator/check.cpp       the portable checker (Kattis protocol)
//! NAME/submissions/{accepted,wrong_answer,time_limit_exceeded}/FILE
//! NAME/generators/generators.yaml      how every test is made (BAPCtools' format): a generator
//!                                       program of one's own as a `generate:` command, the
//!                                       program beside it; every other test `copy:` from
//! NAME/generators/copied/PATH.in|.ans   its input and answer, PATH its path under data/
//! NAME/README.md                        what the package is, how to import it, how it is
//!                                       scored, what made each file, how it was verified
//! ```
//!
//! The validators are the Kattis package's (shared with [`kattis`](super::kattis) in
//! [`problem_package`](super::problem_package)): C++ sources the tools compile, no prebuilt
//! program. The answer validator is the checker in its answer protocol: the answer must be
//! byte for byte the canonical one it computes from the input.
//!
//! No `submissions.yaml` is written: each shipped solution goes into the directory of its
//! outcome in judge.toml. The directories claim more than judge.toml does (a `wrong_answer`
//! solution may get only AC or WA on every test, a `time_limit_exceeded` one only AC or TLE,
//! where judge.toml asks only that the first failure be WA, or TLE); BAPCtools checks that
//! stronger claim in CI, and every shipped solution meets it.

use crate::export::dialect::{Judge, default_only};
use crate::export::package::Package;
use crate::export::problem_package::{
    LICENSE, RIGHTS_OWNER, add_data, add_input_validator, add_output_validator, add_statement,
    add_submissions, source_of, test_paths,
};
use crate::export::{Convention, ExportError, Source, generators, problem_uuid, seconds, yaml_str};
use crate::export::{Kind, cases, readme};

/// The format version written in problem.yaml.
pub const FORMAT_VERSION: &str = "2025-09";

/// The file extensions of the shipped solutions in a 2025-09 package's `submissions/`: every
/// language BAPCtools builds and runs by default (C, C++, Rust with `--edition=2018`, Python 3
/// with PyPy or CPython, Java), verified in CI.
pub const SUBMISSION_EXTENSIONS: [&str; 6] = ["c", "cpp", "cc", "rs", "py", "java"];

/// The 2025-09 package of a problem.
pub fn package(source: &Source) -> Result<Package, ExportError> {
    let problem = source.problem;
    let name = problem.name.as_str();
    let mut p = Package::new(name, "problem.yaml");
    // A Kattis (legacy) package has a problem.yaml too, and a .timelimit.
    p.unlike = &[".timelimit"];
    p.add("problem.yaml", problem_yaml(source)?);
    add_statement(&mut p, source, "statement")?;
    add_data(&mut p, source)?;
    let cases = cases::load(problem, source.repo)?;
    let icpc_cases = cases::icpc(&cases);
    for c in &icpc_cases {
        for (extension, bytes) in &c.files {
            p.add(
                format!("data/{}/{}{extension}", c.dir, c.name),
                bytes.clone(),
            );
        }
    }
    p.add("data/test_group.yaml", TEST_GROUP_YAML);
    add_input_validator(&mut p, source, &format!("input_validators/{name}"));
    add_answer_validator(&mut p, source, &format!("answer_validators/{name}"));
    add_output_validator(&mut p, source, "output_validator");
    let generated = generators::add_icpc(
        &mut p,
        source,
        &SUBMISSION_EXTENSIONS,
        TEST_GROUP_YAML,
        &icpc_cases,
    )?;
    p.notes.extend(generated);
    let solutions = add_submissions(&mut p, source, &SUBMISSION_EXTENSIONS, LEFT_OUT, JUDGE)?;
    let tests = test_paths(source)?;
    let pictures = readme::pictures(&p, "statement");
    let programs: String = p
        .files
        .keys()
        .filter_map(|path| {
            let file = path.strip_prefix("generators/")?;
            (!file.contains('/') && file != "generators.yaml").then(|| readme::program(path, file))
        })
        .collect();
    readme::write(
        &mut p,
        source,
        readme::ICPC,
        &[
            ("format_version", &FORMAT_VERSION),
            ("bapctools", &readme::BAPCTOOLS),
            ("verified", &readme::unverified(Kind::Icpc, &problem.name)),
            ("limit", &seconds(problem.time_limit)),
            ("memory", &problem.memory_limit),
            ("pictures", &pictures),
            ("programs", &programs),
        ],
        &tests,
        &cases::section(name, &cases, CASES_CARRIED),
        &solutions,
    );
    Ok(p)
}

/// Where the 2025-09 package holds the validator's and the checker's own tests.
const CASES_CARRIED: &str = "This package carries them as the format wants them: an invalid \
    input as `data/invalid_input/NAME.in`, an invalid jury answer as \
    `data/invalid_answer/NAME.in|.ans`, an output the checker must accept as \
    `data/valid_output/NAME.in|.ans|.out` and one it must reject (a wrong answer or a \
    presentation error) as `data/invalid_output/NAME.in|.ans|.out`, each copied by \
    generators.yaml from `generators/copied/`. `bt validate` runs the validators on them and \
    fails on any that is not rejected, or accepted, as it must be.";

/// How BAPCtools builds the submissions: C++ as one standard, without ONLINE_JUDGE.
const JUDGE: Judge = Judge {
    name: "BAPCtools (and problemtools)",
    defines_online_judge: false,
    offers: default_only,
    java: "runs the Java class named like the file, in no package",
};

/// Why a 2025-09 package leaves out a solution in another language.
const LEFT_OUT: &str = "not a language BAPCtools and problemtools run";

/// The answer validator `DIR/check.cpp`: the portable checker with the answer protocol
/// (`<input> [...] < answer`, exit 42 valid, 43 invalid). An answer is valid when it is byte
/// for byte the canonical answer the checker computes from the input (right, shortest, the
/// lexicographically smallest, in the exact layout: what `solve` and `judge build` write).
/// The output validator then judges it as a team's output too.
fn add_answer_validator(p: &mut Package, source: &Source, dir: &str) {
    p.add(
        format!("{dir}/check.cpp"),
        source.checker_cpp(Convention::Answer),
    );
}

/// `data/test_group.yaml`: the flags every test passes to the output validator. The checker
/// ignores them; they tell tools (BAPCtools' generic output checks) that the output's line
/// structure and letter case are part of the format, as the statement says: a sequence split
/// over other lines, or in lower case, is not a right answer. No comment: generators.yaml
/// holds the same key ([`generators`]), and `bt generate` writes it back in exactly these
/// bytes (any other bytes it would replace, with a warning).
pub const TEST_GROUP_YAML: &str =
    "output_validator_args: [space_change_sensitive, case_sensitive]\n";

fn problem_yaml(source: &Source) -> Result<String, ExportError> {
    let problem = source.problem;
    Ok(format!(
        "# ICPC problem package, format 2025-09, written by `judge export icpc` from judge.toml.\n\
         problem_format_version: {FORMAT_VERSION}\n\
         type: pass-fail\n\
         name:\n  en: {title}\n\
         uuid: {uuid}\n\
         credits:\n  packagers:\n    - {owner}\n\
         source: {source}\n\
         license: {LICENSE}\n\
         rights_owner: {owner}\n\
         limits:\n  time_limit: {limit}\n  memory: {memory}\n",
        title = yaml_str(&problem.title),
        uuid = problem_uuid(&problem.name),
        owner = yaml_str(RIGHTS_OWNER),
        source = yaml_str(source_of(&problem.title)),
        limit = seconds(problem.time_limit),
        memory = problem.memory_limit,
    ))
}
