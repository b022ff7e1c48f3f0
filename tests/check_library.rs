//! The checker library on whole problem spaces: every magic board in both formats, many
//! rotation boards, every wrap width, and format recognition.

use boardjudge::check::{CheckOptions, CheckVerdict, Order, check, detect_format};
use boardjudge::format::msquare::{Msquare, write_wrapped};
use boardjudge::format::rotation::Rotation;
use boardjudge::format::sicily::{Case, Sicily};
use boardjudge::format::{Format, Problem, write_input};
use boardjudge::puzzle::magic::{self, BOARD_COUNT, Board};
use boardjudge::puzzle::rotation;

fn answers<P: Problem>(cases: &[P::Case]) -> Vec<u8> {
    let mut out = Vec::new();
    for case in cases {
        P::write_answer(&P::solve(case), &mut out).unwrap();
    }
    out
}

fn input<P: Problem>(cases: &[P::Case]) -> Vec<u8> {
    let mut out = Vec::new();
    write_input::<P>(cases, &mut out).unwrap();
    out
}

fn judge(format: Format, input: &[u8], answer: &[u8], output: &[u8], order: Order) -> CheckVerdict {
    let options = CheckOptions {
        order,
        ..CheckOptions::default()
    };
    let outcome = check(format, input, answer, &mut &output[..], &options);
    outcome.verdict
}

/// Every board twice: with N at its distance (an answer of ops) and one below (`-1`).
fn all_sicily_cases() -> Vec<Case> {
    let table = magic::Table::get();
    let mut cases = Vec::new();
    for rank in 0..BOARD_COUNT {
        let target = Board::from_rank(rank);
        let d = i64::from(table.distance(target));
        cases.push(Case { limit: d, target });
        if d > 0 {
            cases.push(Case {
                limit: d - 1,
                target,
            });
        }
    }
    cases
}

#[test]
fn every_sicily_board_is_accepted_and_a_late_jury_error_is_found() {
    let cases = all_sicily_cases();
    let input = input::<Sicily>(&cases);
    assert_eq!(detect_format(&input), Ok(Format::Sicily));
    let answer = answers::<Sicily>(&cases);
    for order in [
        Order::LexSmallest,
        Order::AnyShortest,
        Order::AnyWithinLimit,
    ] {
        assert_eq!(
            judge(Format::Sicily, &input, &answer, &answer, order),
            CheckVerdict::Accepted
        );
    }
    // Break the jury answer's last case: -1 becomes the sequence.
    let text = String::from_utf8(answer.clone()).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let last = lines.len() - 1;
    assert_eq!(lines[last], "-1");
    let previous = lines[last - 1].to_string();
    lines[last] = &previous;
    let broken = lines.join("\n");
    let outcome = check(
        Format::Sicily,
        &input,
        broken.as_bytes(),
        &mut &answer[..],
        &CheckOptions::default(),
    );
    assert_eq!(outcome.verdict, CheckVerdict::Fail);
    assert!(
        outcome
            .summary
            .starts_with(&format!("the jury answer is wrong: case {}:", cases.len())),
        "{}",
        outcome.summary
    );
}

#[test]
fn every_msquare_board_is_accepted_as_usaco_prints_it_and_as_the_seed_does() {
    for rank in 0..BOARD_COUNT {
        let board = Board::from_rank(rank);
        let input = input::<Msquare>(&[board]);
        let answer = answers::<Msquare>(&[board]);
        // The seed's program prints no final newline, and `0` alone for the start board.
        let seed = if rank == 0 {
            b"0".to_vec()
        } else {
            answer.strip_suffix(b"\n").unwrap().to_vec()
        };
        for output in [&answer, &seed] {
            let verdict = judge(Format::Msquare, &input, &answer, output, Order::LexSmallest);
            assert_eq!(verdict, CheckVerdict::Accepted, "board {board}");
        }
    }
}

#[test]
fn every_wrap_width_is_honoured() {
    let board = Board::from_clockwise(magic::Clockwise([4, 3, 1, 2, 5, 6, 7, 8])).unwrap();
    let ops = magic::Table::get().solve(board);
    assert_eq!(ops.len(), 22);
    let input = input::<Msquare>(&[board]);
    for wrap in 1..=25 {
        let mut answer = Vec::new();
        write_wrapped(&ops, wrap, &mut answer).unwrap();
        let options = |wrap| CheckOptions {
            wrap,
            ..CheckOptions::default()
        };
        let outcome = check(
            Format::Msquare,
            &input,
            &answer,
            &mut &answer[..],
            &options(wrap),
        );
        assert_eq!(outcome.verdict, CheckVerdict::Accepted, "wrap {wrap}");
        // The same text read at another width: the jury answer no longer fits.
        if wrap < 22 {
            let outcome = check(
                Format::Msquare,
                &input,
                &answer,
                &mut &answer[..],
                &options(wrap + 1),
            );
            assert_eq!(outcome.verdict, CheckVerdict::Fail, "wrap {wrap}");
        }
    }
}

/// Pseudo-random rotation boards (a fixed linear congruential generator).
fn rotation_boards(count: usize) -> Vec<rotation::Board> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    (0..count)
        .map(|_| {
            let mut cells: [u8; 24] = std::array::from_fn(|i| (i / 8) as u8 + 1);
            for i in (1..24).rev() {
                cells.swap(i, next() % (i + 1));
            }
            rotation::Board::new(cells).unwrap()
        })
        .collect()
}

#[test]
fn rotation_answers_are_accepted_and_a_changed_last_move_is_not() {
    let boards = rotation_boards(300);
    let input = input::<Rotation>(&boards);
    assert_eq!(detect_format(&input), Ok(Format::Rotation));
    let answer = answers::<Rotation>(&boards);
    assert_eq!(
        judge(
            Format::Rotation,
            &input,
            &answer,
            &answer,
            Order::LexSmallest
        ),
        CheckVerdict::Accepted
    );
    let text = String::from_utf8(answer.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for (k, board) in boards.iter().enumerate().take(60) {
        let moves = lines[2 * k];
        if moves == "No moves needed" {
            continue;
        }
        let last = moves.as_bytes()[moves.len() - 1];
        let other = if last == b'A' { 'B' } else { 'A' };
        let mut changed = lines.clone();
        let replaced = format!("{}{other}", &moves[..moves.len() - 1]);
        changed[2 * k] = &replaced;
        let output = changed.join("\n");
        let outcome = check(
            Format::Rotation,
            &input,
            &answer,
            &mut output.as_bytes(),
            &CheckOptions::default(),
        );
        assert_eq!(outcome.verdict, CheckVerdict::WrongAnswer, "board {board}");
        assert!(
            outcome.summary.starts_with(&format!("case {}: ", k + 1)),
            "{}",
            outcome.summary
        );
    }
}
