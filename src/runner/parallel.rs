//! Running many jobs on a few worker threads, and when doing so distorts the timings.

use std::collections::BTreeSet;
use std::fs;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Applies `work` to every job with `workers` threads (at least one), and returns the results
/// in the order of the jobs. Jobs are handed out one at a time, so a slow job does not hold
/// up a whole batch.
pub fn parallel<T: Sync, R: Send>(
    jobs: &[T],
    workers: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(jobs.len()));
    thread::scope(|scope| {
        for _ in 0..workers.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| {
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
