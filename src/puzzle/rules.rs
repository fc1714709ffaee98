//! The solver's view of [`AnyGame`]: its game facts are the games' own
//! ([`crate::games::SolveGame`], implemented beside each game's rules).

use crate::games::{AnyGame, SolveGame};

/// The number of distinct whole turns of the side to move in `game` (at the start of a turn),
/// for the rating: the game's formula ([`SolveGame::turn_count`]) or by enumeration.
pub fn turn_count<G: SolveGame>(game: &G) -> f64 {
    game.turn_count()
        .unwrap_or_else(|| super::turns::count_turns(game) as f64)
}

/// Whether `game` is in its opening protocol (see [`SolveGame::in_opening`]).
pub fn in_opening(game: &AnyGame) -> bool {
    crate::games::with_each_game!(game, g => g.in_opening())
}
