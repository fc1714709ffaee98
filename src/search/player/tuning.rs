//! The search's parameters for a game: the game's own tuning ([`GameKind::tuning`], plain
//! data in the game's folder, each figure measured with `tessera match`) turned into the
//! evaluators' parameters, with a player's overrides applied; and which player `default` is.

use super::spec::{Algorithm, Tuning};
use crate::games::tuning::PlayoutKind;
use crate::games::GameKind;
use crate::search::reward::RewardShape;
use crate::search::tree::playouts::policy::Policy;
use crate::search::tree::playouts::MctsParams;

/// The player `default` (and so levels 9 and 10, hints, reviews and GTP's default player) is
/// on a board: `net` where `has_network` (a network fits the board) and the game's networks
/// measured stronger than the playouts ([`crate::games::tuning::SearchTuning::net_stronger`]),
/// else `mcts`.
///
/// Alpha-beta against MCTS (`tessera match GAME --a ab:ms=100 --b mcts:ms=100,threads=1`):
/// 0/10 in Carteso, Iris, Linage and Wunchunk (where `ab` also scores only 6/20 against
/// `uct-baseline`); in Keil `ab` wins 15/20 at 100 ms a move but only 5/10 at 400 ms, and
/// MCTS gains more from time, so MCTS is the default where no network plays.
pub fn default_player(kind: GameKind, has_network: bool) -> Algorithm {
    if has_network && kind.tuning().net_stronger {
        Algorithm::Net
    } else {
        Algorithm::Mcts
    }
}

/// The margin, in points, that the squash of a score maps to about 75 %: a tenth of the
/// board's cells, at least 2.
pub fn score_scale(cells: usize) -> f64 {
    (cells as f64 / 10.0).max(2.0)
}

/// The playout policy of `kind`'s tuning, or the spec's `policy=`.
pub fn playout_policy(kind: GameKind, tuning: &Tuning) -> Policy {
    tuning.policy.unwrap_or(match kind.tuning().playout {
        PlayoutKind::Random => Policy::Random,
        PlayoutKind::NoEyes => Policy::NoEyes,
        PlayoutKind::Patterns => Policy::Patterns,
    })
}

/// MCTS parameters for a game on a board of `cells` cells, with `tuning` overrides applied:
/// the game's own figures ([`GameKind::tuning`], measured with `tessera match`; see
/// [`crate::games::tuning`]) over [`MctsParams::default`].
pub fn mcts_params(kind: GameKind, cells: usize, tuning: &Tuning) -> MctsParams {
    let game = kind.tuning();
    let mut p = MctsParams::default();
    if let Some(score_weight) = game.score_weight {
        p.reward = RewardShape {
            score_weight,
            score_scale: score_scale(cells),
        };
    }
    p.rave_bias = game.rave_bias;
    p.exploration = game.exploration;
    p.copy_root = game.copy_root;
    p.policy = playout_policy(kind, tuning);
    p.patterns = crate::search::tree::playouts::patterns::Patterns::for_kind(kind);
    p.pattern_weight = game.pattern_weight;
    if let Some(v) = tuning.pattern_weight {
        p.pattern_weight = v.max(0.0);
    }
    if let Some(v) = tuning.exploration {
        p.exploration = v;
    }
    if let Some(v) = tuning.rave_bias {
        p.rave_bias = v;
    }
    if let Some(v) = tuning.fpu {
        p.fpu = v;
    }
    if let Some(v) = tuning.score_weight {
        p.reward.score_weight = v.clamp(0.0, 1.0);
    }
    if let Some(v) = tuning.score_scale {
        p.reward.score_scale = v.max(1e-3);
    }
    if let Some(v) = tuning.solver {
        p.solver = v;
    }
    if let Some(v) = tuning.expand_after {
        p.expand_after = v.max(1);
    }
    // Progressive widening stays off (see `crate::games::tuning`).
    if let Some(v) = tuning.widening {
        p.widening = v.max(0.0);
    }
    p
}
