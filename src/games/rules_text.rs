//! What the Rules screen shows of each game, as plain data: the rules in our own words, a
//! small hand-made position (its board, stones, Carteso's claims, Linage's marks, whether
//! Iris's ring carries pair labels) and a legend for the picture's marks. Each game's folder
//! holds its own [`RulesText`] (`<game>/rules_text.rs`); [`GameKind::rules_text`] finds it.

use super::{GameKind, Mark, Side, Stone};
use crate::board::{BoardKind, Geometry};

/// A game's rules for people, with a picture of its idea.
#[derive(Debug, PartialEq)]
pub struct RulesText {
    /// The rules, in our words (SPEC §3 decides every detail).
    pub text: &'static str,
    /// A small hand-made position showing the game's idea.
    pub picture: Picture,
    /// What the marks of the picture mean (one line), if it has any.
    pub legend: Option<&'static str>,
}

/// A small hand-made position, by cell names, independent of whether the game is built in.
#[derive(Debug, PartialEq)]
pub struct Picture {
    /// The board's shape.
    pub board: BoardKind,
    /// The board's size (square side or hexhex side).
    pub size: usize,
    /// Lower-case letters of the two sides (`b`/`w`, `v`/`h`) for the marks.
    pub letters: [char; 2],
    /// The stones, by colour, on the named cells.
    pub stones: &'static [(Stone, &'static [&'static str])],
    /// Carteso: the side that claimed each named stone.
    pub claims: &'static [(Side, &'static [&'static str])],
    /// Ownership marks on the named cells.
    pub marks: &'static [(Mark, &'static [&'static str])],
    /// The mark of every other empty cell, if any (Linage's free regions).
    pub other_empty: Option<Mark>,
    /// Iris: whether the ring's coloured cells carry their pair labels.
    pub ring_pairs: bool,
}

impl Picture {
    /// The picture's board.
    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.board, self.size).expect("a picture's board size is allowed")
    }
}

impl GameKind {
    /// The game's rules for people, with its picture and legend.
    pub fn rules_text(self) -> &'static RulesText {
        self.spec().rules_text
    }
}
