//! What the player has done with the puzzles: solved or failed per puzzle, the streak and the
//! best streak. Kept in the data directory as `puzzles.toml`, written atomically.

use crate::files;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How a puzzle went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Solved without a wrong turn, a hint or giving up (at least once).
    Solved,
    /// Tried, with a wrong turn, a hint or giving up, and not yet solved cleanly.
    Failed,
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

    /// A puzzle solved without a mistake: the streak grows.
    pub fn solved(&mut self, id: &str) {
        self.puzzles.insert(id.to_string(), Status::Solved);
        self.streak += 1;
        self.best_streak = self.best_streak.max(self.streak);
    }

    /// A mistake (a wrong turn, a hint, giving up): the streak ends; the puzzle counts as
    /// failed unless it was solved cleanly before.
    pub fn mistake(&mut self, id: &str) {
        self.streak = 0;
        self.puzzles.entry(id.to_string()).or_insert(Status::Failed);
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
