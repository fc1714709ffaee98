//! What the solvers need to know about Linage beyond its rules ([`SolveGame`]).

use super::Linage;
use crate::games::symmetry::Symmetries;
use crate::games::{Game, SolveGame};

impl SolveGame for Linage {
    const FULL_BOARD_ENDS: bool = false;

    fn territory_komi(&self) -> Option<f64> {
        Some(self.komi())
    }

    /// No stone ever enters an owned region, so owned points stay owned, and at most the
    /// free points change hands.
    fn margin_bounds(&self) -> Option<(i32, i32)> {
        let [a, b] = self.owned_points().map(|p| 2 * p as i32);
        let free = 2 * self.free_points() as i32;
        let komi = (2.0 * self.komi()).round() as i32;
        Some((a - b - free - komi, a - b + free - komi))
    }

    /// The mirrors and the half turn: they keep vertical lines vertical.
    fn symmetries(&self) -> Symmetries {
        Symmetries::square(self.geometry(), None)
    }
}
