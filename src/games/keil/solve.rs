//! What the solvers need to know about Keil beyond its rules ([`SolveGame`]).

use super::Keil;
use crate::games::SolveGame;

impl SolveGame for Keil {
    const HISTORY: bool = true;
    const FULL_BOARD_ENDS: bool = false;

    fn territory_komi(&self) -> Option<f64> {
        Some(self.komi())
    }
}
