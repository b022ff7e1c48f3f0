//! A Polygon problem package (what Polygon's package import, and converters such as CMS's
//! polygon loader, read):
//!
//! ```text
//! NAME/problem.xml             the descriptor: name, statement, limits, tests (manual, with
//!                              sample and group), groups, checker, validator, solutions by tag
//! NAME/files/check.cpp         the portable checker (src/export/cpp/check.cpp with the
//!                              problem's format and options), testlib's argv and exit codes
//!                              (and check.cpp, Polygon's copy of it)
//! NAME/files/validator.cpp     the portable strict validator, format and case limit set
//! NAME/solutions/FILE          every shipped solution; problem.xml tags them main (the first
//!                              accepted), accepted, wrong-answer, time-limit-exceeded
//! NAME/statement-sections/english/{name,legend,input,output,notes}.tex, example.NN[.a]
//!                              from statements/NAME.md, with the picture
//! NAME/statements/english/problem.tex   the same sections as one olymp.sty problem
//! NAME/tests/NN, NN.a          every test's input and answer, numbered 01, 02, ... in plan
//!                              order (Polygon has no test names) ...
//! NAME/names.txt               ... and which test each number is: `NN group/name` a line
//! NAME/script.txt              the test script: `gen ... > N` per generated test, the
//!                              commands of judge.toml (manual tests in manual/NN)
//! ```
//!
//! Polygon builds on Windows and cannot run boardjudge's `gen`, so problem.xml lists every
//! test as manual (its file is in tests/); script.txt records how each generated one is made
//! (boardjudge's `gen` command). The checker and the validator are the portable C++ every
//! export ships, proven to judge as `check` and `validate` do; Polygon compiles them.

use std::path::Path;

use crate::export::package::Package;
use crate::export::{ExportError, Protocol, SAMPLES_GROUP, Source, statement};
use crate::problemset::plan::{Expected, TestSource};

/// Polygon's language of the C++ sources (GNU G++23 14.2, 64 bit).
pub const CPP_TYPE: &str = "cpp.gcc14-64-msys2-g++23";

/// Polygon's language name for a solution file, by extension.
pub fn language_type(file: &str) -> Option<&'static str> {
    match file.rsplit_once('.')?.1 {
        "cpp" | "cc" => Some(CPP_TYPE),
        "c" => Some("c.gcc11"),
        "rs" => Some("rust.2021"),
        "py" => Some("python.3"),
        "java" => Some("java21"),
        _ => None,
    }
}

/// Polygon's tag for a shipped solution: the first accepted one is the main solution.
pub fn solution_tag(expected: Expected, first_accepted: bool) -> &'static str {
    match expected {
        Expected::Accepted if first_accepted => "main",
        Expected::Accepted => "accepted",
        Expected::WrongAnswer => "wrong-answer",
        Expected::TimeLimitExceeded => "time-limit-exceeded",
    }
}

/// A shipped solution in the package.
struct Solution {
    path: String,
    tag: &'static str,
    language: &'static str,
}

/// The Polygon package of a problem.
pub fn package(source: &Source) -> Result<Package, ExportError> {
    let problem = source.problem;
    let mut p = Package::new(&problem.name, "script.txt");
    let mut script = String::new();
    let mut names = String::new();
    for (k, t) in source.tests.tests.iter().enumerate() {
        let number = test_number(k);
        p.add(format!("tests/{number}"), t.input.clone());
        p.add(format!("tests/{number}.a"), t.answer.clone());
        names.push_str(&format!("{number} {}\n", t.id()));
        match &t.plan.source {
            TestSource::Generator { command, .. } => {
                script.push_str(&format!("{command} > {}\n", k + 1));
            }
            // A program of one's own is not Polygon's: its test goes in as a manual one.
            TestSource::Manual(_) | TestSource::Program { .. } => {
                p.add(format!("manual/{number}"), t.input.clone())
            }
        }
    }
    p.add("script.txt", script);
    p.add("names.txt", names);
    let checker = source.checker_cpp(Protocol::Testlib);
    p.add("files/check.cpp", checker.clone());
    p.add("check.cpp", checker);
    p.add(
        "files/validator.cpp",
        source.validator_cpp(Protocol::Testlib),
    );
    let mut solutions = Vec::new();
    let mut main_given = false;
    for s in &problem.solutions {
        let file = s
            .path
            .file_name()
            .and_then(|f| f.to_str())
            .ok_or_else(|| ExportError(format!("{}: no file name", s.path.display())))?;
        let Some(language) = language_type(file) else {
            p.notes.push(format!(
                "{} left out: Polygon has no language for it",
                s.path.display()
            ));
            continue;
        };
        let path = format!("solutions/{file}");
        if p.files.contains_key(&path) {
            return Err(ExportError(format!(
                "problem {}: two shipped solutions are named {file}",
                problem.name
            )));
        }
        let first = s.expected == Expected::Accepted && !main_given;
        main_given |= first;
        p.add(path.clone(), source.read(&s.path)?);
        solutions.push(Solution {
            path,
            tag: solution_tag(s.expected, first),
            language,
        });
    }
    if !main_given {
        return Err(ExportError(format!(
            "problem {}: Polygon needs a main solution, and no shipped solution is accepted",
            problem.name
        )));
    }
    add_statement(&mut p, source)?;
    p.add("problem.xml", problem_xml(source, &solutions));
    Ok(p)
}

/// Adds the statement: Polygon's sections and the assembled olymp.sty problem, with the
/// pictures and the samples as examples. The title is judge.toml's, as in every export.
fn add_statement(p: &mut Package, source: &Source) -> Result<(), ExportError> {
    let problem = source.problem;
    let md = source.statement()?;
    let s = statement::sections(&md, statement::Flavour::Polygon)?;
    let title = statement::escape(&md.path, &md.title)?;
    let sections = "statement-sections/english";
    let english = "statements/english";
    p.add(format!("{sections}/name.tex"), format!("{title}\n"));
    p.add(format!("{sections}/legend.tex"), s.legend.clone());
    p.add(format!("{sections}/input.tex"), s.input.clone());
    p.add(format!("{sections}/output.tex"), s.output.clone());
    p.add(format!("{sections}/notes.tex"), s.notes.clone());
    for picture in &s.pictures {
        let bytes = source.read(&Path::new("statements").join(picture))?;
        p.add(format!("{sections}/{picture}"), bytes.clone());
        p.add(format!("{english}/{picture}"), bytes);
    }
    let (samples, _) = source.split_samples();
    let mut examples = String::new();
    for (k, t) in samples.iter().enumerate() {
        let name = format!("example.{:02}", k + 1);
        p.add(format!("{sections}/{name}"), t.input.clone());
        p.add(format!("{sections}/{name}.a"), t.answer.clone());
        p.add(format!("{english}/{name}"), t.input.clone());
        p.add(format!("{english}/{name}.a"), t.answer.clone());
        examples.push_str(&format!("\\exmpfile{{{name}}}{{{name}.a}}%\n"));
    }
    let seconds = problem.time_limit;
    let time = format!(
        "{} second{}",
        crate::export::seconds(seconds),
        if seconds == 1.0 { "" } else { "s" }
    );
    p.add(
        format!("{english}/problem.tex"),
        format!(
            "\\begin{{problem}}{{{title}}}{{standard input}}{{standard output}}{{{time}}}\
             {{{memory} megabytes}}\n\n{legend}\\InputFile\n\n{input}\\OutputFile\n\n{output}\
             \\Examples\n\n{examples}\n\\Note\n\n{notes}\\end{{problem}}\n",
            memory = problem.memory_limit,
            legend = s.legend,
            input = s.input,
            output = s.output,
            notes = s.notes,
        ),
    );
    Ok(())
}

/// The file name of the test at `index` (from 0) in plan order: `01`, `02`, ... (three digits
/// from 100), as `tests/%02d` in problem.xml.
pub fn test_number(index: usize) -> String {
    format!("{:02}", index + 1)
}

/// Text for an XML attribute value.
fn xml_attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn problem_xml(source: &Source, solutions: &[Solution]) -> String {
    let problem = source.problem;
    let tests = &source.tests.tests;
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
         <!-- Written by `judge export polygon` from judge.toml. Every test is manual (its file is\n\
         \x20    in tests/): script.txt holds the generator commands. -->\n\
         <problem revision=\"1\" short-name=\"{name}\">\n\
         \x20   <names>\n\
         \x20       <name language=\"english\" value=\"{title}\"/>\n\
         \x20   </names>\n\
         \x20   <statements>\n\
         \x20       <statement charset=\"UTF-8\" language=\"english\" mathjax=\"true\" \
         path=\"statements/english/problem.tex\" type=\"application/x-tex\"/>\n\
         \x20   </statements>\n\
         \x20   <judging input-file=\"\" output-file=\"\">\n\
         \x20       <testset name=\"tests\">\n\
         \x20           <time-limit>{ms}</time-limit>\n\
         \x20           <memory-limit>{bytes}</memory-limit>\n\
         \x20           <test-count>{count}</test-count>\n\
         \x20           <input-path-pattern>tests/%02d</input-path-pattern>\n\
         \x20           <answer-path-pattern>tests/%02d.a</answer-path-pattern>\n\
         \x20           <tests>\n",
        name = xml_attr(&problem.name),
        title = xml_attr(&problem.title),
        ms = (problem.time_limit * 1000.0).round() as u64,
        bytes = problem.memory_limit << 20,
        count = tests.len(),
    );
    let mut groups: Vec<&str> = Vec::new();
    for t in tests {
        let sample = if t.plan.group == SAMPLES_GROUP {
            " sample=\"true\""
        } else {
            ""
        };
        if !groups.contains(&t.plan.group.as_str()) {
            groups.push(&t.plan.group);
        }
        xml.push_str(&format!(
            "                <test group=\"{}\" method=\"manual\"{sample}/>\n",
            xml_attr(&t.plan.group)
        ));
    }
    xml.push_str("            </tests>\n            <groups>\n");
    for g in groups {
        xml.push_str(&format!(
            "                <group feedback-policy=\"icpc\" name=\"{}\" \
             points-policy=\"complete-group\"/>\n",
            xml_attr(g)
        ));
    }
    xml.push_str(&format!(
        "            </groups>\n        </testset>\n    </judging>\n\
         \x20   <assets>\n\
         \x20       <checker type=\"testlib\">\n\
         \x20           <source path=\"files/check.cpp\" type=\"{CPP_TYPE}\"/>\n\
         \x20           <copy path=\"check.cpp\"/>\n\
         \x20       </checker>\n\
         \x20       <validators>\n\
         \x20           <validator>\n\
         \x20               <source path=\"files/validator.cpp\" type=\"{CPP_TYPE}\"/>\n\
         \x20           </validator>\n\
         \x20       </validators>\n\
         \x20       <solutions>\n"
    ));
    for s in solutions {
        xml.push_str(&format!(
            "            <solution tag=\"{}\">\n\
             \x20               <source path=\"{}\" type=\"{}\"/>\n\
             \x20           </solution>\n",
            s.tag,
            xml_attr(&s.path),
            s.language
        ));
    }
    xml.push_str("        </solutions>\n    </assets>\n</problem>\n");
    xml
}
