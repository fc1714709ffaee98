//! What the solvers need to know about Wunchunk beyond its rules ([`SolveGame`]).

use super::Wunchunk;
use crate::games::{Game, Side, SolveGame};

impl SolveGame for Wunchunk {
    const FULL_BOARD_ENDS: bool = true;
    const DEFENDER_PASSES_FIRST: bool = true;

    /// The attacker's turn places at most its allotment, `max(1, own chunks)` at the turn's
    /// start, and every stone placed (by either side, of either colour) raises the attacker's
    /// chunk count by at most one (a stone joins the groups around it into one); the defender
    /// places one stone a turn. So after `s` stones the attacker's next turn places at most
    /// `max(1, c + s)`, `c` its chunks now. (A swap places none; it only comes up at White's
    /// first turn, and sides are colours, so `c` stays the attacker's colour's count.)
    fn stall_bound(&self, attacker: Side, n: u8) -> Option<usize> {
        let c = self.chunks(attacker) as usize;
        let mut mover = self.to_move();
        let mut s = 0usize;
        for _ in 0..n {
            s = s.saturating_add(if mover == attacker { (c + s).max(1) } else { 1 });
            mover = mover.other();
        }
        Some(s)
    }

    fn stones_left_in_turn(&self) -> usize {
        self.stones_left() as usize
    }

    /// `pass`, `swap` when allowed, and for j = 1 … min(allotment, empty cells) every set of
    /// j empty cells with every colouring: Σ C(E, j) · 2^j.
    fn turn_count(&self) -> Option<f64> {
        if self.is_over() {
            return Some(0.0);
        }
        let e = self.empty_cells() as usize;
        let k = (self.allotment() as usize).min(e);
        let mut total = 1.0 + if self.swap_allowed() { 1.0 } else { 0.0 };
        let mut choose = 1.0; // C(e, j)
        for j in 1..=k {
            choose = choose * (e + 1 - j) as f64 / j as f64;
            total += choose * 2f64.powi(j as i32);
        }
        Some(total)
    }
}
