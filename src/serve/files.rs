//! What the server keeps in its data directory (`--data DIR`):
//!
//! ```text
//! host_key                      the server's key (ed25519, mode 0600), made on first start
//! players/KEY/profile.toml      the nickname of a key (KEY: the SHA-256 fingerprint, URL-safe),
//!                               written when the key takes it; all read once, at start
//! players/KEY/games/*.toml      that person's game records (server games and their own)
//! players/KEY/autosave.toml     their game against the AI, for Resume (and .lock, config.toml)
//! adjourned/ID.toml             the record of an adjourned game, or of a game in progress
//!                               (rewritten after every turn)
//! adjourned/ID.meta.toml        its players' keys and clocks
//! ```
//!
//! A game in progress is kept in `adjourned/` from its first move: a server that stops,
//! however it stops, finds it there at its next start and lists it as adjourned, with the
//! clocks as at its last turn (its record's `[clock]`).
//!
//! Every file is written through [`crate::files::write_atomically`] (a temporary file, then a
//! rename), records through [`crate::record::Record::save`].

use crate::online::Clock;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The server's data directory.
#[derive(Clone, Debug)]
pub struct DataDir(pub PathBuf);

/// The folder name of a key: its fingerprint without `SHA256:`, in URL-safe base64.
pub fn key_dir_name(fingerprint: &str) -> String {
    fingerprint
        .trim_start_matches("SHA256:")
        .replace('/', "_")
        .replace('+', "-")
}

/// A key's nickname, as kept in `profile.toml`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Profile {
    /// The nickname.
    pub name: String,
    /// The key's fingerprint (`SHA256:…`).
    pub fingerprint: String,
}

/// What the server keeps of an adjourned game besides its record.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct AdjournedMeta {
    /// The game's number.
    pub id: u64,
    /// The keys of the seat that made the first turn, and of the other.
    pub fingerprints: [String; 2],
    /// Their nicknames.
    pub names: [String; 2],
    /// `none`, `move:SECONDS` or `absolute:SECONDS`.
    pub clock: String,
    /// Milliseconds left on each seat's clock.
    pub left_ms: [u64; 2],
    /// The number of turns played when `left_ms` was taken (absent in files of older
    /// servers). A record with more turns is a game that was in progress: it resumes with
    /// the clocks of its last turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<usize>,
}

/// The clocks, in milliseconds, an adjourned game resumes with (see [`AdjournedMeta::turns`]).
pub fn resume_left(meta: &AdjournedMeta, record: &crate::record::Record) -> [u64; 2] {
    let turns = record.turns.len();
    if meta.turns.is_none_or(|t| t >= turns) {
        return meta.left_ms;
    }
    match clock_from_text(&meta.clock) {
        // Each turn starts afresh.
        Clock::PerMove(s) => [u64::from(s) * 1000; 2],
        Clock::None => meta.left_ms,
        Clock::Absolute(_) => record
            .clock
            .as_ref()
            .filter(|c| c.left_ms.len() == turns)
            .and_then(|c| c.left_ms.last().copied())
            .unwrap_or(meta.left_ms),
    }
}

/// A clock as `AdjournedMeta` writes it.
pub fn clock_to_text(c: Clock) -> String {
    match c {
        Clock::None => "none".into(),
        Clock::PerMove(s) => format!("move:{s}"),
        Clock::Absolute(s) => format!("absolute:{s}"),
    }
}

/// A clock read back.
pub fn clock_from_text(t: &str) -> Clock {
    let secs = |s: &str| s.parse::<u32>().ok();
    match t.split_once(':') {
        Some(("move", s)) => secs(s).map_or(Clock::None, Clock::PerMove),
        Some(("absolute", s)) => secs(s).map_or(Clock::None, Clock::Absolute),
        _ => Clock::None,
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::files::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

impl DataDir {
    /// The host key's file.
    pub fn host_key(&self) -> PathBuf {
        self.0.join("host_key")
    }

    /// A key's folder.
    pub fn player(&self, fingerprint: &str) -> PathBuf {
        self.0.join("players").join(key_dir_name(fingerprint))
    }

    /// A key's game records.
    pub fn games(&self, fingerprint: &str) -> PathBuf {
        self.player(fingerprint).join("games")
    }

    /// Every known nickname (read at start: one file per key that took one).
    pub fn profiles(&self) -> Vec<Profile> {
        let Ok(rd) = std::fs::read_dir(self.0.join("players")) else {
            return Vec::new();
        };
        rd.filter_map(|e| e.ok())
            .filter_map(|e| std::fs::read_to_string(e.path().join("profile.toml")).ok())
            .filter_map(|t| toml::from_str::<Profile>(&t).ok())
            .collect()
    }

    /// Remembers a key's nickname.
    pub fn save_profile(&self, p: &Profile) -> Result<(), String> {
        let text = toml::to_string(p).map_err(|e| e.to_string())?;
        write(&self.player(&p.fingerprint).join("profile.toml"), &text)
    }

    /// Saves a game's record into each player's games.
    pub fn save_record(
        &self,
        record: &crate::record::Record,
        fingerprints: &[String; 2],
        file: &str,
    ) -> Result<(), String> {
        for fp in fingerprints {
            let dir = self.games(fp);
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            record.save(&dir.join(file)).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    fn adjourned_dir(&self) -> PathBuf {
        self.0.join("adjourned")
    }

    /// The record of an adjourned game.
    pub fn adjourned_record(&self, id: u64) -> PathBuf {
        self.adjourned_dir().join(format!("{id}.toml"))
    }

    /// Keeps an adjourned game: its record and its meta.
    pub fn save_adjourned(
        &self,
        record: &crate::record::Record,
        meta: &AdjournedMeta,
    ) -> Result<(), String> {
        self.save_game_record(record, meta.id)?;
        self.save_meta(meta)
    }

    /// Writes the record of a game kept in `adjourned/` (after each turn of a game in
    /// progress).
    pub fn save_game_record(&self, record: &crate::record::Record, id: u64) -> Result<(), String> {
        std::fs::create_dir_all(self.adjourned_dir()).map_err(|e| e.to_string())?;
        record
            .save(&self.adjourned_record(id))
            .map_err(|e| e.to_string())
    }

    /// Writes the meta of a game kept in `adjourned/` (a game in progress: at its start).
    pub fn save_meta(&self, meta: &AdjournedMeta) -> Result<(), String> {
        let text = toml::to_string(meta).map_err(|e| e.to_string())?;
        write(
            &self.adjourned_dir().join(format!("{}.meta.toml", meta.id)),
            &text,
        )
    }

    /// Every adjourned game's meta.
    pub fn adjourned(&self) -> Vec<AdjournedMeta> {
        let Ok(rd) = std::fs::read_dir(self.adjourned_dir()) else {
            return Vec::new();
        };
        let mut v: Vec<AdjournedMeta> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(".meta.toml"))
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .filter_map(|t| toml::from_str(&t).ok())
            .collect();
        v.sort_by_key(|m| m.id);
        v
    }

    /// Forgets an adjourned game (it was resumed, or it ended).
    pub fn remove_adjourned(&self, id: u64) {
        let _ = std::fs::remove_file(self.adjourned_record(id));
        let _ = std::fs::remove_file(self.adjourned_dir().join(format!("{id}.meta.toml")));
    }
}

/// Milliseconds, saturating.
pub fn millis(d: Duration) -> u64 {
    d.as_millis().min(u64::MAX as u128) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_folders_have_no_slashes_and_clocks_read_back() {
        assert_eq!(key_dir_name("SHA256:ab/c+d="), "ab_c-d=");
        for c in [Clock::None, Clock::PerMove(30), Clock::Absolute(300)] {
            assert_eq!(clock_from_text(&clock_to_text(c)), c);
        }
        assert_eq!(clock_from_text("bogus"), Clock::None);
    }

    #[test]
    fn profiles_and_adjourned_games_are_kept() {
        let dir = std::env::temp_dir().join(format!("tessera-files-{}", std::process::id()));
        let d = DataDir(dir.clone());
        let p = Profile {
            name: "alice".into(),
            fingerprint: "SHA256:xyz".into(),
        };
        d.save_profile(&p).unwrap();
        assert_eq!(d.profiles(), vec![p]);
        let kind = crate::games::GameKind::Linage;
        let options = crate::games::GameOptions::parse(kind, &["komi=0.5"]).unwrap();
        let mut s = crate::session::Session::new(kind, options).unwrap();
        s.play_turn("e5").unwrap();
        let players = crate::record::Players {
            first: crate::record::Player::human("alice"),
            second: crate::record::Player::human("bob"),
        };
        let r = crate::record::Record::from_session(&s, players, crate::record::utc_now());
        let meta = AdjournedMeta {
            id: 7,
            fingerprints: ["SHA256:a".into(), "SHA256:b".into()],
            names: ["alice".into(), "bob".into()],
            clock: "absolute:300".into(),
            left_ms: [1000, 2000],
            turns: None,
        };
        d.save_adjourned(&r, &meta).unwrap();
        assert_eq!(d.adjourned(), vec![meta]);
        let (_, back) = crate::record::Record::load(&d.adjourned_record(7)).unwrap();
        assert_eq!(back.tokens(), s.tokens());
        d.remove_adjourned(7);
        assert!(d.adjourned().is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }
}
