//! The optional `[analysis]` section of a record: what a review found, per position, so a
//! reviewed game opens with its graph and judged turns at once. The section keeps the name the
//! record format gives it (SPEC §4); in the code it is a [`StoredReview`], because
//! "analysis" is the interface's live mode (the AI thinking along on the game screen).
//!
//! ```toml
//! [analysis]
//! engine = "level:10,ms=500"
//! win_rate = [0.52, 0.48, 0.61]
//! margin = [1.5, -0.5, 3.0]
//! best = ["d4", "c3", ""]
//!
//! [[analysis.checks]]
//! turn = 2
//! ms = 2000
//! preferred = "c3"
//! played = 0.61
//! best = 0.40
//! win_rate_lost = 0.21
//! second_look = true
//! ```
//!
//! Position `i` is the one before turn `i + 1` (the last one is after the last turn). Win
//! rates and margins are the **first side's** (Black, Vertical), so the numbers read the same
//! whoever is to move; `best` is the turn the engine prefers there (empty at the end). The
//! arrays may stop short of the last position (a review that was interrupted); they never
//! run past it. `checks` hold the judgement of every turn but the bid's: the position after
//! the turn played against the position after the engine's preferred turn, both searched
//! alike with the opponent to move (see `crate::review::check`): the first side's win rate
//! (and margin) after each, and what the turn lost in its mover's view (`win_rate_lost`,
//! `points_lost`), from which its mark follows. Records written before those two fields
//! existed load too: their checks' losses are recomputed from `played` and `best`, and a
//! turn without a check (they were judged another way) makes the review incomplete, so it
//! is compared again.

use serde::{Deserialize, Serialize};

/// A stored review (the `[analysis]` section).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredReview {
    /// The engine settings the review used, as a player spec (`level:10,ms=500`).
    pub engine: String,
    /// Per position, the first side's chance to win, 0–1.
    pub win_rate: Vec<f64>,
    /// Per position, the expected final score margin for the first side (games with points;
    /// empty for the others).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub margin: Vec<f64>,
    /// Per position, the turn the engine prefers (SPEC §2 token; empty where the game is over).
    pub best: Vec<String>,
    /// Turns compared with the preferred turn, in turn order (absent in older records).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<TurnCheck>,
}

/// A turn compared with the engine's preferred turn: the positions after each searched
/// alike (the same time, the same side to move), so that the side to move's edge in a
/// search's estimate cancels out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnCheck {
    /// The turn, from 1.
    pub turn: usize,
    /// The search time of each of the two positions, in milliseconds (0: an iteration limit).
    pub ms: u64,
    /// The first side's win rate after the turn played, 0–1.
    pub played: f64,
    /// The first side's win rate after the preferred turn, 0–1.
    pub best: f64,
    /// The first side's expected margin after the turn played (games with points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played_margin: Option<f64>,
    /// The first side's expected margin after the preferred turn (games with points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_margin: Option<f64>,
    /// The preferred turn compared (SPEC §2 token): the engine's, played on to the end of
    /// the turn where its plan stopped short (absent in older records: `best` of the
    /// position before the turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preferred: Option<String>,
    /// The mover's win rate after the preferred turn minus after the turn played, 0–1 (0
    /// when the turn played did as well; absent in older records: recomputed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win_rate_lost: Option<f64>,
    /// The same for the expected final margin, in points (games with points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_lost: Option<f64>,
    /// Whether these are the numbers of the second look (the first would have marked
    /// the turn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub second_look: bool,
}

impl StoredReview {
    /// An empty review made with `engine`.
    pub fn new(engine: impl Into<String>) -> StoredReview {
        StoredReview {
            engine: engine.into(),
            win_rate: Vec::new(),
            margin: Vec::new(),
            best: Vec::new(),
            checks: Vec::new(),
        }
    }

    /// How many positions have been evaluated.
    pub fn len(&self) -> usize {
        self.win_rate.len()
    }

    /// Whether no position has been evaluated.
    pub fn is_empty(&self) -> bool {
        self.win_rate.is_empty()
    }

    /// Whether every position of a game of `turns` turns has been evaluated.
    pub fn is_complete(&self, turns: usize) -> bool {
        self.len() == turns + 1
    }

    /// What is wrong with the section for a record of `turns` turns: `(field, message)`.
    pub fn check(&self, turns: usize) -> Result<(), (&'static str, String)> {
        let n = self.win_rate.len();
        if n > turns + 1 {
            return Err((
                "analysis.win_rate",
                format!(
                    "has {n} positions but {turns} turns have only {}",
                    turns + 1
                ),
            ));
        }
        if self.best.len() != n {
            return Err((
                "analysis.best",
                format!("has {} entries, win_rate has {n}", self.best.len()),
            ));
        }
        if !self.margin.is_empty() && self.margin.len() != n {
            return Err((
                "analysis.margin",
                format!("has {} entries, win_rate has {n}", self.margin.len()),
            ));
        }
        if let Some(w) = self.win_rate.iter().find(|w| !(0.0..=1.0).contains(*w)) {
            return Err(("analysis.win_rate", format!("{w} is not between 0 and 1")));
        }
        if let Some(m) = self.margin.iter().find(|m| !m.is_finite()) {
            return Err(("analysis.margin", format!("{m} is not a number of points")));
        }
        for c in &self.checks {
            if c.turn == 0 || c.turn > turns {
                return Err((
                    "analysis.checks",
                    format!("turn {} is not a turn of this game (1-{turns})", c.turn),
                ));
            }
            if [c.played, c.best].iter().any(|w| !(0.0..=1.0).contains(w)) {
                return Err((
                    "analysis.checks",
                    format!("turn {}: a win rate is not between 0 and 1", c.turn),
                ));
            }
            if c.win_rate_lost.is_some_and(|w| !(0.0..=1.0).contains(&w)) {
                return Err((
                    "analysis.checks",
                    format!("turn {}: win_rate_lost is not between 0 and 1", c.turn),
                ));
            }
            if c.points_lost.is_some_and(|p| !(p.is_finite() && p >= 0.0)) {
                return Err((
                    "analysis.checks",
                    format!("turn {}: points_lost is not a number of points ≥ 0", c.turn),
                ));
            }
            if [c.played_margin, c.best_margin]
                .iter()
                .flatten()
                .any(|m| !m.is_finite())
            {
                return Err((
                    "analysis.checks",
                    format!("turn {}: a margin is not a number of points", c.turn),
                ));
            }
        }
        Ok(())
    }
}
