//! What the benches measure beside their timings: the machine's load and the CPU time of the
//! processes they ran (included by `#[path]`, as benches/solve.rs includes tests/common/).

/// The 1-minute load average.
pub fn load1() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// CPU seconds (user and system) of this process's waited-for children so far: the judge and
/// the solutions it ran.
pub fn children_cpu() -> f64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` is a valid rusage buffer.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) };
    // SAFETY: getrusage filled it (or it stays zeroed).
    let u = unsafe { usage.assume_init() };
    let s = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    s(u.ru_utime) + s(u.ru_stime)
}
