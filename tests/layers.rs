//! The direction of the crate's layers: every top-level module of `src/` sits in one layer, and
//! its non-test code names only modules of lower layers (`crate::x` paths and `use crate::{x, …}`
//! groups). That rules out an import cycle between top-level modules, keeps the rules free of
//! the interface and the files, and keeps the lab (matches, reports, generators) beside the
//! product: nothing names `lab` but the `tessera` command itself.
//!
//! Only product code is read: comments, test files (`tests.rs`, `*_tests.rs`, `tests/`) and
//! `#[cfg(test)]` items (to the end of each item, not of the file) are left out.

use std::collections::BTreeMap;
use std::path::Path;

/// Lowest first. A module may name modules of lower layers only.
const LAYERS: &[&[&str]] = &[
    &["board", "rng", "quote", "interval", "files", "nn"],
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
