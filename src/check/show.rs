//! Showing hostile bytes in messages: clipped, with invisible characters made visible.

/// Longest token shown in a message, in characters.
const TOKEN_CLIP: usize = 30;

/// Longest line shown in a diff, in characters.
pub const LINE_CLIP: usize = 72;

/// A token for a message: escaped like a Rust string, clipped to a few dozen characters with
/// its full length noted.
pub fn show_token(token: &[u8]) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for piece in token.utf8_chunks() {
        for c in piece.valid().chars() {
            if shown >= TOKEN_CLIP {
                return clipped(out, token.len());
            }
            out.extend(c.escape_debug());
            shown += 1;
        }
        for b in piece.invalid() {
            if shown >= TOKEN_CLIP {
                return clipped(out, token.len());
            }
            out.push_str(&format!("\\x{b:02x}"));
            shown += 1;
        }
    }
    out
}

fn clipped(mut out: String, len: usize) -> String {
    out.push_str(&format!("... ({len} bytes)"));
    out
}

/// A line for a diff: tabs as `→`, a `\r` as `␍`, the spaces of the trailing whitespace (with
/// any tabs and `\r` among it) as `·`, other control characters and bytes that are not UTF-8
/// as `\xNN`; clipped to [`LINE_CLIP`] characters.
pub fn visible_line(line: &[u8]) -> String {
    let content_end = line
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    let mut out = String::new();
    let mut shown = 0;
    let mut offset = 0;
    for piece in line.utf8_chunks() {
        for c in piece.valid().chars() {
            if shown == LINE_CLIP {
                return clipped_line(out, line.len());
            }
            match c {
                '\t' => out.push('→'),
                '\r' => out.push('␍'),
                ' ' if offset >= content_end => out.push('·'),
                c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
                c => out.push(c),
            }
            offset += c.len_utf8();
            shown += 1;
        }
        for b in piece.invalid() {
            if shown == LINE_CLIP {
                return clipped_line(out, line.len());
            }
            out.push_str(&format!("\\x{b:02x}"));
            offset += 1;
            shown += 1;
        }
    }
    out
}

fn clipped_line(mut out: String, len: usize) -> String {
    out.push_str(&format!("… ({len} bytes)"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(visible_line(b"\x00\xfe"), "\\x00\\xfe");
        let long = vec![b'C'; 500];
        assert_eq!(
            visible_line(&long),
            format!("{}… (500 bytes)", "C".repeat(LINE_CLIP))
        );
    }
}
