//! The layout README's Layout section states, read from the source itself: each folder of
//! `src/` imports only folders below it (the binaries at the top, `runner` and then `text.rs`
//! at the bottom), `report/` runs nothing (no `crate::runner`), no two files import each
//! other, and no file is over 700 lines (but the C++ checker carried into packages).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's folders (and top-level files) from the top down: a folder may import only
/// those of a greater level. Two at one level may not import each other.
const LEVELS: &[(&str, u32)] = &[
    // What the binaries share, just below them: the validator reads with cli.rs's helpers.
    ("validate", 1),
    ("cli", 2),
    ("report", 3),
    ("export", 3),
    ("judging", 4),
    ("problemset", 5),
    ("check", 6),
    ("generator", 6),
    ("format", 7),
    ("puzzle", 8),
    ("runner", 9),
    // Outside text made safe to show: everyone shows some, it uses nothing.
    ("text", 10),
];

/// The longest a file under `src/` may be, in lines.
const MOST_LINES: usize = 700;

fn level(folder: &str) -> u32 {
    LEVELS
        .iter()
        .find(|(name, _)| *name == folder)
        .map(|(_, level)| *level)
        .unwrap_or_else(|| panic!("src/{folder} is not in the layers of tests/layout.rs"))
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// A Rust file's crate root (the folder its `crate::` paths start from) and its module path.
fn module_of(src: &Path, file: &Path) -> (PathBuf, Vec<String>) {
    let rel = file.strip_prefix(src).expect("under src");
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let (root, parts) = match parts.as_slice() {
        [bin, name, rest @ ..] if bin == "bin" && !rest.is_empty() => {
            (src.join("bin").join(name), rest.to_vec())
        }
        [bin, name] if bin == "bin" => (src.join("bin"), vec![name.clone()]),
        _ => (src.to_path_buf(), parts),
    };
    let mut module: Vec<String> = parts
        .into_iter()
        .map(|p| p.trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        module.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        module.pop();
    }
    (root, module)
}

/// The code of a file without comments and string literals (their words are no imports).
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        let mut in_string = false;
        let mut escaped = false;
        for c in line.chars() {
            if in_string {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    in_string = false;
                }
            } else if c == '"' {
                in_string = true;
            } else {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// The paths a use tree names: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = segments(&tree[..open]);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        let mut prefix = prefix.to_vec();
        prefix.extend(head);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&prefix, &inner[start..], out);
    } else {
        let mut path = prefix.to_vec();
        path.extend(segments(tree.split(" as ").next().unwrap_or("")));
        out.push(path);
    }
}

fn segments(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "self")
        .map(String::from)
        .collect()
}

/// Every module path a file's code names: `use` trees and paths in the code, from `crate::`
/// or `super::`, resolved against `module`.
fn references(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start).map(|i| i + from) {
            from = i + start.len();
            if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
                continue;
            }
            // The path runs to the end of its use tree, or of its identifiers.
            let rest = &code[i..];
            let mut end = 0;
            let mut depth = 0;
            for (j, c) in rest.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth > 0 => depth -= 1,
                    c if depth > 0 || c.is_alphanumeric() || c == '_' || c == ':' => {}
                    _ if depth == 0 => {
                        end = j;
                        break;
                    }
                    _ => {}
                }
                end = j + c.len_utf8();
            }
            let text = &rest[..end];
            let (base, tree) = if let Some(tree) = text.strip_prefix("crate::") {
                (Vec::new(), tree)
            } else {
                // `super` of the module `a::b` (`a/b.rs`, or `a/b/mod.rs`) is `a`.
                let base = module[..module.len().saturating_sub(1)].to_vec();
                (base, &text["super::".len()..])
            };
            expand(&base, tree, &mut paths);
        }
    }
    // `use child::...`: a path from the module's own files.
    for line in code.lines() {
        let line = line.trim_start();
        let Some(rest) = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        else {
            continue;
        };
        if !["crate::", "super::", "self::", "std::", "core::", "::"]
            .iter()
            .any(|p| rest.starts_with(p))
        {
            let tree = rest.split(';').next().unwrap_or("");
            expand(module, tree, &mut paths);
        }
    }
    paths
}

#[test]
fn folders_import_only_folders_below_them_and_no_two_files_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let rust: Vec<&PathBuf> = all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    // Each crate's modules: (root, module path) -> file.
    let mut modules: BTreeMap<(PathBuf, Vec<String>), PathBuf> = BTreeMap::new();
    for file in &rust {
        modules.insert(module_of(&src, file), (*file).clone());
    }
    let mut imports: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    let mut wrong_layer = Vec::new();
    for file in &rust {
        let (root, module) = module_of(&src, file);
        let text = std::fs::read_to_string(file).expect("readable");
        // A file's unit tests are no part of the layout (and their `super` is the file).
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for path in references(&code(text), &module) {
            let target = (1..=path.len()).rev().find_map(|k| {
                modules
                    .get(&(root.clone(), path[..k].to_vec()))
                    .filter(|t| *t != *file)
            });
            if let Some(target) = target {
                imports
                    .entry((*file).clone())
                    .or_default()
                    .insert(target.clone());
            }
            // The reports turn results into text: they run nothing.
            if root == src && module.first().is_some_and(|m| m == "report") {
                assert_ne!(
                    path.first().map(String::as_str),
                    Some("runner"),
                    "{} runs programs (crate::{}): running belongs to judging/",
                    file.display(),
                    path.join("::")
                );
            }
            // The library's layers.
            if root == src
                && let (Some(own), Some(other)) = (module.first(), path.first())
                && own != other
                && modules.contains_key(&(src.clone(), vec![other.clone()]))
                && level(other) <= level(own)
            {
                wrong_layer.push(format!(
                    "{} uses crate::{} (src/{other} is not below src/{own})",
                    file.strip_prefix(&src).expect("under src").display(),
                    path.join("::")
                ));
            }
        }
    }
    wrong_layer.sort();
    wrong_layer.dedup();
    assert!(
        wrong_layer.is_empty(),
        "imports against the layers:\n{}",
        wrong_layer.join("\n")
    );
    // A module's `mod.rs` and its own files may use each other: it declares and re-exports
    // them, they use the types it defines.
    let parent = |a: &PathBuf, b: &PathBuf| {
        let (_, a) = module_of(&src, a);
        let (_, b) = module_of(&src, b);
        a.len() == b.len() + 1 && a.starts_with(&b)
    };
    let mut mutual = Vec::new();
    for (a, targets) in &imports {
        for b in targets {
            if a < b
                && imports.get(b).is_some_and(|t| t.contains(a))
                && !parent(a, b)
                && !parent(b, a)
            {
                mutual.push(format!("{} <-> {}", a.display(), b.display()));
            }
        }
    }
    assert!(
        mutual.is_empty(),
        "files that import each other:\n{}",
        mutual.join("\n")
    );
    // The check sees imports: in a use tree, and through `super`.
    let run = src.join("bin/judge/commands/run.rs");
    assert!(
        imports[&run].contains(&src.join("bin/judge/commands/output.rs")),
        "{:?}",
        imports[&run]
    );
    let shipped = src.join("judging/matrix_runs/shipped.rs");
    assert!(
        imports[&shipped].contains(&src.join("judging/matrix_runs/cells.rs")),
        "{:?}",
        imports[&shipped]
    );
}

#[test]
fn no_file_under_src_is_over_700_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let long: Vec<String> = all
        .iter()
        .filter(|p| !p.ends_with("export/cpp/check.cpp"))
        .filter_map(|p| {
            let lines = std::fs::read_to_string(p).ok()?.lines().count();
            (lines > MOST_LINES).then(|| format!("{} ({lines} lines)", p.display()))
        })
        .collect();
    assert!(long.is_empty(), "over {MOST_LINES} lines: {long:?}");
}
