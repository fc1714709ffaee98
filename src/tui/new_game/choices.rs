//! The choices of the New game form that outlive it: the opponent ([`Opponent`]) and the last
//! game's choices ([`LastChoices`]), which the data directory keeps (`new_game.toml`) and the
//! form comes back with. A leaf apart from the form, because the effect that keeps them
//! (`effect::Effect::RememberChoices`) is named by every screen, the form among them.

use crate::games::{ButtonMode, GameKind};

/// Who the opponent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// Someone else at the same keyboard.
    Human,
    /// The AI.
    Ai,
    /// The AI plays both sides; you watch.
    AiVsAi,
}

/// The choices of the form that started the last game, kept in the data directory
/// (`new_game.toml`) so that the form comes back with them, across runs too.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LastChoices {
    /// The game.
    pub game: GameKind,
    /// Board size.
    pub size: usize,
    /// Opponent.
    pub opponent: Opponent,
    /// AI level.
    pub level: u8,
    /// 0: you make the first turn (or set komi in the bid); 1: the AI does.
    pub seat: usize,
    /// Agreed komi in half points; none: the bid.
    pub komi_half: Option<u16>,
    /// Keil's button.
    pub button: ButtonMode,
    /// AI seconds per turn.
    pub ai_time: f64,
}
