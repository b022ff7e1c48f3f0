//! A testlib / Polygon-style problem directory:
//!
//! ```text
//! NAME/problem.xml      Polygon's descriptor, the parts converters read: name, limits, test
//!                       paths, and each test's generator command or "manual"
//! NAME/script.txt       Polygon's test script: `gen ... > N`, one line per generated test
//! NAME/manual/NN        the manual tests' inputs (uploaded as files in Polygon)
//! NAME/tests/NN         every test's input, numbered 01, 02, ... in plan order (Polygon's
//!                       package naming) ...
//! NAME/tests/NN.a       ... and its answer
//! NAME/names.txt        which test each number is: `NN group/name` per line, in order
//! NAME/checker          checker <input> <output> <answer> [<report>]: exit 0 ok, 1 wrong
//!                       answer, 2 presentation error, 3 fail (the format and options baked in)
//! NAME/validator        validator < input: exit 0 valid, 3 invalid (Polygon's extra flags
//!                       such as --testset and --group are ignored)
//! NAME/files/{check,validate,gen}   the prebuilt binaries the scripts and script.txt call
//! ```
//!
//! The script numbers each test explicitly (`> 7` rather than `> $`): manual and generated
//! tests interleave, and explicit numbers keep the plan's order. Polygon numbers tests and
//! has no names, so the names of testdata/ are kept in `names.txt`.
//! Polygon itself takes checker and generator sources, not binaries: this directory is for
//! judges that run testlib executables, and for moving the tests into a Polygon problem.

use crate::judge::build::BuiltTest;
use crate::judge::export::package::Package;
use crate::judge::export::{ExportError, SAMPLES_GROUP, Source, exec_script};
use crate::judge::plan::TestSource;

/// The Polygon-style package of a problem.
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
    p.add("problem.xml", problem_xml(source, &source.tests.tests));
    p.add_executable(
        "checker",
        exec_script(
            "testlib checker: checker <input> <output> <answer> [<report>]",
            "files/check",
            &source.checker_args(),
            true,
        ),
    );
    p.add_executable(
        "validator",
        exec_script(
            "testlib validator: validator < input (extra flags are ignored)",
            "files/validate",
            &source.validator_args(),
            false,
        ),
    );
    p.add_executable("files/check", source.tools.check.clone());
    p.add_executable("files/validate", source.tools.validate.clone());
    p.add_executable("files/gen", source.tools.gen_binary.clone());
    Ok(p)
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

fn problem_xml(source: &Source, tests: &[BuiltTest]) -> String {
    let problem = source.problem;
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n\
         <!-- Written by `judge export polygon` from judge.toml. -->\n\
         <problem short-name=\"{name}\">\n\
         \x20   <names>\n\
         \x20       <name language=\"english\" value=\"{title}\"/>\n\
         \x20   </names>\n\
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
    for t in tests {
        let sample = if t.plan.group == SAMPLES_GROUP {
            " sample=\"true\""
        } else {
            ""
        };
        let how = match &t.plan.source {
            TestSource::Generator { command, .. } => {
                format!("cmd=\"{}\" method=\"generated\"", xml_attr(command))
            }
            TestSource::Manual(_) | TestSource::Program { .. } => "method=\"manual\"".to_string(),
        };
        xml.push_str(&format!(
            "                <test {how} group=\"{}\"{sample}/>\n",
            xml_attr(&t.plan.group)
        ));
    }
    xml.push_str("            </tests>\n        </testset>\n    </judging>\n</problem>\n");
    xml
}
