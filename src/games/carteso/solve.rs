//! What the solvers need to know about Carteso beyond its rules ([`SolveGame`]).

use super::Carteso;
use crate::games::symmetry::{Pieces, Symmetries};
use crate::games::{Game, SolveGame};

impl SolveGame for Carteso {
    const FULL_BOARD_ENDS: bool = true;
    const STALL: Option<usize> = Some(1);

    fn territory_komi(&self) -> Option<f64> {
        Some(self.komi())
    }

    /// The mirrors and the half turn (they keep a group's rows rows and its columns
    /// columns), each also with black and white exchanged (pieces: black 0, white 1, and the
    /// claim markers 2 + side, which stay).
    fn symmetries(&self) -> Symmetries {
        Symmetries::square(self.geometry(), Some([1, 0, 2, 3]))
    }

    /// Claims are never lost and stones never removed: each side ends with at least its
    /// claimed stones and at most the points the other has not claimed.
    fn margin_bounds(&self) -> Option<(i32, i32)> {
        let n = 2 * self.geometry().cells() as i32;
        let [a, b] = self.claimed_points().map(|p| 2 * p as i32);
        let komi = (2.0 * self.komi()).round() as i32;
        Some((2 * a - n - komi, n - 2 * b - komi))
    }

    /// Stones by colour and the claim markers on claimed stones.
    fn pieces(&self, out: &mut Pieces) {
        out.clear();
        for c in self.geometry().all_cells() {
            if let Some(s) = self.stone_at(c) {
                out.push((c, s.index()));
                if let Some(side) = self.claimer(c) {
                    out.push((c, 2 + side.index()));
                }
            }
        }
    }
}
