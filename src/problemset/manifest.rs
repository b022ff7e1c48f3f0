//! `manifest.toml`: what `judge build` wrote for a problem (every test's group and name, in
//! plan order, and its files' sizes and SHA-256)
//! and the settings it was built for (limits and checker options). [`verify`] checks the test
//! data and judge.toml against it before solutions are judged, so that test data changed
//! after the build, or a limit changed in judge.toml without a rebuild, is an error naming the
//! file, never a silent run.

use std::collections::HashMap;
use std::fmt::Display;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::problemset::files::test_data_files;
use crate::problemset::names::{check_name, is_test_file, test_path};
use crate::problemset::plan::ProblemPlan;

/// The settings of a problem that its test data was built and verified for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// CPU seconds per test.
    pub time_limit: f64,
    /// MiB of memory per test.
    pub memory_limit: u64,
    /// MiB per file a solution may write.
    pub file_size_limit: u64,
    /// The checker's order option.
    pub order: String,
    /// The checker's wrap option.
    pub wrap: usize,
}

impl Settings {
    /// The settings judge.toml gives `problem`.
    pub fn of(problem: &ProblemPlan) -> Settings {
        Settings {
            time_limit: problem.time_limit,
            memory_limit: problem.memory_limit,
            file_size_limit: problem.file_size_limit,
            order: problem.checker.order.name().to_string(),
            wrap: problem.checker.wrap,
        }
    }

    /// `name: recorded -> now` for every setting that differs.
    fn differences(&self, now: &Settings) -> Vec<String> {
        let mut out = Vec::new();
        let mut compare = |name: &str, recorded: &dyn Display, current: &dyn Display| {
            let (recorded, current) = (recorded.to_string(), current.to_string());
            if recorded != current {
                out.push(format!("{name} = {current} (built with {recorded})"));
            }
        };
        compare("time_limit", &self.time_limit, &now.time_limit);
        compare("memory_limit", &self.memory_limit, &now.memory_limit);
        compare(
            "file_size_limit",
            &self.file_size_limit,
            &now.file_size_limit,
        );
        compare("order", &self.order, &now.order);
        compare("wrap", &self.wrap, &now.wrap);
        out
    }
}

/// The manifest of one problem.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// The problem's name.
    pub problem: String,
    /// Its format.
    pub format: String,
    /// The settings it was built for.
    pub settings: Settings,
    /// Its tests, in plan order.
    pub test: Vec<Entry>,
}

/// One test of a manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Its name within its group: the file name without extension.
    pub name: String,
    /// Its group: the directory of its files.
    pub group: String,
    /// Its generator command, or `manual`.
    pub source: String,
    /// The value `{seed}` took in a generator program's command, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How many cases its input holds.
    pub cases: usize,
    /// The input's size.
    pub input_bytes: usize,
    /// The input's SHA-256, in hex.
    pub input_sha256: String,
    /// The answer's size.
    pub answer_bytes: usize,
    /// The answer's SHA-256, in hex.
    pub answer_sha256: String,
}

impl Entry {
    /// `group/name`.
    pub fn id(&self) -> String {
        format!("{}/{}", self.group, self.name)
    }

    /// Its input's path under the problem's directory: `group/name.in`.
    pub fn input_path(&self) -> PathBuf {
        test_path(&self.group, &self.name, "in")
    }

    /// Its answer's path under the problem's directory: `group/name.ans`.
    pub fn answer_path(&self) -> PathBuf {
        test_path(&self.group, &self.name, "ans")
    }
}

impl Manifest {
    /// The text of `manifest.toml`.
    pub fn render(&self) -> String {
        format!(
            "# Written by `judge build` from judge.toml: do not edit.\n{}",
            toml::to_string(self).expect("a manifest serialises")
        )
    }
}

/// SHA-256 in lower-case hex.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What the last build recorded under a problem's directory `dir`: the SHA-256 of each test
/// file it wrote, by path relative to `dir`, from the manifest there (none when there is no
/// manifest or it does not read).
pub fn recorded(dir: &Path) -> HashMap<PathBuf, String> {
    std::fs::read_to_string(dir.join("manifest.toml"))
        .ok()
        .and_then(|text| toml::from_str::<Manifest>(&text).ok())
        .map(|old| {
            old.test
                .iter()
                .flat_map(|e| {
                    [
                        (e.input_path(), e.input_sha256.clone()),
                        (e.answer_path(), e.answer_sha256.clone()),
                    ]
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Checks the test data of `problem` under `data` against its manifest, and the manifest's
/// settings against judge.toml: every listed file present with its size and SHA-256, no test
/// file that the manifest does not list, and the same limits and checker options. The error
/// names the file and says what to do. Returns the manifest: its tests, in plan order, are
/// the ones to judge.
pub fn verify(problem: &ProblemPlan, data: &Path) -> Result<Manifest, String> {
    let dir = data.join(&problem.name);
    let path = dir.join("manifest.toml");
    let rebuild = "run `judge build` (and review the change) before judging";
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}: {rebuild}", path.display()))?;
    let manifest: Manifest = toml::from_str(&text)
        .map_err(|e| format!("{}: not a manifest of `judge build`: {e}", path.display()))?;
    if manifest.problem != problem.name || manifest.format != problem.format.name() {
        return Err(format!(
            "{} is the manifest of {} ({}), not of {} ({})",
            path.display(),
            manifest.problem,
            manifest.format,
            problem.name,
            problem.format.name()
        ));
    }
    let differences = manifest.settings.differences(&Settings::of(problem));
    if !differences.is_empty() {
        return Err(format!(
            "judge.toml sets {} for {}, but its test data was built and verified for other \
             settings ({}): {rebuild}",
            differences.join(", "),
            problem.name,
            path.display()
        ));
    }
    let mut listed = std::collections::BTreeSet::new();
    for entry in &manifest.test {
        // Names become paths: a manifest naming anything else is not one `judge build` wrote.
        check_name("the group", &entry.group)
            .and_then(|()| check_name("the test", &entry.name))
            .map_err(|e| format!("{}: {e}: {rebuild}", path.display()))?;
        for (rel, bytes, hash) in [
            (entry.input_path(), entry.input_bytes, &entry.input_sha256),
            (
                entry.answer_path(),
                entry.answer_bytes,
                &entry.answer_sha256,
            ),
        ] {
            let file = dir.join(&rel);
            listed.insert(rel);
            let content = std::fs::read(&file)
                .map_err(|e| format!("cannot read {}: {e}: {rebuild}", file.display()))?;
            if content.len() != bytes || sha256(&content) != *hash {
                return Err(format!(
                    "{} is not the file `judge build` wrote (its size or SHA-256 differs from \
                     {}): the test data was changed after the build; {rebuild}",
                    file.display(),
                    path.display()
                ));
            }
        }
    }
    for rel in test_data_files(&dir) {
        let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if is_test_file(name) && !listed.contains(&rel) {
            return Err(format!(
                "{} is not listed in {}: {rebuild}",
                dir.join(rel).display(),
                path.display()
            ));
        }
    }
    Ok(manifest)
}
