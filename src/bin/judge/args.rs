//! The `judge` command line: every command's arguments, as clap reads them, with the help
//! each prints. The commands themselves are in [`crate::commands`].

use std::path::PathBuf;

use boardjudge::export::Kind;
use boardjudge::judging::run::Confirm;
use boardjudge::problemset::plan::Plan;
use boardjudge::runner::SandboxMode;
use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, Parser, Subcommand};

use crate::exit;
use crate::session::Session;

/// Prepare and verify the test data of the problem set described by judge.toml.
#[derive(Parser)]
#[command(version, after_help = exit::CODES)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Build every test from judge.toml: generate, validate, solve, check, write.
    ///
    /// For every test of the plan the input is generated in process (or taken from
    /// judge.toml for manual tests, or written by a program of one's own, run twice in the
    /// sandbox: two different outputs are refused), validated strictly, solved by the
    /// reference solver, and the answer must be accepted by the checker; then
    /// OUT/PROBLEM/GROUP/NAME.in, NAME.ans and OUT/PROBLEM/manifest.toml (each test's group,
    /// name, source, size and SHA-256) are written atomically. A test's NAME is its `name` in
    /// judge.toml, else derived from its generator command (distance-07-x30-s107), from its
    /// program (corners-1a2b3c4d) or, for a manual input, from its SHA-256
    /// (manual-3fa2c1d0): adding or removing a test changes only its own files. Files already
    /// identical are left alone; test files an earlier build wrote that the plan no longer
    /// produces are removed, each named. A file no build wrote is never lost: a built file
    /// edited by hand since the last build (its SHA-256 is not the manifest's) is copied to
    /// target/trash/TIME/ beside judge.toml (git ignores target/) before it is rebuilt, a
    /// setter's own file is moved there; each is named, with how to keep the change (an
    /// input as a test of judge.toml). The same plan always gives the same bytes.
    ///
    /// With --check nothing is written: the data is rebuilt in memory and every committed
    /// file that differs, is missing, is stale, is unknown or was edited by hand since the
    /// last build is named (CI runs this).
    ///
    /// Exit codes: 0 done (or, with --check, everything matches), 1 a test failed to build
    /// or the files differ, 2 bad arguments or a bad plan, 3 a file cannot be written.
    /// (`judge --help` lists every command's.)
    #[command(verbatim_doc_comment)]
    Build(BuildArgs),
    /// Run solutions on every test of a problem and judge each output.
    ///
    /// A solution is a source file (built as `judge languages` shows: C, C++, Rust,
    /// Python 3, Java, into target/solutions/) or any command (a binary, `python3 sol.py`,
    /// ...): the words after `--`, or one string in --command 'CMD', split as a shell splits
    /// words (quotes and backslashes; no variables, globs or pipes: --command
    /// "sh -c '...'" for those). It reads a test's input on stdin. Limits come from
    /// judge.toml: CPU time (which decides TLE), a wall clock of max(3 x that, that + 2 s)
    /// which only stops programs that wait, address space; output is capped at the checker's
    /// cap, max(1 MiB, 4 x the jury answer): one byte more and the solution is stopped and
    /// gets WA "output too long" with the sizes, the verdict `check` and `judge check` give
    /// the same output. A run that gets TLE or uses 80 % of the limit is run again, twice at
    /// most, and the fastest run counts (--confirm), but a TLE by CPU time on a quiet core
    /// stands (--confirm-all). A solution that hangs, forks or floods output is killed with
    /// its whole process group. Verdicts: AC, WA, PE, TLE, MLE, RE (exit code or signal), FAIL
    /// (a test data problem). Tests run in plan order, named GROUP/NAME.
    ///
    /// One solution: a table of its tests (verdict, CPU and wall time, memory, reason), then
    /// the first failure's checker message. A command that cannot start (not found, not
    /// executable) stops the run at the first test with one message.
    ///
    /// Several solutions (source files, then --command ones in order, then the one after
    /// `--`): the matrix. Every solution runs on every test, even after it failed one, the runs
    /// spread over the --jobs workers one test at a time; tests down, grouped as in
    /// judge.toml and numbered, solutions across (#1, #2, ... named by file name or command
    /// line; a longer path, or (2), where two names collide): a verdict letter and the CPU
    /// time per cell, per test the slowest accepted time against the limit, per solution its
    /// first failing test; then which solutions fail each test, and each one's first
    /// failure's message. A source that does not build, or a command that cannot start (it
    /// is not run past the first test), fails that solution; the others run on.
    ///
    /// Each run is shown as it finishes (a confirmed time verdict once its runs are over): on
    /// a terminal a live table on stderr (a row per solution, a letter per finished test)
    /// above the progress bar, cleared at the end; when stderr is not a terminal a line per
    /// finished run on stderr; with --json-lines a JSON object per finished run on stdout.
    /// The report itself (the table, --json) comes at the end on stdout, as always. Ctrl-C
    /// (SIGINT) or SIGTERM stops the runs (no test or confirmation re-run starts), kills the
    /// running solutions and prints the runs that finished (the partial table or matrix,
    /// "interrupted after N of M runs"), then exits with 128 + the signal (130 for Ctrl-C).
    ///
    /// --tests chooses tests: a group name, a GROUP/NAME, a NAME, or a glob of * and ? over
    /// any of these; comma lists, and --tests may be repeated. A pattern that matches no test
    /// is an error. --html FILE writes the matrix as a self-contained page (as `judge
    /// strength --matrix --html` does), also for one solution.
    ///
    /// Exit codes: 0 every solution accepted on every test, 1 some test not accepted (with
    /// several solutions also a command that cannot start), 2 bad arguments (also a missing
    /// source file, a --tests pattern that matches nothing, test data not built from
    /// judge.toml, a source whose toolchain is not installed here: nothing runs, or with one
    /// solution a command that cannot start), 3 a test the checker cannot judge (FAIL: the
    /// jury's data), 4 a source that does not build; with several solutions the highest of
    /// 1, 3 and 4 that applies; 130 interrupted (128 + the signal). (`judge --help` lists
    /// every command's.)
    ///
    /// Example:
    ///   judge run msquare sol.cpp
    ///   judge run sicily --tests samples,edge --jobs 1 -- ./my-solution
    ///   judge run msquare --tests 'by-distance/distance-1?-*' -- python3 sol.py
    ///   judge run rotation --json -- python3 sol.py > results.json
    ///   judge run msquare a.cpp b.py c.rs --tests samples,edge
    ///   judge run msquare fast.cpp --command 'python3 slow.py' --html report.html -- ./old
    #[command(verbatim_doc_comment)]
    Run(RunArgs),
    /// List the problems of judge.toml: format, limits, groups and their tests.
    ///
    /// One line per problem (its format, test count, time and memory limits, the most cases
    /// an input may hold, its shipped solutions and title), then its groups in judge.toml's
    /// order with their test counts. With PROBLEM only that one; with --tests also the
    /// GROUP/NAME of every test the selection picks, in plan order (the same selection as
    /// `judge run --tests`). It reads judge.toml only: nothing is built or run.
    ///
    /// Exit codes: 0 listed, 2 bad arguments (an unknown problem, a --tests pattern that
    /// matches nothing, a bad plan).
    ///
    /// Example:
    ///   judge list
    ///   judge list sicily --tests 'edge/limit-*'
    ///   judge list --json
    #[command(verbatim_doc_comment)]
    List(ListArgs),
    /// List the languages solutions may be written in: extensions, the exact compile and
    /// run commands, and whether the toolchain is installed here (with its version).
    ///
    /// In a command, {source} is the source file, {binary} the executable, {dir} the build
    /// directory, {class} the Java main class (the file's name) and {heap} the JVM's heap:
    /// the memory limit less 64 MiB for the JVM itself. A solution whose toolchain is missing is skipped by `judge strength`
    /// (said so), not failed.
    ///
    /// Exit codes: 0 always (a missing toolchain is information), 2 bad arguments.
    #[command(verbatim_doc_comment)]
    Languages(LanguagesArgs),
    /// Judge one output against one test, exactly as `judge run` would.
    ///
    /// The checker gets the problem's options from judge.toml (order, wrap), which a bare
    /// `check` call does not read; the message is the one `judge run` prints for a failing
    /// test. TEST is a test of the built data (GROUP/NAME, or a NAME only one group has, `.in`
    /// optional: testdata/PROBLEM/GROUP/NAME.in and .ans) or, when no such test exists, the
    /// path of an input file: it is validated strictly and its answer is computed by the
    /// reference solver.
    ///
    /// Exit codes (testlib's, as checkers speak, unlike the other commands): 0 accepted, 1
    /// wrong answer, 2 presentation error, 3 judge failure (a bad test, an unknown problem or
    /// test, bad arguments).
    ///
    /// Example:
    ///   judge check sicily samples/statement my-output.txt
    ///   judge check msquare my-board.in my-output.txt
    #[command(verbatim_doc_comment)]
    Check(CheckArgs),
    /// Validate input files against a problem's own limits, as judge.toml gives them.
    ///
    /// Each FILE (`-`: standard input) is read as `judge build` reads a test's input: strictly
    /// (testlib's strict mode: the statement's exact layout, canonical numbers, the ranges, the
    /// terminator and nothing after it) and against PROBLEM's limits in judge.toml: its format
    /// and its max_cases (rotation: at most 30 boards an input, rotationlarge 1,000). One line
    /// per file on stdout: `FILE: valid: 30 cases (at most 30, the problem rotation's
    /// max_cases)`, or its first fault, `FILE:LINE:COL: case 31: more than 30 cases ... (the
    /// problem rotation's max_cases, judge.toml:LINE)`; with several files a count at the end.
    /// The stand-alone `validate` binary does the same with --problem NAME, for scripts and
    /// judges that speak testlib's or Kattis' codes.
    ///
    /// Exit codes: 0 every file valid, 1 a file invalid (a verdict against what was judged),
    /// 2 bad arguments (no judge.toml, an unknown problem, a file that cannot be read; nothing
    /// is said of the files). (`judge --help` lists every command's.)
    ///
    /// Example:
    ///   judge validate rotation my-boards.in
    ///   judge validate sicily testdata/sicily/*/*.in
    #[command(verbatim_doc_comment)]
    Validate(ValidateArgs),
    /// Random tests until a solution fails; then shrink the failing input to a minimal one.
    ///
    /// Tests come from the seeded generator, every strategy in turn; the same --seed replays
    /// the same tests. Without --seed each call takes a fresh seed, and the report says which
    /// (`seed 483920`), so that --seed 483920 replays it. On a failure the input is shrunk:
    /// cases are dropped while it still fails; then the boards on the failing case's shortest
    /// path are tried, one at each distance from 0 up (a bug of long answers fails first at
    /// its smallest distance), then the smaller cases in a fixed order. Magic board (sicily,
    /// msquare): all 40,320 boards by (distance, lexicographically smallest shortest
    /// sequence); for sicily each board with N = 0, 1, ..., 23 and 2^31 - 1, many cases an
    /// input (at most the problem's max_cases) with bisection to the failing one; msquare one
    /// board a run (1,800 runs prove that no board closer than distance 11 fails). Rotation:
    /// boards by distance, every one of the 38,610 solved boards, then its path and a seeded
    /// sample of 240 at each smaller distance from 1. It
    /// prints how far it got: `shrunk from 1 case / distance 22 to 1 case / distance 11 in
    /// 1812 runs`, then whether minimality is proven (every smaller case passes), only within
    /// the run budget (--shrink-runs: every case below which distance passes, and how many
    /// at it) or among the boards tried (rotation), or a local minimum (a bug that needs
    /// three cases or more). A magic-board bug that needs two cases gets the exact minimum
    /// among the inputs of the cases up to its largest: each case alone, then every two-case
    /// input by largest case, then lexicographically. Every step is a real run of the solution.
    ///
    /// With --save the shrunk input becomes a manual test of the group "regressions" in
    /// judge.toml, named `stress-<solution>-<hash>` (its `name =`), and the
    /// problem's test data is rebuilt: both change together or not at all, and only if the
    /// new plan builds. If a test already has exactly this input, it says which test catches
    /// the solution and saves nothing.
    ///
    /// Exit codes: 0 no failure found, 1 a failure found (and printed, and saved with
    /// --save), 2 bad arguments (or a program that cannot start), 3 a test the checker cannot
    /// judge (FAIL) or the save failed (nothing changed), 4 the solution or the reference
    /// does not build. (`judge --help` lists every command's.)
    ///
    /// The solution is a source file (built as `judge run` builds it: `judge languages`),
    /// --command 'CMD', or the command after `--`. A second program may be stressed beside
    /// it, as Polygon stresses two solutions: --reference SOURCE-FILE or
    /// --reference-command 'CMD'. It runs first on every input, under the same limits and
    /// checker (answers still come from the built-in solver), and the first failure of
    /// either stops the run, shrunk and reported with whose it is ("the reference fails
    /// test 12 ...").
    ///
    /// Example:
    ///   judge stress msquare my-solution.cpp
    ///   judge stress sicily --seed 7 --count 500 -- ./my-solution
    ///   judge stress msquare --save --command 'python3 sol.py'
    ///   judge stress rotation fast.cpp --reference ida_star.py
    #[command(verbatim_doc_comment)]
    Stress(StressArgs),
    /// Run every shipped solution on the test set: wrong ones must be caught, accepted ones
    /// must pass with at least 2x margin.
    ///
    /// A problem's shipped solutions are the source files of solutions/PROBLEM/VERDICT/
    /// (VERDICT: accepted, wrong_answer or time_limit_exceeded, the outcome each must get),
    /// and judge.toml's [[problem.solution]] entries, which add a description, `catches` or
    /// `classic`, or take a file of another problem's folder. Sources (C, C++, Rust,
    /// Python 3, Java) are built with
    /// the commands `judge languages` shows, into target/solutions/. Reports, per
    /// wrong solution, the first test that kills it, and per accepted one its slowest test
    /// against the time limit and the margin (limit / slowest CPU time), which must be at
    /// least 2. Use --jobs 1 for honest timings. A solution whose compiler is missing is
    /// skipped (said so). The solutions run together, a test at a time round them, so that
    /// a slow one holds none back.
    ///
    /// With --matrix every solution runs on every test, even after it failed one (runs spread
    /// over the --jobs workers one test at a time), and the table shows, grouped as in
    /// judge.toml: a verdict letter and the CPU time per solution and test, the slowest
    /// accepted time of each test against the limit, each solution's first failing test;
    /// then what each test is worth (the wrong solutions it catches; candidates to drop: the
    /// tests that catch no wrong-answer solution and separate no intended-TLE one from the
    /// accepted ones; the tests catching each wrong solution) and a
    /// time-limit advice (slowest accepted test x 2, rounded up to whole seconds, against the
    /// fastest intended-TLE solution, which is run once more on one TLE test with 3x the
    /// limit to measure it). The outcome per solution is decided as without --matrix.
    ///
    /// A time verdict in doubt (TLE, or 80 % of the limit) is run again only where that can
    /// change an outcome: an accepted solution's test, a wrong one's first failure; never an
    /// intended-TLE solution's; and a TLE by CPU time on a quiet core stands (--confirm-all
    /// confirms every one).
    /// --html FILE writes the same as one self-contained page (no network): tests down,
    /// solutions across, each group one row (worst verdict, slowest time) that expands on
    /// click, sticky header and test column, colours per verdict, time bars, the
    /// answer-length histogram, every failure's message.
    ///
    /// Each run is shown as it finishes, and Ctrl-C prints the runs that finished, as for
    /// `judge run` (a live table on a terminal, a line per run on a pipe, --json-lines).
    ///
    /// Exit codes: 0 the test set catches every wrong solution and accepts every right one,
    /// 1 otherwise, 2 bad arguments, 3 a test the checker cannot judge (FAIL), 4 a shipped
    /// solution does not build (the highest of 1, 3 and 4 that applies), 130 interrupted (128
    /// + the signal). (`judge --help` lists every command's.)
    ///
    /// Example:
    ///   judge strength --jobs 1
    ///   judge strength msquare --matrix --html report.html
    ///   judge strength sicily --matrix --solutions '*wrong_answer*' --json > matrix.json
    #[command(verbatim_doc_comment)]
    Strength(StrengthArgs),
    /// Export problem packages for real judges: icpc (2025-09), kattis (also DOMjudge),
    /// polygon, cms, dmoj.
    ///
    /// The committed test data is first rebuilt in memory and compared with judge.toml (as
    /// `judge build --check` does); the package is made from it, the statement, the shipped
    /// solutions and the portable C++ checker and validator (sources; no prebuilt program).
    /// OUT_DIR/PROBLEM is replaced if it holds an earlier export of the same kind. The same
    /// inputs always give the same bytes.
    ///
    ///   icpc     OUT_DIR/PROBLEM (ICPC problem package 2025-09, for BAPCtools and
    ///            problemtools: problem.yaml with limits.time_limit, statement/, data/sample,
    ///            data/secret/GROUP/, input, answer and output validators, submissions)
    ///   kattis   OUT_DIR/PROBLEM (legacy Kattis package: problem.yaml, .timelimit, statement,
    ///            data/sample/NAME (the samples group), data/secret/GROUP/NAME, input and
    ///            output validators, submissions) and OUT_DIR/PROBLEM.zip for DOMjudge (with
    ///            domjudge-problem.ini)
    ///   polygon  tests/NN and NN.a numbered in plan order (names.txt: NN GROUP/NAME),
    ///            check.cpp, validator.cpp, script.txt (gen ... > N), problem.xml
    ///   cms      task.yaml, input/inputK.txt, output/outputK.txt in plan order (names.txt:
    ///            K GROUP/NAME), check/checker.cpp, gen/GEN (all or nothing)
    ///   dmoj     OUT_DIR/PROBLEM (DMOJ problem folder: init.yml with a batch per group, each
    ///            depending on the earlier ones, data/GROUP/NAME.in|.ans, checker.cpp as a
    ///            bridged testlib checker, statement.md, tests/SOLUTION/test.yml for DMOJ's
    ///            testsuite, README.md: how to add it to a site)
    ///
    /// Exit codes: 0 exported, 1 the test data is not what judge.toml builds (a file differs
    /// or is missing, a test fails to build), 2 bad arguments or a bad plan, 3 the package
    /// cannot be made or written. (`judge --help` lists every command's.)
    ///
    /// Example:
    ///   judge export kattis msquare packages/
    ///   judge export icpc --all packages/icpc/
    ///   judge export cms --all packages/cms/
    ///   judge export dmoj --all packages/dmoj/
    #[command(
        verbatim_doc_comment,
        override_usage = "judge export <KIND> <PROBLEM> <OUT_DIR>\n       judge export <KIND> --all <OUT_DIR>"
    )]
    Export(ExportArgs),
}

/// The arguments of `judge build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// Compare with the files on disk instead of writing them.
    #[arg(long)]
    pub check: bool,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the test data goes (default: testdata/ beside the plan).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Only these problems (default: all).
    pub problems: Vec<String>,
}

/// The arguments of `judge run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The problem (its name in judge.toml).
    pub problem: String,
    /// Only these tests: group names, GROUP/NAMEs, NAMEs or globs (`*`, `?`) over them,
    /// comma-separated; may be repeated.
    #[arg(long, value_name = "SELECTION")]
    pub tests: Vec<String>,
    #[command(flatten)]
    pub common: Common,
    /// Print the results as JSON on stdout instead of a table. One solution: per test its
    /// test (GROUP/NAME), group, verdict ("WA"), detail ("cpu", "exit code 3", or null),
    /// times, memory, summary and the checker's full message. Several: the matrix, as
    /// `judge strength --matrix --json` gives it (kind "given", no expectations).
    #[arg(long)]
    pub json: bool,
    /// Print a JSON object per finished run on stdout as it finishes (its test result
    /// with event "run", problem, solution, path, solution_number, test_number, done,
    /// total), then a last one: {"event": "end", "exit_code", "interrupted"}.
    #[arg(long, conflicts_with = "json")]
    pub json_lines: bool,
    /// Also write the matrix as a self-contained HTML page.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// A solution's command as one string, split as a shell splits words; may be
    /// repeated, beside source files and a command after `--`.
    #[arg(long = "command", value_name = "CMD")]
    pub commands: Vec<String>,
    /// Source files to build and run (.c, .cpp, .cc, .rs, .py, .java).
    #[arg(
        value_name = "SOURCE-FILE",
        required_unless_present_any = ["commands", "command"]
    )]
    pub sources: Vec<PathBuf>,
    /// A solution's command, instead of or beside source files.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// The arguments of `judge list`.
#[derive(clap::Args)]
pub struct ListArgs {
    /// Only this problem (its name in judge.toml).
    pub problem: Option<String>,
    /// Also list the tests this selection picks: group names, GROUP/NAMEs, NAMEs or globs
    /// (`*`, `?`), comma-separated; may be repeated. Needs PROBLEM.
    #[arg(long, value_name = "SELECTION")]
    pub tests: Vec<String>,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Print the listing as JSON on stdout: per problem its name, format, title, limits,
    /// max_cases, tests, groups (name, tests), solutions and, with --tests, selected.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `judge languages`.
#[derive(clap::Args)]
pub struct LanguagesArgs {
    /// Print the list as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `judge check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The problem (its name in judge.toml).
    pub problem: String,
    /// A test of testdata/PROBLEM (GROUP/NAME or NAME), or an input file.
    pub test: String,
    /// The output to judge.
    pub output: PathBuf,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the test data is (default: testdata/ beside the plan).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Print the result as JSON on stdout (test, verdict, summary, details).
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `judge validate`.
#[derive(clap::Args)]
pub struct ValidateArgs {
    /// The problem whose limits to check (its name in judge.toml).
    pub problem: String,
    /// The input files (`-`: standard input).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
}

/// The arguments of `judge stress`.
#[derive(clap::Args)]
pub struct StressArgs {
    /// The problem (its name in judge.toml).
    pub problem: String,
    /// The seed of the schedule of tests (default: a fresh one each call, printed so that
    /// --seed replays it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many tests (default 1000 unless --time is given).
    #[arg(long, conflicts_with = "time")]
    pub count: Option<usize>,
    /// How many seconds to run instead of a count.
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// Add the shrunk failing input to judge.toml and rebuild the problem's test data.
    #[arg(long)]
    pub save: bool,
    /// The most solution runs shrinking may take (a sandboxed run takes some milliseconds).
    #[arg(long, default_value_t = 3000, value_name = "RUNS")]
    pub shrink_runs: usize,
    #[command(flatten)]
    pub common: Common,
    /// The solution's command as one string, split as a shell splits words (instead of a
    /// source file or the command after `--`).
    #[arg(long = "command", value_name = "CMD")]
    pub commands: Vec<String>,
    /// The solution's source file, built as `judge run` builds it (.c, .cpp, .cc, .rs,
    /// .py, .java).
    #[arg(value_name = "SOURCE-FILE")]
    pub sources: Vec<PathBuf>,
    /// The solution's command, instead of a source file.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
    /// A reference's source file, run first on every input (built as the solution is).
    #[arg(long, value_name = "SOURCE-FILE", conflicts_with = "reference_command")]
    pub reference: Option<PathBuf>,
    /// A reference's command as one string, split as a shell splits words.
    #[arg(long, value_name = "CMD")]
    pub reference_command: Option<String>,
}

/// The arguments of `judge strength`.
#[derive(clap::Args)]
pub struct StrengthArgs {
    /// Only these problems (default: all).
    pub problems: Vec<String>,
    /// Only these tests of each problem (as for `judge run`; every pattern must match in
    /// each problem): to see what a subset of the tests catches.
    #[arg(long, value_name = "SELECTION")]
    pub tests: Vec<String>,
    /// Only the shipped solutions whose path (relative to judge.toml's folder) matches this
    /// glob (`*` also matches `/`). A glob that matches none of them takes the source files
    /// it matches (`judge strength msquare --solutions 'my/*'`): each must get the verdict its
    /// folder names (my/wrong_answer/x.cpp), any other must be accepted; the problem must be
    /// named.
    #[arg(long, value_name = "GLOB")]
    pub solutions: Option<String>,
    /// Every solution on every test, as a table (or JSON with --json).
    #[arg(long)]
    pub matrix: bool,
    /// Write the matrix as a self-contained HTML page (implies --matrix).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub common: Common,
    /// Print the reports as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Print a JSON object per finished run on stdout as it finishes (its test result
    /// with event "run", problem, solution, path, solution_number, test_number, done,
    /// total), then a last one: {"event": "end", "exit_code", "interrupted"}.
    #[arg(long, conflicts_with = "json")]
    pub json_lines: bool,
}

/// The arguments of `judge export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The judge system.
    #[arg(value_enum)]
    pub kind: Kind,
    /// PROBLEM OUT_DIR, or with --all only OUT_DIR.
    #[arg(value_names = ["PROBLEM", "OUT_DIR"], num_args = 1..=2, required = true)]
    pub targets: Vec<String>,
    /// Every problem of the plan.
    #[arg(long)]
    pub all: bool,
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the committed test data is (default: testdata/ beside the plan).
    #[arg(long)]
    pub data: Option<PathBuf>,
}

/// Options shared by the commands that run solutions.
#[derive(clap::Args)]
pub struct Common {
    /// The plan (default: judge.toml in the current directory or the nearest one above it).
    #[arg(long, default_value = "judge.toml", hide_default_value = true)]
    pub plan: PathBuf,
    /// Where the test data is (default: testdata/ beside the plan).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Parallel jobs (default: the number of physical cores; each job is pinned to a core of
    /// its own; 1 gives the most honest timings).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// CPU seconds per test, instead of judge.toml's time limit (`judge run`, `stress`).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Wall-clock seconds per test, instead of judge.toml's `wall_limit` or the default
    /// max(3 x the time limit, the time limit + 2 s): it only stops programs that wait; the
    /// CPU time decides TLE (`judge run`, `stress`).
    #[arg(long, value_name = "SECONDS")]
    pub wall_limit: Option<f64>,
    /// Re-run a test at most N more times when it gets TLE (CPU or wall clock) or uses at
    /// least --confirm-near of the limit, where a re-run can change an outcome and the run's
    /// core was not quiet (see --confirm-all); the fastest run gives the verdict and the
    /// times. 0 turns it off.
    #[arg(long, value_name = "N", default_value_t = Confirm::DEFAULT.reruns)]
    pub confirm: usize,
    /// The share of the time limit from which a run that ended in time is confirmed too.
    #[arg(long, value_name = "FRACTION", default_value_t = Confirm::DEFAULT.near,
          value_parser = parse_near)]
    pub confirm_near: f64,
    /// Confirm every run in doubt. By default only where a re-run can change an outcome (not
    /// an intended-TLE solution's TLE, nor a wrong-answer solution's TLE after its first
    /// failure), and a TLE by CPU time on a quiet core stands without re-runs.
    #[arg(long)]
    pub confirm_all: bool,
    /// MiB of memory per test, instead of judge.toml's.
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,
    /// How solutions are confined: `auto` (every layer this machine allows: own session,
    /// private directory, clean environment, rlimits, own uid as root, Landlock, pid and
    /// network namespaces, cgroup), `strict` (refuse to run unless every layer holds), `off`
    /// (no sandbox: for debugging only).
    #[arg(long, value_name = "MODE", default_value = "auto", value_parser = SandboxMode::parse)]
    pub sandbox: SandboxMode,
}

impl Command {
    /// The command's `--plan`, for the commands that read judge.toml.
    fn plan_mut(&mut self) -> Option<&mut PathBuf> {
        match self {
            Command::Build(a) => Some(&mut a.plan),
            Command::Run(a) => Some(&mut a.common.plan),
            Command::List(a) => Some(&mut a.plan),
            Command::Check(a) => Some(&mut a.plan),
            Command::Validate(a) => Some(&mut a.plan),
            Command::Stress(a) => Some(&mut a.common.plan),
            Command::Strength(a) => Some(&mut a.common.plan),
            Command::Export(a) => Some(&mut a.plan),
            Command::Languages(_) => None,
        }
    }

    /// Sets the plan of a command that reads judge.toml and was given no `--plan` (as
    /// `matches`, its command line, says) to judge.toml in the current directory or the
    /// nearest one above it (as cargo and git find theirs); or says there is none.
    pub fn find_plan(&mut self, matches: &ArgMatches) -> Result<(), String> {
        let Some(plan) = self.plan_mut() else {
            return Ok(());
        };
        let given = matches
            .subcommand()
            .and_then(|(_, m)| m.value_source("plan"))
            .is_some_and(|source| source != ValueSource::DefaultValue);
        if given {
            return Ok(());
        }
        let here = std::env::current_dir()
            .map_err(|e| format!("cannot read the current directory: {e}"))?;
        *plan = Plan::find(&here).ok_or_else(|| {
            format!(
                "no judge.toml in {} or any directory above it; give its path with --plan",
                here.display()
            )
        })?;
        Ok(())
    }
}

/// True when `option` (`--tests`) of the subcommand `argv[0]` takes a value.
pub fn takes_value(argv: &[String], option: &str) -> bool {
    let command = Args::command();
    let Some(sub) = argv.first().and_then(|s| command.find_subcommand(s)) else {
        return false;
    };
    let long = option.trim_start_matches('-');
    sub.get_arguments()
        .any(|a| a.get_long() == Some(long) && a.get_action().takes_values())
}

/// A share of the time limit for --confirm-near: in (0, 1].
fn parse_near(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(near) if near > 0.0 && near <= 1.0 => Ok(near),
        _ => Err(format!("a share of the time limit in (0, 1], not {text}")),
    }
}

/// `name` in the directory of the plan (`testdata` beside judge.toml), so that `--plan` works
/// from any directory.
pub fn beside(plan: &std::path::Path, name: &str) -> PathBuf {
    match plan.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(name),
        _ => PathBuf::from(name),
    }
}

impl From<Common> for Session {
    fn from(c: Common) -> Session {
        Session {
            data: c.data.unwrap_or_else(|| beside(&c.plan, "testdata")),
            plan: c.plan,
            jobs: c.jobs,
            time_limit: c.time_limit,
            wall_limit: c.wall_limit,
            confirm: Confirm {
                reruns: c.confirm,
                near: c.confirm_near,
                all: c.confirm_all,
            },
            memory_limit: c.memory_limit,
            sandbox: c.sandbox,
        }
    }
}
