//! `validate`: the strict input validator's command line. The validator itself, which takes
//! limits: [`boardjudge::validate`]; here judge.toml is found for `--problem NAME` (and for
//! the note on a format's limits), and the problem gives the limits.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use boardjudge::check::protocol::Protocol;
use boardjudge::cli::open_input;
use boardjudge::format::Format;
use boardjudge::problemset::plan::{Plan, ProblemPlan};
use boardjudge::validate::{Finding, InputLimits, Origin};
use clap::Parser;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

/// Check that a test input follows the statement's format exactly, and a problem's limits.
///
/// Valid: exit 0 and FILE: valid: N cases (at most K) on standard error. Invalid: exit 3 and
/// FILE:LINE:COL: REASON on standard error (the first fault only). Standard output stays
/// empty, as a testlib validator's. With --protocol kattis: exit 42 / 43, the input is read from
/// standard input, and any arguments after the options (the judge's flags) are ignored.
/// Exit 2: bad usage (also no judge.toml for --problem, or an unknown problem).
///
/// Every limit of the statement is checked: the layout, the ranges, and the number of cases.
/// Problems that share a format state different case limits (sicily: 30, sicilylarge:
/// 100,000): --problem NAME checks NAME's limits as judge.toml gives them (its format and
/// max_cases; judge.toml found in the current directory or the nearest one above it, or
/// given with --plan), --max-cases K gives the case limit by hand. With a FORMAT alone the
/// format's widest limits apply (sicily 100,000, rotation 1,000, msquare one board) and a
/// valid input gets a note naming the problems of judge.toml that allow fewer, which were
/// not checked.
///
/// Examples:
///   validate --problem rotation testdata/rotation/samples/statement.in
///   validate sicily --max-cases 30 testdata/sicily/samples/statement.in
///   validate rotation --max-cases 30 --protocol kattis < 01.in
#[derive(Parser, Clone, Debug, PartialEq, Eq)]
#[command(
    name = "validate",
    version,
    verbatim_doc_comment,
    override_usage = "validate [OPTIONS] <FORMAT> [INPUT]\n       validate [OPTIONS] --problem <NAME> [INPUT]"
)]
struct Args {
    /// The problem format (sicily, msquare, rotation); not with --problem, which gives it.
    /// With --problem, the input file.
    #[arg(value_name = "FORMAT", allow_hyphen_values = true)]
    first: Option<String>,
    /// The problem of judge.toml whose limits to check (its format and max_cases).
    #[arg(long, value_name = "NAME", conflicts_with = "max_cases")]
    problem: Option<String>,
    /// judge.toml, for --problem (default: judge.toml in the current directory or the
    /// nearest one above it).
    #[arg(long, value_name = "FILE")]
    plan: Option<PathBuf>,
    /// The exit-code convention.
    #[arg(long, value_parser = protocols(), default_value = "testlib")]
    protocol: Protocol,
    /// The most cases an input may hold (not counting the terminator): the problem's
    /// statement limit. Default: the format's widest (sicily 100000, msquare 1, rotation
    /// 1000).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    max_cases: Option<u64>,
    /// The input file (testlib: standard input when omitted or `-`); with --protocol kattis,
    /// the judge's flags, ignored.
    #[arg(
        value_name = "INPUT",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    rest: Vec<String>,
}

fn main() -> ExitCode {
    boardjudge::cli::end_quietly_on_closed_output();
    let args = Args::parse();
    // judge.toml (for --problem, and for the note on a format's limits) is looked for from
    // here; paths in messages are relative to it.
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    ExitCode::from(run(&args, &here, &mut std::io::stderr()))
}

/// The protocols a validator speaks, as `--protocol` takes them: testlib's and Kattis'
/// (CMS runs no input validator).
fn protocols() -> impl TypedValueParser<Value = Protocol> {
    PossibleValuesParser::new([
        PossibleValue::new("testlib")
            .help("Exit 0 when valid, 3 when not (testlib, Polygon, Codeforces)"),
        PossibleValue::new("kattis").help(
            "Exit 42 when valid, 43 when not (Kattis problem format); the input is read from \
             standard input and any further arguments are ignored",
        ),
    ])
    .map(|name| match name.as_str() {
        "kattis" => Protocol::Kattis,
        _ => Protocol::Testlib,
    })
}

/// Runs the validator: reports to `err`, returns the exit code. `here` is the directory
/// judge.toml is looked for from (the current directory).
fn run(args: &Args, here: &Path, err: &mut dyn Write) -> u8 {
    let protocol = args.protocol;
    let usage = |err: &mut dyn Write, message: String| {
        let _ = writeln!(err, "validate: {message}");
        2
    };
    let (limits, note, words) = match (&args.problem, &args.first) {
        (Some(name), first) => {
            if let Some(format) = first.as_deref().filter(|w| w.parse::<Format>().is_ok()) {
                return usage(
                    err,
                    format!(
                        "give a FORMAT ({format}) or --problem {name}, not both: the problem \
                         gives its format"
                    ),
                );
            }
            let plan = match find_plan(args.plan.as_deref(), here) {
                Ok(plan) => plan,
                Err(e) => return usage(err, e),
            };
            let problem = match plan.problem(name) {
                Ok(problem) => problem,
                Err(e) => return usage(err, e),
            };
            let limits = problem.input_limits(&plan.path);
            (
                limits,
                None,
                first.iter().chain(&args.rest).collect::<Vec<_>>(),
            )
        }
        (None, None) => {
            return usage(
                err,
                "give a FORMAT (sicily, msquare, rotation) or --problem NAME".into(),
            );
        }
        (None, Some(first)) => {
            let format = match first.parse::<Format>() {
                Ok(format) => format,
                Err(e) => return usage(err, format!("{e}, or --problem NAME")),
            };
            if args.plan.is_some() {
                return usage(err, "--plan is for --problem".into());
            }
            let max_cases = args
                .max_cases
                .map(|k| usize::try_from(k).unwrap_or(usize::MAX));
            let limits = InputLimits::of_format(format, max_cases);
            let note = limits.origin == Origin::Format;
            (limits, note.then_some(format), args.rest.iter().collect())
        }
    };
    let path = match (protocol, words.as_slice()) {
        (Protocol::Kattis, _) | (_, []) => None,
        (_, [path]) if *path == "-" || !path.starts_with('-') => Some(*path),
        _ => {
            return usage(
                err,
                format!(
                    "expected at most one input file, found {words:?} (judge flags are \
                     accepted only with --protocol kattis)"
                ),
            );
        }
    };
    let input = match open_input(path.map(Path::new)) {
        Ok(input) => input,
        Err(e) => {
            let _ = writeln!(err, "validate: cannot open the input: {e}");
            return Finding::Unreadable.exit_code(protocol);
        }
    };
    let result = limits.validate(input.reader);
    // One line either way, on standard error (standard output stays empty, as a testlib
    // validator's): a human who runs it sees that it checked something.
    let _ = writeln!(err, "{}", limits.verdict(&input.name, &result));
    let finding = Finding::of(&result);
    // A valid input against the format's widest limits: say what was not checked.
    if let (Finding::Valid, Some(format)) = (finding, note) {
        let plan = Plan::find(here).map(|path| Plan::load(&path).map_err(|e| e.to_string()));
        let plan = plan.as_ref().map(|p| p.as_ref().map_err(Clone::clone));
        if let Some(note) = format_only_note(format, plan) {
            let _ = writeln!(err, "note: {note}");
        }
    }
    finding.exit_code(protocol)
}

/// judge.toml: `given` (`--plan`), else the one in `here` or the nearest directory above it.
fn find_plan(given: Option<&Path>, here: &Path) -> Result<Plan, String> {
    let path = match given {
        Some(path) => path.to_path_buf(),
        None => Plan::find(here).ok_or_else(|| {
            format!(
                "--problem needs judge.toml: none in {} or any directory above it; give its \
                 path with --plan",
                here.display()
            )
        })?,
    };
    Plan::load(&path).map_err(|e| e.to_string())
}

/// The note for an input found valid against a format's widest limits only: which problems
/// of `plan` (judge.toml, if one was found and read) state a smaller case limit for the
/// format, unchecked, and how to check them; `None` when no problem of the plan allows fewer
/// (or none can: msquare's one board is every msquare problem's limit).
fn format_only_note(format: Format, plan: Option<Result<&Plan, String>>) -> Option<String> {
    if format.max_cases() == 1 {
        return None;
    }
    let head = format!(
        "{format}: checked the format only (at most {} cases)",
        format.max_cases()
    );
    let plan = match plan {
        None => {
            return Some(format!(
                "{head}; no judge.toml here or in a directory above to name a problem's \
                 limits: use --problem NAME (with --plan FILE) or --max-cases K"
            ));
        }
        Some(Err(e)) => {
            return Some(format!(
                "{head}; judge.toml cannot be read to name a problem's limits ({e}): use \
                 --max-cases K"
            ));
        }
        Some(Ok(plan)) => plan,
    };
    let narrower: Vec<&ProblemPlan> = plan
        .problems
        .iter()
        .filter(|p| p.format == format && p.max_cases < format.max_cases())
        .collect();
    if narrower.is_empty() {
        return None;
    }
    // Problems of the same limit are named together (sicily and sicilylex: 30).
    let mut limits: Vec<(_, Vec<&str>)> = Vec::new();
    for p in &narrower {
        match limits.iter_mut().find(|(k, _)| *k == p.max_cases) {
            Some((_, names)) => names.push(&p.name),
            None => limits.push((p.max_cases, vec![&p.name])),
        }
    }
    let allows: Vec<String> = (limits.iter())
        .map(|(k, names)| match names.as_slice() {
            [one] => format!("the problem {one} allows at most {k} cases"),
            _ => format!(
                "the problems {} allow at most {k} cases",
                names.join(" and ")
            ),
        })
        .collect();
    let uses: Vec<String> = (limits.iter())
        .map(|(k, names)| {
            let problems: Vec<String> = names.iter().map(|n| format!("--problem {n}")).collect();
            format!("{} or --max-cases {k}", problems.join(", "))
        })
        .collect();
    Some(format!(
        "{format}: checked the format only; {}: use {}",
        allows.join(", "),
        uses.join("; ")
    ))
}
