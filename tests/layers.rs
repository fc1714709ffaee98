//! The direction of the crate's layers: every top-level module of `src/` sits in one layer, and
//! its non-test code names only modules of lower layers (`crate::x` paths and `use crate::{x, …}`
//! groups, comments and test code left out). That rules out an import cycle between
//! top-level modules, keeps the rules free of the interface and the files, and keeps the lab
//! (matches, reports, generators) beside the product: nothing names `lab` but the `tessera`
//! command itself.

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

/// The text of a source file without comments and without test code: a `#[cfg(test)]` item
/// that is a module declaration (`mod x;`) drops that line; any other drops the rest of the
/// file (test modules come last).
fn product_code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]" {
            match lines.next() {
                Some(next) if next.trim_end().ends_with(';') => continue,
                _ => break,
            }
        }
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
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
