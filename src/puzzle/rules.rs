//! What the solver needs to know about a game beyond the [`Game`] trait: whether legality
//! depends on earlier positions, whether a full board ends the game, and how many stones the
//! turn in progress may still place. These let the search skip turns that cannot end the game
//! on the last ply, and key its table soundly.

use crate::games::carteso::Carteso;
use crate::games::iris::Iris;
use crate::games::keil::Keil;
use crate::games::linage::Linage;
use crate::games::wunchunk::Wunchunk;
use crate::games::{AnyGame, Game, Step};

/// A game the solver can search.
pub trait SolveGame: Game {
    /// Whether a placement's legality depends on earlier positions (Keil's repetition rule):
    /// the transposition key must then include each player's earlier positions.
    const HISTORY: bool = false;

    /// Whether a full board ends the game (Carteso, Iris, Wunchunk). When false, only two
    /// passes in succession end it (Keil, Linage).
    const FULL_BOARD_ENDS: bool;

    /// The most stones the side to move may still place in the turn in progress (an upper
    /// bound is enough; used only with [`SolveGame::FULL_BOARD_ENDS`]).
    fn stones_left_in_turn(&self) -> usize {
        1
    }

    /// Whether the game is still in its opening protocol (the komi bid), which the solver
    /// does not search.
    fn in_opening(&self) -> bool {
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        steps
            .iter()
            .any(|s| matches!(s, Step::Komi(_) | Step::Choose(_)))
    }
}

impl SolveGame for Keil {
    const HISTORY: bool = true;
    const FULL_BOARD_ENDS: bool = false;
}

impl SolveGame for Linage {
    const FULL_BOARD_ENDS: bool = false;
}

impl SolveGame for Carteso {
    const FULL_BOARD_ENDS: bool = true;
}

impl SolveGame for Iris {
    const FULL_BOARD_ENDS: bool = true;

    fn stones_left_in_turn(&self) -> usize {
        if self.first_stone().is_some() || self.is_opening() {
            1
        } else {
            2
        }
    }
}

impl SolveGame for Wunchunk {
    const FULL_BOARD_ENDS: bool = true;

    fn stones_left_in_turn(&self) -> usize {
        self.stones_left() as usize
    }
}

/// Calls `$body` with `$g` bound to the concrete game inside an [`AnyGame`] (so the search is
/// compiled once per game, without the enum's dispatch in its inner loop).
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::Keil($g) => $body,
            $crate::games::AnyGame::Carteso($g) => $body,
            $crate::games::AnyGame::Iris($g) => $body,
            $crate::games::AnyGame::Linage($g) => $body,
            $crate::games::AnyGame::Wunchunk($g) => $body,
        }
    };
}
pub(crate) use with_game;

/// Whether `game` is in its opening protocol (see [`SolveGame::in_opening`]).
pub fn in_opening(game: &AnyGame) -> bool {
    with_game!(game, g => g.in_opening())
}
