//! A judge's tool that `--verify` runs: found by an environment variable naming its venv, or
//! on PATH, and asked for its version.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::runner::language::find_in_path;

/// A tool `--verify` runs: its name on PATH, the variable naming its venv, its package.
pub struct Tool {
    /// The program's file name.
    pub program: &'static str,
    /// The environment variable naming a venv that holds it in `bin/`.
    pub variable: &'static str,
    /// Its Python package (for its version, and for the messages).
    pub package: &'static str,
}

/// problemtools' verifyproblem.
pub const VERIFYPROBLEM: Tool = Tool {
    program: "verifyproblem",
    variable: "BOARDJUDGE_PROBLEMTOOLS",
    package: "problemtools",
};

/// BAPCtools' bt.
pub const BT: Tool = Tool {
    program: "bt",
    variable: "BOARDJUDGE_BAPCTOOLS",
    package: "bapctools",
};

impl Tool {
    /// The program: `$VARIABLE/bin/PROGRAM` when the variable is set, else the first on PATH,
    /// as an absolute path (bt runs in the package's folder). The error says how to make it
    /// found.
    pub fn locate(&self) -> Result<PathBuf, String> {
        let missing = || {
            format!(
                "{} not found: set {}=VENV (a venv with {}) or put it on PATH",
                self.program, self.variable, self.package
            )
        };
        if let Some(venv) = std::env::var_os(self.variable) {
            let program = Path::new(&venv).join("bin").join(self.program);
            return if program.is_file() {
                std::path::absolute(&program).map_err(|e| format!("{}: {e}", program.display()))
            } else {
                Err(format!(
                    "{} not found: {} is set but {} is not a file",
                    self.program,
                    self.variable,
                    program.display()
                ))
            };
        }
        find_in_path(self.program)
            .ok_or_else(missing)
            .and_then(|p| std::path::absolute(&p).map_err(|e| format!("{}: {e}", p.display())))
    }

    /// The installed version, as the venv's python beside `program` reports it for the
    /// package, else "version unknown".
    pub fn version(&self, program: &Path) -> String {
        let python = program.with_file_name("python3");
        let asked = Command::new(&python)
            .args([
                "-c",
                "import importlib.metadata, sys; print(importlib.metadata.version(sys.argv[1]))",
            ])
            .arg(self.package)
            .output();
        match asked {
            Ok(out) if out.status.success() => {
                let v = String::from_utf8_lossy(&out.stdout).trim().to_string();
                if v.is_empty() {
                    "version unknown".into()
                } else {
                    v
                }
            }
            _ => "version unknown".into(),
        }
    }
}
