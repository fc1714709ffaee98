//! What the player has done with the puzzles: per puzzle the best result of the tries (solved,
//! solved with help, failed), the streak and the best streak. Kept in the data directory
//! as `puzzles.toml`, written atomically.
//!
//! One rule, which the list and the puzzle's panel both show in the same words
//! ([`Status::word`]): a try is *solved* when it has no wrong turn, hint or giving up; *solved
//! with help* when it reaches the win after a hint or a wrong turn (which the program refutes
//! and takes back: help too); *failed* when it has one of those and is given up or left
//! unsolved. A puzzle keeps its best try (solved, then solved
//! with help, then failed). Only a clean solve adds to the streak; any mistake ends it.

use crate::files;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How a puzzle went: its best try. Ordered worst first, so the best of two is the larger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Tried with a wrong turn, a hint or giving up, and never solved.
    Failed,
    /// Solved, but only after a wrong turn or a hint (never cleanly).
    #[serde(rename = "solved-after-mistake")]
    SolvedAfterMistake,
    /// Solved without a wrong turn, a hint or giving up (at least once).
    Solved,
}

impl Status {
    /// The words the list and the panel show.
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::SolvedAfterMistake => "solved with help",
            Status::Failed => "failed",
        }
    }
}

/// The player's puzzle record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Puzzles solved cleanly one after another, up to now.
    #[serde(default)]
    pub streak: u32,
    /// The longest streak so far.
    #[serde(default)]
    pub best_streak: u32,
    /// Each puzzle tried, by id.
    #[serde(default)]
    pub puzzles: BTreeMap<String, Status>,
}

impl Progress {
    /// How the puzzle went, `None` when it is new.
    pub fn status(&self, id: &str) -> Option<Status> {
        self.puzzles.get(id).copied()
    }

    /// Keeps the better of the puzzle's recorded result and `s`.
    fn record(&mut self, id: &str, s: Status) {
        let e = self.puzzles.entry(id.to_string()).or_insert(s);
        *e = (*e).max(s);
    }

    /// A puzzle solved without a mistake: the streak grows.
    pub fn solved(&mut self, id: &str) {
        self.record(id, Status::Solved);
        self.streak += 1;
        self.best_streak = self.best_streak.max(self.streak);
    }

    /// A puzzle solved with help (whose [`Progress::mistake`] already ended the
    /// streak): it counts as solved with help unless it was solved cleanly before.
    pub fn solved_after_mistake(&mut self, id: &str) {
        self.record(id, Status::SolvedAfterMistake);
    }

    /// A mistake (a wrong turn, a hint, giving up): the streak ends; the puzzle counts as
    /// failed unless it was solved before.
    pub fn mistake(&mut self, id: &str) {
        self.streak = 0;
        self.record(id, Status::Failed);
    }

    /// How many of `ids` have each result: (solved, solved with help, failed).
    pub fn counts<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> (usize, usize, usize) {
        let mut n = (0, 0, 0);
        for id in ids {
            match self.status(id) {
                Some(Status::Solved) => n.0 += 1,
                Some(Status::SolvedAfterMistake) => n.1 += 1,
                Some(Status::Failed) => n.2 += 1,
                None => {}
            }
        }
        n
    }

    /// Where the progress lives in a data directory.
    pub fn path(data: &Path) -> PathBuf {
        data.join("puzzles.toml")
    }

    /// Reads the progress; a missing file is a fresh start.
    pub fn load(path: &Path) -> Result<Progress, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => toml::from_str(&text).map_err(|e| {
                format!(
                    "{}: {} (puzzle progress starts afresh; the file is replaced on the next \
                     save)",
                    path.display(),
                    e.message()
                )
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Writes the progress atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        files::write_atomically(path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_and_statuses() {
        let mut p = Progress::default();
        p.solved("a");
        p.solved("b");
        assert_eq!((p.streak, p.best_streak), (2, 2));
        p.mistake("c");
        p.mistake("a");
        assert_eq!((p.streak, p.best_streak), (0, 2));
        assert_eq!(p.status("a"), Some(Status::Solved));
        assert_eq!(p.status("c"), Some(Status::Failed));
        assert_eq!(p.status("d"), None);
        p.solved("c");
        assert_eq!(p.status("c"), Some(Status::Solved));
        // A solve with help: better than failed, never replaces a clean solve.
        p.mistake("d");
        p.solved_after_mistake("d");
        p.solved_after_mistake("a");
        assert_eq!(p.status("d"), Some(Status::SolvedAfterMistake));
        assert_eq!(p.status("a"), Some(Status::Solved));
        p.mistake("d");
        assert_eq!(
            p.status("d"),
            Some(Status::SolvedAfterMistake),
            "the best try kept"
        );
        assert_eq!(p.counts(["a", "b", "c", "d", "e"]), (3, 1, 0));
        assert_eq!(p.streak, 0);
    }

    #[test]
    fn the_file_names_each_result() {
        let mut p = Progress::default();
        p.solved("a");
        p.mistake("b");
        p.solved_after_mistake("b");
        p.mistake("c");
        let text = toml::to_string(&p).unwrap();
        assert!(text.contains("a = \"solved\""), "{text}");
        assert!(text.contains("b = \"solved-after-mistake\""), "{text}");
        assert!(text.contains("c = \"failed\""), "{text}");
        assert_eq!(toml::from_str::<Progress>(&text).unwrap(), p);
    }

    #[test]
    fn saved_and_read_back_and_a_bad_file_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = Progress::path(&dir.path().join("data"));
        assert_eq!(Progress::load(&path).unwrap(), Progress::default());
        let mut p = Progress::default();
        p.solved("linage-0001");
        p.save(&path).unwrap();
        assert_eq!(Progress::load(&path).unwrap(), p);
        std::fs::write(&path, "streak = \"x\"").unwrap();
        assert!(Progress::load(&path).unwrap_err().contains("puzzles.toml"));
    }
}
