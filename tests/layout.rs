//! The layout README's Layout section states, read from the source itself: each folder of
//! `src/` imports only folders below it (the binaries at the top, `runner` and then `text.rs`
//! at the bottom), `report/` runs nothing (no `crate::runner`), no files import each other in
//! a circle of any length, and no file is over 700 lines (but the C++ checker carried into
//! packages).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's folders (and top-level files) from the top down: a folder may import only
/// those of a greater level. Two at one level may not import each other.
const LEVELS: &[(&str, u32)] = &[
    // What the binaries share, just below them.
    ("cli", 1),
    ("report", 2),
    ("export", 2),
    ("judging", 3),
    ("problemset", 4),
    // The strict input validator: judge.toml gives a problem's limits to it; it reads with
    // the formats and tells its verdict in the checker's protocols.
    ("validate", 5),
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

/// A module path a file's code names, with the file, its crate root and its module.
struct Named {
    file: PathBuf,
    root: PathBuf,
    module: Vec<String>,
    path: Vec<String>,
}

/// Every file a file imports (a `mod.rs` and its own files left out: it declares and
/// re-exports them, they use the types it defines), by file.
type Graph = BTreeMap<PathBuf, BTreeSet<PathBuf>>;

/// Reads every Rust file under `src` (a crate's `src/`): the import graph between the files,
/// and every path each file's code names (its unit tests left out: their `super` is the file).
fn import_graph(src: &Path) -> (Graph, Vec<Named>) {
    let mut all = Vec::new();
    files(src, &mut all);
    let rust: Vec<&PathBuf> = all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    // Each crate's modules: (root, module path) -> file.
    let mut modules: BTreeMap<(PathBuf, Vec<String>), PathBuf> = BTreeMap::new();
    for file in &rust {
        modules.insert(module_of(src, file), (*file).clone());
    }
    let parent = |a: &PathBuf, b: &PathBuf| {
        let (_, a) = module_of(src, a);
        let (_, b) = module_of(src, b);
        a.len() == b.len() + 1 && a.starts_with(&b)
    };
    let mut graph = Graph::new();
    let mut named = Vec::new();
    for file in &rust {
        let (root, module) = module_of(src, file);
        let text = std::fs::read_to_string(file).expect("readable");
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for path in references(&code(text), &module) {
            let target = (1..=path.len()).rev().find_map(|k| {
                modules
                    .get(&(root.clone(), path[..k].to_vec()))
                    .filter(|t| *t != *file)
            });
            if let Some(target) = target
                && !parent(file, target)
                && !parent(target, file)
            {
                graph
                    .entry((*file).clone())
                    .or_default()
                    .insert(target.clone());
            }
            named.push(Named {
                file: (*file).clone(),
                root: root.clone(),
                module: module.clone(),
                path,
            });
        }
    }
    (graph, named)
}

/// The import cycles of `graph`, of any length: each strongly connected component of more
/// than one file (Tarjan's algorithm), named by a shortest cycle through its first file, that
/// file again at the end.
fn cycles(graph: &Graph) -> Vec<Vec<PathBuf>> {
    struct Tarjan<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        components: Vec<Vec<&'a PathBuf>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a PathBuf) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self
                    .stack
                    .iter()
                    .position(|w| *w == v)
                    .expect("on the stack");
                self.components.push(self.stack.split_off(at));
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        components: Vec::new(),
    };
    for v in graph.keys() {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v);
        }
    }
    let mut out = Vec::new();
    for mut component in tarjan.components.into_iter().filter(|c| c.len() > 1) {
        component.sort();
        // Breadth first from the first file, inside the component, back to it.
        let first = component[0];
        let mut came_from: BTreeMap<&PathBuf, &PathBuf> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([first]);
        'search: while let Some(v) = queue.pop_front() {
            for w in graph.get(v).into_iter().flatten() {
                if w == first {
                    came_from.insert(first, v);
                    break 'search;
                }
                if component.contains(&w) && !came_from.contains_key(w) {
                    came_from.insert(w, v);
                    queue.push_back(w);
                }
            }
        }
        let mut cycle = vec![first.clone()];
        let mut at = came_from[first];
        while at != first {
            cycle.push(at.clone());
            at = came_from[at];
        }
        cycle.push(first.clone());
        cycle.reverse();
        out.push(cycle);
    }
    out
}

/// A cycle as `a.rs -> b.rs -> a.rs`, its files relative to `src`.
fn show(src: &Path, cycle: &[PathBuf]) -> String {
    let files: Vec<String> = cycle
        .iter()
        .map(|f| f.strip_prefix(src).unwrap_or(f).display().to_string())
        .collect();
    files.join(" -> ")
}

#[test]
fn folders_import_only_folders_below_them_and_no_files_import_each_other_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (imports, named) = import_graph(&src);
    let mut wrong_layer = Vec::new();
    for Named {
        file,
        root,
        module,
        path,
    } in &named
    {
        // The reports turn results into text: they run nothing.
        if *root == src && module.first().is_some_and(|m| m == "report") {
            assert_ne!(
                path.first().map(String::as_str),
                Some("runner"),
                "{} runs programs (crate::{}): running belongs to judging/",
                file.display(),
                path.join("::")
            );
        }
        // The library's layers.
        if *root == src
            && let (Some(own), Some(other)) = (module.first(), path.first())
            && own != other
            && (src.join(format!("{other}.rs")).is_file()
                || src.join(other).join("mod.rs").is_file())
            && level(other) <= level(own)
        {
            wrong_layer.push(format!(
                "{} uses crate::{} (src/{other} is not below src/{own})",
                file.strip_prefix(&src).expect("under src").display(),
                path.join("::")
            ));
        }
    }
    wrong_layer.sort();
    wrong_layer.dedup();
    assert!(
        wrong_layer.is_empty(),
        "imports against the layers:\n{}",
        wrong_layer.join("\n")
    );
    // No circle of imports, of any length (two files that import each other are one).
    let circles: Vec<String> = cycles(&imports).iter().map(|c| show(&src, c)).collect();
    assert!(
        circles.is_empty(),
        "files that import each other, directly or through others:\n{}",
        circles.join("\n")
    );
    // The check sees imports: in a use tree, and through `super`.
    let run = src.join("bin/judge/run.rs");
    assert!(
        imports[&run].contains(&src.join("bin/judge/common.rs")),
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
fn a_circle_of_three_files_is_found_and_named_and_a_mod_rs_with_its_files_is_none() {
    let dir = std::env::temp_dir().join(format!("layout-circle-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("shapes")).expect("a temporary folder");
    for (file, text) in [
        (
            "lib.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub mod d;\npub mod shapes;\n",
        ),
        // a -> b -> c -> a, each through another kind of path.
        ("a.rs", "use crate::b::B;\npub struct A(pub B);\n"),
        ("b.rs", "pub struct B(pub crate::c::C);\n"),
        (
            "c.rs",
            "use crate::{a, d};\npub struct C(Box<a::A>, d::D);\n",
        ),
        // d imports nothing: on no circle.
        ("d.rs", "pub struct D;\n"),
        // A mod.rs and its own files use each other, as they may.
        (
            "shapes/mod.rs",
            "mod square;\npub use square::Square;\npub struct Side;\n",
        ),
        ("shapes/square.rs", "pub struct Square(super::Side);\n"),
    ] {
        std::fs::write(src.join(file), text).expect("written");
    }
    let (graph, _) = import_graph(&src);
    let found: Vec<String> = cycles(&graph).iter().map(|c| show(&src, c)).collect();
    std::fs::remove_dir_all(&dir).expect("removed");
    assert_eq!(found, ["a.rs -> b.rs -> c.rs -> a.rs"]);
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
