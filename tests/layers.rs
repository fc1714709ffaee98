//! The direction of the crate's imports, in two tests.
//!
//! Between top-level modules: every top-level module of `src/` sits in one layer, and its
//! non-test code names only modules of lower layers (`crate::x` paths and `use crate::{x, …}`
//! groups). That rules out an import cycle between top-level modules, keeps the rules free of
//! the interface and the files, and keeps the lab (matches, reports, generators) beside the
//! product: nothing names `lab` but the `tessera` command itself.
//!
//! Between the files of one module: inside `src/search/`, `src/tui/` and `src/lab/` no two
//! files name each other, directly or through others. A file names another when its non-test
//! code has a path (`crate::…`, `super::…`, `self::…`, or one starting with a child module's
//! name, `use` groups spread) whose longest prefix that is a module file (`x.rs` or
//! `x/mod.rs`) is that file; a cycle is a strongly connected component of more than one file.
//! Files in a cycle can be read, tested and moved only together, and a module's `mod.rs` in a
//! cycle with its children makes the module one block. `src/serve/` and `src/games/` are
//! reported (printed) but not held to it.
//!
//! Both read only product code: comments, test files (`tests.rs`, `*_tests.rs`, `tests/`) and
//! `#[cfg(test)]` items (to the end of each item, not of the file) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Lowest first. A module may name modules of lower layers only.
const LAYERS: &[&[&str]] = &[
    &["board", "rng", "quote", "interval", "files", "nn", "crash"],
    &["zobrist"],
    &["games"],
    &["session", "theme"],
    &["config", "record"],
    &["search"],
    &["komi_file", "puzzle"],
    &["review", "gtp", "ai"],
    &["online"],
    &["tui"],
    &["serve"],
    &["lab"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The text of a source file without comments and without test code: each `#[cfg(test)]` item
/// (a module, function, `impl`, `use`, field or variant, with any attributes after the
/// `#[cfg(test)]`) is blanked up to its end, its matching `}` or its `;` (or the `,` that ends a
/// field or variant), and whatever follows it is read. Braces inside string and character
/// literals and comments do not count. Blanked text keeps its newlines.
fn product_code(text: &str) -> String {
    let (mut code, literal) = without_comments(text);
    let attribute = b"#[cfg(test)]";
    let mut i = 0;
    while i < code.len() {
        if !literal[i] && code[i..].starts_with(attribute) {
            let end = item_end(&code, &literal, i + attribute.len());
            blank(&mut code[i..end]);
            i = end;
        } else {
            i += 1;
        }
    }
    String::from_utf8(code).expect("only whole characters blanked")
}

/// `text` with each comment blanked, and which bytes are inside a string or character literal
/// (kept as they are, but their brackets are not code).
fn without_comments(text: &str) -> (Vec<u8>, Vec<bool>) {
    let bytes = text.as_bytes();
    let mut code = bytes.to_vec();
    let mut literal = vec![false; bytes.len()];
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let end = if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| i + n);
            blank(&mut code[i..end]);
            end
        } else if rest.starts_with(b"/*") {
            let end = block_comment_end(bytes, i);
            blank(&mut code[i..end]);
            end
        } else if let Some(end) = literal_end(text, i) {
            literal[i..end].fill(true);
            end
        } else {
            i + 1
        };
        i = end;
    }
    (code, literal)
}

/// Spaces for every byte but newlines.
fn blank(code: &mut [u8]) {
    for b in code.iter_mut().filter(|b| **b != b'\n') {
        *b = b' ';
    }
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The end of the (nested) block comment that starts at `start`.
fn block_comment_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    bytes.len()
}

/// The end of the string, raw string or character literal that starts at `i`, if one does (a
/// `'` that starts a lifetime or label is none).
fn literal_end(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let after_ident = i > 0 && is_ident_byte(bytes[i - 1]);
    match bytes[i] {
        b'"' => {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            Some((j + 1).min(bytes.len()))
        }
        b'r' | b'b' if !after_ident => {
            let r = if bytes[i] == b'b' { i + 1 } else { i };
            if bytes.get(r) != Some(&b'r') {
                return None;
            }
            let hashes = bytes[r + 1..].iter().take_while(|&&b| b == b'#').count();
            if bytes.get(r + 1 + hashes) != Some(&b'"') {
                return None;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = r + 2 + hashes;
            let end = bytes[body..]
                .windows(close.len())
                .position(|w| w == close)
                .map_or(bytes.len(), |n| body + n + close.len());
            Some(end)
        }
        b'\'' => {
            if bytes.get(i + 1) == Some(&b'\\') {
                let close = bytes.get(i + 3..)?.iter().position(|&b| b == b'\'')?;
                return Some(i + 3 + close + 1);
            }
            let c = text[i + 1..].chars().next()?;
            let close = i + 1 + c.len_utf8();
            (bytes.get(close) == Some(&b'\'')).then_some(close + 1)
        }
        _ => None,
    }
}

/// Where the item that starts after a `#[cfg(test)]` at `start` ends: past any further
/// attributes, at the `}` that closes its first outer brace, or past its `;`, or past the `,`
/// after a field or variant (commas between angle brackets do not count), or before the bracket
/// that closes the item around it.
fn item_end(code: &[u8], literal: &[bool], start: usize) -> usize {
    let mut i = start;
    let mut depth = 0i32;
    let mut angle = 0i32;
    let mut in_attribute = false;
    while i < code.len() {
        if literal[i] {
            i += 1;
            continue;
        }
        match code[i] {
            b'#' if depth == 0 => in_attribute = true,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 0 {
                    return i;
                }
                depth -= 1;
                if depth == 0 {
                    if in_attribute {
                        in_attribute = false;
                    } else if code[i] == b'}' {
                        return i + 1;
                    }
                }
            }
            b';' if depth == 0 => return i + 1,
            b',' if depth == 0 && angle == 0 => return i + 1,
            b'<' if depth == 0 => angle += 1,
            b'>' if depth == 0 && !matches!(code[i - 1], b'-' | b'=') => angle = (angle - 1).max(0),
            _ => {}
        }
        i += 1;
    }
    code.len()
}

/// Top-level modules named by `code`: `crate::x` and the first segment of each path in a
/// `crate::{…}` group.
fn named_modules(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find("};").unwrap_or(group.len());
            let mut depth = 0;
            let mut start_of_path = true;
            let mut word = String::new();
            for c in group[..end].chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start_of_path = true,
                    _ => {}
                }
                if c.is_alphanumeric() || c == '_' {
                    if start_of_path {
                        word.push(c);
                    }
                } else if !word.is_empty() {
                    names.push(std::mem::take(&mut word));
                    start_of_path = false;
                }
            }
            if !word.is_empty() {
                names.push(word);
            }
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.push(word);
        }
    }
    names
}

fn is_test_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == "tests.rs"
        || name.ends_with("_tests.rs")
        || path.components().any(|c| c.as_os_str() == "tests")
}

fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            walk(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// For each top-level module, the modules it names and one file that names each.
fn imports(src: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut files = Vec::new();
    walk(src, &mut files);
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src).expect("under src");
        let first = rel.components().next().expect("a path");
        let module = first
            .as_os_str()
            .to_str()
            .expect("UTF-8")
            .trim_end_matches(".rs");
        if module == "lib" || module == "main" || is_test_file(rel) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for named in named_modules(&product_code(&text)) {
            if named != module && layer_of(&named).is_some() {
                edges
                    .entry(module.to_string())
                    .or_default()
                    .entry(named)
                    .or_insert_with(|| rel.display().to_string());
            }
        }
    }
    edges
}

/// A module's path inside the crate: `["search", "tree"]` for `src/search/tree.rs`, `["tui"]`
/// for `src/tui/mod.rs`.
type Module = Vec<String>;

/// The files of one directory of `src/` (test files left out) and which of them each names.
struct FileGraph {
    /// Module path to file (relative to `src/`), in module order.
    files: BTreeMap<Module, String>,
    /// Edges by index into `files`.
    edges: Vec<BTreeSet<usize>>,
}

impl FileGraph {
    /// The graph of `src/<dir>/`: an edge a -> b when a's product code names a path that
    /// resolves to b (see [`named_paths`] and [`FileGraph::resolve`]).
    fn new(src: &Path, dir: &str) -> FileGraph {
        let mut paths = Vec::new();
        walk(&src.join(dir), &mut paths);
        let mut files = BTreeMap::new();
        for path in paths {
            let rel = path.strip_prefix(src).expect("under src");
            if is_test_file(rel) {
                continue;
            }
            let mut module: Module = rel
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_str().expect("UTF-8").to_string())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            let shown = rel.to_str().expect("UTF-8").replace('\\', "/");
            files.insert(module, shown);
        }
        let mut graph = FileGraph {
            edges: vec![BTreeSet::new(); files.len()],
            files,
        };
        for (from, (here, rel)) in graph.files.iter().enumerate() {
            let text = std::fs::read_to_string(src.join(rel)).expect("a readable source file");
            let children: Vec<&str> = graph
                .files
                .keys()
                .filter(|m| m.len() == here.len() + 1 && m.starts_with(here))
                .map(|m| m[here.len()].as_str())
                .collect();
            for path in named_paths(&product_code(&text), &children) {
                if let Some(to) = graph.resolve(here, &path).filter(|&to| to != from) {
                    graph.edges[from].insert(to);
                }
            }
        }
        graph
    }

    /// The file a path named in module `here` leads to: the longest prefix of its full path that
    /// is a file of the graph. A path starts with `crate`, `self`, one or more `super`, or the
    /// name of one of `here`'s child modules.
    fn resolve(&self, here: &[String], path: &[String]) -> Option<usize> {
        let (base, rest) = path.split_first()?;
        let full: Vec<String> = match base.as_str() {
            "crate" => rest.to_vec(),
            "self" => [here, rest].concat(),
            "super" => {
                let ups = 1 + rest.iter().take_while(|c| *c == "super").count();
                let up = &here[..here.len().saturating_sub(ups)];
                [up, &path[ups..]].concat()
            }
            _ => [here, path].concat(),
        };
        (1..=full.len())
            .rev()
            .find_map(|n| self.files.keys().position(|m| *m == full[..n]))
    }

    /// The strongly connected components of more than one file (Tarjan's algorithm), each in
    /// module order, ordered by their first file.
    fn cycles(&self) -> Vec<Vec<usize>> {
        struct Walk<'a> {
            edges: &'a [BTreeSet<usize>],
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            stack: Vec<usize>,
            on_stack: Vec<bool>,
            next: usize,
            components: Vec<Vec<usize>>,
        }
        fn visit(w: &mut Walk, v: usize) {
            w.index[v] = Some(w.next);
            w.low[v] = w.next;
            w.next += 1;
            w.stack.push(v);
            w.on_stack[v] = true;
            let edges = w.edges;
            for &to in &edges[v] {
                match w.index[to] {
                    None => {
                        visit(w, to);
                        w.low[v] = w.low[v].min(w.low[to]);
                    }
                    Some(i) if w.on_stack[to] => w.low[v] = w.low[v].min(i),
                    Some(_) => {}
                }
            }
            if w.index[v] == Some(w.low[v]) {
                let mut component = Vec::new();
                while let Some(top) = w.stack.pop() {
                    w.on_stack[top] = false;
                    component.push(top);
                    if top == v {
                        break;
                    }
                }
                w.components.push(component);
            }
        }
        let n = self.files.len();
        let mut walk = Walk {
            edges: &self.edges,
            index: vec![None; n],
            low: vec![0; n],
            stack: Vec::new(),
            on_stack: vec![false; n],
            next: 0,
            components: Vec::new(),
        };
        for v in 0..n {
            if walk.index[v].is_none() {
                visit(&mut walk, v);
            }
        }
        let mut cycles: Vec<Vec<usize>> = walk
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|mut c| {
                c.sort_unstable();
                c
            })
            .collect();
        cycles.sort();
        cycles
    }

    /// Each cycle's files and the edges between them, one a line.
    fn describe(&self, cycles: &[Vec<usize>]) -> String {
        let names: Vec<&String> = self.files.values().collect();
        let mut out = String::new();
        for cycle in cycles {
            let files: Vec<&str> = cycle.iter().map(|&f| names[f].as_str()).collect();
            out += &format!("cycle of {}: {}\n", cycle.len(), files.join(", "));
            for &from in cycle {
                for to in self.edges[from].iter().filter(|to| cycle.contains(to)) {
                    out += &format!("   {} -> {}\n", names[from], names[*to]);
                }
            }
        }
        out + &format!("{} cycles among {} files\n", cycles.len(), names.len())
    }
}

/// The paths `code` names that start with `crate`, `super`, `self` or one of `children`
/// (not after `::` or inside a longer name), each `use` group `{…}` (nested too) spread into
/// its paths: `super::{a::{b, self}, c as d}` names `super::a::b`, `super::a` and `super::c`.
/// A path ends at its last name (`*` and generic arguments left out).
fn named_paths(code: &str, children: &[&str]) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut paths = Vec::new();
    for i in 0..bytes.len() {
        if i > 0 && (is_ident_byte(bytes[i - 1]) || bytes[i - 1] == b':') {
            continue;
        }
        let Some((word, end)) = ident_at(bytes, i) else {
            continue;
        };
        let is_base = ["crate", "super", "self"].contains(&word) || children.contains(&word);
        let opens_path = bytes[end..].starts_with(b"::")
            && bytes
                .get(end + 2)
                .is_some_and(|&b| b == b'{' || b == b'_' || b.is_ascii_alphabetic());
        if is_base && opens_path {
            path_at(bytes, i, &[], &mut paths);
        }
    }
    paths
}

/// The name (`[A-Za-z_][A-Za-z0-9_]*`) at `i` and where it ends.
fn ident_at(bytes: &[u8], i: usize) -> Option<(&str, usize)> {
    let first = *bytes.get(i)?;
    if !(first == b'_' || first.is_ascii_alphabetic()) {
        return None;
    }
    let len = bytes[i..].iter().take_while(|&&b| is_ident_byte(b)).count();
    let word = std::str::from_utf8(&bytes[i..i + len]).expect("ASCII");
    Some((word, i + len))
}

/// Reads the path at `i` (after `prefix`, the path of the group it is in) into `out`, its
/// groups spread; returns where it ends (`i` if no path starts there).
fn path_at(bytes: &[u8], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    let Some((word, end)) = ident_at(bytes, i) else {
        return i;
    };
    path.push(word.to_string());
    i = end;
    while bytes[i..].starts_with(b"::") {
        i += 2;
        match bytes.get(i) {
            Some(b'{') => {
                i += 1;
                loop {
                    i += bytes[i..]
                        .iter()
                        .take_while(|&&b| matches!(b, b' ' | b'\n' | b'\t' | b','))
                        .count();
                    if bytes.get(i).is_none_or(|&b| b == b'}') {
                        return i + 1;
                    }
                    if ident_at(bytes, i).is_some_and(|(w, _)| w == "self") {
                        out.push(path.clone());
                        i += "self".len();
                        continue;
                    }
                    let end = path_at(bytes, i, &path, out);
                    i = if end == i { i + 1 } else { end };
                    i = past_alias(bytes, i);
                }
            }
            Some(b'*') => {
                i += 1;
                break;
            }
            _ => match ident_at(bytes, i) {
                Some((word, end)) => {
                    path.push(word.to_string());
                    i = end;
                }
                None => break,
            },
        }
    }
    out.push(path);
    i
}

/// Past an ` as name` at `i`, if there is one.
fn past_alias(bytes: &[u8], i: usize) -> usize {
    let space = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count()
    };
    let before = space(i);
    if before == 0 || !bytes[i + before..].starts_with(b"as") {
        return i;
    }
    let at = i + before + 2;
    let after = space(at);
    match ident_at(bytes, at + after) {
        Some((_, end)) if after > 0 => end,
        _ => i,
    }
}

#[test]
fn every_import_between_top_level_modules_points_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut unplaced = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .trim_end_matches(".rs");
        if name != "lib" && name != "main" && layer_of(name).is_none() {
            unplaced.push(name.to_string());
        }
    }
    assert!(
        unplaced.is_empty(),
        "top-level modules not placed in LAYERS: {unplaced:?}"
    );
    let mut upward = Vec::new();
    for (module, named) in imports(&src) {
        let own = layer_of(&module).unwrap();
        for (other, file) in named {
            if layer_of(&other).unwrap() >= own {
                upward.push(format!("{module} -> {other} ({file})"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that do not point down:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_scanner_sees_paths_groups_and_skips_comments_and_tests() {
    let code = product_code(
        "use crate::games::{Game, Step};\n\
         use crate::{board::Cell, record::{Record, Players}, search};\n\
         // crate::tui in a comment\n\
         fn f() { crate::rng::FastRng::seed(1); }\n\
         #[cfg(test)]\nmod tests;\n\
         fn g() { crate::files::save(); }\n\
         #[cfg(test)]\nmod more {\n use crate::serve::x;\n}\n",
    );
    assert_eq!(
        named_modules(&code),
        ["games", "board", "record", "search", "rng", "files"]
    );
}

#[test]
fn the_scanner_reads_product_code_after_a_test_item() {
    let code = product_code(
        "enum E {\n    A,\n    #[cfg(test)]\n    #[error(\"{0}\")]\n    Toy(&'static str),\n}\n\
         fn a() { crate::games::x(); }\n\
         impl S {\n    #[cfg(test)]\n    fn len<'a>(&'a self) -> usize {\n        \
         let _ = ('{', '\\'', \"}\\\"{\", r#\"}\"#, b'{'); // }\n        /* } */ crate::tui::x()\n    }\n    \
         fn f() { crate::record::y(); }\n}\n\
         #[cfg(test)]\npub(crate) fn helper<A, B>(a: A) -> Vec<(A, B)> { crate::serve::z() }\n\
         fn g() { crate::search::w(); }\n\
         #[cfg(test)]\nuse crate::lab::v;\n\
         #[cfg(test)]\nmod tests {\n    use crate::tui::u;\n}\n\
         fn h() { crate::rng::t(); }\n",
    );
    assert_eq!(
        named_modules(&code),
        ["games", "record", "search", "rng"],
        "{code}"
    );
}

#[test]
fn the_file_graph_reads_paths_groups_and_relative_paths() {
    let code = "use super::{a::{b, self}, c as d, *};\nuse crate::x::{y::z, w};\n\
                fn f() { child::g(); self::h::i(); super::super::j(); other::k(); }\n";
    let paths = named_paths(code, &["child"]);
    let shown: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "super::a::b",
            "super::a",
            "super::c",
            "crate::x::y::z",
            "crate::x::w",
            "child::g",
            "self::h::i",
            "super::super::j",
        ]
    );
    let files: BTreeMap<Module, String> =
        [["x"].as_slice(), &["x", "a"], &["x", "y"], &["x", "y", "q"]]
            .iter()
            .map(|m| (m.iter().map(|s| s.to_string()).collect(), m.join("/")))
            .collect();
    let graph = FileGraph {
        edges: vec![BTreeSet::new(); files.len()],
        files,
    };
    let here: Module = vec!["x".into(), "y".into()];
    let resolved: Vec<Option<&str>> = paths
        .iter()
        .map(|p| {
            let file = graph.resolve(&here, p)?;
            graph.files.values().nth(file).map(String::as_str)
        })
        .collect();
    let expected = ["x/a", "x/a", "x", "x/y", "x", "x/y", "x/y"].map(Some);
    assert_eq!(resolved, [expected.as_slice(), &[None]].concat());
}

/// The directories whose file-level import cycles fail the test, and those only reported.
const NO_CYCLES_IN: &[&str] = &["search", "tui", "lab"];
const CYCLES_REPORTED_IN: &[&str] = &["serve", "games"];

#[test]
fn no_file_level_import_cycle_inside_search_tui_and_lab() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for dir in CYCLES_REPORTED_IN {
        let graph = FileGraph::new(&src, dir);
        let cycles = graph.cycles();
        if !cycles.is_empty() {
            println!(
                "src/{dir}/ (reported, not asserted):\n{}",
                graph.describe(&cycles)
            );
        }
    }
    let mut found = String::new();
    for dir in NO_CYCLES_IN {
        let graph = FileGraph::new(&src, dir);
        let cycles = graph.cycles();
        if !cycles.is_empty() {
            found += &format!("src/{dir}/:\n{}", graph.describe(&cycles));
        }
    }
    assert!(found.is_empty(), "file-level import cycles:\n{found}");
}
