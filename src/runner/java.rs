//! Java as Kattis runs it: the source is compiled under the name of its public class, whatever
//! the file is called ([`public_class`]), and the class run is the one whose compiled form
//! holds `public static void main(String[])`, with its package ([`main_class`]). Both read
//! only the contestant's source and the classes its build made; a class name is a word of the
//! run command, never a path.

use std::fs;
use std::path::Path;

/// The most files a Java build may make (classes in its jar), and so the most class files
/// [`main_class`] reads.
pub(super) const MAX_CLASSES: usize = 1000;

/// The name of the top-level `public` class (or interface, enum, record) of a Java source,
/// which javac wants the file to be named after; `None` when there is none. Comments, strings,
/// text blocks and character literals are skipped; what is inside braces is not top level.
pub fn public_class(source: &str) -> Option<String> {
    let mut chars = source.chars().peekable();
    let mut depth = 0usize;
    let mut public = false;
    let mut previous = String::new();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => while chars.next_if(|&c| c != '\n').is_some() {},
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut star = false;
                for c in chars.by_ref() {
                    if star && c == '/' {
                        break;
                    }
                    star = c == '*';
                }
            }
            '"' | '\'' => {
                // A text block ("""...""") ends at the first unescaped """; a plain literal
                // at its quote or the end of the line.
                let block = c == '"' && chars.peek() == Some(&'"') && {
                    let mut ahead = chars.clone();
                    ahead.next();
                    ahead.peek() == Some(&'"')
                };
                if block {
                    chars.next();
                    chars.next();
                }
                let mut quotes = 0;
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                            quotes = 0;
                        }
                        _ if d == c && !block => break,
                        '\n' if !block => break,
                        '"' if block => {
                            quotes += 1;
                            if quotes == 3 {
                                break;
                            }
                        }
                        _ => quotes = 0,
                    }
                }
            }
            '{' => {
                depth += 1;
                public = false;
            }
            '}' => {
                depth = depth.saturating_sub(1);
                public = false;
            }
            ';' if depth == 0 => public = false,
            c if c.is_alphabetic() || c == '_' || c == '$' => {
                let mut word = String::from(c);
                while let Some(d) = chars.next_if(|&d| d.is_alphanumeric() || d == '_' || d == '$')
                {
                    word.push(d);
                }
                if depth > 0 {
                    continue;
                }
                let kind = ["class", "interface", "enum", "record"].contains(&previous.as_str());
                if kind && public {
                    return Some(word);
                }
                if word == "public" {
                    public = true;
                }
                previous = word;
            }
            _ => {}
        }
    }
    None
}

/// The class to run among the classes a Java build made under `dir`: the one with `public
/// static void main(String[])`, by its binary name with its package (`usaco.Main`). When
/// several have one, the first of `preferred` (simple names: the source's public class, then
/// the file's name) that is one of them; else an error naming them. No class with `main` is
/// an error too.
pub fn main_class(dir: &Path, preferred: &[&str]) -> Result<String, String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    let mut files = 0;
    while let Some(at) = stack.pop() {
        let entries = fs::read_dir(&at).map_err(|e| format!("{}: {e}", at.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", at.display()))?;
            let path = entry.path();
            let kind = entry
                .file_type()
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() && path.extension().is_some_and(|e| e == "class") {
                files += 1;
                if files > MAX_CLASSES {
                    return Err(format!("the build holds more than {MAX_CLASSES} classes"));
                }
                let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                if let Some(name) = class_with_main(&bytes) {
                    found.push(name);
                }
            }
        }
    }
    found.sort();
    match found.len() {
        0 => Err("no class has a `public static void main(String[])` method".into()),
        1 => Ok(found.remove(0)),
        _ => {
            let simple = |name: &String| name.rsplit('.').next().unwrap_or(name).to_string();
            (preferred.iter())
                .find_map(|p| found.iter().find(|f| simple(f) == *p))
                .cloned()
                .ok_or_else(|| {
                    format!(
                        "several classes have a `public static void main(String[])` method \
                         and none is named like the public class or the file: {}",
                        crate::text::name(&found.join(", "))
                    )
                })
        }
    }
}

/// The binary name (`usaco.Main`) of the class in the class file `bytes` when it declares
/// `public static void main(String[])`; `None` when it does not or the file cannot be read.
fn class_with_main(bytes: &[u8]) -> Option<String> {
    let mut r = Reader { bytes, at: 0 };
    if r.u32()? != 0xCAFE_BABE {
        return None;
    }
    r.skip(4)?;
    let count = r.u16()? as usize;
    // The UTF-8 entries by index (others are None); the class entries' name indexes.
    let mut utf8: Vec<Option<&[u8]>> = vec![None; count];
    let mut class_names: Vec<Option<u16>> = vec![None; count];
    let mut i = 1;
    while i < count {
        let tag = r.u8()?;
        match tag {
            1 => {
                let len = r.u16()? as usize;
                utf8[i] = Some(r.take(len)?);
            }
            7 => class_names[i] = Some(r.u16()?),
            8 | 16 | 19 | 20 => r.skip(2)?,
            15 => r.skip(3)?,
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => r.skip(4)?,
            5 | 6 => {
                r.skip(8)?;
                i += 1;
            }
            _ => return None,
        }
        i += 1;
    }
    let text = |index: u16| utf8.get(index as usize).copied().flatten();
    r.skip(2)?;
    let this = r.u16()?;
    let name = text(class_names.get(this as usize).copied().flatten()?)?;
    r.skip(2)?;
    let interfaces = r.u16()? as usize;
    r.skip(2 * interfaces)?;
    let fields = r.u16()?;
    for _ in 0..fields {
        r.skip(6)?;
        r.skip_attributes()?;
    }
    let methods = r.u16()?;
    for _ in 0..methods {
        let flags = r.u16()?;
        let (method, descriptor) = (text(r.u16()?)?, text(r.u16()?)?);
        const PUBLIC_STATIC: u16 = 0x0001 | 0x0008;
        if flags & PUBLIC_STATIC == PUBLIC_STATIC
            && method == b"main"
            && descriptor == b"([Ljava/lang/String;)V"
        {
            return Some(String::from_utf8_lossy(name).replace('/', "."));
        }
        r.skip_attributes()?;
    }
    None
}

/// A cursor over a class file: every read is bounded, `None` past the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let slice = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(slice)
    }

    fn skip(&mut self, n: usize) -> Option<()> {
        self.take(n).map(|_| ())
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_be_bytes(self.take(2)?.try_into().ok()?))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_be_bytes(self.take(4)?.try_into().ok()?))
    }

    fn skip_attributes(&mut self) -> Option<()> {
        for _ in 0..self.u16()? {
            self.skip(2)?;
            let len = self.u32()? as usize;
            self.skip(len)?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_public_class_is_found_past_comments_strings_and_nested_classes() {
        let source = "package usaco;\n// public class Comment {}\n/* public class Block */\n\
            import java.util.*;\nclass Helper { public class Inner {} String s = \"public class S\"; }\n\
            @SuppressWarnings(\"x\") public final class Main { char q = '\"'; }\n";
        assert_eq!(public_class(source).as_deref(), Some("Main"));
        assert_eq!(public_class("class A {}\ninterface B {}\n"), None);
        assert_eq!(
            public_class("public interface I { static void main(String[] a) {} }").as_deref(),
            Some("I")
        );
        let block =
            "class A { String t = \"\"\"\n  public class X \"\"\"; }\npublic record R(int x) {}";
        assert_eq!(public_class(block).as_deref(), Some("R"));
    }

    #[test]
    fn a_truncated_or_foreign_class_file_has_no_main() {
        assert_eq!(class_with_main(b""), None);
        assert_eq!(class_with_main(&[0xCA, 0xFE, 0xBA, 0xBE, 0, 0]), None);
        assert_eq!(class_with_main(b"not a class file at all"), None);
    }
}
