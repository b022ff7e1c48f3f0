//! What each test is worth: which wrong (or too slow) solutions it catches, which tests
//! neither catch a wrong solution nor separate an intended-TLE solution from the accepted ones
//! (candidates to drop; samples are never candidates), and which tests catch each wrong
//! solution. A pure function of the matrix's verdicts. For
//! solutions given to `judge run`, with no declared outcome, the same lists say which
//! solutions fail each test and which tests each fails, and no test is a candidate to drop.

use serde::Serialize;

/// One test's catches.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TestWorth {
    /// The test.
    pub test: String,
    /// The wrong solutions it catches (not accepted on it).
    pub catches: Vec<String>,
    /// Those no earlier test catches.
    pub first_to_catch: Vec<String>,
}

/// The worth of every test of a problem.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Worth {
    /// Per test, in order.
    pub tests: Vec<TestWorth>,
    /// Tests (not samples) that catch no wrong-answer solution and separate no intended-TLE
    /// solution from the accepted ones (it passes them, or an accepted one fails them too):
    /// candidates to drop, listed, never dropped. `None` where no solution is known to be
    /// wrong (`judge run`'s given solutions): then a test that fails none of them says nothing.
    pub drop_candidates: Option<Vec<String>>,
    /// Per wrong solution: the tests that catch it (empty: it survives the test set).
    pub caught_by: Vec<(String, Vec<String>)>,
}

/// The worth of `tests` (name, whether it is a sample) for `wrong` solutions, each a name and
/// per test whether that test catches it; `slow` says which of them are intended-TLE ones,
/// and `accepted_fail` per test whether an accepted solution fails it too (then it does not
/// separate a slow solution from the accepted ones).
pub fn worth(
    tests: &[(String, bool)],
    wrong: &[(String, Vec<bool>)],
    slow: &[bool],
    accepted_fail: &[bool],
) -> Worth {
    let mut caught = vec![false; wrong.len()];
    let mut per_test = Vec::with_capacity(tests.len());
    let mut drop_candidates = Vec::new();
    for (t, (name, sample)) in tests.iter().enumerate() {
        let mut catches = Vec::new();
        let mut first = Vec::new();
        let mut worth_keeping = false;
        for (w, (solution, by_test)) in wrong.iter().enumerate() {
            if by_test.get(t).copied().unwrap_or(false) {
                let is_slow = slow.get(w).copied().unwrap_or(false);
                worth_keeping |= !is_slow || !accepted_fail.get(t).copied().unwrap_or(false);
                catches.push(solution.clone());
                if !caught[w] {
                    caught[w] = true;
                    first.push(solution.clone());
                }
            }
        }
        if !worth_keeping && !sample {
            drop_candidates.push(name.clone());
        }
        per_test.push(TestWorth {
            test: name.clone(),
            catches,
            first_to_catch: first,
        });
    }
    let caught_by = wrong
        .iter()
        .map(|(solution, by_test)| {
            let catching = tests
                .iter()
                .zip(by_test)
                .filter(|&(_, &c)| c)
                .map(|((name, _), _)| name.clone())
                .collect();
            (solution.clone(), catching)
        })
        .collect();
    Worth {
        tests: per_test,
        drop_candidates: Some(drop_candidates),
        caught_by,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn tests_that_catch_nothing_and_separate_nothing_are_candidates() {
        let tests: Vec<(String, bool)> =
            [("01", true), ("02", false), ("03", false), ("04", false)]
                .iter()
                .map(|(n, s)| (n.to_string(), *s))
                .collect();
        let wrong = vec![
            ("a".to_string(), vec![false, true, true, false]),
            ("b".to_string(), vec![false, false, true, false]),
            ("c".to_string(), vec![false, false, false, false]),
        ];
        let w = worth(&tests, &wrong, &[false, false, false], &[false; 4]);
        assert_eq!(w.tests[2].catches, names(&["a", "b"]));
        assert_eq!(w.tests[2].first_to_catch, names(&["b"]));
        // 01 is a sample (kept); 04 catches nothing; 03 catches what 02 catches, and more.
        assert_eq!(w.drop_candidates, Some(names(&["04"])));
        assert_eq!(
            w.caught_by,
            vec![
                ("a".to_string(), names(&["02", "03"])),
                ("b".to_string(), names(&["03"])),
                ("c".to_string(), vec![]),
            ]
        );
        // A test that catches only what an earlier one does is kept: 02 and 03 both catch a.
        let wrong = vec![("a".to_string(), vec![false, true, true, false])];
        let w = worth(&tests, &wrong, &[false], &[false; 4]);
        assert_eq!(w.drop_candidates, Some(names(&["04"])));
        // b is intended-TLE: 03 separates it from the accepted ones unless one fails 03 too.
        let wrong = vec![
            ("a".to_string(), vec![false, true, false, false]),
            ("b".to_string(), vec![false, false, true, false]),
        ];
        let w = worth(&tests, &wrong, &[false, true], &[false; 4]);
        assert_eq!(w.drop_candidates, Some(names(&["04"])));
        let w = worth(&tests, &wrong, &[false, true], &[false, false, true, false]);
        assert_eq!(w.drop_candidates, Some(names(&["03", "04"])));
    }
}
