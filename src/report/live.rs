//! The runs of a command as they finish (`judge run`, `judge strength`, `--matrix`): a grid of
//! every problem's solutions and tests, filled in run by run. It gives the line of each
//! finished run (for a pipe), the compact rows of a live table (for a terminal: a letter per
//! test) and, when the judge is interrupted, the partial matrix in the layout of [`text`]
//! (tests down, solutions across) with the runs that finished.

use std::fmt::Write;

use serde::Serialize;

use crate::judging::run::{LoadedTest, TestResult, Verdict};
use crate::report::text::{self, letter};

/// Every run of a command, those finished filled in.
#[derive(Clone, Debug, Serialize)]
pub struct Grid {
    /// The problems, in order.
    pub problems: Vec<GridProblem>,
    /// The runs finished.
    pub done: usize,
    /// The runs to make; `None` where it is not known in advance (`judge strength` stops a
    /// wrong solution at its first failure): then at most [`Grid::cells`].
    pub total: Option<usize>,
}

/// One problem of the grid.
#[derive(Clone, Debug, Serialize)]
pub struct GridProblem {
    /// The problem.
    pub problem: String,
    /// Its title.
    pub title: String,
    /// CPU seconds per test.
    pub time_limit: f64,
    /// Its tests (`group/name`), in order.
    pub tests: Vec<String>,
    /// The group of each test.
    pub groups: Vec<String>,
    /// The solutions, in order.
    pub rows: Vec<GridRow>,
}

/// One solution of the grid.
#[derive(Clone, Debug, Serialize)]
pub struct GridRow {
    /// Its name in the report.
    pub name: String,
    /// Its path or command line.
    pub path: String,
    /// Per test: the result, once the run finished (null: not run, or cut short).
    pub cells: Vec<Option<TestResult>>,
}

impl GridProblem {
    /// A problem with its `tests` (each `group/name` and its group) and its solutions (each
    /// a name and a path), nothing run yet.
    pub fn new(
        problem: &str,
        title: &str,
        time_limit: f64,
        tests: &[(String, String)],
        solutions: &[(String, String)],
    ) -> GridProblem {
        GridProblem {
            problem: problem.to_string(),
            title: title.to_string(),
            time_limit,
            tests: tests.iter().map(|t| t.0.clone()).collect(),
            groups: tests.iter().map(|t| t.1.clone()).collect(),
            rows: solutions
                .iter()
                .map(|(name, path)| GridRow {
                    name: name.clone(),
                    path: path.clone(),
                    cells: vec![None; tests.len()],
                })
                .collect(),
        }
    }

    /// The live table's rows, one per solution: `msquare #3 name  AAAW.. ....` (a letter per
    /// finished test, `.` for the others, a space between groups), each cut to `width`
    /// characters; `paint` colours a letter by its verdict.
    pub fn compact(&self, width: usize, paint: &dyn Fn(&str, &Verdict) -> String) -> Vec<String> {
        let names = (self.rows.iter())
            .map(|r| r.name.len())
            .fold(4, usize::max)
            .min(24);
        let mut lines = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            let name: String = row.name.chars().take(names).collect();
            let head = format!(
                "{} {:<4} {name:<names$} ",
                self.problem,
                format!("#{}", i + 1)
            );
            let mut used = head.chars().count();
            let mut line = head;
            for (t, cell) in row.cells.iter().enumerate() {
                let gap = t > 0 && self.groups[t] != self.groups[t - 1];
                if used + 1 + usize::from(gap) > width {
                    break;
                }
                if gap {
                    line.push(' ');
                    used += 1;
                }
                match cell {
                    Some(c) => line.push_str(&paint(&letter(&c.verdict).to_string(), &c.verdict)),
                    None => line.push('.'),
                }
                used += 1;
            }
            lines.push(line);
        }
        lines
    }

    /// The `(group/name, group)` of each of `tests`, for [`GridProblem::new`].
    pub fn tests_of(tests: &[LoadedTest]) -> Vec<(String, String)> {
        tests
            .iter()
            .map(|t| (t.id.clone(), t.group.clone()))
            .collect()
    }
}

impl Grid {
    /// The grid of `problems`, nothing run yet; `total` runs to make, if known.
    pub fn new(problems: Vec<GridProblem>, total: Option<usize>) -> Grid {
        Grid {
            problems,
            done: 0,
            total,
        }
    }

    /// Every cell of the grid: the most runs there can be.
    pub fn cells(&self) -> usize {
        self.problems
            .iter()
            .map(|p| p.rows.len() * p.tests.len())
            .sum()
    }

    /// Records the `result` of `solution` on `test` of `problem` (indices), and returns the
    /// line that says so: `[12/671] msquare #3 bfs_cba_order.cpp samples/statement: WA 0.00 s`.
    pub fn record(
        &mut self,
        problem: usize,
        solution: usize,
        test: usize,
        result: &TestResult,
    ) -> String {
        self.done += 1;
        self.problems[problem].rows[solution].cells[test] = Some(result.clone());
        let of = self.total.map_or_else(String::new, |t| format!("/{t}"));
        // One solution of one problem: the test says it all.
        let p = &self.problems[problem];
        let who = if self.problems.len() == 1 && p.rows.len() == 1 {
            String::new()
        } else {
            format!("#{} {} ", solution + 1, p.rows[solution].name)
        };
        // A TLE by the limit it reached (`TLE (cpu) >1.00 s`), as in the matrix.
        let mut line = format!(
            "[{}{of}] {} {who}{}: {} {} s",
            self.done,
            p.problem,
            result.test,
            result.verdict,
            text::seconds(result)
        );
        if let Some(kept) = result.confirmation.kept() {
            let _ = write!(line, ", {kept}");
        }
        if result.verdict != Verdict::AC && !result.summary.is_empty() {
            let summary = result.summary.lines().next().unwrap_or_default();
            let _ = write!(line, " ({summary})");
        }
        line
    }

    /// "interrupted after N of M runs" (M: "at most" where the total is not known).
    pub fn interrupted(&self) -> String {
        match self.total {
            Some(total) => format!("interrupted after {} of {total} runs", self.done),
            None => format!(
                "interrupted after {} of at most {} runs",
                self.done,
                self.cells()
            ),
        }
    }

    /// The partial matrices as text, laid out as [`text::render`] lays out a matrix: per
    /// problem its solutions, then tests down in their groups and numbered, solutions across,
    /// per finished run its cell as there ([`text::cell_text`]: the verdict letter, the CPU
    /// time or the limit a TLE reached, the runs that confirmed it) and `.` for the others.
    pub fn text(&self, paint: &dyn Fn(&str, &Verdict) -> String) -> String {
        let mut out = String::new();
        for p in &self.problems {
            let cell = p
                .rows
                .iter()
                .flat_map(|r| r.cells.iter().flatten())
                .map(|c| text::cell_text(c).len() + 1)
                .fold(7, usize::max);
            let _ = writeln!(
                out,
                "{}: {} (time limit {} s CPU)",
                p.problem, p.title, p.time_limit
            );
            for (i, row) in p.rows.iter().enumerate() {
                let label = format!("#{}", i + 1);
                if row.name == row.path {
                    let _ = writeln!(out, "  {label:<4} {}", row.name);
                } else {
                    let _ = writeln!(out, "  {label:<4} {}  [{}]", row.name, row.path);
                }
            }
            let digits = p.tests.len().max(1).to_string().len();
            let labels: Vec<String> = p
                .tests
                .iter()
                .zip(&p.groups)
                .enumerate()
                .map(|(t, (test, group))| {
                    let short = test.strip_prefix(&format!("{group}/")).unwrap_or(test);
                    format!("  {:>digits$} {short}", t + 1)
                })
                .collect();
            let first = labels.iter().map(String::len).fold(8, usize::max);
            let _ = write!(out, "{:<first$}", "test");
            for i in 0..p.rows.len() {
                let _ = write!(out, "{:>cell$}", format!("#{}", i + 1));
            }
            out.push('\n');
            for (t, label) in labels.iter().enumerate() {
                if t == 0 || p.groups[t] != p.groups[t - 1] {
                    let _ = writeln!(out, "{}", p.groups[t]);
                }
                let _ = write!(out, "{label:<first$}");
                for row in &p.rows {
                    match &row.cells[t] {
                        Some(c) => {
                            let text = format!("{:>cell$}", text::cell_text(c));
                            out.push_str(&paint(&text, &c.verdict));
                        }
                        None => {
                            let _ = write!(out, "{:>cell$}", ".");
                        }
                    }
                }
                out.push('\n');
            }
        }
        let _ = writeln!(out, "({}; . not run)", text::LEGEND);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judging::run::TimeKind;

    fn test(id: &str) -> (String, String) {
        (id.into(), id.split('/').next().unwrap().into())
    }

    fn result(id: &str, verdict: Verdict) -> TestResult {
        TestResult {
            summary: "wrong".into(),
            ..TestResult::made_up(id, verdict, 0.25)
        }
    }

    #[test]
    fn the_partial_matrix_shows_what_finished() {
        let tests = [test("samples/one"), test("edge/two"), test("edge/three")];
        let solutions = [
            ("a.cpp".to_string(), "x/a.cpp".to_string()),
            ("b.py".to_string(), "b.py".to_string()),
        ];
        let problem = GridProblem::new("p", "Title", 1.0, &tests, &solutions);
        let mut grid = Grid::new(vec![problem], Some(6));
        let line = grid.record(0, 1, 2, &result("edge/three", Verdict::WA));
        assert_eq!(line, "[1/6] p #2 b.py edge/three: WA 0.25 s (wrong)");
        grid.record(0, 0, 0, &result("samples/one", Verdict::AC));
        assert_eq!(grid.interrupted(), "interrupted after 2 of 6 runs");
        let plain = |t: &str, _: &Verdict| t.to_string();
        assert_eq!(
            grid.problems[0].compact(80, &plain),
            ["p #1   a.cpp A ..", "p #2   b.py  . .W"]
        );
        assert_eq!(
            grid.problems[0].compact(15, &plain),
            ["p #1   a.cpp A", "p #2   b.py  ."]
        );
        let text = grid.text(&plain);
        assert!(
            text.starts_with(
                "p: Title (time limit 1 s CPU)\n  #1   a.cpp  [x/a.cpp]\n  #2   b.py\n\
                 test          #1     #2\nsamples\n  1 one   A 0.25      .\nedge\n  \
                 2 two        .      .\n  3 three      . W 0.25\n(A accepted"
            ),
            "{text}"
        );
        // A time verdict confirmed by re-runs: said in the line, and in the cell as in the
        // text matrix (the limit it reached, how many runs), the columns widened to fit.
        // A TLE shows the limit it reached (here the wall clock's 3 s), never its CPU time.
        let mut slow = result("edge/two", Verdict::TLE(TimeKind::Wall)).made_up_runs(3);
        slow.limit_seconds = Some(3.0);
        let line = grid.record(0, 0, 1, &slow);
        assert_eq!(
            line,
            "[3/6] p #1 a.cpp edge/two: TLE (wall) >3.00 s, run 1 of 3 kept (wrong)"
        );
        let text = grid.text(&plain);
        assert!(
            text.contains("\n  2 two   T wall >3.00 x3               .\n"),
            "{text}"
        );
    }
}
