//! Text that came from outside the judge (a program's standard error or output, a compiler's
//! or generator's messages, a file), made safe to show: every character that controls a
//! terminal or hides itself is escaped visibly, so no such text can clear the screen, move
//! the cursor, reorder a line (a right-to-left override) or forge a line of the judge's own
//! on a terminal, in a text report, in HTML or in JSON.
//!
//! The bottom layer: every other folder may use it; it uses nothing of the crate.

use std::borrow::Cow;

/// The format characters (general category Cf), as Unicode 16.0's
/// `extracted/DerivedGeneralCategory.txt` lists them (170 code points; the same from 15.0
/// to 17.0): soft hyphen, the Arabic and Syriac marks, zero-width space and joiners, the
/// left-to-right and right-to-left marks, embeddings, overrides and isolates, word joiner
/// and the invisible operators, the byte order mark, the interlinear annotation marks, and
/// the hieroglyph, shorthand, musical and tag formats.
const FORMAT: [(u32, u32); 21] = [
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
];

/// The default-ignorable code points (Unicode's `Default_Ignorable_Code_Point` property, as
/// Unicode 16.0's `DerivedCoreProperties.txt` lists it: 4,174 code points, reserved ones
/// included): characters a renderer shows as nothing. Beside most of the format characters:
/// the combining grapheme joiner U+034F, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0),
/// the Khmer inherent vowels U+17B4 and U+17B5, the Mongolian free variation selectors
/// (U+180B to U+180F), the variation selectors (U+FE00 to U+FE0F, U+E0100 to U+E01EF) and
/// the reserved U+2065, U+FFF0 to U+FFF8 and U+E0000 to U+E0FFF.
const DEFAULT_IGNORABLE: [(u32, u32); 17] = [
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
];

/// Blank characters that are not default-ignorable but print as nothing all the same: the
/// Braille pattern blank U+2800.
const BLANK: [u32; 1] = [0x2800];

/// Whether `c` is shown escaped: a control character (Cc: C0, DEL, C1, which includes the
/// carriage return, a line's overwriter), a format character (Cf, with every bidirectional
/// control), a default-ignorable code point (a Hangul filler, a variation selector, the
/// combining grapheme joiner, ...), a blank that prints as nothing (U+2800), the line
/// separator U+2028 (Zl) or the paragraph separator U+2029 (Zp). The line feed and the tab
/// are controls too: [`visible`] keeps them.
pub fn hidden(c: char) -> bool {
    let code = c as u32;
    let within = |&(first, last): &(u32, u32)| (first..=last).contains(&code);
    c.is_control()
        || matches!(code, 0x2028 | 0x2029)
        || BLANK.contains(&code)
        || FORMAT.iter().any(within)
        || DEFAULT_IGNORABLE.iter().any(within)
}

/// `text` with every [`hidden`] character but the line feed and the tab escaped: an ASCII
/// control as `\x1b`, any other as `\u{202e}` (lowercase hexadecimal). Ordinary text, any
/// script (魔板), is left as it is; the result is borrowed when nothing needed escaping.
/// Escaping twice changes nothing more: the escapes are plain ASCII.
pub fn visible(text: &str) -> Cow<'_, str> {
    let shown = |c: char| hidden(c) && !matches!(c, '\n' | '\t');
    escape_each(text, shown, |c, out| out.push_str(&escaped(c)))
}

/// `text` with each character `escape` says written by `write`; borrowed when there is none.
fn escape_each(
    text: &str,
    escape: impl Fn(char) -> bool,
    write: impl Fn(char, &mut String),
) -> Cow<'_, str> {
    if !text.chars().any(&escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if escape(c) {
            write(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A name that did not come from the judge (a file, a solution, a test, a problem, a command's
/// words) as one line: [`visible`] with the line feed and the tab escaped too (`\x0a`), so
/// that a name cannot break a line of the report or start one of its own.
pub fn name(text: &str) -> Cow<'_, str> {
    escape_each(text, hidden, |c, out| out.push_str(&escaped(c)))
}

/// The prefix of each line of a contestant's text (a program's standard error, a compiler's
/// messages) quoted in a message: no such line can read as one of the judge's own.
pub const QUOTE: &str = "  | ";

/// `text` ([`visible`] already, or made so) quoted: each of its lines starts with [`QUOTE`].
pub fn quoted(text: &str) -> String {
    visible(text)
        .lines()
        .map(|line| format!("{QUOTE}{line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// JSON text (as `serde_json` writes it) with every non-ASCII [`hidden`] character and DEL
/// written as a JSON escape (`\u202e`, a surrogate pair beyond the BMP): the same data for a
/// JSON reader, nothing raw for a terminal. `serde_json` escapes the other controls itself
/// (`\u001b`); such characters only occur inside JSON strings, where the escape is valid.
pub fn json(text: &str) -> Cow<'_, str> {
    escape_each(
        text,
        |c| hidden(c) && c >= '\u{7f}',
        |c, out| {
            for unit in c.encode_utf16(&mut [0u16; 2]) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        },
    )
}

/// `text` escaped for XML, in an attribute's quotes or between tags: `&`, `<`, `>` and `"`.
pub fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A [`hidden`] character as [`visible`] shows it: `\x1b` for ASCII, else `\u{202e}`.
pub fn escaped(c: char) -> String {
    if c.is_ascii() {
        format!("\\x{:02x}", c as u32)
    } else {
        format!("\\u{{{:x}}}", c as u32)
    }
}

/// [`visible`] of bytes that may not be UTF-8 (a program's stream): what is not UTF-8 shows
/// as U+FFFD, as [`String::from_utf8_lossy`] has it.
pub fn visible_bytes(bytes: &[u8]) -> String {
    visible(&String::from_utf8_lossy(bytes)).into_owned()
}

/// The one of `names` nearest to `typed`, a mistyped name, when it is near enough to be the
/// likely one: at most a third of its characters (at least one) inserted, deleted or
/// changed, and nearer than every other name; `None` when nothing is, or two tie.
pub fn nearest<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.to_lowercase();
    let limit = (typed.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str, bool)> = None;
    for name in names {
        // Optimal string alignment: a swap of neighbours counts one.
        let d = strsim::osa_distance(&typed, &name.to_lowercase());
        best = match best {
            Some((b, n, _)) if d == b && n != name => Some((b, n, true)),
            Some((b, ..)) if b <= d => best,
            _ => Some((d, name, false)),
        };
    }
    match best {
        Some((d, name, false)) if d <= limit => Some(name),
        _ => None,
    }
}

/// `; did you mean 'NAME'?` for the one of `names` nearest to `typed` ([`nearest`]), or
/// nothing.
pub fn did_you_mean<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    nearest(typed, names).map_or_else(String::new, |n| format!("; did you mean '{}'?", name(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_name_is_suggested_only_when_it_is_likely() {
        let problems = [
            "sicily",
            "msquare",
            "rotation",
            "sicilylarge",
            "rotationlarge",
        ];
        assert_eq!(nearest("msqare", problems), Some("msquare"));
        assert_eq!(nearest("MSquare", problems), Some("msquare"));
        assert_eq!(nearest("roation", problems), Some("rotation"));
        assert_eq!(nearest("sicilylarg", problems), Some("sicilylarge"));
        assert_eq!(nearest("chess", problems), None);
        assert_eq!(nearest("", problems), None);
        // Two at the same distance: neither.
        assert_eq!(nearest("ab", ["aa", "bb"]), None);
        assert_eq!(
            did_you_mean("edeg", ["samples", "edge"]),
            "; did you mean 'edge'?"
        );
        assert_eq!(strsim::osa_distance("edeg", "edge"), 1);
        assert_eq!(did_you_mean("zzz", ["samples", "edge"]), "");
        assert_eq!(strsim::osa_distance("ab", ""), 2);
    }

    #[test]
    fn controls_and_invisible_formats_are_escaped() {
        let cases = [
            ("\u{202e}forged", "\\u{202e}forged"),
            ("a\u{200b}b", "a\\u{200b}b"),
            ("line\u{2028}two\u{2029}", "line\\u{2028}two\\u{2029}"),
            ("\u{feff}61/61", "\\u{feff}61/61"),
            ("bell\u{7}", "bell\\x07"),
            ("\u{1b}[2J\u{1b}]52;c;", "\\x1b[2J\\x1b]52;c;"),
            (
                "61/61 accepted\roverwritten",
                "61/61 accepted\\x0doverwritten",
            ),
            ("\u{7f}\u{9b}\u{85}", "\\x7f\\u{9b}\\u{85}"),
            (
                "\u{2066}\u{2069}\u{200e}\u{61c}\u{ad}",
                "\\u{2066}\\u{2069}\\u{200e}\\u{61c}\\u{ad}",
            ),
            ("tag\u{e0041}", "tag\\u{e0041}"),
        ];
        for (raw, shown) in cases {
            assert_eq!(visible(raw), shown, "{raw:?}");
            assert_eq!(visible(shown), shown, "escaping twice changes nothing");
        }
    }

    /// Asserts that every code point of `ranges` is hidden; gives how many there are.
    fn all_hidden(ranges: &[(u32, u32)]) -> usize {
        let codes = ranges.iter().flat_map(|&(first, last)| first..=last);
        codes
            .inspect(|&code| assert!(hidden(char::from_u32(code).unwrap()), "U+{code:04X}"))
            .count()
    }

    #[test]
    fn every_default_ignorable_code_point_and_the_braille_blank_are_hidden() {
        assert_eq!(
            all_hidden(&DEFAULT_IGNORABLE),
            4174,
            "Unicode 16.0 has 4,174 default-ignorable code points"
        );
        // The padding of a forged summary line (issue 39): none passes raw.
        let padding = "\u{3164}\u{2800}\u{115f}\u{ffa0}\u{34f}\u{fe0f}\u{e0100}\u{180b}\u{17b4}";
        assert_eq!(
            visible(padding),
            "\\u{3164}\\u{2800}\\u{115f}\\u{ffa0}\\u{34f}\\u{fe0f}\\u{e0100}\\u{180b}\\u{17b4}"
        );
        for c in [
            '\u{2065}',
            '\u{fff8}',
            '\u{1160}',
            '\u{17b5}',
            '\u{180f}',
            '\u{e01ef}',
        ] {
            assert!(hidden(c), "{c:?}");
        }
        for c in [
            '\u{1161}',
            '\u{17b6}',
            '\u{fe10}',
            '\u{ffa1}',
            '\u{e1000}',
            '\u{3165}',
        ] {
            assert!(!hidden(c), "{c:?}");
        }
    }

    #[test]
    fn names_are_one_line_and_quotes_start_no_line() {
        assert_eq!(
            name("ok\u{1b}[2J\n\u{3164}\tx.c"),
            "ok\\x1b[2J\\x0a\\u{3164}\\x09x.c"
        );
        assert!(matches!(
            name("sol 魔板.cpp"),
            Cow::Borrowed("sol 魔板.cpp")
        ));
        assert_eq!(
            quoted("x\nmsquare: 61/61 tests accepted\r"),
            "  | x\n  | msquare: 61/61 tests accepted\\x0d"
        );
        let raw = "{\"a\":\"\u{202e}\u{7f}\u{e0100}\u{1b}ok\"}";
        let escaped = json(raw);
        assert_eq!(escaped, "{\"a\":\"\\u202e\\u007f\\udb40\\udd00\u{1b}ok\"}");
        assert!(matches!(json("{\"a\":\"魔\"}"), Cow::Borrowed(_)));
    }

    #[test]
    fn ordinary_text_line_feeds_and_tabs_stay() {
        for text in [
            "msquare: 61/61 tests accepted",
            "魔板 Magic Squares: BCABCCB\n\tnext line",
            "Ａ é ü ẞ → · ␍ … ✓ 🙂 ",
            "",
        ] {
            assert!(
                matches!(visible(text), Cow::Borrowed(t) if t == text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn every_format_range_is_hidden_and_its_neighbours_are_not() {
        assert_eq!(
            all_hidden(&FORMAT),
            170,
            "Unicode 16.0 has 170 format characters"
        );
        for c in [
            'A', ' ', '魔', '\u{2027}', '\u{202f}', '\u{fffc}', '\u{2801}', '\u{3000}',
        ] {
            assert!(!hidden(c), "{c:?}");
        }
        assert_eq!(visible_bytes(b"ok\xff\x1b"), "ok\u{fffd}\\x1b");
    }
}
