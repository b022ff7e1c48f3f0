//! How busy the machine is while a judging session runs: the load average (`/proc/loadavg`),
//! the CPU time the rest of the machine used (`/proc/stat` less this process's own and its
//! children's, from `getrusage`) and the steal time of a virtual machine (`/proc/stat`).
//!
//! [`SessionWatch::start`] reads them when a session begins and samples the load average
//! while it runs; [`SessionWatch::finish`] gives the figures ([`Contention`]). The machine is
//! **busy** when the other processes used half a CPU or more on average during the session
//! (and a quarter of a CPU second in all, above the noise of the clock ticks `/proc/stat`
//! counts in), or the hypervisor stole 5 % or more of the CPU time: then the session's jobs
//! shared the cores and their caches with other work, and their times may be inflated (CPU
//! time too, through the caches and the memory bandwidth).
//!
//! [`RunWatch`] measures the same for one run, over its own duration and where it ran: the
//! logical CPUs of the core its worker is pinned to (with two jobs or more, each job has a
//! core of its own: [`crate::runner::parallel`]), less the run's own CPU time and its
//! worker's; or the whole machine, less this process's and the run's, where the worker is not
//! pinned and no other run overlapped it. The run was **quiet** ([`RunLoad::quiet`]) when the
//! other processes used less than [`QUIET_OTHERS`] of a CPU there on average and less than
//! [`QUIET_STEAL_PERCENT`] of its CPU time was stolen: then a CPU-time TLE stands without
//! re-runs (docs/time.md says why these figures).

use std::fmt;
use std::fs;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// Other processes using less than this many CPUs on average during a run, where it ran
/// (its core, or the machine), leave it quiet: a fifth of [`BUSY_OTHERS`].
pub const QUIET_OTHERS: f64 = 0.1;

/// ... and less than this share of the CPU time stolen (in percent): under half of
/// [`BUSY_STEAL_PERCENT`], and two clock ticks of `/proc/stat` in a run of a second, so that
/// one stolen tick does not end a run's quiet.
pub const QUIET_STEAL_PERCENT: f64 = 2.0;

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
    /// The whole machine's.
    machine: Counters,
    /// CPU seconds of this process and its reaped children.
    own: f64,
}

impl Snapshot {
    fn now() -> Option<Snapshot> {
        Some(Snapshot {
            at: Instant::now(),
            machine: Counters::read(None)?,
            own: own_cpu_seconds(),
        })
    }
}

/// The CPU seconds `/proc/stat` counts, of the whole machine or of some logical CPUs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Counters {
    /// Busy (user, nice, system, irq, softirq).
    busy: f64,
    /// Stolen.
    steal: f64,
    /// Every second counted (busy, idle, iowait, steal).
    total: f64,
}

impl std::ops::Add for Counters {
    type Output = Counters;
    fn add(self, o: Counters) -> Counters {
        Counters {
            busy: self.busy + o.busy,
            steal: self.steal + o.steal,
            total: self.total + o.total,
        }
    }
}

impl std::ops::Sub for Counters {
    type Output = Counters;
    fn sub(self, o: Counters) -> Counters {
        Counters {
            busy: self.busy - o.busy,
            steal: self.steal - o.steal,
            total: self.total - o.total,
        }
    }
}

impl Counters {
    /// The share of the seconds counted that were stolen, in percent (0 when none were).
    fn steal_percent(&self) -> f64 {
        if self.total > 0.0 {
            100.0 * self.steal.max(0.0) / self.total
        } else {
            0.0
        }
    }

    /// The counters of the machine (`None`), or the sum of those of the logical `cpus`.
    fn read(cpus: Option<&[usize]>) -> Option<Counters> {
        Counters::parse(&fs::read_to_string("/proc/stat").ok()?, cpus)
    }

    /// [`Counters::read`] from the text of `/proc/stat`; `None` where a line is missing.
    fn parse(stat: &str, cpus: Option<&[usize]>) -> Option<Counters> {
        // SAFETY: sysconf has no memory effects.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
        let of_line = |line: &str| {
            let fields: Vec<f64> = line
                .split_whitespace()
                .skip(1)
                .map(|f| f.parse().unwrap_or(0.0))
                .collect();
            let field = |i: usize| fields.get(i).copied().unwrap_or(0.0);
            // user nice system idle iowait irq softirq steal (guest time is inside user).
            let busy = (field(0) + field(1) + field(2) + field(5) + field(6)) / ticks;
            let steal = field(7) / ticks;
            Counters {
                busy,
                steal,
                total: busy + (field(3) + field(4)) / ticks + steal,
            }
        };
        let line = |name: &str| {
            stat.lines()
                .find(|l| l.split_whitespace().next() == Some(name))
                .map(of_line)
        };
        match cpus {
            None => line("cpu"),
            Some(cpus) => cpus.iter().try_fold(Counters::default(), |sum, cpu| {
                Some(sum + line(&format!("cpu{cpu}"))?)
            }),
        }
    }
}

/// CPU seconds of this process and of its children that were waited for.
fn own_cpu_seconds() -> f64 {
    rusage_seconds(libc::RUSAGE_SELF) + rusage_seconds(libc::RUSAGE_CHILDREN)
}

/// The user + system CPU seconds `getrusage` gives for `who` (0 when it fails).
fn rusage_seconds(who: libc::c_int) -> f64 {
    let mut usage = MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` is a valid rusage buffer.
    if unsafe { libc::getrusage(who, usage.as_mut_ptr()) } != 0 {
        return 0.0;
    }
    // SAFETY: getrusage filled it.
    let u = unsafe { usage.assume_init() };
    (super::process::timeval(u.ru_utime) + super::process::timeval(u.ru_stime)).as_secs_f64()
}

/// The 1-minute load average.
fn load1() -> Option<f64> {
    super::load_average().map(|[one, ..]| one)
}

/// The machine watched during a session.
pub struct SessionWatch {
    start: Option<Snapshot>,
    load_before: f64,
    stop: Sender<()>,
    sampler: JoinHandle<f64>,
}

impl SessionWatch {
    /// Reads the counters and starts sampling the load average.
    pub fn start() -> SessionWatch {
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
        SessionWatch {
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
        let machine = end.machine - start.machine;
        let seconds = end.at.duration_since(start.at).as_secs_f64().max(1e-3);
        let own = (end.own - start.own).max(0.0);
        let others = (machine.busy - own).max(0.0);
        let steal_percent = machine.steal_percent();
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

/// The load during one run, where it ran ([`RunWatch`]). In JSON: `quiet`, `scope`,
/// `others_cpus`, `steal_percent`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunLoad {
    /// Whether the run was quiet: the other processes used less than [`QUIET_OTHERS`] of a
    /// CPU there, and less than [`QUIET_STEAL_PERCENT`] of the CPU time was stolen.
    pub quiet: bool,
    /// Where it was measured: `core` (the logical CPUs of the core the run's worker is pinned
    /// to) or `machine`.
    pub scope: &'static str,
    /// The CPUs the other processes used there, on average over the run.
    pub others_cpus: f64,
    /// The share of the CPU time there stolen by the hypervisor, in percent.
    pub steal_percent: f64,
}

/// The runs being watched now, in this process: a run measured on the whole machine counts
/// only where no other run overlapped it (the other's CPU time is not known until it ends).
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

/// One run watched: the counters when it began.
pub struct RunWatch {
    at: Instant,
    /// The logical CPUs of the core the calling thread is pinned to; `None`: not pinned, the
    /// whole machine.
    cpus: Option<Vec<usize>>,
    start: Option<Counters>,
    /// CPU seconds of the calling thread (pinned) or of this process (not pinned).
    own: f64,
    /// No other run was being watched when it began.
    alone: bool,
}

impl RunWatch {
    /// Starts watching a run about to start from the calling thread.
    pub fn start() -> RunWatch {
        let alone = IN_FLIGHT.fetch_add(1, Ordering::SeqCst) == 0;
        let cpus = pinned_core();
        let own = own_seconds(cpus.is_some());
        RunWatch {
            start: Counters::read(cpus.as_deref()),
            at: Instant::now(),
            cpus,
            own,
            alone,
        }
    }

    /// The load during the run, which used `run_cpu` of CPU time: `None` where it cannot be
    /// told (no `/proc/stat`; on the whole machine, another run overlapped this one; on a
    /// core, the run's CPU time does not show there).
    pub fn finish(self, run_cpu: Duration) -> Option<RunLoad> {
        let end = Counters::read(self.cpus.as_deref());
        let own = own_seconds(self.cpus.is_some()) - self.own;
        let seconds = self.at.elapsed().as_secs_f64().max(1e-3);
        let alone = IN_FLIGHT.fetch_sub(1, Ordering::SeqCst) == 1 && self.alone;
        let (start, end) = (self.start?, end?);
        let run = run_cpu.as_secs_f64();
        measure(
            end - start,
            seconds,
            own.max(0.0) + run,
            run,
            self.cpus.is_some(),
            alone,
        )
    }
}

/// The load of a run from the counters' growth during its `seconds` (`delta`), the CPU
/// seconds of the judge's there (`judge`, the run's `run` included), on a pinned core
/// (`core`) or the whole machine, where no other run overlapped it (`alone`).
fn measure(
    delta: Counters,
    seconds: f64,
    judge: f64,
    run: f64,
    core: bool,
    alone: bool,
) -> Option<RunLoad> {
    // Counted in clock ticks: a run's CPU time may show a tick or two less per CPU.
    let slack = 0.03 + 0.05 * run;
    if core && delta.busy + slack < run {
        return None;
    }
    if !core && !alone {
        return None;
    }
    let others_cpus = (delta.busy - judge).max(0.0) / seconds;
    let steal_percent = delta.steal_percent();
    Some(RunLoad {
        quiet: others_cpus < QUIET_OTHERS && steal_percent < QUIET_STEAL_PERCENT,
        scope: if core { "core" } else { "machine" },
        others_cpus,
        steal_percent,
    })
}

/// CPU seconds of the calling thread (`thread`), or of this whole process (every thread).
fn own_seconds(thread: bool) -> f64 {
    if thread {
        let mut t = MaybeUninit::<libc::timespec>::zeroed();
        // SAFETY: `t` is a valid timespec buffer.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, t.as_mut_ptr()) } == 0 {
            // SAFETY: clock_gettime filled it.
            let t = unsafe { t.assume_init() };
            return t.tv_sec as f64 + t.tv_nsec as f64 / 1e9;
        }
        return 0.0;
    }
    rusage_seconds(libc::RUSAGE_SELF)
}

/// The logical CPUs of the core the calling thread is pinned to (its one allowed CPU and
/// that CPU's hyper-threads), or `None` when it may run on more than one.
fn pinned_core() -> Option<Vec<usize>> {
    let mut allowed = super::parallel::allowed_cpus().into_iter();
    let (Some(cpu), None) = (allowed.next(), allowed.next()) else {
        return None;
    };
    let siblings = fs::read_to_string(format!(
        "/sys/devices/system/cpu/cpu{cpu}/topology/thread_siblings_list"
    ))
    .ok()
    .and_then(|list| cpu_list(&list))
    .filter(|s| s.contains(&cpu));
    Some(siblings.unwrap_or_else(|| vec![cpu]))
}

/// A CPU list as sysfs writes it (`0-1,4`), or `None` when it is not one.
fn cpu_list(text: &str) -> Option<Vec<usize>> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',') {
        match part.split_once('-') {
            Some((a, b)) => cpus.extend(a.parse::<usize>().ok()?..=b.parse::<usize>().ok()?),
            None => cpus.push(part.parse().ok()?),
        }
    }
    Some(cpus)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_quiet_only_where_others_and_steal_are_low() {
        let delta = |busy: f64, steal: f64| Counters {
            busy,
            steal,
            total: 1.0,
        };
        // A run of 1 s on its core, the worker 0.01 s: the rest is the others'.
        let quiet = measure(delta(1.05, 0.0), 1.0, 1.01, 1.0, true, true).unwrap();
        assert!(quiet.quiet && quiet.scope == "core", "{quiet:?}");
        assert!((quiet.others_cpus - 0.04).abs() < 1e-9, "{quiet:?}");
        let busy = measure(delta(1.0, 0.0), 2.0, 0.7, 0.69, true, false).unwrap();
        assert!(
            !busy.quiet && (busy.others_cpus - 0.15).abs() < 1e-9,
            "{busy:?}"
        );
        let stolen = measure(delta(1.0, 0.02), 1.0, 1.0, 0.99, true, true).unwrap();
        assert!(!stolen.quiet && stolen.steal_percent == 2.0, "{stolen:?}");
        // The run's CPU time did not show on the core: the figures say nothing.
        assert_eq!(measure(delta(0.5, 0.0), 1.0, 1.0, 1.0, true, true), None);
        // On the whole machine, only a run that no other overlapped.
        assert!(measure(delta(1.02, 0.0), 1.0, 1.0, 1.0, false, true).is_some_and(|l| l.quiet));
        assert_eq!(measure(delta(1.02, 0.0), 1.0, 1.0, 1.0, false, false), None);
    }

    #[test]
    fn proc_stat_lines_add_up_per_cpu() {
        let stat = "cpu  300 0 100 600 0 0 0 10 0 0\ncpu0 100 0 50 350 0 0 0 0 0 0\n\
                    cpu1 200 0 50 250 0 0 0 10 0 0\nintr 1\n";
        // SAFETY: sysconf has no memory effects.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
        let all = Counters::parse(stat, None).unwrap();
        assert_eq!(all.busy * ticks, 400.0);
        let one = Counters::parse(stat, Some(&[1])).unwrap();
        let round = |x: f64| (x * ticks).round();
        assert_eq!(
            (round(one.busy), round(one.steal), round(one.total)),
            (250.0, 10.0, 510.0)
        );
        assert_eq!(
            Counters::parse(stat, Some(&[0, 1])).unwrap().busy * ticks,
            400.0
        );
        assert_eq!(Counters::parse(stat, Some(&[2])), None);
        assert_eq!(cpu_list("0-1,4\n"), Some(vec![0, 1, 4]));
        assert_eq!(cpu_list("x"), None);
    }

    /// Spins this thread for `ms` milliseconds.
    fn spin(ms: u64) {
        let end = Instant::now() + Duration::from_millis(ms);
        let mut x = 0u64;
        while Instant::now() < end {
            x = std::hint::black_box(x.wrapping_add(1));
        }
    }

    #[test]
    fn a_run_is_watched_where_it_runs() {
        let watch = RunWatch::start();
        spin(200);
        // The spinning is this thread's own: not the others'.
        if let Some(load) = watch.finish(Duration::ZERO) {
            assert!(
                load.others_cpus >= 0.0 && load.steal_percent >= 0.0,
                "{load:?}"
            );
        }
    }

    #[test]
    fn a_session_is_measured() {
        let watch = SessionWatch::start();
        // Some CPU time of this process's own, which must not count as the others'.
        spin(300);
        let c = watch.finish(1).expect("/proc is readable here");
        assert!(c.seconds >= 0.3, "{c:?}");
        assert!(c.judge_cpus > 0.0 && c.others_cpus >= 0.0, "{c:?}");
        assert!(c.cpus >= 1 && c.load_highest >= 0.0, "{c:?}");
        assert!((0.0..=100.0).contains(&c.steal_percent), "{c:?}");
        assert_eq!(c.busy, c.warning().is_some());
    }
}
