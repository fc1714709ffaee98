//! The fair-komi table: for Keil, Carteso and Linage, the agreed komi at which the first
//! player's win rate is 50 % on each board size, as `tessera komi` measured it (or as an exact
//! solution proved it). The New game screen and `tessera match` start from it.
//!
//! The table ships in the repository as `data/komi.toml` and is built into the program
//! (`include_str!`), so `cargo run` works from any directory. A user's own
//! `komi.toml` in tessera's configuration directory (where `config.toml` lives), in the same
//! format, overrides it entry by entry; `tessera komi` writes to the repository file in a
//! source checkout and to that user file otherwise.
//!
//! This module is the pure part: the table's types, [`parse`], and lookups in a
//! [`KomiTable`] given to them. Reading the user's file (once per process) is the
//! application's, in [`crate::komi_file`].
//!
//! A self-play entry keeps the games behind it (`counts`: per komi value, games and the first
//! player's points, with the `player` that played them), so later runs of `tessera komi` with
//! the same player add to them, and `settled`: whether those games show that komi matters at
//! all (the rule is in [`crate::lab::komi`]' `fit`). An unsettled entry's `fair` is the value
//! it had before (SPEC's default when there was none), not its own crossing. Entries written
//! before counts existed (a user's old `komi.toml`) have neither key and still parse.

use super::error::UnknownGame;
use super::kind::GameKind;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The table as built into the program.
pub const EMBEDDED: &str = include_str!("../../data/komi.toml");

/// One board's fair komi.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The agreed komi the defaults use: the `n + 0.5` nearest the crossing (Carteso,
    /// Linage), or the whole komi with the button nearest it (Keil).
    pub fair: f64,
    /// The estimated komi where the first player's win rate crosses 50 %.
    pub crossing: Option<f64>,
    /// Lower end of the 95 % interval, when the data bound it.
    pub low: Option<f64>,
    /// Upper end of the 95 % interval, when the data bound it.
    pub high: Option<f64>,
    /// Proved by solving the game exactly, not estimated.
    #[serde(default)]
    pub exact: bool,
    /// How it was measured (komi values, games each, player, time per move).
    pub method: String,
    /// The self-play games behind the entry, by komi value (sorted); empty for exact
    /// solutions and entries written before counts were kept.
    #[serde(default)]
    pub counts: Vec<Count>,
    /// The player spec that played `counts` (e.g. `default:iters=3000,threads=1`).
    pub player: Option<String>,
    /// The z value of the logistic fit's slope (slope / its standard error), when it has one.
    pub z: Option<f64>,
    /// Whether the games settle the fair komi (`fair` is then their estimate); `false`: they
    /// do not, and `fair` kept the earlier value. Absent in entries written before the rule.
    pub settled: Option<bool>,
}

/// The self-play results at one komi value.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Count {
    /// The komi (points; Carteso and Linage `n + 0.5`, Keil whole).
    pub komi: f64,
    /// Games played at it.
    pub games: u32,
    /// The first player's points in them: wins + draws / 2.
    pub points: f64,
    /// Of the games, those ended by a resignation rule (`tessera komi --resign`: the rule
    /// the method names) rather than played out.
    #[serde(default)]
    pub resigned: u32,
}

impl Count {
    /// `games` at `komi` with the first player's `points`.
    pub fn new(komi: f64, games: u32, points: f64) -> Count {
        Count {
            komi,
            games,
            points,
            resigned: 0,
        }
    }

    /// The komi in half points.
    pub fn komi_half(&self) -> u16 {
        (self.komi * 2.0).round() as u16
    }
}

impl Entry {
    /// Whether the defaults follow this entry's own measurement: solved exactly, or settled
    /// self-play (old entries without the key count as measured, as they were written).
    pub fn measured(&self) -> bool {
        self.exact || self.settled != Some(false)
    }

    /// The first player's score (wins + draws / 2, per game) at each komi played, by komi,
    /// made non-increasing in komi ([`decreasing_fit`], weighted by games): more komi never
    /// helps the first player, so a rise after a dip is noise. `(komi, score)` pairs.
    pub fn first_scores(&self) -> Vec<(f64, f64)> {
        let mut counts: Vec<&Count> = self.counts.iter().filter(|c| c.games > 0).collect();
        counts.sort_by(|a, b| a.komi.total_cmp(&b.komi));
        let rates: Vec<f64> = counts.iter().map(|c| c.points / c.games as f64).collect();
        let weights: Vec<f64> = counts.iter().map(|c| c.games as f64).collect();
        let fit = decreasing_fit(&rates, &weights);
        counts.iter().map(|c| c.komi).zip(fit).collect()
    }
}

/// Non-increasing least-squares fit of `rates` weighted by `weights` (pool adjacent
/// violators).
pub fn decreasing_fit(rates: &[f64], weights: &[f64]) -> Vec<f64> {
    // Blocks of (sum of w·r, sum of w, length).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::new();
    for (&r, &w) in rates.iter().zip(weights) {
        blocks.push((r * w, w, 1));
        while blocks.len() > 1 {
            let (b, a) = (blocks[blocks.len() - 1], blocks[blocks.len() - 2]);
            if a.0 / a.1 >= b.0 / b.1 {
                break;
            }
            blocks.pop();
            *blocks.last_mut().unwrap() = (a.0 + b.0, a.1 + b.1, a.2 + b.2);
        }
    }
    blocks
        .iter()
        .flat_map(|&(s, w, n)| std::iter::repeat_n(s / w, n))
        .collect()
}

/// game name → size (as a string key) → entry.
pub type Table = BTreeMap<String, BTreeMap<String, Entry>>;

/// Where a default komi came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// The fair-komi table (built in, or the user's file when `user` is set).
    Table {
        /// The entry.
        entry: Entry,
        /// The user's file that gave it, if not the built-in table.
        user: Option<PathBuf>,
    },
    /// Not in the table: SPEC's default (Keil 6 with the button, Carteso and Linage 0.5).
    Fallback,
}

/// The file: a format number, then `[GAME.SIZE]` tables.
#[derive(Deserialize)]
struct File {
    /// 1 (absent in hand-written user files).
    #[allow(dead_code)]
    format: Option<u32>,
    #[serde(flatten)]
    games: Table,
}

/// Why a fair-komi table text was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum KomiTableError {
    /// Not TOML, or not the table's shape.
    #[error("{message}")]
    Toml {
        /// The TOML parser's message.
        message: String,
    },
    /// A table for a game that does not exist.
    #[error(transparent)]
    Game(#[from] UnknownGame),
    /// A size key that is not a number.
    #[error("{game}: size {size:?} is not a number")]
    SizeNotNumber {
        /// The game's key.
        game: String,
        /// The size key.
        size: String,
    },
    /// A board whose game has no komi, or a size outside the game's sizes.
    #[error("{game} size {size} has no komi")]
    NoKomi {
        /// The game's key.
        game: String,
        /// The size.
        size: usize,
    },
    /// A fair komi that is no half point.
    #[error("{game} size {size}: fair komi {fair} is not a half point")]
    Fair {
        /// The game's key.
        game: String,
        /// The size.
        size: usize,
        /// The fair komi given.
        fair: f64,
    },
    /// The entry's counts are wrong.
    #[error("{game} size {size}: {error}")]
    Counts {
        /// The game's key.
        game: String,
        /// The size.
        size: usize,
        /// What is wrong with them.
        error: CountsError,
    },
}

/// What is wrong with an entry's `counts` (see [`parse`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CountsError {
    /// A komi that is no half point (or beyond 1000).
    #[error("counts: komi {komi} is not a half point")]
    Komi {
        /// The komi given.
        komi: f64,
    },
    /// No games, or points that are no half point between 0 and the games.
    #[error(
        "counts at komi {komi}: {points} points of {games} games (points are wins + draws / 2)"
    )]
    Points {
        /// The count's komi.
        komi: f64,
        /// Its points.
        points: f64,
        /// Its games.
        games: u32,
    },
    /// More games resigned than played.
    #[error("counts at komi {komi}: {resigned} of {games} games resigned")]
    Resigned {
        /// The count's komi.
        komi: f64,
        /// Its resigned games.
        resigned: u32,
        /// Its games.
        games: u32,
    },
    /// Komi values out of order or repeated.
    #[error("counts: komi values must increase")]
    Order,
    /// Counts without `player`.
    #[error("counts without the player that played them")]
    NoPlayer,
}

/// Parses a table text.
pub fn parse(text: &str) -> Result<Table, KomiTableError> {
    let table = toml::from_str::<File>(text)
        .map_err(|e| KomiTableError::Toml {
            message: e.to_string(),
        })?
        .games;
    for (game, sizes) in &table {
        let kind: GameKind = game.parse()?;
        for (size, e) in sizes {
            let n: usize = size.parse().map_err(|_| KomiTableError::SizeNotNumber {
                game: game.clone(),
                size: size.clone(),
            })?;
            if !kind.has_komi() || !kind.sizes().contains(&n) {
                return Err(KomiTableError::NoKomi {
                    game: game.clone(),
                    size: n,
                });
            }
            if (e.fair * 2.0).fract() != 0.0 || e.fair < 0.0 {
                return Err(KomiTableError::Fair {
                    game: game.clone(),
                    size: n,
                    fair: e.fair,
                });
            }
            check_counts(e).map_err(|error| KomiTableError::Counts {
                game: game.clone(),
                size: n,
                error,
            })?;
        }
    }
    Ok(table)
}

/// Counts are whole games at distinct half-point komi values in order, each with points
/// between 0 and its games in halves, and name their player.
fn check_counts(e: &Entry) -> Result<(), CountsError> {
    for c in &e.counts {
        if (c.komi * 2.0).fract() != 0.0 || c.komi < 0.0 || c.komi > 1000.0 {
            return Err(CountsError::Komi { komi: c.komi });
        }
        if c.games == 0
            || (c.points * 2.0).fract() != 0.0
            || !(0.0..=c.games as f64).contains(&c.points)
        {
            return Err(CountsError::Points {
                komi: c.komi,
                points: c.points,
                games: c.games,
            });
        }
    }
    if let Some(c) = e.counts.iter().find(|c| c.resigned > c.games) {
        return Err(CountsError::Resigned {
            komi: c.komi,
            resigned: c.resigned,
            games: c.games,
        });
    }
    if e.counts.windows(2).any(|w| w[0].komi >= w[1].komi) {
        return Err(CountsError::Order);
    }
    if !e.counts.is_empty() && e.player.is_none() {
        return Err(CountsError::NoPlayer);
    }
    Ok(())
}

/// The fair-komi tables a program uses: the built-in one and, when the user has one, the
/// user's file with its path, which overrides the built-in table board by board. Reading the
/// user's file is the application's business ([`crate::komi_file`]); this is the pure part.
#[derive(Clone, Debug, PartialEq)]
pub struct KomiTable {
    /// The built-in table ([`EMBEDDED`]).
    pub builtin: Table,
    /// The user's table and the file it came from, if any.
    pub user: Option<(PathBuf, Table)>,
}

impl KomiTable {
    /// The built-in table alone (no user file).
    pub fn builtin() -> KomiTable {
        KomiTable {
            builtin: parse(EMBEDDED).expect("data/komi.toml is checked by the tests"),
            user: None,
        }
    }

    /// The built-in table with the user's table read from `path`.
    pub fn with_user(mut self, path: PathBuf, table: Table) -> KomiTable {
        self.user = Some((path, table));
        self
    }

    /// The fair komi of a board and where it came from.
    pub fn lookup(&self, kind: GameKind, size: usize) -> Source {
        if let Some((path, t)) = &self.user {
            if let Some(e) = find(t, kind, size) {
                return Source::Table {
                    entry: e.clone(),
                    user: Some(path.clone()),
                };
            }
        }
        match find(&self.builtin, kind, size) {
            Some(e) => Source::Table {
                entry: e.clone(),
                user: None,
            },
            None => Source::Fallback,
        }
    }

    /// The default agreed komi of a board, in half points: the table's, else SPEC's default.
    pub fn agreed_komi_half(&self, kind: GameKind, size: usize) -> u16 {
        match self.lookup(kind, size) {
            Source::Table { entry, .. } => (entry.fair * 2.0).round() as u16,
            Source::Fallback => kind.customary_komi(),
        }
    }

    /// One line for people: where the default komi of this board comes from.
    pub fn describe(&self, kind: GameKind, size: usize) -> String {
        let komi = super::format_komi(self.agreed_komi_half(kind, size));
        match self.lookup(kind, size) {
            Source::Table { entry, user } => {
                let file = user.map_or("data/komi.toml".to_string(), |p| p.display().to_string());
                let how = if entry.exact {
                    "solved exactly".to_string()
                } else if !entry.measured() {
                    return format!(
                        "Default agreed komi on this board: {komi}, {}: the self-play in {file} \
                         did not settle it.",
                        kept_from(kind, &entry)
                    );
                } else {
                    let interval = match (entry.low, entry.high) {
                        (Some(l), Some(h)) => format!(", 95% interval {l}–{h}"),
                        (Some(l), None) => format!(", above {l} (95%)"),
                        (None, Some(h)) => format!(", below {h} (95%)"),
                        (None, None) => String::new(),
                    };
                    let crossing = entry.crossing.map_or(String::new(), |c| format!(" {c:.1}"));
                    format!("measured by self-play: crossing{crossing}{interval}")
                };
                format!("Default agreed komi on this board: {komi}, from {file} ({how}).")
            }
            Source::Fallback => format!(
                "Default agreed komi on this board: {komi}, a guess (no measurement yet in \
                 data/komi.toml)."
            ),
        }
    }

    /// A paragraph for the Rules screen: where each board's default agreed komi comes from.
    pub fn summary(&self, kind: GameKind) -> String {
        let mut boards: BTreeMap<usize, (Entry, bool)> = BTreeMap::new();
        for (table, user) in [
            (Some(&self.builtin), false),
            (self.user.as_ref().map(|u| &u.1), true),
        ] {
            for (size, e) in table.and_then(|t| t.get(kind.name())).into_iter().flatten() {
                if let Ok(n) = size.parse() {
                    boards.insert(n, (e.clone(), user));
                }
            }
        }
        let fallback = super::format_komi(self.agreed_komi_half(kind, 0));
        let fallback = if kind.spec().button {
            format!("{fallback} with the button")
        } else {
            fallback
        };
        let what = "Komi: the points the second player gets for moving second.";
        if boards.is_empty() {
            return format!(
                "{what} New games start with komi {fallback} on every board, a guess: no \
                 board is measured yet (tessera komi measures one)."
            );
        }
        let list: Vec<String> = boards
            .iter()
            .map(|(n, (e, user))| {
                let board = kind.board_kind().size_label(*n);
                let games: u32 = e.counts.iter().map(|c| c.games).sum();
                let how = if e.exact {
                    "solved exactly".to_string()
                } else if e.measured() && games > 0 {
                    format!("from {games} games of self-play")
                } else if e.measured() {
                    "self-play".to_string()
                } else if kept_from(kind, e) == "SPEC's default" {
                    "not settled".to_string()
                } else {
                    "not settled, earlier value".to_string()
                };
                let whose = if *user { ", your komi.toml" } else { "" };
                format!(
                    "{board} {} ({how}{whose})",
                    super::format_komi((e.fair * 2.0) as u16)
                )
            })
            .collect();
        let unsettled = if boards.values().any(|(e, _)| !e.measured()) {
            " Not settled: self-play there did not show that komi matters, so the komi \
             stays the rules' default (or the earlier value)."
        } else {
            ""
        };
        format!(
            "{what} New games start with the board's fair komi, where each side wins about \
             half the games between equal players: {}. Other boards: {fallback}, a guess.\
             {unsettled}",
            list.join(", ")
        )
    }
}

fn find(table: &Table, kind: GameKind, size: usize) -> Option<&Entry> {
    table.get(kind.name())?.get(&size.to_string())
}

/// Where an unsettled entry's kept `fair` comes from.
fn kept_from(kind: GameKind, e: &Entry) -> &'static str {
    if (e.fair * 2.0).round() as u16 == kind.customary_komi() {
        "SPEC's default"
    } else {
        "the earlier measurement"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_parses_and_fits_its_boards() {
        let t = parse(EMBEDDED).unwrap();
        for (game, sizes) in &t {
            let kind: GameKind = game.parse().unwrap();
            for (size, e) in sizes {
                let mut o = super::super::GameOptions::defaults(kind);
                o.size = size.parse().unwrap();
                o.protocol = super::super::Protocol::Agreed;
                o.komi_half = (e.fair * 2.0) as u16;
                assert!(
                    super::super::AnyGame::new(kind, &o).is_ok(),
                    "{game} {size}"
                );
                assert!(!e.method.is_empty());
                if let (Some(l), Some(h)) = (e.low, e.high) {
                    assert!(l <= h, "{game} {size}");
                }
            }
        }
    }

    #[test]
    fn bad_tables_are_refused() {
        assert!(parse("[iris.7]\nfair = 1.5\nmethod = \"x\"\n").is_err());
        assert!(parse("[linage.4]\nfair = 1.5\nmethod = \"x\"\n").is_err());
        assert!(parse("[linage.5]\nfair = 1.3\nmethod = \"x\"\n").is_err());
        assert!(parse("[linage.5]\nfair = 1.5\nmethod = \"x\"\ncolour = 1\n").is_err());
        let t = parse("[linage.5]\nfair = 1.5\nlow = 0.5\nmethod = \"x\"\n").unwrap();
        assert_eq!(t["linage"]["5"].low, Some(0.5));
        let with = |counts: &str| {
            parse(&format!(
                "[linage.7]\nfair = 0.5\nmethod = \"x\"\nplayer = \"p\"\ncounts = [{counts}]\n"
            ))
        };
        assert!(with("{ komi = 0.5, games = 4, points = 1.5 }").is_ok());
        assert!(with("{ komi = 0.3, games = 4, points = 1.5 }").is_err());
        assert!(with("{ komi = 0.5, games = 4, points = 4.5 }").is_err());
        assert!(with("{ komi = 0.5, games = 4, points = 1.25 }").is_err());
        assert!(with("{ komi = 0.5, games = 0, points = 0.0 }").is_err());
        assert!(with("{ komi = 0.5, games = 4, points = 1.0, colour = 1 }").is_err());
        assert!(with(
            "{ komi = 1.5, games = 4, points = 1.0 }, { komi = 0.5, games = 4, points = 1.0 }"
        )
        .is_err());
        assert!(parse(
            "[linage.7]\nfair = 0.5\nmethod = \"x\"\ncounts = [{ komi = 0.5, games = 4, \
             points = 1.0 }]\n"
        )
        .is_err());
    }

    #[test]
    fn old_and_new_style_entries_parse() {
        // Before counts: no player, counts, z or settled; measured as written.
        let old = parse("[keil.3]\nfair = 4.0\ncrossing = 4.43\nmethod = \"sweep\"\n").unwrap();
        let e = &old["keil"]["3"];
        assert!(e.counts.is_empty() && e.player.is_none() && e.settled.is_none());
        assert!(e.measured());
        let new = parse(
            "[keil.7]\nfair = 6.0\nmethod = \"sweep\"\nplayer = \"default:iters=1000,threads=1\"\n\
             z = -0.4\nsettled = false\ncounts = [\n  { komi = 4.0, games = 20, points = 9.0 },\n  \
             { komi = 5.0, games = 20, points = 14.0 },\n]\n",
        )
        .unwrap();
        let e = &new["keil"]["7"];
        assert_eq!(e.counts.len(), 2);
        assert_eq!((e.counts[1].komi_half(), e.counts[1].games), (10, 20));
        assert_eq!((e.z, e.settled), (Some(-0.4), Some(false)));
        assert!(!e.measured());
        assert_eq!(kept_from(GameKind::Keil, e), "SPEC's default");
        // 45 % at komi 4, 70 % at 5: a rise with more komi is noise, pooled to 57.5 % both.
        assert_eq!(e.first_scores(), [(4.0, 0.575), (5.0, 0.575)]);
        assert!(old["keil"]["3"].first_scores().is_empty());
    }

    #[test]
    fn missing_boards_fall_back_to_the_spec_defaults() {
        // Size 19 is never measured (the table stops at 13).
        let table = KomiTable::builtin();
        assert_eq!(table.agreed_komi_half(GameKind::Linage, 19), 1);
        assert_eq!(table.agreed_komi_half(GameKind::Keil, 12), 12);
        assert!(table.describe(GameKind::Carteso, 19).contains("a guess"));
    }

    #[test]
    fn unsettled_boards_say_their_default_is_kept() {
        // Every unsettled entry of the shipped table (unless a user's file overrides it).
        let builtin = parse(EMBEDDED).unwrap();
        let table = KomiTable::builtin();
        for (game, sizes) in &builtin {
            let kind: GameKind = game.parse().unwrap();
            let text = table.summary(kind);
            println!("{text}");
            for (size, e) in sizes.iter().filter(|(_, e)| !e.measured()) {
                let n: usize = size.parse().unwrap();
                if let Source::Table { user: None, .. } = table.lookup(kind, n) {
                    assert!(
                        table.describe(kind, n).contains("did not settle it"),
                        "{game} {size}"
                    );
                    let board = if kind == GameKind::Keil {
                        format!("side {n} ")
                    } else {
                        format!("{n}x{n} ")
                    };
                    let at = text.find(&board).unwrap();
                    assert!(
                        text[at..]
                            .split(')')
                            .next()
                            .unwrap()
                            .contains("not settled"),
                        "{game} {size}: {text}"
                    );
                    assert!(text.contains("did not show that komi matters"), "{text}");
                    assert_eq!(table.agreed_komi_half(kind, n), (e.fair * 2.0) as u16);
                }
            }
        }
    }

    #[test]
    fn the_users_table_overrides_the_builtin_one_board_by_board() {
        let user = parse("[linage.9]\nfair = 7.5\nmethod = \"mine\"\n").unwrap();
        let path = PathBuf::from("/home/u/.config/tessera/komi.toml");
        let builtin = KomiTable::builtin();
        let table = KomiTable::builtin().with_user(path.clone(), user);
        assert_eq!(table.agreed_komi_half(GameKind::Linage, 9), 15);
        match table.lookup(GameKind::Linage, 9) {
            Source::Table { entry, user } => {
                assert_eq!((entry.method.as_str(), user), ("mine", Some(path.clone())));
            }
            Source::Fallback => panic!("the user's entry"),
        }
        assert!(table
            .describe(GameKind::Linage, 9)
            .contains(&format!("from {}", path.display())));
        assert!(table
            .summary(GameKind::Linage)
            .contains("9x9 7.5 (self-play, your komi.toml)"));
        // Other boards and games: the built-in table, as without the user's file.
        for kind in [GameKind::Keil, GameKind::Carteso, GameKind::Linage] {
            for size in kind.sizes().filter(|&n| kind != GameKind::Linage || n != 9) {
                assert_eq!(table.lookup(kind, size), builtin.lookup(kind, size));
                assert_eq!(table.describe(kind, size), builtin.describe(kind, size));
            }
        }
        assert_eq!(
            table.summary(GameKind::Keil),
            builtin.summary(GameKind::Keil)
        );
    }
}
