//! Running many jobs on a few worker threads, each pinned to a core of its own where the
//! machine allows, and when doing so distorts the timings.

use std::collections::BTreeSet;
use std::fs;
use std::mem::MaybeUninit;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// The logical CPUs this process may run on (its affinity mask).
fn allowed_cpus() -> Vec<usize> {
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
        .filter(|&cpu| {
            let topology = format!("/sys/devices/system/cpu/cpu{cpu}/topology");
            let read = |file: &str| fs::read_to_string(format!("{topology}/{file}")).ok();
            match (read("physical_package_id"), read("core_id")) {
                (Some(package), Some(core)) => {
                    seen.insert((package.trim().to_string(), core.trim().to_string()))
                }
                // No topology: each logical CPU counts as a core.
                _ => seen.insert((String::new(), cpu.to_string())),
            }
        })
        .collect()
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

/// The parallel jobs of a judging session when none are asked for: one per physical core
/// this process may run on (a job per logical CPU would put two runs on one core, where they
/// slow each other down), at least 1.
pub fn default_jobs() -> usize {
    core_cpus().len().max(1)
}

/// The number of physical cores (distinct core and package ids in sysfs), or the number of
/// logical processors when sysfs does not tell.
pub fn physical_cores() -> usize {
    let logical = thread::available_parallelism().map_or(1, |n| n.get());
    let Ok(entries) = fs::read_dir("/sys/devices/system/cpu") else {
        return logical;
    };
    let mut cores = BTreeSet::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !name.starts_with("cpu") || !name[3..].bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let topology = entry.path().join("topology");
        let read = |file: &str| fs::read_to_string(topology.join(file)).ok();
        if let (Some(package), Some(core)) = (read("physical_package_id"), read("core_id")) {
            cores.insert((package.trim().to_string(), core.trim().to_string()));
        }
    }
    if cores.is_empty() {
        logical
    } else {
        cores.len()
    }
}

/// A warning when `workers` parallel jobs may distort the measured times: more jobs than half
/// the physical cores (at least one) share caches and memory bandwidth, which inflates CPU
/// times, and jobs beyond the cores wait for one, which inflates wall times.
pub fn timing_note(workers: usize) -> Option<String> {
    let cores = physical_cores();
    let honest = (cores / 2).max(1);
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
    use super::parse_load_average;

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
