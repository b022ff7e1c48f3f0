//! One way to ready a solution's source for its runs, for `judge run`, `judge stress` and
//! `judge strength`: built into the cache ([`crate::runner::compile`]), then its command and
//! the limits it runs under (a JVM's heap is part of both), or why it cannot run here.

use std::path::Path;

use crate::runner::compile::{BuildLimits, CompileError, compile};
use crate::runner::language::Standard;
use crate::runner::{Argv, Limits, Sandbox};

/// A solution readied for its runs, or why it cannot run.
#[derive(Clone, Debug)]
pub enum Readiness {
    /// It can run: its command and the limits it runs under.
    Ready {
        /// Its command: its words, and which of them name files to stage.
        command: Argv,
        /// The limits it runs under (the problem's, with what its language needs).
        limits: Limits,
    },
    /// Its language's toolchain is not installed here: the compiler's message.
    ToolchainMissing(String),
    /// It does not build: the compiler's message.
    DoesNotBuild(String),
}

impl Readiness {
    /// Its command and limits, when it can run.
    pub fn runnable(&self) -> Option<(&Argv, &Limits)> {
        match self {
            Readiness::Ready { command, limits } => Some((command, limits)),
            _ => None,
        }
    }
}

/// Builds `source` as `standard` (else its language's default) into `cache` (in `sandbox`'s
/// jail under `build`) to run under `limits`: ready with its command and its limits, or its
/// toolchain missing, or it does not build.
pub fn ready(
    source: &Path,
    standard: Option<&'static Standard>,
    limits: &Limits,
    cache: &Path,
    sandbox: &Sandbox,
    build: &BuildLimits,
) -> Readiness {
    match compile(source, standard, cache, sandbox, build) {
        Ok(built) => {
            let limits = built.limits(limits);
            Readiness::Ready {
                command: built.command(&limits),
                limits,
            }
        }
        Err(e @ CompileError::CompilerMissing { .. }) => Readiness::ToolchainMissing(e.to_string()),
        Err(e) => Readiness::DoesNotBuild(e.to_string()),
    }
}
