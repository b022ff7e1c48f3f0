//! The three formats: parsing (every error kind with its line and column), the exact layout,
//! and the answers' layout.

use boardjudge::format::msquare::{Msquare, write_wrapped};
use boardjudge::format::rotation::Rotation;
use boardjudge::format::sicily::{Answer, Case, Sicily};
use boardjudge::format::{ErrorKind, ParseError, Problem, ReadOptions, read_all, write_input};
use boardjudge::puzzle::magic::{Board, Op};

fn sicily(text: &str) -> Result<Vec<Case>, ParseError> {
    read_all::<Sicily>(text.as_bytes(), ReadOptions::LENIENT)
}

fn error<P: Problem>(text: &str, options: ReadOptions) -> (String, ErrorKind) {
    let e = read_all::<P>(text.as_bytes(), options).expect_err("the input is bad");
    (e.to_string(), e.kind)
}

fn at(message: &str) -> &str {
    message.split(": ").next().unwrap()
}

#[test]
fn sicily_reads_cases_in_any_whitespace() {
    let cases = sicily("4 5 8 7 6\r\n 4 1 2 3\t3\n8 7 6 5 1 2 3 4 -1").unwrap();
    assert_eq!(cases.len(), 2);
    assert_eq!(cases[0].limit, 4);
    assert_eq!(cases[0].target.to_string(), "5 8 7 6 / 4 1 2 3");
    assert_eq!(cases[1].target, Board::START.apply(Op::A));
    assert_eq!(sicily("-1\n").unwrap(), []);
}

#[test]
fn sicily_takes_a_64_bit_step_limit() {
    let cases = sicily("9223372036854775807\n1 2 3 4\n8 7 6 5\n-1\n").unwrap();
    assert_eq!(cases[0].limit, i64::MAX);
    let (m, kind) = error::<Sicily>(
        "9223372036854775808 1 2 3 4 8 7 6 5 -1",
        ReadOptions::LENIENT,
    );
    assert!(matches!(kind, ErrorKind::OutOfRange { .. }), "{m}");
    // The jury's range is the statement's: a 32-bit int.
    let (m, _) = error::<Sicily>("2147483648 1 2 3 4 8 7 6 5 -1", ReadOptions::JURY);
    assert_eq!(at(&m), "1:1");
    assert!(m.contains("-1..=2147483647"), "{m}");
}

#[test]
fn sicily_errors_name_line_column_and_case() {
    let cases = [
        (
            "4\n1 2 3 4\n8 7 x 5\n-1\n",
            "3:5",
            "case 1: expected a colour (1..8) (an integer), found \"x\"",
        ),
        (
            "4\n1 2 3 4\n8 7 9 5\n-1\n",
            "3:5",
            "a colour (1..8) must be in 1..=8, found 9",
        ),
        (
            "4\n1 2 3 4\n8 7 6 5\n5\n1 2 3 4\n8 7 6 4\n-1\n",
            "6:7",
            "case 2: the board is not a permutation of 1..8: 4 appears",
        ),
        ("4\n1 2 3 4\n8 7 6 5\n", "4:1", "without the terminator -1"),
        (
            "4\n1 2 3 4\n8 7",
            "3:4",
            "case 1: the input ends in the middle of a case",
        ),
        (
            "4\n1 2 3 4\n8 7 6 5\n-1\n7\n",
            "5:1",
            "nothing may follow the terminator -1, found '7'",
        ),
        ("-2\n", "1:1", "the step limit N must be in -1..="),
        ("", "1:1", "without the terminator -1"),
    ];
    for (text, pos, fragment) in cases {
        let (m, _) = error::<Sicily>(text, ReadOptions::LENIENT);
        assert_eq!(at(&m), pos, "{text:?}: {m}");
        assert!(m.contains(fragment), "{text:?}: {m}");
    }
}

#[test]
fn huge_and_binary_tokens_are_clipped_in_messages() {
    let long = "9".repeat(10_000);
    let (m, kind) = error::<Sicily>(&format!("{long} 1"), ReadOptions::LENIENT);
    assert!(matches!(kind, ErrorKind::OutOfRange { .. }));
    assert!(m.len() < 200 && m.contains("(10000 bytes)"), "{m}");
    let (m, kind) = error::<Rotation>("1 \u{0}\u{ff}", ReadOptions::LENIENT);
    assert!(matches!(kind, ErrorKind::NotANumber { .. }), "{m}");
    assert_eq!(at(&m), "1:3");
}

#[test]
fn msquare_reads_one_board_and_nothing_after() {
    let board = read_all::<Msquare>(&b"2 6 8 4 5 7 3 1 \n"[..], ReadOptions::LENIENT).unwrap();
    assert_eq!(board[0].to_string(), "2 6 8 4 / 1 3 7 5");
    let (m, _) = error::<Msquare>("1 2 3 4 5 6 7 8 9\n", ReadOptions::LENIENT);
    assert_eq!(at(&m), "1:17");
    assert!(m.contains("nothing may follow the board"), "{m}");
    let (m, _) = error::<Msquare>("1 2 3 4 5 6 7 7\n", ReadOptions::LENIENT);
    assert_eq!(at(&m), "1:15");
    let (m, _) = error::<Msquare>("", ReadOptions::LENIENT);
    assert!(m.contains("ends in the middle"), "{m}");
}

#[test]
fn rotation_errors_name_line_column_and_case() {
    let ok = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
    let cases = [
        (
            format!("{ok}1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n"),
            "2:1",
            "case 2: the board holds 9 1s, 7 2s and 8 3s",
        ),
        (ok.to_string(), "2:1", "without the terminator 0"),
        (
            format!("{ok}1 2 3\n"),
            "3:1",
            "case 2: the input ends in the middle of a case",
        ),
        (
            format!("{ok}0\n0\n"),
            "3:1",
            "nothing may follow the terminator 0",
        ),
        (format!("{ok}4\n"), "2:1", "must be in 0..=3, found 4"),
        (
            format!("1 0 {}", &ok[4..]),
            "1:3",
            "cell 2 must be in 1..=3, found 0",
        ),
    ];
    for (text, pos, fragment) in cases {
        let (m, _) = error::<Rotation>(&text, ReadOptions::LENIENT);
        assert_eq!(at(&m), pos, "{text:?}: {m}");
        assert!(m.contains(fragment), "{text:?}: {m}");
    }
}

#[test]
fn the_exact_layout_rejects_what_the_free_one_accepts() {
    let cases = [
        (
            "4\n1 2 3 4\n8 7 6 5\n-1",
            "4:3",
            "expected a line break, found the end of the input",
        ),
        (
            "4\n1 2 3 4 \n8 7 6 5\n-1\n",
            "2:8",
            "expected a line break, found a space",
        ),
        (
            "4\n1  2 3 4\n8 7 6 5\n-1\n",
            "2:3",
            "expected a colour (1..8), found a space",
        ),
        (
            "4\r\n1 2 3 4\n8 7 6 5\n-1\n",
            "1:2",
            "found a carriage return",
        ),
        ("04\n1 2 3 4\n8 7 6 5\n-1\n", "1:1", "no leading zeros"),
        ("+4\n1 2 3 4\n8 7 6 5\n-1\n", "1:1", "no leading zeros, '+'"),
        (
            "4 1 2 3 4\n8 7 6 5\n-1\n",
            "1:2",
            "expected a line break, found a space",
        ),
        (
            "4\n1 2 3 4\n8 7 6 5\n-1\n\n",
            "5:1",
            "nothing may follow the terminator -1, found a line break",
        ),
        (
            "4\n1\t2 3 4\n8 7 6 5\n-1\n",
            "2:2",
            "expected a single space, found a tab",
        ),
    ];
    for (text, pos, fragment) in cases {
        assert!(sicily(text).is_ok(), "{text:?} is fine in the free layout");
        let (m, _) = error::<Sicily>(text, ReadOptions::STRICT);
        assert_eq!(at(&m), pos, "{text:?}: {m}");
        assert!(m.contains(fragment), "{text:?}: {m}");
    }
}

#[test]
fn written_inputs_read_back_strictly() {
    let cases: Vec<Case> = (0..40_320)
        .step_by(997)
        .map(|r| Case {
            limit: r as i64,
            target: Board::from_rank(r),
        })
        .collect();
    let mut text = Vec::new();
    write_input::<Sicily>(&cases, &mut text).unwrap();
    assert_eq!(
        read_all::<Sicily>(&text[..], ReadOptions::STRICT).unwrap(),
        cases
    );
    assert!(text.starts_with(b"0\n1 2 3 4\n8 7 6 5\n997\n"));
}

#[test]
fn answers_are_written_as_the_reference_outputs() {
    let show = |a: &Answer| {
        let mut v = Vec::new();
        Sicily::write_answer(a, &mut v).unwrap();
        String::from_utf8(v).unwrap()
    };
    assert_eq!(show(&Answer::Ops(vec![])), "0\n");
    assert_eq!(show(&Answer::TooFar), "-1\n");
    assert_eq!(show(&Answer::Ops(vec![Op::A, Op::B])), "2 AB\n");
    let wrapped = |n: usize| {
        let mut v = Vec::new();
        write_wrapped(&vec![Op::B; n], 60, &mut v).unwrap();
        String::from_utf8(v).unwrap()
    };
    assert_eq!(wrapped(0), "0\n\n");
    assert_eq!(wrapped(60), format!("60\n{}\n", "B".repeat(60)));
    assert_eq!(wrapped(61), format!("61\n{}\nB\n", "B".repeat(60)));
}

#[test]
fn terminator_line_errors_name_no_case() {
    let (m, _) = error::<Sicily>("4\n1 2 3 4\n8 7 6 5\n-1", ReadOptions::STRICT);
    assert_eq!(m, "4:3: expected a line break, found the end of the input");
    let (m, _) = error::<Rotation>("0 \n", ReadOptions::STRICT);
    assert_eq!(m, "1:2: expected a line break, found a space");
    let (m, _) = error::<Sicily>("4\n1 2 3 4\n8 7 6 5 \n-1\n", ReadOptions::STRICT);
    assert!(m.starts_with("3:8: case 1: expected a line break"), "{m}");
}
