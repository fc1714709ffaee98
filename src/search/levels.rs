//! Levels 1–10 for practice games: what each level is.
//!
//! Levels 1–8 are MCTS with capped simulations and, at the low levels, a temperature over the
//! root visit counts, so weak levels make believable mistakes instead of random ones; capping
//! simulations keeps their strength independent of the machine; they use one thread. Levels 9
//! and 10 are the game's strongest player ([`super::default_kind`]) thinking for a fixed time
//! on all cores. The caller's own limits (the interface's time per move, GTP's
//! `tessera-analyze MS`) apply as well: the first limit reached stops the search.
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
//! Wunchunk spends more simulations at levels 1–8 (1 000, 2 000, 3 000, 5 000, 8 000, 12 000,
//! 20 000, 40 000; temperatures as above): a Wunchunk turn is several stones sharing the
//! turn's simulations, so below about a thousand simulations a turn every stone gets a
//! handful and the levels play alike: the table above left levels 1–4 unordered there (level
//! 2 against 1 scored 40 %, 3 against 2 50 %, 4 against 3 45 % over 40 games each).
//! [`simulations`] gives a level's simulations for a game; the engine applies it
//! ([`PlayerSpec::limits_for`]). Wunchunk's levels 1–8 also keep uniform playouts
//! ([`policy`], applied by [`PlayerSpec::tuning_for`]): the game's default player now follows
//! learned patterns in its playouts, which makes each simulation far stronger, and the
//! ladder of levels 1–8 was measured before that; levels 9 and 10 use the default.
//!
//! `tessera match` results backing the order are in the AI issue's closing note.

use super::control::Limits;
use super::playout::Policy;
use super::spec::{Algorithm, PlayerSpec};
use crate::games::GameKind;

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

/// Wunchunk's simulations for levels 1–8 (see the module documentation).
const WUNCHUNK_SIMULATIONS: [u64; 8] = [1_000, 2_000, 3_000, 5_000, 8_000, 12_000, 20_000, 40_000];

/// The simulations level `n` (1–10, clamped) spends on a turn of `kind`: the table's, or
/// Wunchunk's own for levels 1–8; `None` for the timed levels 9 and 10.
pub fn simulations(n: u8, kind: GameKind) -> Option<u64> {
    let n = n.clamp(1, 10) as usize;
    let iters = match kind {
        GameKind::Wunchunk if n <= 8 => WUNCHUNK_SIMULATIONS[n - 1],
        _ => TABLE[n - 1].0,
    };
    (iters > 0).then_some(iters)
}

/// The playout policy level `n` plays `kind` with when it is not the game's default:
/// Wunchunk's levels 1–8 keep uniform playouts, with which their ladder was measured (the
/// default's pattern playouts came later; see the module documentation).
pub fn policy(n: u8, kind: GameKind) -> Option<Policy> {
    (kind == GameKind::Wunchunk && n <= 8).then_some(Policy::Random)
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
