//! Keil's search tuning (see [`crate::games::tuning`] for the measurements shared with the
//! other games).

use crate::games::tuning::{PlayoutKind, SearchTuning};

/// Keil's search tuning.
pub(crate) const TUNING: SearchTuning = SearchTuning {
    score_weight: Some(0.15),
    rave_bias: 0.0004,
    // c = 0.1 against 0.25 at 100 ms a move scored 12-0-4 (16 games).
    exploration: 0.1,
    // Undo is dearer than a copy: Keil rebuilds its groups on undo.
    copy_root: true,
    // Playouts keep their eyes: without it random Keil games refill captured areas for tens
    // of thousands of steps.
    playout: PlayoutKind::NoEyes,
    patterns: None,
    pattern_weight: 0.0,
    levels: &[],
    // `net` against `default`, one thread each: docs/nets.md, "Rounds".
    net_stronger: true,
    // One leaf at a time: `net:ms=100,threads=1,batch=1` against `uct-baseline:ms=1000`
    // scored 30-0-10 (75 %) where batches of 8 scored 28-0-12 (docs/nets.md, "Batch size").
    net_batch: 1,
    // `net:ms=100,threads=1` head to head, 40 games each: c = 1.0 against 1.5 scored 28-0-12,
    // 0.75 against 1.0 18-0-22 (crate::games::tuning, docs/nets.md).
    net_exploration: 1.0,
    // Our random playouts pass only when no placement is legal (module docs), where the seed
    // reference's draw `pass` and `button` among all legal steps.
    seed_policy_differs: true,
};
