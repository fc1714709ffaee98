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

/// See [`Policy::NoEyes`].
fn no_eyes_step<G: Game>(game: &G, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
    let stone = Stone::of_side(game.to_move());
    let geo = game.geometry();
    buf.clear();
    buf.extend(
        geo.all_cells()
            .filter(|&c| game.stone_at(c).is_none())
            .map(|cell| Step::Place { cell, stone }),
    );
    if buf.is_empty() && game.check(Step::Button).is_err() && game.check(Step::Pass).is_err() {
        // Not a go-like position (e.g. the komi bid): fall back to the game's own policy.
        return game.random_step(rng, buf);
    }
    while !buf.is_empty() {
        let i = rng.below(buf.len());
        let step = buf[i];
        let cell = step.cell().expect("placements only");
        let eye = geo
            .neighbours(cell)
            .iter()
            .all(|&n| game.stone_at(n) == Some(stone));
        if !eye && game.check(step).is_ok() {
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
