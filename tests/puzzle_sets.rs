//! The shipped puzzle sets (`puzzles/<game>.toml`): every game has one on its default board,
//! each entry loads, every set holds at least 40 puzzles, and a sample re-verifies
//! here; the `--ignored` test re-verifies every puzzle (run it before shipping a set).

use std::path::PathBuf;
use std::time::Instant;
use tessera::games::{Game, GameKind};
use tessera::lab::puzzles::verify::verify_entry;
use tessera::puzzle::set::{self, Entry};
use tessera::puzzle::Solver;

fn load(kind: GameKind) -> Vec<Entry> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(format!("{}.toml", kind.name()));
    let loaded = set::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        loaded.problems.is_empty(),
        "{}: {:?}",
        path.display(),
        loaded.problems
    );
    loaded.entries
}

/// Every game's set holds at least the 40 puzzles.
const AT_LEAST: usize = 40;

#[test]
fn every_game_ships_a_set_on_its_default_board() {
    for kind in GameKind::ALL {
        let entries = load(kind);
        assert!(!entries.is_empty(), "{kind}: no puzzles");
        assert!(
            entries.len() >= AT_LEAST,
            "{kind}: {} puzzles",
            entries.len()
        );
        let mut ids = std::collections::HashSet::new();
        for e in &entries {
            assert_eq!(e.game, kind, "{}", e.id);
            assert_eq!(e.size, kind.default_size(), "{}", e.id);
            assert!(ids.insert(e.id.clone()), "{} twice", e.id);
            assert_eq!(e.solution.len(), e.win_in as usize, "{}", e.id);
            let g = e.position().unwrap_or_else(|why| panic!("{}: {why}", e.id));
            assert!(!g.is_over(), "{}", e.id);
        }
    }
}

/// The shallowest puzzle and one from the middle of each set.
#[test]
fn a_sample_of_each_set_reverifies() {
    let mut solver = Solver::with_megabytes(16);
    for kind in GameKind::ALL {
        let entries = load(kind);
        for e in [&entries[0], &entries[entries.len() / 2]] {
            solver.clear();
            if let Err(why) = verify_entry(&mut solver, e) {
                panic!("{}: {why}", e.id);
            }
        }
    }
}

/// Every puzzle of every set (slow: run with `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn every_shipped_puzzle_reverifies() {
    let mut solver = Solver::with_megabytes(64);
    let mut failures = Vec::new();
    for kind in GameKind::ALL {
        let mut times = Vec::new();
        for e in load(kind) {
            solver.clear();
            let start = Instant::now();
            match verify_entry(&mut solver, &e) {
                Ok(_) => times.push(start.elapsed().as_secs_f64()),
                Err(why) => failures.push(format!("{}: {why}", e.id)),
            }
        }
        times.sort_by(f64::total_cmp);
        if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
            eprintln!(
                "{kind}: {} verified, median {median:.3} s, worst {worst:.3} s",
                times.len()
            );
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
