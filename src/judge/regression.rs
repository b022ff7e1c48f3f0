//! Adding a failing input found by `judge stress --save` to judge.toml as a manual test of
//! the group `regressions`, keeping the rest of the file as it was written.

use std::path::Path;

use toml_edit::{ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use crate::judge::files::write_atomic;

/// The group that collects saved failures.
pub const GROUP: &str = "regressions";

/// Adds `input` as a manual test to the `regressions` group of `problem` in the plan at
/// `path` (creating the group after the problem's last group). Does nothing if the group has
/// this input already; returns whether the plan changed.
pub fn add_regression(path: &Path, problem: &str, input: &str) -> Result<bool, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let problems = doc
        .get_mut("problem")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(|| format!("{}: no [[problem]] tables", path.display()))?;
    let table = problems
        .iter_mut()
        .find(|t| t.get("name").and_then(Item::as_str) == Some(problem))
        .ok_or_else(|| format!("{}: no problem '{problem}'", path.display()))?;
    let groups = table
        .entry("group")
        .or_insert(Item::ArrayOfTables(ArrayOfTables::new()))
        .as_array_of_tables_mut()
        .ok_or_else(|| {
            format!(
                "{}: problem '{problem}': group is not [[problem.group]]",
                path.display()
            )
        })?;
    if !groups
        .iter()
        .any(|g| g.get("name").and_then(Item::as_str) == Some(GROUP))
    {
        let mut group = Table::new();
        group.insert("name", toml_edit::value(GROUP));
        group.insert("tests", toml_edit::value(toml_edit::Array::new()));
        groups.push(group);
    }
    let group = groups
        .iter_mut()
        .find(|g| g.get("name").and_then(Item::as_str) == Some(GROUP))
        .expect("just ensured");
    let tests = group
        .entry("tests")
        .or_insert(toml_edit::value(toml_edit::Array::new()))
        .as_array_mut()
        .ok_or_else(|| {
            format!(
                "{}: the {GROUP} group's tests are not an array",
                path.display()
            )
        })?;
    let exists = tests.iter().any(|t| {
        t.as_inline_table()
            .and_then(|t| t.get("input"))
            .and_then(Value::as_str)
            == Some(input)
    });
    if exists {
        return Ok(false);
    }
    let mut test = InlineTable::new();
    test.insert("input", input.into());
    tests.push(test);
    for value in tests.iter_mut() {
        value.decor_mut().set_prefix("\n  ");
    }
    tests.set_trailing("\n");
    tests.set_trailing_comma(true);
    write_atomic(path, doc.to_string().as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(true)
}
