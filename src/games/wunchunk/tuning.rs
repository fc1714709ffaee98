//! Wunchunk's search tuning (see [`crate::games::tuning`] for the measurements shared with the
//! other games).
//!
//! Wunchunk has its own simulations and temperatures at practice levels 1–8:
//!
//! | level         | 1     | 2     | 3     | 4     | 5     | 6      | 7      | 8      |
//! |---------------|------:|------:|------:|------:|------:|-------:|-------:|-------:|
//! | simulations   | 1 000 | 2 000 | 3 000 | 5 000 | 8 000 | 12 000 | 20 000 | 40 000 |
//! | temperature   | 2.0   | 0.6   | 0.3   | 0.2   | 0.1   | 0      | 0      | 0      |
//!
//! A Wunchunk turn is several stones sharing the turn's simulations, so below about a thousand
//! simulations a turn every stone gets a handful and the levels do not order (with the table
//! above, level 2 against 1 scored 40 %). With the learned patterns guiding the tree and the
//! playouts, a weak level's visits follow the patterns' prior, so its strength is set by how
//! sharply the temperature draws from them more than by its simulations: at temperature 0.6,
//! 3 000 simulations against 2 000 scored 6–9, and 300 at temperature 1 lost 3–17 to 100 at
//! temperature 2; each of Wunchunk's rungs therefore lowers the temperature as well.

use crate::games::tuning::{LevelRow, PlayoutKind, SearchTuning};

/// Wunchunk's search tuning.
pub(crate) const TUNING: SearchTuning = SearchTuning {
    // Not a territory game: pure win/loss rewards.
    score_weight: None,
    // A stone's worth depends on its neighbours at the time, so AMAF must fade sooner:
    // against uct-baseline at 1500 simulations a turn, bias 0.01 scored 20/30; 0.05, 0.2 and
    // 0.6 scored 29/30 each; no RAVE 28/30.
    rave_bias: 0.2,
    // With the lean tree at 1 s a move, against uct-baseline (20 games each, `--jobs 2` on a
    // loaded machine): 12-0-8 with c = 0.1, 17-0-3 with 0.3 and 15-0-5 with 0.5.
    exploration: 0.3,
    copy_root: false,
    // Playouts follow the learned patterns: uniform playouts colour the board at random,
    // which says little about a position that strong players fill stone by stone. Against
    // uniform playouts at 10,000 simulations a turn they won 40-0; against `uct-baseline` at
    // 1 s a turn 20-0 (uniform: 10-10), at 100 ms 96-4 (87-13), with a tenth of its time 5-15
    // (1-19), though a simulation costs about twice as much (see docs/strength.md for the
    // commands).
    playout: PlayoutKind::Patterns,
    patterns: Some(include_str!("../../../data/patterns/wunchunk.txt")),
    // Progressive bias from the learned patterns, against the same player without it
    // (`tessera match wunchunk --a default:iters=N,threads=1,pb=W --b
    // default:iters=N,threads=1,pb=0`): W = 1 scored 52-0-28 at N = 5,000 and 47-0-33 at
    // 10,000 (80 games each); at 10,000, W = 0.3 scored 8-0-10 and W = 3 1-0-5 (stopped early).
    pattern_weight: 1.0,
    levels: &LEVELS,
    // `net` against `default`, 1 s a move, one thread each: 90 % of 40 games (docs/nets.md).
    net_stronger: true,
    // Batches of 8, as the network's gate and targets were measured.
    net_batch: 8,
    // `net:ms=100,threads=1` head to head, 40 games each: c = 1.0 against 1.5 scored 24-0-16,
    // 0.75 against 1.0 21-0-19 (crate::games::tuning, docs/nets.md).
    net_exploration: 1.0,
    seed_policy_differs: false,
};

/// Levels 1–8 (see the module documentation).
const LEVELS: [LevelRow; 8] = [
    row(1_000, 2.0),
    row(2_000, 0.6),
    row(3_000, 0.3),
    row(5_000, 0.2),
    row(8_000, 0.1),
    row(12_000, 0.0),
    row(20_000, 0.0),
    row(40_000, 0.0),
];

const fn row(simulations: u64, temperature: f64) -> LevelRow {
    LevelRow {
        simulations,
        temperature,
    }
}
