//! What the runner reads of a run's processes while they run, from `/proc`: their exact CPU
//! time and how long they waited on a run queue for a CPU.
//!
//! Each thread's `/proc/PID/task/TID/schedstat` holds the scheduler's own counts, in
//! nanoseconds: the CPU time it ran (`sum_exec_runtime`, exact, not sampled by clock ticks
//! as `RLIMIT_CPU` is) and the time it was runnable but waiting for a CPU (`run_delay`).
//! A process's CPU time is the larger of its live threads' sum and its `/proc/PID/stat`
//! time (which keeps the threads that ended, in clock ticks), plus the children it waited
//! for (`cutime + cstime`). The run-queue wait of a thread that ended is lost: a reading is
//! what the live threads waited, and the most read over the run is kept.
//!
//! The run's processes are the ones its cgroup lists, where it has one; else its main
//! process, every process of its process group or session (the main process leads both)
//! and their descendants, looked for in `/proc` every [`RESCAN`] readings and checked at
//! each (a pid that left the run is not counted).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::time::Duration;

/// How many readings the run's processes are looked for again in `/proc` (a scan of every
/// process of the machine; a reading only reads the processes found).
const RESCAN: u32 = 10;

/// The exact CPU time of a run's processes, and their run-queue wait where the kernel
/// counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Figures {
    /// CPU time (user + system).
    pub cpu: Duration,
    /// How long their threads were runnable and waiting for a CPU (`None`: not counted here).
    pub run_delay: Option<Duration>,
}

/// The processes of one run and the most read of them so far.
pub(super) struct Watch {
    leader: libc::pid_t,
    /// The run's processes found by the last scan, parents before their children.
    known: Vec<libc::pid_t>,
    readings: u32,
    most: Figures,
}

impl Watch {
    /// Watches the run whose main process is `leader`.
    pub fn new(leader: libc::pid_t) -> Watch {
        Watch {
            leader,
            known: Vec::new(),
            readings: 0,
            most: Figures::default(),
        }
    }

    /// Reads the run's processes now: `listed` (its cgroup's, any order) or else the ones
    /// found from its main process. Gives the most read so far.
    pub fn read(&mut self, listed: Option<Vec<libc::pid_t>>) -> Figures {
        let listed_by_cgroup = listed.is_some();
        let pids = listed.unwrap_or_else(|| {
            if self.readings.is_multiple_of(RESCAN) {
                self.known = family(self.leader);
            }
            self.known.clone()
        });
        self.readings += 1;
        let members: BTreeSet<libc::pid_t> = pids.iter().copied().collect();
        let mut now = Figures::default();
        let mut delay = None::<Duration>;
        for pid in pids {
            let Some(stat) = stat(pid) else { continue };
            // A pid found earlier may have ended, and its number gone to another process.
            let ours = listed_by_cgroup
                || pid == self.leader
                || stat.group == self.leader
                || stat.session == self.leader
                || members.contains(&stat.parent);
            if !ours {
                continue;
            }
            let tasks = tasks(pid);
            now.cpu += tasks.map_or(stat.cpu, |t| t.cpu.max(stat.cpu)) + stat.children_cpu;
            if let Some(waited) = tasks.and_then(|t| t.run_delay) {
                delay = Some(delay.unwrap_or_default() + waited);
            }
        }
        self.most.cpu = self.most.cpu.max(now.cpu);
        // `None` (not counted) is below any reading.
        self.most.run_delay = self.most.run_delay.max(delay);
        self.most
    }

    /// The most read so far.
    pub fn most(&self) -> Figures {
        self.most
    }
}

/// What `/proc/PID/stat` says of a process.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stat {
    /// Its parent.
    pub parent: libc::pid_t,
    /// Its process group.
    pub group: libc::pid_t,
    /// Its session.
    pub session: libc::pid_t,
    /// Its CPU time, every thread's (clock ticks).
    cpu: Duration,
    /// The CPU time of the children it waited for (clock ticks).
    children_cpu: Duration,
}

/// Every process of the machine with its `/proc/PID/stat` (none when `/proc` cannot be read).
pub(super) fn processes() -> Vec<(libc::pid_t, Stat)> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    (entries.flatten())
        .filter_map(|e| {
            let pid: libc::pid_t = e.file_name().to_str()?.parse().ok()?;
            Some((pid, stat(pid)?))
        })
        .collect()
}

/// Reads `/proc/PID/stat`; `None` when the process is gone.
fn stat(pid: libc::pid_t) -> Option<Stat> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat(&text)
}

/// Parses a `/proc/PID/stat` line: "pid (comm) state ppid pgrp session tty tpgid flags
/// minflt cminflt majflt cmajflt utime stime cutime cstime ...", the command holding any
/// byte (spaces and parentheses too), so read from the last `)`.
fn parse_stat(text: &str) -> Option<Stat> {
    let fields: Vec<&str> = text[text.rfind(')')? + 1..]
        .split_whitespace()
        .take(15)
        .collect();
    let number = |i: usize| fields.get(i)?.parse::<i64>().ok();
    // SAFETY: sysconf has no memory effects.
    let hz = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) })
        .unwrap_or(100)
        .max(1);
    let ticks = |from: usize| -> Option<Duration> {
        let n = u64::try_from(number(from)?).ok()? + u64::try_from(number(from + 1)?).ok()?;
        Some(Duration::from_nanos(n.saturating_mul(1_000_000_000 / hz)))
    };
    Some(Stat {
        parent: libc::pid_t::try_from(number(1)?).ok()?,
        group: libc::pid_t::try_from(number(2)?).ok()?,
        session: libc::pid_t::try_from(number(3)?).ok()?,
        cpu: ticks(11)?,
        children_cpu: ticks(13)?,
    })
}

/// The sum over the live threads of a process of their `schedstat`: CPU time, and the
/// run-queue wait unless the kernel does not count it (every thread `0 0 0`).
fn tasks(pid: libc::pid_t) -> Option<Figures> {
    let mut cpu = 0u64;
    let mut delay = 0u64;
    let mut counted = false;
    let mut read = false;
    for entry in fs::read_dir(format!("/proc/{pid}/task")).ok()?.flatten() {
        let mut path = entry.path();
        path.push("schedstat");
        let Some([ran, waited, slices]) = fs::read_to_string(path)
            .ok()
            .and_then(|text| parse_schedstat(&text))
        else {
            continue;
        };
        read = true;
        cpu = cpu.saturating_add(ran);
        delay = delay.saturating_add(waited);
        counted |= slices > 0;
    }
    read.then(|| Figures {
        cpu: Duration::from_nanos(cpu),
        run_delay: counted.then(|| Duration::from_nanos(delay)),
    })
}

/// The three numbers of a `schedstat` line: ns on a CPU, ns waiting on a run queue, slices.
fn parse_schedstat(text: &str) -> Option<[u64; 3]> {
    let mut numbers = text.split_whitespace().map(|n| n.parse::<u64>().ok());
    Some([numbers.next()??, numbers.next()??, numbers.next()??])
}

/// The processes of the run led by `leader`, parents before their children: the leader,
/// the processes of its group or session, and their descendants.
fn family(leader: libc::pid_t) -> Vec<libc::pid_t> {
    let all = processes();
    let mut children: BTreeMap<libc::pid_t, Vec<libc::pid_t>> = BTreeMap::new();
    for (pid, s) in &all {
        children.entry(s.parent).or_default().push(*pid);
    }
    let seeds = all
        .iter()
        .filter(|(pid, s)| *pid == leader || s.group == leader || s.session == leader)
        .map(|(pid, _)| *pid);
    let mut members: BTreeSet<libc::pid_t> = BTreeSet::new();
    let mut queue: VecDeque<libc::pid_t> = seeds.collect();
    queue.push_back(leader);
    while let Some(pid) = queue.pop_front() {
        if members.insert(pid) {
            queue.extend(children.get(&pid).into_iter().flatten());
        }
    }
    // From the members whose parent is not one, down the tree: each after its parent.
    let parent_of: BTreeMap<libc::pid_t, libc::pid_t> =
        all.iter().map(|(pid, s)| (*pid, s.parent)).collect();
    let mut order = Vec::with_capacity(members.len());
    let mut queue: VecDeque<libc::pid_t> = members
        .iter()
        .copied()
        .filter(|pid| parent_of.get(pid).is_none_or(|p| !members.contains(p)))
        .collect();
    while let Some(pid) = queue.pop_front() {
        order.push(pid);
        queue.extend(children.get(&pid).into_iter().flatten());
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    #[test]
    fn stat_and_schedstat_lines_are_read_as_the_kernel_writes_them() {
        let hz = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).unwrap();
        let tick = Duration::from_nanos(1_000_000_000 / hz);
        let line = "77 (a) b) (c) R 70 77 77 0 -1 4194304 87 0 0 0 100 3 20 1 20 0 1 0";
        let s = parse_stat(line).unwrap();
        assert_eq!((s.parent, s.group, s.session), (70, 77, 77));
        assert_eq!((s.cpu, s.children_cpu), (tick * 103, tick * 21));
        assert!(parse_stat("77 (a) R 70").is_none());
        assert_eq!(
            parse_schedstat("1009911084 254055 8\n"),
            Some([1009911084, 254055, 8])
        );
        assert_eq!(parse_schedstat("1 2"), None);
    }

    #[test]
    fn a_process_and_its_children_are_found_and_counted() {
        // This test's own process: its threads ran, and its family holds it.
        let me = std::process::id() as libc::pid_t;
        let mine = tasks(me).unwrap();
        assert!(mine.cpu > Duration::ZERO, "{mine:?}");
        let mut child = std::process::Command::new("sleep")
            .arg("5")
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = child.id() as libc::pid_t;
        assert_eq!(family(pid), vec![pid]);
        assert!(family(me).contains(&pid));
        let mut watch = Watch::new(pid);
        let seen = watch.read(None);
        assert!(seen.cpu < Duration::from_secs(1), "{seen:?}");
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
