//! The confirmation of time verdicts: which runs are run again before their verdict is
//! given, and which of the runs counts ([`Confirm`]).

use std::time::Duration;

use crate::judging::verdict::{TestResult, Verdict};
use crate::runner;

/// Which runs are run again before their verdict is given, and how many times: a run that
/// ends in TLE (CPU time or wall clock), or whose CPU time is at least [`Confirm::near`] of
/// the limit, is re-run up to [`Confirm::reruns`] times, and the fastest run gives the verdict
/// and the times ([`Confirm::judge`]). Noise on a busy machine only ever adds time (a core
/// shared, caches and memory bandwidth shared, a run waiting for a core), so the fastest of
/// several runs is the closest to what the program needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Confirm {
    /// Re-runs at most; 0 turns confirmation off.
    pub reruns: usize,
    /// The share of the time limit from which a run is re-run even when it ended in time.
    pub near: f64,
}

impl Confirm {
    /// The default: up to 2 re-runs, from 80 % of the limit.
    pub const DEFAULT: Confirm = Confirm {
        reruns: 2,
        near: 0.8,
    };

    /// No re-run: every verdict from one run.
    pub const OFF: Confirm = Confirm {
        reruns: 0,
        near: 1.0,
    };

    /// Runs `run` once, and again while the best run so far is in doubt (a TLE, or CPU time
    /// at least `near` of `limit`), at most `reruns` more times; the best run is the result,
    /// with [`TestResult::runs`] saying how many there were ([`Confirm::faster`]). No re-run
    /// starts once the judge is interrupted ([`runner::interrupted`]).
    pub fn judge(&self, limit: Duration, mut run: impl FnMut() -> TestResult) -> TestResult {
        let limit = limit.as_secs_f64();
        let in_doubt = |r: &TestResult| {
            matches!(r.verdict, Verdict::TLE(_)) || r.cpu_seconds >= self.near * limit
        };
        let mut best = run();
        let mut runs = 1;
        while runs <= self.reruns && in_doubt(&best) && runner::interrupted().is_none() {
            let again = run();
            runs += 1;
            if Confirm::faster(&again, &best) {
                best = again;
            }
        }
        best.runs = runs;
        best
    }

    /// Whether run `a` was faster than run `b`: a run that ended (whatever its verdict)
    /// before one stopped for time, and then the one with less CPU time; of two runs stopped
    /// for time, one stopped at the CPU limit (it proves that the program needs more) before
    /// one stopped by the wall clock, and of two stopped by the wall clock the one that got
    /// more CPU time (it came closer to an end).
    pub fn faster(a: &TestResult, b: &TestResult) -> bool {
        let rank = |r: &TestResult| match &r.verdict {
            Verdict::TLE(kind) if kind == "wall" => 2,
            Verdict::TLE(_) => 1,
            _ => 0,
        };
        match rank(a).cmp(&rank(b)) {
            std::cmp::Ordering::Equal if rank(a) == 2 => a.cpu_seconds > b.cpu_seconds,
            std::cmp::Ordering::Equal => a.cpu_seconds < b.cpu_seconds,
            order => order.is_lt(),
        }
    }
}

impl Default for Confirm {
    fn default() -> Confirm {
        Confirm::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(verdict: Verdict, cpu: f64) -> TestResult {
        TestResult::made_up("t", verdict, cpu)
    }

    /// Confirms the runs `seq` would give, in order: the result and how many were made.
    fn confirm(confirm: Confirm, seq: &[TestResult]) -> (TestResult, usize) {
        let mut made = 0;
        let r = confirm.judge(Duration::from_secs(1), || {
            made += 1;
            seq[made - 1].clone()
        });
        (r, made)
    }

    #[test]
    fn a_time_verdict_is_confirmed_and_the_fastest_run_counts() {
        let wall = || Verdict::TLE("wall".into());
        let cpu = || Verdict::TLE("cpu".into());
        // Far from the limit: one run.
        let (r, made) = confirm(Confirm::DEFAULT, &[result(Verdict::AC, 0.3)]);
        assert_eq!((r.verdict, r.runs, made), (Verdict::AC, 1, 1));
        // Stopped by the wall clock, then in time: AC, from 2 runs.
        let seq = [result(wall(), 0.4), result(Verdict::AC, 0.5)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!(
            (r.verdict, r.cpu_seconds, r.runs, made),
            (Verdict::AC, 0.5, 2, 2)
        );
        // Near the limit three times: the least CPU time.
        let seq = [
            result(Verdict::AC, 0.9),
            result(Verdict::AC, 0.85),
            result(Verdict::AC, 0.95),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.cpu_seconds, r.runs, made), (0.85, 3, 3));
        // TLE every time: the CPU-time TLE proves more than the wall clock's.
        let seq = [
            result(wall(), 0.6),
            result(cpu(), 1.01),
            result(wall(), 0.7),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.verdict, r.runs, made), (cpu(), 3, 3));
        // Two wall-clock TLEs: the one that got more CPU time.
        let seq = [
            result(wall(), 0.6),
            result(wall(), 0.7),
            result(wall(), 0.5),
        ];
        let (r, _) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!(r.cpu_seconds, 0.7);
        // Off: one run, whatever it gave.
        let (r, made) = confirm(Confirm::OFF, &[result(wall(), 0.4)]);
        assert_eq!((r.verdict, r.runs, made), (wall(), 1, 1));
        // A wrong answer near the limit is re-run too; a faster WA is still a WA.
        let seq = [result(Verdict::WA, 0.9), result(Verdict::WA, 0.5)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.verdict, r.cpu_seconds, made), (Verdict::WA, 0.5, 2));
    }
}
