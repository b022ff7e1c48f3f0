//! Showing hostile bytes in messages: clipped, with invisible characters made visible.

use crate::text::{escaped, hidden};

/// Longest token shown in a message, in characters.
const TOKEN_CLIP: usize = 30;

/// Longest line shown in a diff, in characters.
pub const LINE_CLIP: usize = 72;

/// A token for a message: escaped like a Rust string, clipped to a few dozen characters with
/// its full length noted.
pub fn show_token(token: &[u8]) -> String {
    render(token, TOKEN_CLIP, "...", |c, _, out| match named(c) {
        Some(name) => out.push_str(name),
        None if hidden(c) && !c.is_ascii() => out.push_str(&escaped(c)),
        None => out.extend(c.escape_debug()),
    })
}

/// `bytes` character by character as `show` writes each (given its byte offset), a byte that
/// is not UTF-8 as `\xNN`; past `clip` characters, `ellipsis` and the full length in bytes.
fn render(
    bytes: &[u8],
    clip: usize,
    ellipsis: &str,
    show: impl Fn(char, usize, &mut String),
) -> String {
    let mut out = String::new();
    let mut offset = 0;
    let units = bytes.utf8_chunks().flat_map(|piece| {
        let invalid = piece.invalid().iter().copied().map(Err);
        piece.valid().chars().map(Ok).chain(invalid)
    });
    for (shown, unit) in units.enumerate() {
        if shown == clip {
            out.push_str(&format!("{ellipsis} ({} bytes)", bytes.len()));
            break;
        }
        match unit {
            Ok(c) => {
                show(c, offset, &mut out);
                offset += c.len_utf8();
            }
            Err(b) => {
                out.push_str(&format!("\\x{b:02x}"));
                offset += 1;
            }
        }
    }
    out
}

/// The characters shown by name: a byte order mark and a NUL byte.
fn named(c: char) -> Option<&'static str> {
    match c {
        '\u{feff}' => Some("<BOM>"),
        '\0' => Some("<NUL>"),
        _ => None,
    }
}

/// The character that starts `bytes`, for a message, and its length in bytes: `"A"`,
/// `"Ａ" (U+FF21)`, `a byte order mark (U+FEFF)`, `a NUL byte`, `the byte 0xff (not UTF-8)`.
pub fn describe_char(bytes: &[u8]) -> (String, usize) {
    let Some(piece) = bytes.utf8_chunks().next() else {
        return ("nothing".into(), 0);
    };
    let Some(c) = piece.valid().chars().next() else {
        let b = piece.invalid().first().copied().unwrap_or_default();
        return (format!("the byte 0x{b:02x} (not UTF-8)"), 1);
    };
    let text = match c {
        '\u{feff}' => "a byte order mark (U+FEFF)".to_string(),
        '\0' => "a NUL byte".to_string(),
        c if c.is_ascii() => format!("\"{}\"", c.escape_debug()),
        c => format!("\"{}\" (U+{:04X})", c.escape_debug(), c as u32),
    };
    (text, c.len_utf8())
}

/// A line for a diff: tabs as `→`, a `\r` as `␍`, the spaces of the trailing whitespace (with
/// any tabs and `\r` among it) as `·`, other ASCII control characters and bytes that are not
/// UTF-8 as `\xNN`, every other hidden character ([`hidden`]: C1 controls, format characters
/// such as U+202E, line and paragraph separators) as `\u{202e}`; clipped to [`LINE_CLIP`]
/// characters.
pub fn visible_line(line: &[u8]) -> String {
    let content_end = line
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    render(line, LINE_CLIP, "…", |c, offset, out| match c {
        '\t' => out.push('→'),
        '\r' => out.push('␍'),
        ' ' if offset >= content_end => out.push('·'),
        c => match named(c) {
            Some(name) => out.push_str(name),
            None if hidden(c) => out.push_str(&escaped(c)),
            None => out.push(c),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_are_described() {
        assert_eq!(describe_char(b"AB"), ("\"A\"".into(), 1));
        assert_eq!(
            describe_char("Ａ".as_bytes()),
            ("\"Ａ\" (U+FF21)".into(), 3)
        );
        assert_eq!(
            describe_char("\u{feff}".as_bytes()),
            ("a byte order mark (U+FEFF)".into(), 3)
        );
        assert_eq!(describe_char(b"\0"), ("a NUL byte".into(), 1));
        assert_eq!(
            describe_char(b"\xefA"),
            ("the byte 0xef (not UTF-8)".into(), 1)
        );
    }

    #[test]
    fn trailing_spaces_show_before_a_tab_or_carriage_return() {
        assert_eq!(visible_line(b"CA \t\r"), "CA·→␍");
        assert_eq!(visible_line(b"C A  "), "C A··");
        assert_eq!(visible_line(b"C\tA"), "C→A");
    }

    #[test]
    fn tokens_are_escaped_and_clipped() {
        assert_eq!(show_token(b"AB"), "AB");
        assert_eq!(show_token(b"A\xffB\x01"), "A\\xffB\\u{1}");
        assert_eq!(show_token("\u{feff}2\0Ａ".as_bytes()), "<BOM>2<NUL>Ａ");
        assert_eq!(
            show_token("A\u{202e}\u{2029}\u{ad}魔".as_bytes()),
            "A\\u{202e}\\u{2029}\\u{ad}魔"
        );
        let long = vec![b'A'; 1000];
        assert_eq!(
            show_token(&long),
            format!("{}... (1000 bytes)", "A".repeat(30))
        );
    }

    #[test]
    fn lines_show_invisible_characters() {
        assert_eq!(visible_line(b"2\tAB  \r"), "2→AB··␍");
        assert_eq!(visible_line(b" 2 AB  "), " 2 AB··");
        assert_eq!(visible_line(b"\x01\xfe"), "\\x01\\xfe");
        assert_eq!(visible_line("\u{feff}1\0".as_bytes()), "<BOM>1<NUL>");
        assert_eq!(
            visible_line("2 \u{202e}AB\u{2028}\u{200b}\u{85}".as_bytes()),
            "2 \\u{202e}AB\\u{2028}\\u{200b}\\u{85}"
        );
        let long = vec![b'C'; 500];
        assert_eq!(
            visible_line(&long),
            format!("{}… (500 bytes)", "C".repeat(LINE_CLIP))
        );
    }
}
