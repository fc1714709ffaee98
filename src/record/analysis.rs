//! The optional `[analysis]` section of a record: what a review found, per position, so a
//! reviewed game opens with its graph and judged turns at once.
//!
//! ```toml
//! [analysis]
//! engine = "level:10,ms=500"
//! win_rate = [0.52, 0.48, 0.61]
//! margin = [1.5, -0.5, 3.0]
//! best = ["d4", "c3", ""]
//! ```
//!
//! Position `i` is the one before turn `i + 1` (the last one is after the last turn). Win
//! rates and margins are the **first side's** (Black, Vertical), so the numbers read the same
//! whoever is to move; `best` is the turn the engine prefers there (empty at the end). The
//! arrays may stop short of the last position (a review that was interrupted); they never
//! run past it.

use serde::{Deserialize, Serialize};

/// A stored review (the `[analysis]` section).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisSection {
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
}

impl AnalysisSection {
    /// An empty review made with `engine`.
    pub fn new(engine: impl Into<String>) -> AnalysisSection {
        AnalysisSection {
            engine: engine.into(),
            win_rate: Vec::new(),
            margin: Vec::new(),
            best: Vec::new(),
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
        Ok(())
    }
}
