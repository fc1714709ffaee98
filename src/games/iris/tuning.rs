//! Iris's search tuning (see [`crate::games::tuning`] for the measurements shared with the
//! other games).

use crate::games::tuning::{PlayoutKind, SearchTuning};

/// Iris's search tuning.
pub(crate) const TUNING: SearchTuning = SearchTuning {
    // Not a territory game: pure win/loss rewards.
    score_weight: None,
    rave_bias: 0.0004,
    // c = 0.1 against 0.25 at 100 ms a move scored 17-0-7 (24 games).
    exploration: 0.1,
    copy_root: false,
    playout: PlayoutKind::Random,
    patterns: None,
    pattern_weight: 0.0,
    levels: &[],
    // `net` against `default`, 1 s a move, one thread each: 68.8 % of 40 games (docs/nets.md).
    net_stronger: true,
    // One leaf at a time: `net:threads=1,batch=1` against the same with batches of 8 scored
    // 33-0-7 at 100 ms a move and 26-0-14 at 1 s (40 games each); a batch evaluates no faster
    // than one position here (docs/nets.md, "Batch size").
    net_batch: 1,
    // `net:ms=100,threads=1` head to head, 40 games each: c = 1.0 against 1.5 scored 35-0-5,
    // 0.75 against 1.0 33-0-7, 0.5 against 0.75 18-0-22, 0.35 against 0.75 27-0-13; at 1 s,
    // 0.75 against 1.5 37-0-3 (crate::games::tuning, docs/nets.md).
    net_exploration: 0.75,
    seed_policy_differs: false,
};
