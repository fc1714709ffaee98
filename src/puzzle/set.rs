//! Puzzle sets on disk (`puzzles/<game>.toml`): one `[[puzzle]]` table per puzzle.
//!
//! ```toml
//! [[puzzle]]
//! id = "linage-0007"
//! game = "linage"
//! size = 9
//! komi = 2.5            # agreed komi of the game it came from (territory games)
//! turns = ["e5", "c4", "g6"]   # from the empty board to the puzzle position
//! win_in = 7            # plies
//! solution = ["d3", "pass", "f2"]  # the main line
//! rating = 14.2
//! ```
//!
//! Keil adds `button` (`auto`, `on`, `off`; default `auto`). A puzzle whose `turns` start
//! with bid tokens (`komi=X`, `play=…`) is replayed under the bid protocol and needs no
//! `komi`. An entry is the same thing as a game record (SPEC §4, README "Game records")
//! with a `[puzzle]` section: [`Entry::to_record`] writes it as one (title = id, goal =
//! "Vertical to win in 7", solution = the main line).
//!
//! Loading never fails as a whole because of one entry: [`load`] returns the entries that
//! parse and the problems of those that do not, by id (or position in the file) and reason;
//! [`Entry::position`] replays an entry and says which turn is wrong.

use crate::games::{
    format_komi, AnyGame, ButtonMode, Game, GameKind, GameOptions, OptionsError, Protocol,
    SetupError,
};
use crate::record::{self, Komi, Players, Record};
use crate::session::{Session, TurnError};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One puzzle as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Unique within the set: `<game>-NNNN`.
    pub id: String,
    /// Which game.
    pub game: GameKind,
    /// Board size.
    pub size: usize,
    /// Agreed komi of the game it came from (Keil, Carteso, Linage; absent under the bid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<Komi>,
    /// Keil's button option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<ButtonMode>,
    /// Turn tokens from the empty board (bid tokens included, if any) to the position.
    pub turns: Vec<String>,
    /// The depth N in plies.
    pub win_in: u8,
    /// The main line: the winning first turn, the most resistant defence, and so on.
    pub solution: Vec<String>,
    /// Product over the solver's turns on the main line of legal ÷ winning turns.
    pub rating: f64,
}

/// An entry that could not be read, by id (or number) and reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// The entry's id, or `#k` (1-based position in the file) when it has none.
    pub id: String,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.id, self.reason)
    }
}

/// A loaded set: the entries that parsed, and the problems of the others.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// Entries in file order.
    pub entries: Vec<Entry>,
    /// Entries that could not be read.
    pub problems: Vec<Problem>,
}

/// Why a whole set could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Not TOML, or no `[[puzzle]]` array.
    #[error("{0}")]
    Format(String),
}

/// Why an entry's game could not be started or replayed to the puzzle position.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EntryError {
    /// A territory game without `komi` that does not start with the bid.
    #[error("komi is missing (or start turns with the bid)")]
    MissingKomi,
    /// `komi` for a game without komi.
    #[error("{} has no komi", game.title())]
    NoKomi {
        /// The entry's game.
        game: GameKind,
    },
    /// `button` for a game without the button.
    #[error("only Keil has a button")]
    NoButton,
    /// The options are refused.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The game refused the options ([`Session::new`]'s reason).
    #[error(transparent)]
    Start(SetupError),
    /// A turn of `turns` is malformed or illegal ([`Session::play_turn`]'s reason).
    #[error("turn {turn} '{token}': {reason}")]
    Turn {
        /// 1-based turn number.
        turn: usize,
        /// The token.
        token: String,
        /// Why it was refused.
        reason: TurnError,
    },
}

/// Reads a set from TOML text.
pub fn parse(text: &str) -> Result<Loaded, SetError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        SetError::Format(format!(
            "not a puzzle set (TOML error{}): {}",
            e.span()
                .map(|s| {
                    let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                    format!(" on line {line}")
                })
                .unwrap_or_default(),
            e.message().trim_end()
        ))
    })?;
    let mut loaded = Loaded::default();
    let Some(items) = table.get("puzzle") else {
        return Ok(loaded);
    };
    let items = items.as_array().ok_or_else(|| {
        SetError::Format("`puzzle` must be an array of tables ([[puzzle]])".into())
    })?;
    let mut seen = std::collections::HashSet::new();
    for (i, item) in items.iter().enumerate() {
        let id = item
            .get("id")
            .and_then(|v| v.as_str())
            .map_or_else(|| format!("#{}", i + 1), str::to_string);
        match item.clone().try_into::<Entry>() {
            Ok(e) if !seen.insert(e.id.clone()) => loaded.problems.push(Problem {
                id,
                reason: "the id is used by an earlier puzzle".into(),
            }),
            Ok(e) => loaded.entries.push(e),
            Err(e) => loaded.problems.push(Problem {
                id,
                reason: e.message().trim_end().to_string(),
            }),
        }
    }
    Ok(loaded)
}

/// Reads a set from a file.
pub fn load(path: &Path) -> Result<Loaded, SetError> {
    let text = std::fs::read_to_string(path).map_err(|source| SetError::Read {
        path: path.display().to_string(),
        source,
    })?;
    parse(&text)
}

/// The set as TOML text: a header comment, then one `[[puzzle]]` table per entry, arrays on
/// one line.
pub fn to_toml(entries: &[Entry], header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
    }
    /// One entry as a `[[puzzle]]` table, its keys in the order of [`Entry`].
    #[derive(Serialize)]
    struct One<'a> {
        puzzle: [&'a Entry; 1],
    }
    for e in entries {
        out.push('\n');
        out.push_str(&toml::to_string(&One { puzzle: [e] }).expect("entries serialize"));
    }
    out
}

/// Writes a set atomically (temporary file, then rename).
pub fn save(path: &Path, entries: &[Entry], header: &str) -> std::io::Result<()> {
    crate::files::write_atomically(path, to_toml(entries, header).as_bytes())
}

impl Entry {
    /// The options the puzzle's game starts with.
    pub fn options(&self) -> Result<GameOptions, EntryError> {
        let bid = self
            .turns
            .first()
            .is_some_and(|t| t.trim().to_ascii_lowercase().starts_with("komi="));
        let mut args = vec![format!("size={}", self.size)];
        if self.game.has_komi() {
            if bid {
                args.push("protocol=bid".into());
            } else {
                match self.komi {
                    Some(k) => args.push(format!("komi={}", format_komi(k.0))),
                    // The defaults agree on a komi (Keil's, with the button).
                    None if GameOptions::defaults(self.game).protocol == Protocol::Agreed => {}
                    None => return Err(EntryError::MissingKomi),
                }
            }
        } else if self.komi.is_some() {
            return Err(EntryError::NoKomi { game: self.game });
        }
        if let Some(b) = self.button {
            if !self.game.spec().button {
                return Err(EntryError::NoButton);
            }
            args.push(format!(
                "button={}",
                match b {
                    ButtonMode::Auto => "auto",
                    ButtonMode::On => "on",
                    ButtonMode::Off => "off",
                }
            ));
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = GameOptions::parse(self.game, &args)?;
        debug_assert!(!bid || o.protocol == Protocol::Bid);
        Ok(o)
    }

    /// Replays the entry's turns: the session at the puzzle position.
    pub fn session(&self) -> Result<Session, EntryError> {
        let mut s = Session::new(self.game, self.options()?).map_err(EntryError::Start)?;
        for (i, token) in self.turns.iter().enumerate() {
            s.play_turn(token).map_err(|reason| EntryError::Turn {
                turn: i + 1,
                token: token.clone(),
                reason,
            })?;
        }
        Ok(s)
    }

    /// The puzzle position.
    pub fn position(&self) -> Result<AnyGame, EntryError> {
        Ok(self.session()?.game().clone())
    }

    /// The entry as a game record with a `[puzzle]` section.
    pub fn to_record(&self) -> Result<Record, EntryError> {
        let session = self.session()?;
        let side = session.game().to_move();
        let mut r = Record::from_session(&session, Players::default(), record::utc_from_unix(0));
        r.puzzle = Some(record::Puzzle {
            title: Some(self.id.clone()),
            goal: Some(super::define::goal(session.game(), side, self.win_in)),
            solution: self.solution.clone(),
        });
        Ok(r)
    }
}
