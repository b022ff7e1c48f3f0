//! `judge run` with several solutions (source files, `--command`s and the command after
//! `--`): the matrix in text, JSON and HTML, exit codes, names told apart, a command that
//! cannot start among good ones; and with one solution, today's output, whichever way it is
//! given. On msquare's samples and edge tests (2 tests), so that every case stays fast; the
//! C++ sources are built once into target/solutions/ (cached).

mod common;

use common::cli::{JUDGE, judge, repo, scratch, text};

use std::process::{Command, Output};

use serde_json::Value;

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");
const ACCEPTED: &str = "solutions/msquare/accepted/bfs.cpp";
/// Reads the board row by row: wrong on both tests of the selection.
const WRONG: &str = "solutions/msquare/wrong_answer/rows_order_input.cpp";
const TESTS: &str = "samples,edge";

/// `judge run msquare --tests samples,edge --jobs 2` and `args`.
fn run(args: &[&str]) -> Output {
    let mut all = vec!["run", "msquare", "--tests", TESTS, "--jobs", "2"];
    all.extend(args);
    judge(&all)
}

/// The reference solver as one --command string.
fn solve_line() -> String {
    shell_words::join([SOLVE, "msquare"])
}

/// Per row of the matrix: its name and its cells' verdicts.
fn verdicts(matrix: &Value) -> Vec<(String, Vec<String>)> {
    matrix["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let cells = row["cells"].as_array().unwrap();
            let verdicts = cells
                .iter()
                .map(|c| c["verdict"].as_str().unwrap().to_string())
                .collect();
            (row["name"].as_str().unwrap().to_string(), verdicts)
        })
        .collect()
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn several_solutions_give_the_matrix_in_json() {
    let solve = solve_line();
    let o = run(&["--json", ACCEPTED, WRONG, "--command", &solve]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    assert_eq!(
        (v["failed"].as_u64(), v["accepted"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(v["jobs"], 2);
    assert_eq!(v["time_limit_seconds"], 1.0);
    let m = &v["problems"][0];
    assert_eq!(m["kind"], "given");
    assert_eq!(m["problem"], "msquare");
    let tests: Vec<(&str, &str)> = m["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["group"].as_str().unwrap()))
        .collect();
    assert_eq!(
        tests,
        [("samples/statement", "samples"), ("edge/start-s1", "edge")]
    );
    let ac = strings(&["AC", "AC"]);
    assert_eq!(
        verdicts(m),
        [
            ("bfs.cpp".to_string(), ac.clone()),
            ("rows_order_input.cpp".to_string(), strings(&["WA", "WA"])),
            (solve.clone(), ac),
        ]
    );
    let rows = m["rows"].as_array().unwrap();
    let fields = |r: &Value| {
        (
            r["path"].as_str().unwrap().to_string(),
            r["ok"].as_bool().unwrap(),
            r["first_failure"].as_str().map(String::from),
        )
    };
    assert_eq!(fields(&rows[0]), (ACCEPTED.to_string(), true, None));
    assert_eq!(
        fields(&rows[1]),
        (WRONG.to_string(), false, Some("samples/statement".into()))
    );
    assert_eq!(fields(&rows[2]), (solve.clone(), true, None));
    for row in rows {
        // Nothing is declared of a given solution.
        assert!(row["expected"].is_null(), "{row}");
        assert!(row["probe"].is_null(), "{row}");
        assert!(!row["command"].as_array().unwrap().is_empty());
    }
    assert!(
        rows[1]["summary"]
            .as_str()
            .unwrap()
            .starts_with("fails 2 of 2 tests, the first samples/statement: WA"),
        "{}",
        rows[1]["summary"]
    );
    assert!(rows[0]["margin"].as_f64().unwrap() > 1.0);
    // The slowest accepted time per test counts the accepted cells only.
    for (t, test) in m["tests"].as_array().unwrap().iter().enumerate() {
        let slowest = [&rows[0], &rows[2]]
            .iter()
            .map(|r| r["cells"][t]["cpu_seconds"].as_f64().unwrap())
            .fold(0.0, f64::max);
        assert_eq!(test["slowest_accepted"].as_f64(), Some(slowest));
    }
    // Which solutions fail each test; no candidates to drop, no time-limit advice: both need
    // declared outcomes.
    let worth = &m["worth"];
    assert_eq!(
        worth["tests"][0]["catches"],
        serde_json::json!([WRONG_NAME])
    );
    assert_eq!(
        worth["tests"][0]["first_to_catch"],
        serde_json::json!([WRONG_NAME])
    );
    assert_eq!(worth["tests"][1]["first_to_catch"], serde_json::json!([]));
    assert!(worth["drop_candidates"].is_null());
    assert!(m["advice"].is_null());
    assert_eq!(
        worth["caught_by"][1],
        serde_json::json!([WRONG_NAME, ["samples/statement", "edge/start-s1"]])
    );

    // Every solution accepted on every test: exit 0.
    let o = run(&["--json", ACCEPTED, "--", SOLVE, "msquare"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["failed"], 0);
    assert_eq!(v["problems"][0]["rows"].as_array().unwrap().len(), 2);
}

const WRONG_NAME: &str = "rows_order_input.cpp";

#[test]
fn several_solutions_give_the_matrix_as_text_and_as_a_page() {
    let dir = scratch("judge-several", "text");
    let page = dir.join("report.html");
    let solve = solve_line();
    let o = run(&[
        ACCEPTED,
        WRONG,
        "--command",
        &solve,
        "--html",
        page.to_str().unwrap(),
    ]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    // A line, with the lines it was wrapped onto to fit 120 columns (indented by 7).
    let line = |start: &str| {
        let all: Vec<&str> = out.lines().collect();
        let at = (all.iter().position(|l| l.starts_with(start)))
            .unwrap_or_else(|| panic!("no line {start:?}: {out}"));
        let more = all[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("       ") && !l.starts_with("        "));
        more.fold(all[at].to_string(), |line, l| line + " " + l.trim_start())
    };
    // The solutions by number, name and path; then the tests in their groups.
    assert!(
        line("  #1   bfs.cpp  [solutions/msquare/accepted/bfs.cpp]").contains("passes all 2 tests")
    );
    assert!(line("  #2   rows_order_input.cpp  [").contains("fails 2 of 2 tests"));
    assert!(line(&format!("  #3   {solve} (passes all 2 tests")).contains("margin"));
    let header = line("test ");
    assert!(
        header.contains("#1     #2     #3  slowest AC / 1 s"),
        "{header}"
    );
    let lines: Vec<&str> = out.lines().collect();
    let at = |l: &str| lines.iter().position(|x| *x == l).unwrap();
    assert_eq!(at("samples") + 2, at("edge"), "{out}");
    // A letter and the CPU time per cell.
    let cells = |row: &str| -> Vec<(String, bool)> {
        let words: Vec<&str> = row.split_whitespace().collect();
        (0..3)
            .map(|i| {
                let time = words[3 + 2 * i].parse::<f64>().is_ok();
                (words[2 + 2 * i].to_string(), time)
            })
            .collect()
    };
    let expected: Vec<(String, bool)> = ["A", "W", "A"]
        .iter()
        .map(|l| (l.to_string(), true))
        .collect();
    assert_eq!(cells(&line("  1 statement ")), expected);
    assert_eq!(cells(&line("  2 start-s1 ")), expected);
    let first: Vec<String> = line("1st fail")
        .split_whitespace()
        .skip(2)
        .map(String::from)
        .collect();
    assert_eq!(first, ["-", "1", "-"]);
    let outcome: Vec<String> = line("outcome")
        .split_whitespace()
        .skip(1)
        .map(String::from)
        .collect();
    assert_eq!(outcome, ["ok", "FAIL", "ok"]);
    assert!(out.contains("  samples/statement #2 (first: #2)"), "{out}");
    assert!(out.contains("  #2   rows_order_input.cpp: samples/statement edge/start-s1"));
    assert!(out.contains("  #1   bfs.cpp: nothing (accepted on every test)"));
    for absent in ["candidates to drop", "time limit advice", "caught by"] {
        assert!(!out.contains(absent), "{absent}: {out}");
    }
    assert!(out.contains("msquare: 3 solution(s): 2 accepted on every one of the 2 tests, 1 not"));
    // The failing solution's first failure, with the checker's message, in the report on
    // stdout; none of it on stderr.
    assert!(
        out.contains("#2 rows_order_input.cpp: test samples/statement: WA"),
        "{out}"
    );
    assert!(out.contains("--- expected (jury answer)"), "{out}");
    assert!(!err.contains("--- expected"), "{err}");

    // The page: as the text, a row per test with a cell per solution; no advice, no
    // candidates.
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<h1>Solutions report</h1>"));
    let rows: Vec<Vec<String>> = html
        .split("<tr class=\"test\"")
        .skip(1)
        .map(|row| {
            let row = &row[..row.find("</tr>").unwrap()];
            row.split("data-verdict=\"")
                .skip(1)
                .map(|v| v[..v.find('"').unwrap()].to_string())
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        [strings(&["AC", "WA", "AC"]), strings(&["AC", "WA", "AC"])]
    );
    for absent in ["Time limit advice", "Candidates to drop"] {
        assert!(!html.contains(absent), "{absent}");
    }
    assert!(html.contains("Which solutions fail each test"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The output with its measured numbers (times, memory) masked.
fn masked(bytes: &[u8]) -> String {
    let text = text(bytes);
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut number = c.to_string();
            while let Some(&d) = chars.peek() {
                if d.is_ascii_digit() || d == '.' {
                    number.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push_str(if number.contains('.') { "N" } else { &number });
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn one_solution_gives_today_s_table_however_it_is_given() {
    let expected = "test              verdict               cpu s   wall s   mem MiB  reason\n\
                    samples/statement AC                    N    N       N  \n\
                    edge/start-s1     AC                    N    N       N  \n";
    let after_dashes = run(&["--", SOLVE, "msquare"]);
    let solve = solve_line();
    let in_command = run(&["--command", &solve]);
    let source = run(&[ACCEPTED]);
    for o in [&after_dashes, &in_command, &source] {
        assert!(o.status.success(), "{}", text(&o.stderr));
        let out = masked(&o.stdout);
        assert!(out.starts_with(expected), "{out}");
        assert!(
            out.ends_with("msquare: 2/2 tests accepted; slowest N s CPU of 1 s\n"),
            "{out}"
        );
        assert_eq!(
            out.lines().count(),
            5,
            "the table, the sandbox, the summary: {out}"
        );
    }
    assert_eq!(masked(&after_dashes.stdout), masked(&in_command.stdout));
    // A failing one: exit 1, the first failure's message in the report on stdout, after the
    // table; JSON per test.
    let o = run(&[WRONG]);
    assert_eq!(o.status.code(), Some(1));
    let out = masked(&o.stdout);
    assert!(out.contains("msquare: 0/2 tests accepted"), "{out}");
    assert!(out.contains("\n\ntest samples/statement: WA\n"), "{out}");
    // On stderr a line per finished run (stderr is not a terminal), and on a busy machine
    // the judge's warning (one line); not the message.
    let err = text(&o.stderr);
    assert!(
        err.starts_with("[1/2] msquare samples/statement: WA"),
        "{err}"
    );
    assert!(!err.contains("\n\ntest samples/statement: WA\n"), "{err}");
    let o = run(&["--json", WRONG]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["passed"].as_u64(), v["total"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(v["results"][1]["test"], "edge/start-s1");
    assert!(v.get("problems").is_none());
}

#[test]
fn names_that_collide_are_told_apart() {
    let dir = scratch("judge-several", "names");
    for sub in ["a", "b"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        std::fs::copy(repo().join(ACCEPTED), dir.join(sub).join("sol.cpp")).unwrap();
    }
    let a = dir.join("a/sol.cpp");
    let b = dir.join("b/sol.cpp");
    let solve = solve_line();
    let o = run(&[
        "--json",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        a.to_str().unwrap(),
        "--command",
        &solve,
        "--command",
        &solve,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let names: Vec<String> = verdicts(&v["problems"][0])
        .into_iter()
        .map(|r| r.0)
        .collect();
    assert_eq!(
        names,
        [
            "a/sol.cpp".to_string(),
            "b/sol.cpp".to_string(),
            "a/sol.cpp (2)".to_string(),
            solve.clone(),
            format!("{solve} (2)"),
        ]
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_command_that_cannot_start_or_a_source_that_does_not_build_fails_alone() {
    let dir = scratch("judge-several", "cannot-start");
    let not_executable = dir.join("sol.txt");
    std::fs::write(&not_executable, "not a program\n").unwrap();
    let broken = dir.join("broken.c");
    std::fs::write(&broken, "int main( { return 0; }\n").unwrap();
    let solve = solve_line();
    let missing = "/nonexistent/solution";
    let o = run(&[
        "--json",
        ACCEPTED,
        "--command",
        missing,
        "--command",
        &solve,
        broken.to_str().unwrap(),
        "--",
        not_executable.to_str().unwrap(),
    ]);
    // The highest code that applies: 4, a solution does not build.
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let m = &v["problems"][0];
    let ac = strings(&["AC", "AC"]);
    let re = strings(&["RE"]);
    // Source files first, then --command, then the command after `--`.
    let rows = verdicts(m);
    assert_eq!(rows[0].1, ac);
    assert!(
        rows[1].1.is_empty(),
        "a source that does not build runs nowhere"
    );
    assert_eq!(rows[2].1, re, "not run past its first test");
    assert_eq!(rows[3].1, ac);
    assert_eq!(rows[4].1, re);
    let summary = m["rows"][1]["summary"].as_str().unwrap();
    assert!(summary.starts_with("does not build: "), "{summary}");
    assert!(summary.contains("broken.c"), "{summary}");
    for (row, why) in [(2, "No such file or directory"), (4, "Permission denied")] {
        let row = &m["rows"][row];
        let summary = row["summary"].as_str().unwrap();
        assert!(summary.starts_with("cannot start: "), "{summary}");
        assert!(summary.contains(why), "{summary}");
        assert_eq!(row["cells"][0]["detail"], "cannot start");
        assert_eq!(row["ok"], false);
    }
    assert_eq!(v["failed"], 3);
    // As text: said once for each, beside the others' results.
    let o = run(&[ACCEPTED, "--command", missing]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        out.contains(&format!("  #2   {missing} (cannot start: ")),
        "{out}"
    );
    assert!(out.contains("#1     #2  slowest AC"), "{out}");
    // Its failure said once under the matrix, in the report on stdout; on stderr only the
    // line of each finished run.
    let failures = format!("#2 {missing}: cannot start: ");
    assert_eq!(out.matches(&failures).count(), 1, "{out}");
    let report: Vec<&str> = err.lines().filter(|l| !l.starts_with('[')).collect();
    assert_eq!(
        report.join("\n").matches("cannot start").count(),
        0,
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_arguments_exit_2_before_anything_runs() {
    // --command that a shell could not split, or that holds nothing.
    for command in ["'unterminated", "", "   "] {
        let o = run(&[ACCEPTED, "--command", command]);
        assert_eq!(o.status.code(), Some(2), "{command:?}");
        assert!(text(&o.stderr).contains("--command"), "{}", text(&o.stderr));
    }
    // A word that is no source file: the call it should have been, the source files kept.
    let o = run(&[ACCEPTED, "python3", "sol.py"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("python3: not a source file of a known language"),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "goes after `--`: judge run --tests samples,edge --jobs 2 msquare {ACCEPTED} -- \
             python3 sol.py"
        )),
        "{err}"
    );
    let o = run(&["./sol", "--", "./other"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr)
            .contains("judge run --tests samples,edge --jobs 2 --command ./sol msquare -- ./other"),
        "{}",
        text(&o.stderr)
    );
    // A source whose toolchain is not installed here: said, and nothing runs.
    let o = Command::new(JUDGE)
        .args(["run", "msquare", "--tests", TESTS, ACCEPTED])
        .arg("solutions/msquare/accepted/bfs.py")
        .args(["--", SOLVE, "msquare"])
        .current_dir(repo())
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for said in [
        "bfs.cpp: cannot be run here: g++ is not installed",
        "bfs.py: cannot be run here: python3 is not installed",
        "nothing was run",
    ] {
        assert!(err.contains(said), "{said}: {err}");
    }
    assert!(o.stdout.is_empty());
}

/// The (solution number, test number) of each `run` event of `--json-lines` output, in order.
fn run_events(stdout: &[u8]) -> Vec<(u64, u64)> {
    text(stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["event"] == "run")
        .map(|v| {
            let number = |key: &str| v[key].as_u64().unwrap_or_else(|| panic!("{key}: {v}"));
            (number("solution_number"), number("test_number"))
        })
        .collect()
}

#[test]
fn several_solutions_move_on_together_test_by_test() {
    // Three solutions on one worker: the runs go round the solutions, a test at a time,
    // rather than one solution through every test before the next starts.
    let line = solve_line();
    let o = judge(&[
        "run",
        "msquare",
        "--tests",
        "samples,edge,max-depth",
        "--jobs",
        "1",
        "--json-lines",
        "--command",
        &line,
        "--command",
        &line,
        "--",
        SOLVE,
        "msquare",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let events = run_events(&o.stdout);
    let tests = events.len() as u64 / 3;
    assert!(tests >= 3, "{events:?}");
    let expected: Vec<(u64, u64)> = (1..=tests)
        .flat_map(|t| (1..=3).map(move |s| (s, t)))
        .collect();
    assert_eq!(events, expected);
}

/// The default `--jobs` is one the judge's own timing note trusts: a default run never ends
/// with "use N job(s) for honest timings"; a `--jobs` beyond it still gets the note.
#[test]
fn the_default_jobs_get_no_timing_note_and_too_many_do() {
    let solve = solve_line();
    let default = judge(&["run", "msquare", "--tests", TESTS, "--command", &solve]);
    assert_eq!(default.status.code(), Some(0), "{}", text(&default.stderr));
    let all = text(&default.stdout) + &text(&default.stderr);
    assert!(!all.contains("honest timings"), "{all}");
    let json = judge(&[
        "run",
        "msquare",
        "--tests",
        TESTS,
        "--json",
        "--command",
        &solve,
    ]);
    let v: Value = serde_json::from_slice(&json.stdout).expect("JSON on stdout");
    assert_eq!(v["timing_note"], Value::Null, "{v}");
    // Two jobs on the two tests: the note where the judge trusts fewer (2 cores: it trusts 1).
    let two = run(&["--command", &solve]);
    assert_eq!(two.status.code(), Some(0), "{}", text(&two.stderr));
    let all = text(&two.stdout) + &text(&two.stderr);
    let noted = all.contains("2 parallel jobs") && all.contains("honest timings");
    assert_eq!(noted, boardjudge::runner::honest_jobs() < 2, "{all}");
}

/// One failure, `std::bad_alloc`, two verdicts, each saying why (docs/sandbox.md, "MLE"):
/// held past half the limit when the address-space limit refused an allocation, MLE naming
/// that; refused at once with almost nothing held, RE (SIGABRT) saying why it is no MLE.
#[test]
fn a_failed_allocation_says_why_it_is_or_is_not_mle() {
    let dir = scratch("judge-run", "bad-alloc");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, first: &str, second: &str| {
        let source = format!(
            "// Holds {first}, then asks for {second}: std::bad_alloc under 64 MiB.\n\
             #include <cstring>\nchar *volatile sink;\nint main() {{\n\
             sink = new char[{first}];\nstd::memset(sink, 1, {first});\n\
             sink = new char[{second}];\nstd::memset(sink, 1, {second});\n}}\n"
        );
        let path = dir.join(name);
        std::fs::write(&path, source).unwrap();
        path.to_str().unwrap().to_string()
    };
    let held = write("held.cpp", "36 << 20", "36 << 20");
    let at_once = write("at_once.cpp", "1 << 10", "1ull << 32");
    let o = judge(&[
        "run",
        "sicily",
        "--tests",
        "samples",
        "--memory-limit",
        "64",
        "--json",
        &held,
        &at_once,
    ]);
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    let cells: Vec<(String, String)> = (v["problems"][0]["rows"].as_array().unwrap().iter())
        .map(|row| {
            let cell = &row["cells"][0];
            let text = |key: &str| cell[key].as_str().unwrap().to_string();
            (text("verdict"), text("summary"))
        })
        .collect();
    let (verdict, why) = &cells[0];
    assert_eq!(verdict, "MLE", "{why}");
    assert!(
        why.starts_with(
            "memory limit exceeded: the address-space limit, 64 MiB, refused an \
                         allocation at "
        ) && why.contains("MiB resident (`bad_alloc` on standard error, past half the limit)"),
        "{why}"
    );
    let (verdict, why) = &cells[1];
    assert_eq!(verdict, "RE", "{why}");
    assert!(
        why.starts_with("killed by SIGABRT: `bad_alloc` on standard error at ")
            && why.contains("MiB resident, under half the 64 MiB limit: a runtime error, not MLE"),
        "{why}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
