//! The tuned defaults per game (each measured with `tessera match`; see the AI issue's
//! closing note for the figures).

use super::mcts::MctsParams;
use super::playout::Policy;
use super::reward::RewardShape;
use super::spec::{Algorithm, Tuning};
use crate::games::GameKind;

/// The player `default` (and levels 9 and 10) use for a game: MCTS everywhere.
///
/// Alpha-beta against MCTS (`tessera match GAME --a ab:ms=100 --b mcts:ms=100,threads=1`):
/// 0/10 in Carteso, Iris, Linage and Wunchunk (where `ab` also scores only 6/20 against
/// `uct-baseline`); in Keil `ab` wins 15/20 at 100 ms a move but only 5/10 at 400 ms, and
/// MCTS gains more from time, so MCTS stays the default there too.
pub fn default_kind(_kind: GameKind) -> Algorithm {
    Algorithm::Mcts
}

/// MCTS parameters for a game on a board of `cells` cells, with `tuning` overrides applied.
pub fn mcts_params(kind: GameKind, cells: usize, tuning: &Tuning) -> MctsParams {
    let mut p = MctsParams::default();
    let territory = matches!(kind, GameKind::Keil | GameKind::Carteso | GameKind::Linage);
    // Score-aware rewards: at equal simulations, 30 games each, weight 0 vs 0.15 scored 18–12
    // (Linage) and 14–16 (Carteso), 0.4 vs 0.15 15–15 and 17–13: no measurable difference
    // in strength; 0.15 is kept for the margin it reports and for sensible play when the game
    // is decided.
    if territory {
        p.reward = RewardShape {
            score_weight: 0.15,
            score_scale: (cells as f64 / 10.0).max(2.0),
        };
    }
    // RAVE: AMAF statistics pay in the placement games, the longer they are trusted the better
    // (`tessera match`, equal simulations, 30 games each, A vs B):
    //   bias 0.01 vs 0.2:      Carteso 29–1, Iris 21–9, Linage 20–10, Keil 26–4;
    //   0.002 vs 0.01:         Carteso 30–0, Iris 25–5, Linage 16–14, Keil 18–12;
    //   0.0004 vs 0.002:       Carteso 21–9, Iris 20–10, Linage 19–11, Keil 17–13;
    //   0 vs 0.0004:           Carteso 16–14, Iris 17–13, Linage 16–14 (flat: 0.0004 kept).
    // In Wunchunk a stone's worth depends on its neighbours at the time, so AMAF must fade
    // sooner: against uct-baseline at 1500 simulations a turn, bias 0.01 scored 20/30; 0.05,
    // 0.2 and 0.6 scored 29/30 each; no RAVE 28/30.
    if kind == GameKind::Wunchunk {
        p.rave_bias = 0.2;
    }
    // Exploration: against uct-baseline at 100 ms a move, 40 games each, Linage scored
    // 52.5% with c = 0.5, 74% with 0.25 (31-0-11 over 42 games), 95% with 0.1 and 82.5% with
    // 0.05. Head to head at 100 ms, c = 0.1 against 0.25 scored 17-0-7 in Iris, 17-0-7 in
    // Wunchunk (24 games each), 12-0-4 in Keil (16), but 10-0-14 in Carteso (24), which keeps
    // 0.25. With the lean tree at 1 s a move, Wunchunk against uct-baseline (20 games each,
    // `--jobs 2` on a loaded machine) scored 12-0-8 with c = 0.1, 17-0-3 with 0.3 and 15-0-5
    // with 0.5: Wunchunk takes 0.3.
    p.exploration = match kind {
        GameKind::Carteso => 0.25,
        GameKind::Wunchunk => 0.3,
        _ => 0.1,
    };
    p.copy_root = kind == GameKind::Keil;
    // Playouts. Keil keeps its eyes. Wunchunk's playouts follow the learned patterns (below):
    // uniform playouts colour the board at random, which says little about a position that
    // strong players fill stone by stone. Against uniform playouts at 10,000 simulations a
    // turn they won 40-0; against `uct-baseline` at 1 s a turn 20-0 (uniform: 10-10), at
    // 100 ms 96-4 (87-13), with a tenth of its time 5-15 (1-19), though a simulation costs
    // about twice as much (see docs/strength.md for the commands).
    p.policy = match kind {
        GameKind::Keil => Policy::NoEyes,
        GameKind::Wunchunk => Policy::Patterns,
        _ => Policy::Random,
    };
    // Progressive bias from the learned placement patterns (`data/patterns/`, see
    // `super::patterns`), measured in Wunchunk against the same player without it
    // (`tessera match wunchunk --a default:iters=N,threads=1,pb=W --b
    // default:iters=N,threads=1,pb=0`): W = 1 scored 52-0-28 at N = 5,000 and 47-0-33 at
    // 10,000 (80 games each); at 10,000, W = 0.3 scored 8-0-10 and W = 3 1-0-5 (stopped early).
    p.patterns = super::patterns::Patterns::for_kind(kind);
    if kind == GameKind::Wunchunk {
        p.pattern_weight = 1.0;
    }
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
    if let Some(v) = tuning.policy {
        p.policy = v;
    }
    // Progressive widening stays off: in Wunchunk `pw=1` scored 14/20 against the default at
    // 10,000 simulations a turn, but 2 of 12 games against `uct-baseline` at 1 s a turn,
    // where the default scores 10/20.
    if let Some(v) = tuning.widening {
        p.widening = v.max(0.0);
    }
    p
}
