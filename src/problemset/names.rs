//! Names of groups and tests. A test's files are `testdata/<problem>/<group>/<name>.in` and
//! `.ans`; its name never depends on the position of other tests, so adding or removing a
//! test changes only its own files ([`test_path`], [`is_test_file`]).
//!
//! A test's name is the `name` judge.toml gives it, else one derived from what it is:
//!
//! - a `gen` command: the strategy, then its options, then the seed, joined by `-`:
//!   `distance-07-x30-s107` is `--strategy distance --distance 7 --cases 30 --seed 107`.
//!   The distance follows the `distance` strategy bare (two digits); every other option has a
//!   one-letter key: `d` distance (other strategies), `n` step limit, `i` index, `c` centre,
//!   `k` digits, `p` pool, `x` cases, `s` seed. Every option is in the name, so two different
//!   commands never share a derived name.
//! - a manual input: `manual-` and the first 8 hex digits of the input's SHA-256
//!   (`manual-3fa2c1d0`): stable, but opaque, so the shipped judge.toml names every manual test.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::generator::{GenArgs, Strategy};

/// The longest group or test name.
pub const MAX_LEN: usize = 64;

/// Checks a group or test name (`what` says which, for the message): 1 to [`MAX_LEN`]
/// characters of `a-z`, `0-9`, `-` and `_`, starting with a letter or digit. Such names are
/// valid file and directory names on every judge system (Kattis, DOMjudge, Polygon, CMS).
pub fn check_name(what: &str, name: &str) -> Result<(), String> {
    let allowed = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_';
    let starts_well = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    if !starts_well || !name.bytes().all(allowed) || name.len() > MAX_LEN {
        return Err(format!(
            "{what} '{name}' is not a valid name: 1 to {MAX_LEN} characters of a-z, 0-9, '-' \
             and '_', starting with a letter or digit"
        ));
    }
    Ok(())
}

/// The name of a test made by the generator command `args`.
pub fn generated_name(args: &GenArgs) -> String {
    let mut parts = vec![args.strategy.name().to_string()];
    if let Some(d) = args.distance {
        parts.push(if args.strategy == Strategy::Distance {
            format!("{d:02}")
        } else {
            format!("d{d:02}")
        });
    }
    let keyed = [
        ("n", args.limit.map(u64::from)),
        ("i", args.index.map(u64::from)),
        ("c", args.centre.map(u64::from)),
        ("k", args.digits.map(u64::from)),
        ("p", args.pool.map(u64::from)),
        ("x", args.cases.map(u64::from)),
        ("s", Some(args.seed)),
    ];
    for (key, value) in keyed {
        if let Some(v) = value {
            parts.push(format!("{key}{v}"));
        }
    }
    parts.join("-")
}

/// The name of a manual test without one in judge.toml: `manual-` and the first 8 hex digits
/// of the SHA-256 of its input.
pub fn manual_name(input: &str) -> String {
    format!("manual-{}", short_hash(input))
}

/// The first 8 hex digits of the SHA-256 of `text`.
fn short_hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest[..4].iter().map(|b| format!("{b:02x}")).collect()
}

/// The name of a test made by a program of one's own: the stem of the program's file (the
/// first word naming a file with an extension, e.g. the script after `python3`, else the
/// first word), then 8 hex digits of the SHA-256 of the command as written:
/// `corners-1a2b3c4d`.
pub fn program_name(command: &str) -> String {
    let words: Vec<&str> = command.split_whitespace().collect();
    let program = words
        .iter()
        .find(|w| !w.starts_with('-') && std::path::Path::new(w).extension().is_some())
        .or(words.first())
        .copied()
        .unwrap_or("program");
    let stem = std::path::Path::new(program)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let mut stem: String = stem
        .chars()
        .map(name_char)
        .skip_while(|c| !c.is_ascii_alphanumeric())
        .take(40)
        .collect();
    if stem.is_empty() {
        stem.push_str("program");
    }
    format!("{stem}-{}", short_hash(command))
}

/// `c` in a derived name: an ASCII letter lowercased, a digit or `_` as it is, any other `-`.
pub fn name_char(c: char) -> char {
    let c = c.to_ascii_lowercase();
    if c.is_ascii_alphanumeric() || c == '_' {
        c
    } else {
        '-'
    }
}

/// The path of a test file under its problem's directory: `group/name.EXTENSION`.
pub fn test_path(group: &str, name: &str, extension: &str) -> PathBuf {
    Path::new(group).join(format!("{name}.{extension}"))
}

/// True for the name of a test file: `NAME.in` or `NAME.ans`, not hidden.
pub fn is_test_file(name: &str) -> bool {
    !name.starts_with('.')
        && name
            .rsplit_once('.')
            .is_some_and(|(stem, ext)| !stem.is_empty() && (ext == "in" || ext == "ans"))
}

/// The group of judge.toml whose tests are the statement's samples (the Kattis and ICPC
/// packages' `data/sample`).
pub const SAMPLES_GROUP: &str = "samples";

/// The order in which a judge that runs test files in the order of their paths runs the tests
/// `(group, name)` of a problem, given in plan order: indices into `tests`. Kattis'
/// problemtools and BAPCtools run the Kattis and ICPC packages so (the first failure gives
/// the verdict): `data/sample/` before `data/secret/`, the groups' directories in plan order
/// (they are numbered `G-GROUP`), and within a directory the files sorted by name, byte by
/// byte (`NAME.in`: so `limit-below-x300-s4` runs before `limit-below-x5-s7`, and `a-b`
/// before `a`). Plan order is this repository's and the numbered exports' (Polygon, CMS).
pub fn path_order(tests: &[(&str, &str)]) -> Vec<usize> {
    let mut groups: Vec<&str> = Vec::new();
    for (group, _) in tests {
        if !groups.contains(group) {
            groups.push(group);
        }
    }
    let rank = |group: &str| {
        let place = groups.iter().position(|g| *g == group).unwrap_or(0);
        (group != SAMPLES_GROUP, place)
    };
    let mut order: Vec<usize> = (0..tests.len()).collect();
    order.sort_by_cached_key(|&i| {
        let (group, name) = tests[i];
        (rank(group), format!("{name}.in"))
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name_of(command: &str) -> String {
        generated_name(&GenArgs::parse_command(command).unwrap())
    }

    #[test]
    fn generated_names_carry_every_option() {
        assert_eq!(
            name_of("gen sicily --seed 107 --strategy distance --distance 7 --cases 30"),
            "distance-07-x30-s107"
        );
        assert_eq!(
            name_of("gen sicily --seed 21 --strategy max-distance --limit 22"),
            "max-distance-n22-s21"
        );
        assert_eq!(
            name_of("gen msquare --seed 1 --strategy max-distance --index 3"),
            "max-distance-i3-s1"
        );
        assert_eq!(name_of("gen msquare --seed 301"), "uniform-s301");
        assert_eq!(
            name_of("gen rotation --seed 5 --strategy many-solutions --distance 12 --cases 2"),
            "many-solutions-d12-x2-s5"
        );
        assert_eq!(
            name_of("gen rotation --seed 2 --strategy ties --digits 2 --cases 30"),
            "ties-k2-x30-s2"
        );
        // The option order in the command does not matter.
        assert_eq!(
            name_of("gen sicily --cases 30 --distance 7 --strategy distance --seed 107"),
            "distance-07-x30-s107"
        );
    }

    #[test]
    fn derived_names_are_valid_names() {
        for command in [
            "gen sicily --seed 18446744073709551615 --strategy distance --distance 22 --limit 2147483647 --cases 1000000",
            "gen rotation --seed 1 --strategy solved --centre 2",
            "gen rotation --seed 1 --strategy many-solutions --pool 10000 --cases 3",
        ] {
            let name = name_of(command);
            check_name("test", &name).unwrap_or_else(|e| panic!("{command}: {e}"));
        }
        check_name("test", &manual_name("1 2 3\n")).unwrap();
    }

    #[test]
    fn manual_names_depend_on_the_input_only() {
        assert_eq!(manual_name("1 2\n"), manual_name("1 2\n"));
        assert_ne!(manual_name("1 2\n"), manual_name("1 3\n"));
        assert!(manual_name("x").starts_with("manual-"));
        assert_eq!(manual_name("x").len(), "manual-".len() + 8);
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in ["", "-a", "A", "a b", "a/b", "a.b", &"a".repeat(65)] {
            assert!(check_name("test", bad).is_err(), "{bad:?}");
        }
        for good in ["samples", "by-distance", "01", "start_then_another"] {
            check_name("group", good).unwrap();
        }
    }

    #[test]
    fn path_order_is_samples_then_groups_in_plan_order_then_file_names() {
        let tests = [
            ("edge", "limit-below-x5-s7"),
            ("edge", "largest-limit"),
            ("edge", "limit-below-x300-s4"),
            ("samples", "statement"),
            ("by-distance", "a"),
            ("by-distance", "a-b"),
            ("by-distance", "a0"),
            ("edge", "z"),
        ];
        let named: Vec<&str> = path_order(&tests).into_iter().map(|i| tests[i].1).collect();
        assert_eq!(
            named,
            [
                "statement",
                "largest-limit",
                "limit-below-x300-s4",
                "limit-below-x5-s7",
                "z",
                "a-b",
                "a",
                "a0"
            ]
        );
        assert!(path_order(&[]).is_empty());
    }

    #[test]
    fn program_tests_are_named_after_their_script() {
        let name = program_name("python3 generators/corners.py --format sicily --seed {seed}");
        assert!(
            name.starts_with("corners-") && name.len() == "corners-".len() + 8,
            "{name}"
        );
        assert!(check_name("a", &name).is_ok());
        assert!(program_name("./gen_ties 5").starts_with("gen_ties-"));
        assert_ne!(program_name("./g 1"), program_name("./g 2"));
        assert!(check_name("a", &program_name("./-- x")).is_ok());
    }
}
