//! What every command that runs solutions shares (`judge run`, `judge stress`, `judge
//! strength`): a [`Session`], the options of its command line (the plan, the test data, the
//! jobs, the limits and their overrides, the confirmation of time verdicts, the sandbox), which
//! loads a problem with its limits and manifest ([`Loaded`]); and the [`Timing`] of its
//! report: how its time verdicts were made and how busy the machine was.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

use serde::Serialize;

use crate::judging::run::{Confirm, Schedule, TestFiles, TestResult, limits_for};
use crate::judging::verdict::Settled;
use crate::problemset::manifest::{self, Manifest};
use crate::problemset::plan::{Plan, ProblemPlan};
use crate::problemset::select::select;
use crate::runner::load::Contention;
use crate::runner::{self, Limits, Sandbox, SandboxMode};

/// What every solution-running command needs: the options of its command line.
#[derive(Clone, Debug)]
pub struct Session {
    /// judge.toml.
    pub plan: PathBuf,
    /// The test data directory.
    pub data: PathBuf,
    /// Parallel jobs (default: the physical cores).
    pub jobs: Option<usize>,
    /// CPU seconds per test, instead of judge.toml's.
    pub time_limit: Option<f64>,
    /// Wall-clock seconds per test, instead of judge.toml's or the default.
    pub wall_limit: Option<f64>,
    /// Which time verdicts are confirmed by running again, as asked for or by default.
    pub confirm: Confirm,
    /// Whether `--confirm N` was given: else re-runs are off where the sandbox cannot clear
    /// what a run leaves for the next ([`Confirm::under`]).
    pub confirm_asked: bool,
    /// The confirmation made in this session's sandbox, and why re-runs are off if they are
    /// by default, once the sandbox is made ([`Session::sandbox`]).
    pub confirm_here: OnceLock<(Confirm, Option<&'static str>)>,
    /// MiB per test, instead of judge.toml's.
    pub memory_limit: Option<u64>,
    /// How solutions are confined.
    pub sandbox: SandboxMode,
}

/// A problem loaded for its runs: the plan, the problem's index in it, the limits its tests
/// run under and its manifest (its test data checked against it).
pub struct Loaded {
    /// The plan.
    pub plan: Plan,
    /// The problem's index in `plan.problems`.
    pub index: usize,
    /// The limits its tests run under (judge.toml's, or the overrides).
    pub limits: Limits,
    /// Its manifest.
    pub manifest: Manifest,
}

impl Loaded {
    /// The problem.
    pub fn problem(&self) -> &ProblemPlan {
        &self.plan.problems[self.index]
    }
}

impl Session {
    /// The parallel jobs: `--jobs`, else the number of physical cores this process may run
    /// on ([`runner::default_jobs`]); at least 1.
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(runner::default_jobs).max(1)
    }

    /// The parallel jobs and the confirmation of time verdicts.
    pub fn schedule(&self) -> Schedule {
        Schedule {
            workers: self.jobs(),
            confirm: self.confirmation().0,
            lazy: false,
        }
    }

    /// The confirmation this session makes, and why re-runs are off if they are by
    /// default: as its sandbox allows once it is made ([`Confirm::under`]).
    pub fn confirmation(&self) -> (Confirm, Option<&'static str>) {
        self.confirm_here
            .get()
            .copied()
            .unwrap_or((self.confirm, None))
    }

    /// The repository root: the directory of judge.toml.
    pub fn repo(&self) -> PathBuf {
        Plan::root(&self.plan).to_path_buf()
    }

    /// Where solutions' sources are built: target/solutions/ beside judge.toml.
    pub fn cache(&self) -> PathBuf {
        self.repo().join("target").join("solutions")
    }

    /// The plan with the problem `name`, the limits its tests run under and its manifest,
    /// once its test data is checked against the manifest; or a message.
    pub fn load(&self, name: &str) -> Result<Loaded, String> {
        let plan = Plan::load(&self.plan).map_err(|e| e.to_string())?;
        let index = plan
            .problems
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| plan.problem(name).err().unwrap_or_default())?;
        let limits = self.limits(&plan.problems[index])?;
        let manifest = manifest::verify(&plan.problems[index], &self.data)?;
        Ok(Loaded {
            plan,
            index,
            limits,
            manifest,
        })
    }

    /// The files of the tests of `manifest` that `selection` (the `--tests` values) chooses,
    /// in plan order.
    pub fn tests(
        &self,
        problem: &ProblemPlan,
        manifest: &Manifest,
        selection: &[String],
    ) -> Result<Vec<TestFiles>, String> {
        let dir = self.data.join(&problem.name);
        let chosen =
            select(&manifest.test, selection).map_err(|e| format!("{}: {e}", problem.name))?;
        Ok(chosen.into_iter().map(|e| TestFiles::of(&dir, e)).collect())
    }

    /// The sandbox the solutions run in, as `--sandbox` asks; the session's confirmation is
    /// then what it allows ([`Session::confirmation`]).
    pub fn sandbox(&self) -> Result<Sandbox, String> {
        let sandbox = Sandbox::new(self.sandbox)?;
        let _ = self
            .confirm_here
            .set(self.confirm.under(&sandbox.layers(), self.confirm_asked));
        Ok(sandbox)
    }

    /// The limits of `problem`'s tests: judge.toml's, or `--time-limit` (with the default
    /// wall clock for it), `--wall-limit` and `--memory-limit`.
    pub fn limits(&self, problem: &ProblemPlan) -> Result<Limits, String> {
        let mut limits = limits_for(problem);
        if let Some(t) = self.time_limit {
            if !(t > 0.0 && t <= 3600.0) {
                return Err(format!(
                    "--time-limit must be in (0, 3600] seconds, not {t}"
                ));
            }
            limits.cpu = Duration::from_secs_f64(t);
            limits.wall = runner::default_wall(limits.cpu);
        }
        if let Some(w) = self.wall_limit {
            let cpu = limits.cpu.as_secs_f64();
            if !(w >= cpu && w <= 7200.0) {
                return Err(format!(
                    "--wall-limit must be at least the time limit ({cpu} s) and at most 7200 \
                     seconds, not {w}"
                ));
            }
            limits.wall = Duration::from_secs_f64(w);
        }
        if let Some(m) = self.memory_limit {
            if !(16..=65_536).contains(&m) {
                return Err(format!("--memory-limit must be 16..=65536 MiB, not {m}"));
            }
            limits.memory_bytes = m << 20;
        }
        Ok(limits)
    }
}

/// How the time verdicts of a session were made, for its report: the limits beside the CPU
/// limit, the confirmation re-runs, and how busy the machine was.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Timing {
    /// Wall-clock seconds per test (only stops programs that wait).
    pub wall_limit_seconds: f64,
    /// Re-runs at most of a TLE (0: confirmation off).
    pub confirm_reruns: usize,
    /// The least share of the CPU time a TLE showed that a re-run in time must use to
    /// overturn it.
    pub confirm_near: f64,
    /// Whether every TLE was confirmed, whatever was at stake, however quiet its core and
    /// however idle its run (`--confirm-all`).
    pub confirm_all: bool,
    /// Why re-runs are off by default here (no cgroup, `--sandbox off`); not in the JSON
    /// where they are not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirm_off: Option<&'static str>,
    /// The tests that ran more than once.
    pub repeated: usize,
    /// The re-runs made (each test's runs beyond its first).
    pub reruns: usize,
    /// The CPU seconds of the runs not kept.
    pub rerun_cpu_seconds: f64,
    /// The wall-clock seconds of the runs not kept.
    pub rerun_wall_seconds: f64,
    /// The tests in doubt left at one run because no re-run could change what the command
    /// decides (an intended-TLE solution's TLE, a wrong-answer solution's TLE that is not
    /// its first failure).
    pub not_at_stake: usize,
    /// The TLEs by CPU time on a quiet core, which stood without re-runs.
    pub quiet: usize,
    /// The TLEs by the wall clock of a run not waiting for a CPU, which stood without
    /// re-runs.
    pub idle: usize,
    /// The TLEs that stood because a re-run ended in time with less CPU work than the load
    /// can explain.
    pub inconsistent: usize,
    /// The tests counted: every test judged; for `judge strength` without `--matrix`, the
    /// test that decided each solution (the others are not kept).
    pub tests: usize,
    /// What `tests` counts, for the report's line.
    #[serde(skip)]
    pub counted: &'static str,
    /// The machine's load during the session (null where /proc cannot tell).
    pub contention: Option<Contention>,
}

impl Timing {
    /// The timing of a session that gave `results` (each a `counted`, e.g. `test`), with
    /// `wall` seconds of wall-clock limit.
    pub fn of<'a>(
        session: &Session,
        wall: f64,
        (results, counted): (impl IntoIterator<Item = &'a TestResult>, &'static str),
        contention: Option<Contention>,
    ) -> Timing {
        let (confirm, confirm_off) = session.confirmation();
        let mut timing = Timing {
            wall_limit_seconds: wall,
            confirm_reruns: confirm.reruns,
            confirm_near: confirm.near,
            confirm_all: confirm.all,
            confirm_off,
            counted,
            contention,
            ..Timing::default()
        };
        for r in results {
            timing.tests += 1;
            timing.repeated += usize::from(r.runs > 1);
            timing.reruns += r.runs.saturating_sub(1);
            timing.rerun_cpu_seconds += r.confirmation.rerun_cpu_seconds;
            timing.rerun_wall_seconds += r.confirmation.rerun_wall_seconds;
            match r.confirmation.settled {
                Settled::NotAtStake => timing.not_at_stake += 1,
                Settled::Quiet => timing.quiet += 1,
                Settled::Idle => timing.idle += 1,
                Settled::Inconsistent => timing.inconsistent += 1,
                _ => {}
            }
        }
        timing
    }

    /// The warning for the top of a report: the machine was busy.
    pub fn warning(&self) -> Option<String> {
        self.contention.as_ref().and_then(Contention::warning)
    }

    /// Whether the confirmation line is worth a note where it is not always printed: some
    /// test was repeated or left at one run in doubt, or confirmation was off.
    pub fn worth_a_note(&self) -> bool {
        self.repeated + self.not_at_stake + self.quiet + self.idle > 0 || self.confirm_reruns == 0
    }

    /// One line: which runs were repeated and what it cost, which were not and why, or that
    /// confirmation was off.
    pub fn confirmation(&self) -> String {
        if self.confirm_reruns == 0 {
            return match self.confirm_off {
                Some(why) => format!("time verdicts from one run each: {why}"),
                None => "time verdicts from one run each (--confirm 0)".into(),
            };
        }
        let mut line = format!(
            "{} of {} {} repeated to confirm a TLE (up to {} more run(s); a re-run in time \
             overturns it with at least {:.0} % of the CPU time it showed{}): {} re-run(s), \
             {:.1} s CPU",
            self.repeated,
            self.tests,
            self.counted,
            self.confirm_reruns,
            self.confirm_near * 100.0,
            if self.confirm_all {
                "; --confirm-all"
            } else {
                ", where a re-run can change an outcome"
            },
            self.reruns,
            self.rerun_cpu_seconds
        );
        if self.not_at_stake + self.quiet + self.idle > 0 {
            line.push_str(&format!(
                "; left at one run: {} with nothing at stake (an intended TLE's TLE, a wrong \
                 answer's TLE after its first failure), {} TLE(s) by CPU time on a quiet core, \
                 {} by the wall clock of a run not waiting for a CPU",
                self.not_at_stake, self.quiet, self.idle
            ));
        }
        if self.inconsistent > 0 {
            line.push_str(&format!(
                "; {} TLE(s) stood: a re-run ended in time with too little CPU work",
                self.inconsistent
            ));
        }
        line
    }
}

/// The machine's load averages around a run ([`runner::load_average`]), for `judge
/// strength`'s report.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Load {
    /// Before the first solution ran.
    pub start: Option<[f64; 3]>,
    /// After the last one.
    pub end: Option<[f64; 3]>,
}

impl std::fmt::Display for Load {
    /// `load average (1, 5, 15 min): 0.52 0.61 0.70 at the start, 1.10 0.80 0.75 at the end`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |l: Option<[f64; 3]>| {
            l.map_or("unknown".to_string(), |[a, b, c]| {
                format!("{a:.2} {b:.2} {c:.2}")
            })
        };
        write!(
            f,
            "load average (1, 5, 15 min; /proc/loadavg): {} at the start, {} at the end, on {} \
             physical core(s)",
            show(self.start),
            show(self.end),
            runner::physical_cores()
        )
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    use super::{Session, Timing};
    use crate::judging::run::{Confirm, TestResult, TimeKind, Verdict};
    use crate::judging::verdict::Settled;
    use crate::problemset::plan::Plan;
    use crate::runner::SandboxMode;

    /// A session with no overrides.
    fn session() -> Session {
        Session {
            plan: PathBuf::from("judge.toml"),
            data: PathBuf::from("testdata"),
            jobs: None,
            time_limit: None,
            wall_limit: None,
            confirm: Confirm::DEFAULT,
            confirm_asked: false,
            confirm_here: std::sync::OnceLock::new(),
            memory_limit: None,
            sandbox: SandboxMode::Off,
        }
    }

    /// A plan of one sicily problem: 2 s CPU, 256 MiB, with `extra` in its table.
    fn plan(extra: &str) -> Plan {
        let text = format!(
            "[[problem]]\nname = \"sicily\"\nformat = \"sicily\"\ntitle = \"t\"\n\
             time_limit = 2.0\nmemory_limit = 256\n{extra}\
             [[problem.group]]\nname = \"samples\"\n\
             tests = [\"gen sicily --seed 1 --strategy start-zero\"]\n"
        );
        Plan::parse(Path::new("judge.toml"), &text).expect("a valid plan")
    }

    #[test]
    fn the_limits_are_judge_tomls_unless_overridden() {
        let plan = plan("");
        let problem = &plan.problems[0];
        let limits = session().limits(problem).unwrap();
        assert_eq!(limits.cpu, Duration::from_secs(2));
        // The default wall clock: max(3 x 2 s, 2 s + 2 s).
        assert_eq!(limits.wall, Duration::from_secs(6));
        assert_eq!(limits.memory_bytes, 256 << 20);
        let plan = self::plan("wall_limit = 10.0\n");
        let limits = session().limits(&plan.problems[0]).unwrap();
        assert_eq!(limits.wall, Duration::from_secs(10));
        // --time-limit brings the default wall clock for it; --wall-limit and
        // --memory-limit replace judge.toml's.
        let over = Session {
            time_limit: Some(0.5),
            memory_limit: Some(64),
            ..session()
        };
        let limits = over.limits(problem).unwrap();
        assert_eq!(limits.cpu, Duration::from_millis(500));
        assert_eq!(limits.wall, Duration::from_millis(2500));
        assert_eq!(limits.memory_bytes, 64 << 20);
        let wall = Session {
            wall_limit: Some(30.0),
            ..session()
        };
        assert_eq!(wall.limits(problem).unwrap().wall, Duration::from_secs(30));
    }

    #[test]
    fn an_override_out_of_its_range_is_refused() {
        let plan = plan("");
        let problem = &plan.problems[0];
        let refused = |s: Session| s.limits(problem).unwrap_err();
        for t in [0.0, -1.0, 3600.5, f64::NAN] {
            let e = refused(Session {
                time_limit: Some(t),
                ..session()
            });
            assert!(e.starts_with("--time-limit must be in (0, 3600]"), "{e}");
        }
        // The wall clock must leave the CPU limit room (2 s here), and at most 7200 s.
        for w in [1.5, 7200.5] {
            let e = refused(Session {
                wall_limit: Some(w),
                ..session()
            });
            assert!(
                e.starts_with("--wall-limit must be at least the time limit (2 s)"),
                "{e}"
            );
        }
        for m in [15, 65_537] {
            let e = refused(Session {
                memory_limit: Some(m),
                ..session()
            });
            assert_eq!(e, format!("--memory-limit must be 16..=65536 MiB, not {m}"));
        }
        // The edges are allowed.
        for (t, w, m) in [(3600.0, 7200.0, 16), (0.001, 2.0, 65_536)] {
            let s = Session {
                time_limit: Some(t),
                wall_limit: Some(w),
                memory_limit: Some(m),
                ..session()
            };
            assert!(s.limits(problem).is_ok(), "{t} {w} {m}");
        }
    }

    #[test]
    fn the_jobs_are_at_least_one_and_the_cache_is_beside_the_plan() {
        let s = Session {
            jobs: Some(0),
            plan: PathBuf::from("set/judge.toml"),
            ..session()
        };
        assert_eq!(s.jobs(), 1);
        assert_eq!(s.repo(), PathBuf::from("set"));
        assert_eq!(s.cache(), PathBuf::from("set/target/solutions"));
        assert_eq!(session().repo(), PathBuf::from("."));
    }

    #[test]
    fn the_timing_counts_the_reruns_and_the_runs_left_at_one() {
        let mut confirmed = TestResult::made_up("a/1", Verdict::AC, 0.9);
        confirmed.runs = 3;
        confirmed.confirmation.settled = Settled::Confirmed;
        confirmed.confirmation.rerun_cpu_seconds = 1.75;
        confirmed.confirmation.rerun_wall_seconds = 2.0;
        let mut quiet = TestResult::made_up("a/2", Verdict::TLE(TimeKind::Cpu), 1.0);
        quiet.confirmation.settled = Settled::Quiet;
        let mut not_at_stake = TestResult::made_up("a/3", Verdict::TLE(TimeKind::Cpu), 1.0);
        not_at_stake.confirmation.settled = Settled::NotAtStake;
        let once = TestResult::made_up("a/4", Verdict::AC, 0.1);
        let results = [confirmed, quiet, not_at_stake, once];
        let timing = Timing::of(&session(), 6.0, (&results, "test(s)"), None);
        assert_eq!(
            (timing.tests, timing.repeated, timing.reruns),
            (4, 1, 2),
            "{timing:?}"
        );
        assert_eq!((timing.quiet, timing.not_at_stake), (1, 1));
        assert_eq!(timing.rerun_cpu_seconds, 1.75);
        assert!(timing.worth_a_note());
        assert_eq!(timing.warning(), None);
        assert_eq!(
            timing.confirmation(),
            "1 of 4 test(s) repeated to confirm a TLE (up to 2 more run(s); a re-run in time \
             overturns it with at least 50 % of the CPU time it showed, where a re-run can \
             change an outcome): 2 re-run(s), 1.8 s CPU; left at one run: 1 with nothing at \
             stake (an intended TLE's TLE, a wrong answer's TLE after its first failure), 1 \
             TLE(s) by CPU time on a quiet core, 0 by the wall clock of a run not waiting for a \
             CPU"
        );
        // Nothing repeated: no note; confirmation off: always one.
        let timing = Timing::of(&session(), 6.0, (&results[3..], "test(s)"), None);
        assert!(!timing.worth_a_note());
        let off = Session {
            confirm: Confirm {
                reruns: 0,
                ..Confirm::DEFAULT
            },
            ..session()
        };
        let timing = Timing::of(&off, 6.0, (&results[3..], "test(s)"), None);
        assert!(timing.worth_a_note());
        assert_eq!(
            timing.confirmation(),
            "time verdicts from one run each (--confirm 0)"
        );
    }
}
