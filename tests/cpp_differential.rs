//! The portable C++ checker and validator (`src/export/cpp/`, what every package ships) judge
//! exactly like `check` and `validate`.
//!
//! The C++ is compiled with g++ once per test run into `target/tmp/cpp/`. The checker is run in
//! batches (`tests/cpp/check_batch.cpp` includes check.cpp and judges many records in one
//! process) on the checker corpus, on every test of every problem with its jury answer, with
//! seeded mutations of the answer as the contestant's output and as the jury answer, with
//! huge outputs around the output cap, and on all 40,320 magic boards; the verdict class and
//! the contestant's message must be the library's on every record. The checker's own `main`
//! is run on the corpus in all three protocols. The validator runs on every test input, the
//! validator corpus and seeded mutations of the inputs: accept or reject, and the line and
//! column of the first fault, as `validate`'s. Counts are printed (`--nocapture`).

mod common;

use common::cli::repo;

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};

use boardjudge::check::{CheckOptions, CheckVerdict, check};
use boardjudge::format::msquare::Msquare;
use boardjudge::format::sicily::{Case, Sicily};
use boardjudge::format::{Format, Problem};
use boardjudge::problemset::plan::Plan;
use boardjudge::puzzle::magic::{BOARD_COUNT, Board, Table};

/// Compiles `source` with the flags the packages are verified with; once per test run.
fn compile(source: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp");
    fs::create_dir_all(&dir).unwrap();
    let out = dir.join(name);
    let status = Command::new("g++")
        .args(["-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&out)
        .arg(repo().join(source))
        .status()
        .expect("g++ runs");
    assert!(status.success(), "g++ failed on {source}");
    out
}

fn check_batch() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| compile("tests/cpp/check_batch.cpp", "check_batch"))
}

fn check_cpp() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| compile("src/export/cpp/check.cpp", "check"))
}

fn validate_cpp() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| compile("src/export/cpp/validate.cpp", "validate"))
}

/// A small seeded generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One judging: the files, the options, and what kind of record it is (for the counts).
struct Record {
    kind: &'static str,
    format: Format,
    options: CheckOptions,
    input: Arc<Vec<u8>>,
    answer: Arc<Vec<u8>>,
    output: Vec<u8>,
}

fn letter(verdict: CheckVerdict) -> char {
    match verdict {
        CheckVerdict::Accepted => 'A',
        CheckVerdict::WrongAnswer => 'W',
        CheckVerdict::PresentationError => 'P',
        CheckVerdict::Fail => 'F',
    }
}

/// The lines of `text` split after each `\n` (the last may lack one).
fn lines_of(text: &[u8]) -> Vec<Vec<u8>> {
    text.split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// A seeded edit of an answer: a move letter changed, a byte inserted, deleted or swapped,
/// two cases swapped, whitespace changed, a truncation, a digit changed, a line doubled or
/// dropped, "No moves needed" misspelled; or two of these.
fn mutate(rng: &mut Rng, format: Format, answer: &[u8]) -> Vec<u8> {
    let mut out = answer.to_vec();
    let kinds = 12;
    let kind = rng.below(kinds);
    let alphabet: &[u8] = if format == Format::Rotation {
        b"ABCDEFGH"
    } else {
        b"ABC"
    };
    const PALETTE: [&[u8]; 16] = [
        b"A",
        b"B",
        b"C",
        b"H",
        b" ",
        b"\t",
        b"\n",
        b"\r",
        b"0",
        b"1",
        b"9",
        b"-",
        b"+",
        b"x",
        b"\xc2\xa0",
        b"\xef\xbb\xbf",
    ];
    match kind {
        0 => {
            let letters: Vec<usize> = (0..out.len())
                .filter(|&i| alphabet.contains(&out[i]))
                .collect();
            if letters.is_empty() {
                return mutate(rng, format, answer);
            }
            let i = letters[rng.below(letters.len())];
            let mut b = alphabet[rng.below(alphabet.len())];
            if b == out[i] {
                b = alphabet[(rng.below(alphabet.len() - 1)
                    + 1
                    + alphabet.iter().position(|&a| a == b).unwrap())
                    % alphabet.len()];
            }
            out[i] = b;
        }
        1 if !out.is_empty() => {
            out.remove(rng.below(out.len()));
        }
        2 => {
            let at = rng.below(out.len() + 1);
            let piece = PALETTE[rng.below(PALETTE.len())];
            out.splice(at..at, piece.iter().copied());
        }
        3 if out.len() >= 2 => {
            let i = rng.below(out.len() - 1);
            out.swap(i, i + 1);
        }
        4 => {
            let lines = lines_of(&out);
            let per = match format {
                Format::Sicily => 1,
                Format::Rotation => 2,
                Format::Msquare => return mutate(rng, format, answer),
            };
            let cases = lines.len() / per;
            if cases < 2 {
                return mutate(rng, format, answer);
            }
            let (a, b) = (rng.below(cases), rng.below(cases));
            let mut blocks: Vec<Vec<u8>> = lines.chunks(per).map(|c| c.concat()).collect();
            blocks.swap(a, b);
            out = blocks.concat();
        }
        5 => {
            let text = String::from_utf8_lossy(&out).into_owned();
            out = match rng.below(9) {
                0 => text.replace('\n', "\r\n").into_bytes(),
                1 => text.replace('\n', " \t\n").into_bytes(),
                2 => format!("{}\n\n \n", text).into_bytes(),
                3 => text.trim_end_matches('\n').as_bytes().to_vec(),
                4 => text.replacen(' ', "  ", 1).into_bytes(),
                5 => text.replacen(' ', "\t", 1).into_bytes(),
                6 => format!(" {text}").into_bytes(),
                7 => {
                    let mut lines = lines_of(&out);
                    let at = rng.below(lines.len() + 1);
                    lines.insert(at, b"\n".to_vec());
                    lines.concat()
                }
                _ => [b"\xef\xbb\xbf".as_slice(), &out].concat(),
            };
        }
        6 => out.truncate(rng.below(out.len() + 1)),
        7 => {
            let digits: Vec<usize> = (0..out.len())
                .filter(|&i| out[i].is_ascii_digit())
                .collect();
            if digits.is_empty() {
                return mutate(rng, format, answer);
            }
            let i = digits[rng.below(digits.len())];
            out[i] = b'0' + rng.below(10) as u8;
        }
        8 | 9 => {
            let mut lines = lines_of(&out);
            if lines.is_empty() {
                return mutate(rng, format, answer);
            }
            let i = rng.below(lines.len());
            if kind == 8 {
                let line = lines[i].clone();
                lines.insert(i, line);
            } else {
                lines.remove(i);
            }
            out = lines.concat();
        }
        10 => {
            let text = String::from_utf8_lossy(&out).into_owned();
            let variants = [
                "No  moves needed",
                "no moves needed",
                "No\u{a0}moves\u{a0}needed",
                "Nomovesneeded",
                "NO MOVES NEEDED",
                "No moves needed.",
                "No moves neededé",
                "No-moves-needed",
                "No moves",
                "-1",
            ];
            let variant = variants[rng.below(variants.len())];
            out = if text.contains("No moves needed") {
                text.replacen("No moves needed", variant, 1).into_bytes()
            } else {
                let mut lines = lines_of(&out);
                if lines.is_empty() {
                    return variant.as_bytes().to_vec();
                }
                let i = rng.below(lines.len());
                lines[i] = format!("{variant}\n").into_bytes();
                lines.concat()
            };
        }
        _ => {
            let once = mutate(rng, format, answer);
            return mutate(rng, format, &once);
        }
    }
    out
}

/// The canonical answer of an input, as `solve` writes it.
fn solve<P: Problem>(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    boardjudge::format::solve_stream::<P>(
        input,
        boardjudge::format::ReadOptions::LENIENT,
        &mut out,
    )
    .unwrap();
    out
}

/// Every record: the corpus, every test with mutations, huge outputs, all magic boards.
fn records() -> Vec<Record> {
    let mut records = Vec::new();
    let mut rng = Rng(20_251_202);
    // The checker corpus, with each case's options.
    let root = repo().join("tests/check_corpus");
    for format in Format::ALL {
        let mut dirs: Vec<PathBuf> = fs::read_dir(root.join(format.name()))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        dirs.sort();
        for dir in dirs {
            let expect = fs::read_to_string(dir.join("expect")).unwrap();
            let mut options = CheckOptions::default();
            if let Some(args) = expect.lines().find_map(|l| l.strip_prefix("args:")) {
                let args: Vec<&str> = args.split_whitespace().collect();
                for pair in args.chunks(2) {
                    match pair[0] {
                        "--order" => options.order = pair[1].parse().unwrap(),
                        "--wrap" => options.wrap = pair[1].parse().unwrap(),
                        other => panic!("{}: option {other}", dir.display()),
                    }
                }
            }
            records.push(Record {
                kind: "corpus",
                format,
                options,
                input: Arc::new(fs::read(dir.join("input")).unwrap()),
                answer: Arc::new(fs::read(dir.join("answer")).unwrap()),
                output: fs::read(dir.join("output")).unwrap(),
            });
        }
    }
    // Every test of every problem: its answer, mutated outputs, mutated jury answers, and
    // outputs around the cap.
    let plan = Plan::load(&repo().join("judge.toml")).unwrap();
    for problem in &plan.problems {
        let dir = repo().join("testdata").join(&problem.name);
        for (k, test) in problem.tests.iter().enumerate() {
            let input = Arc::new(fs::read(dir.join(format!("{}.in", test.id()))).unwrap());
            let answer = Arc::new(fs::read(dir.join(format!("{}.ans", test.id()))).unwrap());
            let record = |kind, answer: &Arc<Vec<u8>>, output: Vec<u8>| Record {
                kind,
                format: problem.format,
                options: problem.checker,
                input: input.clone(),
                answer: answer.clone(),
                output,
            };
            records.push(record("test answer", &answer, answer.to_vec()));
            let (outputs, juries) = if answer.len() < 64 << 10 {
                (60, 12)
            } else {
                (6, 2)
            };
            for _ in 0..outputs {
                records.push(record(
                    "mutated output",
                    &answer,
                    mutate(&mut rng, problem.format, &answer),
                ));
            }
            for _ in 0..juries {
                let jury = Arc::new(mutate(&mut rng, problem.format, &answer));
                records.push(record("mutated jury answer", &jury, answer.to_vec()));
            }
            if k % 8 == 0 {
                let cap = boardjudge::check::output_cap(answer.len());
                let pad = |n: usize, b: u8| [answer.as_slice(), &vec![b; n]].concat();
                records.push(record(
                    "huge output",
                    &answer,
                    pad(cap - answer.len(), b'\n'),
                ));
                records.push(record(
                    "huge output",
                    &answer,
                    pad(cap - answer.len() + 1, b'\n'),
                ));
                records.push(record("huge output", &answer, pad(cap + 4096, b'A')));
            }
        }
    }
    // All 40,320 magic boards: each as an msquare input with its answer (every fourth also
    // with a mutated output), and all in one sicily input, at N = the distance and one less.
    let table = Table::get();
    let mut sicily_input = Vec::new();
    for rank in 0..BOARD_COUNT {
        let board = Board::from_rank(rank);
        let mut input = Vec::new();
        Msquare::write_case(&board, &mut input).unwrap();
        let answer = Arc::new(solve::<Msquare>(&input));
        let input = Arc::new(input);
        let record = |kind, output: Vec<u8>| Record {
            kind,
            format: Format::Msquare,
            options: CheckOptions::default(),
            input: input.clone(),
            answer: answer.clone(),
            output,
        };
        records.push(record("all boards", answer.to_vec()));
        if rank % 4 == 0 {
            records.push(record(
                "all boards, mutated",
                mutate(&mut rng, Format::Msquare, &answer),
            ));
        }
        let limit = i64::from(table.distance(board)) - (rank % 2) as i64;
        Sicily::write_case(
            &Case {
                limit,
                target: board,
            },
            &mut sicily_input,
        )
        .unwrap();
    }
    Sicily::write_end(&mut sicily_input).unwrap();
    let answer = Arc::new(solve::<Sicily>(&sicily_input));
    let input = Arc::new(sicily_input);
    for k in 0..8 {
        let output = if k == 0 {
            answer.to_vec()
        } else {
            mutate(&mut rng, Format::Sicily, &answer)
        };
        records.push(Record {
            kind: "all boards, one sicily input",
            format: Format::Sicily,
            options: CheckOptions::default(),
            input: input.clone(),
            answer: answer.clone(),
            output,
        });
    }
    records
}

#[test]
fn cpp_checker_judges_like_check() {
    let started = std::time::Instant::now();
    let records = records();
    let batch = check_batch();
    let mut data = Vec::new();
    for r in &records {
        writeln!(
            data,
            "{} {} {} {} {} {}",
            r.format.name(),
            r.options.order.name(),
            r.options.wrap,
            r.input.len(),
            r.answer.len(),
            r.output.len()
        )
        .unwrap();
        data.extend_from_slice(&r.input);
        data.extend_from_slice(&r.answer);
        data.extend_from_slice(&r.output);
    }
    let mut child = Command::new(batch)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    // The library judges while the C++ does.
    let rust: Vec<(char, String)> = records
        .iter()
        .map(|r| {
            let o = check(
                r.format,
                &r.input,
                &r.answer,
                &mut r.output.as_slice(),
                &r.options,
            );
            (letter(o.verdict), o.team.as_str().to_string())
        })
        .collect();
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "the batch checker failed");
    let cpp: Vec<(char, String)> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let (v, team) = l.split_once('\t').unwrap();
            (v.chars().next().unwrap(), team.to_string())
        })
        .collect();
    assert_eq!(cpp.len(), records.len(), "one verdict per record");
    let mut counts: BTreeMap<&str, BTreeMap<char, usize>> = BTreeMap::new();
    let mut differences = Vec::new();
    for ((r, rust), cpp) in records.iter().zip(&rust).zip(&cpp) {
        *counts.entry(r.kind).or_default().entry(rust.0).or_default() += 1;
        if rust != cpp && differences.len() < 10 {
            differences.push(format!(
                "{} ({}): check {rust:?}, C++ {cpp:?}\n  output {:?}\n  answer {:?}",
                r.kind,
                r.format,
                String::from_utf8_lossy(&r.output[..r.output.len().min(300)]),
                String::from_utf8_lossy(&r.answer[..r.answer.len().min(300)]),
            ));
        }
    }
    println!(
        "C++ checker against check, {} records in {:.1} s:",
        records.len(),
        started.elapsed().as_secs_f64()
    );
    for (kind, by) in &counts {
        let total: usize = by.values().sum();
        let split: Vec<String> = by.iter().map(|(v, n)| format!("{v} {n}")).collect();
        println!("  {kind:32} {total:6}  ({})", split.join(", "));
    }
    assert!(
        differences.is_empty(),
        "verdicts differ:\n{}",
        differences.join("\n")
    );
    let mutated = counts["mutated output"].values().sum::<usize>();
    assert!(mutated >= 10_000, "only {mutated} mutated outputs");
}

/// The check.cpp `main` in all three protocols on the corpus: testlib's exit code, Kattis'
/// exit code and teammessage.txt, CMS's score and standard error, with and without
/// `--team-feedback brief`; what the library says for each case.
#[test]
fn cpp_checker_speaks_the_protocols() {
    let cpp = check_cpp();
    let root = repo().join("tests/check_corpus");
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp-protocols");
    let mut runs = 0;
    for format in Format::ALL {
        let mut dirs: Vec<PathBuf> = fs::read_dir(root.join(format.name()))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        dirs.sort();
        for dir in dirs {
            let expect = fs::read_to_string(dir.join("expect")).unwrap();
            let args: Vec<String> = expect
                .lines()
                .find_map(|l| l.strip_prefix("args:"))
                .map(|a| a.split_whitespace().map(String::from).collect())
                .unwrap_or_default();
            let usage_error = expect.contains("binary: usage error");
            let mut options = CheckOptions::default();
            for pair in args.chunks(2) {
                match pair[0].as_str() {
                    "--order" => options.order = pair[1].parse().unwrap(),
                    "--wrap" => options.wrap = pair[1].parse().unwrap(),
                    _ => {}
                }
            }
            let (input, answer, output) =
                (dir.join("input"), dir.join("answer"), dir.join("output"));
            let o = check(
                format,
                &fs::read(&input).unwrap(),
                &fs::read(&answer).unwrap(),
                &mut fs::read(&output).unwrap().as_slice(),
                &options,
            );
            let name = dir.display().to_string();
            let run = |extra: &[&str], files: &[&Path], stdin: Option<&Path>| {
                let mut command = Command::new(cpp);
                command.args(&args).args(extra).args(files);
                command.stdin(match stdin {
                    Some(path) => Stdio::from(fs::File::open(path).unwrap()),
                    None => Stdio::null(),
                });
                command.output().unwrap()
            };
            // testlib, without --format (the format recognised from the input).
            let t = run(&[], &[&input, &output, &answer], None);
            runs += 1;
            let want = if usage_error {
                3
            } else {
                match o.verdict {
                    CheckVerdict::Accepted => 0,
                    CheckVerdict::WrongAnswer => 1,
                    CheckVerdict::PresentationError => 2,
                    CheckVerdict::Fail => 3,
                }
            };
            assert_eq!(t.status.code(), Some(want), "{name}: testlib");
            for brief in [false, true] {
                let team: &[&str] = if brief {
                    &["--team-feedback", "brief"]
                } else {
                    &[]
                };
                // Kattis: the output on stdin, the feedback directory.
                let feedback = scratch.join("feedback");
                let _ = fs::remove_dir_all(&feedback);
                fs::create_dir_all(&feedback).unwrap();
                let k = run(
                    &[&["--protocol", "kattis"], team].concat(),
                    &[&input, &answer, &feedback, Path::new("some_flag")],
                    Some(&output),
                );
                runs += 1;
                let want = match (usage_error, o.verdict) {
                    (true, _) => 3,
                    (_, CheckVerdict::Accepted) => 42,
                    (_, CheckVerdict::Fail) => 1,
                    _ => 43,
                };
                assert_eq!(k.status.code(), Some(want), "{name}: kattis");
                let teammessage = fs::read_to_string(feedback.join("teammessage.txt")).ok();
                let want = (brief && !usage_error && o.verdict != CheckVerdict::Fail)
                    .then(|| format!("{}\n", o.team));
                assert_eq!(teammessage, want, "{name}: teammessage.txt");
                // CMS: the score on stdout, a translated text (or the brief line) on stderr.
                let c = run(
                    &[&["--protocol", "cms"], team].concat(),
                    &[&input, &answer, &output],
                    None,
                );
                runs += 1;
                if usage_error || o.verdict == CheckVerdict::Fail {
                    assert_eq!(c.status.code(), Some(3), "{name}: cms");
                    continue;
                }
                let accepted = o.verdict == CheckVerdict::Accepted;
                assert_eq!(c.status.code(), Some(0), "{name}: cms");
                let stdout = String::from_utf8(c.stdout).unwrap();
                assert_eq!(
                    stdout,
                    if accepted { "1.0\n" } else { "0.0\n" },
                    "{name}: cms score"
                );
                let stderr = String::from_utf8(c.stderr).unwrap();
                let want = match (accepted, brief) {
                    (true, _) => "translate:success\n".to_string(),
                    (false, false) => "translate:wrong\n".to_string(),
                    (false, true) => format!("{}\n", o.team),
                };
                assert_eq!(stderr, want, "{name}: cms stderr");
            }
        }
    }
    println!("C++ checker's protocols: {runs} runs on the corpus agree with check");
}

/// One command line of the argv table: the arguments, split at spaces (`IN`, `OUT`, `ANS`, `REP`
/// and `FB` name the scratch files; `␣` is a space inside an argument), and the exit code
/// both checkers must give.
const ARGV_TABLE: &[(&str, i32)] = &[
    ("IN OUT ANS", 0),
    // ANS3 and OUT3: the answer wrapped at 3, a judge failure at the default 60.
    ("IN OUT3 ANS3", 3),
    ("--wrap=3 IN OUT3 ANS3", 0),
    ("--wrap 3 IN OUT3 ANS3", 0),
    ("--wrap=3 -- IN OUT3 ANS3", 0),
    ("--wrap=60 IN OUT ANS", 0),
    ("--wrap 18446744073709551615 IN OUT ANS", 0),
    ("--wrap=1 --protocol kattis IN ANS FB", 1),
    ("--order=any-shortest IN OUT ANS", 0),
    ("--order any-within-limit IN OUT ANS", 3),
    ("--format=msquare IN OUT ANS", 0),
    ("--format=sicily --protocol=kattis IN ANS FB", 1),
    ("--team-feedback=brief --protocol=testlib IN OUT ANS", 0),
    ("-- IN OUT ANS", 0),
    ("-- -h IN OUT ANS", 3),
    ("-- --wrap=3 IN OUT3 ANS3", 3),
    ("IN OUT3 ANS3 --wrap=3", 3),
    ("IN OUT3 ANS3 REP --wrap=3", 3),
    ("IN --wrap 3 OUT3 ANS3", 3),
    ("IN OUT ANS --", 3),
    ("--wrap 3 --wrap 3 IN OUT3 ANS3", 3),
    ("--wrap=60 --wrap 3 IN OUT3 ANS3", 3),
    ("--protocol kattis --protocol=cms IN ANS OUT", 3),
    ("--wrap 18446744073709551616 IN OUT ANS", 3),
    ("--wrap 99999999999999999999999 IN OUT ANS", 3),
    ("--wrap +3 IN OUT3 ANS3", 3),
    ("--wrap -5 IN OUT ANS", 3),
    ("--wrap= IN OUT ANS", 3),
    ("--wrap 0 IN OUT ANS", 3),
    ("--wrap 3x IN OUT3 ANS3", 3),
    ("--wrap ␣3 IN OUT3 ANS3", 3),
    ("--wrap=␣3 IN OUT3 ANS3", 3),
    ("--wrap 3␣ IN OUT3 ANS3", 3),
    ("--format= IN OUT ANS", 3),
    ("--order Any-shortest IN OUT ANS", 3),
    ("--team-feedback maybe IN OUT ANS", 3),
    ("--frobnicate 1 IN OUT ANS", 3),
    ("--wrap", 3),
    ("-h IN OUT ANS", 0),
    ("--help IN OUT ANS", 0),
    ("-V", 0),
    ("-x IN OUT ANS", 3),
    ("-x IN OUT ANS REP", 3),
    ("IN OUT ANS REP", 0),
    ("IN OUT ANS REP -appes", 0),
    ("IN OUT ANS REP -x", 3),
    ("IN OUT ANS REP -appes more", 3),
    ("IN OUT ANS ANS", 3),
    ("IN OUT ANS IN", 3),
    ("IN OUT ANS OUT", 3),
    ("IN OUT -x ANS", 3),
    ("IN OUT", 3),
    ("--protocol kattis IN ANS FB", 42),
    (
        "--protocol=kattis --team-feedback=brief IN ANS FB flag -x --wrap=1",
        42,
    ),
    ("--protocol kattis IN ANS --wrap=1 FB", 3),
    ("--protocol kattis IN -x FB", 3),
    ("--protocol kattis IN ANS", 3),
    ("--protocol cms IN ANS OUT", 0),
    ("--protocol=cms --wrap=3 IN ANS3 OUT3", 0),
    ("--protocol cms IN ANS OUT more", 3),
    ("--protocol cms -x ANS OUT", 3),
];

/// Runs `binary` with one line of [`ARGV_TABLE`] in a fresh scratch directory holding
/// msquare's statement sample (the output is the jury answer; Kattis reads it on stdin), and
/// that answer wrapped at 3:
/// the exit code, and whether the input, output and answer files are byte for byte as they
/// were.
fn run_argv_row(binary: &Path, dir: &Path, line: &str) -> (Option<i32>, bool) {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir.join("feedback")).unwrap();
    let sample = repo().join("testdata/msquare/samples/statement");
    let input = fs::read(sample.with_extension("in")).unwrap();
    let answer = fs::read(sample.with_extension("ans")).unwrap();
    let wrapped = b"7\nBCA\nBCC\nB\n".to_vec();
    let files = [
        ("input", &input),
        ("output", &answer),
        ("answer", &answer),
        ("output3", &wrapped),
        ("answer3", &wrapped),
    ];
    for (name, bytes) in files {
        fs::write(dir.join(name), bytes).unwrap();
    }
    let args = line.split(' ').map(|a| match a {
        "IN" => "input",
        "OUT" => "output",
        "ANS" => "answer",
        "OUT3" => "output3",
        "ANS3" => "answer3",
        "REP" => "report",
        "FB" => "feedback",
        other => other,
    });
    let args: Vec<String> = args.map(|a| a.replace('␣', " ")).collect();
    let stdin = if line.contains("ANS3") {
        "output3"
    } else {
        "output"
    };
    let o = Command::new(binary)
        .args(args)
        .current_dir(dir)
        .stdin(fs::File::open(dir.join(stdin)).unwrap())
        .output()
        .unwrap();
    let intact = files
        .iter()
        .all(|(name, bytes)| fs::read(dir.join(name)).ok().as_ref() == Some(*bytes));
    (o.status.code(), intact)
}

#[test]
fn cpp_checker_reads_check_s_command_lines() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp-argv");
    let mut runs = 0;
    let mut wrong = Vec::new();
    for &(line, want) in ARGV_TABLE {
        for (name, binary) in [
            ("check", Path::new(env!("CARGO_BIN_EXE_check"))),
            ("C++ check", check_cpp()),
        ] {
            let (code, intact) = run_argv_row(binary, &scratch, line);
            runs += 1;
            if (code, intact) != (Some(want), true) {
                wrong.push(format!(
                    "{name} {line}: exit {code:?} (want {want}), input files intact: {intact}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    println!("argv table: {runs} runs, check and the C++ checker agree");
}

#[test]
fn cpp_checker_says_an_output_over_the_cap_as_check_does() {
    // The same verdict and the same message, sizes included, from both checkers (testlib's
    // protocol: the message on stderr), on a 10 MB output.
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp-over-cap");
    fs::create_dir_all(&scratch).unwrap();
    let output = scratch.join("out");
    let big: Vec<u8> = b"AAAAAAAAA\n"
        .iter()
        .copied()
        .cycle()
        .take(10 << 20)
        .collect();
    fs::write(&output, big).unwrap();
    let test = repo().join("testdata/msquare/samples/statement");
    let (input, answer) = (test.with_extension("in"), test.with_extension("ans"));
    let run = |bin: &Path| {
        Command::new(bin)
            .arg(&input)
            .arg(&output)
            .arg(&answer)
            .output()
            .unwrap()
    };
    let (cpp, rust) = (
        run(check_cpp()),
        run(Path::new(env!("CARGO_BIN_EXE_check"))),
    );
    assert_eq!(rust.status.code(), Some(1));
    assert_eq!(cpp.status.code(), rust.status.code());
    let message = String::from_utf8_lossy(&rust.stderr);
    assert!(
        message.starts_with("wrong answer output too long: more than 1048576 bytes, over the cap"),
        "{message}"
    );
    assert_eq!(String::from_utf8_lossy(&cpp.stderr), message);
}

/// A jury input that is not UTF-8 (a character cut short, Latin-1, CP1252, lone lead or
/// continuation bytes, an overlong form, a surrogate, a UTF-16 byte order mark, a long token
/// cut at the checker's 40-byte clip inside a character) is a jury failure in every protocol
/// of the C++ checker, as it is for `check`, and nothing it writes (DMOJ's stdout above all:
/// DMOJ decodes it as strict UTF-8 before it reads the exit code, so a raw byte there turns
/// the jury's failure into every contestant's "invalid unicode" wrong answer) holds a byte
/// that is not UTF-8.
#[test]
fn cpp_checker_writes_utf8_on_a_bad_input() {
    let sicily = |n: &[u8]| [b"4\n5 8 7 6\n4 1 2 3\n".as_slice(), n, b"\n"].concat();
    let rotation = |cell: &[u8]| {
        [
            b"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 ".as_slice(),
            cell,
            b"\n0\n",
        ]
        .concat()
    };
    let long = [b"1".as_slice(), "\u{e9}".repeat(30).as_bytes(), b"\xff"].concat();
    let inputs: Vec<(&str, &str, Vec<u8>)> = vec![
        (
            "a character cut at the end",
            "msquare",
            b"2 6 8 4 5 7 3 \xc3".to_vec(),
        ),
        (
            "a Latin-1 no-break space",
            "msquare",
            b"2\xa06 8 4 5 7 3 1\n".to_vec(),
        ),
        ("a CP1252 dash for a minus", "sicily", sicily(b"\x961")),
        ("a Latin-1 letter", "sicily", sicily(b"\xe9")),
        (
            "a three-byte character cut",
            "rotation",
            rotation(b"\xe2\x88"),
        ),
        (
            "a lone lead byte",
            "msquare",
            b"2 6 8 4\xe2 5 7 3 1\n".to_vec(),
        ),
        ("a lone continuation byte", "rotation", rotation(b"\x80")),
        (
            "an overlong slash",
            "msquare",
            b"2 6 8 \xc0\xaf 5 7 3 1\n".to_vec(),
        ),
        ("a surrogate", "sicily", sicily(b"\xed\xa0\x80")),
        (
            "a UTF-16 byte order mark",
            "msquare",
            b"\xff\xfe2 6 8 4 5 7 3 1\n".to_vec(),
        ),
        (
            "a long token cut at 40 bytes",
            "msquare",
            [b"2 6 8 4 5 7 3 ".as_slice(), &long].concat(),
        ),
    ];
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp-bad-utf8");
    fs::create_dir_all(&scratch).unwrap();
    let (input, answer, output) = (
        scratch.join("input"),
        scratch.join("answer"),
        scratch.join("output"),
    );
    fs::write(&answer, "").unwrap();
    fs::write(&output, "").unwrap();
    let run = |bin: &Path, args: &[&str], files: &[&Path]| {
        let out = Command::new(bin)
            .args(args)
            .args(files)
            .stdin(Stdio::from(fs::File::open(&output).unwrap()))
            .output()
            .unwrap();
        (out.status.code(), out.stdout, out.stderr)
    };
    let utf8 = |bytes: Vec<u8>, what: &str| {
        String::from_utf8(bytes).unwrap_or_else(|e| panic!("{what} is not UTF-8: {e}"))
    };
    let feedback = scratch.join("feedback");
    let report = scratch.join("report");
    for (name, format, bytes) in &inputs {
        let format = ["--format", format];
        assert!(
            std::str::from_utf8(bytes).is_err(),
            "{name}: meant to be bad"
        );
        fs::write(&input, bytes).unwrap();
        let files = [input.as_path(), &output, &answer];
        let (code, ..) = run(Path::new(env!("CARGO_BIN_EXE_check")), &format, &files);
        assert_eq!(code, Some(3), "{name}: check");
        let (code, stdout, stderr) = run(
            check_cpp(),
            &[&format[..], &["--protocol", "dmoj"]].concat(),
            &files,
        );
        assert_eq!(code, Some(3), "{name}: dmoj");
        let stdout = utf8(stdout, &format!("{name}: dmoj stdout"));
        assert!(
            stdout.starts_with("FAIL invalid input: "),
            "{name}: {stdout}"
        );
        assert!(stderr.is_empty(), "{name}: dmoj stderr");
        let _ = fs::remove_file(&report);
        let with_report = [input.as_path(), &output, &answer, &report];
        let (code, _, stderr) = run(check_cpp(), &format, &with_report);
        assert_eq!(code, Some(3), "{name}: testlib");
        utf8(stderr, &format!("{name}: testlib stderr"));
        utf8(
            fs::read(&report).unwrap(),
            &format!("{name}: testlib report"),
        );
        let _ = fs::remove_dir_all(&feedback);
        fs::create_dir_all(&feedback).unwrap();
        let kattis = [input.as_path(), &answer, &feedback];
        let (code, _, stderr) = run(
            check_cpp(),
            &[&format[..], &["--protocol", "kattis"]].concat(),
            &kattis,
        );
        assert_eq!(code, Some(1), "{name}: kattis");
        utf8(stderr, &format!("{name}: kattis stderr"));
        let judgeerror = fs::read(feedback.join("judgeerror.txt")).unwrap();
        utf8(judgeerror, &format!("{name}: judgeerror.txt"));
        let cms = [input.as_path(), &answer, &output];
        let (code, stdout, stderr) = run(
            check_cpp(),
            &[&format[..], &["--protocol", "cms"]].concat(),
            &cms,
        );
        assert_eq!(code, Some(3), "{name}: cms");
        assert!(stdout.is_empty(), "{name}: cms stdout");
        utf8(stderr, &format!("{name}: cms stderr"));
    }
    // A file name that is not UTF-8 (DMOJ's own are, but nothing is taken on trust).
    let missing = scratch.join(std::ffi::OsStr::from_bytes(b"no\xff\x1binput"));
    let files = [missing.as_path(), &output, &answer];
    let (code, stdout, _) = run(check_cpp(), &["--protocol", "dmoj"], &files);
    assert_eq!(code, Some(3), "a missing input: dmoj");
    let stdout = utf8(stdout, "a missing input: dmoj stdout");
    assert!(stdout.contains("no\\xff\\x1binput"), "{stdout}");
    println!(
        "C++ checker: {} inputs that are not UTF-8, every protocol a jury failure in UTF-8",
        inputs.len()
    );
}

/// The `{0x.., 0x..}` ranges in check.cpp are exactly the non-ASCII code points Rust calls
/// alphanumeric (what `check` uses to recognise a misspelled "No moves needed").
#[test]
fn cpp_alphanumeric_table_is_rusts() {
    let source = fs::read_to_string(repo().join("src/export/cpp/check.cpp")).unwrap();
    let start = source.find("ranges[][2] = {").unwrap();
    let end = start + source[start..].find("};").unwrap();
    let mut table = Vec::new();
    for pair in source[start..end].split('{').skip(2) {
        let pair = pair.split('}').next().unwrap();
        let (a, b) = pair.split_once(',').unwrap();
        let hex = |s: &str| u32::from_str_radix(s.trim().trim_start_matches("0x"), 16).unwrap();
        table.push((hex(a), hex(b)));
    }
    let mut rust: Vec<(u32, u32)> = Vec::new();
    for c in (0x80..=0x10ffff).filter_map(char::from_u32) {
        if c.is_alphanumeric() {
            let cp = c as u32;
            match rust.last_mut() {
                Some(r) if r.1 + 1 == cp => r.1 = cp,
                _ => rust.push((cp, cp)),
            }
        }
    }
    assert_eq!(
        table, rust,
        "check.cpp's alphanumeric ranges differ from this Rust's Unicode tables"
    );
}

/// A seeded edit of an input: a byte inserted, deleted, changed or swapped, whitespace
/// changed, a truncation, a line doubled or dropped.
fn mutate_input(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    const PALETTE: [&[u8]; 14] = [
        b" ",
        b"\t",
        b"\n",
        b"\r",
        b"0",
        b"1",
        b"4",
        b"9",
        b"-",
        b"+",
        b"x",
        b"\x0b",
        b"\xc2\xa0",
        b"\xef\xbb\xbf",
    ];
    match rng.below(8) {
        0 if !out.is_empty() => {
            out.remove(rng.below(out.len()));
        }
        1 => {
            let at = rng.below(out.len() + 1);
            let piece = PALETTE[rng.below(PALETTE.len())];
            out.splice(at..at, piece.iter().copied());
        }
        2 if out.len() >= 2 => {
            let i = rng.below(out.len() - 1);
            out.swap(i, i + 1);
        }
        3 => out.truncate(rng.below(out.len() + 1)),
        4 | 5 => {
            let mut lines = lines_of(&out);
            if !lines.is_empty() {
                let i = rng.below(lines.len());
                if rng.below(2) == 0 {
                    let line = lines[i].clone();
                    lines.insert(i, line);
                } else {
                    lines.remove(i);
                }
            }
            out = lines.concat();
        }
        6 => {
            let digits: Vec<usize> = (0..out.len())
                .filter(|&i| out[i].is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                let i = digits[rng.below(digits.len())];
                out[i] = b'0' + rng.below(10) as u8;
            }
        }
        _ => {
            let text = String::from_utf8_lossy(&out).into_owned();
            out = match rng.below(4) {
                0 => text.replacen('\n', "\r\n", 1),
                1 => text.replacen(' ', "  ", 1),
                2 => text.replacen('\n', " \n", 1),
                _ => format!("{text}\n"),
            }
            .into_bytes();
        }
    }
    out
}

/// What `validate` says: `None` when valid, else the line and column of the first fault.
fn rust_validate(format: Format, max_cases: usize, input: &[u8]) -> Option<(u64, u64)> {
    boardjudge::validate::validate(format, max_cases, input)
        .err()
        .map(|e| (e.pos.line, e.pos.col))
}

/// What validate.cpp says, in the Kattis protocol (42 valid, 43 invalid).
fn cpp_validate(format: Format, max_cases: usize, input: &[u8]) -> Option<(u64, u64)> {
    let mut child = Command::new(validate_cpp())
        .args([
            "--protocol",
            "kattis",
            "--format",
            format.name(),
            "--max-cases",
        ])
        .arg(max_cases.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let bytes = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    match out.status.code() {
        Some(42) => None,
        Some(43) => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let mut parts = stderr.strip_prefix("<stdin>:").unwrap().splitn(3, ':');
            let line = parts.next().unwrap().parse().unwrap();
            let col = parts.next().unwrap().parse().unwrap();
            Some((line, col))
        }
        other => panic!(
            "validate.cpp exited with {other:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

#[test]
fn cpp_validator_validates_like_validate() {
    let started = std::time::Instant::now();
    let mut inputs: Vec<(&'static str, Format, usize, Vec<u8>)> = Vec::new();
    let plan = Plan::load(&repo().join("judge.toml")).unwrap();
    let mut rng = Rng(1151);
    for problem in &plan.problems {
        let dir = repo().join("testdata").join(&problem.name);
        for test in &problem.tests {
            let input = fs::read(dir.join(format!("{}.in", test.id()))).unwrap();
            let max = problem.max_cases;
            let mutations = if input.len() < 64 << 10 { 4 } else { 1 };
            for _ in 0..mutations {
                inputs.push((
                    "mutated test input",
                    problem.format,
                    max,
                    mutate_input(&mut rng, &input),
                ));
            }
            inputs.push(("test input", problem.format, max, input));
        }
    }
    for format in Format::ALL {
        let root = repo().join("tests/validate_corpus").join(format.name());
        for entry in fs::read_dir(root.join("valid")).unwrap() {
            let input = fs::read(entry.unwrap().path()).unwrap();
            inputs.push(("corpus, valid", format, format.max_cases(), input));
        }
        let expected = fs::read_to_string(root.join("expected.tsv")).unwrap();
        for line in expected
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let fields: Vec<&str> = line.split('\t').collect();
            let max = match fields.get(3) {
                Some(args) => args.strip_prefix("--max-cases ").unwrap().parse().unwrap(),
                None => format.max_cases(),
            };
            let input = fs::read(root.join("invalid").join(fields[0])).unwrap();
            inputs.push(("corpus, invalid", format, max, input));
        }
    }
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut differences = Vec::new();
    for (kind, format, max, input) in &inputs {
        let rust = rust_validate(*format, *max, input);
        let cpp = cpp_validate(*format, *max, input);
        let entry = counts.entry(kind).or_default();
        if rust.is_none() {
            entry.0 += 1;
        } else {
            entry.1 += 1;
        }
        if rust != cpp && differences.len() < 10 {
            differences.push(format!(
                "{kind} ({format}, max {max}): validate {rust:?}, C++ {cpp:?} on {:?}",
                String::from_utf8_lossy(&input[..input.len().min(300)])
            ));
        }
    }
    println!(
        "C++ validator against validate, {} inputs in {:.1} s (valid, invalid):",
        inputs.len(),
        started.elapsed().as_secs_f64()
    );
    for (kind, (valid, invalid)) in &counts {
        println!("  {kind:20} {valid:5} {invalid:5}");
    }
    assert!(
        differences.is_empty(),
        "the validators differ (line, column):\n{}",
        differences.join("\n")
    );
}

#[test]
fn cpp_validator_and_validate_place_a_fault_after_a_long_run_alike() {
    // Read as `validate` reads a file: through a buffer (8 KiB) the runs outgrow.
    let streamed = |input: &[u8]| {
        boardjudge::validate::validate(Format::Rotation, 10, std::io::BufReader::new(input))
            .err()
            .map(|e| (e.pos.line, e.pos.col))
    };
    let board = b"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n".to_vec();
    let run = |bytes: &[u8], n: usize| bytes.repeat(n);
    let cases: Vec<(Vec<u8>, (u64, u64))> = vec![
        // The terminator 0 with more on its line: a board whose first cell is 0, at the 0.
        (
            [&board[..], b"0", &run(b" ", 70_000), b"1\n"].concat(),
            (2, 1),
        ),
        (
            [&board[..], b"0", &run(b"\t ", 40_000), b"2\n"].concat(),
            (2, 1),
        ),
        ([&board[..], b"0   1\n"].concat(), (2, 1)),
        // Blanks and then the line's end: no line break at the first blank.
        (
            [&board[..], b"0", &run(b" ", 70_000), b"\n"].concat(),
            (2, 2),
        ),
        (
            [&board[..], b"0", &run(b" ", 70_000), b"\r\n"].concat(),
            (2, 2),
        ),
        ([&board[..], b"0", &run(b"\t", 70_000)].concat(), (2, 2)),
        ([&board[..], b"0  \n"].concat(), (2, 2)),
        // A long token: the fault at its first byte.
        ([&board[..], &run(b"1", 70_000), b" 1\n"].concat(), (2, 1)),
        ([b"1 ", &run(b"0", 70_000)[..], b"1 x\n"].concat(), (1, 3)),
    ];
    for (input, want) in &cases {
        let shape = String::from_utf8_lossy(&input[..input.len().min(60)]).into_owned();
        let rust = streamed(input);
        let cpp = cpp_validate(Format::Rotation, 10, input);
        assert_eq!(
            rust,
            Some(*want),
            "validate, {} bytes: {shape:?}",
            input.len()
        );
        assert_eq!(
            cpp,
            Some(*want),
            "validate.cpp, {} bytes: {shape:?}",
            input.len()
        );
    }
    println!(
        "validators: {} long-run faults at one line:col",
        cases.len()
    );
}
