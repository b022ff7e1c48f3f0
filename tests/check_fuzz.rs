//! Fuzzing the checker with proptest: random and mutated outputs for all three formats.
//!
//! Properties: the checker never panics, always answers AC, WA or PE (never FAIL: the
//! jury side is right), its summary is one line and starts the details, its team message is
//! one line without three letters in a row of the answer's moves; and in the default
//! order an output is accepted exactly when, line by line, its tokens equal the reference
//! answer's (one `\r` per line end, spaces, tabs and blank lines at the end ignored).
//!
//! 4,096 cases per property by default; run longer with e.g.
//! `PROPTEST_CASES=200000 cargo test --release --test check_fuzz`.

use boardjudge::check::{CheckOptions, CheckVerdict, Order, check};
use boardjudge::format::msquare::Msquare;
use boardjudge::format::rotation::Rotation;
use boardjudge::format::sicily::Sicily;
use boardjudge::format::{Format, Problem, ReadOptions, read_all};
use proptest::prelude::*;

/// A test input per format and its reference answer.
fn tests() -> Vec<(Format, &'static [u8], Vec<u8>)> {
    let inputs: [(Format, &[u8]); 6] = [
        (
            Format::Sicily,
            b"4\n5 8 7 6\n4 1 2 3\n6\n2 6 8 4\n1 3 7 5\n20\n2 6 8 4\n1 3 7 5\n0\n1 2 3 4\n8 7 6 5\n-1\n",
        ),
        (Format::Sicily, b"22\n4 3 1 2\n8 7 6 5\n21\n4 3 1 2\n8 7 6 5\n-1\n"),
        (Format::Msquare, b"2 6 8 4 5 7 3 1\n"),
        (Format::Msquare, b"1 2 3 4 5 6 7 8\n"),
        (
            Format::Rotation,
            b"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
              1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n\
              2 3 2 3 2 3 1 1 1 2 3 1 1 2 3 1 1 1 2 3 2 3 2 3\n0\n",
        ),
        (
            Format::Rotation,
            b"1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3\n0\n",
        ),
    ];
    inputs
        .into_iter()
        .map(|(format, input)| (format, input, reference(format, input)))
        .collect()
}

fn reference(format: Format, input: &[u8]) -> Vec<u8> {
    fn answers<P: Problem>(input: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for case in read_all::<P>(input, ReadOptions::JURY).unwrap() {
            P::write_answer(&P::solve(&case), &mut out).unwrap();
        }
        out
    }
    match format {
        Format::Sicily => answers::<Sicily>(input),
        Format::Msquare => answers::<Msquare>(input),
        Format::Rotation => answers::<Rotation>(input),
    }
}

/// Lines of tokens, the blank lines at the end dropped: what the checker's leniency
/// cannot tell apart.
fn normalise(text: &[u8]) -> Vec<Vec<&[u8]>> {
    let mut lines: Vec<Vec<&[u8]>> = text
        .split(|&b| b == b'\n')
        .map(|line| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            line.split(|&b| b == b' ' || b == b'\t')
                .filter(|t| !t.is_empty())
                .collect()
        })
        .collect();
    while lines.last().is_some_and(Vec::is_empty) {
        lines.pop();
    }
    lines
}

/// Bytes a hostile output is made of: the answers' alphabet, whitespace, signs, anything.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b"ABCDEFGHNo movesneed0123456789-+ \t\r\n\n\n".to_vec()),
        1 => any::<u8>(),
    ]
}

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    DuplicateLine(usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = any::<usize>();
    prop_oneof![
        (at, byte()).prop_map(|(i, b)| Edit::Insert(i, b)),
        at.prop_map(Edit::Delete),
        (at, byte()).prop_map(|(i, b)| Edit::Replace(i, b)),
        at.prop_map(Edit::DuplicateLine),
        at.prop_map(Edit::Truncate),
    ]
}

fn apply(text: &mut Vec<u8>, edit: &Edit) {
    let len = text.len();
    match *edit {
        Edit::Insert(i, b) => text.insert(i % (len + 1), b),
        Edit::Delete(i) if len > 0 => {
            text.remove(i % len);
        }
        Edit::Replace(i, b) if len > 0 => text[i % len] = b,
        Edit::DuplicateLine(i) if len > 0 => {
            let at = i % len;
            let start = text[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
            let end = text[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(len, |p| at + p + 1);
            let line = text[start..end].to_vec();
            text.splice(end..end, line);
        }
        Edit::Truncate(i) => text.truncate(i % (len + 1)),
        _ => {}
    }
}

fn order() -> impl Strategy<Value = Order> {
    prop::sample::select(vec![Order::LexSmallest, Order::AnyShortest])
}

fn judge(test: usize, output: &[u8], order: Order) -> Result<(), TestCaseError> {
    let tests = tests();
    let (format, input, answer) = &tests[test % tests.len()];
    let options = CheckOptions {
        order,
        ..CheckOptions::default()
    };
    let outcome = check(*format, input, answer, &mut &output[..], &options);
    prop_assert!(
        matches!(
            outcome.verdict,
            CheckVerdict::Accepted | CheckVerdict::WrongAnswer | CheckVerdict::PresentationError
        ),
        "{format}: {:?}: {}",
        outcome.verdict,
        outcome.details
    );
    prop_assert!(!outcome.summary.contains('\n'));
    prop_assert_eq!(
        outcome.details.lines().next(),
        Some(outcome.summary.as_str())
    );
    // The contestant's message: one line, and none of the answer's operations (three move
    // letters in a row), whatever the output.
    let team = outcome.team.as_str();
    prop_assert!(!team.contains('\n'));
    let moves: Vec<u8> = answer
        .iter()
        .copied()
        .filter(|b| (b'A'..=b'H').contains(b))
        .collect();
    for piece in moves.windows(3) {
        prop_assert!(
            !team.as_bytes().windows(3).any(|w| w == piece),
            "{}: {:?} in {:?}",
            format,
            String::from_utf8_lossy(piece),
            team
        );
    }
    if order == Order::LexSmallest {
        let same = normalise(output) == normalise(answer);
        prop_assert_eq!(
            outcome.verdict == CheckVerdict::Accepted,
            same,
            "{}: output {:?}: {}",
            format,
            String::from_utf8_lossy(output),
            outcome.details
        );
    }
    Ok(())
}

/// 4,096 cases per property, unless `PROPTEST_CASES` says otherwise.
fn config() -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = 4096;
    }
    config
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_outputs(test in 0..6usize, output in prop::collection::vec(byte(), 0..400), order in order()) {
        judge(test, &output, order)?;
    }

    #[test]
    fn mutated_answers(test in 0..6usize, edits in prop::collection::vec(edit(), 0..6), order in order()) {
        let tests = tests();
        let mut output = tests[test % tests.len()].2.clone();
        for e in &edits {
            apply(&mut output, e);
        }
        judge(test, &output, order)?;
    }

    #[test]
    fn whitespace_variants_are_accepted(test in 0..6usize, seed in prop::collection::vec(0u8..6, 0..64)) {
        let tests = tests();
        let answer = &tests[test % tests.len()].2;
        let mut output = Vec::new();
        let mut pad = seed.iter().cycle();
        for line in answer.split(|&b| b == b'\n') {
            for (i, token) in line.split(|&b| b == b' ').enumerate() {
                let spaces = *pad.next().unwrap_or(&1) as usize;
                let sep: &[u8] = if spaces.is_multiple_of(2) { b" " } else { b"\t" };
                if i > 0 || spaces > 3 {
                    output.extend(std::iter::repeat_n(sep[0], spaces.max(1)));
                }
                output.extend_from_slice(token);
            }
            if pad.next().is_some_and(|&p| p == 0) {
                output.push(b'\r');
            }
            output.push(b'\n');
        }
        let (format, input, answer) = &tests[test % tests.len()];
        let outcome = check(*format, input, answer, &mut &output[..], &CheckOptions::default());
        prop_assert_eq!(outcome.verdict, CheckVerdict::Accepted, "{:?}: {}", String::from_utf8_lossy(&output), outcome.details);
    }
}
