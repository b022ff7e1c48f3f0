//! The `solve` binary: the seeds' samples byte for byte, errors with file:line:col, and a
//! million cases streamed in bounded memory.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

use boardjudge::puzzle::rotation::{Board, CENTRE, Move};
use common::rng::SplitMix;

fn solve(format: &str, input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .arg(format)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run solve");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).unwrap()
}

#[test]
fn the_seeds_samples_byte_for_byte() {
    let o = solve("sicily", "4\n5 8 7 6\n4 1 2 3\n3\n8 7 6 5\n1 2 3 4\n-1\n");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "2 AB\n1 A\n");
    // The seed's own layout: everything on one line.
    let o = solve("sicily", "4 5 8 7 6 4 1 2 3 3 8 7 6 5 1 2 3 4 -1");
    assert_eq!(stdout(&o), "2 AB\n1 A\n");
    let o = solve("msquare", "2 6 8 4 5 7 3 1 \n");
    assert_eq!(stdout(&o), "7\nBCABCCB\n");
    let uva = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
               1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";
    let o = solve("rotation", uva);
    assert_eq!(stdout(&o), "AC\n2\nDDHH\n2\n");
}

#[test]
fn edge_answers() {
    let o = solve(
        "sicily",
        "0\n1 2 3 4\n8 7 6 5\n0\n8 7 6 5\n1 2 3 4\n21\n4 3 1 2\n8 7 6 5\n-1\n",
    );
    assert_eq!(stdout(&o), "0\n-1\n-1\n");
    let o = solve("msquare", "1 2 3 4 5 6 7 8\n");
    assert_eq!(stdout(&o), "0\n\n");
    let o = solve("msquare", "4 3 1 2 5 6 7 8\n");
    assert_eq!(stdout(&o), "22\nABBBCABBBCBBBCBCABCBBB\n");
    // A solved board (centre 3), and the same after move B: one E brings it back.
    let mut others = [1u8, 2].into_iter().cycle();
    let cells: [u8; 24] = std::array::from_fn(|i| {
        if CENTRE.contains(&i) {
            3
        } else {
            others.next().unwrap()
        }
    });
    let solved = Board::new(cells).unwrap();
    let moved = solved.apply(Move::B);
    let o = solve("rotation", &format!("{solved}\n{moved}\n0\n"));
    assert_eq!(stdout(&o), "No moves needed\n3\nE\n3\n");
}

#[test]
fn bad_input_names_file_line_column_and_keeps_only_whole_answers() {
    let dir = std::env::temp_dir().join(format!("solve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.in");
    std::fs::write(&path, "4\n5 8 7 6\n4 1 2 3\n3\n8 7 6 5\n1 2 3 x3\n-1\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(["sicily", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "2 AB\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "{}:6:7: case 2: expected a colour",
            path.display()
        )),
        "{err}"
    );
    let o = solve("rotation", "1 2 3\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("<stdin>:2:1: case 1:"));
    let o = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(["sicily", dir.join("missing.in").to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing.in"));
    let o = Command::new(env!("CARGO_BIN_EXE_solve"))
        .arg("tetris")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "usage error");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Peak resident memory of a finished child, in KiB.
fn wait_peak_kib(child: std::process::Child) -> (i32, i64) {
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: waits for our own child; `usage` is a valid out-pointer.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid);
    (status, usage.ru_maxrss)
}

#[test]
fn a_million_cases_stream_in_bounded_memory() {
    const CASES: usize = 1_000_000;
    let mut child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .arg("sicily")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut rng = SplitMix::new(1151);
        let mut out = std::io::BufWriter::new(&mut stdin);
        for _ in 0..CASES {
            let mut cells: Vec<u8> = (1..=8).collect();
            rng.shuffle(&mut cells);
            let c: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
            writeln!(
                out,
                "{}\n{}\n{}",
                rng.below(30),
                c[..4].join(" "),
                c[4..].join(" ")
            )
            .unwrap();
        }
        writeln!(out, "-1").unwrap();
    });
    let mut lines = 0;
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap() > 0 {
        lines += 1;
        line.clear();
    }
    writer.join().unwrap();
    let mut rest = Vec::new();
    reader.read_to_end(&mut rest).unwrap();
    let (status, peak_kib) = wait_peak_kib(child);
    assert_eq!(status, 0);
    assert_eq!(lines, CASES);
    // About 20 MB in and 15 MB out: holding either would show; the tables take ~1 MB.
    assert!(peak_kib < 12 * 1024, "peak {peak_kib} KiB");
}
