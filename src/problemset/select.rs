//! Choosing tests on the command line (`--tests`): group names, globs and comma lists.
//!
//! A selection is one or more `--tests` values, each a comma-separated list of patterns. A
//! pattern chooses every test whose group, `group/name` or bare name it matches, as a glob of
//! `*` (any run of characters) and `?` (one character); a trailing `.in` is ignored. So
//! `samples` is the samples group, `by-distance/*-s2??` part of a group, `distance-1?-*` tests
//! of any group by name. The chosen tests keep plan order, each once. A pattern that matches
//! no test is an error that names it: a selection never silently shrinks.

use crate::problemset::manifest::Entry;
use crate::problemset::plan::TestPlan;

/// A test as a selection sees it: its group and its name in the group. Both the built data's
/// tests ([`Entry`]) and the plan's ([`TestPlan`]) are chosen the same way.
pub trait Named {
    /// Its group.
    fn group(&self) -> &str;
    /// Its name within the group.
    fn name(&self) -> &str;
    /// `group/name`.
    fn id(&self) -> String {
        format!("{}/{}", self.group(), self.name())
    }
}

impl Named for Entry {
    fn group(&self) -> &str {
        &self.group
    }
    fn name(&self) -> &str {
        &self.name
    }
}

impl Named for TestPlan {
    fn group(&self) -> &str {
        &self.group
    }
    fn name(&self) -> &str {
        &self.name
    }
}

/// The tests of `tests` (in plan order) chosen by `selection` (the `--tests` values; empty
/// chooses all). The error names the first pattern that matches nothing, or the empty one.
pub fn select<'a, T: Named>(tests: &'a [T], selection: &[String]) -> Result<Vec<&'a T>, String> {
    if selection.is_empty() {
        return Ok(tests.iter().collect());
    }
    let mut chosen = vec![false; tests.len()];
    for value in selection {
        for pattern in value.split(',').map(str::trim) {
            if pattern.is_empty() {
                return Err(format!(
                    "--tests '{value}' holds an empty pattern: give group names, names or \
                     globs separated by commas"
                ));
            }
            let pattern = pattern.strip_suffix(".in").unwrap_or(pattern);
            let mut any = false;
            for (test, chosen) in tests.iter().zip(chosen.iter_mut()) {
                if matches(pattern, test) {
                    *chosen = true;
                    any = true;
                }
            }
            if !any {
                return Err(no_match(pattern, tests));
            }
        }
    }
    Ok(tests
        .iter()
        .zip(chosen)
        .filter(|(_, chosen)| *chosen)
        .map(|(test, _)| test)
        .collect())
}

/// True when `pattern` matches the test's group, `group/name` or name.
fn matches(pattern: &str, test: &impl Named) -> bool {
    glob_match(pattern, test.group())
        || glob_match(pattern, &test.id())
        || glob_match(pattern, test.name())
}

/// The message for a pattern that matches nothing: what there is to choose from.
fn no_match<T: Named>(pattern: &str, tests: &[T]) -> String {
    let mut groups: Vec<&str> = Vec::new();
    for t in tests {
        if !groups.contains(&t.group()) {
            groups.push(t.group());
        }
    }
    let example = tests.last().map(Named::id).unwrap_or_default();
    let ids: Vec<String> = tests.iter().map(Named::id).collect();
    let names = (groups.iter().copied())
        .chain(ids.iter().map(String::as_str))
        .chain(tests.iter().map(Named::name));
    let hint = crate::text::did_you_mean(pattern, names);
    format!(
        "--tests '{pattern}' matches no test (the groups: {}; a test is chosen by its group, \
         its group/name such as {example}, or its name, each possibly a glob of * and ?){hint}",
        groups.join(", ")
    )
}

/// Matches `text` against a glob of `*` (any run) and `?` (one character).
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(group: &str, name: &str) -> Entry {
        Entry {
            name: name.into(),
            group: group.into(),
            source: String::new(),
            seed: None,
            cases: 1,
            input_bytes: 0,
            input_sha256: String::new(),
            answer_bytes: 0,
            answer_sha256: String::new(),
        }
    }

    fn plan() -> Vec<Entry> {
        vec![
            entry("samples", "statement"),
            entry("edge", "start-s1"),
            entry("by-distance", "distance-01-s202"),
            entry("by-distance", "distance-02-s204"),
            entry("random", "uniform-s301"),
        ]
    }

    fn ids(selection: &[&str]) -> Result<Vec<String>, String> {
        let tests = plan();
        let selection: Vec<String> = selection.iter().map(|s| s.to_string()).collect();
        select(&tests, &selection).map(|t| t.iter().map(|e| e.id()).collect())
    }

    #[test]
    fn groups_names_globs_and_lists() {
        assert_eq!(ids(&[]).unwrap().len(), 5);
        assert_eq!(ids(&["samples"]).unwrap(), ["samples/statement"]);
        assert_eq!(
            ids(&["by-distance"]).unwrap(),
            [
                "by-distance/distance-01-s202",
                "by-distance/distance-02-s204"
            ]
        );
        assert_eq!(ids(&["distance-02-s204.in"]).unwrap().len(), 1);
        assert_eq!(ids(&["by-distance/*-s204"]).unwrap().len(), 1);
        assert_eq!(ids(&["by-*"]).unwrap().len(), 2);
        // Comma lists and repeated values: plan order, each test once.
        assert_eq!(
            ids(&["random,samples", "samples"]).unwrap(),
            ["samples/statement", "random/uniform-s301"]
        );
    }

    #[test]
    fn a_pattern_that_matches_nothing_is_an_error_naming_it() {
        let e = ids(&["samples,01"]).unwrap_err();
        assert!(e.contains("'01' matches no test"), "{e}");
        assert!(e.contains("samples, edge, by-distance, random"), "{e}");
        assert!(ids(&["samples,"]).unwrap_err().contains("empty pattern"));
    }

    #[test]
    fn globs() {
        assert!(glob_match("*", "05"));
        assert!(glob_match("0?", "05"));
        assert!(glob_match("1*", "12"));
        assert!(!glob_match("1*", "21"));
        assert!(glob_match("*.in", "05.in"));
        assert!(!glob_match("0?", "100"));
        assert!(glob_match("*5*", "153"));
    }
}
