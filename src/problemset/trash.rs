//! The trash folder: where `judge build` (and `judge stress --save`) keeps the files of the
//! test data that no build wrote (a setter's own, or a built file edited by hand), so that
//! nothing a setter wrote is lost or deleted unnamed. A file edited by hand is one whose bytes
//! differ from what the last build recorded in the manifest ([`edited_by_hand`]); it is
//! copied here before the plan's bytes replace it ([`keep_edits`]). A new folder per build
//! under the ignored `target/trash/` beside judge.toml, named by the time (UTC) and the
//! process.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::problemset::clock::Utc;
use crate::problemset::files::write_atomic;
use crate::problemset::manifest::sha256;
use crate::problemset::plan::Plan;

/// A new trash folder for a build of the plan at `plan`: `target/trash/TIME-PID` beside it
/// (`2026-12-03T07-05-09Z-4242`), not made until something is moved into it.
pub fn folder(plan: &Path) -> PathBuf {
    let now = Utc::now();
    let stamp = format!(
        "{}T{:02}-{:02}-{:02}Z-{}",
        now.date(),
        now.hour,
        now.minute,
        now.second,
        std::process::id()
    );
    let trash = Plan::beside(plan, "target/trash");
    trash.join(stamp)
}

/// The files of `files` (problem `problem`'s, relative to `out`) that were edited by hand since
/// the last build: on disk they differ both from the bytes the plan now produces and from what
/// the last build `recorded` (or it recorded nothing for them). The manifest is the build's
/// own record, never a setter's.
pub fn edited_by_hand(
    out: &Path,
    problem: &str,
    files: &[(PathBuf, Vec<u8>)],
    recorded: &HashMap<PathBuf, String>,
) -> Vec<PathBuf> {
    let manifest = Path::new(problem).join("manifest.toml");
    files
        .iter()
        .filter(|(rel, _)| *rel != manifest)
        .filter(|(rel, bytes)| {
            let Ok(now) = std::fs::read(out.join(rel)) else {
                return false;
            };
            let record = rel.strip_prefix(problem).ok().and_then(|r| recorded.get(r));
            now != *bytes && record != Some(&sha256(&now))
        })
        .map(|(rel, _)| rel.clone())
        .collect()
}

/// Why a file went to the trash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// No build wrote it (a setter's own file): moved.
    Unknown,
    /// A built file edited by hand since the last build, that the plan no longer produces:
    /// moved.
    EditedDropped,
    /// A built file edited by hand since the last build, that the plan still produces:
    /// copied, then the plan's bytes written in its place.
    EditedRebuilt,
}

/// A file kept in the trash: where it was (relative to the output directory), where it is
/// now, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trashed {
    /// Where it was, relative to the output directory.
    pub path: PathBuf,
    /// Where it is now.
    pub to: PathBuf,
    /// Why it went there.
    pub why: Why,
}

/// Copies each file of `files` edited by hand since the last build ([`edited_by_hand`]) under
/// `trash`, keeping its path relative to `out`, before the plan's bytes replace it.
pub fn keep_edits(
    out: &Path,
    problem: &str,
    files: &[(PathBuf, Vec<u8>)],
    recorded: &HashMap<PathBuf, String>,
    trash: &Path,
) -> std::io::Result<Vec<Trashed>> {
    let mut kept = Vec::new();
    for path in edited_by_hand(out, problem, files, recorded) {
        let to = trash.join(&path);
        copy_file(&out.join(&path), &to)?;
        kept.push(Trashed {
            path,
            to,
            why: Why::EditedRebuilt,
        });
    }
    Ok(kept)
}

/// Copies `from` to `to` (made atomically, with its directory).
fn copy_file(from: &Path, to: &Path) -> std::io::Result<()> {
    let bytes = std::fs::read(from).map_err(|e| {
        std::io::Error::new(e.kind(), format!("cannot read {}: {e}", from.display()))
    })?;
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir)?;
    }
    write_atomic(to, &bytes)
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot write {}: {e}", to.display())))
}
