//! Saving a failing input found by `judge stress --save` as a regression test: a manual test
//! of the group `regressions` in judge.toml, named after the solution and the input (the rest
//! of the file kept as it was written), and its built files in the test data, changed
//! together or not at all.
//!
//! Before anything is written, the problem is built in memory from the plan as it is and as
//! it would be: if a test already has exactly this input (the build's own rule: a repeated
//! input is refused), that test catches the solution and nothing is saved; if the new plan
//! does not build, nothing is saved either. The same case inside a test with other cases does
//! not make the input a repeat, so it is saved.

use std::path::Path;

use toml_edit::{ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use crate::problemset::build::{BuiltProblem, BuiltTest, build_plan, changes, keep_edited};
use crate::problemset::files::replace_all;
use crate::problemset::manifest::sha256;
use crate::problemset::names::name_char;
use crate::problemset::plan::Plan;
use crate::problemset::trash::{self, Trashed};

/// The group that collects saved failures.
pub const GROUP: &str = "regressions";

/// What [`save`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// A test of the plan has exactly this input: it already catches the solution.
    AlreadyATest {
        /// The test (`edge/limit-zero-first-layer`).
        test: String,
        /// Its group.
        group: String,
        /// Its line in judge.toml.
        line: usize,
    },
    /// Added to the plan and the test data.
    Added {
        /// The new test (`regressions/stress-<solution>-<hash>`).
        test: String,
        /// How many files of the test data changed.
        files: usize,
        /// The files of the problem edited by hand since the last build, copied to the trash
        /// before the rebuilt ones replaced them.
        kept: Vec<Trashed>,
    },
}

/// The stable name of a saved test: `stress-<solution>-<first 8 hex digits of the input's
/// SHA-256>`, the solution named by the file stem of the last command word that is a file
/// (the program, or the script an interpreter runs), without the compile cache's hash suffix.
pub fn test_name(cmd: &[String], input: &[u8]) -> String {
    let program = cmd
        .iter()
        .rev()
        .find(|word| Path::new(word).is_file())
        .or(cmd.first())
        .map(|word| {
            Path::new(word)
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let program = match program.rsplit_once('-') {
        Some((stem, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
            stem.to_string()
        }
        _ => program,
    };
    let mut solution: String = program.chars().map(name_char).take(40).collect();
    if solution.is_empty() {
        solution.push_str("solution");
    }
    format!("stress-{solution}-{}", &sha256(input)[..8])
}

/// Adds `input` as a manual test named `name` to the `regressions` group of `problem` (the
/// group made after the problem's last one if need be), and writes the problem's rebuilt
/// test data under `data`, all or nothing; or says which test has this input already.
pub fn save(
    plan_path: &Path,
    data: &Path,
    problem: &str,
    input: &[u8],
    name: &str,
) -> Result<Saved, String> {
    // Every way to fail leaves judge.toml and the test data as they were: the error says so.
    let saved = || -> Result<Saved, String> {
        let text = std::fs::read_to_string(plan_path)
            .map_err(|e| format!("{}: {e}", plan_path.display()))?;
        let before = build_one(
            &Plan::parse(plan_path, &text).map_err(|e| e.to_string())?,
            problem,
        )?;
        if let Some(test) = before.tests.iter().find(|t| t.input == input) {
            return Ok(Saved::AlreadyATest {
                test: test.id(),
                group: test.plan.group.clone(),
                line: test.plan.line,
            });
        }
        let input_text = std::str::from_utf8(input)
            .map_err(|_| "the input is not UTF-8 text, so judge.toml cannot hold it".to_string())?;
        let new_text = with_regression(&text, plan_path, problem, input_text, name)?;
        let plan = Plan::parse(plan_path, &new_text)
            .map_err(|e| format!("the plan with the new test does not load: {e}"))?;
        let after = build_one(&plan, problem)
            .map_err(|e| format!("the plan with the new test does not build: {e}"))?;
        let test = after
            .tests
            .iter()
            .find(|t| t.input == input)
            .map(BuiltTest::id)
            .ok_or("the new test is not in the built problem")?;
        let mut files = changes(data, &after);
        let changed = files.len();
        files.push((plan_path.to_path_buf(), Some(new_text.into_bytes())));
        // A file edited by hand since the last build is kept before the rebuilt one replaces it.
        let kept =
            keep_edited(data, &after, &trash::folder(plan_path)).map_err(|e| e.to_string())?;
        replace_all(&files).map_err(|e| {
            for k in &kept {
                let _ = std::fs::remove_file(&k.to);
            }
            e.to_string()
        })?;
        Ok(Saved::Added {
            test,
            files: changed,
            kept,
        })
    };
    saved().map_err(|e| format!("{e} (nothing changed)"))
}

fn build_one(plan: &Plan, problem: &str) -> Result<BuiltProblem, String> {
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let built = build_plan(plan, &[problem.to_string()], jobs, &|_| {}).map_err(|errors| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    built
        .into_iter()
        .next()
        .ok_or_else(|| format!("{}: no problem '{problem}'", plan.path.display()))
}

/// The plan's text with `input` added as a manual test named `name` to the `regressions`
/// group of `problem`.
fn with_regression(
    text: &str,
    path: &Path,
    problem: &str,
    input: &str,
    name: &str,
) -> Result<String, String> {
    let at = |what: String| format!("{}: {what}", path.display());
    let mut doc: DocumentMut = text.parse().map_err(|e| at(format!("{e}")))?;
    let problems = doc
        .get_mut("problem")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(|| at("no [[problem]] tables".into()))?;
    let table = problems
        .iter_mut()
        .find(|t| t.get("name").and_then(Item::as_str) == Some(problem))
        .ok_or_else(|| at(format!("no problem '{problem}'")))?;
    let groups = table
        .entry("group")
        .or_insert(Item::ArrayOfTables(ArrayOfTables::new()))
        .as_array_of_tables_mut()
        .ok_or_else(|| {
            at(format!(
                "problem '{problem}': group is not [[problem.group]]"
            ))
        })?;
    let named = |g: &Table| g.get("name").and_then(Item::as_str) == Some(GROUP);
    if !groups.iter().any(named) {
        let mut group = Table::new();
        group.insert("name", toml_edit::value(GROUP));
        group.insert("tests", toml_edit::value(toml_edit::Array::new()));
        groups.push(group);
    }
    let group = groups.iter_mut().find(|g| named(g)).expect("added above");
    let tests = group
        .entry("tests")
        .or_insert(toml_edit::value(toml_edit::Array::new()))
        .as_array_mut()
        .ok_or_else(|| at(format!("the {GROUP} group's tests are not an array")))?;
    let mut test = InlineTable::new();
    test.insert("name", name.into());
    test.insert("input", input.into());
    let mut test = Value::InlineTable(test);
    test.decor_mut().set_prefix("\n  ");
    tests.push_formatted(test);
    tests.set_trailing("\n");
    tests.set_trailing_comma(true);
    Ok(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_stable_and_name_the_solution() {
        let input = b"0\n8 7 6 5\n1 2 3 4\n-1\n";
        let name = |cmd: &[&str]| {
            let cmd: Vec<String> = cmd.iter().map(|s| s.to_string()).collect();
            test_name(&cmd, input)
        };
        let hash = &sha256(input)[..8];
        assert_eq!(
            name(&["/nonexistent/limit_strict_less-0123456789abcdef"]),
            format!("stress-limit_strict_less-{hash}")
        );
        assert_eq!(name(&["./My Sol.exe"]), format!("stress-my-sol-{hash}"));
        assert_eq!(name(&[]), format!("stress-solution-{hash}"));
        // The script an interpreter runs names the solution.
        let script = std::env::temp_dir().join(format!("names-{}.py", std::process::id()));
        std::fs::write(&script, "").unwrap();
        assert_eq!(
            name(&["python3", script.to_str().unwrap()]),
            format!("stress-names-{}-{hash}", std::process::id())
        );
        std::fs::remove_file(script).unwrap();
    }

    #[test]
    fn the_test_goes_into_the_regressions_group_with_its_name() {
        let plan = "[[problem]]\nname = \"msquare\"\n\n[[problem.group]]\nname = \"a\"\n\
                    tests = [\"gen msquare --seed 1\"]  # kept\n";
        let path = Path::new("judge.toml");
        let one =
            with_regression(plan, path, "msquare", "1 2 3 4 5 6 7 8\n", "stress-x-1").unwrap();
        assert!(one.starts_with(plan), "{one}");
        assert!(one.contains("name = \"regressions\""), "{one}");
        assert!(
            one.contains("\n  { name = \"stress-x-1\", input = "),
            "{one}"
        );
        let two =
            with_regression(&one, path, "msquare", "8 7 6 5 4 3 2 1\n", "stress-y-2").unwrap();
        assert!(
            two.contains("\"stress-x-1\"") && two.contains("\"stress-y-2\""),
            "{two}"
        );
        assert_eq!(two.matches("name = \"regressions\"").count(), 1, "{two}");
        assert!(with_regression(plan, path, "sicily", "", "n").is_err());
    }
}
