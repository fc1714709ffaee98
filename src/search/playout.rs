//! Playout policies: how a simulation finishes the game once it leaves the tree.

use crate::games::{Game, Step, Stone};
use crate::rng::FastRng;

/// A playout policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random legal placements, the game's fallback otherwise
    /// ([`Game::random_step`], the `tessera bench` policy).
    Random,
    /// Go-like games (Keil): random legal placements except into the mover's own eyes (an
    /// empty point whose every neighbour is the mover's stone — with links, such stones are
    /// always linked to it); then the button if on the table, else pass. Without it random
    /// Keil games refill captured areas for tens of thousands of steps.
    NoEyes,
}

impl Policy {
    /// The next playout step (the game must not be over).
    #[inline]
    pub fn step<G: Game>(self, game: &G, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        match self {
            Policy::Random => game.random_step(rng, buf),
            Policy::NoEyes => no_eyes_step(game, rng, buf),
        }
    }
}

/// Whether `cell` is an eye of `stone`: every neighbour holds such a stone.
#[inline]
fn is_eye<G: Game>(game: &G, cell: crate::board::Cell, stone: Stone) -> bool {
    game.geometry()
        .neighbours(cell)
        .iter()
        .all(|&n| game.stone_at(n) == Some(stone))
}

/// See [`Policy::NoEyes`].
fn no_eyes_step<G: Game>(game: &G, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
    let stone = Stone::of_side(game.to_move());
    // The game's own random step is a legal placement (or its fallback when none is legal):
    // a few draws usually find one that is not an eye.
    for _ in 0..6 {
        match game.random_step(rng, buf) {
            Step::Place { cell, stone: s } if s == stone && is_eye(game, cell, stone) => {}
            step => return step,
        }
    }
    let geo = game.geometry();
    buf.clear();
    buf.extend(
        geo.all_cells()
            .filter(|&c| game.stone_at(c).is_none())
            .map(|cell| Step::Place { cell, stone }),
    );
    while !buf.is_empty() {
        let i = rng.below(buf.len());
        let step = buf[i];
        let cell = step.cell().expect("placements only");
        if !is_eye(game, cell, stone) && game.check(step).is_ok() {
            return step;
        }
        buf.swap_remove(i);
    }
    if game.check(Step::Button).is_ok() {
        Step::Button
    } else if game.check(Step::Pass).is_ok() {
        Step::Pass
    } else {
        game.random_step(rng, buf)
    }
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Policy, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(Policy::Random),
            "noeyes" => Ok(Policy::NoEyes),
            _ => Err(format!(
                "unknown playout policy '{s}' (policies: random, noeyes)"
            )),
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Policy::Random => "random",
            Policy::NoEyes => "noeyes",
        })
    }
}
