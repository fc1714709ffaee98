//! The tuned defaults per game (each measured with `tessera match`; see the AI issue's
//! closing note for the figures).

use super::mcts::MctsParams;
use super::playout::Policy;
use super::reward::RewardShape;
use super::spec::{PlayerKind, Tuning};
use crate::games::GameKind;

/// The player `default` (and the levels) use for a game.
pub fn default_kind(_kind: GameKind) -> PlayerKind {
    PlayerKind::Mcts
}

/// MCTS parameters for a game on a board of `cells` cells, with `tuning` overrides applied.
pub fn mcts_params(kind: GameKind, cells: usize, tuning: &Tuning) -> MctsParams {
    let mut p = MctsParams::default();
    let territory = matches!(kind, GameKind::Keil | GameKind::Carteso | GameKind::Linage);
    if territory {
        p.reward = RewardShape {
            score_weight: 0.15,
            score_scale: (cells as f64 / 10.0).max(2.0),
        };
    }
    // RAVE: AMAF statistics pay most in the pure placement games (`tessera match` at equal
    // simulations, 30 games each: bias 0.01 beat 0.2 by 29–1 in Carteso, 21–9 in Iris, 20–10
    // in Linage). In Wunchunk a stone's worth depends on its neighbours at the time, so AMAF
    // must fade sooner: against uct-baseline at 1500 simulations a turn, 0.01 scored 20/30,
    // 0.05, 0.2 and 0.6 scored 29/30 each, no RAVE 28/30.
    if kind == GameKind::Wunchunk {
        p.rave_bias = 0.2;
    }
    p.copy_root = kind == GameKind::Keil;
    p.policy = match kind {
        GameKind::Keil => Policy::NoEyes,
        _ => Policy::Random,
    };
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
    if let Some(v) = tuning.policy {
        p.policy = v;
    }
    p
}
