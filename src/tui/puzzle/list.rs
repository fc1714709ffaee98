//! The puzzle list: the shipped set of each game, with each puzzle's depth, rating and how the
//! player did (solved / failed / new), and the streak.
//!
//! This is the list's state; its commands are in [`super::keys`] and its drawing in
//! [`super::view`], beside the puzzle screen's. The app's `Transition` names this state (going
//! back to the list), so the key handlers that return a `Transition` live elsewhere.

use super::progress::{Progress, Status};
use super::sets;
use crate::games::GameKind;
use crate::puzzle::set::Entry;
use crate::tui::form::Selection;

/// The list's state: the five sets, the game shown, the puzzle selected, the progress.
#[derive(Clone, Debug)]
pub struct PuzzleList {
    /// Each game's set, easiest (lowest rating) first.
    pub sets: Vec<(GameKind, Vec<Entry>)>,
    /// The game shown, of `sets`.
    pub game: Selection,
    /// The puzzle chosen, of the game's set.
    pub selected: Selection,
    /// The player's progress.
    pub progress: Progress,
    /// Problems met loading the sets.
    pub problems: Vec<String>,
}

impl PuzzleList {
    /// The shipped sets, showing `kind` (the first game when `None`), with fresh progress
    /// (the runtime reads the saved one and sends it).
    pub fn new(kind: Option<GameKind>) -> PuzzleList {
        let mut problems = Vec::new();
        let sets: Vec<(GameKind, Vec<Entry>)> = GameKind::ALL
            .into_iter()
            .map(|k| {
                let (entries, mut p) = sets::shipped(k);
                problems.append(&mut p);
                (k, entries)
            })
            .collect();
        let game = kind
            .and_then(|k| sets.iter().position(|(g, _)| *g == k))
            .unwrap_or(0);
        PuzzleList {
            sets,
            game: Selection::at(game),
            selected: Selection::default(),
            progress: Progress::default(),
            problems,
        }
    }

    /// The puzzles of the game shown.
    pub fn entries(&self) -> &[Entry] {
        &self.sets[self.game.index()].1
    }

    /// The puzzle after `id` in the game's list (rising rating), wrapping around.
    pub fn next_after(&self, id: &str) -> Option<usize> {
        let list = self.entries();
        let i = list.iter().position(|e| e.id == id)?;
        (!list.is_empty()).then(|| (i + 1) % list.len())
    }
}

/// "solved", "solved with help", "failed" or "new" (the words of the puzzle's panel
/// too).
pub fn status_word(s: Option<Status>) -> &'static str {
    s.map_or("new", Status::word)
}

/// The list's summary of a set: "2 of 50 solved (1 with help) · 3 failed".
pub fn summary(p: &Progress, list: &[Entry]) -> String {
    let (clean, after, failed) = p.counts(list.iter().map(|e| e.id.as_str()));
    let mut text = format!("{} of {} solved", clean + after, list.len());
    if after > 0 {
        text.push_str(&format!(" ({after} with help)"));
    }
    if failed > 0 {
        text.push_str(&format!(" · {failed} failed"));
    }
    text
}
