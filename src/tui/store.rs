//! Saving and loading games for the interface: the autosave (for Resume) and its lock, every
//! finished game kept in the games folder, the games folder as the Load screen lists it,
//! records the player saves or loads by name, and small state files (the New game form's
//! last choices). The file format is the records module's (SPEC
//! §4, [`crate::record`]); this adapter only translates between a [`Record`] and what the
//! interface keeps (a [`PlayedGame`] and who controls which seat).
//!
//! Only one program at a time owns the autosave: it holds an exclusive lock on
//! `autosave.lock` next to it for as long as it runs (`fs4`; the system drops the lock when
//! the program ends, however it ends). A second program finds the lock taken: it shows the
//! autosaved game read-only, and saves its own games to their records in `games/` instead.

use super::game::controller::Controller;
use crate::record::{self, PlayerKind, Players, Record, RecordError};
use crate::session::PlayedGame;
use std::fs::File;
use std::path::{Path, PathBuf};

/// A game as the interface saves and resumes it.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game, its turns, its start and its result.
    pub game: PlayedGame,
    /// Who plays the seat that makes the first turn, and the other seat.
    pub players: [Controller; 2],
    /// The turns (1-based) a person asked the AI for a hint on.
    pub hints: Vec<usize>,
    /// The game's review, as far as it went.
    pub analysis: Option<record::StoredReview>,
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

    /// Where a game in progress has its own record in `games/` (the autosave of a program
    /// that does not own `autosave.toml`). Finished games are kept under other names
    /// ([`finished_name`]), so this never replaces one.
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

    /// The New game form's last choices.
    pub fn new_game_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("new_game.toml"))
    }

    /// Where `:save NAME` writes: into the games folder when NAME has no directory part, else
    /// NAME itself, relative to the current directory; `.toml` is added to a name without an
    /// extension. The path is absolute wherever the folders are known, so that the message
    /// can name it in full.
    pub fn save_target(&self, name: &str) -> PathBuf {
        let p = with_toml(name);
        match &self.saves_dir() {
            Some(games) if !has_dir_part(&p) => games.join(p),
            _ => self.absolute(p),
        }
    }

    /// Where `:load NAME` reads: a name without a directory part from the games folder if
    /// such a file is there, else NAME itself, relative to the current directory (`.toml`
    /// added as for [`Storage::save_target`]).
    pub fn load_target(&self, name: &str) -> PathBuf {
        let p = with_toml(name);
        match self.saves_dir().map(|g| g.join(&p)) {
            Some(in_games) if !has_dir_part(&p) && in_games.is_file() => in_games,
            _ => self.absolute(p),
        }
    }

    fn absolute(&self, p: PathBuf) -> PathBuf {
        match &self.cwd {
            Some(cwd) if p.is_relative() => cwd.join(p),
            _ => p,
        }
    }

    /// Removes the autosave (after the game it holds has ended or been abandoned).
    pub fn remove_autosave(&self) {
        if let Some(p) = self.autosave_path() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// A file name as typed, with `.toml` added when it has no extension.
fn with_toml(name: &str) -> PathBuf {
    let mut p = PathBuf::from(name);
    if p.extension().is_none() {
        p.set_extension("toml");
    }
    p
}

/// Whether a path names a folder besides the file (`games/x.toml`, `./x.toml`, `/tmp/x`).
fn has_dir_part(p: &Path) -> bool {
    p.parent().is_some_and(|d| !d.as_os_str().is_empty())
}

/// The file name of a game's own record while it is in progress: `KIND-STARTED.toml`.
pub fn record_name(saved: &SavedGame) -> String {
    let game = &saved.game;
    format!(
        "{}-{}.toml",
        game.session.kind().name(),
        game.started.replace([':', '-'], "")
    )
}

/// How a seat is named in a kept game's file name: `you` for a person, `level3` for the AI.
fn seat_word(c: Controller) -> String {
    match c {
        Controller::Human => "you".into(),
        Controller::Ai { level } => format!("level{level}"),
    }
}

/// The start of a game in UTC to the minute, as names and lists show it: the date and the
/// time (`2026-11-28`, `03:14`); `None` when `started` is not a full timestamp.
pub fn started_utc(started: &str) -> Option<(String, String)> {
    let t: toml::value::Datetime = started.parse().ok()?;
    let secs = record::unix_seconds(&t)?;
    let utc = record::utc_from_unix(u64::try_from(secs).ok()?);
    let (d, tm) = (utc.date?, utc.time?);
    Some((
        format!("{:04}-{:02}-{:02}", d.year, d.month, d.day),
        format!("{:02}:{:02}", tm.hour, tm.minute),
    ))
}

/// The file name a finished game is kept under in the games folder: the game and its board,
/// the seats (the one that made the first turn first) and the start in UTC, e.g.
/// `linage-9x9_you-vs-level3_2026-11-28_0314.toml`; the `n`th name of the same game (`n` > 1)
/// ends `-n` (`…_0314-2.toml`).
pub fn finished_name(saved: &SavedGame, n: usize) -> String {
    let kind = saved.game.session.kind();
    let board = kind
        .board_kind()
        .size_label(saved.game.session.options().size)
        .replace(' ', "");
    let seats = saved.players.map(seat_word).join("-vs-");
    let (date, time) = started_utc(&saved.game.started)
        .or_else(|| started_utc(&now_rfc3339()))
        .unwrap_or_default();
    let suffix = if n > 1 {
        format!("-{n}")
    } else {
        String::new()
    };
    format!(
        "{}-{board}_{seats}_{date}_{}{suffix}.toml",
        kind.name(),
        time.replace(':', "")
    )
}

/// Keeps a finished game in the games folder `dir` under [`finished_name`], atomically and
/// never replacing a file: a name taken (by another game of the same minute, or this one
/// finished again after a take-back) gets the next suffix. Returns the path written.
pub fn keep_finished(dir: &Path, game: &SavedGame, human: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let text = to_record(game, human).to_toml();
    for n in 1..=999 {
        let path = dir.join(finished_name(game, n));
        match crate::files::write_new_atomically(&path, text.as_bytes()) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
    }
    Err(format!(
        "{}: 999 games of this name already",
        dir.join(finished_name(game, 1)).display()
    ))
}

/// A file of the games folder as the Load screen lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// The file.
    pub path: PathBuf,
    /// What its record says, or why it cannot be read.
    pub about: Result<GameAbout, String>,
}

/// What the Load screen shows of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAbout {
    /// The game and its board: "Linage 9x9".
    pub game: String,
    /// The seats, the one that made the first turn first: "you vs AI level 3".
    pub players: String,
    /// The result without its explanation ("V+12.5", "B+R"), or "in play, turn 12".
    pub result: String,
    /// The start in UTC: "2026-11-28 03:14".
    pub started: String,
    /// The start in seconds since 1970 (to order the list).
    pub when: Option<i64>,
}

/// How a record's player is named in the list: "you" for `human`, "AI level 3", or the name.
fn player_label(p: &record::Player, human: &str) -> String {
    match (p.kind, p.level) {
        (PlayerKind::Ai, Some(level)) => format!("AI level {level}"),
        (PlayerKind::Ai, None) => "AI".into(),
        (PlayerKind::Human, _) if p.name == human => "you".into(),
        (PlayerKind::Human, _) => p.name.clone(),
    }
}

/// What the list shows of a record's text (its fields only: the turns are not replayed).
fn about(text: &str, human: &str) -> Result<GameAbout, String> {
    let r = Record::from_toml(text).map_err(|e| e.to_string())?;
    let size = r.game_options().map_err(|e| e.to_string())?.size;
    let started = r.started.to_string();
    Ok(GameAbout {
        game: format!(
            "{} {}",
            r.game.title(),
            r.game.board_kind().size_label(size)
        ),
        players: format!(
            "{} vs {}",
            player_label(&r.players.first, human),
            player_label(&r.players.second, human)
        ),
        // The result itself (`H+R`), without its explanation (`(vertical resigned)`).
        result: match &r.result {
            Some(text) => text.split(" (").next().unwrap_or(text).to_string(),
            None => format!("in play, turn {}", r.turns.len() + 1),
        },
        started: started_utc(&started).map_or(started, |(d, t)| format!("{d} {t}")),
        when: record::unix_seconds(&r.started),
    })
}

/// The records (`*.toml`) of the games folder `dir`, newest first by their start (then the
/// file written last first); files that cannot be read come last, with the reason. A person's own
/// records name them `human` ("you" in the list).
pub fn list_games(dir: &Path, human: &str) -> Vec<GameFile> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<GameFile> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .map(|path| {
            let about = crate::files::read_text(&path)
                .map_err(|e| e.to_string())
                .and_then(|text| about(&text, human));
            GameFile { path, about }
        })
        .collect();
    // Same start (a game finished again after a take-back): the file written last first,
    // then by name without `.toml` (`…_0314-2` after `…_0314`), last first.
    let key = |f: &GameFile| {
        let start = match &f.about {
            Ok(a) => (0, std::cmp::Reverse(a.when)),
            Err(_) => (1, std::cmp::Reverse(None)),
        };
        let written = std::fs::metadata(&f.path).and_then(|m| m.modified()).ok();
        (
            start,
            std::cmp::Reverse(written),
            std::cmp::Reverse(f.path.with_extension("")),
        )
    };
    files.sort_by_cached_key(key);
    files
}

/// Reads a small state file (TOML) of the data directory: `Ok(None)` when there is none yet.
pub fn read_state<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Option<T>, String> {
    let text = match crate::files::read_text(path) {
        Ok(t) => t,
        Err(crate::files::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(None)
        }
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    toml::from_str(&text)
        .map(Some)
        .map_err(|e| format!("{}: {}", path.display(), e.message().trim_end()))
}

/// Writes a small state file (TOML) atomically, creating its folder.
pub fn write_state<T: serde::Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = toml::to_string(value).map_err(|e| e.to_string())?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::files::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
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
    let mut r = Record::from_played(&game.game, players);
    r.hints = game.hints.clone();
    r.analysis = game.analysis.clone();
    r
}

/// Why a review was not stored in its record ([`store_analysis`]).
#[derive(Debug, thiserror::Error)]
pub enum StoreAnalysisError {
    /// The record no longer holds the reviewed turns (another game was saved over it).
    #[error("the file has changed since it was loaded: review not stored")]
    Changed,
    /// The record could not be read (gone, damaged) or written.
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// Stores a review in the record at `path` (its `[analysis]` section; nothing else of the
/// file changes), atomically. The record must still hold the reviewed turns.
pub fn store_analysis(
    path: &Path,
    turns: &[String],
    analysis: &record::StoredReview,
) -> Result<(), StoreAnalysisError> {
    let (mut r, _) = Record::load(path)?;
    if r.turns != turns {
        return Err(StoreAnalysisError::Changed);
    }
    r.analysis = Some(analysis.clone());
    Ok(r.save(path)?)
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
/// with the turn and the reason (a missing file is [`RecordError::Read`] with
/// [`std::io::ErrorKind::NotFound`], a damaged one any other variant but `Write`).
pub fn load(path: &Path) -> Result<SavedGame, RecordError> {
    let (r, session) = Record::load(path)?;
    Ok(SavedGame {
        game: PlayedGame {
            session,
            started: r.started.to_string(),
            result: r.result,
        },
        players: [
            from_record_player(&r.players.first),
            from_record_player(&r.players.second),
        ],
        hints: r.hints,
        analysis: r.analysis,
        source: Some(path.to_path_buf()),
        names: Some([r.players.first.name, r.players.second.name]),
    })
}

/// The current time as RFC 3339 UTC (`2025-01-31T12:00:00Z`), for the record's start time.
pub fn now_rfc3339() -> String {
    record::utc_now().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameOptions};
    use crate::session::Session;

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
            game: PlayedGame {
                session,
                started: "2025-01-31T12:00:00Z".into(),
                result: result.map(String::from),
            },
            players,
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
        assert_eq!(back.game.session.tokens(), g.game.session.tokens());
        assert_eq!(back.players, g.players);
        assert_eq!(back.game.started, g.game.started);
        assert_eq!(back.game.result, g.game.result);
        // A record with an illegal turn is refused with the turn and the reason; the file on
        // disk stays as it was.
        let text = std::fs::read_to_string(&path).unwrap();
        let bad = text.replace("\"e5\"", "\"e5\",\n    \"e5\"");
        std::fs::write(&path, &bad).unwrap();
        let e = load(&path).unwrap_err();
        assert!(matches!(e, RecordError::Turn { .. }), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("turn 4") && e.contains("occupied"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
        // A review of turns the file no longer holds is not stored; a missing file is told
        // apart from a damaged one.
        let review = record::StoredReview {
            engine: "level:1".into(),
            win_rate: Vec::new(),
            margin: Vec::new(),
            best: Vec::new(),
            checks: Vec::new(),
        };
        let e = store_analysis(&path, &["e5".into()], &review).unwrap_err();
        assert!(matches!(e, StoreAnalysisError::Record(_)), "{e:?}");
        save(&path, &g, "player").unwrap();
        let e = store_analysis(&path, &["e5".into()], &review).unwrap_err();
        assert!(matches!(e, StoreAnalysisError::Changed), "{e:?}");
        assert_eq!(
            e.to_string(),
            "the file has changed since it was loaded: review not stored"
        );
        let missing = load(&dir.join("none.toml")).unwrap_err();
        assert!(
            matches!(&missing, RecordError::Read { error: crate::files::ReadError::Io(io), .. }
                if io.kind() == std::io::ErrorKind::NotFound),
            "{missing:?}"
        );
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
}
