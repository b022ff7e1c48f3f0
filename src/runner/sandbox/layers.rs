//! The layers of the sandbox as the judge reports them: the [`Mode`] asked for, each
//! [`Layer`], and which protect the runs and which do not, with why ([`Layers`], made by
//! [`Sandbox::layers`]).

use std::fmt;

use serde::Serialize;

use super::Sandbox;
use super::uid::FIRST_UID;

/// How much of the sandbox to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Every layer the machine allows; the others are reported as unavailable.
    #[default]
    Auto,
    /// Every layer, or refuse to run.
    Strict,
    /// No sandbox: the program runs as the judge, in the judge's directory, with its
    /// environment (for debugging only).
    Off,
}

impl Mode {
    /// Parses `auto`, `strict` or `off`.
    pub fn parse(text: &str) -> Result<Mode, String> {
        match text {
            "auto" => Ok(Mode::Auto),
            "strict" => Ok(Mode::Strict),
            "off" => Ok(Mode::Off),
            other => Err(format!(
                "unknown sandbox mode '{other}' (expected auto, strict or off)"
            )),
        }
    }
}

/// A protection layer of the sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    /// A session of its own, and the sweep of escaped processes.
    Session,
    /// An empty working directory per run, removed afterwards.
    PrivateDir,
    /// A fixed environment, no inherited descriptor, `no_new_privs`.
    CleanState,
    /// CPU, memory, stack, file size and core limits.
    Limits,
    /// An unprivileged uid per run, with a process limit.
    User,
    /// The Landlock filesystem view and scopes.
    Landlock,
    /// pid, network and IPC namespaces.
    Namespaces,
    /// Whole-run accounting and limits by cgroup.
    Cgroup,
    /// A root filesystem of its own, in a mount namespace, with a bounded tmpfs as `/tmp`.
    Root,
    /// System calls no solution needs, denied by seccomp-bpf.
    Seccomp,
}

impl Layer {
    /// Every layer, in the order they are listed.
    pub const ALL: [Layer; 10] = [
        Layer::Session,
        Layer::PrivateDir,
        Layer::CleanState,
        Layer::Limits,
        Layer::User,
        Layer::Root,
        Layer::Landlock,
        Layer::Namespaces,
        Layer::Cgroup,
        Layer::Seccomp,
    ];
}

/// A layer that protects the runs, as the report shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Applied {
    /// The layer.
    pub layer: Layer,
    /// How it shows in the one-line summary, e.g. `landlock v7`.
    pub label: String,
}

/// A layer that does not protect the runs, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unavailable {
    /// The layer.
    pub layer: Layer,
    /// Why the machine does not allow it.
    pub why: String,
}

/// Which layers protect the runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Layers {
    /// The mode asked for.
    pub mode: &'static str,
    /// What protects each run.
    pub applied: Vec<Applied>,
    /// What does not, and why.
    pub unavailable: Vec<Unavailable>,
}

impl fmt::Display for Layers {
    /// `sandbox: session, private dir, ... (unavailable: cgroup: not root)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mode == "off" {
            return f.write_str(
                "sandbox: OFF: solutions run as the judge's user, in its directory, with its \
                 environment and files",
            );
        }
        let applied: Vec<&str> = self.applied.iter().map(|a| a.label.as_str()).collect();
        write!(f, "sandbox: {}", applied.join(", "))?;
        if !self.unavailable.is_empty() {
            let missing: Vec<String> = self
                .unavailable
                .iter()
                .map(|u| format!("{}: {}", label_of(u.layer), u.why))
                .collect();
            write!(f, " (unavailable: {})", missing.join("; "))?;
        }
        Ok(())
    }
}

/// How a layer shows in the one-line summary.
pub fn label_of(layer: Layer) -> &'static str {
    match layer {
        Layer::Session => "session",
        Layer::PrivateDir => "private dir",
        Layer::CleanState => "clean env",
        Layer::Limits => "rlimits",
        Layer::User => "user",
        Layer::Landlock => "landlock",
        Layer::Namespaces => "pid+net+ipc+uts ns",
        Layer::Cgroup => "cgroup",
        Layer::Root => "private root",
        Layer::Seccomp => "seccomp",
    }
}

impl Sandbox {
    /// Which layers protect the runs, and which do not (with why).
    pub fn layers(&self) -> Layers {
        let mode = match self.mode {
            Mode::Auto => "auto",
            Mode::Strict => "strict",
            Mode::Off => "off",
        };
        if self.mode == Mode::Off {
            let unavailable = Layer::ALL
                .iter()
                .map(|&layer| Unavailable {
                    layer,
                    why: "--sandbox off".into(),
                })
                .collect();
            return Layers {
                mode,
                applied: Vec::new(),
                unavailable,
            };
        }
        let applied = Layer::ALL
            .iter()
            .filter(|&&layer| self.unavailable.iter().all(|u| u.layer != layer))
            .map(|&layer| Applied {
                layer,
                label: match layer {
                    Layer::User => format!("uid {FIRST_UID}+ (one per run)"),
                    Layer::Landlock => format!("landlock v{}", self.landlock_abi),
                    Layer::Namespaces if self.namespaces & libc::CLONE_NEWUSER != 0 => {
                        "user+pid+net+ipc+uts ns".into()
                    }
                    Layer::Cgroup => self.cgroups.as_ref().map_or("cgroup", |h| h.label()).into(),
                    other => label_of(other).into(),
                },
            })
            .collect();
        Layers {
            mode,
            applied,
            unavailable: self.unavailable.clone(),
        }
    }
}
