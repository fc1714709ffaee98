//! Saving and loading games for the interface: the autosave (for Resume) and its lock, and
//! records the player saves or loads by name. The file format is the records module's (SPEC
//! §4, [`crate::record`]); this adapter only translates between a [`Record`] and what the
//! interface keeps (a [`Session`] and who controls which seat).
//!
//! Only one program at a time owns the autosave: it holds an exclusive lock on
//! `autosave.lock` next to it for as long as it runs (`fs4`; the system drops the lock when
//! the program ends, however it ends). A second program finds the lock taken: it shows the
//! autosaved game read-only, and saves its own games to their records in `games/` instead.

use super::controller::Controller;
use crate::record::{self, PlayerKind, Players, Record};
use crate::session::Session;
use std::fs::File;
use std::path::{Path, PathBuf};

/// A game as the interface saves and resumes it.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game and its turns.
    pub session: Session,
    /// Who plays the seat that makes the first turn, and the other seat.
    pub players: [Controller; 2],
    /// When the game started (RFC 3339, UTC).
    pub started: String,
    /// The result, once the game is over (including a resignation).
    pub result: Option<String>,
    /// The turns (1-based) a person asked the AI for a hint on.
    pub hints: Vec<usize>,
    /// The game's review, as far as it went.
    pub analysis: Option<record::AnalysisSection>,
    /// The file the game was loaded from, if any (a finished review is stored there).
    pub source: Option<PathBuf>,
    /// The players' names as the record gives them (a record under review shows them).
    pub names: Option<[String; 2]>,
}

/// Where a session keeps its files, passed in by whoever runs it: the platform data and
/// config directories for the program in a terminal, a folder per key on a server.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Storage {
    /// The data directory: `autosave.toml`, `autosave.lock`, `games/`. `None`: nothing is
    /// saved (tests; a platform without a home).
    pub data: Option<PathBuf>,
    /// The config file Settings → Save writes.
    pub config: Option<PathBuf>,
    /// Whether the person may name files (`:save FILE`, `:load FILE`, the Load screen's path
    /// line). Off on a server: a session there reaches only its own folder.
    pub paths: bool,
    /// The current directory and the home directory, to show paths short (free paths only).
    pub cwd: Option<PathBuf>,
    /// See `cwd`.
    pub home: Option<PathBuf>,
}

impl Storage {
    /// The platform's directories (the program in a terminal), with `--config PATH` if given.
    pub fn platform(config: Option<PathBuf>) -> Storage {
        Storage {
            data: crate::config::data_dir(),
            config: config.or_else(crate::config::default_path),
            paths: true,
            cwd: std::env::current_dir().ok(),
            home: directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf()),
        }
    }

    /// The file Resume reads.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("autosave.toml"))
    }

    /// The folder the Load screen lists and `:save NAME` writes to.
    pub fn saves_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("games"))
    }

    /// The file whose lock says which program owns the autosave.
    pub fn lock_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("autosave.lock"))
    }

    /// Where a game's own record goes in `games/` (the result screen's Save, and the
    /// autosave of a program that does not own `autosave.toml`).
    pub fn record_path(&self, game: &SavedGame) -> Option<PathBuf> {
        self.saves_dir().map(|d| d.join(record_name(game)))
    }

    /// A path as messages show it: relative to the data directory when inside it
    /// (`games/keil-20261122T143849Z.toml`), else (free paths only) to the current
    /// directory, else to the home directory (`~/…`), else whole; without free paths, only
    /// the file name.
    pub fn shown_path(&self, p: &Path) -> String {
        let under = |base: &Option<PathBuf>| {
            base.as_ref()
                .and_then(|b| p.strip_prefix(b).ok().map(PathBuf::from))
        };
        if let Some(rel) = under(&self.data) {
            return rel.display().to_string();
        }
        if !self.paths {
            return p
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        }
        if let Some(rel) = under(&self.cwd).filter(|_| p.is_absolute()) {
            return rel.display().to_string();
        }
        if let Some(rel) = under(&self.home) {
            return format!("~/{}", rel.display());
        }
        p.display().to_string()
    }

    /// Removes the autosave (after the game it holds has ended or been abandoned).
    pub fn remove_autosave(&self) {
        if let Some(p) = self.autosave_path() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// The file name of a game's own record: `KIND-STARTED.toml`.
pub fn record_name(game: &SavedGame) -> String {
    format!(
        "{}-{}.toml",
        game.session.kind().name(),
        game.started.replace([':', '-'], "")
    )
}

/// Who owns the autosave.
#[derive(Debug)]
pub enum AutosaveSlot {
    /// This program: the lock is held while the file stays open (it is never read: holding
    /// it is the point).
    Held(#[allow(dead_code)] File),
    /// Another program holds the lock.
    Elsewhere,
    /// No lock could be taken (no data directory, a file system without locks): the
    /// autosave is used without one, as before locks existed.
    Unlocked,
}

impl AutosaveSlot {
    /// Whether another program owns the autosave.
    pub fn elsewhere(&self) -> bool {
        matches!(self, AutosaveSlot::Elsewhere)
    }
}

/// Tries to take the autosave's lock (never waits).
pub fn lock_autosave(path: &Path) -> AutosaveSlot {
    if let Some(dir) = path.parent() {
        if std::fs::create_dir_all(dir).is_err() {
            return AutosaveSlot::Unlocked;
        }
    }
    let file = match std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
    {
        Ok(f) => f,
        Err(_) => return AutosaveSlot::Unlocked,
    };
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => AutosaveSlot::Held(file),
        Err(fs4::TryLockError::WouldBlock) => AutosaveSlot::Elsewhere,
        Err(fs4::TryLockError::Error(_)) => AutosaveSlot::Unlocked,
    }
}

fn to_record_player(p: Controller, human: &str) -> record::Player {
    match p {
        Controller::Human => record::Player::human(human),
        Controller::Ai { level } => record::Player::ai("tessera", level),
    }
}

fn from_record_player(p: &record::Player) -> Controller {
    match (p.kind, p.level) {
        (PlayerKind::Ai, level) => Controller::Ai {
            level: level.unwrap_or(5),
        },
        (PlayerKind::Human, _) => Controller::Human,
    }
}

/// The record of a game as the interface has it; the people in it are recorded as `human`.
pub fn to_record(game: &SavedGame, human: &str) -> Record {
    let players = Players {
        first: to_record_player(game.players[0], human),
        second: to_record_player(game.players[1], human),
    };
    let started = game.started.parse().unwrap_or_else(|_| record::utc_now());
    let mut r = Record::from_session(&game.session, players, started);
    if r.result.is_none() {
        // A result the rules do not give (a resignation) is kept as written.
        r.result = game.result.clone();
    }
    r.hints = game.hints.clone();
    r.analysis = game.analysis.clone();
    r
}

/// Stores a review in the record at `path` (its `[analysis]` section; nothing else of the
/// file changes), atomically. The record must still hold the reviewed turns.
pub fn store_analysis(
    path: &Path,
    turns: &[String],
    analysis: &record::AnalysisSection,
) -> Result<(), String> {
    let (mut r, _) = Record::load(path).map_err(|e| e.to_string())?;
    if r.turns != turns {
        return Err("the file has changed since it was loaded: review not stored".into());
    }
    r.analysis = Some(analysis.clone());
    r.save(path).map_err(|e| e.to_string())
}

/// Writes a game record (atomically: a temporary file, then a rename), creating the folder;
/// the people in it are recorded as `human`.
pub fn save(path: &Path, game: &SavedGame, human: &str) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    to_record(game, human).save(path).map_err(|e| e.to_string())
}

/// Reads a game record, replaying every turn through the rules; a bad record is refused
/// with the turn and the reason.
pub fn load(path: &Path) -> Result<SavedGame, String> {
    let (r, session) = Record::load(path).map_err(|e| e.to_string())?;
    Ok(SavedGame {
        session,
        players: [
            from_record_player(&r.players.first),
            from_record_player(&r.players.second),
        ],
        started: r.started.to_string(),
        result: r.result,
        hints: r.hints,
        analysis: r.analysis,
        source: Some(path.to_path_buf()),
        names: Some([r.players.first.name, r.players.second.name]),
    })
}

/// A record as a person's list of games shows it: "Linage 9x9  vs bob  V+3.5  2026-01-31"
/// (the opponent: the player not named `me`; "in progress" without a result).
pub fn describe(path: &Path, me: &str) -> String {
    let r = match crate::files::read_text(path)
        .map_err(|e| e.to_string())
        .and_then(|t| Record::from_toml(&t).map_err(|e| e.to_string()))
    {
        Ok(r) => r,
        Err(e) => {
            return format!(
                "{}: {e}",
                path.file_name().unwrap_or_default().to_string_lossy()
            )
        }
    };
    let size = r.options.size.map(|n| match r.game.board_kind() {
        crate::board::BoardKind::Square => format!(" {n}x{n}"),
        crate::board::BoardKind::Hex => format!(" side {n}"),
    });
    let opponent = if r.players.first.name == me {
        &r.players.second.name
    } else {
        &r.players.first.name
    };
    let date: String = r.started.to_string().chars().take(10).collect();
    format!(
        "{}{}  vs {}  {}  {}",
        r.game.title(),
        size.unwrap_or_default(),
        opponent,
        r.result.as_deref().unwrap_or("in progress"),
        date
    )
}

/// The current time as RFC 3339 UTC (`2025-01-31T12:00:00Z`), for the record's start time.
pub fn now_rfc3339() -> String {
    record::utc_now().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameOptions};

    fn saved(tokens: &[&str], players: [Controller; 2], result: Option<&str>) -> SavedGame {
        let mut session = Session::new(
            GameKind::Linage,
            GameOptions::parse(GameKind::Linage, &[]).unwrap(),
        )
        .unwrap();
        for t in tokens {
            session.play_turn(t).unwrap();
        }
        SavedGame {
            session,
            players,
            started: "2025-01-31T12:00:00Z".into(),
            result: result.map(String::from),
            hints: Vec::new(),
            analysis: None,
            source: None,
            names: None,
        }
    }

    #[test]
    fn a_saved_game_loads_back_with_its_seats_and_result() {
        let dir = std::env::temp_dir().join(format!("tessera-store-{}", std::process::id()));
        let path = dir.join("sub").join("g.toml");
        let g = saved(
            &["komi=6.5", "play=vertical", "e5"],
            [Controller::Ai { level: 4 }, Controller::Human],
            Some("V+R (horizontal resigned)"),
        );
        save(&path, &g, "player").unwrap();
        let back = load(&path).unwrap();
        assert_eq!(back.session.tokens(), g.session.tokens());
        assert_eq!(back.players, g.players);
        assert_eq!(back.started, g.started);
        assert_eq!(back.result, g.result);
        // A record with an illegal turn is refused with the turn and the reason; the file on
        // disk stays as it was.
        let text = std::fs::read_to_string(&path).unwrap();
        let bad = text.replace("\"e5\"", "\"e5\",\n    \"e5\"");
        std::fs::write(&path, &bad).unwrap();
        let e = load(&path).unwrap_err();
        assert!(e.contains("turn 4") && e.contains("occupied"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_second_lock_on_the_autosave_is_refused_until_the_first_is_dropped() {
        let dir = std::env::temp_dir().join(format!("tessera-lock-{}", std::process::id()));
        let path = dir.join("autosave.lock");
        let first = lock_autosave(&path);
        assert!(matches!(first, AutosaveSlot::Held(_)), "{first:?}");
        assert!(lock_autosave(&path).elsewhere());
        drop(first);
        assert!(matches!(lock_autosave(&path), AutosaveSlot::Held(_)));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_start_time_is_a_timestamp() {
        let t = now_rfc3339();
        assert!(t.ends_with('Z') && t.len() == 20, "{t}");
    }

    #[test]
    fn a_record_is_described_by_game_opponent_result_and_date() {
        let dir = crate::files::tests::temp_dir("describe");
        let path = dir.join("g.toml");
        let mut g = saved(
            &["komi=6.5"],
            [Controller::Human; 2],
            Some("V+R (horizontal resigned)"),
        );
        g.started = "2026-01-31T12:00:00Z".into();
        let mut r = to_record(&g, "alice");
        r.players.second.name = "bob".into();
        r.save(&path).unwrap();
        assert_eq!(
            describe(&path, "alice"),
            "Linage 9x9  vs bob  V+R (horizontal resigned)  2026-01-31"
        );
        assert!(describe(&path, "bob").contains("vs alice"));
        std::fs::remove_dir_all(&dir).ok();
    }
}
