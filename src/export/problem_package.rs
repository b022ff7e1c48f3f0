//! The problem package layout Kattis' legacy format and the ICPC 2025-09 format share, and
//! that [`kattis`](super::kattis) and [`icpc`](super::icpc) both build on: `data/sample/` and
//! `data/secret/G-GROUP/` ([`secret_paths`]), the statement as problemtools' `problem.en.tex`,
//! the portable validators in the Kattis protocol, `submissions/VERDICT/FILE`, and the YAML
//! and metadata both problem.yaml files hold.

use std::path::Path;

use crate::export::dialect::{self, Judge};
use crate::export::package::{Carried, Package};
use crate::export::{Convention, ExportError, SAMPLES_GROUP, Source, statement};
use crate::problemset::build::BuiltTest;

/// Who holds the rights, in every problem.yaml.
pub const RIGHTS_OWNER: &str = "boardjudge contributors";

/// The license of the packages.
pub const LICENSE: &str = "cc by-sa";

/// Every test with its path under `data/` (no extension) in a Kattis or 2025-09 package:
/// `sample/NAME` for the samples group, every other test at its [`secret_paths`] path under
/// `secret/`, in the package's order; an error when there is no sample (Kattis and the
/// 2025-09 format both want `data/sample`).
pub fn data_paths<'a>(source: &Source<'a>) -> Result<Vec<(String, &'a BuiltTest)>, ExportError> {
    let (samples, secret) = source.split_samples();
    if samples.is_empty() {
        return Err(ExportError(format!(
            "problem {} has no test in the {SAMPLES_GROUP} group: the package needs data/sample",
            source.problem.name
        )));
    }
    let mut out: Vec<(String, &BuiltTest)> = samples
        .iter()
        .map(|t| (format!("sample/{}", t.plan.name), *t))
        .collect();
    out.extend(
        secret_paths(&secret)
            .into_iter()
            .map(|(path, t)| (format!("secret/{path}"), t)),
    );
    Ok(out)
}

/// Every test with the path of its input in a Kattis or 2025-09 package (`data/sample/...`,
/// `data/secret/...`), in the package's order.
pub fn test_paths<'a>(source: &Source<'a>) -> Result<Vec<(String, &'a BuiltTest)>, ExportError> {
    let paths = data_paths(source)?;
    Ok(paths
        .into_iter()
        .map(|(path, t)| (format!("data/{path}.in"), t))
        .collect())
}

/// Adds every test's input and answer, `data/PATH.in|.ans` at its [`data_paths`] path: the
/// layout both package formats share.
pub fn add_data(p: &mut Package, source: &Source) -> Result<(), ExportError> {
    for (path, t) in data_paths(source)? {
        p.add(format!("data/{path}.in"), t.input.clone());
        p.add(format!("data/{path}.ans"), t.answer.clone());
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
        source.validator_cpp(Convention::Kattis),
    );
}

/// Adds the output validator as `DIR/check.cpp`: the portable checker with the Kattis
/// protocol (`<input> <answer> <feedback_dir> [flags] < output`, exit 42 accepted, 43
/// rejected) and the problem's format and options. The full message goes to
/// judgemessage.txt for the judges; no teammessage.txt, so teams see the verdict only.
pub fn add_output_validator(p: &mut Package, source: &Source, dir: &str) {
    p.add(
        format!("{dir}/check.cpp"),
        source.checker_cpp(Convention::Kattis),
    );
}

/// Adds every shipped solution with one of `extensions` as `submissions/VERDICT/FILE`, VERDICT
/// the outcome judge.toml declares, as `judge` gets it ([`dialect::exported`]: left out when it
/// cannot build it, else adapted where it must be); a note to the package for each one left
/// out (with `why` for another language) or adapted. Two with the same file name and outcome
/// would overwrite each other, which is an error. Where each one is, or why it is not, for the
/// README.
pub fn add_submissions<'a>(
    p: &mut Package,
    source: &Source<'a>,
    extensions: &[&str],
    why: &str,
    judge: Judge,
) -> Result<Vec<Carried<'a>>, ExportError> {
    let mut carried = Vec::new();
    for s in &source.problem.solutions {
        let extension = s.path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let exported = if extensions.contains(&extension) {
            dialect::exported(source, s, judge)?
        } else {
            Err(why.to_string())
        };
        let at = match exported {
            Err(why) => {
                p.notes.push(format!(
                    "{} left out of submissions/: {why}",
                    s.path.display()
                ));
                Err(why)
            }
            Ok(e) => {
                let at = format!("submissions/{}/{}", s.expected.name(), e.file);
                if p.files.contains_key(&at) {
                    return Err(ExportError(format!(
                        "{}: two {} solutions are named {}",
                        source.problem.name,
                        s.expected.name(),
                        e.file
                    )));
                }
                p.notes.extend(e.note);
                p.add(at.clone(), e.bytes);
                Ok(at)
            }
        };
        carried.push(Carried { solution: s, at });
    }
    Ok(carried)
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
}
