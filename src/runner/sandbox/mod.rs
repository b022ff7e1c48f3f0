//! The sandbox every run of an untrusted program goes through. Each layer is applied when
//! the machine allows it ([`Mode::Auto`]); [`Sandbox::layers`] says which protect the runs
//! and why the others do not. The layers, in their rooms (docs/sandbox.md has the details):
//! session (`setsid`, the runner sweeps what escaped); private directory ([`staging`]);
//! clean state (fixed environment, descriptors above 2 closed, `no_new_privs`); limits
//! ([`limits`]); user, as root ([`uid`]); private root ([`root`], its disk fact in
//! [`disk`]); landlock ([`filesystem`]); namespaces ([`namespaces`], [`ipc`], [`init`],
//! [`namespace_pool`]); cgroup ([`cgroup`]); seccomp ([`seccomp`]).
//!
//! The program and the files its command line names are staged, copied once into a
//! read-only directory, so the solution never needs to see the repository ([`staging`]).
//! [`Sandbox::new`] probes which layers the machine allows; [`Sandbox::prepare`] gathers
//! what each does for a run into the [`child::ChildPlan`] the run's process carries out
//! between `fork` and `exec`. Besides: [`layers`] (modes and reports), [`run`] (a prepared
//! run), [`directories`] (the sandbox's folders, those of dead judges swept) and
//! [`cleanup`] (what an interrupted judge removes).

mod cgroup;
mod child;
mod cleanup;
mod directories;
mod disk;
mod filesystem;
mod init;
mod ipc;
mod layers;
mod limits;
mod namespace_pool;
mod namespaces;
mod root;
mod run;
mod seccomp;
mod staging;
mod toolchains;
mod uid;

use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::fs;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

use super::io_files::{IoFiles, input_source};
use super::{Argv, Input, Limits};
use child::{ChildPlan, ReportPage};
use cleanup::{register_for_cleanup, unregister_for_cleanup};
use directories::{c_path, lock_directory, make_public_dir, sweep_dead_judges};
use layers::label_of;
use limits::{MALLOC_ENV, hard_limit, rlimits};
use namespace_pool::AHEAD;
use namespaces::{id_map, open_namespace, probe_ipc_limits, probe_unshare};
use run::Run;
use staging::{Staged, private_directory};

pub use cgroup::Usage;
pub use cleanup::clean_up_after_interrupt;
pub use directories::{fresh_directory, remove_tree};
pub use layers::{Applied, Layer, Layers, Mode, Unavailable};
pub use limits::{MAX_OPEN_FILES, MAX_PROCESSES, cpu_backstop};
pub use toolchains::directories as toolchain_directories;
pub use uid::{FIRST_UID, UIDS};

/// What a run without a cgroup may hold beyond the memory limit, as the header says it.
const UNBOUNDED: &str = "so the memory a run holds outside its address space is not bounded \
    (a JVM's beyond its heap, up to the extra address space it is granted; pipe buffers)";

/// The `PATH` a sandboxed program sees.
pub const PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The sandbox of one judge process: what the machine allows, probed once, and the
/// directories it keeps for its runs.
#[derive(Debug)]
pub struct Sandbox {
    mode: Mode,
    root: bool,
    landlock_abi: i64,
    /// The `unshare` flags that work here (0: none).
    namespaces: libc::c_int,
    /// The root each run gets in its own mount namespace, when the machine allows one.
    root_plan: Option<Arc<root::Plan>>,
    /// Not root, with a root of its own per run: whether the run's process writes the limits
    /// of its IPC namespace as the root of its user namespace, then moves into a user
    /// namespace of its own (see [`ipc`]); else they stay the kernel's defaults.
    ipc_by_run: bool,
    /// As root, the maker of each run's network, IPC, UTS and mount namespaces, made ahead
    /// of it ([`namespace_pool`]), started at the first run (after [`Sandbox::without`] had
    /// its say on the layers).
    pool: OnceLock<Result<namespace_pool::Pool, String>>,
    /// The seccomp filters, compiled once.
    seccomp: Option<Arc<seccomp::Filters>>,
    /// As root: the judge's own pid namespace, to come back to after starting a run's init
    /// and process in a new one.
    own_pid_namespace: Option<Arc<OwnedFd>>,
    cgroups: Option<cgroup::Hierarchy>,
    unavailable: Vec<Unavailable>,
    /// Holds the staged programs and the private directories (removed on drop).
    base: Option<PathBuf>,
    /// A lock on `base`, held while this sandbox lives: a judge that finds the lock free
    /// knows the directory is a dead judge's, and removes it.
    _base_lock: Option<fs::File>,
    staged: Mutex<HashMap<Argv, Staged>>,
}

impl Sandbox {
    /// No sandbox at all: today's runner (own process group, limits), for debugging.
    pub fn off() -> Sandbox {
        Sandbox {
            mode: Mode::Off,
            root: false,
            landlock_abi: 0,
            namespaces: 0,
            root_plan: None,
            ipc_by_run: false,
            pool: OnceLock::new(),
            seccomp: None,
            own_pid_namespace: None,
            cgroups: None,
            unavailable: Vec::new(),
            base: None,
            _base_lock: None,
            staged: Mutex::new(HashMap::new()),
        }
    }

    /// Probes the machine and sets up the sandbox in `mode`. [`Mode::Strict`] fails, naming
    /// every missing layer, unless all of them are available.
    pub fn new(mode: Mode) -> Result<Sandbox, String> {
        if mode == Mode::Off {
            return Ok(Sandbox::off());
        }
        // SAFETY: geteuid cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let mut unavailable = Vec::new();
        let mut missing = |layer, why: String| unavailable.push(Unavailable { layer, why });
        if !root {
            missing(
                Layer::User,
                "the judge is not root, so solutions run as its own user".into(),
            );
        }
        let landlock_abi = filesystem::kernel_abi();
        if landlock_abi == 0 {
            missing(Layer::Landlock, "the kernel has no Landlock".into());
        }
        let own = libc::CLONE_NEWPID | libc::CLONE_NEWNET | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
        let wanted = if root { own } else { own | libc::CLONE_NEWUSER };
        let mut namespaces = match probe_unshare(wanted) {
            Ok(()) => wanted,
            Err(e) => {
                missing(Layer::Namespaces, format!("unshare is refused: {e}"));
                0
            }
        };
        sweep_dead_judges();
        let base = fresh_directory("boardjudge-sandbox")?;
        private_base(&base, true)?;
        let base_lock = lock_directory(&base)?;
        let root_plan = match namespaces {
            0 => {
                missing(Layer::Root, "no namespaces".into());
                None
            }
            _ => match probe_unshare(namespaces | libc::CLONE_NEWNS) {
                Ok(()) => {
                    let mount_point = base.join("root");
                    make_public_dir(&mount_point)?;
                    namespaces |= libc::CLONE_NEWNS;
                    Some(Arc::new(root::Plan::new(&mount_point)?))
                }
                Err(e) => {
                    missing(Layer::Root, format!("no mount namespace: {e}"));
                    None
                }
            },
        };
        if root && root_plan.is_none() {
            private_base(&base, false)?;
        }
        let ipc_by_run = !root && root_plan.is_some() && probe_ipc_limits();
        let own_pid_namespace = if root && namespaces != 0 {
            let own = open_namespace(c"/proc/self/ns/pid")
                .map_err(|e| format!("cannot open /proc/self/ns/pid: {e}"))?;
            Some(Arc::new(own))
        } else {
            None
        };
        let cgroups = match cgroup::Hierarchy::create() {
            Ok(h) => Some(h),
            Err(why) => {
                // Then nothing bounds what a run holds outside its address space: `--sandbox
                // strict` refuses, and the header says so.
                missing(Layer::Cgroup, format!("{why}; {UNBOUNDED}"));
                None
            }
        };
        // Without a cgroup nothing sums the memory of a run's memfds: none may be made.
        let seccomp = match seccomp::Filters::new(cgroups.is_none()) {
            Ok(filters) => Some(Arc::new(filters)),
            Err(why) => {
                missing(Layer::Seccomp, why);
                None
            }
        };
        if mode == Mode::Strict && !unavailable.is_empty() {
            let why: Vec<String> = unavailable
                .iter()
                .map(|u| format!("{}: {}", label_of(u.layer), u.why))
                .collect();
            remove_tree(&base);
            return Err(format!(
                "--sandbox strict: not every layer is available here ({})",
                why.join("; ")
            ));
        }
        register_for_cleanup(&base, cgroups.as_ref());
        Ok(Sandbox {
            mode,
            root,
            landlock_abi,
            namespaces,
            root_plan,
            ipc_by_run,
            pool: OnceLock::new(),
            seccomp,
            own_pid_namespace,
            cgroups,
            unavailable,
            base: Some(base),
            _base_lock: Some(base_lock),
            staged: Mutex::new(HashMap::new()),
        })
    }

    /// The same sandbox with one optional layer (user, landlock, namespaces or cgroup) left
    /// out, reported as unavailable: for measuring what each layer costs
    /// (`cargo bench --bench sandbox`) and for narrowing down a problem with one layer.
    pub fn without(mut self, layer: Layer) -> Result<Sandbox, String> {
        if self.mode == Mode::Off {
            return Ok(self);
        }
        if self.mode == Mode::Strict {
            return Err("--sandbox strict keeps every layer".into());
        }
        match layer {
            Layer::User => self.root = false,
            Layer::Landlock => self.landlock_abi = 0,
            Layer::Namespaces => {
                // A root of its own needs a mount namespace.
                self.namespaces = 0;
                self.own_pid_namespace = None;
                self.root_plan = None;
                self.ipc_by_run = false;
            }
            Layer::Root => {
                self.root_plan = None;
                self.ipc_by_run = false;
                self.namespaces &= !libc::CLONE_NEWNS;
            }
            Layer::Cgroup => {
                self.cgroups = None;
                // Then memfds are counted by nothing: the filter denies them.
                if self.seccomp.is_some() {
                    self.seccomp = Some(Arc::new(seccomp::Filters::new(true)?));
                }
            }
            Layer::Seccomp => self.seccomp = None,
            other => {
                return Err(format!(
                    "the {} layer is part of every sandboxed run",
                    label_of(other)
                ));
            }
        }
        if let (true, None, Some(base)) = (self.root, &self.root_plan, &self.base) {
            private_base(base, false)?;
        }
        if self.unavailable.iter().all(|u| u.layer != layer) {
            self.unavailable.push(Unavailable {
                layer,
                why: "left out on request".into(),
            });
        }
        Ok(self)
    }

    /// Where the staged programs and the private directories of the runs are (none when
    /// the sandbox is off).
    pub fn directory(&self) -> Option<&Path> {
        self.base.as_deref()
    }

    /// Whether runs are sandboxed at all.
    pub fn is_off(&self) -> bool {
        self.mode == Mode::Off
    }

    /// Prepares one run of `cmd` under `limits`, with `files` (`input` written under the
    /// input file's name in its working directory): the command to spawn and what to clean
    /// up after it.
    pub(super) fn prepare(
        &self,
        cmd: &Argv,
        limits: &Limits,
        files: &IoFiles,
        input: Input<'_>,
    ) -> Result<Run, String> {
        let (program, args) = cmd.split_first().ok_or("empty command")?;
        let input_file = match &files.input {
            Some(name) => {
                let source = input_source(input, limits.file_bytes)
                    .map_err(|e| format!("cannot hold the input for {name}: {e}"))?;
                Some((
                    source,
                    CString::new(name.as_str()).map_err(|e| e.to_string())?,
                ))
            }
            None => None,
        };
        let Some(base) = &self.base else {
            return Run::unsandboxed(program, args, limits, files, input_file);
        };
        let staged = self.stage(base, cmd)?;
        let slot = self.root.then(uid::acquire).transpose()?;
        let mut plan = ChildPlan {
            namespaces: self.namespaces,
            limits: rlimits(limits),
            uid: slot.as_ref().map(|s| s.uid),
            new_keyring: true,
            new_session: true,
            close_fds: true,
            no_new_privs: true,
            seccomp: self.seccomp.clone(),
            disk_report_needed: files.output.is_some(),
            input_file: input_file
                .as_ref()
                .map(|(fd, name)| (fd.as_raw_fd(), name.clone())),
            ..ChildPlan::default()
        };
        // The run's working directory: `/tmp` of its own root, or a private directory.
        // SAFETY: getuid and getgid cannot fail.
        let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
        let (argv, workdir, private) = if let Some(root_plan) = &self.root_plan {
            // The owner of its /tmp, as the run's process mounts it: the run's uid as root;
            // not root, the judge's, which the run's user namespace maps to itself, or to 0
            // when the run's process writes the IPC limits.
            let owner = match &slot {
                Some(slot) => (slot.uid, slot.uid),
                None if self.ipc_by_run => (0, 0),
                None => (uid, gid),
            };
            let per_run = root::PerRun::new(&staged.dir, owner, limits.file_bytes)?;
            plan.root = Some((Arc::clone(root_plan), per_run));
            let argv = root::program_argv(&staged.argv, &staged.dir);
            (argv, root::WORKDIR.to_string(), None)
        } else {
            let private = private_directory(base, slot.as_ref())?;
            plan.workdir = Some(c_path(&private)?);
            let workdir = private.to_string_lossy().into_owned();
            (staged.argv.clone(), workdir, Some(private))
        };
        let mut run = Run::new(
            Command::new(&argv[0]),
            private,
            input_file.map(|(fd, _)| fd),
        );
        if plan.root.is_some() {
            let disk = disk::DiskReport::new()
                .map_err(|e| format!("cannot make the run's disk report: {e}"))?;
            plan.disk_report = Some(disk.child_fd());
            run.disk = Some(disk);
        }
        if self.namespaces & libc::CLONE_NEWPID != 0 {
            if let Some(own) = &self.own_pid_namespace {
                // Root: the judge makes the namespace and its init (see [`init`]); the
                // solution is the judge's own child, the namespace's second process.
                plan.namespaces &= !libc::CLONE_NEWPID;
                run.pid_namespace = Some(Arc::clone(own));
            } else {
                let page = Arc::new(
                    ReportPage::new().map_err(|e| format!("cannot map the report page: {e}"))?,
                );
                plan.report = Some(Arc::clone(&page));
                run.report = Some(page);
            }
        }
        if let Some(pool) = self.pool()? {
            let lease = pool.take()?;
            plan.enter = lease.to_enter();
            plan.namespaces &= !AHEAD;
            plan.root_prepared = true;
            run.namespaces = Some(lease);
        }
        if self.namespaces & libc::CLONE_NEWUSER != 0 {
            if self.ipc_by_run {
                plan.id_maps = Some((id_map(0, uid), id_map(0, gid)));
                plan.ipc_limits = true;
                plan.inner_id_maps = Some((id_map(uid, 0), id_map(gid, 0)));
            } else {
                plan.id_maps = Some((id_map(uid, uid), id_map(gid, gid)));
            }
        }
        // POSIX message queues: the kernel's bound per user, whatever the judge's (a limit
        // cannot rise above the hard one a user has).
        if let Some(hard) = hard_limit(libc::RLIMIT_MSGQUEUE) {
            let bytes = ipc::MESSAGE_QUEUE_BYTES.min(hard);
            plan.limits.push((libc::RLIMIT_MSGQUEUE, bytes, bytes));
        }
        if slot.is_some() || self.namespaces & libc::CLONE_NEWUSER != 0 {
            // Counted per uid, in the run's user namespace when it has one: either way a
            // bound on the run's own processes.
            plan.limits
                .push((libc::RLIMIT_NPROC, MAX_PROCESSES, MAX_PROCESSES));
        }
        if self.landlock_abi > 0 {
            let ruleset = filesystem::ruleset(&staged.dir, run.private.as_deref())?;
            let own_root_access = run
                .private
                .is_none()
                .then(|| filesystem::own_root_access(self.landlock_abi));
            plan.landlock = Some((ruleset, own_root_access));
        }
        if let Some(hierarchy) = &self.cgroups {
            let group = hierarchy
                .run_group(limits.memory_bytes, MAX_PROCESSES)
                .map_err(|e| format!("cannot make the run's cgroup: {e}"))?;
            plan.cgroup_procs = group.procs_fds();
            run.cgroup = Some(group);
        }
        run._uid = slot;
        run.command
            .args(&argv[1..])
            .env_clear()
            .env("PATH", PATH)
            .env("LANG", "C.UTF-8")
            .env("HOME", &workdir)
            .env("TMPDIR", &workdir)
            .env(MALLOC_ENV.0, MALLOC_ENV.1);
        // SAFETY: ChildPlan::apply only makes system calls on data prepared here.
        unsafe {
            run.command.pre_exec(move || plan.apply());
        }
        Ok(run)
    }

    /// The maker of the runs' namespaces, started at the first call, when the judge is root
    /// (it has its own pid namespace to come back to) and the runs have namespaces; or why
    /// it could not start.
    fn pool(&self) -> Result<Option<&namespace_pool::Pool>, String> {
        if self.own_pid_namespace.is_none() || self.namespaces & AHEAD == 0 {
            return Ok(None);
        }
        let pool = self.pool.get_or_init(|| {
            let root = self
                .root_plan
                .clone()
                .filter(|_| self.namespaces & libc::CLONE_NEWNS != 0);
            namespace_pool::Pool::start(root)
        });
        pool.as_ref().map(Some).map_err(Clone::clone)
    }
}

/// The last OS error when a system call returned a negative value.
fn check(r: impl Into<libc::c_long>) -> std::io::Result<()> {
    if r.into() < 0 {
        Err(std::io::Error::last_os_error())
    } else {
        Ok(())
    }
}

/// Writes `text` to the file at `path` (a `/proc` file).
///
/// # Safety
/// Async-signal-safe, for between `fork` and `exec`: only open, write and close.
unsafe fn write_file(path: &CStr, text: &[u8]) -> std::io::Result<()> {
    // SAFETY: a NUL-terminated path and a buffer valid for its length.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        check(fd)?;
        let written = libc::write(fd, text.as_ptr().cast(), text.len());
        let error = std::io::Error::last_os_error();
        libc::close(fd);
        if written < 0 { Err(error) } else { Ok(()) }
    }
}

/// Makes the sandbox's directory the judge's alone (0700) when `alone`: the runs reach their
/// staged program through a bind in their own root, or (not root) run as the judge's own
/// user. Else (root, the runs' per-run uids on the judge's filesystem) 0711: they traverse it
/// to their program and private directory by name, and still list nothing.
fn private_base(base: &Path, alone: bool) -> Result<(), String> {
    let mode = if alone { 0o700 } else { 0o711 };
    fs::set_permissions(base, fs::Permissions::from_mode(mode))
        .map_err(|e| format!("cannot set the mode of {}: {e}", base.display()))
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if let Some(base) = &self.base {
            remove_tree(base);
            unregister_for_cleanup(base);
        }
    }
}
