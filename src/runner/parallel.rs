//! Running many jobs on a few worker threads, each pinned to a core of its own where the
//! machine allows, and when doing so distorts the timings.

use std::collections::BTreeSet;
use std::fs;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::thread;

/// Applies `work` to every job with `workers` threads (at least one), and returns the results
/// in the order of the jobs. Jobs are handed out one at a time, so a slow job does not hold
/// up a whole batch. With two workers or more, and no more than the physical cores this process
/// may run on, each worker pins itself to a core of its own (`sched_setaffinity`, one logical
/// CPU of each physical core), and so do the programs it starts: two jobs never share a core
/// nor its first caches. One worker is not pinned: the scheduler may then move it away from
/// other work.
pub fn parallel<T: Sync, R: Send>(
    jobs: &[T],
    workers: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(jobs.len()));
    let workers = workers.clamp(1, jobs.len().max(1));
    let cores = core_cpus();
    let pinned = (2..=cores.len()).contains(&workers);
    // Where the cores are counted from: two judges side by side do not both start at core 0.
    let first = std::process::id() as usize;
    thread::scope(|scope| {
        for w in 0..workers {
            let (next, done, work, cores) = (&next, &done, &work, &cores);
            scope.spawn(move || {
                if pinned {
                    pin_this_thread(cores[(first + w) % cores.len()]);
                }
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(index) else { break };
                    let result = work(job);
                    done.lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((index, result));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|p| p.into_inner());
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, result)| result).collect()
}

/// Runs `streams` sequences of steps together on `workers` threads (pinned as [`parallel`]
/// pins them): `step(i)` runs the next step of stream `i` and says whether the stream goes
/// on. A stream's steps run one at a time, in order; a free worker takes the step of the idle
/// stream that has done the fewest (the lowest index on a tie), so that every stream moves
/// on at the same pace and none waits for another to end: the runs of several solutions,
/// each stopping at its first failure, interleaved, so that when the judge is interrupted
/// each has results.
pub fn interleave(streams: usize, workers: usize, step: impl Fn(usize) -> bool + Sync) {
    #[derive(Clone, Copy, Default)]
    struct Stream {
        busy: bool,
        done: bool,
        steps: usize,
    }
    let state = Mutex::new(vec![Stream::default(); streams]);
    let changed = Condvar::new();
    let lock = || state.lock().unwrap_or_else(|p| p.into_inner());
    /// Frees its stream when its step ends, also by a panic, so that no worker waits for
    /// it for ever.
    struct Release<'a> {
        stream: usize,
        more: bool,
        state: &'a Mutex<Vec<Stream>>,
        changed: &'a Condvar,
    }
    impl Drop for Release<'_> {
        fn drop(&mut self) {
            let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
            let stream = &mut s[self.stream];
            stream.busy = false;
            stream.steps += 1;
            stream.done = !self.more;
            drop(s);
            self.changed.notify_all();
        }
    }
    let workers = workers.clamp(1, streams.max(1));
    let ids: Vec<usize> = (0..workers).collect();
    parallel(&ids, workers, |_| {
        loop {
            let mut s = lock();
            let next = loop {
                let idle = (0..streams)
                    .filter(|&i| !s[i].busy && !s[i].done)
                    .min_by_key(|&i| (s[i].steps, i));
                if idle.is_some() || !s.iter().any(|x| x.busy) {
                    break idle;
                }
                s = changed.wait(s).unwrap_or_else(|p| p.into_inner());
            };
            let Some(i) = next else { return };
            s[i].busy = true;
            drop(s);
            let mut release = Release {
                stream: i,
                more: false,
                state: &state,
                changed: &changed,
            };
            release.more = step(i);
        }
    });
}

/// The logical CPUs the calling thread may run on (its affinity mask).
pub(super) fn allowed_cpus() -> Vec<usize> {
    let mut set = MaybeUninit::<libc::cpu_set_t>::zeroed();
    // SAFETY: `set` is a valid, zeroed cpu_set_t of the size given.
    let r = unsafe {
        libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set.as_mut_ptr())
    };
    if r != 0 {
        return Vec::new();
    }
    // SAFETY: sched_getaffinity filled it.
    let set = unsafe { set.assume_init() };
    (0..libc::CPU_SETSIZE as usize)
        // SAFETY: CPU_ISSET reads the set within its size.
        .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) })
        .collect()
}

/// One logical CPU of each physical core this process may run on (the lowest numbered of its
/// hyper-threads), in order; empty when the topology or the affinity cannot be read.
fn core_cpus() -> Vec<usize> {
    let mut seen = BTreeSet::new();
    allowed_cpus()
        .into_iter()
        // No topology: each logical CPU counts as a core.
        .filter(|&cpu| seen.insert(core_of(cpu).unwrap_or((String::new(), cpu.to_string()))))
        .collect()
}

/// The package and core ids of logical CPU `cpu`, as sysfs gives them.
fn core_of(cpu: usize) -> Option<(String, String)> {
    let read =
        |file| fs::read_to_string(format!("/sys/devices/system/cpu/cpu{cpu}/topology/{file}"));
    let (package, core) = (read("physical_package_id").ok()?, read("core_id").ok()?);
    Some((package.trim().into(), core.trim().into()))
}

/// Pins the calling thread (and what it starts from now on) to `cpu`; a refusal leaves it
/// where it was.
fn pin_this_thread(cpu: usize) {
    let mut set = MaybeUninit::<libc::cpu_set_t>::zeroed();
    // SAFETY: `set` is a valid, zeroed cpu_set_t; CPU_SET writes within it; 0 is this thread.
    unsafe {
        let set = set.as_mut_ptr();
        libc::CPU_SET(cpu, &mut *set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set);
    }
}

/// The parallel jobs of a judging session when none are asked for: the jobs whose timings the
/// judge trusts ([`honest_jobs`]), at most one per physical core this process may run on (a
/// job per logical CPU would put two runs on one core, where they slow each other down), at
/// least 1. A default run is never one [`timing_note`] warns against.
pub fn default_jobs() -> usize {
    honest_jobs().min(core_cpus().len()).max(1)
}

/// The most parallel jobs whose measured times the judge trusts: half the physical cores, at
/// least one. More jobs share caches and memory bandwidth, which inflates CPU times, and
/// jobs beyond the cores wait for one, which inflates wall times.
pub fn honest_jobs() -> usize {
    (physical_cores() / 2).max(1)
}

/// The number of physical cores (distinct core and package ids in sysfs), or the number of
/// logical processors when sysfs does not tell.
pub fn physical_cores() -> usize {
    let logical = thread::available_parallelism().map_or(1, |n| n.get());
    let Ok(entries) = fs::read_dir("/sys/devices/system/cpu") else {
        return logical;
    };
    let cores: BTreeSet<_> = (entries.flatten())
        .filter_map(|entry| {
            let name = entry.file_name();
            let digits = name.to_str()?.strip_prefix("cpu")?;
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            core_of(digits.parse().ok()?)
        })
        .collect();
    if cores.is_empty() {
        logical
    } else {
        cores.len()
    }
}

/// A warning when `workers` parallel jobs may distort the measured times: more than
/// [`honest_jobs`].
pub fn timing_note(workers: usize) -> Option<String> {
    let cores = physical_cores();
    let honest = honest_jobs();
    (workers > honest).then(|| {
        format!(
            "{workers} parallel jobs on {cores} physical core(s): CPU and wall times may be \
             inflated; use {honest} job(s) for honest timings"
        )
    })
}

/// The machine's load: the 1, 5 and 15 minute averages of runnable processes that
/// `/proc/loadavg` gives (Linux), or `None` where it cannot be read. Timings measured beside a
/// load above the number of cores are inflated by the sharing; a report of times states it.
pub fn load_average() -> Option<[f64; 3]> {
    parse_load_average(&fs::read_to_string("/proc/loadavg").ok()?)
}

/// The three averages at the start of a `/proc/loadavg` line.
fn parse_load_average(line: &str) -> Option<[f64; 3]> {
    let mut words = line.split_whitespace().map(str::parse::<f64>);
    let mut next = || words.next()?.ok();
    Some([next()?, next()?, next()?])
}

#[cfg(test)]
mod tests {
    use super::{interleave, parse_load_average};
    use std::sync::Mutex;

    #[test]
    fn interleaved_streams_move_on_together_each_in_order() {
        // Three streams of 4, 2 and 3 steps on one worker: round by round, each in order.
        let order = Mutex::new(Vec::new());
        let steps = [4, 2, 3];
        let done = Mutex::new([0usize; 3]);
        interleave(3, 1, |i| {
            let mut done = done.lock().unwrap();
            order.lock().unwrap().push((i, done[i]));
            done[i] += 1;
            done[i] < steps[i]
        });
        assert_eq!(
            order.into_inner().unwrap(),
            [
                (0, 0),
                (1, 0),
                (2, 0),
                (0, 1),
                (1, 1),
                (2, 1),
                (0, 2),
                (2, 2),
                (0, 3)
            ]
        );
        // Two workers: every step once, each stream's in order.
        let order = Mutex::new(Vec::new());
        let done = Mutex::new([0usize; 3]);
        interleave(3, 2, |i| {
            let k = {
                let mut done = done.lock().unwrap();
                done[i] += 1;
                done[i]
            };
            order.lock().unwrap().push((i, k));
            k < steps[i]
        });
        let order = order.into_inner().unwrap();
        assert_eq!(order.len(), 9);
        for (i, &n) in steps.iter().enumerate() {
            let ks: Vec<usize> = order.iter().filter(|o| o.0 == i).map(|o| o.1).collect();
            assert_eq!(ks, (1..=n).collect::<Vec<_>>());
        }
        interleave(0, 2, |_| unreachable!());
    }

    #[test]
    fn load_average_line() {
        assert_eq!(
            parse_load_average("0.52 1.07 2.00 3/412 12345\n"),
            Some([0.52, 1.07, 2.0])
        );
        assert_eq!(parse_load_average("0.52 x 2.00"), None);
        assert_eq!(parse_load_average(""), None);
    }
}
