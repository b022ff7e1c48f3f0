//! A private filesystem per run: in a new mount namespace, a root of its own (a small
//! read-only tmpfs) holding read-only binds of what programs and the supported interpreters
//! need (`/usr` and the `/bin`, `/lib*`, `/sbin` links or binds, a curated `/etc`), a `/proc`
//! of the run's pid namespace, a `/dev` with null, zero, random and urandom, the staged
//! program at `/program`, and a fresh tmpfs of bounded size at `/tmp`, the working directory.
//! Nothing else exists there: no test data, no repository, no socket of the host, no other
//! run; and everything the run wrote goes with its mount namespace.
//!
//! The judge prepares the plan ([`Plan`]) once. The part every run shares is built with plain
//! system calls ([`Plan::prepare`]) in the run's new mount namespace: as root ahead of the
//! run, by the thread that makes the runs' namespaces (`namespace_pool.rs`), else in the
//! run's process. The run's process adds what is its own and pivots into the root
//! ([`Plan::enter`]) between `fork` and `exec`.

use std::ffi::{CStr, CString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::{check, directories};

/// Where the staged program is bound in the new root.
pub const PROGRAM: &str = "/program";

/// The working directory, `HOME` and `TMPDIR` of a run in its own root.
pub const WORKDIR: &str = "/tmp";

/// How many files and directories the `/tmp` of a run's own root may hold.
const TMP_INODES: u64 = 65536;

/// What `/etc` holds in the new root: what the dynamic linker, the C library's locale and
/// time zone, Python and the JVM read (`/etc/alternatives` holds Debian's `java`, `javac`...
/// links). Entries missing on the machine are left out.
const ETC: [&str; 10] = [
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "nsswitch.conf",
    "passwd",
    "group",
    "host.conf",
    "mime.types",
];

/// `/etc` entries whose names start so: each JDK's and Python's configuration.
const ETC_PREFIXES: [&str; 2] = ["java", "python"];

/// The top-level system directories, bound read-only (or, as on merged-/usr systems, made the
/// same symbolic links).
const SYSTEM: [&str; 6] = ["usr", "bin", "sbin", "lib", "lib64", "lib32"];

/// Devices of the new `/dev`, bound from the host's.
const DEVICES: [&str; 4] = ["null", "zero", "random", "urandom"];

/// One thing to make in the new root, by a path relative to it.
#[derive(Debug)]
enum Entry {
    Dir(CString),
    Symlink {
        path: CString,
        target: CString,
    },
    /// A read-only bind of `source` (a directory or a file), with the mount flags the bind
    /// must keep (those of the source's mount, which a user namespace may not drop).
    Bind {
        path: CString,
        source: CString,
        directory: bool,
        flags: libc::c_ulong,
    },
}

/// The root every run of a sandbox gets, prepared once.
#[derive(Debug)]
pub struct Plan {
    /// An empty directory of the judge's, where the new root is mounted (in the run's own
    /// mount namespace only).
    mount_point: CString,
    entries: Vec<Entry>,
}

/// What differs from run to run: the staged program to bind, and the `/tmp` tmpfs's
/// options (its size and owner).
#[derive(Debug)]
pub struct PerRun {
    pub program: CString,
    pub program_flags: libc::c_ulong,
    pub tmp_options: CString,
}

impl PerRun {
    /// The run's own part: the staged program in `program_dir`, bound at [`PROGRAM`], and a
    /// `/tmp` of `file_bytes` (at least 4096) owned by `owner` (uid, gid).
    pub fn new(program_dir: &Path, owner: (u32, u32), file_bytes: u64) -> Result<PerRun, String> {
        let tmp_options = format!(
            "size={},nr_inodes={},mode=0700,uid={},gid={}",
            file_bytes.max(4096),
            TMP_INODES,
            owner.0,
            owner.1
        );
        Ok(PerRun {
            program: directories::c_path(program_dir)?,
            program_flags: bind_flags(program_dir)
                .ok_or_else(|| format!("cannot stat {}", program_dir.display()))?
                | libc::MS_NODEV,
            tmp_options: CString::new(tmp_options).expect("no NUL"),
        })
    }
}

/// The staged command as the run sees it in its root: every argument under the staged
/// directory `dir` moved under [`PROGRAM`].
pub fn program_argv(argv: &[String], dir: &Path) -> Vec<String> {
    let dir = dir.to_string_lossy();
    argv.iter()
        .map(|arg| match arg.strip_prefix(dir.as_ref()) {
            Some(rest) => format!("{}{rest}", PROGRAM),
            None => arg.clone(),
        })
        .collect()
}

/// The names of what `/etc` holds in the new root ([`ETC`], and the entries of the host's
/// `/etc` that start with one of [`ETC_PREFIXES`]), sorted.
pub fn etc_names() -> Vec<String> {
    let mut etc: Vec<String> = ETC.iter().map(|s| s.to_string()).collect();
    if let Ok(listing) = std::fs::read_dir("/etc") {
        for entry in listing.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if ETC_PREFIXES.iter().any(|p| name.starts_with(p)) {
                etc.push(name);
            }
        }
    }
    etc.sort();
    etc.dedup();
    etc
}

fn c(text: &str) -> CString {
    CString::new(text).expect("no NUL in a fixed path")
}

fn c_path(path: &Path) -> Option<CString> {
    CString::new(path.as_os_str().as_bytes()).ok()
}

/// The mount flags of the mount holding `path` that a bind of it must keep (read-only is
/// added), or `None` when there is no such path.
pub fn bind_flags(path: &Path) -> Option<libc::c_ulong> {
    let path = c_path(path)?;
    // SAFETY: a NUL-terminated path and a zeroed statvfs buffer.
    let flags = unsafe {
        let mut stat = std::mem::zeroed::<libc::statvfs>();
        if libc::statvfs(path.as_ptr(), &mut stat) != 0 {
            return None;
        }
        stat.f_flag
    };
    let mut kept = libc::MS_RDONLY | libc::MS_NOSUID;
    for (st, ms) in [
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if flags & st != 0 {
            kept |= ms;
        }
    }
    Some(kept)
}

impl Plan {
    /// The plan of this machine's root, mounted at `mount_point` (an empty directory).
    pub fn new(mount_point: &Path) -> Result<Plan, String> {
        let mut entries = Vec::new();
        for name in SYSTEM {
            let host = Path::new("/").join(name);
            add_host_entry(&mut entries, &host, name);
        }
        // Toolchains outside the system directories (rustup's), at their own paths.
        for dir in super::toolchains::directories() {
            let Ok(relative) = dir.strip_prefix("/") else {
                continue;
            };
            let mut made = PathBuf::new();
            let parents: Vec<_> = relative
                .parent()
                .into_iter()
                .flat_map(|p| p.iter())
                .collect();
            for part in parents {
                made.push(part);
                if let Some(path) = c_path(&made) {
                    entries.push(Entry::Dir(path));
                }
            }
            add_host_entry(&mut entries, dir, &relative.to_string_lossy());
        }
        entries.push(Entry::Dir(c("etc")));
        for name in etc_names() {
            add_host_entry(
                &mut entries,
                &Path::new("/etc").join(&name),
                &format!("etc/{name}"),
            );
        }
        entries.push(Entry::Dir(c("dev")));
        for name in DEVICES {
            let host = Path::new("/dev").join(name);
            if let (Some(source), Some(flags)) = (c_path(&host), bind_flags(&host)) {
                entries.push(Entry::Bind {
                    path: c(&format!("dev/{name}")),
                    source,
                    directory: false,
                    // A device is opened through its bind: no nodev here.
                    flags: flags & !libc::MS_NODEV,
                });
            }
        }
        for (name, target) in [
            ("fd", "/proc/self/fd"),
            ("stdin", "/proc/self/fd/0"),
            ("stdout", "/proc/self/fd/1"),
            ("stderr", "/proc/self/fd/2"),
            ("shm", WORKDIR),
        ] {
            entries.push(Entry::Symlink {
                path: c(&format!("dev/{name}")),
                target: c(target),
            });
        }
        let mount_point = c_path(mount_point).ok_or("a NUL byte in the sandbox's path")?;
        Ok(Plan {
            mount_point,
            entries,
        })
    }

    /// Builds the part of the root every run shares: in the current mount namespace (new,
    /// made for one run), a read-only tmpfs at the mount point holding the system binds,
    /// `/etc`, `/dev`, and the empty mount points of the run's own `/proc`, `/program` and
    /// `/tmp`. Run ahead of the run (see `namespace_pool.rs`) or in the run's process.
    ///
    /// # Safety
    /// May run between `fork` and `exec`: system calls only, on memory the parent prepared.
    /// It changes the working directory to the mount point.
    pub unsafe fn prepare(&self) -> io::Result<()> {
        // SAFETY: plain system calls on NUL-terminated strings owned by `self`.
        unsafe {
            let none = std::ptr::null::<libc::c_char>();
            // Nothing mounted here propagates back to the judge's namespace.
            mount(
                none,
                c"/".as_ptr(),
                none,
                libc::MS_REC | libc::MS_PRIVATE,
                none,
            )?;
            mount(
                c"tmpfs".as_ptr(),
                self.mount_point.as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                c"size=1m,nr_inodes=1024,mode=0755".as_ptr(),
            )?;
            check(libc::chdir(self.mount_point.as_ptr()))?;
            for entry in &self.entries {
                match entry {
                    Entry::Dir(path) => check(libc::mkdir(path.as_ptr(), 0o755))?,
                    Entry::Symlink { path, target } => {
                        check(libc::symlink(target.as_ptr(), path.as_ptr()))?
                    }
                    Entry::Bind {
                        path,
                        source,
                        directory,
                        flags,
                    } => {
                        make_mount_point(path, *directory)?;
                        bind(source, path, *flags)?;
                    }
                }
            }
            check(libc::mkdir(c"proc".as_ptr(), 0o555))?;
            check(libc::mkdir(c"program".as_ptr(), 0o755))?;
            check(libc::mkdir(c"tmp".as_ptr(), 0o755))?;
            // The root itself read-only: nothing can be added beside the mounts.
            mount(
                none,
                c".".as_ptr(),
                none,
                libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
                none,
            )
        }
    }

    /// Completes the root [`Plan::prepare`] built with what is the run's own (`/proc` of its
    /// pid namespace, the staged program, a fresh `/tmp`) and pivots into it; the working
    /// directory is then [`WORKDIR`]. Run in the run's process, in its mount and pid
    /// namespaces, before the uid changes.
    ///
    /// # Safety
    /// Between `fork` and `exec`: system calls only, on memory the parent prepared.
    pub unsafe fn enter(&self, run: &PerRun) -> io::Result<()> {
        // SAFETY: plain system calls on NUL-terminated strings owned by `self` and `run`.
        unsafe {
            let none = std::ptr::null::<libc::c_char>();
            check(libc::chdir(self.mount_point.as_ptr()))?;
            mount(
                c"proc".as_ptr(),
                c"proc".as_ptr(),
                c"proc".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                none,
            )?;
            bind(&run.program, c"program", run.program_flags)?;
            mount(
                c"tmpfs".as_ptr(),
                c"tmp".as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                run.tmp_options.as_ptr(),
            )?;
            check(libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) as i32)?;
            // The judge's tree, stacked under the new root, detached: out of reach for good.
            check(libc::umount2(c".".as_ptr(), libc::MNT_DETACH))?;
            check(libc::chdir(c"/tmp".as_ptr()))?;
        }
        Ok(())
    }
}

/// Adds what `host` is to the plan at `path`: the same symbolic link, or a read-only bind.
fn add_host_entry(entries: &mut Vec<Entry>, host: &Path, path: &str) {
    let Ok(meta) = std::fs::symlink_metadata(host) else {
        return;
    };
    if meta.file_type().is_symlink() {
        if let (Some(target), Ok(path)) = (
            std::fs::read_link(host).ok().as_deref().and_then(c_path),
            CString::new(path),
        ) {
            entries.push(Entry::Symlink { path, target });
        }
        return;
    }
    if let (Some(source), Some(flags), Ok(path)) =
        (c_path(host), bind_flags(host), CString::new(path))
    {
        entries.push(Entry::Bind {
            path,
            source,
            directory: meta.is_dir(),
            flags: flags | libc::MS_NODEV,
        });
    }
}

/// mount(2).
///
/// # Safety
/// NUL-terminated strings or null pointers.
unsafe fn mount(
    source: *const libc::c_char,
    target: *const libc::c_char,
    kind: *const libc::c_char,
    flags: libc::c_ulong,
    data: *const libc::c_char,
) -> io::Result<()> {
    // SAFETY: as the caller promises.
    check(unsafe { libc::mount(source, target, kind, flags, data.cast()) })
}

/// Makes the mount point of a bind: a directory, or an empty file (made with `mknod`, never
/// opened: a descriptor open for writing, which a process forked meanwhile by another thread
/// of the judge would hold until its `exec`, would keep the root from turning read-only).
///
/// # Safety
/// Between `fork` and `exec` or in the thread that prepares the root, the new root the
/// working directory.
unsafe fn make_mount_point(path: &CStr, directory: bool) -> io::Result<()> {
    // SAFETY: a NUL-terminated string; system calls only.
    unsafe {
        if directory {
            check(libc::mkdir(path.as_ptr(), 0o755))
        } else {
            check(libc::mknod(path.as_ptr(), libc::S_IFREG | 0o644, 0))
        }
    }
}

/// A read-only bind of `source` at the mount point `path`, keeping `flags` (`MS_RDONLY` among
/// them).
///
/// # Safety
/// In the run's mount namespace (a relative `path` from the new root, the working directory).
pub unsafe fn bind(source: &CStr, path: &CStr, flags: libc::c_ulong) -> io::Result<()> {
    // SAFETY: NUL-terminated strings; system calls only.
    unsafe {
        let none = std::ptr::null::<libc::c_char>();
        mount(
            source.as_ptr(),
            path.as_ptr(),
            none,
            libc::MS_BIND | libc::MS_REC,
            none,
        )?;
        mount(
            none,
            path.as_ptr(),
            none,
            libc::MS_REMOUNT | libc::MS_BIND | flags,
            none,
        )
    }
}
