//! Levels 1–10 for practice games: what each level is.
//!
//! Levels 1–8 are MCTS with capped simulations and, at the low levels, a temperature over the
//! root visit counts, so weak levels make believable mistakes instead of random ones; capping
//! simulations keeps their strength independent of the machine; they use one thread. Levels 9
//! and 10 are the game's strongest player thinking for a fixed time on all cores: the `net`
//! player where the game ships a network for the board that measured stronger, else `mcts`
//! (the `default` player, [`super::tuning::default_player`]). The caller's own limits (the
//! interface's time per move, GTP's `tessera-analyze MS`) apply as well: the first limit
//! reached stops the search.
//!
//! | level | simulations | time    | threads | temperature |
//! |------:|------------:|--------:|--------:|------------:|
//! | 1     | 10          | –       | 1       | 2.0         |
//! | 2     | 30          | –       | 1       | 1.0         |
//! | 3     | 100         | –       | 1       | 0.6         |
//! | 4     | 300         | –       | 1       | 0.3         |
//! | 5     | 1 000       | –       | 1       | 0.1         |
//! | 6     | 3 000       | –       | 1       | 0           |
//! | 7     | 8 000       | –       | 1       | 0           |
//! | 8     | 20 000      | –       | 1       | 0           |
//! | 9     | –           | 1.5 s   | all     | 0           |
//! | 10    | –           | 4 s     | all     | 0           |
//!
//! A game may have its own simulations and temperatures at the first levels
//! ([`SearchTuning::levels`], in the game's folder), as a game whose turn is several stones
//! sharing the turn's simulations does at levels 1–8.
//! [`simulations`] and [`temperature`] give a level's figures for a game; the engine applies
//! them ([`PlayerSpec::limits_for`], [`PlayerSpec::temperature_for`]).
//!
//! `tessera match` results backing the order are in the AI issue's closing note.
//!
//! [`SearchTuning::levels`]: crate::games::tuning::SearchTuning::levels

use super::spec::{Algorithm, PlayerSpec};
use crate::games::GameKind;
use crate::search::control::Limits;

/// (simulations, milliseconds, threads (0 = all), temperature) per level.
const TABLE: [(u64, u64, usize, f64); 10] = [
    (10, 0, 1, 2.0),
    (30, 0, 1, 1.0),
    (100, 0, 1, 0.6),
    (300, 0, 1, 0.3),
    (1_000, 0, 1, 0.1),
    (3_000, 0, 1, 0.0),
    (8_000, 0, 1, 0.0),
    (20_000, 0, 1, 0.0),
    (0, 1_500, 0, 0.0),
    (0, 4_000, 0, 0.0),
];

/// Level `n`'s (simulations, temperature) in `kind`: the game's own figures for the level if
/// it has them ([`GameKind::tuning`]), else the table's (simulations 0 for the timed levels).
fn row(n: u8, kind: GameKind) -> (u64, f64) {
    let n = n.clamp(1, 10) as usize;
    match kind.tuning().levels.get(n - 1) {
        Some(own) => (own.simulations, own.temperature),
        None => (TABLE[n - 1].0, TABLE[n - 1].3),
    }
}

/// The simulations level `n` (1–10, clamped) spends on a turn of `kind`: the table's, or
/// the game's own ([`GameKind::tuning`]); `None` for the timed levels 9 and 10.
pub fn simulations(n: u8, kind: GameKind) -> Option<u64> {
    let iters = row(n, kind).0;
    (iters > 0).then_some(iters)
}

/// The temperature level `n` (1–10, clamped) draws its step with in `kind`: the table's, or
/// the game's own ([`GameKind::tuning`]).
pub fn temperature(n: u8, kind: GameKind) -> f64 {
    row(n, kind).1
}

/// The spec of level `n` (1–10; out-of-range values are clamped).
pub fn spec(n: u8) -> PlayerSpec {
    let n = n.clamp(1, 10);
    let (iters, ms, threads, temperature) = TABLE[n as usize - 1];
    let mut s = PlayerSpec::of(if ms > 0 {
        Algorithm::Default
    } else {
        Algorithm::Mcts
    });
    s.level = Some(n);
    s.limits = Limits {
        ms: (ms > 0).then_some(ms),
        iters: (iters > 0).then_some(iters),
    };
    s.threads = (threads > 0).then_some(threads);
    s.temperature = temperature;
    s
}

impl PlayerSpec {
    /// The player's own limits in a game of `kind`: a level whose simulations were not set
    /// by hand spends that game's simulations for the level ([`simulations`];
    /// Wunchunk's differ), any other spec its own limits.
    pub fn limits_for(&self, kind: GameKind) -> Limits {
        match self.level {
            Some(n) if self.limits.iters == spec(n).limits.iters => Limits {
                iters: simulations(n, kind),
                ..self.limits
            },
            _ => self.limits,
        }
    }

    /// The temperature this spec draws its steps with in a game of `kind`: a level whose
    /// temperature was not set by hand uses that game's temperature for the level
    /// ([`temperature`]; Wunchunk's differ), any other spec its own.
    pub fn temperature_for(&self, kind: GameKind) -> f64 {
        match self.level {
            Some(n) if self.temperature == spec(n).temperature => temperature(n, kind),
            _ => self.temperature,
        }
    }
}
