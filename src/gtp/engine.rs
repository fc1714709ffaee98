//! What `genmove` and `tessera-analyze` think with. For now a random player: the search (the AI
//! issue) replaces the bodies of these two functions and nothing else in GTP has to change.

use crate::games::{Game, Step};
use crate::rng::FastRng;
use crate::session::Session;

/// The steps that complete the current turn for `genmove` (the whole turn, or the rest of a turn
/// in progress): each step is a uniformly random legal placement, or — only when no placement is
/// legal — the game's fallback (`button`, `end`, `pass`; a random bid token during the bid).
/// This is the `tessera bench` playout policy ([`Game::random_step`]).
///
/// The game must not be over.
pub fn choose_turn(session: &Session, rng: &mut FastRng) -> Vec<Step> {
    let mut game = session.game().clone();
    let turn = game.turns_completed();
    let (mut steps, mut buf) = (Vec::new(), Vec::new());
    while game.turns_completed() == turn && !game.is_over() {
        let step = game.random_step(rng, &mut buf);
        game.play(step);
        steps.push(step);
    }
    steps
}

/// `tessera-analyze MS`: one JSON line about the position after thinking `ms` milliseconds.
/// Needs the search, which is not in this build yet.
pub fn analyze(_session: &Session, _ms: u64) -> Result<String, String> {
    Err("analysis needs the search, not available yet".into())
}
