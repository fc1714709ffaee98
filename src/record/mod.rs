//! Game records (SPEC §4): one human-readable TOML file a game.
//!
//! ```toml
//! game = "linage"
//! started = 2025-11-21T08:14:03Z
//! result = "H+3.5"
//! turns = [
//!     "komi=6.5",
//!     "play=horizontal",
//!     "c5",
//!     "pass",
//!     "pass",
//! ]
//!
//! [options]
//! size = 9
//! protocol = "bid"
//!
//! [players.first]
//! name = "Ann"
//! kind = "human"
//!
//! [players.second]
//! name = "tessera"
//! kind = "ai"
//! level = 5
//! ```
//!
//! - `players.first` is the player who makes the game's first turn (under the bid: the komi
//!   chooser; in Wunchunk: the first player before any `swap`), `players.second` the other one.
//!   Which side each ends up playing follows from the turns (`play=…`, `swap`).
//! - `options` holds what the game was started with; missing keys take the defaults of SPEC §1
//!   and §3, `komi` alone means the agreed protocol (as in `tessera-game`).
//! - `turns` are whole turn tokens (SPEC §2); `in_progress` (optional) the steps of an
//!   unfinished multi-stone turn, as `tessera-step` writes them.
//! - `result` is the game's result when its turns end it (checked on load); a game that did not
//!   end through the rules may carry any result text (a resignation, an abandoned game).
//! - `[puzzle]` (optional): `title`, `goal`, and `solution`, turn tokens played from the
//!   position after `turns` (checked on load).
//! - `[analysis]` (optional): a stored review, per position the first side's win rate, the
//!   expected margin and the engine's preferred turn, and the turns compared with the
//!   preferred turns ([`StoredReview`], [`TurnCheck`]).
//! - `hints` (optional): the turns (1-based) for which a person asked the AI for a hint.
//! - `[clock]` (optional, games on a server): `control` (`none`, `move:SECONDS`,
//!   `absolute:SECONDS`) and `left_ms`, per turn the milliseconds left on the first and the
//!   second player's clocks after it ([`RecordClock`]).
//!
//! Loading ([`Record::load`]) replays every turn through the rules and refuses a bad file with its
//! line and column, the turn number or field, and the reason; saving ([`Record::save`]) writes a
//! temporary file in the same directory and renames it over the target, so a crash never leaves a
//! half-written record and a failed save leaves the old file as it was.

mod error;
mod stored_review;
mod time;

pub use error::RecordError;
pub use stored_review::{StoredReview, TurnCheck};
pub use time::{unix_seconds, utc_from_unix, utc_now};

use crate::files::Location;
use crate::games::{format_komi, ButtonMode, Game, GameKind, GameOptions, Protocol};
use crate::session::{PlayedGame, Session};
use serde::{Deserialize, Serialize};
use std::path::Path;
use toml::value::Datetime;

/// One game, as saved on disk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Which game.
    pub game: GameKind,
    /// When the game started (RFC 3339, UTC).
    pub started: Datetime,
    /// The result (`W+3.5`, `V+12`, `B wins on chunks 3–5`, `Draw`), absent while the game goes
    /// on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The completed turns, as tokens (SPEC §2).
    pub turns: Vec<String>,
    /// The steps of the turn in progress (multi-stone games), as `tessera-step` writes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_progress: Vec<String>,
    /// The turns (1-based) a person played after asking the AI for a hint.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<usize>,
    /// The options the game started with.
    pub options: RecordOptions,
    /// Who played.
    #[serde(default)]
    pub players: Players,
    /// Puzzle fields, for records that are puzzles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Puzzle>,
    /// A stored review of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<StoredReview>,
    /// The time control and the clocks after each turn (games on a server).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<RecordClock>,
}

/// The clocks of a timed game: the time control, and each player's time left after every
/// turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordClock {
    /// `none`, `move:SECONDS` (each turn within that many seconds) or `absolute:SECONDS`
    /// (each player has that many seconds for the whole game).
    pub control: String,
    /// Milliseconds left on the first and the second player's clocks after each turn (one
    /// pair per turn of `turns`, in order, written `"295000 300000"`; fewer when the record
    /// was written before the clocks were kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "clock_pairs")]
    pub left_ms: Vec<[u64; 2]>,
}

/// `left_ms` as text: one string of two numbers a turn (a line each in the file).
mod clock_pairs {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[[u64; 2]], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|[a, b]| format!("{a} {b}")))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<[u64; 2]>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .map(|t| {
                let mut it = t.split_whitespace().map(str::parse::<u64>);
                match (it.next(), it.next(), it.next()) {
                    (Some(Ok(a)), Some(Ok(b)), None) => Ok([a, b]),
                    _ => Err(serde::de::Error::custom(format!(
                        "{t:?}: two numbers of milliseconds, the first player's and the second's"
                    ))),
                }
            })
            .collect()
    }
}

impl RecordClock {
    /// Whether `control` is one of the three forms.
    pub fn control_is_valid(control: &str) -> bool {
        match control.split_once(':') {
            None => control == "none",
            Some(("move" | "absolute", secs)) => secs.parse::<u32>().is_ok_and(|s| s > 0),
            Some(_) => false,
        }
    }
}

/// The start options of a recorded game. Missing keys take the game's defaults.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordOptions {
    /// Board size (square: points per side; hexhex: side).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// How komi is settled (Keil, Carteso, Linage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<Protocol>,
    /// The agreed komi.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<Komi>,
    /// Keil's button.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button: Option<ButtonMode>,
}

/// A komi in half points, written as a TOML number (`6`, `6.5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Komi(pub u16);

impl Serialize for Komi {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 2 == 0 {
            s.serialize_i64(i64::from(self.0 / 2))
        } else {
            s.serialize_f64(f64::from(self.0) / 2.0)
        }
    }
}

impl<'de> Deserialize<'de> for Komi {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Komi, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Komi;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a komi: a non-negative multiple of 0.5, such as 6 or 6.5")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Komi, E> {
                self.visit_f64(v as f64)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Komi, E> {
                self.visit_f64(v as f64)
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Komi, E> {
                crate::games::parse_komi(&v.to_string())
                    .map(Komi)
                    .map_err(E::custom)
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The two players, in the order they make their first turns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// The player who makes the game's first turn.
    pub first: Player,
    /// The other player.
    pub second: Player,
}

impl Default for Players {
    fn default() -> Players {
        Players {
            first: Player::human("Player 1"),
            second: Player::human("Player 2"),
        }
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Name shown to people.
    pub name: String,
    /// Human or AI.
    pub kind: PlayerKind,
    /// The AI level (1–10), for AI players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// Free text describing the AI's settings (e.g. `mcts:ms=100`), for AI players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
}

impl Player {
    /// A human player.
    pub fn human(name: &str) -> Player {
        Player {
            name: name.into(),
            kind: PlayerKind::Human,
            level: None,
            engine: None,
        }
    }

    /// The AI at a level (1–10).
    pub fn ai(name: &str, level: u8) -> Player {
        Player {
            name: name.into(),
            kind: PlayerKind::Ai,
            level: Some(level),
            engine: None,
        }
    }
}

/// Whether a player is a person or the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A person at the keyboard.
    Human,
    /// The AI.
    Ai,
}

/// Puzzle fields: the position after the record's turns is the puzzle.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Short title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What the side to move must achieve, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The expected answer: turn tokens played from the puzzle position.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solution: Vec<String>,
}

impl Record {
    /// The record of a session, started at `started` (see [`utc_now`]) by `players`. Only what
    /// the game uses goes into `options` (komi and protocol for the komi games, the button for
    /// Keil).
    pub fn from_session(session: &Session, players: Players, started: Datetime) -> Record {
        let kind = session.kind();
        let o = session.options();
        let options = RecordOptions {
            size: Some(o.size),
            protocol: kind.has_komi().then_some(o.protocol),
            komi: (kind.has_komi() && o.protocol == Protocol::Agreed).then_some(Komi(o.komi_half)),
            button: kind.spec().button.then_some(o.button),
        };
        let game = session.game();
        Record {
            game: kind,
            started,
            result: game.result_text(),
            turns: session.tokens(),
            in_progress: session
                .pending()
                .iter()
                .map(|&s| game.format_step(s))
                .collect(),
            options,
            players,
            puzzle: None,
            hints: Vec::new(),
            analysis: None,
            clock: None,
        }
    }

    /// The record of a played game by `players`: its start (the current time when `started`
    /// is not a timestamp), and its result: the rules' when its turns end it, else the one
    /// written (a resignation).
    pub fn from_played(game: &PlayedGame, players: Players) -> Record {
        let started = game.started.parse().unwrap_or_else(|_| utc_now());
        let mut r = Record::from_session(&game.session, players, started);
        if r.result.is_none() {
            r.result = game.result.clone();
        }
        r
    }

    /// The game options the record describes, checked like `tessera-game` checks them (and
    /// refused, like there, when `komi` comes with `protocol = "bid"`).
    pub fn game_options(&self) -> Result<GameOptions, RecordError> {
        let o = &self.options;
        let mut args = Vec::new();
        if let Some(size) = o.size {
            args.push(("size", format!("size={size}")));
        }
        if let Some(k) = o.komi {
            args.push(("komi", format!("komi={}", format_komi(k.0))));
        }
        if let Some(p) = o.protocol {
            args.push(("protocol", format!("protocol={}", enum_name(&p))));
        }
        if let Some(b) = o.button {
            args.push(("button", format!("button={}", enum_name(&b))));
        }
        let all: Vec<&str> = args.iter().map(|(_, a)| a.as_str()).collect();
        GameOptions::parse(self.game, &all).map_err(|message| {
            // The option at fault: the first one refused on its own; else a combination, which
            // can only be komi with the bid.
            let key = args
                .iter()
                .find(|(_, a)| GameOptions::parse(self.game, &[a.as_str()]).is_err())
                .map_or("komi", |(k, _)| *k);
            invalid(&format!("options.{key}"), message.to_string())
        })
    }

    /// The game the record describes, at its start: the options checked, then checked by the
    /// game itself (the komi against the board's points).
    fn start(&self) -> Result<Session, RecordError> {
        let options = self.game_options()?;
        Session::new(self.game, options.clone()).map_err(|message| {
            let zero_komi = GameOptions {
                komi_half: 0,
                ..options
            };
            let key = if Session::new(self.game, zero_komi).is_ok() {
                "komi"
            } else {
                "size"
            };
            invalid(&format!("options.{key}"), message.to_string())
        })
    }

    /// Parses a record from TOML text and checks its fields (not yet its turns: see
    /// [`Record::replay`]). Every error says where in the text the problem is.
    pub fn from_toml(text: &str) -> Result<Record, RecordError> {
        let record: Record = toml::from_str(text).map_err(|e| RecordError::Toml {
            at: e.span().map(|span| Location::of(text, span.start)),
            message: crate::quote::tidy(e.message().trim_end()),
        })?;
        record.check_fields().map_err(|e| e.locate(text))?;
        Ok(record)
    }

    /// Parses a record from TOML text and replays it: [`Record::from_toml`] then
    /// [`Record::replay`], every error with its place in the text.
    pub fn from_toml_replayed(text: &str) -> Result<(Record, Session), RecordError> {
        let record = Record::from_toml(text)?;
        let session = record.replay().map_err(|e| e.locate(text))?;
        Ok((record, session))
    }

    /// The record as TOML text (arrays one element a line).
    pub fn to_toml(&self) -> String {
        let body = toml::to_string_pretty(self).expect("a record always serializes");
        format!("# tessera game record (see README.md, \"Game records\")\n{body}")
    }

    /// Replays the record through the rules: every turn, then the turn in progress, then the
    /// puzzle's solution (on a copy). The first bad one is reported with its number and why.
    /// (A record read from a file: [`Record::from_toml_replayed`] also says where.)
    pub fn replay(&self) -> Result<Session, RecordError> {
        let mut session = self.start()?;
        for (i, token) in self.turns.iter().enumerate() {
            session
                .play_turn(token)
                .map_err(|reason| RecordError::Turn {
                    at: None,
                    turn: i + 1,
                    token: token.clone(),
                    reason: reason.to_string(),
                })?;
        }
        for (index, step) in self.in_progress.iter().enumerate() {
            let err = |reason: String| RecordError::Step {
                at: None,
                turn: self.turns.len() + 1,
                index,
                step: step.clone(),
                reason,
            };
            if session.game().is_over() {
                return Err(err("the game is over".into()));
            }
            let parsed = session
                .game()
                .parse_step(step)
                .map_err(|e| err(e.to_string()))?;
            let before = session.turns().len();
            session.play_step(parsed).map_err(|e| err(e.to_string()))?;
            if session.turns().len() != before {
                return Err(err(
                    "this step completes the turn: write the turn in `turns`".into(),
                ));
            }
        }
        let game = session.game();
        if let (Some(written), Some(actual)) = (&self.result, game.result_text()) {
            if *written != actual {
                return Err(invalid(
                    "result",
                    format!(
                        "says {} but the turns give {}",
                        crate::quote::Quoted(written),
                        crate::quote::Quoted(&actual)
                    ),
                ));
            }
        }
        if let Some(puzzle) = &self.puzzle {
            let mut trial = session.clone();
            for (i, token) in puzzle.solution.iter().enumerate() {
                trial
                    .play_turn(token)
                    .map_err(|reason| RecordError::Solution {
                        at: None,
                        turn: i + 1,
                        token: token.clone(),
                        reason: reason.to_string(),
                    })?;
            }
        }
        Ok(session)
    }

    /// Reads a record and replays it. Nothing on disk changes.
    pub fn load(path: &Path) -> Result<(Record, Session), RecordError> {
        let text = crate::files::read_text(path).map_err(|error| RecordError::Read {
            path: path.to_path_buf(),
            error,
        })?;
        Record::from_toml_replayed(&text)
    }

    /// Writes the record atomically (see [`crate::files::write_atomically`]): a crash never
    /// leaves a half-written record, a failed save leaves the old file as it was, a symlink is
    /// written through and the file keeps its permissions.
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        crate::files::write_atomically(path, self.to_toml().as_bytes()).map_err(|error| {
            RecordError::Write {
                path: path.to_path_buf(),
                error,
            }
        })
    }

    fn check_fields(&self) -> Result<(), RecordError> {
        if !time::is_full_timestamp(&self.started) {
            return Err(invalid(
                "started",
                format!(
                    "{} must be a date and time with offset, e.g. 2025-01-31T18:00:00Z",
                    self.started
                ),
            ));
        }
        for (seat, p) in [
            ("first", &self.players.first),
            ("second", &self.players.second),
        ] {
            match (p.kind, p.level) {
                (PlayerKind::Human, Some(_)) => {
                    return Err(invalid(
                        &format!("players.{seat}.level"),
                        "a human player has no level".into(),
                    ))
                }
                (PlayerKind::Ai, Some(l)) if !(1..=10).contains(&l) => {
                    return Err(invalid(
                        &format!("players.{seat}.level"),
                        format!("level {l} is not in 1..10"),
                    ))
                }
                _ => {}
            }
        }
        if let Some(&h) = self
            .hints
            .iter()
            .find(|&&h| h == 0 || h > self.turns.len() + 1)
        {
            return Err(invalid(
                "hints",
                format!("turn {h} is not a turn of this game"),
            ));
        }
        if let Some(a) = &self.analysis {
            a.check(self.turns.len())
                .map_err(|(field, message)| invalid(field, message))?;
        }
        if let Some(c) = &self.clock {
            if !RecordClock::control_is_valid(&c.control) {
                return Err(invalid(
                    "clock.control",
                    format!(
                        "{} is not `none`, `move:SECONDS` or `absolute:SECONDS`",
                        crate::quote::Quoted(&c.control)
                    ),
                ));
            }
            if c.left_ms.len() > self.turns.len() {
                return Err(invalid(
                    "clock.left_ms",
                    format!(
                        "{} entries for {} turns: at most one per turn",
                        c.left_ms.len(),
                        self.turns.len()
                    ),
                ));
            }
        }
        self.game_options().map(|_| ())
    }
}

/// The lower-case serde name of a unit enum variant (`bid`, `auto`).
fn enum_name<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => unreachable!("unit variants serialize as strings"),
    }
}

/// A field's value refused, not yet located in the text.
fn invalid(field: &str, message: String) -> RecordError {
    RecordError::Invalid {
        at: None,
        field: field.into(),
        message,
    }
}

#[cfg(test)]
mod tests;
