//! A short unified diff of the contestant's output against the expected one, around the line
//! where the checker found the problem.

use similar::{Algorithm, DiffTag, capture_diff_slices};

use super::lines::split_lines;
use super::show::visible_line;

/// Lines of context shown before the problem line.
const BEFORE: usize = 3;
/// Lines shown from the problem line on.
const FROM: usize = 5;
/// Longest diff, in lines, headers included.
const MAX_LINES: usize = 20;

/// The label of the expected side of a diff, the jury answer.
const EXPECTED: &str = "expected (jury answer)";
/// The label of the judged side of a diff, the contestant's output.
const FOUND: &str = "your output";

/// `details` (a checker's full message) with its diff's two sides labelled `expected` and
/// `found` instead of the jury answer and "your output", for a caller that knows who wrote
/// each side (`judge stress`: the built-in solver, and the solution or the reference). Only
/// the diff's header changes, never a line of the output it quotes (those follow it).
pub fn relabel(details: &str, expected: &str, found: &str) -> String {
    let header = format!("--- {EXPECTED}\n+++ {FOUND}\n");
    let labelled = format!("--- {expected}\n+++ {found}\n");
    details.replacen(&header, &labelled, 1)
}

/// The diff of `found` against `expected` around `line` (1-based; the first difference when
/// `None`), or `None` when the two agree there.
pub fn render(expected: &[u8], found: &[u8], line: Option<u64>) -> Option<String> {
    let anchor = match line {
        Some(l) => usize::try_from(l).unwrap_or(usize::MAX).saturating_sub(1),
        None => (split_lines(expected).zip(split_lines(found)))
            .take_while(|(a, b)| a == b)
            .count(),
    };
    let from = anchor.saturating_sub(BEFORE);
    let window = |text: &[u8]| -> Vec<String> {
        split_lines(text)
            .take(anchor.saturating_add(FROM))
            .skip(from)
            .map(visible_line)
            .collect()
    };
    let (old, new) = (window(expected), window(found));
    let ops = capture_diff_slices(Algorithm::Myers, &old, &new);
    if ops.iter().all(|op| op.tag() == DiffTag::Equal) {
        return None;
    }
    let mut out = vec![
        format!("--- {EXPECTED}"),
        format!("+++ {FOUND}"),
        format!(
            "@@ -{} +{} @@",
            range(from, old.len()),
            range(from, new.len())
        ),
    ];
    for op in &ops {
        let (tag, old_range, new_range) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => out.extend(old[old_range].iter().map(|l| format!(" {l}"))),
            _ => {
                out.extend(old[old_range].iter().map(|l| format!("-{l}")));
                out.extend(new[new_range].iter().map(|l| format!("+{l}")));
            }
        }
    }
    if out.len() > MAX_LINES {
        out.truncate(MAX_LINES - 1);
        out.push("… (diff clipped)".into());
    }
    Some(out.join("\n"))
}

/// A hunk range: `start,len`, 1-based (`start` is the line before an empty range).
fn range(from: usize, len: usize) -> String {
    if len == 0 {
        format!("{from},0")
    } else {
        format!("{},{len}", from + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_lines_around_the_problem() {
        let diff = render(b"1 A\n2 AB\n0\n", b"1 A\n2 BA\r\n0\n", Some(2)).unwrap();
        assert_eq!(
            diff,
            "--- expected (jury answer)\n+++ your output\n@@ -1,3 +1,3 @@\n 1 A\n-2 AB\n+2 BA␍\n 0"
        );
    }

    #[test]
    fn relabelling_changes_the_header_only() {
        // An output line that looks like the header stays as it was quoted.
        let found = b"--- expected (jury answer)\n++ your output\n";
        let diff = render(b"1\nA\n", found, None).unwrap();
        let details = format!("case 1: wrong\n{diff}");
        let labelled = relabel(&details, "expected (the solver)", "the reference's output");
        assert!(
            labelled.starts_with(
                "case 1: wrong\n--- expected (the solver)\n+++ the reference's output\n@@"
            ),
            "{labelled}"
        );
        assert!(labelled.contains("\n+++ your output"), "{labelled}");
    }

    #[test]
    fn missing_lines_are_deletions() {
        let diff = render(b"7\nBCABCCB\n", b"7\n", Some(2)).unwrap();
        assert!(diff.ends_with("@@ -1,2 +1,1 @@\n 7\n-BCABCCB"), "{diff}");
    }

    #[test]
    fn equal_windows_give_no_diff() {
        assert_eq!(render(b"1\n", b"1\n", None), None);
    }
}
