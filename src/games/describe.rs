//! What the interface and the protocols show about a position, kept apart from the rules: the
//! `tessera-state` object, the status panel's facts and the result screen's score breakdown.
//!
//! [`super::Game`] holds the rules only; a program that only plays or searches never needs this
//! trait. Each game implements it next to its rules (it reads the game's private state), and
//! [`super::AnyGame`] forwards it.

use super::Game;

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
}
