//! How busy the machine is while a judging session runs: the load average (`/proc/loadavg`),
//! the CPU time the rest of the machine used (`/proc/stat` less this process's own and its
//! children's, from `getrusage`) and the steal time of a virtual machine (`/proc/stat`).
//!
//! [`Watch::start`] reads them when a session begins and samples the load average while it
//! runs; [`Watch::finish`] gives the figures ([`Contention`]). The machine is **busy** when
//! the other processes used half a CPU or more on average during the session (and a quarter
//! of a CPU second in all, above the noise of the clock ticks `/proc/stat` counts in), or the
//! hypervisor stole 5 % or more of the CPU time: then the session's jobs shared the cores and
//! their caches with other work, and their times may be inflated (CPU time too, through the
//! caches and the memory bandwidth).

use std::fmt;
use std::fs;
use std::mem::MaybeUninit;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde::Serialize;

/// Other processes using this many CPUs on average make the machine busy.
pub const BUSY_OTHERS: f64 = 0.5;

/// ... and at least this many CPU seconds in all: `/proc/stat` counts in clock ticks (10 ms),
/// too coarse to tell a short session's figures from noise.
const BUSY_OTHERS_SECONDS: f64 = 0.25;

/// This share of stolen CPU time (in percent) makes the machine busy.
pub const BUSY_STEAL_PERCENT: f64 = 5.0;

/// How often the load average is read during a session.
const SAMPLE: Duration = Duration::from_millis(250);

/// The machine's load during a judging session, as measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contention {
    /// Whether the machine was busier than the session's jobs (see the module's doc).
    pub busy: bool,
    /// The session's parallel jobs.
    pub jobs: usize,
    /// The machine's online CPUs (logical).
    pub cpus: usize,
    /// How long the session was watched.
    pub seconds: f64,
    /// The 1-minute load average when the session began.
    pub load_before: f64,
    /// The highest 1-minute load average seen during the session (sampled every 250 ms).
    pub load_highest: f64,
    /// The CPUs the other processes of the machine used, on average over the session.
    pub others_cpus: f64,
    /// The CPUs this judge and the programs it ran used, on average over the session.
    pub judge_cpus: f64,
    /// The share of the machine's CPU time stolen by the hypervisor, in percent.
    pub steal_percent: f64,
}

impl Contention {
    /// The warning the reports put at their top when the machine was busy.
    pub fn warning(&self) -> Option<String> {
        self.busy.then(|| {
            format!(
                "busy machine: {self}: the timings may be inflated, and time verdicts near the \
                 limit may differ on a quiet machine"
            )
        })
    }
}

impl fmt::Display for Contention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "other processes used {:.2} of the {} CPUs on average during these {:.1} s (this \
             judge, {} job(s): {:.2}); load average {:.2} at its highest (1 min; {:.2} when \
             the session began); steal {:.1} %",
            self.others_cpus,
            self.cpus,
            self.seconds,
            self.jobs,
            self.judge_cpus,
            self.load_highest,
            self.load_before,
            self.steal_percent
        )
    }
}

/// The counters at one moment.
#[derive(Clone, Copy, Debug)]
struct Snapshot {
    at: Instant,
    /// CPU seconds the whole machine spent busy (user, nice, system, irq, softirq).
    busy: f64,
    /// CPU seconds stolen.
    steal: f64,
    /// Every CPU second counted (busy, idle, iowait, steal).
    total: f64,
    /// CPU seconds of this process and its reaped children.
    own: f64,
}

impl Snapshot {
    fn now() -> Option<Snapshot> {
        let stat = fs::read_to_string("/proc/stat").ok()?;
        let line = stat.lines().find(|l| l.starts_with("cpu "))?;
        let fields: Vec<f64> = line
            .split_whitespace()
            .skip(1)
            .map(|f| f.parse().unwrap_or(0.0))
            .collect();
        let field = |i: usize| fields.get(i).copied().unwrap_or(0.0);
        // SAFETY: sysconf has no memory effects.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
        // user nice system idle iowait irq softirq steal (guest time is inside user).
        let busy = (field(0) + field(1) + field(2) + field(5) + field(6)) / ticks;
        let steal = field(7) / ticks;
        let total = busy + (field(3) + field(4)) / ticks + steal;
        Some(Snapshot {
            at: Instant::now(),
            busy,
            steal,
            total,
            own: own_cpu_seconds(),
        })
    }
}

/// CPU seconds of this process and of its children that were waited for.
fn own_cpu_seconds() -> f64 {
    let mut sum = 0.0;
    for who in [libc::RUSAGE_SELF, libc::RUSAGE_CHILDREN] {
        let mut usage = MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: `usage` is a valid rusage buffer.
        if unsafe { libc::getrusage(who, usage.as_mut_ptr()) } == 0 {
            // SAFETY: getrusage filled it.
            let u = unsafe { usage.assume_init() };
            for t in [u.ru_utime, u.ru_stime] {
                sum += t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            }
        }
    }
    sum
}

/// The 1-minute load average.
fn load1() -> Option<f64> {
    fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The machine watched during a session.
pub struct Watch {
    start: Option<Snapshot>,
    load_before: f64,
    stop: Sender<()>,
    sampler: JoinHandle<f64>,
}

impl Watch {
    /// Reads the counters and starts sampling the load average.
    pub fn start() -> Watch {
        let load_before = load1().unwrap_or(0.0);
        let (stop, stopped) = mpsc::channel::<()>();
        let sampler = thread::spawn(move || {
            let mut highest = load_before;
            loop {
                highest = highest.max(load1().unwrap_or(0.0));
                match stopped.recv_timeout(SAMPLE) {
                    Err(RecvTimeoutError::Timeout) => {}
                    _ => return highest,
                }
            }
        });
        Watch {
            start: Snapshot::now(),
            load_before,
            stop,
            sampler,
        }
    }

    /// Stops watching: the figures of the session with `jobs` parallel jobs, or `None` where
    /// `/proc/stat` cannot be read.
    pub fn finish(self, jobs: usize) -> Option<Contention> {
        let _ = self.stop.send(());
        let highest = self.sampler.join().unwrap_or(self.load_before);
        let (start, end) = (self.start?, Snapshot::now()?);
        let seconds = end.at.duration_since(start.at).as_secs_f64().max(1e-3);
        let own = (end.own - start.own).max(0.0);
        let others = (end.busy - start.busy - own).max(0.0);
        let total = end.total - start.total;
        let steal_percent = if total > 0.0 {
            100.0 * (end.steal - start.steal) / total
        } else {
            0.0
        };
        let others_cpus = others / seconds;
        Some(Contention {
            busy: (others_cpus >= BUSY_OTHERS && others >= BUSY_OTHERS_SECONDS)
                || steal_percent >= BUSY_STEAL_PERCENT,
            jobs,
            // SAFETY: sysconf has no memory effects.
            cpus: unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) }.max(1) as usize,
            seconds,
            load_before: self.load_before,
            load_highest: highest.max(load1().unwrap_or(0.0)),
            others_cpus,
            judge_cpus: own / seconds,
            steal_percent,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_is_measured() {
        let watch = Watch::start();
        // Some CPU time of this process's own, which must not count as the others'.
        let end = Instant::now() + Duration::from_millis(300);
        let mut x = 0u64;
        while Instant::now() < end {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let c = watch.finish(1).expect("/proc is readable here");
        assert!(c.seconds >= 0.3, "{c:?}");
        assert!(c.judge_cpus > 0.0 && c.others_cpus >= 0.0, "{c:?}");
        assert!(c.cpus >= 1 && c.load_highest >= 0.0, "{c:?}");
        assert!((0.0..=100.0).contains(&c.steal_percent), "{c:?}");
        assert_eq!(c.busy, c.warning().is_some());
    }
}
