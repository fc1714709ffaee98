//! What the interface and the protocols show about a position, kept apart from the rules: the
//! `tessera-state` object, the status panel's facts, the result screen's score breakdown, and
//! what the board draws besides the stones (the ownership overlay, Carteso's claim markers,
//! Iris's pair labels).
//!
//! [`super::Game`] holds the rules only; a program that only plays or searches never needs this
//! trait. Each game implements it next to its rules (it reads the game's private state), and
//! [`super::AnyGame`] forwards it.

use super::{Game, Mark, Side};
use crate::board::Cell;

/// Descriptions of a position for people and protocols.
pub trait Describe: Game {
    /// The position as the one-line JSON object of SPEC §5 `tessera-state`.
    fn state_json(&self) -> serde_json::Value;

    /// Short facts for the status panel, as (label, value): komi, button, allotment, stones
    /// left, "stone 1 of 2", the current score. Game-specific; the panel shows them in order.
    fn status(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// The final score broken down the way the game scores (one line each), for the result
    /// screen: Keil stones + territory + komi + button, group scores compared, chunk arrays.
    fn score_breakdown(&self) -> Vec<String> {
        Vec::new()
    }

    /// Per cell, the ownership the interface's overlay (`t`) shows: Keil territories, Linage
    /// regions by owner (free regions as [`Mark::Free`]), Carteso finished groups. Empty when
    /// the game has no such notion.
    fn ownership(&self) -> Vec<Option<Mark>> {
        Vec::new()
    }

    /// Carteso: the side that claimed the group on this cell (drawn as a marker).
    fn claimed_by(&self, _cell: Cell) -> Option<Side> {
        None
    }

    /// Iris: the pair label of a coloured cell (0-based, SPEC §3), `None` for gray cells.
    fn pair_label(&self, _cell: Cell) -> Option<u16> {
        None
    }
}
