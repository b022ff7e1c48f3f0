//! LaTeX's form of plain text: its special characters escaped, the few characters outside ASCII
//! that statements may use (≤, ≥, −, ×) typeset, any other an error.

use crate::export::ExportError;

/// Plain text with LaTeX's special characters escaped and the few non-ASCII ones typeset
/// (`path` names the text's origin in messages).
pub fn escape(path: &str, text: &str) -> Result<String, ExportError> {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '−' => out.push_str("$-$"),
            '×' => out.push_str("$\\times$"),
            c if c.is_ascii() && !c.is_ascii_control() => out.push(c),
            c => {
                return Err(ExportError(format!(
                    "{path}: {c:?} has no LaTeX form here (add it to export::statement)"
                )));
            }
        }
    }
    Ok(out)
}
