//! Keil as its network sees it (input version 1, `docs/nets.md`): the hexhex board on the
//! axial grid Iris uses (cell `(r, k)` at row `r`, column `k − 1`), from the side to move.
//! Links, captures and territory follow from the stones, so the planes give the stones, the
//! legal placements, the liberties of each group (what a capture needs) and the territory as
//! it stands; komi and the button are scalars. The button shares the policy's pass entry:
//! while nobody has it, `button` is legal and `pass` is not, and once it is taken the reverse.

use super::Keil;
use crate::board::Cell;
use crate::games::net_input::{axial_point, axial_shape};
use crate::games::{Game, Mark, NetInput, NetShape, Side, Step, Stone};

/// The hexhex board's symmetries that are plain grid maps in axial coordinates (links are
/// defined by adjacency alone, so every symmetry of the hexagon keeps them; `games::net_input`'s
/// tests check them).
const SYMMETRIES: &[&str] = &["identity", "transpose", "rot180", "anti_transpose"];

/// Binary planes: on the board; the mover's stones, the opponent's; legal placements; the
/// mover's stones in groups of 1, 2 and 3 or more liberties; the same for the opponent; the
/// mover's territory, the opponent's.
const BINARY: usize = 12;

/// Scalars: komi for the mover / 10, the last turn was a pass, the button is on the table,
/// the mover has it, the opponent has it.
const SCALARS: usize = 5;

impl NetInput for Keil {
    fn net_shape(&self) -> Option<NetShape> {
        Some(axial_shape(self.geometry(), BINARY, SCALARS, SYMMETRIES))
    }

    fn net_planes(&self, bits: &mut [u8], scalars: &mut [f32]) {
        let geometry = self.geometry();
        let points = self.net_shape().expect("Keil has a layout").points();
        let mover = self.to_move();
        let mine = |stone: Stone| stone.index() == mover.index();
        let mut done = vec![false; geometry.cells()];
        for cell in geometry.all_cells() {
            let i = self.net_point(cell);
            bits[i] = 1;
            let Some(stone) = self.stone_at(cell) else {
                continue;
            };
            bits[if mine(stone) { 1 } else { 2 } * points + i] = 1;
            if done[cell as usize] {
                continue;
            }
            let (group, liberties) = self.group_and_liberties(cell);
            let plane = 4 + usize::from(!mine(stone)) * 3 + liberties.len().clamp(1, 3) - 1;
            for c in group {
                done[c as usize] = true;
                bits[plane * points + self.net_point(c)] = 1;
            }
        }
        let mut legal = Vec::new();
        self.legal_steps(&mut legal);
        for step in legal {
            if let Step::Place { cell, .. } = step {
                bits[3 * points + self.net_point(cell)] = 1;
            }
        }
        for (cell, mark) in geometry.all_cells().zip(self.territory().marks) {
            if let Some(Mark::Owned(side)) = mark {
                let plane = if side == mover { 10 } else { 11 };
                bits[plane * points + self.net_point(cell)] = 1;
            }
        }
        let komi = self.komi() as f32 / 10.0;
        scalars[0] = if mover == Side::Second { komi } else { -komi };
        scalars[1] = f32::from(u8::from(self.passes > 0));
        scalars[2] = f32::from(u8::from(
            self.button_in_play() && self.button_holder().is_none(),
        ));
        scalars[3] = f32::from(u8::from(self.button_holder() == Some(mover)));
        scalars[4] = f32::from(u8::from(self.button_holder() == Some(mover.other())));
    }

    fn net_point(&self, cell: Cell) -> usize {
        axial_point(self.geometry(), cell)
    }

    fn net_index(&self, step: Step) -> Option<usize> {
        let shape = self.net_shape()?;
        match step {
            Step::Place { cell, .. } => Some(self.net_point(cell)),
            // Never legal together (module docs): one entry for "not a stone".
            Step::Pass | Step::Button => Some(shape.extra(0)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::{AnyGame, Game, NetInput, Step};
    use crate::rng::FastRng;

    /// Pass and button share the policy's last entry and are never legal together; the button
    /// scalars follow who took it.
    #[test]
    fn button_and_pass_share_an_entry_and_never_meet() {
        let mut game = AnyGame::from_args("keil", &["size=4", "komi=6"]).unwrap();
        let shape = game.net_shape().unwrap();
        let mut legal = Vec::new();
        let mut rng = FastRng::seed(5);
        let mut bits = vec![0; shape.binary_planes * shape.points()];
        let mut scalars = [0f32; super::SCALARS];
        let mut taken_by = None;
        for ply in 0..30 {
            if game.is_over() {
                break;
            }
            game.net_planes(&mut bits, &mut scalars);
            let mover = game.to_move();
            let want = match taken_by {
                None => [1.0, 0.0, 0.0],
                Some(side) if side == mover => [0.0, 1.0, 0.0],
                Some(_) => [0.0, 0.0, 1.0],
            };
            assert_eq!(scalars[2..], want, "ply {ply}");
            game.legal_steps(&mut legal);
            let specials: Vec<_> = legal
                .iter()
                .filter(|s| matches!(s, Step::Pass | Step::Button))
                .collect();
            assert_eq!(specials.len(), 1, "{specials:?}");
            assert_eq!(game.net_index(*specials[0]), Some(shape.extra(0)));
            let places: Vec<Step> = legal
                .iter()
                .copied()
                .filter(|s| matches!(s, Step::Place { .. }))
                .collect();
            let step = match places.len() {
                _ if ply == 6 => Step::Button,
                0 => *specials[0],
                n => places[rng.below(n)],
            };
            if step == Step::Button {
                taken_by = Some(mover);
            }
            game.play(step);
        }
        assert!(taken_by.is_some());
    }
}
