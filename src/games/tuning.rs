//! What the search is tuned to in each game, as plain data: each game's folder holds its
//! [`SearchTuning`] (`tuning.rs`, `TUNING`), and [`GameKind::tuning`] finds it, so that the
//! search (its MCTS parameters, practice levels and learned patterns) and the bench turn these
//! numbers into their own parameters without naming a game. Every figure was measured with
//! `tessera match` (see each game's `tuning.rs` and the AI issue's closing note).
//!
//! Measurements shared by several games:
//! - Score-aware rewards ([`SearchTuning::score_weight`]): at equal simulations, 30 games
//!   each, weight 0 vs 0.15 scored 18–12 (Linage) and 14–16 (Carteso), 0.4 vs 0.15 15–15 and
//!   17–13: no measurable difference in strength; 0.15 is kept for the margin it reports and
//!   for sensible play when the game is decided.
//! - RAVE ([`SearchTuning::rave_bias`]): AMAF statistics pay in the placement games, the
//!   longer they are trusted the better (equal simulations, 30 games each, A vs B):
//!   bias 0.01 vs 0.2: Carteso 29–1, Iris 21–9, Linage 20–10, Keil 26–4;
//!   0.002 vs 0.01: Carteso 30–0, Iris 25–5, Linage 16–14, Keil 18–12;
//!   0.0004 vs 0.002: Carteso 21–9, Iris 20–10, Linage 19–11, Keil 17–13;
//!   0 vs 0.0004: Carteso 16–14, Iris 17–13, Linage 16–14 (flat: 0.0004 kept).
//! - Exploration ([`SearchTuning::exploration`]): against uct-baseline at 100 ms a move, 40
//!   games each, Linage scored 52.5% with c = 0.5, 74% with 0.25 (31-0-11 over 42 games), 95%
//!   with 0.1 and 82.5% with 0.05. Head to head at 100 ms, c = 0.1 against 0.25 scored 17-0-7
//!   in Iris, 17-0-7 in Wunchunk (24 games each), 12-0-4 in Keil (16), but 10-0-14 in Carteso
//!   (24), which keeps 0.25.
//! - The `net` player's exploration ([`SearchTuning::net_exploration`]): its values are win
//!   chances 0–1, so AlphaZero's c = 1.25 on values of −1…+1 is about 0.6 here, and the 1.5
//!   first used weighed the prior twice that. Head to head at 100 ms a move (40 games each),
//!   c = 1.0 against 1.5 scored 35-0-5 in Iris, 28-0-12 in Linage, Carteso and Keil, 24-0-16
//!   in Wunchunk; 0.75 against 1.0 33-0-7 in Iris, 40-0-0 in Linage, 30-0-10 in Carteso, but
//!   18-0-22 in Keil and 21-0-19 in Wunchunk, which keep 1.0 (docs/nets.md, "Exploration").
//! - Progressive widening stays off everywhere: in Wunchunk `pw=1` scored 14/20 against the
//!   default at 10,000 simulations a turn, but 2 of 12 games against `uct-baseline` at 1 s a
//!   turn, where the default scores 10/20.

use super::GameKind;

/// The playout policy a game's search uses (the search maps it to its own policy type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutKind {
    /// Uniformly random legal placements, the game's fallback otherwise
    /// (`SearchHints::random_step`).
    Random,
    /// Random legal placements except into the mover's own eyes (go-like games).
    NoEyes,
    /// Placements drawn by the learned patterns' priors ([`SearchTuning::patterns`]).
    Patterns,
}

/// A practice level's figures where a game has its own: the simulations a turn and the
/// temperature over the root visit counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelRow {
    /// Simulations a turn.
    pub simulations: u64,
    /// Temperature the level draws its step with.
    pub temperature: f64,
}

/// One game's search tuning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchTuning {
    /// Weight of the score margin in the playout rewards (score-aware rewards, with a scale
    /// of a tenth of the board's cells, at least 2); `None` for pure win/loss rewards.
    pub score_weight: Option<f64>,
    /// RAVE bias (`4b²` in Silver's schedule); how long all-moves-as-first statistics are
    /// trusted.
    pub rave_bias: f32,
    /// UCB exploration constant.
    pub exploration: f32,
    /// Whether each simulation runs on a fresh copy of the root position instead of playing
    /// forward and undoing.
    pub copy_root: bool,
    /// The playout policy.
    pub playout: PlayoutKind,
    /// The text of the game's learned placement patterns (`data/patterns/<game>.txt`, built
    /// into the program), if it has any.
    pub patterns: Option<&'static str>,
    /// Weight of the progressive bias from the learned patterns (0: off).
    pub pattern_weight: f32,
    /// The game's own figures for practice levels 1, 2, … (the first `len` levels); empty
    /// where the common level table applies throughout.
    pub levels: &'static [LevelRow],
    /// Whether the game's random playouts (`SearchHints::random_step`) differ from the seed
    /// reference programs' policy (a uniform draw from all legal steps), so that
    /// `tessera bench` measures that policy too, in a second row.
    pub seed_policy_differs: bool,
    /// The game's networks measured stronger than the playouts (issue 47's gate): the
    /// `default` player (and so levels 9 and 10, hints, reviews and GTP's default player)
    /// plays the `net` player on every board a network fits, `mcts` elsewhere.
    pub net_stronger: bool,
    /// Leaves the `net` player evaluates together on each thread (its `batch=` default).
    /// Batches pay where a batch evaluates faster a position than one at a time; each leaf
    /// waiting in one steers the next descents away from it (a virtual loss), which costs
    /// most when a move has few evaluations.
    pub net_batch: usize,
    /// The `net` player's exploration constant `c` (its `c=` default): how far the search
    /// follows the policy's prior before the values it finds.
    pub net_exploration: f32,
}

impl GameKind {
    /// The game's search tuning.
    pub fn tuning(self) -> &'static SearchTuning {
        self.spec().tuning
    }
}
