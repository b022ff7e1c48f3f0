//! A package in memory: files by path, written out as a directory or a zip, byte for byte the
//! same on every run (sorted entries, fixed modes, fixed zip timestamps).

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Cursor, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

use crate::problemset::plan::SolutionPlan;

/// One file of a package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageFile {
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Whether it is a program (mode 755) rather than data (mode 644).
    pub executable: bool,
}

impl PackageFile {
    /// The Unix mode it is written with.
    pub fn mode(&self) -> u32 {
        if self.executable { 0o755 } else { 0o644 }
    }
}

/// A shipped solution in the package: where it is, or why it is not there.
#[derive(Debug, Clone)]
pub struct Carried<'a> {
    /// The solution in judge.toml.
    pub solution: &'a SolutionPlan,
    /// Its path in the package, or `Err(why it was left out)`.
    pub at: Result<String, String>,
}

/// A problem package: its directory name and its files by `/`-separated relative path, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// The directory name (the problem's name).
    pub name: String,
    /// The file whose presence marks an existing directory as a package of this kind, which
    /// a new export may replace (`problem.yaml`, `task.yaml`, `script.txt`).
    pub marker: &'static str,
    /// Files whose presence marks a package of another kind that has the same marker (a
    /// Kattis package's `.timelimit` beside its `problem.yaml`): never replaced.
    pub unlike: &'static [&'static str],
    /// The files.
    pub files: BTreeMap<String, PackageFile>,
    /// What the export changed on the way, for the user (e.g. tests left out).
    pub notes: Vec<String>,
}

impl Package {
    /// An empty package.
    pub fn new(name: &str, marker: &'static str) -> Package {
        Package {
            name: name.to_string(),
            marker,
            unlike: &[],
            files: BTreeMap::new(),
            notes: Vec::new(),
        }
    }

    /// Adds a data file.
    pub fn add(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.insert(path.into(), bytes.into(), false);
    }

    /// Adds a program (mode 755).
    pub fn add_executable(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.insert(path.into(), bytes.into(), true);
    }

    fn insert(&mut self, path: String, bytes: Vec<u8>, executable: bool) {
        debug_assert!(!path.starts_with('/') && !path.split('/').any(|c| c == ".."));
        self.files.insert(path, PackageFile { bytes, executable });
    }

    /// All bytes of all files.
    pub fn bytes(&self) -> usize {
        self.files.values().map(|f| f.bytes.len()).sum()
    }

    /// Writes the package as `out/NAME/`, replacing an earlier export of the same kind. The
    /// files are written into a temporary directory next to it, which is then renamed, so an
    /// interrupted export leaves the old package or the new one. A directory that exists but
    /// has no marker file is left alone (an error): it is not ours to delete.
    pub fn write_dir(&self, out: &Path) -> io::Result<PathBuf> {
        fs::create_dir_all(out)?;
        let target = out.join(&self.name);
        if target.exists() && !target.join(self.marker).is_file() {
            return Err(io::Error::other(format!(
                "{} exists and is not an earlier export (it has no {}); remove it or choose \
                 another directory",
                target.display(),
                self.marker
            )));
        }
        if let Some(other) = self.unlike.iter().find(|f| target.join(f).exists()) {
            return Err(io::Error::other(format!(
                "{} holds an export of another kind (it has {other}); remove it or choose \
                 another directory",
                target.display(),
            )));
        }
        let tmp = out.join(format!(".{}.export-tmp-{}", self.name, std::process::id()));
        if tmp.exists() {
            fs::remove_dir_all(&tmp)?;
        }
        let result = self.write_files(&tmp).and_then(|()| {
            if target.exists() {
                fs::remove_dir_all(&target)?;
            }
            fs::rename(&tmp, &target)
        });
        if result.is_err() {
            let _ = fs::remove_dir_all(&tmp);
        }
        result.map(|()| target)
    }

    fn write_files(&self, dir: &Path) -> io::Result<()> {
        fs::create_dir_all(dir)?;
        for (rel, file) in &self.files {
            let path = dir.join(rel);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(&path, &file.bytes)?;
            fs::set_permissions(&path, fs::Permissions::from_mode(file.mode()))?;
        }
        Ok(())
    }

    /// The package as a zip archive, files at the archive's root (as DOMjudge's importer
    /// wants them), in path order, deflated, every entry dated 1980-01-01 00:00 with its mode.
    pub fn zip(&self) -> io::Result<Vec<u8>> {
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        for (rel, file) in &self.files {
            let options = SimpleFileOptions::default()
                .compression_method(CompressionMethod::Deflated)
                .last_modified_time(DateTime::default())
                .unix_permissions(file.mode());
            zip.start_file(rel.as_str(), options)
                .map_err(io::Error::other)?;
            zip.write_all(&file.bytes)?;
        }
        Ok(zip.finish().map_err(io::Error::other)?.into_inner())
    }

    /// The package in `archive`, a zip [`Package::zip`] wrote (each entry's bytes and
    /// whether its mode is executable), named `name` with no marker: zipped again, the same
    /// bytes.
    pub fn unzip(name: &str, archive: &[u8]) -> io::Result<Package> {
        let mut archive = ZipArchive::new(Cursor::new(archive)).map_err(io::Error::other)?;
        let mut package = Package::new(name, "");
        for i in 0..archive.len() {
            let mut entry = archive.by_index(i).map_err(io::Error::other)?;
            let path = match (entry.enclosed_name(), std::str::from_utf8(entry.name_raw())) {
                (Some(_), Ok(path)) if !path.starts_with('/') => path.to_string(),
                _ => {
                    return Err(io::Error::other(format!(
                        "an entry named {:?} is not a package's file",
                        String::from_utf8_lossy(entry.name_raw())
                    )));
                }
            };
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes)?;
            let executable = entry.unix_mode().is_some_and(|mode| mode & 0o111 != 0);
            package.insert(path, bytes, executable);
        }
        Ok(package)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zips_are_identical_and_list_files_in_order_with_modes() {
        let mut p = Package::new("demo", "marker");
        p.add("b/data.txt", "data\n");
        p.add_executable("a/run", "#!/bin/sh\n");
        let first = p.zip().unwrap();
        assert_eq!(first, p.zip().unwrap());
        let mut archive = zip::ZipArchive::new(Cursor::new(first)).unwrap();
        let names: Vec<String> = (0..archive.len())
            .map(|i| String::from_utf8(archive.by_index(i).unwrap().name_raw().to_vec()).unwrap())
            .collect();
        assert_eq!(names, ["a/run", "b/data.txt"]);
        assert_eq!(
            archive.by_name("a/run").unwrap().unix_mode(),
            Some(0o100755)
        );
        assert_eq!(
            archive.by_name("b/data.txt").unwrap().unix_mode(),
            Some(0o100644)
        );
    }

    #[test]
    fn an_unzipped_package_zips_to_the_same_bytes() {
        let mut p = Package::new("demo", "marker");
        p.add("b/data.txt", "data\n");
        p.add_executable("a/run", "#!/bin/sh\n");
        let zipped = p.zip().unwrap();
        let again = Package::unzip("demo", &zipped).unwrap();
        assert_eq!(again.files, p.files);
        assert_eq!(again.zip().unwrap(), zipped);
    }

    #[test]
    fn a_foreign_directory_is_not_replaced() {
        let out = std::env::temp_dir().join(format!("bj-package-{}", std::process::id()));
        let _ = fs::remove_dir_all(&out);
        fs::create_dir_all(out.join("demo")).unwrap();
        fs::write(out.join("demo/keep.txt"), "mine").unwrap();
        let mut p = Package::new("demo", "marker");
        p.add("marker", "");
        assert!(p.write_dir(&out).is_err());
        assert_eq!(fs::read(out.join("demo/keep.txt")).unwrap(), b"mine");
        fs::remove_file(out.join("demo/keep.txt")).unwrap();
        fs::write(out.join("demo/marker"), "old").unwrap();
        fs::write(out.join("demo/stale"), "old").unwrap();
        p.write_dir(&out).unwrap();
        assert!(!out.join("demo/stale").exists());
        assert_eq!(fs::read(out.join("demo/marker")).unwrap(), b"");
        fs::remove_dir_all(&out).unwrap();
    }
}
