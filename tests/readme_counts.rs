//! Every count README.md and the pages of docs/ state about the problem set, checked against
//! what the tools say now: `judge list --json` (tests, solutions, limits) and
//! `judge build --check` (tests and cases per problem, the total). A plan or data change that
//! leaves a stated count behind fails here, naming the file, the line and both numbers. And
//! the sandbox's per-run limits docs/sandbox.md states, checked against the runner's constants.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;

const JUDGE: &str = env!("CARGO_BIN_EXE_judge");

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What the tools say of one problem.
#[derive(Debug, Default)]
struct Problem {
    tests: u64,
    cases: u64,
    solutions: u64,
    time_limit: f64,
    max_cases: u64,
}

/// The problems by name, and the total of tests `judge build --check` verified.
fn facts() -> (BTreeMap<String, Problem>, u64) {
    let list = Command::new(JUDGE)
        .args(["list", "--json"])
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(list.status.success(), "{list:?}");
    let json: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    let mut problems = BTreeMap::new();
    for p in json["problems"].as_array().unwrap() {
        problems.insert(
            p["name"].as_str().unwrap().to_string(),
            Problem {
                tests: p["tests"].as_u64().unwrap(),
                solutions: p["solutions"].as_u64().unwrap(),
                time_limit: p["time_limit"].as_f64().unwrap(),
                max_cases: p["max_cases"].as_u64().unwrap(),
                cases: 0,
            },
        );
    }
    let build = Command::new(JUDGE)
        .args(["build", "--check"])
        .current_dir(repo())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&build.stdout);
    assert!(build.status.success(), "{out}");
    // `msquare    61 tests      61 cases   1961 bytes ...`, then `verified 247 tests in ...`.
    let line = Regex::new(r"(?m)^(\w+)\s+(\d+) tests\s+(\d+) cases").unwrap();
    for c in line.captures_iter(&out) {
        let p = problems.get_mut(&c[1]).expect("a problem judge list knows");
        assert_eq!(p.tests, c[2].parse::<u64>().unwrap(), "{out}");
        p.cases = c[3].parse().unwrap();
    }
    assert!(problems.values().all(|p| p.cases > 0), "{out}");
    let total = Regex::new(r"verified (\d+) tests")
        .unwrap()
        .captures(&out)
        .unwrap()[1]
        .parse()
        .unwrap();
    (problems, total)
}

fn number(text: &str) -> u64 {
    text.replace(',', "").parse().unwrap()
}

/// README.md and the docs pages, each with its lines.
fn pages() -> Vec<(PathBuf, String)> {
    let mut paths = vec![repo().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

fn at(path: &Path, line: usize) -> String {
    format!(
        "{}:{}",
        path.strip_prefix(repo()).unwrap_or(path).display(),
        line + 1
    )
}

#[test]
fn every_count_readme_and_docs_state_is_the_tools_count() {
    let (problems, total) = facts();
    let names = problems.keys().cloned().collect::<Vec<_>>().join("|");
    // `sicily 72 tests / 912 cases`, `rotation 43 tests / 307 boards`, `msquare 61 tests`.
    let tests = Regex::new(&format!(
        r"\b({names}) (\d[\d,]*) tests(?: / (\d[\d,]*) (?:cases|boards))?"
    ))
    .unwrap();
    // The quick start's `judge list` line: `msquare   msquare  61 tests ... 11 solution(s)`.
    let listed = Regex::new(&format!(
        r"\b({names})\s+\w+\s+(\d+) tests\s+time (\d+) s .* (\d+) solution\(s\)"
    ))
    .unwrap();
    // A run's summary: `msquare: 5/61 tests accepted`.
    let accepted = Regex::new(&format!(r"\b({names}): \d+/(\d+) tests accepted")).unwrap();
    // A whole matrix: `(msquare, `--jobs 1`: 61 tests, 11 solutions, 671 runs`.
    let matrix = Regex::new(&format!(
        r"\b({names}), [^:]*: (\d+) tests, (\d+) solutions, ([\d,]+) runs"
    ))
    .unwrap();
    // The whole set: `built 247 tests`, `verified 247 tests`, `The committed data (5.3 MB, 247 tests`.
    let whole =
        Regex::new(r"(?:built|verified) (\d+) tests|committed data \([^,]*, (\d+) tests").unwrap();
    let strength = Regex::new(&format!(r"judge strength ({names})\b")).unwrap();
    let solutions = Regex::new(r"(\d+) solutions: \d+ as expected").unwrap();
    let mut checked = 0;
    for (path, text) in pages() {
        let lines: Vec<&str> = text.lines().collect();
        let mut strength_of: Option<&str> = None;
        for (n, line) in lines.iter().enumerate() {
            let here = at(&path, n);
            for c in tests.captures_iter(line) {
                let p = &problems[&c[1]];
                assert_eq!(number(&c[2]), p.tests, "{here}: {} tests", &c[1]);
                if let Some(cases) = c.get(3) {
                    assert_eq!(number(cases.as_str()), p.cases, "{here}: {} cases", &c[1]);
                }
                checked += 1;
            }
            for c in listed.captures_iter(line) {
                let p = &problems[&c[1]];
                assert_eq!(number(&c[2]), p.tests, "{here}: {} tests", &c[1]);
                assert_eq!(
                    number(&c[3]) as f64,
                    p.time_limit,
                    "{here}: {} limit",
                    &c[1]
                );
                assert_eq!(number(&c[4]), p.solutions, "{here}: {} solutions", &c[1]);
                checked += 1;
            }
            for c in accepted.captures_iter(line) {
                assert_eq!(number(&c[2]), problems[&c[1]].tests, "{here}: {}", &c[1]);
                checked += 1;
            }
            for c in matrix.captures_iter(line) {
                let p = &problems[&c[1]];
                assert_eq!(number(&c[2]), p.tests, "{here}: {} tests", &c[1]);
                assert_eq!(number(&c[3]), p.solutions, "{here}: {} solutions", &c[1]);
                assert_eq!(number(&c[4]), p.tests * p.solutions, "{here}: runs");
                checked += 1;
            }
            for c in whole.captures_iter(line) {
                let stated = c.get(1).or(c.get(2)).unwrap().as_str();
                assert_eq!(number(stated), total, "{here}: the whole set");
                checked += 1;
            }
            // `judge strength msquare ...`, then its output's `11 solutions: 11 as expected`.
            if let Some(c) = strength.captures(line) {
                strength_of = Some(c.get(1).unwrap().as_str());
            }
            if let (Some(name), Some(c)) = (strength_of, solutions.captures(line)) {
                assert_eq!(number(&c[1]), problems[name].solutions, "{here}: {name}");
                strength_of = None;
                checked += 1;
            }
        }
    }
    // README's table of the problems: `| `sicily` | ... | 1 s | ≤ 30 | 72 | ... |`.
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let mut rows = 0;
    for (n, line) in readme.lines().enumerate() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(name) = cells
            .get(1)
            .and_then(|c| c.strip_prefix('`')?.strip_suffix('`'))
        else {
            continue;
        };
        let (Some(p), Some(time), Some(cases), Some(count)) =
            (problems.get(name), cells.get(3), cells.get(4), cells.get(5))
        else {
            continue;
        };
        let Some(time) = time.strip_suffix(" s") else {
            continue;
        };
        let here = at(&repo().join("README.md"), n);
        assert_eq!(time.parse::<f64>().unwrap(), p.time_limit, "{here}: limit");
        assert_eq!(
            number(cases.trim_start_matches("≤ ")),
            p.max_cases,
            "{here}: cases per input"
        );
        assert_eq!(number(count), p.tests, "{here}: tests");
        rows += 1;
    }
    assert_eq!(rows, problems.len(), "README's table has a row per problem");
    eprintln!("{checked} counts in README.md and docs/ and {rows} table rows checked");
    assert!(checked >= 10, "{checked}");
}

#[test]
fn the_sandbox_limits_docs_state_are_the_runners() {
    // docs/sandbox.md's table of the layers states the per-run limits: they must be the
    // runner's own.
    use boardjudge::runner::{self, sandbox};
    let page = std::fs::read_to_string(repo().join("docs/sandbox.md")).unwrap();
    for stated in [
        format!("uid/gid {}+ per run", sandbox::FIRST_UID),
        format!("`RLIMIT_NOFILE` {} always", sandbox::MAX_OPEN_FILES),
        format!("`RLIMIT_NPROC` {} ", sandbox::MAX_PROCESSES),
        format!(
            "`file_size_limit` (judge.toml, default {} MiB)",
            runner::DEFAULT_FILE_BYTES >> 20
        ),
    ] {
        assert!(
            page.contains(&stated),
            "docs/sandbox.md should say {stated:?}"
        );
    }
}

/// Asserts that judge.toml's line `n` (1-based) lies in the `[[problem]]` (or
/// `[[problem.group]]`) block `name`: the `name = "..."` that last follows such a `header` at or
/// above it is `name`. `here` names the page's line that quotes it.
fn assert_in_block(plan: &[&str], here: &str, n: usize, header: &str, name: &str) {
    assert!((1..=plan.len()).contains(&n), "{here}: judge.toml:{n}");
    let owner = plan[..n]
        .iter()
        .rposition(|l| l.trim() == header)
        .and_then(|start| {
            plan[start..n]
                .iter()
                .find_map(|l| l.trim().strip_prefix("name = \"")?.strip_suffix('"'))
        });
    assert_eq!(
        owner,
        Some(name),
        "{here}: judge.toml:{n} is not in {header} {name}"
    );
}

#[test]
fn every_judge_toml_line_readme_and_docs_quote_is_the_line_they_name() {
    let plan_text = std::fs::read_to_string(repo().join("judge.toml")).unwrap();
    let plan: Vec<&str> = plan_text.lines().collect();
    // `(the problem rotation's max_cases, judge.toml:860)`: that problem's key, on that line.
    let key = Regex::new(r"the problem (\w+)'s (\w+), judge\.toml:(\d+)").unwrap();
    // `test by-distance/distance-01-s203 (group by-distance, judge.toml:555)`: a line of that group.
    let group = Regex::new(r"\(group ([\w-]+), judge\.toml:(\d+)\)").unwrap();
    let mut checked = 0;
    for (path, text) in pages() {
        for (n, line) in text.lines().enumerate() {
            let here = at(&path, n);
            for c in key.captures_iter(line) {
                let at_line: usize = c[3].parse().unwrap();
                let quoted = plan.get(at_line - 1).copied().unwrap_or_default();
                assert!(
                    quoted.trim_start().starts_with(&format!("{} =", &c[2])),
                    "{here}: judge.toml:{at_line} is `{quoted}`, not {}",
                    &c[2]
                );
                assert_in_block(&plan, &here, at_line, "[[problem]]", &c[1]);
                checked += 1;
            }
            for c in group.captures_iter(line) {
                let at_line: usize = c[2].parse().unwrap();
                assert_in_block(&plan, &here, at_line, "[[problem.group]]", &c[1]);
                checked += 1;
            }
        }
    }
    assert!(checked >= 3, "only {checked} judge.toml lines quoted");
}
