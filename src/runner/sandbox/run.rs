//! One prepared run: the command to spawn (with, as root, the run's pid namespace and its
//! init made around the spawn), what the run's cgroup and namespace init report, and what the
//! sandbox removes after it.

use std::ffi::CString;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use super::cgroup::{self, Usage};
use super::child::{ChildPlan, ReportPage};
use super::directories::{c_path, fresh_directory, remove_tree};
use super::disk::DiskReport;
use super::limits::{MALLOC_ENV, rlimits_without_sandbox};
use super::{init, namespace_pool, uid};
use crate::runner::Limits;
use crate::runner::io_files::{IoFiles, OutputFile, read_output};

/// One prepared run: the command to spawn, and what the sandbox removes after it.
pub(in crate::runner) struct Run {
    /// The command, with its `pre_exec` set.
    pub command: Command,
    /// The run's private directory (without a root of its own), removed after it.
    pub(super) private: Option<PathBuf>,
    /// The run's cgroup, released after it.
    pub(super) cgroup: Option<cgroup::RunGroup>,
    /// The run's uid, held until it ends.
    pub(super) _uid: Option<uid::UidSlot>,
    /// When the judge makes the run's pid namespace: its own pid namespace, to come back to.
    pub(super) pid_namespace: Option<Arc<OwnedFd>>,
    /// The init of the run's pid namespace, once spawned.
    pub(super) init: Option<init::Init>,
    /// When the run's process makes its pid namespace (not root): the page where the
    /// namespace's init keeper leaves the peak memory of the run's processes.
    pub(super) report: Option<Arc<ReportPage>>,
    /// The namespaces made ahead for this run, closed (by their maker) after it.
    pub(super) namespaces: Option<namespace_pool::Lease>,
    /// With a root of its own: where the run's process sends a descriptor of its `/tmp`.
    pub(super) disk: Option<DiskReport>,
    /// What the run's input file is copied from, open until the spawn returned.
    pub(super) _input_source: Option<OwnedFd>,
}

impl Run {
    /// Spawns the command with `spawn`. When the judge makes the run's pid namespace, the
    /// calling thread enters it for its children, starts the namespace's init (its first
    /// process), spawns the command (its second), and comes back to the judge's namespace.
    pub fn spawn<T>(
        &mut self,
        spawn: impl FnOnce(&mut Command) -> std::io::Result<T>,
    ) -> std::io::Result<T> {
        let spawned = match &self.pid_namespace {
            None => spawn(&mut self.command),
            Some(own) => {
                // SAFETY: unshare and setns change only this thread's namespace for its
                // children.
                if unsafe { libc::unshare(libc::CLONE_NEWPID) } != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                let spawned = init::Init::start().and_then(|init| {
                    self.init = Some(init);
                    spawn(&mut self.command)
                });
                // SAFETY: as above; `own` is the judge's own pid namespace, always allowed to
                // root.
                if unsafe { libc::setns(own.as_raw_fd(), libc::CLONE_NEWPID) } != 0 {
                    let e = std::io::Error::last_os_error();
                    // This thread's children would all go to a namespace whose init is gone.
                    panic!("cannot come back to the judge's pid namespace: {e}");
                }
                spawned
            }
        };
        if let (Ok(_), Some(disk)) = (&spawned, &mut self.disk) {
            // (Kept for a spawn retried after `ETXTBSY`: its plan names the same descriptor.)
            disk.spawned();
        }
        spawned
    }

    /// What ends every process left in the run's pid namespace (the end of its init), for
    /// the judge to call as soon as the solution itself was reaped; `None` when the judge
    /// made no init.
    pub fn namespace_end(&mut self) -> Option<Box<dyn FnOnce() + Send>> {
        let init = self.init.take()?;
        Some(Box::new(move || drop(init)))
    }

    /// The peak memory of the run's processes as the init keeper of its pid namespace saw
    /// them, when the run's process made that namespace (not root): then the process the
    /// judge waits for is a keeper, a copy of the judge, whose resident memory is the
    /// judge's and no part of the run.
    pub fn reported_peak_memory(&self) -> Option<u64> {
        self.report
            .as_ref()
            .and_then(|page| page.peak_memory_bytes())
    }

    /// Whether the run's own `/tmp` was full when it ended (read after the run's processes
    /// ended; see [`super::disk`]); `false` for a run without one.
    pub fn disk_full(&self) -> bool {
        self.disk.as_ref().is_some_and(DiskReport::full)
    }

    /// Today's runner without a sandbox: a new process group, the limits and glibc's malloc
    /// setting ([`MALLOC_ENV`]), the judge's environment otherwise; the judge's working
    /// directory, or a fresh one (removed after the run) when the run has `files`.
    pub(super) fn unsandboxed(
        program: &str,
        args: &[String],
        limits: &Limits,
        files: &IoFiles,
        input_file: Option<(OwnedFd, CString)>,
    ) -> Result<Run, String> {
        let mut command = Command::new(program);
        command
            .args(args)
            .process_group(0)
            .env(MALLOC_ENV.0, MALLOC_ENV.1);
        let private = match files.input.is_some() || files.output.is_some() {
            true => Some(fresh_directory("boardjudge-run")?),
            false => None,
        };
        let plan = ChildPlan {
            limits: rlimits_without_sandbox(limits),
            workdir: private.as_deref().map(c_path).transpose()?,
            input_file: input_file
                .as_ref()
                .map(|(fd, name)| (fd.as_raw_fd(), name.clone())),
            ..ChildPlan::default()
        };
        // SAFETY: ChildPlan::apply only makes system calls (here: setrlimit, chdir, and the
        // input file's open, sendfile and close).
        unsafe {
            command.pre_exec(move || plan.apply());
        }
        Ok(Run::new(command, private, input_file.map(|(fd, _)| fd)))
    }

    /// A run of `command` with no layer of the sandbox's yet: `private`, its directory to
    /// remove after it; `input_source`, what its input file is copied from.
    pub(super) fn new(
        command: Command,
        private: Option<PathBuf>,
        input_source: Option<OwnedFd>,
    ) -> Run {
        Run {
            command,
            private,
            cgroup: None,
            _uid: None,
            pid_namespace: None,
            init: None,
            report: None,
            namespaces: None,
            disk: None,
            _input_source: input_source,
        }
    }

    /// The output file `name` the run left in its working directory, read once every process
    /// of the run ended, at most `cap` bytes ([`read_output`]).
    pub fn output_file(&self, name: &str, cap: u64) -> OutputFile {
        if let Some(disk) = &self.disk {
            return match disk.tmp() {
                Some(dir) => read_output(dir, name, cap),
                None => OutputFile::Refused("the run's working directory was not reported".into()),
            };
        }
        let Some(private) = &self.private else {
            return OutputFile::Absent;
        };
        let directory = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW)
            .open(private);
        match directory {
            Ok(dir) => read_output(dir.as_fd(), name, cap),
            Err(e) => OutputFile::Refused(format!("cannot open the run's directory: {e}")),
        }
    }

    /// CPU time so far over every process of the run, where a cgroup counts it.
    pub fn cpu_so_far(&self) -> Option<Duration> {
        self.cgroup
            .as_ref()
            .map(|g| Duration::from_nanos(g.cpu_nanos()))
    }

    /// The run's processes as its cgroup lists them, where it has one.
    pub fn listed_processes(&self) -> Option<Vec<libc::pid_t>> {
        self.cgroup.as_ref().map(cgroup::RunGroup::pids)
    }

    /// How long the run's processes waited for a CPU, where its cgroup tells it (v2's
    /// `cpu.pressure`).
    pub fn cpu_wait(&self) -> Option<Duration> {
        self.cgroup.as_ref().and_then(cgroup::RunGroup::cpu_wait)
    }

    /// Ends the run: reads the cgroup's counts; dropped then, it kills what is left of the
    /// run and removes its cgroup and its private directory.
    pub fn finish(self) -> Option<Usage> {
        self.cgroup.as_ref().map(cgroup::RunGroup::usage)
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        if let Some(group) = self.cgroup.take() {
            group.release();
        }
        if let Some(private) = self.private.take() {
            remove_tree(&private);
        }
    }
}
