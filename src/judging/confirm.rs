//! The confirmation of time verdicts: which runs are run again before their verdict is
//! given (those in doubt where a re-run could change what the command decides, [`Stake`],
//! and whose core was not quiet), and which of the runs counts ([`Confirm`]).

use std::time::Duration;

use crate::judging::verdict::{Confirmation, Settled, TestResult, TimeKind, Verdict};
use crate::problemset::plan::Expected;
use crate::runner;

/// Which runs are run again before their verdict is given, and how many times: a run that
/// ends in TLE (CPU time or wall clock), or whose CPU time is at least [`Confirm::near`] of
/// the limit, is in doubt; it is re-run up to [`Confirm::reruns`] times where a re-run could
/// change what the command decides ([`Stake`]), and the fastest run gives the verdict and the
/// times ([`Confirm::settle`]). Noise on a busy machine only ever adds time (a core shared,
/// caches and memory bandwidth shared, a run waiting for a core), so the fastest of several
/// runs is the closest to what the program needs. A TLE by CPU time on a quiet core (the
/// run's [`crate::runner::load::RunLoad::quiet`]) stands without re-runs: nothing inflated it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Confirm {
    /// Re-runs at most; 0 turns confirmation off.
    pub reruns: usize,
    /// The share of the time limit from which a run is re-run even when it ended in time.
    pub near: f64,
    /// Every run in doubt is confirmed, whatever is at stake and however quiet its core
    /// (`--confirm-all`).
    pub all: bool,
}

/// Whether a re-run of a test in doubt could change what the command decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stake {
    /// It could: a test of a solution that must be accepted (a TLE fails it, a time near
    /// the limit fails its margin), or of a solution that declares nothing (`judge run`).
    /// A run in doubt is confirmed, but a TLE by CPU time on a quiet core stands.
    Decides,
    /// Only where the test is the solution's first failure, in plan order or in the name
    /// order of the exported packages: a wrong-answer solution, whose outcome depends on its
    /// first failure being a wrong answer rather than a TLE. Run test by test (`judge
    /// strength`), every failure seen is one, and [`Confirm::settle`] takes this as
    /// [`Stake::Decides`]; the matrix runs every test once and confirms the first failures
    /// afterwards.
    FirstFailure,
    /// It could not: a solution that must get TLE, whose TLE is what it must get, and a
    /// faster run of a test it passes still passes. One run.
    Never,
}

impl Stake {
    /// What is at stake in the tests of a solution that must get `expected` (`None`:
    /// declares nothing).
    pub fn of(expected: Option<Expected>) -> Stake {
        match expected {
            None | Some(Expected::Accepted) => Stake::Decides,
            Some(Expected::WrongAnswer) => Stake::FirstFailure,
            Some(Expected::TimeLimitExceeded) => Stake::Never,
        }
    }
}

impl Confirm {
    /// The default: up to 2 re-runs, from 80 % of the limit, where they can change something.
    pub const DEFAULT: Confirm = Confirm {
        reruns: 2,
        near: 0.8,
        all: false,
    };

    /// No re-run: every verdict from one run.
    pub const OFF: Confirm = Confirm {
        reruns: 0,
        near: 1.0,
        all: false,
    };

    /// Runs `run` once and settles its result ([`Confirm::settle`]) for what is at `stake`.
    pub fn judge(
        &self,
        limit: Duration,
        stake: Stake,
        mut run: impl FnMut() -> TestResult,
    ) -> TestResult {
        let first = run();
        self.settle(limit, stake, first, run)
    }

    /// Settles `first`, a run under the CPU limit `limit`: when it is in doubt (a TLE, or
    /// CPU time at least `near` of `limit`) and a re-run could change what the command
    /// decides (`stake`), `run` runs it again while the best run so far is in doubt, at most
    /// `reruns` more times, and the best run is the result ([`Confirm::faster`]); but a TLE
    /// by CPU time on a quiet core stands. [`TestResult::runs`] says how many runs there
    /// were, its [`Confirmation`] why, and what the runs not kept cost. No re-run starts
    /// once the judge is interrupted ([`runner::interrupted`]).
    pub fn settle(
        &self,
        limit: Duration,
        stake: Stake,
        first: TestResult,
        mut run: impl FnMut() -> TestResult,
    ) -> TestResult {
        let limit = limit.as_secs_f64();
        let in_doubt = |r: &TestResult| {
            matches!(r.verdict, Verdict::TLE(_)) || r.cpu_seconds >= self.near * limit
        };
        // A TLE by CPU time where nothing else ran: no re-run would find it faster.
        let stands = |r: &TestResult| {
            !self.all
                && r.verdict == Verdict::TLE(TimeKind::Cpu)
                && r.confirmation.load.as_ref().is_some_and(|l| l.quiet)
        };
        let mut best = first;
        let mut runs = best.runs.max(1);
        let (mut cpu, mut wall) = (
            best.confirmation.rerun_cpu_seconds,
            best.confirmation.rerun_wall_seconds,
        );
        let settled = if !in_doubt(&best) {
            Settled::Once
        } else if self.reruns == 0 {
            Settled::Off
        } else if stake == Stake::Never && !self.all {
            Settled::NotAtStake
        } else if stands(&best) {
            Settled::Quiet
        } else {
            // A re-run that is a TLE by CPU time on a quiet core proves the TLE too.
            let mut proven = false;
            while runs <= self.reruns
                && in_doubt(&best)
                && !proven
                && runner::interrupted().is_none()
            {
                let mut again = run();
                runs += 1;
                proven = stands(&again);
                if Confirm::faster(&again, &best) {
                    std::mem::swap(&mut again, &mut best);
                }
                cpu += again.cpu_seconds;
                wall += again.wall_seconds;
            }
            Settled::Confirmed
        };
        best.runs = runs;
        best.confirmation = Confirmation {
            settled,
            rerun_cpu_seconds: cpu,
            rerun_wall_seconds: wall,
            ..best.confirmation
        };
        best
    }

    /// Whether run `a` was faster than run `b`: a run that ended (whatever its verdict)
    /// before one stopped for time, and then the one with less CPU time; of two runs stopped
    /// for time, one stopped at the CPU limit (it proves that the program needs more) before
    /// one stopped by the wall clock, and of two stopped by the wall clock the one that got
    /// more CPU time (it came closer to an end).
    pub fn faster(a: &TestResult, b: &TestResult) -> bool {
        let rank = |r: &TestResult| match &r.verdict {
            Verdict::TLE(TimeKind::Wall) => 2,
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
    use crate::runner::load::RunLoad;

    fn result(verdict: Verdict, cpu: f64) -> TestResult {
        TestResult::made_up("t", verdict, cpu)
    }

    /// Confirms the runs `seq` would give, in order, for a test that decides: the result and
    /// how many were made.
    fn confirm(confirm: Confirm, seq: &[TestResult]) -> (TestResult, usize) {
        staked(confirm, Stake::Decides, seq)
    }

    /// The same for what is at `stake`.
    fn staked(confirm: Confirm, stake: Stake, seq: &[TestResult]) -> (TestResult, usize) {
        let mut made = 0;
        let r = confirm.judge(Duration::from_secs(1), stake, || {
            made += 1;
            seq[made - 1].clone()
        });
        (r, made)
    }

    /// A run of `verdict` in `cpu` seconds, on a quiet core or not.
    fn loaded(verdict: Verdict, cpu: f64, quiet: bool) -> TestResult {
        let mut r = result(verdict, cpu);
        r.confirmation.load = Some(RunLoad {
            quiet,
            scope: "core",
            others_cpus: if quiet { 0.01 } else { 0.6 },
            steal_percent: 0.0,
        });
        r
    }

    #[test]
    fn a_run_in_doubt_is_confirmed_only_where_it_can_change_something() {
        let cpu = || Verdict::TLE(TimeKind::Cpu);
        let wall = || Verdict::TLE(TimeKind::Wall);
        // What each declared outcome puts at stake.
        assert_eq!(Stake::of(None), Stake::Decides);
        assert_eq!(Stake::of(Some(Expected::Accepted)), Stake::Decides);
        assert_eq!(Stake::of(Some(Expected::WrongAnswer)), Stake::FirstFailure);
        assert_eq!(Stake::of(Some(Expected::TimeLimitExceeded)), Stake::Never);
        // An intended TLE's TLE, on a busy core: one run, nothing at stake.
        let busy = [
            loaded(cpu(), 1.0, false),
            loaded(cpu(), 1.0, false),
            loaded(cpu(), 1.0, false),
        ];
        let (r, made) = staked(Confirm::DEFAULT, Stake::Never, &busy);
        assert_eq!((r.runs, made), (1, 1));
        assert_eq!(r.confirmation.settled, Settled::NotAtStake);
        // ... nor a test it passes near the limit (a faster run passes still).
        let near = [result(Verdict::AC, 0.9)];
        let (r, _) = staked(Confirm::DEFAULT, Stake::Never, &near);
        assert_eq!((r.runs, r.confirmation.settled), (1, Settled::NotAtStake));
        // A first failure of a wrong-answer solution, run test by test, is confirmed.
        let (r, made) = staked(Confirm::DEFAULT, Stake::FirstFailure, &busy);
        assert_eq!(
            (r.runs, made, r.confirmation.settled),
            (3, 3, Settled::Confirmed)
        );
        // A CPU-time TLE on a quiet core stands, where it decides too.
        let quiet = [loaded(cpu(), 1.0, true), loaded(cpu(), 1.0, true)];
        let (r, made) = confirm(Confirm::DEFAULT, &quiet);
        assert_eq!(
            (r.runs, made, r.confirmation.settled),
            (1, 1, Settled::Quiet)
        );
        // Not a wall-clock TLE: the program may have waited for its core.
        let quiet_wall = [loaded(wall(), 0.3, true), loaded(Verdict::AC, 0.4, true)];
        let (r, made) = confirm(Confirm::DEFAULT, &quiet_wall);
        assert_eq!((r.verdict, r.runs, made), (Verdict::AC, 2, 2));
        // Not near the limit in time either: its time decides an accepted solution's margin.
        let near = [
            loaded(Verdict::AC, 0.9, true),
            loaded(Verdict::AC, 0.7, true),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &near);
        assert_eq!((r.cpu_seconds, made), (0.7, 2));
        // A busy TLE is confirmed until a run is a TLE on a quiet core: that proves it (the
        // fastest run is kept, as always).
        let seq = [loaded(cpu(), 1.0, false), loaded(cpu(), 1.02, true)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.runs, made, r.cpu_seconds), (2, 2, 1.0));
        assert_eq!(r.confirmation.settled, Settled::Confirmed);
        // --confirm-all: every run in doubt, whatever the stake and the load.
        let all = Confirm {
            all: true,
            ..Confirm::DEFAULT
        };
        let three = [
            loaded(cpu(), 1.0, true),
            loaded(cpu(), 1.1, true),
            loaded(cpu(), 1.2, true),
        ];
        let (r, made) = staked(all, Stake::Never, &three);
        assert_eq!((r.runs, made, r.cpu_seconds), (3, 3, 1.0));
        // The runs not kept are what the confirmation cost.
        assert_eq!(r.confirmation.rerun_cpu_seconds, 1.1 + 1.2);
        assert_eq!(r.confirmation.rerun_wall_seconds, 1.1 + 1.2);
        // Off: one run, said so.
        let (r, _) = confirm(Confirm::OFF, &busy);
        assert_eq!((r.runs, r.confirmation.settled), (1, Settled::Off));
    }

    #[test]
    fn a_result_left_at_one_run_is_confirmed_later() {
        // The matrix runs a wrong-answer solution's tests once, then confirms its first
        // failure: the re-runs continue from the first run.
        let first = staked(
            Confirm::DEFAULT,
            Stake::Never,
            &[result(Verdict::TLE(TimeKind::Wall), 0.4)],
        )
        .0;
        assert_eq!(first.confirmation.settled, Settled::NotAtStake);
        let mut made = 0;
        let again = [result(Verdict::AC, 0.5)];
        let r = Confirm::DEFAULT.settle(Duration::from_secs(1), Stake::Decides, first, || {
            made += 1;
            again[made - 1].clone()
        });
        assert_eq!((r.verdict, r.runs, made), (Verdict::AC, 2, 1));
        assert_eq!(r.confirmation.settled, Settled::Confirmed);
        assert_eq!(r.confirmation.rerun_cpu_seconds, 0.4);
    }

    #[test]
    fn a_time_verdict_is_confirmed_and_the_fastest_run_counts() {
        let wall = || Verdict::TLE(TimeKind::Wall);
        let cpu = || Verdict::TLE(TimeKind::Cpu);
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
