//! The page's histogram of the answer lengths of the test data, as inline SVG.

use std::fmt::Write;

use super::escape::escape;
use crate::report::matrix::ProblemMatrix;

/// The answer-length histogram of `m`'s test data: a bar per length (-1: no answer).
pub(super) fn histogram(out: &mut String, m: &ProblemMatrix) {
    let h = &m.answer_lengths;
    let mut bars: Vec<(String, usize)> = Vec::new();
    if h.none > 0 {
        bars.push(("-1".into(), h.none));
    }
    bars.extend(
        h.counts
            .iter()
            .enumerate()
            .map(|(n, &c)| (n.to_string(), c)),
    );
    if bars.is_empty() {
        out.push_str("<p>No answers.</p>\n");
        return;
    }
    let most = bars.iter().map(|b| b.1).max().unwrap_or(1).max(1);
    let (width, height, left, bottom, top) = (640.0, 220.0, 40.0, 30.0, 16.0);
    let step = (width - left) / bars.len() as f64;
    let _ = writeln!(
        out,
        "<figure class=\"histogram\"><svg xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"cases per answer length \
         in {}\">",
        escape(&m.problem)
    );
    let _ = writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{0}\" x2=\"{width}\" y2=\"{0}\" class=\"axis\"/>\
         <text x=\"{1}\" y=\"{top}\" class=\"label\" text-anchor=\"end\">{most}</text>\
         <text x=\"{1}\" y=\"{0}\" class=\"label\" text-anchor=\"end\">0</text>",
        height - bottom,
        left - 4.0
    );
    let label_every = bars.len().div_ceil(24).max(1);
    for (i, (label, count)) in bars.iter().enumerate() {
        let h = (height - bottom - top) * *count as f64 / most as f64;
        let x = left + i as f64 * step;
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" class=\"{}\" \
             data-length=\"{label}\" data-count=\"{count}\"><title>{label} moves: {count} \
             cases</title></rect>",
            x + step * 0.1,
            height - bottom - h,
            step * 0.8,
            if label == "-1" { "none" } else { "some" }
        );
        if i % label_every == 0 {
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" class=\"label\" text-anchor=\"middle\">{label}</text>",
                x + step / 2.0,
                height - bottom + 14.0
            );
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "</svg><figcaption>{} cases by the length of their answer (moves){}.</figcaption></figure>",
        h.total(),
        if h.none > 0 {
            "; -1: no answer within the step limit"
        } else {
            ""
        }
    );
}
