//! Iris as its network sees it (input version 1, `docs/nets.md`): the hexhex board on an
//! axial grid of `2n − 1` rows and columns (cell `(r, k)` at row `r`, column `k − 1`; the
//! grid's corners off the board), from the side to move. The rules treat Black and White
//! alike but for the first turn, so the planes are the mover's and the opponent's stones.

use super::Iris;
use crate::board::Cell;
use crate::games::net_input::{axial_point, axial_shape};
use crate::games::{Game, NetInput, NetShape, Step};

/// The hexhex board's symmetries that are plain grid maps in axial coordinates: the mirror
/// through the `q = r` axis, the half turn, and both (`games::net_input`'s tests check them).
const SYMMETRIES: &[&str] = &["identity", "transpose", "rot180", "anti_transpose"];

/// Binary planes: on the board, the mover's stones, the opponent's, coloured cells, legal
/// places for the next stone, the first stone of the turn in progress.
const BINARY: usize = 6;

impl NetInput for Iris {
    fn net_shape(&self) -> Option<NetShape> {
        Some(axial_shape(self.geometry(), BINARY, 3, SYMMETRIES))
    }

    fn net_planes(&self, bits: &mut [u8], scalars: &mut [f32]) {
        let points = self.net_shape().expect("Iris has a layout").points();
        let mover = self.to_move();
        for cell in self.geometry().all_cells() {
            let i = self.net_point(cell);
            bits[i] = 1;
            match self.stone_at(cell) {
                Some(s) if s.index() == mover.index() => bits[points + i] = 1,
                Some(_) => bits[2 * points + i] = 1,
                None => {}
            }
            if self.is_coloured(cell) {
                bits[3 * points + i] = 1;
            }
        }
        let mut legal = Vec::new();
        self.legal_steps(&mut legal);
        for step in legal {
            if let Step::Place { cell, .. } = step {
                bits[4 * points + self.net_point(cell)] = 1;
            }
        }
        if let Some(first) = self.first_stone() {
            bits[5 * points + self.net_point(first)] = 1;
        }
        scalars[0] = f32::from(u8::from(self.first_stone().is_some()));
        scalars[1] = f32::from(u8::from(self.last_was_pass));
        scalars[2] = f32::from(u8::from(self.is_opening()));
    }

    fn net_point(&self, cell: Cell) -> usize {
        axial_point(self.geometry(), cell)
    }
}
