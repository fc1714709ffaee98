//! Carteso's search tuning (see [`crate::games::tuning`] for the measurements shared with the
//! other games).

use crate::games::tuning::{PlayoutKind, SearchTuning};

/// Carteso's search tuning.
pub(crate) const TUNING: SearchTuning = SearchTuning {
    score_weight: Some(0.15),
    rave_bias: 0.0004,
    // c = 0.1 against 0.25 at 100 ms a move scored 10-0-14 (24 games): 0.25 stays.
    exploration: 0.25,
    copy_root: false,
    playout: PlayoutKind::Random,
    patterns: None,
    pattern_weight: 0.0,
    levels: &[],
    // `net` against `default`, 1 s a move, one thread each: 85 % of 40 games (docs/nets.md).
    net_stronger: true,
    // Batches of 8, as the network's gate and targets were measured.
    net_batch: 8,
    // `net:ms=100,threads=1` head to head, 40 games each: c = 1.0 against 1.5 scored 28-0-12,
    // 0.75 against 1.0 30-0-10 (crate::games::tuning, docs/nets.md).
    net_exploration: 0.75,
    seed_policy_differs: false,
};
