//! Solver tests: agreement with a plain minimax on random small positions, hand-built traps
//! for each game's rules, the puzzle definition, the shipped sets.

mod brute_agree;

use crate::games::{AnyGame, Game, Step};
use crate::rng::FastRng;

/// A game from `tessera-game`-style arguments.
pub(crate) fn game(name: &str, args: &[&str]) -> AnyGame {
    AnyGame::from_args(name, args).expect("valid test options")
}

/// Plays turn tokens on `g`, panicking with the token on an illegal one.
pub(crate) fn play(g: &mut AnyGame, tokens: &[&str]) {
    for t in tokens {
        let steps = g.parse_turn(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        let before = g.turns_completed();
        for s in steps {
            if g.turns_completed() != before {
                panic!("{t}: too many steps");
            }
            g.try_play(s).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
        assert_ne!(g.turns_completed(), before, "{t}: incomplete turn");
    }
}

/// A uniformly random whole turn (every distinct turn equally likely), pass included.
pub(crate) fn random_turn(g: &AnyGame, rng: &mut FastRng) -> Vec<Step> {
    let turns = crate::puzzle::turns::whole_turns(g);
    turns[rng.below(turns.len())].clone()
}

mod sets;
mod traps;
mod wunchunk_bound;
