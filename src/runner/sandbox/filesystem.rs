//! The solution's view of the filesystem, with Landlock: read and execute the system
//! directories, read and execute its own staged program, read and write its private
//! directory, nothing else; no signal and no abstract UNIX socket out of its sandbox.

use std::os::fd::OwnedFd;
use std::path::Path;

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset,
    RulesetAttr, RulesetCreatedAttr, Scope,
};

/// The newest Landlock ABI whose rights this sandbox asks for.
const ABI_USED: ABI = ABI::V6;

/// What a compiled program or an interpreter needs to read and execute.
const SYSTEM_DIRECTORIES: [&str; 7] = ["/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/etc"];

/// Devices a program may open for reading and writing.
const DEVICES: [&str; 4] = ["/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"];

/// The Landlock ABI of the running kernel (0 when Landlock is not available).
pub fn kernel_abi() -> i64 {
    // SAFETY: landlock_create_ruleset with a null attribute, size 0 and the VERSION flag
    // only returns a number.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    abi.max(0)
}

/// The filesystem rights the rules of a run in its own root grant on a kernel of Landlock ABI
/// `abi`: on its `/tmp`, every right a ruleset of this sandbox handles; on its `/proc`, reading
/// files and directories. (Those exist only in the child, where the rules are added with plain
/// system calls.)
pub fn own_root_access(abi: i64) -> [u64; 2] {
    let abi = ABI::from(i32::try_from(abi).unwrap_or(i32::MAX));
    let handled = AccessFs::from_all(abi) & AccessFs::from_all(ABI_USED);
    let read = handled & (AccessFs::ReadFile | AccessFs::ReadDir);
    [handled.bits(), read.bits()]
}

/// A ruleset for one run, as a file descriptor for `landlock_restrict_self` in the child:
/// `programs` (the staged program directory) readable and executable, `private` (when the
/// run has one on the judge's filesystem) readable and writable, the system directories
/// readable and executable, and no TCP at all.
pub fn ruleset(programs: &Path, private: Option<&Path>) -> Result<OwnedFd, String> {
    let fail = |e: &dyn std::fmt::Display| format!("landlock: {e}");
    let read_exec = AccessFs::from_read(ABI_USED);
    let everything = AccessFs::from_all(ABI_USED);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(everything)
        .map_err(|e| fail(&e))?
        .handle_access(AccessNet::from_all(ABI_USED))
        .map_err(|e| fail(&e))?
        .scope(Scope::from_all(ABI_USED))
        .map_err(|e| fail(&e))?
        .create()
        .map_err(|e| fail(&e))?;
    let toolchains = super::toolchains::directories().iter().map(|d| d.as_path());
    for dir in SYSTEM_DIRECTORIES.iter().map(Path::new).chain(toolchains) {
        if let Ok(fd) = PathFd::new(dir) {
            ruleset = ruleset
                .add_rule(PathBeneath::new(fd, read_exec))
                .map_err(|e| fail(&e))?;
        }
    }
    // In a root of its own, `/etc` is a directory of the root holding binds of the host's
    // entries: a rule on the host's `/etc` does not reach them, a rule on each does.
    for name in super::root::etc_names() {
        let path = Path::new("/etc").join(name);
        let access = if path.is_dir() {
            read_exec
        } else {
            read_exec & AccessFs::from_file(ABI_USED)
        };
        if let Ok(fd) = PathFd::new(&path) {
            ruleset = ruleset
                .add_rule(PathBeneath::new(fd, access))
                .map_err(|e| fail(&e))?;
        }
    }
    let device_access = AccessFs::ReadFile | AccessFs::WriteFile;
    for device in DEVICES {
        if let Ok(fd) = PathFd::new(device) {
            ruleset = ruleset
                .add_rule(PathBeneath::new(fd, device_access))
                .map_err(|e| fail(&e))?;
        }
    }
    let programs = PathFd::new(programs).map_err(|e| fail(&e))?;
    ruleset = ruleset
        .add_rule(PathBeneath::new(programs, read_exec))
        .map_err(|e| fail(&e))?;
    if let Some(private) = private {
        let private = PathFd::new(private).map_err(|e| fail(&e))?;
        ruleset = ruleset
            .add_rule(PathBeneath::new(private, everything))
            .map_err(|e| fail(&e))?;
    }
    Option::<OwnedFd>::from(ruleset).ok_or_else(|| "landlock is not supported here".to_string())
}
