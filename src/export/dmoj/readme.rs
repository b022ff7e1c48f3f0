//! The folder's README.md: what it is, how to add it to a DMOJ site, how it is scored, what
//! was verified and how.

use crate::export::dmoj::init::batches;
use crate::export::dmoj::suite::Case;
use crate::export::{Kind, Source, readme, seconds};

/// The README of a problem's DMOJ folder.
/// `cases`: the part on the validator's and the checker's own tests.
pub(super) fn readme(
    source: &Source,
    solutions: &[Case],
    pictures: &[String],
    cases: &str,
) -> String {
    let problem = source.problem;
    let name = &problem.name;
    let batches = batches(source);
    let groups: Vec<String> = batches
        .iter()
        .enumerate()
        .map(|(k, (group, ids))| format!("{} `{group}` ({} tests)", k + 1, ids.len()))
        .collect();
    let mut table = String::from("| test | language | source | expect |\n|---|---|---|---|\n");
    for s in solutions {
        table.push_str(&format!(
            "| `tests/{}` | {} | `{}` | `{}` |\n",
            s.dir, s.language, s.file, s.expect
        ));
    }
    let pictures = if pictures.is_empty() {
        String::from("The statement shows no picture.")
    } else {
        format!(
            "The statement shows {}: upload each with the description editor's image button \
             and put the address it gives in place of the file name in `![...](FILE)`.",
            pictures
                .iter()
                .map(|p| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(" and ")
        )
    };
    readme::fill(
        readme::DMOJ,
        &[
            ("name", name),
            ("title", &problem.title),
            ("tests", &source.tests.tests.len()),
            ("n", &batches.len()),
            ("groups", &groups.join(", ")),
            ("pictures", &pictures),
            ("table", &table),
            ("time", &seconds(problem.time_limit)),
            ("memory", &problem.memory_limit),
            ("kib", &(problem.memory_limit * 1024)),
            ("files", &readme::files_note(source)),
            ("cases", &cases),
            ("verified", &readme::unverified(Kind::Dmoj, &problem.name)),
        ],
    )
}
