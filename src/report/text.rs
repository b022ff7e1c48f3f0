//! The matrix as text for a terminal: tests down (grouped as in judge.toml), solutions across,
//! each cell a verdict letter and the CPU time; the slowest accepted time of each test
//! against the limit; each solution's first failing test; then what each test is worth (for
//! given solutions: which of them fail it) and the time-limit advice (shipped solutions only).

use std::fmt::Write;

use crate::judging::run::{TestResult, TimeKind, Verdict};
use crate::report::matrix::{Kind, ProblemMatrix};

/// The one-letter name of a verdict in the matrix: the first of its short name
/// ([`Verdict::short`]).
pub fn letter(verdict: &Verdict) -> char {
    char::from(verdict.short().as_bytes()[0])
}

/// The legend of the letters.
pub const LEGEND: &str = "A accepted, W wrong answer, P presentation error, T time limit, \
                          M memory limit, R runtime error, F judge failure";

/// The narrowest column of the matrix.
const CELL: usize = 7;

/// A cell's text: the verdict's letter; for a TLE the wall clock stopped, `wall`; the time
/// ([`seconds`]: the CPU time, or for a TLE the limit it reached, `T >1.00`, `T wall >3.00`,
/// never a time under the limit); and when the test ran more than once to confirm a time
/// verdict, how many runs it took (`T >1.00 x3`: the kept one of 3 runs).
pub fn cell_text(c: &TestResult) -> String {
    let mut text = letter(&c.verdict).to_string();
    if c.verdict == Verdict::TLE(TimeKind::Wall) {
        text.push_str(" wall");
    }
    text.push(' ');
    text.push_str(&seconds(c));
    if c.runs > 1 {
        text.push_str(&format!(" x{}", c.runs));
    }
    text
}

/// A result's time as every report shows it: its CPU time (`0.25`), or for a TLE the limit
/// it reached, which the run needed more than (`>1.00`: the CPU limit; for a TLE by the wall
/// clock, the wall clock's limit) and never the CPU time counted when it was stopped, which
/// may be a little under the limit; the JSON keeps that figure, with `over_limit`.
pub fn seconds(c: &TestResult) -> String {
    match c.over_limit() {
        Some(limit) => format!(">{limit:.2}"),
        None => format!("{:.2}", c.cpu_seconds),
    }
}
const BAR: usize = 10;

/// The matrix of one problem as text; `paint` colours a piece of text by a verdict (or
/// returns it as it is). Tests are numbered in order: a test's row shows its number and its
/// name within its group, the `1st fail` line the number of each solution's first failing
/// test.
pub fn render(m: &ProblemMatrix, paint: &dyn Fn(&str, &Verdict) -> String) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} (time limit {} s CPU)",
        m.problem, m.title, m.time_limit
    );
    for (i, row) in m.rows.iter().enumerate() {
        // A given solution's line says how it did; a shipped one's only why it did not run.
        let say = row.cells.is_empty() || m.kind == Kind::Given;
        let note = if say && !row.report.summary.is_empty() {
            // A compiler's message is long: its first line here (all of it in the JSON and the
            // page, and on stderr from judge run).
            format!(
                " ({})",
                row.report.summary.lines().next().unwrap_or_default()
            )
        } else {
            String::new()
        };
        let label = format!("#{}", i + 1);
        let line = match (m.kind, row.report.expected) {
            (Kind::Shipped, Some(expected)) => format!(
                "  {label:<4} {:<20} {}{note}",
                expected.name(),
                row.report.path
            ),
            _ if row.name == row.report.path => format!("  {label:<4} {}{note}", row.name),
            _ => format!("  {label:<4} {}  [{}]{note}", row.name, row.report.path),
        };
        out.push_str(&wrap(&line, 7));
    }
    let digits = m.tests.len().max(1).to_string().len();
    let labels: Vec<String> = m
        .tests
        .iter()
        .enumerate()
        .map(|(t, test)| format!("  {:>digits$} {}", t + 1, test.short_name()))
        .collect();
    let layout = Layout::of(m, &labels);
    let (first, cell) = (layout.first, layout.cell);
    if layout.letters {
        let _ = writeln!(
            out,
            "(a letter per cell to fit {WIDTH} columns, outcome ok, NO or sk(ipped): the times \
             are in --json and --html)"
        );
    }
    let _ = write!(out, "{:<first$}", "test");
    for i in 0..m.rows.len() {
        let number = if layout.letters {
            (i + 1).to_string()
        } else {
            format!("#{}", i + 1)
        };
        let _ = write!(out, "{number:>cell$}");
    }
    if layout.bar {
        let _ = writeln!(out, "  slowest AC / {} s", m.time_limit);
    } else {
        let _ = writeln!(out, "  slowest AC");
    }
    for (group, range) in m.groups() {
        let _ = writeln!(out, "{group}");
        for t in range {
            let test = &m.tests[t];
            let label: String = labels[t].chars().take(first).collect();
            let _ = write!(out, "{label:<first$}");
            for row in &m.rows {
                match row.cells.get(t) {
                    Some(c) => {
                        let shown = if layout.letters {
                            letter(&c.verdict).to_string()
                        } else {
                            cell_text(c)
                        };
                        let text = format!("{shown:>cell$}");
                        out.push_str(&paint(&text, &c.verdict));
                    }
                    None => {
                        let _ = write!(out, "{:>cell$}", "-");
                    }
                }
            }
            match test.slowest_accepted {
                Some(s) if !layout.bar => {
                    let _ = writeln!(out, "  {s:>5.2}");
                }
                Some(s) => {
                    let filled = ((s / m.time_limit) * BAR as f64).ceil().min(BAR as f64) as usize;
                    let _ = writeln!(
                        out,
                        "  {s:>5.2} |{}{}|",
                        "#".repeat(filled),
                        " ".repeat(BAR - filled)
                    );
                }
                None => out.push_str("      -\n"),
            }
        }
    }
    let _ = write!(out, "{:<first$}", "1st fail");
    for row in &m.rows {
        let number = row
            .first_failure
            .as_ref()
            .and_then(|f| m.tests.iter().position(|t| &t.name == f))
            .map_or("-".to_string(), |t| (t + 1).to_string());
        let _ = write!(out, "{number:>cell$}");
    }
    out.push('\n');
    let _ = write!(out, "{:<first$}", "outcome");
    for row in &m.rows {
        // In narrow cells: `ok`, `NO`, `sk`.
        let (text, like) = match (row.report.skipped, row.report.ok, layout.letters) {
            (true, _, false) => ("skip", Verdict::PE),
            (true, _, true) => ("sk", Verdict::PE),
            (false, true, _) => ("ok", Verdict::AC),
            (false, false, false) => ("FAIL", Verdict::WA),
            (false, false, true) => ("NO", Verdict::WA),
        };
        out.push_str(&paint(&format!("{text:>cell$}"), &like));
    }
    out.push('\n');
    // A verdict that depends on the order of the tests fails with nothing else to see here.
    for (i, row) in m.rows.iter().enumerate() {
        if let (Some(by_path), Some(decisive)) = (&row.report.path_order, &row.report.decisive) {
            let line = format!(
                "#{} in name order (the Kattis and ICPC packages): {} {} before {} {}",
                i + 1,
                by_path.test,
                by_path.verdict,
                decisive.test,
                decisive.verdict
            );
            out.push_str(&wrap(&line, 2));
        }
    }
    worth(&mut out, m);
    if let Some(advice) = &m.advice {
        let _ = writeln!(out, "time limit advice:");
        for line in advice.to_string().lines() {
            out.push_str(&wrap(&format!("  {line}"), 4));
        }
    }
    out
}

/// What each test catches (shipped solutions) or which solutions fail it (given ones), the
/// candidates to drop, and the tests catching (failed by) each solution.
fn worth(out: &mut String, m: &ProblemMatrix) {
    let index = |key: &str| {
        m.row_of(key)
            .map_or_else(|| key.to_string(), |i| format!("#{}", i + 1))
    };
    let list = |keys: &[String]| keys.iter().map(|k| index(k)).collect::<Vec<_>>().join(" ");
    let given = m.kind == Kind::Given;
    let _ = writeln!(
        out,
        "{}",
        if given {
            "which solutions fail each test (first: those whose first failure it is):"
        } else {
            "what each test catches (first: no earlier test catches it):"
        }
    );
    // Only the tests that catch something: the others would be a column of `-`.
    let catching: Vec<_> = m
        .worth
        .tests
        .iter()
        .filter(|t| !t.catches.is_empty())
        .collect();
    let width = catching.iter().map(|t| t.test.len()).fold(6, usize::max);
    for t in &catching {
        let line = format!(
            "  {:<width$} {}{}",
            t.test,
            list(&t.catches),
            if t.first_to_catch.is_empty() {
                String::new()
            } else {
                format!(" (first: {})", list(&t.first_to_catch))
            }
        );
        out.push_str(&wrap(&line, width + 3));
    }
    let idle = m.worth.tests.len() - catching.len();
    if idle > 0 {
        let _ = writeln!(
            out,
            "  ({idle} other test(s): {})",
            if given {
                "no solution fails them"
            } else {
                "they catch nothing"
            }
        );
    }
    if let Some(candidates) = &m.worth.drop_candidates {
        let line = format!(
            "candidates to drop (catch no wrong-answer solution, separate no intended-TLE one \
             from the accepted ones): {}",
            if candidates.is_empty() {
                "none".to_string()
            } else {
                candidates.join(" ")
            }
        );
        out.push_str(&wrap(&line, 2));
    }
    let _ = writeln!(
        out,
        "{}",
        if given {
            "the tests each solution fails:"
        } else {
            "caught by:"
        }
    );
    for (solution, tests) in &m.worth.caught_by {
        let shown = m.row_of(solution).map_or(solution.as_str(), |i| {
            if given {
                m.rows[i].name.as_str()
            } else {
                m.rows[i].report.path.as_str()
            }
        });
        let line = |tests: String| format!("  {:<4} {shown}: {tests}", index(solution));
        let line = match (tests.is_empty(), given) {
            (true, true) => line("nothing (accepted on every test)".into()),
            (true, false) => line("NOTHING (survives)".into()),
            // The tests by name where they fit on the line, else by number.
            (false, _) => Some(line(tests.join(" ")))
                .filter(|l| l.chars().count() <= WIDTH)
                .unwrap_or_else(|| line(numbered(m, tests))),
        };
        out.push_str(&wrap(&line, 7));
    }
}

/// The widest line of the matrix as text, in columns: a matrix of up to 33 solutions (a
/// letter per cell where the times do not fit) fits a terminal of this width.
pub const WIDTH: usize = 120;

/// The width of the slowest-AC column with its bar: `  0.85 |#########  |`.
const BAR_COLUMN: usize = 2 + 5 + 2 + BAR + 1;

/// The width of the slowest-AC column without the bar: its header, `  slowest AC`.
const TIME_COLUMN: usize = 2 + 10;

/// How the rows of a matrix fit in [`WIDTH`] columns: each cell's text and time, else a
/// letter per cell; the bar beside the slowest accepted time if it still fits; the test
/// labels cut to the room left, if need be.
struct Layout {
    /// The width of the test column.
    first: usize,
    /// The width of a cell.
    cell: usize,
    /// Cells show their letter only.
    letters: bool,
    /// The slowest accepted time has its bar.
    bar: bool,
}

impl Layout {
    fn of(m: &ProblemMatrix, labels: &[String]) -> Layout {
        let first = labels.iter().map(|l| l.chars().count()).fold(8, usize::max);
        let n = m.rows.len();
        let full = (m.rows.iter().flat_map(|r| &r.cells))
            .map(|c| cell_text(c).len() + 1)
            .fold(CELL, usize::max);
        // A letter per cell, under the solution's number (`14`: `#` left out).
        let narrow = format!(" {n}").len().max(2);
        let fits = |first: usize, cell: usize, last: usize| first + n * cell + last <= WIDTH;
        let (cell, letters) = if fits(first, full, BAR_COLUMN) {
            (full, false)
        } else {
            (narrow, true)
        };
        let bar = fits(first, cell, BAR_COLUMN);
        let last = if bar { BAR_COLUMN } else { TIME_COLUMN };
        // Cut the labels to what is left, but never below the width of `1st fail`.
        let room = WIDTH.saturating_sub(n * cell + last).max(8);
        Layout {
            first: first.min(room),
            cell,
            letters,
            bar,
        }
    }
}

/// `line` (without its newline) broken at spaces into lines of at most [`WIDTH`] columns,
/// each continuation indented by `indent` spaces; a word longer than a line stays whole.
fn wrap(line: &str, indent: usize) -> String {
    let mut out = String::new();
    let mut current = String::new();
    let mut fresh = true;
    for word in line.split(' ') {
        let width = current.chars().count();
        if !fresh && width > indent && width + 1 + word.chars().count() > WIDTH {
            out.push_str(current.trim_end());
            out.push('\n');
            current = " ".repeat(indent);
            fresh = true;
        }
        if !fresh {
            current.push(' ');
        }
        current.push_str(word);
        fresh = false;
    }
    out.push_str(current.trim_end());
    out.push('\n');
    out
}

/// The numbers of `tests` (ids) in the matrix, runs of consecutive ones as ranges:
/// `1 3-7 12`.
fn numbered(m: &ProblemMatrix, tests: &[String]) -> String {
    let mut numbers: Vec<usize> = tests
        .iter()
        .filter_map(|t| m.tests.iter().position(|c| &c.name == t))
        .map(|i| i + 1)
        .collect();
    numbers.sort_unstable();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for n in numbers {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            _ => runs.push((n, n)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    format!("test(s) {}", runs.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(verdict: Verdict, cpu: f64, runs: usize) -> TestResult {
        TestResult {
            runs,
            ..TestResult::made_up("t", verdict, cpu)
        }
    }

    use crate::judging::strength::SolutionReport;
    use crate::report::histogram::Histogram;
    use crate::report::matrix::{Row, TestColumn};
    use crate::report::worth::{TestWorth, Worth};

    /// A matrix of `n` given solutions on 61 tests in four groups: solution `s` fails
    /// (`WA`) test 5 if `s` is odd and every test from 30 on if `s` is a multiple of 5,
    /// passes the others in `0.0s` seconds.
    fn synthetic(n: usize, kind: Kind) -> ProblemMatrix {
        let groups = [
            ("samples", 1),
            ("edge", 6),
            ("by-distance", 44),
            ("random", 10),
        ];
        let ids: Vec<String> = groups
            .iter()
            .flat_map(|&(g, k)| (0..k).map(move |i| format!("{g}/distance-{i:02}-x30-s{i}07")))
            .collect();
        assert_eq!(ids.len(), 61);
        let fails = |s: usize, t: usize| (s % 2 == 1 && t == 4) || (s.is_multiple_of(5) && t >= 29);
        let rows: Vec<Row> = (0..n)
            .map(|s| {
                let cells: Vec<TestResult> = (ids.iter().enumerate())
                    .map(|(t, id)| {
                        let verdict = if fails(s, t) {
                            Verdict::WA
                        } else {
                            Verdict::AC
                        };
                        TestResult::made_up(id, verdict, 0.01 * (s + t) as f64)
                    })
                    .collect();
                let path = format!("solutions/msquare/wrong_answer/solution_number_{s:02}.cpp");
                Row {
                    report: SolutionReport {
                        problem: "msquare".into(),
                        path: path.clone(),
                        ok: !cells.iter().any(|c| c.verdict != Verdict::AC),
                        summary: "fails 33 of 61 tests, the first by-distance/distance-22: WA \
                                  (case 1: after your moves the board is 8 6 2 4 / 7 3 1 5)"
                            .into(),
                        ..SolutionReport::default()
                    },
                    name: path.rsplit('/').next().unwrap().into(),
                    command: Vec::new(),
                    first_failure: cells
                        .iter()
                        .find(|c| c.verdict != Verdict::AC)
                        .map(|c| c.test.clone()),
                    not_run: Vec::new(),
                    cells,
                    probe: None,
                }
            })
            .collect();
        let key = |r: &Row| match kind {
            Kind::Given => r.name.clone(),
            Kind::Shipped => r.report.path.clone(),
        };
        let worth = Worth {
            tests: (ids.iter().enumerate())
                .map(|(t, id)| TestWorth {
                    test: id.clone(),
                    catches: (rows.iter().enumerate())
                        .filter(|&(s, _)| fails(s, t))
                        .map(|(_, r)| key(r))
                        .collect(),
                    first_to_catch: Vec::new(),
                })
                .collect(),
            drop_candidates: None,
            caught_by: (rows.iter().enumerate())
                .map(|(s, r)| {
                    let tests = (0..61).filter(|&t| fails(s, t)).map(|t| ids[t].clone());
                    (key(r), tests.collect())
                })
                .collect(),
        };
        ProblemMatrix {
            kind,
            problem: "msquare".into(),
            title: "Magic Squares (USACO 3.2, Luogu P2730)".into(),
            time_limit: 1.0,
            tests: ids
                .iter()
                .map(|id| TestColumn {
                    name: id.clone(),
                    group: id.split('/').next().unwrap().into(),
                    slowest_accepted: Some(0.25),
                })
                .collect(),
            rows,
            worth,
            advice: None,
            answer_lengths: Histogram::default(),
        }
    }

    #[test]
    fn fourteen_solutions_or_more_fit_in_120_columns() {
        for (n, kind) in [(14, Kind::Given), (14, Kind::Shipped), (30, Kind::Given)] {
            let text = render(&synthetic(n, kind), &|t, _| t.to_string());
            for line in text.lines() {
                assert!(
                    line.chars().count() <= WIDTH,
                    "{n} solutions: a line of {} columns: {line}\n{text}",
                    line.chars().count()
                );
            }
            // Numbered, with the legend: each number names its solution.
            assert!(text.contains("  #14  solution_number_13.cpp"), "{text}");
            assert!(
                text.contains("(a letter per cell to fit 120 columns"),
                "{text}"
            );
            // Only the tests that something fails: test 5 and tests 30 to 61.
            let listed = text
                .lines()
                .filter(|l| l.starts_with("  ") && l.contains(" #"))
                .filter(|l| l.trim_start().starts_with(['s', 'e', 'b', 'r']))
                .count();
            assert_eq!(listed, 1 + 32, "{text}");
            assert!(text.contains("(28 other test(s): "), "{text}");
            // A solution failing 32 tests: their numbers, as a range.
            assert!(text.contains("test(s) 5 30-61"), "{text}");
        }
        // Three solutions: a cell's time shows.
        let text = render(&synthetic(3, Kind::Given), &|t, _| t.to_string());
        assert!(
            text.contains("A 0.02") && !text.contains("a letter per cell"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
    }

    #[test]
    fn long_lines_wrap_at_spaces_with_their_indent() {
        let words = vec!["word"; 40].join(" ");
        let wrapped = wrap(&format!("  #1   {words}"), 7);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines.len() == 2, "{wrapped}");
        assert!(lines[0].starts_with("  #1   word") && lines[0].len() <= WIDTH);
        assert!(lines[1].starts_with("       word"), "{wrapped}");
        assert_eq!(wrap("short", 2), "short\n");
    }

    #[test]
    fn a_tle_shows_the_limit_it_reached_and_repeats_are_counted() {
        assert_eq!(cell_text(&cell(Verdict::AC, 0.25, 1)), "A 0.25");
        assert_eq!(cell_text(&cell(Verdict::AC, 0.85, 3)), "A 0.85 x3");
        let wall = Verdict::TLE(TimeKind::Wall);
        let stopped = |verdict: Verdict, cpu: f64, runs: usize, limit: f64| TestResult {
            limit_seconds: Some(limit),
            ..cell(verdict, cpu, runs)
        };
        // Stopped by the wall clock (3 s for a 1 s limit) with 0.6 s of CPU: the wall limit.
        assert_eq!(cell_text(&stopped(wall, 0.6, 3, 3.0)), "T wall >3.00 x3");
        let cpu = Verdict::TLE(TimeKind::Cpu);
        // Stopped by the kernel a little under the limit, or a little over it: the limit.
        assert_eq!(cell_text(&stopped(cpu.clone(), 2.99, 1, 3.0)), "T >3.00");
        assert_eq!(cell_text(&stopped(cpu.clone(), 1.01, 1, 1.0)), "T >1.00");
        assert_eq!(seconds(&stopped(cpu.clone(), 0.95, 1, 1.0)), ">1.00");
        // A limit not known: the time it ran, as a lower bound still.
        assert_eq!(cell_text(&cell(cpu, 1.01, 1)), "T >1.01");
    }
}
