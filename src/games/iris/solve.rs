//! What the solvers need to know about Iris beyond its rules ([`SolveGame`]).

use super::Iris;
use crate::games::SolveGame;

impl SolveGame for Iris {
    const FULL_BOARD_ENDS: bool = true;
    const STALL: Option<usize> = Some(2);

    fn stones_left_in_turn(&self) -> usize {
        if self.first_stone().is_some() || self.is_opening() {
            1
        } else {
            2
        }
    }
}
