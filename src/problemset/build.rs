//! `judge build`: turns the plan into verified test files. For every test: generate the input
//! in process, validate it strictly, solve it, have the checker accept the answer, then write
//! `<group>/<name>.in` / `.ans` atomically and a manifest per problem. `--check` does all of
//! it in memory and compares with the files on disk instead.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::check::{self, CheckVerdict};
use crate::format::msquare::Msquare;
use crate::format::rotation::Rotation;
use crate::format::sicily::Sicily;
use crate::format::{ErrorKind, Format, ParseError, Problem, ReadOptions, read_all};
use crate::generator::generate_to_vec;
use crate::problemset::files::{Change, is_leftover_temporary, test_data_files, write_atomic};
use crate::problemset::manifest::{self, Entry, Manifest, Settings, sha256};
use crate::problemset::names::test_path;
use crate::problemset::plan::{Plan, ProblemPlan, TestPlan, TestSource};
use crate::problemset::program_generator;
use crate::problemset::trash::{Trashed, Why, edited_by_hand, keep_edits};

/// One built test, in memory.
#[derive(Debug, Clone)]
pub struct BuiltTest {
    /// Its entry in the plan (with its group and name).
    pub plan: TestPlan,
    /// The input's bytes.
    pub input: Vec<u8>,
    /// The expected output's bytes.
    pub answer: Vec<u8>,
    /// How many cases the input has.
    pub cases: usize,
    /// How many answers have each length (`-1`: sicily's unreachable within N).
    pub lengths: BTreeMap<i64, usize>,
    /// True when its input is a generator program's output cached by an earlier build
    /// (the program did not run).
    pub reused: bool,
}

/// A problem's built tests.
#[derive(Debug, Clone)]
pub struct BuiltProblem {
    /// The problem's name (its directory under the output directory).
    pub name: String,
    /// Its format.
    pub format: Format,
    /// The limits and checker options it was built for (recorded in the manifest).
    pub settings: Settings,
    /// Its tests, in plan order.
    pub tests: Vec<BuiltTest>,
}

impl BuiltTest {
    /// `group/name`, as the plan's [`TestPlan::id`].
    pub fn id(&self) -> String {
        self.plan.id()
    }

    /// Its input's path under the problem's directory: `group/name.in`.
    pub fn input_path(&self) -> PathBuf {
        test_path(&self.plan.group, &self.plan.name, "in")
    }

    /// Its answer's path under the problem's directory: `group/name.ans`.
    pub fn answer_path(&self) -> PathBuf {
        test_path(&self.plan.group, &self.plan.name, "ans")
    }
}

impl BuiltProblem {
    /// The number of answers of each length over all tests.
    pub fn lengths(&self) -> BTreeMap<i64, usize> {
        let mut all = BTreeMap::new();
        for t in &self.tests {
            for (&len, &n) in &t.lengths {
                *all.entry(len).or_insert(0) += n;
            }
        }
        all
    }

    /// All cases over all tests.
    pub fn cases(&self) -> usize {
        self.tests.iter().map(|t| t.cases).sum()
    }

    /// All bytes of inputs and answers.
    pub fn bytes(&self) -> usize {
        self.tests
            .iter()
            .map(|t| t.input.len() + t.answer.len())
            .sum()
    }
}

/// Why a test could not be built: it names the test and its judge.toml line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    /// `judge.toml:LINE: problem sicily, test small/uniform-x30-s12`.
    pub at: String,
    /// What went wrong.
    pub message: String,
}

impl BuildError {
    /// An error in test `test` (`group/name`, at judge.toml line `line`) of `problem`.
    fn new(plan_path: &Path, line: usize, problem: &str, test: &str, message: String) -> Self {
        let at = format!(
            "{}:{line}: problem {problem}, test {test}",
            plan_path.display()
        );
        BuildError { at, message }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for BuildError {}

/// Builds one test in memory and verifies it.
pub fn build_test(
    plan_path: &Path,
    problem: &ProblemPlan,
    test: &TestPlan,
) -> Result<BuiltTest, BuildError> {
    let fail = |message| BuildError::new(plan_path, test.line, &problem.name, &test.id(), message);
    let (input, reused) = match &test.source {
        TestSource::Generator { args, .. } => (
            generate_to_vec(args).map_err(|e| fail(format!("the generator failed: {e}")))?,
            false,
        ),
        TestSource::Manual(text) => (text.clone().into_bytes(), false),
        TestSource::Program {
            expanded,
            time_limit,
            ..
        } => {
            let base = Plan::root(plan_path);
            let generated =
                program_generator::generate(expanded, base, *time_limit).map_err(fail)?;
            (generated.output, generated.reused)
        }
    };
    let (answer, cases, lengths) =
        solve_input(problem.format, problem.max_cases, &input).map_err(|e| {
            let limit = match e.kind {
                ErrorKind::TooManyCases { .. } => format!(
                    " (the problem's max_cases, {}:{})",
                    plan_path.display(),
                    problem.max_cases_line
                ),
                _ => String::new(),
            };
            fail(format!("the input is not valid: line {e}{limit}"))
        })?;
    let outcome = check::check(
        problem.format,
        &input,
        &answer,
        &mut &answer[..],
        &problem.checker,
    );
    if outcome.verdict != CheckVerdict::Accepted {
        return Err(fail(format!(
            "the checker does not accept the reference answer: {}",
            outcome.summary
        )));
    }
    Ok(BuiltTest {
        plan: test.clone(),
        input,
        answer,
        cases,
        lengths,
        reused,
    })
}

/// An input's answer bytes, its number of cases, and the histogram of answer lengths.
pub type Solved = (Vec<u8>, usize, BTreeMap<i64, usize>);

/// Validates an input strictly, with at most `max_cases` cases (the error displays as
/// `line:col: ...`), and solves every case.
pub fn solve_input(format: Format, max_cases: usize, input: &[u8]) -> Result<Solved, ParseError> {
    match format {
        Format::Sicily => solve_all::<Sicily>(input, max_cases),
        Format::Msquare => solve_all::<Msquare>(input, max_cases),
        Format::Rotation => solve_all::<Rotation>(input, max_cases),
    }
}

fn solve_all<P: Problem>(input: &[u8], max_cases: usize) -> Result<Solved, ParseError> {
    let cases = read_all::<P>(input, ReadOptions::STRICT.with_max_cases(max_cases))?;
    let mut answer = Vec::new();
    let mut lengths = BTreeMap::new();
    for case in &cases {
        let a = P::solve(case);
        let len = P::answer_length(&a).map_or(-1, |n| n as i64);
        *lengths.entry(len).or_insert(0) += 1;
        // Writing into a Vec cannot fail.
        let _ = P::write_answer(&a, &mut answer);
    }
    Ok((answer, cases.len(), lengths))
}

/// Builds every test of the chosen problems (all when `only` is empty) on `jobs` threads,
/// calling `progress` after each test.
pub fn build_plan(
    plan: &Plan,
    only: &[String],
    jobs: usize,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Vec<BuiltProblem>, Vec<BuildError>> {
    let problems: Vec<&ProblemPlan> = plan
        .problems
        .iter()
        .filter(|p| only.is_empty() || only.contains(&p.name))
        .collect();
    let work: Vec<(usize, usize)> = problems
        .iter()
        .enumerate()
        .flat_map(|(p, problem)| (0..problem.tests.len()).map(move |t| (p, t)))
        .collect();
    let results: Mutex<Vec<Option<Result<BuiltTest, BuildError>>>> =
        Mutex::new(vec![None; work.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| {
                loop {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(p, t)) = work.get(slot) else { break };
                    let problem = problems[p];
                    let result = build_test(&plan.path, problem, &problem.tests[t]);
                    progress(&problem.name);
                    results.lock().unwrap_or_else(|e| e.into_inner())[slot] = Some(result);
                }
            });
        }
    });
    let mut results = results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter();
    let mut built = Vec::new();
    let mut errors = Vec::new();
    for problem in problems {
        let mut tests = Vec::new();
        for _ in &problem.tests {
            match results.next().flatten() {
                Some(Ok(test)) => tests.push(test),
                Some(Err(e)) => errors.push(e),
                None => {}
            }
        }
        errors.extend(repeated_inputs(&plan.path, &problem.name, &tests));
        built.push(BuiltProblem {
            name: problem.name.clone(),
            format: problem.format,
            settings: Settings::of(problem),
            tests,
        });
    }
    if errors.is_empty() {
        Ok(built)
    } else {
        Err(errors)
    }
}

/// A test whose input is identical to an earlier test's tests nothing new (and Kattis'
/// verifyproblem warns of it): an error naming both.
fn repeated_inputs(plan_path: &Path, problem: &str, tests: &[BuiltTest]) -> Vec<BuildError> {
    let mut first: HashMap<&[u8], &BuiltTest> = HashMap::new();
    let mut errors = Vec::new();
    for test in tests {
        match first.get(test.input.as_slice()) {
            Some(earlier) => errors.push(BuildError::new(
                plan_path,
                test.plan.line,
                problem,
                &test.id(),
                format!(
                    "its input is identical to test {}'s (line {}): change a seed or drop one",
                    earlier.id(),
                    earlier.plan.line
                ),
            )),
            None => {
                first.insert(&test.input, test);
            }
        }
    }
    errors
}

/// Every file of a built problem, by path relative to the output directory.
pub fn files(problem: &BuiltProblem) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(&problem.name);
    let mut files = Vec::new();
    for t in &problem.tests {
        files.push((dir.join(t.input_path()), t.input.clone()));
        files.push((dir.join(t.answer_path()), t.answer.clone()));
    }
    let manifest = Manifest {
        problem: problem.name.clone(),
        format: problem.format.name().to_string(),
        settings: problem.settings.clone(),
        test: problem
            .tests
            .iter()
            .map(|t| Entry {
                name: t.plan.name.clone(),
                group: t.plan.group.clone(),
                source: t.plan.source.describe().to_string(),
                seed: match &t.plan.source {
                    TestSource::Program { command, .. } => program_generator::seed_of(command),
                    _ => None,
                },
                cases: t.cases,
                input_bytes: t.input.len(),
                input_sha256: sha256(&t.input),
                answer_bytes: t.answer.len(),
                answer_sha256: sha256(&t.answer),
            })
            .collect(),
    };
    files.push((dir.join("manifest.toml"), manifest.render().into_bytes()));
    files
}

/// The files under a problem's directory (or its group directories) that its plan does not
/// produce, by whose they are.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Leftovers {
    /// Ours: test files an earlier build wrote (listed in the manifest on disk, and still the
    /// bytes it lists) that the plan no longer produces, and temporary files an interrupted
    /// write left. `judge build` removes them. Relative to the output directory.
    pub stale: Vec<PathBuf>,
    /// Test files an earlier build wrote (listed in the manifest on disk) and edited by hand
    /// since, that the plan no longer produces. `judge build` moves them to the trash.
    pub edited: Vec<PathBuf>,
    /// Not ours: every other file (a setter's own). `judge build` never deletes them: it
    /// moves them to a trash folder and names them.
    pub unknown: Vec<PathBuf>,
}

/// Sorts the files under `out/PROBLEM` that are not in `keep` into [`Leftovers`], by what
/// the last build `recorded` there.
fn leftovers(
    out: &Path,
    problem: &BuiltProblem,
    keep: &[(PathBuf, Vec<u8>)],
    recorded: &HashMap<PathBuf, String>,
) -> Leftovers {
    let dir = out.join(&problem.name);
    let keep: std::collections::HashSet<&PathBuf> = keep.iter().map(|(p, _)| p).collect();
    let mut found = Leftovers::default();
    for rel in test_data_files(&dir) {
        let path = PathBuf::from(&problem.name).join(&rel);
        if keep.contains(&path) {
            continue;
        }
        let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if is_leftover_temporary(name) {
            found.stale.push(path);
            continue;
        }
        match recorded.get(&rel) {
            Some(hash) if std::fs::read(dir.join(&rel)).is_ok_and(|b| sha256(&b) == *hash) => {
                found.stale.push(path);
            }
            Some(_) => found.edited.push(path),
            None => found.unknown.push(path),
        }
    }
    found
}

/// What writing a problem's files changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteReport {
    /// Files written because they were missing or different.
    pub written: usize,
    /// Of those, the files that were missing, relative to the output directory.
    pub added: Vec<PathBuf>,
    /// Of those, the files that were different.
    pub changed: Vec<PathBuf>,
    /// The settings of manifest.toml (limits, checker options) that changed since the last
    /// build: `time_limit 1.0 -> 2.0`.
    pub settings: Vec<String>,
    /// Files already identical.
    pub unchanged: usize,
    /// Stale files removed (see [`Leftovers::stale`]), relative to the output directory.
    pub removed: Vec<PathBuf>,
    /// Files kept in the trash: unknown ones and built ones edited by hand.
    pub trashed: Vec<Trashed>,
}

/// The `[settings]` of two manifest.toml texts that differ, each as `key old -> new` (`none`
/// where one has none), in key order.
fn changed_settings(old: &[u8], new: &[u8]) -> Vec<String> {
    let settings = |bytes: &[u8]| -> BTreeMap<String, String> {
        let text = String::from_utf8_lossy(bytes);
        let table: toml::Table = toml::from_str(&text).unwrap_or_default();
        match table.get("settings") {
            Some(toml::Value::Table(t)) => {
                t.iter().map(|(k, v)| (k.clone(), v.to_string())).collect()
            }
            _ => BTreeMap::new(),
        }
    };
    let (old, new) = (settings(old), settings(new));
    let keys: std::collections::BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    let none = String::from("none");
    keys.into_iter()
        .filter(|k| old.get(*k) != new.get(*k))
        .map(|k| {
            format!(
                "{k} {} -> {}",
                old.get(k).unwrap_or(&none),
                new.get(k).unwrap_or(&none)
            )
        })
        .collect()
}

/// Writes a built problem under `out`, each file atomically; files already identical are left
/// alone, stale files (an earlier build's, no longer produced) are removed, unknown files and
/// built files edited by hand that the plan no longer produces are moved under `trash`, and a
/// built file edited by hand that the plan still produces is copied there before the plan's
/// bytes replace it; each keeps its path relative to `out`. Nothing this build did not write
/// is ever deleted.
pub fn write_problem(
    out: &Path,
    problem: &BuiltProblem,
    trash: &Path,
) -> std::io::Result<WriteReport> {
    let files = files(problem);
    let recorded = manifest::recorded(&out.join(&problem.name));
    let found = leftovers(out, problem, &files, &recorded);
    let mut report = WriteReport::default();
    std::fs::create_dir_all(out.join(&problem.name))?;
    let moved = (found.unknown.into_iter().map(|p| (p, Why::Unknown)))
        .chain(found.edited.into_iter().map(|p| (p, Why::EditedDropped)));
    for (path, why) in moved {
        let to = trash.join(&path);
        move_file(&out.join(&path), &to)?;
        report.trashed.push(Trashed { path, to, why });
    }
    report
        .trashed
        .extend(keep_edits(out, &problem.name, &files, &recorded, trash)?);
    for (rel, bytes) in &files {
        let path = out.join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let old = std::fs::read(&path).ok();
        if old.as_ref().is_some_and(|old| old == bytes) {
            report.unchanged += 1;
            continue;
        }
        write_atomic(&path, bytes)?;
        report.written += 1;
        match old {
            None => report.added.push(rel.clone()),
            Some(old) => {
                if rel.file_name().is_some_and(|n| n == "manifest.toml") {
                    report.settings = changed_settings(&old, bytes);
                }
                report.changed.push(rel.clone());
            }
        }
    }
    for rel in found.stale {
        std::fs::remove_file(out.join(&rel))?;
        report.removed.push(rel);
    }
    // Group directories left empty (a group removed or renamed) go too.
    for entry in std::fs::read_dir(out.join(&problem.name))?.filter_map(|e| e.ok()) {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = std::fs::remove_dir(entry.path()); // fails, harmlessly, unless empty
        }
    }
    Ok(report)
}

/// Copies the files of `problem` under `out` that were edited by hand since the last build
/// (they differ from what it recorded and from what the plan now produces) under `trash`,
/// before [`changes`] replace them (`judge stress --save`).
pub fn keep_edited(
    out: &Path,
    problem: &BuiltProblem,
    trash: &Path,
) -> std::io::Result<Vec<Trashed>> {
    let recorded = manifest::recorded(&out.join(&problem.name));
    keep_edits(out, &problem.name, &files(problem), &recorded, trash)
}

/// Moves `from` to `to`, making `to`'s directory; across file systems by a copy, synced, then
/// the removal of `from`.
fn move_file(from: &Path, to: &Path) -> std::io::Result<()> {
    let context = |e: std::io::Error| {
        std::io::Error::new(
            e.kind(),
            format!("cannot move {} to {}: {e}", from.display(), to.display()),
        )
    };
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(context)?;
    }
    if std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    let bytes = std::fs::read(from).map_err(context)?;
    write_atomic(to, &bytes).map_err(context)?;
    std::fs::remove_file(from).map_err(context)
}

/// What [`write_problem`] would change under `out`: each file that is missing or different
/// with its new bytes, and each stale file with `None` (to remove; unknown files are left
/// where they are). For
/// [`crate::problemset::files::replace_all`].
pub fn changes(out: &Path, problem: &BuiltProblem) -> Vec<Change> {
    let files = files(problem);
    let recorded = manifest::recorded(&out.join(&problem.name));
    let stale = leftovers(out, problem, &files, &recorded).stale;
    let mut changes: Vec<Change> = files
        .into_iter()
        .filter(|(rel, bytes)| std::fs::read(out.join(rel)).ok().as_ref() != Some(bytes))
        .map(|(rel, bytes)| (out.join(rel), Some(bytes)))
        .collect();
    changes.extend(stale.into_iter().map(|rel| (out.join(rel), None)));
    changes
}

/// Compares a built problem with the files under `out`: one line per file that is missing,
/// different (edited by hand since the last build, or no longer what the plan produces),
/// stale or unknown.
pub fn compare_problem(out: &Path, problem: &BuiltProblem) -> Vec<String> {
    let files = files(problem);
    let recorded = manifest::recorded(&out.join(&problem.name));
    let edited = edited_by_hand(out, &problem.name, &files, &recorded);
    let mut differences = Vec::new();
    for (rel, bytes) in &files {
        let source = problem
            .tests
            .iter()
            .find(|t| {
                let dir = Path::new(&problem.name);
                *rel == dir.join(t.input_path()) || *rel == dir.join(t.answer_path())
            })
            .map(|t| format!(" (test {}: {})", t.id(), t.plan.source.describe()))
            .unwrap_or_default();
        match std::fs::read(out.join(rel)) {
            Err(_) => differences.push(format!("{} is missing{source}", out.join(rel).display())),
            Ok(_) if edited.contains(rel) => differences.push(format!(
                "{} was edited by hand since the last build: it is neither what the last build \
                 wrote nor what the plan produces{source} (`judge build` keeps your version in \
                 the trash and writes the plan's)",
                out.join(rel).display()
            )),
            Ok(old) if old != *bytes => differences.push(format!(
                "{} differs from what the plan produces{source}",
                out.join(rel).display()
            )),
            Ok(_) => {}
        }
    }
    let found = leftovers(out, problem, &files, &recorded);
    for rel in found.stale {
        differences.push(format!(
            "{} is not produced by the plan (an earlier build wrote it: `judge build` removes it)",
            out.join(rel).display()
        ));
    }
    for rel in found.edited {
        differences.push(format!(
            "{} was edited by hand since the last build, and the plan no longer produces it \
             (`judge build` moves it to the trash, never deletes it)",
            out.join(rel).display()
        ));
    }
    for rel in found.unknown {
        differences.push(format!(
            "{} is unknown: the plan does not produce it and no build wrote it (`judge build` \
             moves it to the trash, never deletes it)",
            out.join(rel).display()
        ));
    }
    differences
}
