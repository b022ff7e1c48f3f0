//! `judge stress` on the shipped wrong magic-board solutions (issue 11, sections 3 and 4).
//!
//! Minimal counterexamples: the smallest failing input is computed here independently of the
//! shrinker, by trying inputs in the stated order, and must be exactly what `judge stress`
//! prints, with "minimal, proven". Cases: boards by distance, then the lexicographically
//! smallest shortest sequence (sorted here); for sicily each board with N = 0..=23 and
//! 2^31 - 1. A bug of one case: the cases in order on one big multi-case input. A bug that
//! needs two cases (the three shipped ones): inputs by number of cases, then largest case,
//! then lexicographically, each its own run (unsandboxed here, for speed): every one of the
//! first 50 cases alone, then the two-case inputs of them. With a run budget too small for
//! that search, stress says how far it got and claims no more; a bug that needs three cases
//! keeps a local minimum, said so.
//!
//! Bugs of long answers (issue 31, item 5), with the wrong solutions of tests/shrink/: an
//! msquare answer wrapped at 10 characters shrinks to the first board at distance 11 with
//! "minimal, proven" over the 1,800 closer boards, and within a smaller budget to the same
//! board, saying how far the proof got; rotation moves wrapped at 8 shrink to distance 9, every
//! solved board tried, the rest of each smaller distance sampled and said so.
//!
//! Saving: `judge stress --save` on each shipped wrong solution of sicily, msquare and
//! sicilylarge, in turn on one copy of the repository, and `judge build --check` green after
//! each; an input a test already has is not saved; a save that cannot finish changes nothing.

mod common;

use common::cli::{built_copy, judge_in, repo, text};

use std::path::{Path, PathBuf};
use std::time::Duration;

use boardjudge::check::{CheckOptions, CheckVerdict, check};
use boardjudge::format::msquare::Msquare;
use boardjudge::format::rotation::Rotation;
use boardjudge::format::sicily::{Case, Sicily};
use boardjudge::format::{Format, Problem, ReadOptions, read_all, solve_stream, write_input};
use boardjudge::judging::regression::{Saved, save};
use boardjudge::problemset::plan::{Expected, Plan};
use boardjudge::problemset::trash::Why;
use boardjudge::puzzle::magic::{BOARD_COUNT, Board, Table, ops_to_string};
use boardjudge::puzzle::rotation;
use boardjudge::runner::compile::{BuildLimits, CompileError, compile};
use boardjudge::runner::{Argv, Input, Limits, Outcome, Sandbox, SandboxMode, run};

/// The shipped wrong solutions of a problem, built: (path in judge.toml, command).
fn wrong_solutions(problem: &str) -> Vec<(String, Argv)> {
    let plan = Plan::load(&repo().join("judge.toml")).unwrap();
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("solutions");
    let mut built = Vec::new();
    for s in &plan.problem(problem).unwrap().solutions {
        if s.expected != Expected::WrongAnswer {
            continue;
        }
        match compile(
            &repo().join(&s.path),
            s.standard,
            &cache,
            &jail(),
            &BuildLimits::DEFAULT,
        ) {
            Ok(program) => {
                // Not Java: the command does not depend on the limits.
                let argv = program.command(&Limits::with_cpu(Duration::from_secs(1)));
                built.push((s.path.to_string_lossy().into_owned(), argv));
            }
            Err(CompileError::CompilerMissing { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert!(built.len() >= 6, "{problem}: {built:?}");
    built
}

/// Every board, sorted here by (distance, lexicographically smallest shortest sequence).
fn boards_in_order() -> Vec<Board> {
    let table = Table::get();
    let mut boards: Vec<(usize, String, Board)> = (0..BOARD_COUNT)
        .map(|rank| {
            let board = Board::from_rank(rank);
            let ops = ops_to_string(&table.solve(board));
            (ops.len(), ops, board)
        })
        .collect();
    boards.sort();
    boards.into_iter().map(|(_, _, b)| b).collect()
}

/// The sicily cases in the stated order, for the first `boards` boards.
fn sicily_cases(boards: usize) -> Vec<Case> {
    let limits: Vec<i64> = (0..=23).chain([2_147_483_647]).collect();
    boards_in_order()
        .into_iter()
        .take(boards)
        .flat_map(|target| limits.iter().map(move |&limit| Case { limit, target }))
        .collect()
}

fn input_of<P: Problem>(cases: &[P::Case]) -> Vec<u8> {
    let mut input = Vec::new();
    write_input::<P>(cases, &mut input).unwrap();
    input
}

fn reference<P: Problem>(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    solve_stream::<P>(input, ReadOptions::JURY, &mut out).unwrap();
    out
}

fn run_solution(argv: &Argv, input: &[u8]) -> Vec<u8> {
    run_in(&Sandbox::new(SandboxMode::Auto).unwrap(), argv, input)
}

fn run_in(sandbox: &Sandbox, argv: &Argv, input: &[u8]) -> Vec<u8> {
    let result = run(
        argv,
        Input::Bytes(input),
        &Limits::with_cpu(Duration::from_secs(20)),
        sandbox,
    );
    assert_eq!(result.outcome, Outcome::Exited(0), "{argv:?}");
    result.stdout
}

/// The checker options of `format`'s default problem in judge.toml (sicily takes any
/// sequence within N, as Sicily's special judge did).
fn options(format: Format) -> CheckOptions {
    let problem = match format {
        Format::Sicily => "sicily",
        Format::Msquare => "msquare",
        Format::Rotation => "rotation",
    };
    let plan = Plan::load(&repo().join("judge.toml")).unwrap();
    plan.problem(problem).unwrap().checker
}

/// Whether the solution fails `input` (the checker with the original judges' rules).
fn fails(format: Format, argv: &Argv, input: &[u8], answer: &[u8]) -> bool {
    fails_in(
        &Sandbox::new(SandboxMode::Auto).unwrap(),
        format,
        argv,
        input,
        answer,
    )
}

fn fails_in(sandbox: &Sandbox, format: Format, argv: &Argv, input: &[u8], answer: &[u8]) -> bool {
    let output = run_in(sandbox, argv, input);
    check(format, input, answer, &mut &output[..], &options(format)).verdict
        != CheckVerdict::Accepted
}

/// The input `judge stress` printed as the minimal failing one.
fn shrunk_input(out: &str) -> &str {
    let input = out
        .split("the minimal failing input:\n\n")
        .nth(1)
        .expect(out);
    input.split("\nexpected output:").next().unwrap()
}

fn stress(problem: &str, argv: &[String]) -> String {
    stress_with(problem, &[], argv)
}

/// `judge stress` with `flags` before the `--`.
fn stress_with(problem: &str, flags: &[&str], argv: &[String]) -> String {
    let mut args = vec!["stress", problem, "--seed", "1", "--count", "300"];
    args.extend(flags);
    args.push("--");
    args.extend(argv.iter().map(String::as_str));
    let o = judge_in(repo(), &args);
    let out = text(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{argv:?}: {out}{}",
        text(&o.stderr)
    );
    out
}

#[test]
fn the_minimal_counterexample_of_each_wrong_sicily_solution_is_exact() {
    // Every shipped wrong solution fails one of the first 120 boards' cases (3,000 cases).
    let cases = sicily_cases(120);
    let input = input_of::<Sicily>(&cases);
    let expected = text(&reference::<Sicily>(&input));
    let expected: Vec<&str> = expected.lines().collect();
    let sicily = options(Format::Sicily);
    let (mut single, mut pairs) = (0, 0);
    for (path, argv) in wrong_solutions("sicily") {
        let out = stress("sicily", &argv);
        let shrunk = shrunk_input(&out);
        let shrunk_cases = read_all::<Sicily>(shrunk.as_bytes(), ReadOptions::STRICT).unwrap();
        if shrunk_cases.len() == 1 {
            // The first case of the order whose answer is wrong, on one big input, as the
            // problem's checker judges each line (one right answer or several).
            let output = text(&run_solution(&argv, &input));
            let got: Vec<&str> = output.lines().collect();
            let first = (0..cases.len())
                .find(|&i| {
                    let one = input_of::<Sicily>(&cases[i..=i]);
                    let line = format!("{}\n", got.get(i).copied().unwrap_or(""));
                    let answer = format!("{}\n", expected[i]);
                    check(
                        Format::Sicily,
                        &one,
                        answer.as_bytes(),
                        &mut line.as_bytes(),
                        &sicily,
                    )
                    .verdict
                        != CheckVerdict::Accepted
                })
                .unwrap_or_else(|| panic!("{path}: no failing case among the first 120 boards"));
            let minimal = input_of::<Sicily>(&cases[first..=first]);
            assert!(
                fails(
                    Format::Sicily,
                    &argv,
                    &minimal,
                    &reference::<Sicily>(&minimal)
                ),
                "{path}: case {first} alone"
            );
            assert_eq!(shrunk, text(&minimal), "{path}: {out}");
            assert!(
                out.contains(&format!(
                    "to 1 case / distance {}, N = {}",
                    Table::get().distance(cases[first].target),
                    cases[first].limit
                )) && out.contains("minimal, proven"),
                "{path}: {out}"
            );
            single += 1;
        } else {
            let minimum = first_failing_pair(&path, &argv, &cases[..50]);
            assert_eq!(
                shrunk,
                text(&input_of::<Sicily>(&minimum.cases)),
                "{path}: {out}"
            );
            let distance = minimum
                .cases
                .iter()
                .map(|c| Table::get().distance(c.target));
            let claim = match minimum.largest {
                0 => "minimal, proven: the first case in the order passes alone, and this is \
                      the first two-case input"
                    .to_string(),
                k => format!(
                    "minimal, proven among the inputs of cases up to its largest (the first {} \
                     in the order): each passes alone, and all {} two-case inputs of them that \
                     come earlier pass",
                    k + 1,
                    minimum.earlier
                ),
            };
            assert!(
                out.contains(&format!(
                    "to 2 cases / distance {} in ",
                    distance.max().unwrap()
                )) && out.contains(&claim),
                "{path}: {out}"
            );
            pairs += 1;
        }
    }
    assert!(single >= 6, "{single}");
    assert_eq!(pairs, 3);
}

/// The first failing input in the stated order of inputs.
struct Minimum {
    cases: Vec<Case>,
    /// The position of its largest case in the order.
    largest: usize,
    /// The two-case inputs before it.
    earlier: usize,
}

/// The first failing input of at most two of `order`'s cases, in the stated order: every case
/// alone first (none may fail), then the two-case inputs by their largest case, then
/// lexicographically. Every input is its own run, unsandboxed.
fn first_failing_pair(path: &str, argv: &Argv, order: &[Case]) -> Minimum {
    let sandbox = Sandbox::off();
    let failing = |cases: &[Case]| {
        let input = input_of::<Sicily>(cases);
        let answer = reference::<Sicily>(&input);
        fails_in(&sandbox, Format::Sicily, argv, &input, &answer)
    };
    for case in order {
        assert!(!failing(&[*case]), "{path}: {case:?} alone fails");
    }
    let n = order.len();
    let mut pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
    pairs.sort_by_key(|&(a, b)| (a.max(b), a, b));
    let earlier = pairs
        .iter()
        .position(|&(a, b)| failing(&[order[a], order[b]]))
        .unwrap_or_else(|| panic!("{path}: no two of the first {n} cases fail"));
    let (a, b) = pairs[earlier];
    Minimum {
        cases: vec![order[a], order[b]],
        largest: a.max(b),
        earlier,
    }
}

#[test]
fn a_pair_search_cut_short_by_the_budget_claims_only_what_ran() {
    let (path, argv) = wrong_solutions("sicily")
        .into_iter()
        .find(|(path, _)| path.ends_with("kept_bfs_known_beyond_limit.cpp"))
        .unwrap();
    let out = stress_with("sicily", &["--shrink-runs", "400"], &argv);
    // 156 runs reach the local minimum (47 of them down the cases' shortest paths), then each
    // case up to the k-th takes 2k + 2 runs.
    assert!(
        out.contains(
            " in 400 runs; a local minimum: no input of at most two of the first 15 \
                      cases in the order fails (each alone, and every two-case input of them), \
                      then the run budget ran out (--shrink-runs)"
        ),
        "{path}: {out}"
    );
    assert!(!out.contains("proven"), "{path}: {out}");
    let shrunk = shrunk_input(&out).as_bytes();
    assert!(fails(
        Format::Sicily,
        &argv,
        shrunk,
        &reference::<Sicily>(shrunk)
    ));
}

#[test]
fn a_bug_that_needs_three_cases_keeps_a_local_minimum_and_says_so() {
    // The reference solver with the third answer replaced by -1.
    let script = format!(
        "{} sicily | awk 'NR == 3 {{ print \"-1\"; next }} {{ print }}'",
        env!("CARGO_BIN_EXE_solve")
    );
    let argv = ["sh", "-c", &script].map(String::from);
    let out = stress_with("sicily", &["--sandbox", "off"], &argv);
    assert!(
        out.contains(" to 3 cases / distance 0 in ")
            && out.contains(
                "no case can be dropped, and each is the smallest in the order with the \
                 others fixed (a local minimum, not proven global)"
            ),
        "{out}"
    );
    let start = "0\n1 2 3 4\n8 7 6 5\n";
    assert_eq!(
        shrunk_input(&out),
        format!("{start}{start}{start}-1\n"),
        "{out}"
    );
}

#[test]
fn the_minimal_counterexample_of_each_wrong_msquare_solution_is_exact() {
    let boards = boards_in_order();
    for (path, argv) in wrong_solutions("msquare") {
        let out = stress("msquare", &argv);
        // One board an input: the boards in order, one run each, until one fails.
        let minimal = boards
            .iter()
            .take(200)
            .map(|board| input_of::<Msquare>(std::slice::from_ref(board)))
            .find(|input| fails(Format::Msquare, &argv, input, &reference::<Msquare>(input)))
            .unwrap_or_else(|| panic!("{path}: no failing board among the first 200"));
        assert_eq!(shrunk_input(&out), text(&minimal), "{path}: {out}");
        assert!(out.contains("to 1 case / distance ") && out.contains("minimal, proven"));
    }
}

/// A wrong solution of tests/shrink/, built.
fn fixture(file: &str) -> Argv {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("solutions");
    let program = compile(
        &repo().join("tests/shrink").join(file),
        None,
        &cache,
        &jail(),
        &BuildLimits::DEFAULT,
    )
    .unwrap_or_else(|e| panic!("{file}: {e}"));
    program.command(&Limits::with_cpu(Duration::from_secs(1)))
}

/// The number in `out` between `before` and `after`.
fn number_between(out: &str, before: &str, after: &str) -> usize {
    let rest = out.split(before).nth(1).expect(out);
    rest.split(after).next().unwrap().parse().expect(out)
}

#[test]
fn a_bug_of_long_msquare_answers_shrinks_to_the_first_board_at_distance_11() {
    // Answers wrapped at 10 characters: every board at distance 11 or more fails, every
    // closer one passes (issue 31, item 5: "shrunk from 1 case / distance 22 to 1 case /
    // distance 22 in 1000 runs" before). Unsandboxed, for speed: 1,800 runs.
    let argv = fixture("msquare_wrap_at_10.cpp");
    let out = stress_with("msquare", &["--sandbox", "off"], &argv);
    let boards = boards_in_order();
    let first_at_11 = boards[1800];
    assert_eq!(Table::get().distance(first_at_11), 11);
    assert_eq!(Table::get().distance(boards[1799]), 10);
    assert_eq!(
        shrunk_input(&out),
        text(&input_of::<Msquare>(&[first_at_11])),
        "{out}"
    );
    assert!(
        out.contains("shrunk from 1 case / distance 22 to 1 case / distance 11 in ")
            && out.contains(
                " runs; minimal, proven: all 1800 smaller cases in the order pass (every case at \
             distance < 11, and it is the first at distance 11)"
            ),
        "{out}"
    );
    // Within the default budget: the 1,800 boards before it, the walk down the path of the
    // board at distance 22 (one run a distance), and the board itself.
    let runs = number_between(&out, "to 1 case / distance 11 in ", " runs");
    assert!((1801..=1800 + 23).contains(&runs), "{runs}: {out}");
    // What the claim rests on, checked here: the board fails, the last one before it passes.
    for (board, fails_here) in [(first_at_11, true), (boards[1799], false)] {
        let input = input_of::<Msquare>(&[board]);
        let answer = reference::<Msquare>(&input);
        assert_eq!(fails(Format::Msquare, &argv, &input, &answer), fails_here);
    }
    // With a budget too small for the proof, the same board (the walk finds it), and the
    // claim says how far the scan got.
    let out = stress_with(
        "msquare",
        &["--sandbox", "off", "--shrink-runs", "300"],
        &argv,
    );
    assert_eq!(
        shrunk_input(&out),
        text(&input_of::<Msquare>(&[first_at_11])),
        "{out}"
    );
    assert!(
        out.contains(
            "to 1 case / distance 11 in 300 runs; minimal only within the budget: the cases on \
             its shortest path pass, at every smaller distance; every case at distance < 7 \
             passes ("
        ) && out.contains("then the run budget ran out (--shrink-runs)")
            && !out.contains("proven"),
        "{out}"
    );
}

#[test]
fn a_bug_of_long_rotation_answers_shrinks_to_its_smallest_distance() {
    // Moves wrapped at 8 a line: every board at distance 9 or more fails. Unsandboxed, for
    // speed: 38,610 solved boards 30 an input, then the samples.
    let argv = fixture("rotation_wrap_at_8.cpp");
    let out = stress_with("rotation", &["--sandbox", "off"], &argv);
    let shrunk = read_all::<Rotation>(shrunk_input(&out).as_bytes(), ReadOptions::STRICT).unwrap();
    assert_eq!(shrunk.len(), 1, "{out}");
    let table = rotation::Table::get();
    assert_eq!(table.distance(&shrunk[0]), 9, "{out}");
    assert!(
        out.contains(" to 1 case / distance 9 in ")
            && out.contains(
                " runs; minimal only among the boards tried: every board at distance 0 passes \
                 (all 38610: proven), and none of the 1928 tried at distances 1 to 8 fails (8 on \
                 its shortest path, 240 sampled at each of distances 1 to 8); a rotation distance \
                 past 0 holds up to billions of boards, too many to run every one"
            ),
        "{out}"
    );
    // The board fails; one move along its answer, at distance 8, it passes.
    let (moves, _) = table.solve(&shrunk[0]);
    let closer = shrunk[0].apply(moves[0]);
    assert_eq!(table.distance(&closer), 8);
    for (board, fails_here) in [(shrunk[0], true), (closer, false)] {
        let input = input_of::<Rotation>(&[board]);
        let answer = reference::<Rotation>(&input);
        assert_eq!(fails(Format::Rotation, &argv, &input, &answer), fails_here);
    }
    // The shipped rotation bug that fails at distance 1 is proven minimal: every solved
    // board passes.
    let (path, argv) = wrong_solutions("rotation")
        .into_iter()
        .find(|(path, _)| path.ends_with("centre_before_moves.cpp"))
        .unwrap();
    let out = stress_with("rotation", &["--sandbox", "off"], &argv);
    assert!(
        out.contains(" to 1 case / distance 1 in ")
            && out.contains(
                " runs; minimal, proven: all 38610 smaller cases in the order pass (every case \
                 at distance < 1)"
            ),
        "{path}: {out}"
    );
}

/// A copy of judge.toml and its test data to change.
fn scratch(name: &str) -> PathBuf {
    built_copy("judge-shrink", name)
}

#[test]
fn build_check_is_green_after_stress_save_on_each_shipped_wrong_solution() {
    let dir = scratch("save");
    let mut saved = 0;
    for problem in [
        "sicily",
        "msquare",
        "sicilylarge",
        "rotation",
        "rotationlarge",
    ] {
        for (path, argv) in wrong_solutions(problem) {
            let mut args = vec!["stress", problem, "--seed", "1", "--count", "300", "--save"];
            if problem == "rotation" {
                // The walk down the path and the first solved boards: the proof over all
                // 38,610 of them (1,287 sandboxed runs of 30) is
                // a_bug_of_long_rotation_answers_shrinks_to_its_smallest_distance's.
                args.extend(["--shrink-runs", "300"]);
            }
            args.push("--");
            args.extend(argv.iter().map(String::as_str));
            let o = judge_in(&dir, &args);
            let out = text(&o.stdout);
            assert_eq!(o.status.code(), Some(1), "{path}: {out}{}", text(&o.stderr));
            assert!(
                out.contains("saved as test") || out.contains("not saved: test"),
                "{path}: {out}"
            );
            saved += usize::from(out.contains("saved as test"));
            let o = judge_in(&dir, &["build", "--check", problem]);
            assert!(
                o.status.success(),
                "{problem} {path}: {out}{}",
                text(&o.stderr)
            );
        }
    }
    assert!(saved >= 6, "{saved}");
    // Saved tests carry their stable names.
    let plan = std::fs::read_to_string(dir.join("judge.toml")).unwrap();
    assert_eq!(plan.matches("{ name = \"stress-").count(), saved, "{plan}");
    assert!(plan.contains("name = \"stress-bfs_cba_order-"), "{plan}");
    // Saving the same failure again finds it in the test data and changes nothing.
    let (_, argv) = wrong_solutions("msquare").remove(0);
    let mut args = vec![
        "stress", "msquare", "--seed", "1", "--count", "300", "--save", "--",
    ];
    args.extend(argv.iter().map(String::as_str));
    let o = judge_in(&dir, &args);
    let out = text(&o.stdout);
    assert!(
        out.contains("not saved: test ") && out.contains("has exactly this input"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("judge.toml")).unwrap(),
        plan
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_save_that_cannot_finish_changes_nothing() {
    let dir = scratch("atomic");
    let plan_path = dir.join("judge.toml");
    let data = dir.join("testdata");
    let plan = std::fs::read(&plan_path).unwrap();
    let manifest = std::fs::read(data.join("msquare/manifest.toml")).unwrap();
    // A board at distance 21 that no msquare test has.
    let board = boards_in_order()[40_000];
    let input = input_of::<Msquare>(&[board]);
    // The new test's input file cannot be written: a directory with a file is in its place.
    let blocked = data.join("msquare/regressions/stress-x-1.in");
    std::fs::create_dir_all(blocked.join("inside")).unwrap();
    let error = save(&plan_path, &data, "msquare", &input, "stress-x-1").unwrap_err();
    assert!(error.contains("nothing changed"), "{error}");
    assert_eq!(std::fs::read(&plan_path).unwrap(), plan);
    assert_eq!(
        std::fs::read(data.join("msquare/manifest.toml")).unwrap(),
        manifest
    );
    let left: Vec<_> = std::fs::read_dir(data.join("msquare"))
        .unwrap()
        .chain(std::fs::read_dir(data.join("msquare/regressions")).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
    std::fs::remove_dir_all(data.join("msquare/regressions")).unwrap();
    let o = judge_in(&dir, &["build", "--check"]);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    // Unblocked, the same save goes through, and the data matches the plan; an answer edited
    // by hand meanwhile is kept in the trash before the rebuilt one replaces it.
    let answer = data.join("msquare/samples/statement.ans");
    let built_answer = std::fs::read(&answer).unwrap();
    std::fs::write(&answer, "edited\n").unwrap();
    let saved = save(&plan_path, &data, "msquare", &input, "stress-x-1").unwrap();
    let Saved::Added { test, files, kept } = saved else {
        panic!("not added: {saved:?}");
    };
    assert_eq!((test.as_str(), files), ("regressions/stress-x-1", 4));
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].path, Path::new("msquare/samples/statement.ans"));
    assert_eq!(kept[0].why, Why::EditedRebuilt);
    assert!(kept[0].to.starts_with(dir.join("target/trash")), "{kept:?}");
    assert_eq!(std::fs::read(&kept[0].to).unwrap(), b"edited\n");
    assert_eq!(std::fs::read(&answer).unwrap(), built_answer);
    let o = judge_in(&dir, &["build", "--check"]);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(
        save(&plan_path, &data, "msquare", &input, "stress-x-2").unwrap(),
        Saved::AlreadyATest {
            test: "regressions/stress-x-1".into(),
            group: "regressions".into(),
            line: String::from_utf8(std::fs::read(&plan_path).unwrap())
                .unwrap()
                .lines()
                .position(|l| l.contains("name = \"stress-x-1\""))
                .unwrap()
                + 1,
        }
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The jail builds run in.
fn jail() -> Sandbox {
    Sandbox::new(boardjudge::runner::SandboxMode::Auto).unwrap()
}
