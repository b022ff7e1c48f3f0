//! The confirmation of time verdicts: which runs are run again before their verdict is
//! given (a TLE, where a re-run could change what the command decides, [`Stake`], and the
//! machine could have caused it), and which of the runs counts ([`Confirm`]).

use std::time::Duration;

use crate::judging::verdict::{Confirmation, RunFigures, Settled, TestResult, TimeKind, Verdict};
use crate::problemset::plan::Expected;
use crate::runner;
use crate::runner::sandbox::{Layer, Layers};

/// The share of its wall time a run stopped by the wall clock must have been waiting for a
/// CPU or using one (its CPU time and its run-queue wait: [`waited_for_cpu`]) for a re-run to
/// be able to overturn its TLE: a program that sleeps is not slowed by the machine.
pub const RUNNABLE: f64 = 2.0 / 3.0;

/// Which runs are run again before their verdict is given, and how many times. Only a TLE
/// (CPU time or wall clock) is in doubt: no other verdict is ever run again, however near
/// the limit its CPU time, so that a program whose verdict varies from run to run gets no
/// more draws than one run gives it. A TLE is re-run up to [`Confirm::reruns`] times where a
/// re-run could change what the command decides ([`Stake`]) and the machine could have
/// caused it: not a TLE by CPU time on a quiet core (the run's
/// [`crate::runner::load::RunLoad::quiet`]: nothing inflated it), nor one by the wall clock
/// of a run that was not waiting for a CPU most of its wall time ([`RUNNABLE`]: its CPU
/// time and its measured run-queue wait, [`waited_for_cpu`]). A re-run
/// that ends in time overturns the TLE only when its CPU time is at least [`Confirm::near`]
/// of what the TLE showed the program needs (the CPU limit, or the CPU time a run stopped
/// by the wall clock had got): the machine inflates CPU time by at most 2x, so an honest
/// program's re-run does at least half the work; one that does less is not the same run
/// slowed down, and the TLE stands ([`Confirm::settle`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Confirm {
    /// Re-runs at most; 0 turns confirmation off.
    pub reruns: usize,
    /// The least share of what a TLE showed the program needs (CPU seconds) that a re-run
    /// ending in time must use to overturn it (`--confirm-near`; 1/2: CPU time rises up to
    /// 2x under load).
    pub near: f64,
    /// Every TLE is confirmed, whatever is at stake, however quiet its core and however
    /// idle its run (`--confirm-all`); a re-run overturns it only as [`Confirm::near`] says.
    pub all: bool,
}

/// Whether a re-run of a test in doubt could change what the command decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stake {
    /// It could: a test of a solution that must be accepted (a TLE fails it), or of a
    /// solution that declares nothing (`judge run`). A TLE is confirmed, but a TLE by CPU
    /// time on a quiet core, or by the wall clock of an idle run, stands.
    Decides,
    /// Only where the test is the solution's first failure, in plan order or in the name
    /// order of the exported packages: a wrong-answer solution, whose outcome depends on its
    /// first failure being a wrong answer rather than a TLE. Run test by test (`judge
    /// strength`), every failure seen is one, and [`Confirm::settle`] takes this as
    /// [`Stake::Decides`]; the matrix runs every test once and confirms the first failures
    /// afterwards.
    FirstFailure,
    /// It could not: a solution that must get TLE, whose TLE is what it must get. One run.
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

/// Whether `r`, a run stopped by the wall clock, was waiting for a CPU or using one most of
/// its wall time ([`RUNNABLE`]): its CPU time plus the time its processes waited on a run
/// queue, as the kernel counted it ([`crate::runner::RunResult::run_delay`]), and the time
/// the hypervisor stole, covers that share of its wall time. A program that slept waited
/// on no run queue, however busy the machine. Only where the wait is not counted, the
/// estimate from the load: the CPU time the other processes used where it ran (at most one
/// CPU's worth: it needed one) stands for the wait; where neither is known, it did not.
pub fn waited_for_cpu(r: &TestResult) -> bool {
    let stolen = r
        .confirmation
        .load
        .as_ref()
        .map_or(0.0, |l| l.steal_percent / 100.0);
    let taken = match (r.confirmation.run_delay_seconds, &r.confirmation.load) {
        (Some(waited), _) => waited + stolen * r.wall_seconds,
        (None, Some(load)) => (load.others_cpus + stolen).min(1.0) * r.wall_seconds,
        (None, None) => return false,
    };
    r.cpu_seconds + taken >= RUNNABLE * r.wall_seconds
}

impl Confirm {
    /// The default: up to 2 re-runs of a TLE where they can change something; a re-run
    /// overturns it with at least half the CPU time it showed.
    pub const DEFAULT: Confirm = Confirm {
        reruns: 2,
        near: 0.5,
        all: false,
    };

    /// No re-run: every verdict from one run.
    pub const OFF: Confirm = Confirm {
        reruns: 0,
        ..Confirm::DEFAULT
    };

    /// The confirmation a session makes in a sandbox of `layers`: `self` where re-runs were
    /// asked for (`asked`: `--confirm N`) or the sandbox clears what a run leaves for the
    /// next (its cgroup layer applies: the runs' page cache goes with it, and no file of
    /// theirs outlives them); else [`Confirm::OFF`], with why. A program that carries its
    /// work from one run to the next would buy a verdict by being run again.
    pub fn under(self, layers: &Layers, asked: bool) -> (Confirm, Option<&'static str>) {
        if asked || self.reruns == 0 || layers.applied.iter().any(|a| a.layer == Layer::Cgroup) {
            return (self, None);
        }
        let why = if layers.mode == "off" {
            "re-runs are off by default with --sandbox off: a run's files and page cache \
             outlive it, so a program could carry its work to its re-run; --confirm N turns \
             them on"
        } else {
            "re-runs are off by default here: without a cgroup the sandbox cannot clear what a \
             run leaves for the next (its page cache), so a program could carry its work to \
             its re-run; --confirm N turns them on"
        };
        (Confirm { reruns: 0, ..self }, Some(why))
    }

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

    /// Settles `first`, a run under the CPU limit `limit`: when it is a TLE that a re-run
    /// could change (`stake`), that the machine could have caused (not a CPU-time TLE on a
    /// quiet core, not a wall-clock TLE of a run that was not waiting for a CPU), `run` runs
    /// it again while the kept run is a TLE, at most `reruns` more times. A re-run that is a
    /// TLE too is kept if it proves more ([`Confirm::faster`]), and a CPU-time TLE on a
    /// quiet core ends the confirmation; a re-run that ends in time (any verdict) is kept
    /// when its CPU time is at least `near` of the most any TLE run showed the program needs
    /// (the limit for a CPU-time TLE, the CPU time it got for a wall-clock one), else the
    /// TLE stands and no more re-runs are made ([`Settled::Inconsistent`]).
    /// [`TestResult::runs`] says how many runs there were, its [`Confirmation`] why, what
    /// the runs not kept cost and every run's figures. No re-run starts once the judge is
    /// interrupted ([`runner::interrupted`]).
    pub fn settle(
        &self,
        limit: Duration,
        stake: Stake,
        first: TestResult,
        mut run: impl FnMut() -> TestResult,
    ) -> TestResult {
        let limit = limit.as_secs_f64();
        let tle = |r: &TestResult| matches!(r.verdict, Verdict::TLE(_));
        // A TLE by CPU time where nothing else ran: no re-run would find it faster.
        let stands = |r: &TestResult| {
            !self.all
                && r.verdict == Verdict::TLE(TimeKind::Cpu)
                && r.confirmation.load.as_ref().is_some_and(|l| l.quiet)
        };
        // The CPU seconds a TLE showed the program needs.
        let needs = |r: &TestResult| match r.verdict {
            Verdict::TLE(TimeKind::Cpu) => limit.max(r.cpu_seconds),
            _ => r.cpu_seconds,
        };
        let mut best = first;
        let mut runs = best.runs.max(1);
        let mut detail = std::mem::take(&mut best.confirmation.runs_detail);
        let mut kept = detail.iter().position(|r| r.kept).unwrap_or(0);
        if detail.is_empty() {
            detail.push(RunFigures::of(&best));
        }
        let mut need = needs(&best);
        let settled = if !tle(&best) {
            Settled::Once
        } else if self.reruns == 0 {
            Settled::Off
        } else if stake == Stake::Never && !self.all {
            Settled::NotAtStake
        } else if stands(&best) {
            Settled::Quiet
        } else if !self.all
            && best.verdict == Verdict::TLE(TimeKind::Wall)
            && !waited_for_cpu(&best)
        {
            Settled::Idle
        } else {
            let mut settled = Settled::Confirmed;
            // A re-run that is a TLE by CPU time on a quiet core proves the TLE too.
            let mut proven = false;
            while runs <= self.reruns && tle(&best) && !proven && runner::interrupted().is_none() {
                let again = run();
                runs += 1;
                detail.push(RunFigures::of(&again));
                if tle(&again) {
                    proven = stands(&again);
                    need = need.max(needs(&again));
                    if Confirm::faster(&again, &best) {
                        best = again;
                        kept = detail.len() - 1;
                    }
                } else if again.cpu_seconds >= self.near * need {
                    best = again;
                    kept = detail.len() - 1;
                } else {
                    settled = Settled::Inconsistent;
                    break;
                }
            }
            settled
        };
        for (i, r) in detail.iter_mut().enumerate() {
            r.kept = i == kept;
        }
        // Folded from +0.0: an empty f64 sum is -0.0, which JSON would show.
        let not_kept = detail.iter().filter(|r| !r.kept);
        let cpu = not_kept.clone().fold(0.0, |sum, r| sum + r.cpu_seconds);
        let wall = not_kept.fold(0.0, |sum, r| sum + r.wall_seconds);
        best.runs = runs;
        best.confirmation = Confirmation {
            settled,
            rerun_cpu_seconds: cpu,
            rerun_wall_seconds: wall,
            runs_detail: if runs > 1 { detail } else { Vec::new() },
            ..best.confirmation
        };
        best
    }

    /// Of two runs stopped for time, whether `a` proves more than `b`: one stopped at the
    /// CPU limit (it proves that the program needs more) before one stopped by the wall
    /// clock, and of two stopped by the wall clock the one that got more CPU time (it came
    /// closer to an end); of two stopped at the CPU limit, the one with less CPU time counted.
    /// A run that ended (whatever its verdict) comes before one stopped for time, and then
    /// the one with less CPU time.
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

    /// A run of `verdict` in `cpu` seconds, with `others` CPUs of others on its core (quiet
    /// under 0.1).
    fn on_core(verdict: Verdict, cpu: f64, others: f64) -> TestResult {
        let mut r = result(verdict, cpu);
        r.confirmation.load = Some(RunLoad {
            quiet: others < crate::runner::load::QUIET_OTHERS,
            scope: "core",
            others_cpus: others,
            steal_percent: 0.0,
        });
        r
    }

    /// A run of `verdict` in `cpu` seconds on a quiet core or a busy one (0.6 of others).
    fn loaded(verdict: Verdict, cpu: f64, quiet: bool) -> TestResult {
        on_core(verdict, cpu, if quiet { 0.01 } else { 0.6 })
    }

    /// A run stopped by the wall clock at 3 s after `cpu` seconds, `others` on its core.
    fn walled(cpu: f64, others: f64) -> TestResult {
        TestResult {
            wall_seconds: 3.0,
            ..on_core(Verdict::TLE(TimeKind::Wall), cpu, others)
        }
    }

    fn cpu() -> Verdict {
        Verdict::TLE(TimeKind::Cpu)
    }

    #[test]
    fn no_verdict_but_a_tle_is_ever_run_again() {
        let re = || {
            Verdict::RE(crate::judging::verdict::RuntimeError::Exit {
                code: 1,
                disk_limit_mib: None,
            })
        };
        let all = Confirm {
            all: true,
            ..Confirm::DEFAULT
        };
        // Near the limit, on a busy core, whatever the stake and --confirm-all: one run. (The
        // old rule re-ran each of them, and the fastest run's verdict replaced the others:
        // an RE at 0.85 s then an AC, as a program right 1 time in 3 gets, was an AC.)
        for verdict in [Verdict::AC, Verdict::WA, Verdict::PE, re(), Verdict::MLE] {
            let seq = [
                loaded(verdict.clone(), 0.95, false),
                loaded(Verdict::AC, 0.5, false),
            ];
            for (c, stake) in [
                (Confirm::DEFAULT, Stake::Decides),
                (Confirm::DEFAULT, Stake::FirstFailure),
                (all, Stake::Never),
            ] {
                let (r, made) = staked(c, stake, &seq);
                assert_eq!((&r.verdict, r.runs, made), (&verdict, 1, 1));
                assert_eq!(r.confirmation.settled, Settled::Once);
                assert!(r.confirmation.runs_detail.is_empty());
                let json = serde_json::to_value(&r.confirmation).unwrap();
                assert_eq!(json["rerun_cpu_seconds"].to_string(), "0.0");
            }
        }
        let (ac, re) = (loaded(Verdict::AC, 0.5, false), loaded(re(), 0.85, false));
        assert!(Confirm::faster(&ac, &re), "the old rule");
    }

    #[test]
    fn a_tle_is_confirmed_only_where_it_can_change_something_and_the_machine_could_cause_it() {
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
        // A first failure of a wrong-answer solution, run test by test, is confirmed.
        let (r, made) = staked(Confirm::DEFAULT, Stake::FirstFailure, &busy);
        assert_eq!(
            (r.runs, made, r.confirmation.settled),
            (3, 3, Settled::Confirmed)
        );
        assert_eq!(r.confirmation.runs_detail.len(), 3);
        // A CPU-time TLE on a quiet core stands, where it decides too.
        let quiet = [loaded(cpu(), 1.0, true), loaded(Verdict::AC, 0.6, true)];
        let (r, made) = confirm(Confirm::DEFAULT, &quiet);
        assert_eq!(
            (r.runs, made, r.confirmation.settled),
            (1, 1, Settled::Quiet)
        );
        // A wall-clock TLE of a run that slept: 0.65 s of CPU in 3 s on a quiet core, or
        // with a tenth of the core used by others, or where the load is not known. It
        // stands: no machine's load explains it.
        for idle in [walled(0.65, 0.01), walled(0.65, 0.2), {
            let mut r = walled(0.65, 0.0);
            r.confirmation.load = None;
            r
        }] {
            let seq = [idle, loaded(Verdict::AC, 0.6, true)];
            let (r, made) = confirm(Confirm::DEFAULT, &seq);
            assert_eq!((&r.verdict, made), (&Verdict::TLE(TimeKind::Wall), 1));
            assert_eq!(r.confirmation.settled, Settled::Idle);
        }
        // One that waited for its core (0.5 s of CPU in 3 s, others 0.9 of the core), then
        // in time with the work it had done: AC, from 2 runs, every run's figures kept.
        let seq = [walled(0.5, 0.9), loaded(Verdict::AC, 0.4, false)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((&r.verdict, r.runs, made), (&Verdict::AC, 2, 2));
        assert_eq!(r.confirmation.settled, Settled::Confirmed);
        let d = &r.confirmation.runs_detail;
        assert_eq!(
            d.iter()
                .map(|f| (f.verdict.short(), f.kept))
                .collect::<Vec<_>>(),
            [("TLE", false), ("AC", true)]
        );
        assert_eq!((d[0].cpu_seconds, d[0].wall_seconds), (0.5, 3.0));
        assert_eq!(
            (
                r.confirmation.rerun_cpu_seconds,
                r.confirmation.rerun_wall_seconds
            ),
            (0.5, 3.0)
        );
        // Exactly at the share: 2 s of CPU or others' in 3 s waits for a CPU; less does not.
        assert!(waited_for_cpu(&walled(0.5, 0.5)));
        assert!(!waited_for_cpu(&walled(0.5, 0.4)));
        // Where the run-queue wait is counted, it decides, whatever the others used: on a
        // core others kept busy (0.9 of it), a run that slept (0.05 s of wait) stands, one
        // that waited 1.5 s of its 3 s is run again; on a quiet core, the wait alone too.
        let waited = |cpu: f64, others: f64, delay: f64| {
            let mut r = walled(cpu, others);
            r.confirmation.run_delay_seconds = Some(delay);
            r
        };
        assert!(!waited_for_cpu(&waited(0.65, 0.9, 0.05)));
        assert!(waited_for_cpu(&waited(0.5, 0.9, 1.5)));
        assert!(waited_for_cpu(&waited(0.5, 0.0, 1.5)));
        assert!(!waited_for_cpu(&waited(0.5, 0.0, 1.4)));
        let seq = [waited(0.65, 0.9, 0.05), loaded(Verdict::AC, 0.01, false)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((&r.verdict, made), (&Verdict::TLE(TimeKind::Wall), 1));
        assert_eq!(r.confirmation.settled, Settled::Idle);
        let seq = [waited(0.5, 0.0, 2.4), loaded(Verdict::AC, 0.4, false)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((&r.verdict, made), (&Verdict::AC, 2));
        let told = r.confirmation.told().unwrap();
        assert!(
            told.contains("3.000 s wall, 2.400 s waiting for a CPU, "),
            "{told}"
        );
        // Off: one run, said so.
        let (r, _) = confirm(Confirm::OFF, &busy);
        assert_eq!((r.runs, r.confirmation.settled), (1, Settled::Off));
    }

    #[test]
    fn a_rerun_overturns_a_tle_only_with_the_work_the_tle_showed() {
        // A CPU-time TLE on a busy core: a re-run in time with at least half the limit
        // overturns it ...
        let seq = [loaded(cpu(), 1.0, false), loaded(Verdict::AC, 0.5, false)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((&r.verdict, r.cpu_seconds, made), (&Verdict::AC, 0.5, 2));
        // ... a wrong answer too (it ended in time: the verdict it gives) ...
        let seq = [loaded(cpu(), 1.0, false), loaded(Verdict::WA, 0.7, false)];
        let (r, _) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!(r.verdict, Verdict::WA);
        // ... one with less does not: not the same work slowed down. The TLE stands, no
        // third run.
        let seq = [
            loaded(cpu(), 1.0, false),
            loaded(Verdict::AC, 0.45, false),
            loaded(Verdict::AC, 0.6, false),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((&r.verdict, r.runs, made), (&cpu(), 2, 2));
        assert_eq!(r.confirmation.settled, Settled::Inconsistent);
        assert!(r.confirmation.runs_detail[0].kept);
        // The split through a carrier: 0.65 s of work, then asleep until the wall clock, on
        // a busy core; the next run answers at once. The old rule kept the AC.
        let seq = [walled(0.65, 0.9), loaded(Verdict::AC, 0.01, false)];
        assert!(Confirm::faster(&seq[1], &seq[0]), "the old rule");
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((&r.verdict, made), (&Verdict::TLE(TimeKind::Wall), 2));
        assert_eq!(r.confirmation.settled, Settled::Inconsistent);
        // Against the most any TLE run showed: a wall-clock TLE after 0.3 s, then one at
        // the CPU limit, then 0.4 s in time is too little (half of 1 s).
        let seq = [
            walled(0.3, 0.9),
            loaded(cpu(), 1.0, false),
            loaded(Verdict::AC, 0.4, false),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((&r.verdict, made), (&cpu(), 3));
        assert_eq!(r.confirmation.settled, Settled::Inconsistent);
        // --confirm-near sets the share.
        let strict = Confirm {
            near: 0.9,
            ..Confirm::DEFAULT
        };
        let seq = [loaded(cpu(), 1.0, false), loaded(Verdict::AC, 0.8, false)];
        assert_eq!(confirm(strict, &seq).0.verdict, cpu());
        // A busy TLE is confirmed until a run is a TLE on a quiet core: that proves it (the
        // one that proves most is kept).
        let seq = [loaded(cpu(), 1.0, false), loaded(cpu(), 1.02, true)];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.runs, made, r.cpu_seconds), (2, 2, 1.0));
        assert_eq!(r.confirmation.settled, Settled::Confirmed);
    }

    #[test]
    fn confirm_all_reruns_every_tle_but_holds_the_work_rule() {
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
        // An idle wall-clock TLE is run again, but a re-run that answers at once does not
        // overturn it.
        let seq = [walled(0.65, 0.0), loaded(Verdict::AC, 0.01, true)];
        let (r, made) = confirm(all, &seq);
        assert_eq!((&r.verdict, made), (&Verdict::TLE(TimeKind::Wall), 2));
        assert_eq!(r.confirmation.settled, Settled::Inconsistent);
        let told = r.confirmation.told().unwrap();
        assert_eq!(
            told,
            "run 1 of 2 kept (a re-run that ended in time did less CPU work than the load can \
             explain: the TLE stands): TLE (wall) 0.650 s CPU 3.000 s wall, others 0.00 CPU \
             on its core (quiet); AC 0.010 s CPU 0.010 s wall, others 0.01 CPU on its core \
             (quiet)"
        );
    }

    #[test]
    fn without_a_cgroup_reruns_are_off_unless_asked_for() {
        let off = crate::runner::Sandbox::off().layers();
        let (c, why) = Confirm::DEFAULT.under(&off, false);
        assert_eq!(c.reruns, 0);
        assert!(why.unwrap().contains("--sandbox off"), "{why:?}");
        let (c, why) = Confirm::DEFAULT.under(&off, true);
        assert_eq!((c, why), (Confirm::DEFAULT, None));
        let mut no_cgroup = off.clone();
        no_cgroup.mode = "auto";
        let (c, why) = Confirm::DEFAULT.under(&no_cgroup, false);
        assert_eq!(c.reruns, 0);
        assert!(why.unwrap().contains("without a cgroup"), "{why:?}");
        let mut cgroup = no_cgroup;
        cgroup.applied.push(crate::runner::sandbox::Applied {
            layer: Layer::Cgroup,
            label: "cgroup v2".into(),
        });
        assert_eq!(
            Confirm::DEFAULT.under(&cgroup, false),
            (Confirm::DEFAULT, None)
        );
    }

    #[test]
    fn a_result_left_at_one_run_is_confirmed_later() {
        // The matrix runs a wrong-answer solution's tests once, then confirms its first
        // failure: the re-runs continue from the first run.
        let first = staked(Confirm::DEFAULT, Stake::Never, &[walled(0.4, 0.9)]).0;
        assert_eq!(first.confirmation.settled, Settled::NotAtStake);
        let mut made = 0;
        let again = [loaded(Verdict::AC, 0.5, false)];
        let r = Confirm::DEFAULT.settle(Duration::from_secs(1), Stake::Decides, first, || {
            made += 1;
            again[made - 1].clone()
        });
        assert_eq!((&r.verdict, r.runs, made), (&Verdict::AC, 2, 1));
        assert_eq!(r.confirmation.settled, Settled::Confirmed);
        assert_eq!(r.confirmation.rerun_cpu_seconds, 0.4);
        assert_eq!(r.confirmation.runs_detail.len(), 2);
        let told = r.confirmation.told().unwrap();
        assert!(
            told.starts_with("run 2 of 2 kept (a re-run overturned the TLE): TLE (wall) 0.400 s"),
            "{told}"
        );
    }

    #[test]
    fn of_several_tles_the_one_that_proves_most_counts() {
        let wall = || Verdict::TLE(TimeKind::Wall);
        // Far from the limit: one run.
        let (r, made) = confirm(Confirm::DEFAULT, &[result(Verdict::AC, 0.3)]);
        assert_eq!((r.verdict, r.runs, made), (Verdict::AC, 1, 1));
        // TLE every time: the CPU-time TLE proves more than the wall clock's.
        let seq = [
            walled(0.6, 0.9),
            loaded(cpu(), 1.01, false),
            walled(0.7, 0.9),
        ];
        let (r, made) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!((r.verdict, r.runs, made), (cpu(), 3, 3));
        assert_eq!(r.confirmation.told().unwrap().split("; ").count(), 3);
        // Two wall-clock TLEs: the one that got more CPU time.
        let seq = [walled(0.6, 0.9), walled(0.7, 0.9), walled(0.5, 0.9)];
        let (r, _) = confirm(Confirm::DEFAULT, &seq);
        assert_eq!(r.cpu_seconds, 0.7);
        assert!(r.confirmation.told().unwrap().contains("every run a TLE"));
        // Off: one run, whatever it gave.
        let (r, made) = confirm(Confirm::OFF, &[result(wall(), 0.4)]);
        assert_eq!((r.verdict, r.runs, made), (wall(), 1, 1));
    }
}
