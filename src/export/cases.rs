//! The validator's and the checker's own tests of a problem, in the file its judge.toml table
//! names (`cases = "cases/NAME.toml"`, [`crate::problemset::cases_file`]): inputs the
//! validator must reject (`[[invalid_input]]`), jury answers the answer validator must reject
//! (`[[invalid_answer]]`: anything but the canonical answer), and contestants' outputs with
//! the verdict the checker must give (`[[output]]`: accepted, wrong-answer or
//! presentation-error), each with why. [`load`] holds every case to the real validator,
//! solver and checker with the problem's judge.toml limits and options, so a wrong
//! expectation stops every export (and tests/export_cases.rs) naming the file and the case.
//! The 2025-09 package carries them as `data/invalid_input/`, `data/invalid_answer/`,
//! `data/invalid_output/` and `data/valid_output/`; Polygon's as validator and checker tests;
//! every README lists them ([`section`]). A problem without the key has none.

use std::path::Path;

use serde::Deserialize;

use crate::check::{CheckVerdict, check};
use crate::export::ExportError;
use crate::problemset::build::solve_input;
use crate::problemset::names::check_name;
use crate::problemset::plan::ProblemPlan;
use crate::validate::validate;

/// The verdict a `[[output]]` case must get from the checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expect {
    /// The checker accepts it.
    Accepted,
    /// It reads fine but is wrong.
    WrongAnswer,
    /// It cannot be read into the format's structure.
    PresentationError,
}

impl Expect {
    /// The name in `cases/NAME.toml` and the READMEs.
    pub fn name(self) -> &'static str {
        match self {
            Expect::Accepted => "accepted",
            Expect::WrongAnswer => "wrong-answer",
            Expect::PresentationError => "presentation-error",
        }
    }

    /// Polygon's word for it in problem.xml's checker tests.
    pub fn polygon_word(self) -> &'static str {
        match self {
            Expect::Accepted => "ok",
            Expect::WrongAnswer => "wrong-answer",
            Expect::PresentationError => "presentation-error",
        }
    }

    /// The case whose Polygon word (in problem.xml) is `word`.
    pub fn from_polygon_word(word: &str) -> Option<Expect> {
        [
            Expect::Accepted,
            Expect::WrongAnswer,
            Expect::PresentationError,
        ]
        .into_iter()
        .find(|e| e.polygon_word() == word)
    }

    /// The checker's verdict it stands for.
    pub fn verdict(self) -> CheckVerdict {
        match self {
            Expect::Accepted => CheckVerdict::Accepted,
            Expect::WrongAnswer => CheckVerdict::WrongAnswer,
            Expect::PresentationError => CheckVerdict::PresentationError,
        }
    }
}

/// An input the validator rejects.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvalidInput {
    /// Its file name, without extension.
    pub name: String,
    /// Why it is invalid.
    pub why: String,
    /// The input.
    pub input: String,
}

/// A valid input with a jury answer that is not the canonical one.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvalidAnswer {
    /// Its file name, without extension.
    pub name: String,
    /// Why the answer is invalid.
    pub why: String,
    /// The input (valid).
    pub input: String,
    /// The jury answer the answer validator rejects.
    pub answer: String,
}

/// A contestant's output for a valid input, and the checker's verdict on it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Output {
    /// Its file name, without extension.
    pub name: String,
    /// Why it gets that verdict.
    pub why: String,
    /// The verdict.
    pub verdict: Expect,
    /// The input (valid).
    pub input: String,
    /// The contestant's output.
    pub output: String,
    /// The canonical jury answer, computed by [`load`] (`solve`'s).
    #[serde(skip)]
    pub answer: Vec<u8>,
}

/// A problem's cases, held to the validator and the checker.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cases {
    /// The inputs the validator rejects.
    #[serde(default)]
    pub invalid_input: Vec<InvalidInput>,
    /// The answers the answer validator rejects.
    #[serde(default)]
    pub invalid_answer: Vec<InvalidAnswer>,
    /// The outputs with their verdicts.
    #[serde(default)]
    pub output: Vec<Output>,
    /// The file they were read from, relative to judge.toml's folder (empty: none).
    #[serde(skip)]
    pub file: String,
}

impl Cases {
    /// How many cases there are.
    pub fn len(&self) -> usize {
        self.invalid_input.len() + self.invalid_answer.len() + self.output.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where a problem's cases are by convention, relative to the repository: what the README of
/// a problem without them names.
pub fn path(problem: &str) -> String {
    format!("cases/{problem}.toml")
}

/// Reads the file the problem's `cases` names (no key: no cases) and holds every case to the
/// problem's validator (format and max_cases), solver and checker (order, wrap): an error
/// names judge.toml's line, the problem and the file when the file is missing or cannot be
/// read or parsed,
/// else the file and the case whose expectation is wrong.
/// (`repo`: the repository root, judge.toml's folder).
pub fn load(problem: &ProblemPlan, repo: &Path) -> Result<Cases, ExportError> {
    let Some(named) = &problem.cases else {
        return Ok(Cases::default());
    };
    let rel = named.path.display().to_string();
    let fault = |why: String| {
        ExportError(format!(
            "{}: {}",
            named.at(),
            named.fault(&problem.name, &why)
        ))
    };
    named.check(repo).map_err(fault)?;
    let file = repo.join(&named.path);
    let text = std::fs::read_to_string(&file)
        .map_err(|e| fault(format!("cannot read {}: {e}", file.display())))?;
    let mut cases: Cases = toml::from_str(&text).map_err(|e| fault(format!("{rel}: {e}")))?;
    hold(problem, &rel, &mut cases)?;
    cases.file = rel;
    Ok(cases)
}

/// Checks every case of `cases` (read from `rel`) against `problem`'s validator, solver and
/// checker, and fills in the outputs' answers.
pub fn hold(problem: &ProblemPlan, rel: &str, cases: &mut Cases) -> Result<(), ExportError> {
    let (format, max) = (problem.format, problem.max_cases);
    let fail = |kind: &str, name: &str, what: String| {
        ExportError(format!("{rel}: {kind} {name:?}: {what}"))
    };
    let canonical = |kind: &str, name: &str, input: &str| {
        solve_input(format, max, input.as_bytes())
            .map(|(answer, _, _)| answer)
            .map_err(|e| fail(kind, name, format!("the input is not valid: {e}")))
    };
    let mut names: Vec<(&str, &str)> = Vec::new();
    for c in &cases.invalid_input {
        names.push(("invalid_input", &c.name));
        if validate(format, max, c.input.as_bytes()).is_ok() {
            return Err(fail(
                "invalid_input",
                &c.name,
                "the validator accepts it".into(),
            ));
        }
    }
    for c in &cases.invalid_answer {
        names.push(("invalid_answer", &c.name));
        if canonical("invalid_answer", &c.name, &c.input)? == c.answer.as_bytes() {
            return Err(fail(
                "invalid_answer",
                &c.name,
                "the answer is the canonical one".into(),
            ));
        }
    }
    for c in &mut cases.output {
        c.answer = canonical("output", &c.name, &c.input)?;
        let outcome = check(
            format,
            c.input.as_bytes(),
            &c.answer,
            &mut c.output.as_bytes(),
            &problem.checker,
        );
        if outcome.verdict != c.verdict.verdict() {
            return Err(fail(
                "output",
                &c.name,
                format!(
                    "expected {}, the checker says {:?}: {}",
                    c.verdict.name(),
                    outcome.verdict,
                    outcome.summary
                ),
            ));
        }
    }
    let outputs: Vec<(&str, &str)> = cases
        .output
        .iter()
        .map(|c| ("output", &c.name[..]))
        .collect();
    names.extend(outputs);
    for (i, (kind, name)) in names.iter().enumerate() {
        check_name("a case", name).map_err(|e| fail(kind, name, e))?;
        if names[..i].iter().any(|(k, n)| k == kind && n == name) {
            return Err(fail(kind, name, "two cases have this name".into()));
        }
    }
    Ok(())
}

/// One case as a 2025-09 package holds it: `data/DIR/NAME.EXT` for each of its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IcpcCase {
    /// `invalid_input`, `invalid_answer`, `invalid_output` or `valid_output`.
    pub dir: &'static str,
    /// The case's name.
    pub name: String,
    /// Why it is there (its verdict and reason).
    pub why: String,
    /// Its files: `.in`, then `.ans`, then `.out`, as the directory needs.
    pub files: Vec<(&'static str, Vec<u8>)>,
}

/// Every case in the 2025-09 layout: an invalid input as `invalid_input/NAME.in`, an invalid
/// answer as `invalid_answer/NAME.in|.ans`, an output the checker accepts as
/// `valid_output/NAME.in|.ans|.out`, any other as `invalid_output/NAME.in|.ans|.out` (the
/// format has no presentation error: it is a rejection like a wrong answer).
pub fn icpc(cases: &Cases) -> Vec<IcpcCase> {
    let mut out: Vec<IcpcCase> = Vec::new();
    for c in &cases.invalid_input {
        out.push(IcpcCase {
            dir: "invalid_input",
            name: c.name.clone(),
            why: c.why.clone(),
            files: vec![(".in", c.input.clone().into_bytes())],
        });
    }
    for c in &cases.invalid_answer {
        out.push(IcpcCase {
            dir: "invalid_answer",
            name: c.name.clone(),
            why: c.why.clone(),
            files: vec![
                (".in", c.input.clone().into_bytes()),
                (".ans", c.answer.clone().into_bytes()),
            ],
        });
    }
    for c in &cases.output {
        let dir = match c.verdict {
            Expect::Accepted => "valid_output",
            Expect::WrongAnswer | Expect::PresentationError => "invalid_output",
        };
        out.push(IcpcCase {
            dir,
            name: c.name.clone(),
            why: format!("{}: {}", c.verdict.name(), c.why),
            files: vec![
                (".in", c.input.clone().into_bytes()),
                (".ans", c.answer.clone()),
                (".out", c.output.clone().into_bytes()),
            ],
        });
    }
    out.sort_by(|a, b| (a.dir, &a.name).cmp(&(b.dir, &b.name)));
    out
}

/// The cases as Polygon's validator tests and checker tests: the files to add
/// (`files/tests/validator-tests/NN`, and `files/tests/checker-tests/NN`, `NN.o`, `NN.a`) and
/// the `<testset>` elements of problem.xml's `<validator>` and `<checker>` (indented for
/// them). Every invalid input is an `invalid` validator test, every output a checker test
/// with its verdict (`ok`, `wrong-answer`, `presentation-error`). Polygon has no place for
/// an invalid jury answer: those stay in the README.
pub fn polygon(cases: &Cases) -> (Vec<(String, Vec<u8>)>, String, String) {
    let mut files = Vec::new();
    let pad = "                ";
    let mut validator = format!(
        "{pad}<testset>\n{pad}    <test-count>{}</test-count>\n{pad}    \
         <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>\n{pad}    \
         <tests>\n",
        cases.invalid_input.len()
    );
    for (k, c) in cases.invalid_input.iter().enumerate() {
        let at = format!("files/tests/validator-tests/{:02}", k + 1);
        files.push((at, c.input.clone().into_bytes()));
        validator.push_str(&format!("{pad}        <test verdict=\"invalid\"/>\n"));
    }
    validator.push_str(&format!("{pad}    </tests>\n{pad}</testset>\n"));
    let pad = "            ";
    let mut checker = format!(
        "{pad}<testset>\n{pad}    <test-count>{}</test-count>\n{pad}    \
         <input-path-pattern>files/tests/checker-tests/%02d</input-path-pattern>\n{pad}    \
         <output-path-pattern>files/tests/checker-tests/%02d.o</output-path-pattern>\n{pad}    \
         <answer-path-pattern>files/tests/checker-tests/%02d.a</answer-path-pattern>\n{pad}    \
         <tests>\n",
        cases.output.len()
    );
    for (k, c) in cases.output.iter().enumerate() {
        let at = format!("files/tests/checker-tests/{:02}", k + 1);
        files.push((format!("{at}.o"), c.output.clone().into_bytes()));
        files.push((format!("{at}.a"), c.answer.clone()));
        files.push((at, c.input.clone().into_bytes()));
        let verdict = c.verdict.polygon_word();
        checker.push_str(&format!("{pad}        <test verdict=\"{verdict}\"/>\n"));
    }
    checker.push_str(&format!("{pad}    </tests>\n{pad}</testset>\n"));
    (files, validator, checker)
}

/// What a README says of the cases in a package that has no place for them.
pub const CASES_NOT_CARRIED: &str = "This format has no place for them, so this package does \
    not carry them: they are listed here, and their files are in boardjudge's repository.";

/// The README's part on the cases: `carried` says where the package holds them (or that it
/// does not), then one row per case with its kind, the verdict it must get and why.
pub fn section(problem: &str, cases: &Cases, carried: &str) -> String {
    let file = match &cases.file[..] {
        "" => path(problem),
        file => file.to_string(),
    };
    if cases.is_empty() {
        return format!(
            "The validator's and the checker's own tests: none for this problem (boardjudge \
             keeps them in `{file}`).\n"
        );
    }
    let mut out = format!(
        "The validator's and the checker's own tests, {} cases from boardjudge's `{file}`, \
         each held there to boardjudge's validator, solver and checker with this problem's \
         limits and options. {carried}\n\n| case | kind | must be | why |\n|---|---|---|---|\n",
        cases.len()
    );
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    for c in &cases.invalid_input {
        let why = cell(&c.why);
        out.push_str(&format!("| `{}` | input | rejected | {why} |\n", c.name));
    }
    for c in &cases.invalid_answer {
        let why = cell(&c.why);
        out.push_str(&format!(
            "| `{}` | jury answer | rejected | {why} |\n",
            c.name
        ));
    }
    for c in &cases.output {
        let why = cell(&c.why);
        let verdict = c.verdict.name();
        out.push_str(&format!("| `{}` | output | {verdict} | {why} |\n", c.name));
    }
    out
}
