//! The shipped puzzle sets, built into the program (`puzzles/<game>.toml` of the repository).

use crate::games::GameKind;
use crate::puzzle::set::{self, Entry};

/// The text of a game's shipped set.
pub fn text(kind: GameKind) -> &'static str {
    kind.spec().puzzles
}

/// A game's shipped puzzles, lowest rating first (ties by depth, then id), and the problems
/// of entries that do not load.
pub fn shipped(kind: GameKind) -> (Vec<Entry>, Vec<String>) {
    match set::parse(text(kind)) {
        Ok(loaded) => {
            let mut entries = loaded.entries;
            entries.sort_by(|a, b| {
                a.rating
                    .total_cmp(&b.rating)
                    .then(a.win_in.cmp(&b.win_in))
                    .then(a.id.cmp(&b.id))
            });
            let problems = loaded
                .problems
                .iter()
                .map(|p| format!("{kind} puzzles: {p}"))
                .collect();
            (entries, problems)
        }
        Err(e) => (Vec::new(), vec![format!("{kind} puzzles: {e}")]),
    }
}
