//! Finding the ground truth another implementation recorded (`../shared/testdata/`), which
//! tests read at test time and never copy into the tree.

use std::path::{Path, PathBuf};

/// `../shared/testdata/NAME` beside the checkout (or on this machine's work directory). When it
/// is absent the test is skipped with a notice, except under CI (`CI` set), where it fails: CI
/// must have `../shared` beside the clone.
pub fn testdata(name: &str) -> Option<PathBuf> {
    let places = [
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/testdata")
            .join(name),
        Path::new("/work/shared/testdata").join(name),
    ];
    if let Some(p) = places.iter().find(|p| p.is_file()) {
        return Some(p.clone());
    }
    let looked = places
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    assert!(
        std::env::var_os("CI").is_none(),
        "{name} not found (looked at {looked}): CI must have ../shared beside the clone"
    );
    eprintln!("NOTICE: {name} not found (looked at {looked}): ground-truth test skipped");
    None
}
