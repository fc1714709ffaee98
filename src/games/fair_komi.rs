//! The fair-komi table: for Keil, Carteso and Linage, the agreed komi at which the first
//! player's win rate is 50 % on each board size, as `tessera komi` measured it (or as an exact
//! solution proved it). The New game screen and `tessera match` start from it.
//!
//! The table ships in the repository as `data/komi.toml` and is built into the program
//! (`include_str!`), so `cargo run` works from any directory. A user's own
//! `komi.toml` in tessera's configuration directory (where `config.toml` lives), in the same
//! format, overrides it entry by entry; `tessera komi` writes to the repository file in a
//! source checkout and to that user file otherwise.

use super::kind::GameKind;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

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

/// Parses a table text.
pub fn parse(text: &str) -> Result<Table, String> {
    let table = toml::from_str::<File>(text)
        .map_err(|e| e.to_string())?
        .games;
    for (game, sizes) in &table {
        let kind: GameKind = game.parse()?;
        for (size, e) in sizes {
            let n: usize = size
                .parse()
                .map_err(|_| format!("{game}: size {size:?} is not a number"))?;
            if !kind.has_komi() || !kind.sizes().contains(&n) {
                return Err(format!("{game} size {n} has no komi"));
            }
            if (e.fair * 2.0).fract() != 0.0 || e.fair < 0.0 {
                return Err(format!(
                    "{game} size {n}: fair komi {} is not a half point",
                    e.fair
                ));
            }
        }
    }
    Ok(table)
}

/// The user's table file (in tessera's configuration directory).
pub fn user_path() -> Option<PathBuf> {
    crate::config::project_dirs().map(|d| d.config_dir().join("komi.toml"))
}

struct Loaded {
    builtin: Table,
    user: Option<(PathBuf, Table)>,
}

fn loaded() -> &'static Loaded {
    static CELL: OnceLock<Loaded> = OnceLock::new();
    CELL.get_or_init(|| Loaded {
        builtin: parse(EMBEDDED).expect("data/komi.toml is checked by the tests"),
        user: user_path().and_then(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            match parse(&text) {
                Ok(t) => Some((p, t)),
                Err(e) => {
                    eprintln!("tessera: {} ignored: {e}", p.display());
                    None
                }
            }
        }),
    })
}

fn find(table: &Table, kind: GameKind, size: usize) -> Option<&Entry> {
    table.get(kind.name())?.get(&size.to_string())
}

/// The fair komi of a board and where it came from.
pub fn lookup(kind: GameKind, size: usize) -> Source {
    let l = loaded();
    if let Some((path, t)) = &l.user {
        if let Some(e) = find(t, kind, size) {
            return Source::Table {
                entry: e.clone(),
                user: Some(path.clone()),
            };
        }
    }
    match find(&l.builtin, kind, size) {
        Some(e) => Source::Table {
            entry: e.clone(),
            user: None,
        },
        None => Source::Fallback,
    }
}

/// The default agreed komi of a board, in half points: the table's, else SPEC's default.
pub fn agreed_komi_half(kind: GameKind, size: usize) -> u16 {
    match lookup(kind, size) {
        Source::Table { entry, .. } => (entry.fair * 2.0).round() as u16,
        Source::Fallback => kind.customary_komi(),
    }
}

/// One line for people: where the default komi of this board comes from.
pub fn describe(kind: GameKind, size: usize) -> String {
    let komi = super::format_komi(agreed_komi_half(kind, size));
    match lookup(kind, size) {
        Source::Table { entry, user } => {
            let file = user.map_or("data/komi.toml".to_string(), |p| p.display().to_string());
            let how = if entry.exact {
                "solved exactly".to_string()
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
pub fn summary(kind: GameKind) -> String {
    let l = loaded();
    let mut boards: BTreeMap<usize, (Entry, bool)> = BTreeMap::new();
    for (table, user) in [
        (Some(&l.builtin), false),
        (l.user.as_ref().map(|u| &u.1), true),
    ] {
        for (size, e) in table.and_then(|t| t.get(kind.name())).into_iter().flatten() {
            if let Ok(n) = size.parse() {
                boards.insert(n, (e.clone(), user));
            }
        }
    }
    let fallback = super::format_komi(agreed_komi_half(kind, 0));
    let fallback = if kind == GameKind::Keil {
        format!("{fallback} with the button")
    } else {
        fallback
    };
    if boards.is_empty() {
        return format!(
            "Komi: the default agreed komi is {fallback} on every board, a guess: no board is \
             measured yet (tessera komi measures one)."
        );
    }
    let list: Vec<String> = boards
        .iter()
        .map(|(n, (e, user))| {
            let board = match kind.board_kind() {
                crate::board::BoardKind::Square => format!("{n}x{n}"),
                crate::board::BoardKind::Hex => format!("side {n}"),
            };
            let how = if e.exact { "solved" } else { "self-play" };
            let whose = if *user { ", your komi.toml" } else { "" };
            format!(
                "{board} {} ({how}{whose})",
                super::format_komi((e.fair * 2.0) as u16)
            )
        })
        .collect();
    format!(
        "Komi: the default agreed komi is the board's fair komi, where the first player wins \
         half the games, from data/komi.toml (measured by tessera komi): {}. Other boards: \
         {fallback}, a guess.",
        list.join(", ")
    )
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
    }

    #[test]
    fn missing_boards_fall_back_to_the_spec_defaults() {
        // Size 19 is never measured (the table stops at 13).
        assert_eq!(agreed_komi_half(GameKind::Linage, 19), 1);
        assert_eq!(agreed_komi_half(GameKind::Keil, 12), 12);
        assert!(describe(GameKind::Carteso, 19).contains("a guess"));
    }
}
