//! Puzzle sets: loading with broken entries, verification reasons, the record form.

use crate::lab::puzzles::verify::verify_entry;
use crate::puzzle::set::{self, Entry};
use crate::puzzle::Solver;
use crate::record::Record;

/// A Linage 5×5 puzzle (Vertical to move wins in 5 with b3 only), as the trap test has it.
const GOOD: &str = include_str!("../../../tests/data/linage-5x5-puzzle.toml");

fn good() -> Entry {
    let loaded = set::parse(GOOD).unwrap();
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    loaded.entries.into_iter().next().unwrap()
}

#[test]
fn a_good_entry_verifies_and_round_trips() {
    let e = good();
    let mut solver = Solver::with_megabytes(4);
    let v = verify_entry(&mut solver, &e);
    let Ok(v) = v else { panic!("{v:?}") };
    // The rating along the line: the rating field was written from it.
    assert!((v.rating - e.rating).abs() < 0.051, "{}", v.rating);
    let text = set::to_toml(std::slice::from_ref(&e), "a test set");
    assert!(text.starts_with("# a test set\n"));
    let again = set::parse(&text).unwrap();
    assert_eq!(again.entries, vec![e.clone()]);
    // The keys in the issue's order.
    let keys: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(" = ").map(|(k, _)| k))
        .collect();
    assert_eq!(
        keys,
        ["id", "game", "size", "komi", "turns", "win_in", "solution", "rating"]
    );
}

#[test]
fn a_puzzle_is_a_record_with_a_puzzle_section() {
    let e = good();
    let r = e.to_record().unwrap();
    let p = r.puzzle.as_ref().unwrap();
    assert_eq!(p.goal.as_deref(), Some("Vertical to win in 5"));
    assert_eq!(p.solution, e.solution);
    let again = Record::from_toml(&r.to_toml()).unwrap();
    again.replay().expect("the solution replays on load");
}

#[test]
fn broken_entries_are_reported_and_the_rest_load() {
    let text = format!(
        r#"
[[puzzle]]
id = "x-1"
game = "linage"
size = 5
turns = []
win_in = "three"
solution = []
rating = 1.0

[[puzzle]]
game = "linage"
{GOOD}
[[puzzle]]
id = "linage-0001"
game = "linage"
size = 5
komi = 0.5
turns = []
win_in = 5
solution = []
rating = 1.0
"#
    );
    let loaded = set::parse(&text).unwrap();
    assert_eq!(loaded.entries.len(), 1);
    let ids: Vec<&str> = loaded.problems.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["x-1", "#2", "linage-0001"]);
    assert!(loaded.problems[2].reason.contains("id is used"));
    assert!(set::parse("not toml = = 3").is_err());
}

#[test]
fn verification_says_why_an_entry_fails() {
    let mut solver = Solver::with_megabytes(4);
    let mut check = |edit: &dyn Fn(&mut Entry)| {
        let mut e = good();
        edit(&mut e);
        verify_entry(&mut solver, &e).unwrap_err().to_string()
    };
    let why = check(&|e| e.win_in = 7);
    assert!(why.contains("win in 5 already"), "{why}");
    let why = check(&|e| e.win_in = 3);
    assert!(why.contains("no forced win within 3"), "{why}");
    let why = check(&|e| e.solution[0] = "pass".into());
    assert!(why.contains("starts with 'pass'"), "{why}");
    let why = check(&|e| e.solution[1] = "pass".into());
    assert!(why.contains("solution turn 2"), "{why}");
    let why = check(&|e| e.solution.pop().map(|_| ()).unwrap_or(()));
    assert!(why.contains("has 4 turns"), "{why}");
    let why = check(&|e| e.rating = 99.0);
    assert!(why.contains("rating"), "{why}");
    let why = check(&|e| e.turns[3] = "zz9".into());
    assert!(why.contains("turn 4 'zz9'"), "{why}");
    let why = check(&|e| {
        e.turns.pop();
    });
    assert!(!why.is_empty());
}
