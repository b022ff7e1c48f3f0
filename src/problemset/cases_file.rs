//! judge.toml's `cases`: the file of a problem's validator's and checker's own tests
//! (`cases = "cases/msquare.toml"`, relative to judge.toml's folder), which every export reads
//! and holds to the validator, solver and checker (a named file that is missing or malformed
//! stops every export, like any other file a package is made from); a problem without the
//! key has none. [`unnamed`] finds the files of the `cases/` folder that no problem names,
//! which `judge build` reports (`--check` fails on them), so that no file of cases is
//! ignored unseen.

use std::path::{Component, Path, PathBuf};

/// The folder beside judge.toml that holds the cases files.
pub const CASES: &str = "cases";

/// A problem's `cases` in judge.toml.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CasesFile {
    /// The file, relative to judge.toml's folder.
    pub path: PathBuf,
    /// The plan that names it, as it was given (`judge.toml`).
    pub plan: PathBuf,
    /// The plan's line that names it.
    pub line: usize,
}

impl CasesFile {
    /// `cases = "PATH"` on `line` of the plan at `plan`: a relative path down from
    /// judge.toml's folder (no `..`, `.` or root), else an error saying so.
    pub fn new(path: &str, plan: &Path, line: usize) -> Result<CasesFile, String> {
        let path = PathBuf::from(path);
        let plain = path.components().all(|c| matches!(c, Component::Normal(_)));
        if path.as_os_str().is_empty() || !plain {
            return Err(format!(
                "cases = {:?}: give a path relative to judge.toml's folder, without `..` or \
                 `.` (e.g. \"{CASES}/NAME.toml\")",
                path.display().to_string()
            ));
        }
        Ok(CasesFile {
            path,
            plan: plan.to_path_buf(),
            line,
        })
    }

    /// Where the plan names it, `PLAN:LINE`, for messages.
    pub fn at(&self) -> String {
        format!("{}:{}", self.plan.display(), self.line)
    }

    /// What is wrong with the cases file of `problem`, in the words of the plan's errors
    /// (after [`CasesFile::at`]): `problem 'NAME': cases = "PATH": WHY`.
    pub fn fault(&self, problem: &str, why: &str) -> String {
        format!(
            "problem '{problem}': cases = {:?}: {why}",
            self.path.display().to_string()
        )
    }

    /// Whether the file is there under `root` (judge.toml's folder): the error says it is not.
    pub fn check(&self, root: &Path) -> Result<(), String> {
        if root.join(&self.path).is_file() {
            Ok(())
        } else {
            Err(format!(
                "no such file: {} (the path is relative to judge.toml's folder)",
                root.join(&self.path).display()
            ))
        }
    }
}

/// The files under `root/cases/` (judge.toml's folder) that none of `named` (paths relative to
/// `root`) is, relative to `root`, sorted; none when there is no such folder. An error names
/// a folder that cannot be read.
pub fn unnamed<'a>(
    root: &Path,
    named: impl IntoIterator<Item = &'a Path>,
) -> Result<Vec<PathBuf>, String> {
    let named: Vec<&Path> = named.into_iter().collect();
    let mut found = Vec::new();
    let mut dirs = vec![PathBuf::from(CASES)];
    while let Some(dir) = dirs.pop() {
        let entries = match std::fs::read_dir(root.join(&dir)) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(format!("cannot read {}: {e}", root.join(&dir).display())),
        };
        for entry in entries {
            let entry =
                entry.map_err(|e| format!("cannot read {}: {e}", root.join(&dir).display()))?;
            let rel = dir.join(entry.file_name());
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                dirs.push(rel);
            } else if !named.contains(&rel.as_path()) {
                found.push(rel);
            }
        }
    }
    found.sort();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_out_of_judge_tomls_folder_is_refused() {
        let plan = Path::new("judge.toml");
        assert!(CasesFile::new("cases/x.toml", plan, 3).is_ok());
        for bad in [
            "",
            "/etc/x.toml",
            "../x.toml",
            "cases/../x.toml",
            "./cases/x.toml",
        ] {
            let e = CasesFile::new(bad, plan, 3).expect_err(bad);
            assert!(e.contains("relative to judge.toml's folder"), "{e}");
        }
    }

    #[test]
    fn a_fault_names_the_plan_line_problem_and_file() {
        let c = CasesFile::new("cases/x.toml", Path::new("judge.toml"), 7).unwrap();
        assert_eq!(
            format!("{}: {}", c.at(), c.fault("demo", "no such file")),
            "judge.toml:7: problem 'demo': cases = \"cases/x.toml\": no such file"
        );
    }
}
