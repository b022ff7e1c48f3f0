//! Time-limit advice, as `bt time_limit` and Polygon give it: from the accepted solutions'
//! slowest test and the intended-TLE solutions' slowest tests, a suggested limit with its
//! margins written out, and warnings when a margin is thin. A pure function of the timings.

use std::fmt;

use serde::Serialize;

/// How many times its slowest test an accepted solution must fit in the limit, and how many
/// times the limit an intended-TLE solution must need (the same 2x as `judge strength`).
pub const FACTOR: f64 = crate::judging::strength::MIN_MARGIN;

/// A solution's time on one test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timed {
    /// The test's name.
    pub test: String,
    /// CPU seconds.
    pub seconds: f64,
    /// True when the run was stopped at `seconds`: it needs more.
    pub cut_off: bool,
}

/// What an accepted solution did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AcceptedTimes {
    /// The solution (its file name).
    pub solution: String,
    /// Its slowest accepted test, if any test accepted it.
    pub slowest: Option<Timed>,
    /// Its first test not accepted, with the verdict (`05`, `WA`): it is left out of the
    /// advice.
    pub failure: Option<(String, String)>,
}

/// What an intended-TLE solution did: its slowest known test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SlowTimes {
    /// The solution (its file name).
    pub solution: String,
    /// Its slowest test (over the matrix and the longer probe run).
    pub slowest: Option<Timed>,
}

/// The advice: a limit, the reasoning as lines, and the warnings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The suggested limit in seconds, when an accepted solution passed some test.
    pub suggested: Option<f64>,
    /// The reasoning, one line each.
    pub lines: Vec<String>,
    /// What looks unsafe, one line each.
    pub warnings: Vec<String>,
}

impl fmt::Display for Advice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(f, "{line}")?;
        }
        for warning in &self.warnings {
            writeln!(f, "warning: {warning}")?;
        }
        Ok(())
    }
}

/// The limit to suggest for a slowest accepted test of `slowest` seconds: `FACTOR` times it,
/// rounded up to whole seconds, at least 1 s.
pub fn round_limit(slowest: f64) -> f64 {
    (slowest * FACTOR - 1e-9).ceil().max(1.0)
}

/// Seconds as a limit is written: `1`, `2.5`.
fn limit_text(seconds: f64) -> String {
    format!("{seconds} s")
}

/// The advice for a problem whose judge.toml limit is `current` seconds.
pub fn advise(current: f64, accepted: &[AcceptedTimes], slow: &[SlowTimes]) -> Advice {
    let mut lines = Vec::new();
    let mut warnings = Vec::new();
    for a in accepted {
        if let Some((test, verdict)) = &a.failure {
            warnings.push(format!(
                "accepted {} gets {verdict} on test {test}: its times are left out",
                a.solution
            ));
        }
    }
    // The first of the slowest (`min_by` keeps the first of equals; here by time reversed).
    let slowest = (accepted.iter().filter(|a| a.failure.is_none()))
        .filter_map(|a| a.slowest.as_ref().map(|t| (a, t)))
        .min_by(|x, y| y.1.seconds.total_cmp(&x.1.seconds));
    let suggested = slowest.map(|(a, t)| {
        let limit = round_limit(t.seconds);
        let now = if limit == current {
            "as in judge.toml".to_string()
        } else {
            format!("judge.toml has {}", limit_text(current))
        };
        // The product of the time as shown, so that the line adds up.
        let shown = (t.seconds * 100.0).round() / 100.0;
        lines.push(format!(
            "slowest AC: {} on test {}, {shown:.2} s x {FACTOR} = {:.2} -> {} ({now})",
            a.solution,
            t.test,
            shown * FACTOR,
            limit_text(limit)
        ));
        limit
    });
    let Some(limit) = suggested else {
        lines.push("no accepted solution passed a test: no limit to suggest".into());
        return Advice {
            suggested,
            lines,
            warnings,
        };
    };
    for a in accepted.iter().filter(|a| a.failure.is_none()) {
        if let Some(t) = &a.slowest
            && t.seconds * FACTOR > current
        {
            warnings.push(format!(
                "accepted {} needs {:.2} s on test {}, within {FACTOR}x of judge.toml's {} limit",
                a.solution,
                t.seconds,
                t.test,
                limit_text(current)
            ));
        }
    }
    let fastest = slow
        .iter()
        .filter_map(|s| s.slowest.as_ref().map(|t| (s, t)))
        .min_by(|x, y| x.1.seconds.total_cmp(&y.1.seconds));
    match fastest {
        None => lines.push("no intended-TLE solution: nothing shows the limit is tight".into()),
        Some((s, t)) => {
            let more = if t.cut_off { "more than " } else { "" };
            lines.push(format!(
                "slowest test of the fastest intended TLE: {} on test {}, {more}{:.2} s{}: \
                 margin {more}{:.1}x over {}",
                s.solution,
                t.test,
                t.seconds,
                if t.cut_off { " (cut off)" } else { "" },
                t.seconds / limit,
                limit_text(limit)
            ));
        }
    }
    for s in slow {
        let Some(t) = &s.slowest else { continue };
        if t.seconds <= limit && !t.cut_off {
            warnings.push(format!(
                "intended TLE {} passes every test within {} (slowest: test {}, {:.2} s)",
                s.solution,
                limit_text(limit),
                t.test,
                t.seconds
            ));
        } else if t.seconds < limit * FACTOR {
            warnings.push(if t.cut_off {
                format!(
                    "intended TLE {} was cut off after {:.2} s on test {}: cannot tell whether \
                     it needs {FACTOR}x the {} limit",
                    s.solution,
                    t.seconds,
                    t.test,
                    limit_text(limit)
                )
            } else {
                format!(
                    "intended TLE {} needs only {:.2} s on its slowest test {}, within \
                     {FACTOR}x of the {} limit: a faster judge accepts it",
                    s.solution,
                    t.seconds,
                    t.test,
                    limit_text(limit)
                )
            });
        }
    }
    Advice {
        suggested,
        lines,
        warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(test: &str, seconds: f64, cut_off: bool) -> Option<Timed> {
        Some(Timed {
            test: test.into(),
            seconds,
            cut_off,
        })
    }

    fn ac(solution: &str, slowest: Option<Timed>) -> AcceptedTimes {
        AcceptedTimes {
            solution: solution.into(),
            slowest,
            failure: None,
        }
    }

    fn tle(solution: &str, slowest: Option<Timed>) -> SlowTimes {
        SlowTimes {
            solution: solution.into(),
            slowest,
        }
    }

    #[test]
    fn a_comfortable_problem() {
        let advice = advise(
            1.0,
            &[
                ac("bfs.cpp", timed("12", 0.31, false)),
                ac("table.rs", timed("03", 0.05, false)),
            ],
            &[
                tle("iddfs.cpp", timed("30", 7.0, false)),
                tle("dfs.cpp", timed("31", 9.5, false)),
            ],
        );
        assert_eq!(advice.suggested, Some(1.0));
        assert_eq!(
            advice.to_string(),
            "slowest AC: bfs.cpp on test 12, 0.31 s x 2 = 0.62 -> 1 s (as in judge.toml)\n\
             slowest test of the fastest intended TLE: iddfs.cpp on test 30, 7.00 s: margin \
             7.0x over 1 s\n"
        );
    }

    #[test]
    fn thin_margins_warn() {
        let advice = advise(
            1.0,
            &[
                ac("slow.cpp", timed("44", 0.62, false)),
                AcceptedTimes {
                    solution: "broken.cpp".into(),
                    slowest: timed("01", 3.0, false),
                    failure: Some(("05".into(), "WA".into())),
                },
            ],
            &[
                tle("almost.cpp", timed("40", 2.5, false)),
                tle("fast.cpp", timed("02", 0.4, false)),
                tle("cut.cpp", timed("41", 1.5, true)),
                tle("never.cpp", None),
            ],
        );
        assert_eq!(advice.suggested, Some(2.0));
        assert_eq!(
            advice.to_string(),
            "slowest AC: slow.cpp on test 44, 0.62 s x 2 = 1.24 -> 2 s (judge.toml has 1 s)\n\
             slowest test of the fastest intended TLE: fast.cpp on test 02, 0.40 s: margin \
             0.2x over 2 s\n\
             warning: accepted broken.cpp gets WA on test 05: its times are left out\n\
             warning: accepted slow.cpp needs 0.62 s on test 44, within 2x of judge.toml's \
             1 s limit\n\
             warning: intended TLE almost.cpp needs only 2.50 s on its slowest test 40, within \
             2x of the 2 s limit: a faster judge accepts it\n\
             warning: intended TLE fast.cpp passes every test within 2 s (slowest: test 02, \
             0.40 s)\n\
             warning: intended TLE cut.cpp was cut off after 1.50 s on test 41: cannot tell \
             whether it needs 2x the 2 s limit\n"
        );
    }

    #[test]
    fn cut_off_runs_give_lower_bounds() {
        let advice = advise(
            3.0,
            &[ac("ida.cpp", timed("25", 1.16, false))],
            &[tle("plain.cpp", timed("03", 9.0, true))],
        );
        assert_eq!(
            advice.to_string(),
            "slowest AC: ida.cpp on test 25, 1.16 s x 2 = 2.32 -> 3 s (as in judge.toml)\n\
             slowest test of the fastest intended TLE: plain.cpp on test 03, more than 9.00 s \
             (cut off): margin more than 3.0x over 3 s\n"
        );
    }

    #[test]
    fn without_accepted_or_slow_solutions() {
        let advice = advise(1.0, &[ac("a.cpp", None)], &[]);
        assert_eq!(advice.suggested, None);
        assert_eq!(
            advice.to_string(),
            "no accepted solution passed a test: no limit to suggest\n"
        );
        let advice = advise(2.0, &[ac("a.cpp", timed("01", 0.0, false))], &[]);
        assert_eq!(
            advice.to_string(),
            "slowest AC: a.cpp on test 01, 0.00 s x 2 = 0.00 -> 1 s (judge.toml has 2 s)\n\
             no intended-TLE solution: nothing shows the limit is tight\n"
        );
    }

    #[test]
    fn limits_round_up_to_whole_seconds() {
        assert_eq!(round_limit(0.31), 1.0);
        assert_eq!(round_limit(0.5), 1.0);
        assert_eq!(round_limit(0.51), 2.0);
        assert_eq!(round_limit(1.5), 3.0);
        assert_eq!(round_limit(0.0), 1.0);
    }
}
