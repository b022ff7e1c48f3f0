//! `cargo bench --bench solve`: the reference solver against baselines that follow the seeds'
//! algorithms, in one process, reported as rates and ratios (Markdown, for README.md).
//!
//! - sicily: `solve` end to end (a child process: parse, solve, write) and in process, against
//!   a per-case breadth-first search from the start (seed 000's method);
//! - rotation: the table-driven solver against IDA* (seeds 003/004's method) on the hardest
//!   boards (distance 13);
//! - the cost a process would pay to build the rotation table at run time, which is why
//!   build.rs computes it at compile time.

#[path = "../tests/common/ida.rs"]
mod ida;
#[path = "../tests/common/rng.rs"]
mod rng;

use std::collections::VecDeque;
use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use boardjudge::format::sicily::Sicily;
use boardjudge::format::{ReadOptions, solve_stream};
use boardjudge::puzzle::magic::{BOARD_COUNT, Board, Op};
use boardjudge::puzzle::rotation::{self, Table};
use rng::SplitMix;

/// Seed 000's method: a fresh breadth-first search from the start for every case, stopping at
/// the target or beyond the step limit. Returns the answer line.
fn per_case_bfs(limit: i64, target: Board) -> String {
    let mut seen = vec![false; BOARD_COUNT];
    let mut parent: Vec<(u32, Op)> = vec![(0, Op::A); BOARD_COUNT];
    let mut queue = VecDeque::from([(Board::START, 0i64)]);
    seen[Board::START.rank()] = true;
    while let Some((board, depth)) = queue.pop_front() {
        if depth > limit {
            break;
        }
        if board == target {
            let mut ops = Vec::new();
            let mut r = board.rank();
            while r != 0 {
                let (p, op) = parent[r];
                ops.push(op.letter());
                r = p as usize;
            }
            let path: String = ops.iter().rev().collect();
            return if path.is_empty() {
                "0".into()
            } else {
                format!("{} {path}", path.len())
            };
        }
        for op in Op::ALL {
            let child = board.apply(op);
            let c = child.rank();
            if !seen[c] {
                seen[c] = true;
                parent[c] = (board.rank() as u32, op);
                queue.push_back((child, depth + 1));
            }
        }
    }
    "-1".into()
}

fn sicily_input(cases: usize, rng: &mut SplitMix) -> Vec<u8> {
    let mut text = Vec::with_capacity(cases * 20);
    for _ in 0..cases {
        let mut c: Vec<u8> = (1..=8).collect();
        rng.shuffle(&mut c);
        writeln!(
            text,
            "{}\n{} {} {} {}\n{} {} {} {}",
            rng.below(25),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            c[6],
            c[7]
        )
        .unwrap();
    }
    text.extend_from_slice(b"-1\n");
    text
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn rate(items: usize, time: Duration) -> f64 {
    items as f64 / time.as_secs_f64()
}

fn run_solve(format: &str, input: &std::path::Path) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_solve"))
        .arg(format)
        .arg(input)
        .stderr(Stdio::inherit())
        .output()
        .expect("run solve");
    assert!(out.status.success());
    out.stdout
}

fn main() {
    let dir = std::env::temp_dir().join(format!("boardjudge-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = SplitMix::new(2026);

    println!("| what | cases | time | rate | ratio |");
    println!("|---|---:|---:|---:|---:|");

    // sicily: end to end through the binary, in process, and the per-case BFS baseline.
    const CASES: usize = 1_000_000;
    let input = sicily_input(CASES, &mut rng);
    let path = dir.join("sicily.in");
    std::fs::write(&path, &input).unwrap();
    run_solve("sicily", &path); // warm up: the first run of a new binary may be slow here
    let mut answers = Vec::new();
    let process = median(5, || answers = run_solve("sicily", &path));
    let in_process = median(5, || {
        let mut out = Vec::with_capacity(answers.len());
        solve_stream::<Sicily>(&input[..], ReadOptions::LENIENT, &mut out).unwrap();
        black_box(out);
    });
    let cases: Vec<_> =
        boardjudge::format::read_all::<Sicily>(&input[..], ReadOptions::LENIENT).unwrap();
    const BASELINE_CASES: usize = 2_000;
    let text = String::from_utf8(answers).unwrap();
    let expected: Vec<&str> = text.lines().take(BASELINE_CASES).collect();
    let baseline = median(3, || {
        for (case, want) in cases.iter().zip(&expected) {
            assert_eq!(per_case_bfs(case.limit, case.target), *want);
        }
    });
    let base_rate = rate(BASELINE_CASES, baseline);
    let rows = [
        ("sicily: `solve` process, end to end", CASES, process),
        ("sicily: `solve_stream` in process", CASES, in_process),
    ];
    for (what, n, t) in rows {
        let r = rate(n, t);
        println!(
            "| {what} | {n} | {t:.2?} | {r:.0}/s | {:.0}x |",
            r / base_rate
        );
    }
    println!(
        "| sicily: per-case BFS (seed 000) | {BASELINE_CASES} | {baseline:.2?} | {base_rate:.0}/s | 1x |"
    );

    // rotation: the hardest boards, table against IDA*.
    let hardest = [
        1, 1, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 1, 1, 1, 2, 1, 1, 1, 2, 2, 3, 3, 3,
    ];
    let renamed = hardest.map(|d| [0, 2, 3, 1][d as usize]);
    let boards: Vec<rotation::Board> = [hardest, renamed]
        .iter()
        .map(|c| rotation::Board::new(*c).unwrap())
        .collect();
    let table = Table::get();
    let ida_time = median(1, || {
        for b in &boards {
            let (moves, centre) = table.solve(b);
            let want = (rotation::moves_to_string(&moves), centre);
            assert_eq!(ida::solve(*b.cells()), want, "IDA* disagrees on {b}");
        }
    });
    const TABLE_RUNS: usize = 20_000;
    let table_time = median(5, || {
        for i in 0..TABLE_RUNS {
            black_box(table.solve(black_box(&boards[i % boards.len()])));
        }
    });
    let ida_rate = rate(boards.len(), ida_time);
    let table_rate = rate(TABLE_RUNS, table_time);
    println!(
        "| rotation, distance 13: table solver | {TABLE_RUNS} | {table_time:.2?} | {table_rate:.0}/s | {:.0}x |",
        table_rate / ida_rate
    );
    println!(
        "| rotation, distance 13: IDA* (seeds 003/004) | {} | {ida_time:.2?} | {ida_rate:.2}/s | 1x |",
        boards.len()
    );

    // rotation: what a one-board process costs, and what a run-time table would add.
    let one = dir.join("one.in");
    std::fs::write(&one, format!("{}\n0\n", boards[0])).unwrap();
    run_solve("rotation", &one);
    let process = median(21, || {
        run_solve("rotation", &one);
    });
    let search = median(5, || {
        black_box(Table::search_now());
    });
    println!(
        "| rotation: `solve` process on one board (table compiled in) | 1 | {process:.2?} | | |"
    );
    println!(
        "| rotation: building the subset table at run time instead | 735471 subsets | {search:.2?} | | |"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
