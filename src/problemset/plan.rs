//! `judge.toml`: the problem set, each problem with its format (several problems may share
//! one, e.g. `sicily` and `sicilylarge`), its limits (time, memory, and the statement's
//! case limit), checker options and test plan (an ordered list of groups of tests, each test a
//! generator command, a manual input, like a Polygon script, or a program of one's own). Every
//! test has a name, unique within its group (see [`names`](crate::problemset::names)): its files
//! are `<group>/<name>.in` and `.ans`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;

use crate::check::{CheckOptions, Order};
use crate::format::Format;
use crate::generator::GenArgs;
pub use crate::problemset::expected::Expected;
use crate::problemset::expected::check_dmoj_expect;
use crate::problemset::names::{check_name, generated_name, manual_name, program_name};
use crate::problemset::program_generator::{DEFAULT_TIME_LIMIT, expand_seed};
use crate::problemset::{cases_file::CasesFile, folders};
use crate::runner::IoFiles;
use crate::runner::compile::BuildLimits;
use crate::runner::language::{self, Standard};
use crate::validate::{InputLimits, Origin};

/// The whole problem set, as read from judge.toml.
#[derive(Debug)]
pub struct Plan {
    /// Where the plan was read from.
    pub path: PathBuf,
    /// The problems, in file order.
    pub problems: Vec<ProblemPlan>,
    /// The limits of every build of a solution's or a generator's source (judge.toml's
    /// `[build]`: `cpu`, `wall` in seconds, `memory`, `output` in MiB).
    pub build: BuildLimits,
}

/// One problem.
#[derive(Debug)]
pub struct ProblemPlan {
    /// The problem's name: its directory under testdata/ (lower-case letters and digits).
    pub name: String,
    /// Its format.
    pub format: Format,
    /// Its title.
    pub title: String,
    /// CPU seconds per test.
    pub time_limit: f64,
    /// Wall-clock seconds per test (judge.toml's `wall_limit`), which only stops a program
    /// that waits; `None`: the default, [`crate::runner::default_wall`].
    pub wall_limit: Option<f64>,
    /// Memory per test, in MiB.
    pub memory_limit: u64,
    /// The largest file a solution may write in its sandbox, in MiB (`RLIMIT_FSIZE`).
    pub file_size_limit: u64,
    /// The statement's limit on the cases of one input (judge.toml's `max_cases`; by default
    /// the format's widest, [`Format::max_cases`]): `judge build` refuses a test with more.
    pub max_cases: usize,
    /// The judge.toml line that sets `max_cases` (the problem's line when it is not set).
    pub max_cases_line: usize,
    /// The checker's options.
    pub checker: CheckOptions,
    /// The input and output files of its runs (judge.toml's `input_file`, `output_file`,
    /// `files_only`).
    pub files: IoFiles,
    /// The tests, in order.
    pub tests: Vec<TestPlan>,
    /// The shipped solutions and what they must get.
    pub solutions: Vec<SolutionPlan>,
    /// The file of its validator's and checker's own tests (judge.toml's `cases`), if any.
    pub cases: Option<CasesFile>,
}

/// A shipped solution and its expected outcome (Kattis' submissions directories): a
/// `[[problem.solution]]` entry of judge.toml, or a file of the problem's verdict folders
/// ([`crate::problemset::folders`]).
#[derive(Debug, Clone, Default)]
pub struct SolutionPlan {
    /// The source file, relative to the repository root.
    pub path: PathBuf,
    /// What it must get on the test set.
    pub expected: Expected,
    /// What it does, or which mistake it makes: the entry's `description`, else the first
    /// sentence of the file's header comment, else its file name.
    pub description: String,
    /// The judge.toml line of its `[[problem.solution]]` entry; `None` for a solution
    /// declared by its folder alone.
    pub line: Option<usize>,
    /// For a wrong or slow solution: a small input on which it fails (`tests/solutions.rs`
    /// checks the claim; the file's header comment explains it).
    pub catches: Option<String>,
    /// An accepted solution that is the problem's classic intended method written the plain
    /// way (judge.toml `classic = true`): the yardstick the tests are sized for, so `judge
    /// strength` asks it for 3x margin rather than the 2x of any other accepted solution
    /// (`CLASSIC_MARGIN` and `MIN_MARGIN` in the judging layer above).
    pub classic: bool,
    /// The codes DMOJ's judge gives it where its sandbox judges it otherwise than every other
    /// judge (judge.toml `dmoj_expect`, e.g. `[IR, SC]`: DMOJ refuses to open `/dev/stdin`),
    /// for the DMOJ export's testsuite case; `None`: as `expected` says.
    pub dmoj_expect: Option<String>,
    /// The language standard it is built as (judge.toml `std = "cpp98"`); `None`: its
    /// language's default.
    pub standard: Option<&'static Standard>,
    /// Whether it reads the problem's input file and writes its output file (judge.toml
    /// `file_io = true`): the exports, whose judges take standard input and output here,
    /// leave it out.
    pub file_io: bool,
}

/// One test of the plan.
#[derive(Debug, Clone)]
pub struct TestPlan {
    /// The group it belongs to (samples, small, ...).
    pub group: String,
    /// Its name within the group: judge.toml's `name`, else one derived from its source.
    pub name: String,
    /// Where the input comes from.
    pub source: TestSource,
    /// The judge.toml line that defines it.
    pub line: usize,
}

/// Where a test's input comes from.
#[derive(Debug, Clone)]
pub enum TestSource {
    /// A generator command, run in process.
    Generator {
        /// The command as written in judge.toml.
        command: String,
        /// The parsed command.
        args: Box<GenArgs>,
    },
    /// An input written out in judge.toml (the statements' samples).
    Manual(String),
    /// A program of one's own (`{ generator = "python3 generators/corners.py --seed {seed}" }`),
    /// run in the sandbox: see [`crate::problemset::program_generator`].
    Program {
        /// The command as written in judge.toml (words joined by single spaces).
        command: String,
        /// The command with `{seed}` expanded: what runs.
        expanded: String,
        /// CPU seconds per run (the test's `time_limit`, by default
        /// [`crate::problemset::program_generator::DEFAULT_TIME_LIMIT`]).
        time_limit: f64,
    },
}

impl ProblemPlan {
    /// What the problem's inputs are validated against: its format and its `max_cases`, the
    /// limit named as this problem's, set at `judge.toml:LINE` of the plan at `plan`.
    pub fn input_limits(&self, plan: &Path) -> InputLimits {
        InputLimits {
            format: self.format,
            max_cases: self.max_cases,
            origin: Origin::Problem {
                name: self.name.clone(),
                at: format!("{}:{}", plan.display(), self.max_cases_line),
            },
        }
    }
}

impl TestPlan {
    /// `group/name`: the test's path under its problem's directory, without extension, and
    /// how messages name it.
    pub fn id(&self) -> String {
        format!("{}/{}", self.group, self.name)
    }
}

impl TestSource {
    /// How the manifest describes it: the generator command, or `manual`.
    pub fn describe(&self) -> &str {
        match self {
            TestSource::Generator { command, .. } | TestSource::Program { command, .. } => command,
            TestSource::Manual(_) => "manual",
        }
    }
}

/// A plan that cannot be used, with the judge.toml line that says why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanError {
    /// The plan's path.
    pub path: PathBuf,
    /// The line, if known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for PlanError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlan {
    build: Option<RawBuild>,
    problem: Vec<Spanned<RawProblem>>,
}

/// judge.toml's `[build]`: the limits of the jailed compiler.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuild {
    cpu: Option<f64>,
    wall: Option<f64>,
    memory: Option<u64>,
    output: Option<u64>,
}

impl RawBuild {
    /// The limits, with the defaults where judge.toml says nothing; an error names the
    /// first that is out of range.
    fn limits(&self) -> Result<BuildLimits, String> {
        let d = BuildLimits::DEFAULT;
        let seconds = |name: &str, value: Option<f64>, default: Duration| match value {
            None => Ok(default),
            Some(v) if v > 0.0 && v <= 3600.0 => Ok(Duration::from_secs_f64(v)),
            Some(v) => Err(format!(
                "[build] {name} must be in (0, 3600] seconds, not {v}"
            )),
        };
        let mib = |name: &str, value: Option<u64>, default: u64| match value {
            None => Ok(default),
            Some(v) if (1..=65536).contains(&v) => Ok(v << 20),
            Some(v) => Err(format!("[build] {name} must be 1 to 65536 MiB, not {v}")),
        };
        Ok(BuildLimits {
            cpu: seconds("cpu", self.cpu, d.cpu)?,
            wall: seconds("wall", self.wall, d.wall)?,
            memory_bytes: mib("memory", self.memory, d.memory_bytes)?,
            output_bytes: mib("output", self.output, d.output_bytes)?,
            ..d
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProblem {
    name: String,
    format: String,
    title: String,
    time_limit: f64,
    wall_limit: Option<f64>,
    memory_limit: u64,
    #[serde(default = "default_file_size_limit")]
    file_size_limit: u64,
    max_cases: Option<Spanned<usize>>,
    order: Option<Spanned<String>>,
    wrap: Option<usize>,
    input_file: Option<String>,
    output_file: Option<String>,
    #[serde(default)]
    files_only: bool,
    group: Vec<RawGroup>,
    #[serde(default)]
    solution: Vec<Spanned<RawSolution>>,
    cases: Option<Spanned<String>>,
}

/// The default of `file_size_limit`: 64 MiB, far more than any answer.
fn default_file_size_limit() -> u64 {
    crate::runner::DEFAULT_FILE_BYTES >> 20
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSolution {
    path: PathBuf,
    expected: Expected,
    description: Option<String>,
    catches: Option<String>,
    #[serde(default)]
    classic: bool,
    dmoj_expect: Option<String>,
    std: Option<String>,
    #[serde(default)]
    file_io: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    name: Spanned<String>,
    tests: Vec<Spanned<toml::Value>>,
}

/// What a test entry of judge.toml may be.
const TEST_SHAPES: &str = "a test is a generator command (\"gen ...\"), or a table with \
    `gen = \"gen ...\"`, `input = \"...\"` or `generator = \"<program> ...\"` (with an optional \
    `time_limit` in seconds) and an optional `name = \"...\"`";

/// A test entry: its optional name and its source, or what is wrong with it.
fn parse_test(value: &toml::Value, format: Format) -> Result<(Option<String>, TestSource), String> {
    let generator = |command: &str| -> Result<TestSource, String> {
        let args = GenArgs::parse_command(command)?;
        if args.format != format {
            return Err(format!(
                "a {} generator in the {format} problem",
                args.format
            ));
        }
        Ok(TestSource::Generator {
            command: command.split_whitespace().collect::<Vec<_>>().join(" "),
            args: Box::new(args),
        })
    };
    let program = |command: &str, time_limit: Option<&toml::Value>| -> Result<TestSource, String> {
        let time_limit = match time_limit {
            None => DEFAULT_TIME_LIMIT,
            Some(value) => value
                .as_float()
                .or_else(|| value.as_integer().map(|i| i as f64))
                .ok_or("the test's `time_limit` must be a number of seconds")?,
        };
        if !(time_limit > 0.0 && time_limit <= 600.0) {
            return Err(format!(
                "a generator's time_limit must be in (0, 600] seconds, not {time_limit}"
            ));
        }
        let words = command.split_whitespace().collect::<Vec<_>>();
        if words.is_empty() {
            return Err("the generator command is empty".into());
        }
        Ok(TestSource::Program {
            command: words.join(" "),
            expanded: expand_seed(command),
            time_limit,
        })
    };
    let text = |key: &str, value: &toml::Value| -> Result<String, String> {
        value
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("the test's `{key}` must be a string"))
    };
    match value {
        toml::Value::String(command) => Ok((None, generator(command)?)),
        toml::Value::Table(table) => {
            if let Some(key) = table.keys().find(|k| {
                !matches!(
                    k.as_str(),
                    "name" | "gen" | "input" | "generator" | "time_limit"
                )
            }) {
                return Err(format!("unknown key `{key}` in a test: {TEST_SHAPES}"));
            }
            let name = table.get("name").map(|v| text("name", v)).transpose()?;
            let time_limit = table.get("time_limit");
            if time_limit.is_some() && !table.contains_key("generator") {
                return Err("`time_limit` is for a `generator` program's runs".into());
            }
            let source = match (table.get("gen"), table.get("input"), table.get("generator")) {
                (Some(command), None, None) => generator(&text("gen", command)?)?,
                (None, Some(input), None) => TestSource::Manual(text("input", input)?),
                (None, None, Some(command)) => program(&text("generator", command)?, time_limit)?,
                _ => {
                    return Err(format!(
                        "give exactly one of `gen`, `input` and `generator`: {TEST_SHAPES}"
                    ));
                }
            };
            Ok((name, source))
        }
        _ => Err(TEST_SHAPES.to_string()),
    }
}

impl Plan {
    /// The plan a command reads when none is named: `judge.toml` in `dir` or in the nearest
    /// directory above it, as cargo finds Cargo.toml; as a path relative to `dir`
    /// (`judge.toml`, `../../judge.toml`), so that messages name files as seen from there.
    pub fn find(dir: &Path) -> Option<PathBuf> {
        let mut up = PathBuf::new();
        for ancestor in dir.ancestors() {
            if ancestor.join("judge.toml").is_file() {
                return Some(up.join("judge.toml"));
            }
            up.push("..");
        }
        None
    }

    /// The folder of judge.toml at `path`, which the paths in it are relative to (the
    /// repository): its parent, or `.` for a bare `judge.toml`.
    pub fn root(path: &Path) -> &Path {
        match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        }
    }

    /// `name` in the folder of judge.toml at `path` ([`Plan::root`]), as `name` alone (no
    /// `./`) for a bare `judge.toml`: `testdata`, `../target/trash`.
    pub fn beside(path: &Path, name: &str) -> PathBuf {
        path.parent().unwrap_or(Path::new("")).join(name)
    }

    /// Reads and checks a plan: every generator command must parse and match its problem's
    /// format, every option must make sense; each problem's solutions are judge.toml's
    /// entries, then the files of its verdict folders that no entry names
    /// ([`crate::problemset::folders`]).
    pub fn load(path: &Path) -> Result<Plan, PlanError> {
        let error = |line, message| PlanError {
            path: path.to_path_buf(),
            line,
            message,
        };
        let text = std::fs::read_to_string(path).map_err(|e| error(None, e.to_string()))?;
        let mut plan = Plan::parse(path, &text)?;
        let root = Plan::root(path);
        for problem in &mut plan.problems {
            add_folder_solutions(root, problem).map_err(|e| error(None, e))?;
        }
        Ok(plan)
    }

    /// Parses the text of a plan; `path` names it in errors. Only judge.toml's own
    /// `[[problem.solution]]` entries are read: [`Plan::load`] adds the verdict folders'.
    pub fn parse(path: &Path, text: &str) -> Result<Plan, PlanError> {
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let error = |line, message| PlanError {
            path: path.to_path_buf(),
            line,
            message,
        };
        let raw: RawPlan = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(s.start));
            error(line, e.message().to_string())
        })?;
        let build = match &raw.build {
            Some(build) => build.limits().map_err(|e| error(None, e))?,
            None => BuildLimits::DEFAULT,
        };
        let mut problems: Vec<ProblemPlan> = Vec::new();
        for spanned in raw.problem {
            let line = line_of(spanned.span().start);
            let p = spanned.into_inner();
            let at =
                |message: String| error(Some(line), format!("problem '{}': {message}", p.name));
            if p.name.is_empty()
                || !p
                    .name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            {
                return Err(at("a problem name is lower-case letters and digits".into()));
            }
            if problems.iter().any(|q| q.name == p.name) {
                return Err(at("the name is used twice".into()));
            }
            let format: Format = p.format.parse().map_err(at)?;
            if !(p.time_limit > 0.0 && p.time_limit <= 60.0) {
                return Err(at(format!(
                    "time_limit must be in (0, 60] seconds, not {}",
                    p.time_limit
                )));
            }
            if let Some(wall) = p.wall_limit
                && !(wall >= p.time_limit && wall <= 600.0)
            {
                return Err(at(format!(
                    "wall_limit must be in [time_limit, 600] seconds, not {wall}"
                )));
            }
            if !(16..=65_536).contains(&p.memory_limit) {
                return Err(at(format!(
                    "memory_limit must be 16..=65536 MiB, not {}",
                    p.memory_limit
                )));
            }
            if !(1..=4096).contains(&p.file_size_limit) {
                return Err(at(format!(
                    "file_size_limit must be 1..=4096 MiB, not {}",
                    p.file_size_limit
                )));
            }
            let (max_cases, max_cases_line) = match &p.max_cases {
                None => (format.max_cases(), line),
                Some(k) => {
                    let k_line = line_of(k.span().start);
                    let k = *k.get_ref();
                    let widest = format.max_cases();
                    if format == Format::Msquare {
                        let m = "max_cases is for sicily and rotation (msquare has one board)";
                        return Err(error(Some(k_line), m.into()));
                    }
                    if !(1..=widest).contains(&k) {
                        let m = format!("max_cases must be in 1..={widest} for {format}, not {k}");
                        return Err(error(Some(k_line), m));
                    }
                    (k, k_line)
                }
            };
            let mut checker = CheckOptions::default();
            let mut options_line = line;
            if let Some(order) = &p.order {
                let line = line_of(order.span().start);
                options_line = line;
                checker.order = order
                    .get_ref()
                    .parse::<Order>()
                    .map_err(|e| error(Some(line), e))?;
            }
            if let Some(wrap) = p.wrap {
                if format != Format::Msquare {
                    return Err(at("wrap is for msquare only".into()));
                }
                checker.wrap = wrap;
            }
            checker
                .validate(format)
                .map_err(|e| error(Some(options_line), format!("problem '{}': {e}", p.name)))?;
            let files = IoFiles::new(p.input_file.clone(), p.output_file.clone(), p.files_only);
            let files = files.map_err(at)?;
            let mut tests: Vec<TestPlan> = Vec::new();
            let mut group_lines: Vec<(&str, usize)> = Vec::new();
            for group in &p.group {
                let group_line = line_of(group.name.span().start);
                let group_name = group.name.get_ref();
                check_name("the group name", group_name).map_err(|e| error(Some(group_line), e))?;
                if let Some((_, first)) = group_lines.iter().find(|(g, _)| g == group_name) {
                    let m = format!(
                        "problem '{}': the group name '{group_name}' is used twice (first on \
                         line {first}): a group is one directory of test files",
                        p.name
                    );
                    return Err(error(Some(group_line), m));
                }
                group_lines.push((group_name, group_line));
                for test in &group.tests {
                    let line = line_of(test.span().start);
                    let (name, source) =
                        parse_test(test.get_ref(), format).map_err(|e| error(Some(line), e))?;
                    let name = match name {
                        Some(name) => {
                            check_name("the test name", &name).map_err(|e| error(Some(line), e))?;
                            name
                        }
                        None => match &source {
                            TestSource::Generator { args, .. } => generated_name(args),
                            TestSource::Manual(input) => manual_name(input),
                            TestSource::Program { command, .. } => program_name(command),
                        },
                    };
                    if let Some(first) = tests
                        .iter()
                        .find(|t| t.group == *group_name && t.name == name)
                    {
                        let m = format!(
                            "problem '{}': two tests of group '{group_name}' are named '{name}' \
                             (the other on line {}): give one of them another `name`",
                            p.name, first.line
                        );
                        return Err(error(Some(line), m));
                    }
                    tests.push(TestPlan {
                        group: group_name.clone(),
                        name,
                        source,
                        line,
                    });
                }
            }
            if tests.is_empty() {
                return Err(at("the plan has no tests".into()));
            }
            let solutions = solutions(&p.name, p.solution, &line_of)
                .map_err(|(l, m)| error(Some(l), format!("problem '{}': {m}", p.name)))?;
            if files == IoFiles::default() && solutions.iter().any(|s| s.file_io) {
                return Err(at(
                    "`file_io = true` on a solution needs an input_file or output_file".into(),
                ));
            }
            let cases = (p.cases.as_ref())
                .map(|c| CasesFile::new(c.get_ref(), path, line_of(c.span().start)));
            let cases = cases.transpose().map_err(at)?;
            problems.push(ProblemPlan {
                name: p.name,
                format,
                title: p.title,
                time_limit: p.time_limit,
                wall_limit: p.wall_limit,
                memory_limit: p.memory_limit,
                file_size_limit: p.file_size_limit,
                max_cases,
                max_cases_line,
                checker,
                files,
                tests,
                solutions,
                cases,
            });
        }
        Ok(Plan {
            path: path.to_path_buf(),
            problems,
            build,
        })
    }

    /// The problem named `name`.
    pub fn problem(&self, name: &str) -> Result<&ProblemPlan, String> {
        self.problems
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.problems.iter().map(|p| p.name.as_str()).collect();
                let hint = crate::text::did_you_mean(name, names.iter().copied());
                format!(
                    "no problem '{name}' in the plan (it has: {}){hint}",
                    names.join(", ")
                )
            })
    }
}

/// A problem's `[[problem.solution]]` entries, checked: each path once, `classic` only on an
/// accepted one, a file of the problem's own verdict folder expecting that folder's verdict
/// ([`folders::check_entry`]); a description derived where the entry has none. An error
/// gives the entry's line.
fn solutions(
    problem: &str,
    raw: Vec<Spanned<RawSolution>>,
    line_of: &dyn Fn(usize) -> usize,
) -> Result<Vec<SolutionPlan>, (usize, String)> {
    let mut solutions: Vec<SolutionPlan> = Vec::new();
    for spanned in raw {
        let line = line_of(spanned.span().start);
        let s = spanned.into_inner();
        let at = |message: String| (line, format!("solution {}: {message}", s.path.display()));
        if let Some(first) = solutions.iter().find(|o| o.path == s.path) {
            let first = first.line.unwrap_or(0);
            return Err(at(format!("listed twice (first on line {first})")));
        }
        if s.classic && s.expected != Expected::Accepted {
            return Err(at(format!(
                "`classic = true` marks an accepted solution, not one expected to get {}",
                s.expected.name()
            )));
        }
        folders::check_entry(problem, &s.path, s.expected).map_err(|m| (line, m))?;
        if let Some(codes) = &s.dmoj_expect {
            check_dmoj_expect(codes).map_err(at)?;
        }
        let standard = (s.std.as_deref()).map(|id| language::standard_of(&s.path, id));
        let standard = standard.transpose().map_err(at)?;
        solutions.push(SolutionPlan {
            description: s.description.unwrap_or_default(),
            path: s.path,
            expected: s.expected,
            line: Some(line),
            catches: s.catches,
            classic: s.classic,
            dmoj_expect: s.dmoj_expect,
            standard,
            file_io: s.file_io,
        });
    }
    Ok(solutions)
}

/// Adds to `problem` the solutions its verdict folders under `root` (judge.toml's folder)
/// declare that no judge.toml entry names, and a description to every solution without one
/// (the first sentence of its header comment, or its file name).
fn add_folder_solutions(root: &Path, problem: &mut ProblemPlan) -> Result<(), String> {
    for found in folders::discover(root, &problem.name)? {
        if problem.solutions.iter().all(|s| s.path != found.path) {
            problem.solutions.push(SolutionPlan {
                path: found.path,
                expected: found.expected,
                ..SolutionPlan::default()
            });
        }
    }
    for s in &mut problem.solutions {
        if s.description.is_empty() {
            s.description = folders::describe(&root.join(&s.path));
        }
    }
    Ok(())
}
