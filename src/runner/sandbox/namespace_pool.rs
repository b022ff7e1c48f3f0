//! Namespaces made ahead of the runs (as root). A thread of the judge makes, for each coming
//! run, a network, an IPC (with the limits of [`ipc`]) and a UTS namespace (host name
//! `sandbox`) and, with a private root,
//! a mount namespace whose shared part of the root is built already ([`root::Plan::prepare`]).
//! A run's process enters them (`setns`) instead of making them between `fork` and `exec`, so
//! the making is off the run's path; after the run the same thread closes them, and their
//! teardown (the mounts of the root and of the run's `/tmp`) is off the path too. Each set
//! serves one run and is never entered again: nothing is shared between runs.
//!
//! Root only: a judge that is not root needs a user namespace for the others, and a process
//! with threads cannot make one; it makes them in the run's process.

use std::collections::VecDeque;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use super::namespaces::open_namespace;
use super::{check, ipc, root};

/// The namespaces a root judge makes ahead of the runs (a [`Pool`]).
pub const AHEAD: libc::c_int =
    libc::CLONE_NEWNET | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS | libc::CLONE_NEWNS;

/// How many sets are kept ready: one per worker of a `--jobs 2` judge, and one more.
const READY: usize = 3;

/// The namespaces of one run, made ahead; closed when dropped.
#[derive(Debug)]
pub struct Namespaces {
    /// `(descriptor, namespace type)`: network, IPC, UTS, and mount when the run has a root of
    /// its own.
    fds: Vec<(OwnedFd, libc::c_int)>,
}

/// The thread that makes the namespaces, and the sets it made.
#[derive(Debug)]
pub struct Pool {
    shared: Arc<Shared>,
    maker: Option<JoinHandle<()>>,
}

#[derive(Debug, Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug, Default)]
struct State {
    ready: VecDeque<Namespaces>,
    /// Sets whose run ended, for the maker to close.
    used: Vec<Namespaces>,
    /// Why the maker stopped, when it failed.
    failed: Option<String>,
    stop: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// One run's namespaces, taken from the pool; given back to the maker to close when dropped
/// (after the run's processes ended).
#[derive(Debug)]
pub struct Lease {
    namespaces: Option<Namespaces>,
    shared: Arc<Shared>,
}

impl Lease {
    /// The descriptors and types of the run's namespaces to `setns` into, in order.
    pub fn to_enter(&self) -> Vec<(RawFd, libc::c_int)> {
        let namespaces = self.namespaces.as_ref().expect("held until dropped");
        namespaces
            .fds
            .iter()
            .map(|(fd, t)| (fd.as_raw_fd(), *t))
            .collect()
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(used) = self.namespaces.take() {
            self.shared.lock().used.push(used);
            self.shared.changed.notify_all();
        }
    }
}

impl Pool {
    /// Starts the maker; with `root`, each set has a mount namespace with that root prepared.
    pub fn start(root: Option<Arc<root::Plan>>) -> Result<Pool, String> {
        let shared = Arc::new(Shared::default());
        let maker = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("namespace-pool".into())
                .spawn(move || make_until_stopped(&shared, root.as_deref()))
                .map_err(|e| format!("cannot start the namespace maker: {e}"))?
        };
        Ok(Pool {
            shared,
            maker: Some(maker),
        })
    }

    /// The namespaces of the next run: a ready set, or the one being made (waited for).
    pub fn take(&self) -> Result<Lease, String> {
        let mut state = self.shared.lock();
        loop {
            if let Some(namespaces) = state.ready.pop_front() {
                drop(state);
                self.shared.changed.notify_all();
                return Ok(Lease {
                    namespaces: Some(namespaces),
                    shared: Arc::clone(&self.shared),
                });
            }
            if let Some(why) = &state.failed {
                return Err(format!("cannot make the run's namespaces: {why}"));
            }
            state = self
                .shared
                .changed
                .wait(state)
                .unwrap_or_else(|p| p.into_inner());
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
        if let Some(maker) = self.maker.take() {
            let _ = maker.join();
        }
    }
}

/// The maker's loop: closes the sets of ended runs, keeps [`READY`] sets ready, until the
/// pool is dropped or a set cannot be made.
fn make_until_stopped(shared: &Shared, root: Option<&root::Plan>) {
    let made = own_namespaces().and_then(|own| {
        let mut state = shared.lock();
        loop {
            let used = std::mem::take(&mut state.used);
            if !used.is_empty() {
                drop(state);
                drop(used);
                state = shared.lock();
                continue;
            }
            if state.stop {
                return Ok(());
            }
            if state.ready.len() >= READY {
                state = shared
                    .changed
                    .wait(state)
                    .unwrap_or_else(|p| p.into_inner());
                continue;
            }
            drop(state);
            let namespaces = make(&own, root)?;
            state = shared.lock();
            state.ready.push_back(namespaces);
            shared.changed.notify_all();
        }
    });
    if let Err(e) = made {
        shared.lock().failed = Some(e.to_string());
        shared.changed.notify_all();
    }
}

/// The namespace types of a set, as `/proc/thread-self/ns/` names them.
const KINDS: [(libc::c_int, &std::ffi::CStr); 4] = [
    (libc::CLONE_NEWNET, c"/proc/thread-self/ns/net"),
    (libc::CLONE_NEWIPC, c"/proc/thread-self/ns/ipc"),
    (libc::CLONE_NEWUTS, c"/proc/thread-self/ns/uts"),
    (libc::CLONE_NEWNS, c"/proc/thread-self/ns/mnt"),
];

/// The maker thread's own namespaces (the judge's), to come back to after making a set.
fn own_namespaces() -> io::Result<Vec<(OwnedFd, libc::c_int)>> {
    KINDS
        .iter()
        .map(|&(kind, path)| Ok((open_namespace(path)?, kind)))
        .collect()
}

/// Makes one set in this thread, then comes back to the judge's namespaces (`own`).
fn make(own: &[(OwnedFd, libc::c_int)], root: Option<&root::Plan>) -> io::Result<Namespaces> {
    let mut kinds = libc::CLONE_NEWNET | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
    if root.is_some() {
        // With CLONE_FS implied: this thread's root and working directory become its own.
        kinds |= libc::CLONE_NEWNS;
    }
    // SAFETY: unshare changes this thread's namespaces only (the mount namespace with a
    // file system context of its own).
    check(unsafe { libc::unshare(kinds) })?;
    let made = (|| {
        // SAFETY: writes to /proc/sys, in this thread's new IPC namespace.
        unsafe { ipc::write_limits()? };
        let name = b"sandbox";
        // SAFETY: a buffer valid for its length.
        check(unsafe { libc::sethostname(name.as_ptr().cast(), name.len()) })?;
        if let Some(plan) = root {
            // SAFETY: in a mount namespace of this thread's own, made above.
            unsafe { plan.prepare()? };
        }
        KINDS
            .iter()
            .filter(|&&(kind, _)| kinds & kind != 0)
            .map(|&(kind, path)| Ok((open_namespace(path)?, kind)))
            .collect::<io::Result<Vec<_>>>()
    })();
    for (fd, kind) in own {
        if kinds & kind != 0 {
            // SAFETY: a namespace descriptor of the judge's own, always open to root.
            check(unsafe { libc::setns(fd.as_raw_fd(), *kind) })?;
        }
    }
    Ok(Namespaces { fds: made? })
}
