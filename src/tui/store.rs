//! Saving and loading games for the interface: the autosave (for Resume) and records the
//! player saves or loads by name.
//!
//! The file format belongs to the records module (SPEC §4); this adapter only translates
//! between it and what the interface keeps (a [`Session`] and who plays which seat). Until that
//! module lands, saving and loading report that they are not available; nothing here invents a
//! format of its own.

use super::play::Player;
use crate::session::Session;
use std::path::{Path, PathBuf};

/// A game as the interface saves and resumes it.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game and its turns.
    pub session: Session,
    /// Who plays the seat that makes the first turn, and the other seat.
    pub players: [Player; 2],
    /// When the game started (RFC 3339, UTC).
    pub started: String,
    /// The result, once the game is over (including a resignation).
    pub result: Option<String>,
}

/// The file Resume reads.
pub fn autosave_path() -> Option<PathBuf> {
    crate::config::data_dir().map(|d| d.join("autosave.toml"))
}

/// The folder the Load screen lists and `:save NAME` writes to.
pub fn saves_dir() -> Option<PathBuf> {
    crate::config::data_dir().map(|d| d.join("games"))
}

const NOT_YET: &str = "game records are not available in this build yet";

/// Writes a game record (atomically: a temporary file, then a rename).
pub fn save(_path: &Path, _game: &SavedGame) -> Result<(), String> {
    Err(NOT_YET.into())
}

/// Reads a game record, replaying every turn through the rules.
pub fn load(_path: &Path) -> Result<SavedGame, String> {
    Err(NOT_YET.into())
}

/// Removes the autosave (after the game it holds has ended or been abandoned).
pub fn remove_autosave() {
    if let Some(p) = autosave_path() {
        let _ = std::fs::remove_file(p);
    }
}

/// The current time as RFC 3339 UTC (`2025-01-31T12:00:00Z`), for the record's start time.
pub fn now_rfc3339() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar
/// (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_089), (2025, 1, 1));
        assert!(now_rfc3339().ends_with('Z'));
    }
}
