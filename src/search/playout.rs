//! Playout policies: how a simulation finishes the game once it leaves the tree.

use crate::games::{Game, Step};
use crate::rng::FastRng;

/// A playout policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random legal placements, the game's fallback otherwise
    /// ([`Game::random_step`], the `tessera bench` policy).
    Random,
}

impl Policy {
    /// The next playout step (the game must not be over).
    #[inline]
    pub fn step<G: Game>(self, game: &G, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        match self {
            Policy::Random => game.random_step(rng, buf),
        }
    }
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Policy, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(Policy::Random),
            _ => Err(format!("unknown playout policy '{s}' (policies: random)")),
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Policy::Random => "random",
        })
    }
}
