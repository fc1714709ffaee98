//! Iris as its network sees it (input version 1, `docs/nets.md`): the hexhex board on an
//! axial grid of `2n − 1` rows and columns (cell `(r, k)` at row `r`, column `k − 1`; the
//! grid's corners off the board), from the side to move. The rules treat Black and White
//! alike but for the first turn, so the planes are the mover's and the opponent's stones.

use super::Iris;
use crate::board::Cell;
use crate::games::{Game, NetInput, NetShape, Step};

/// The hexhex board's symmetries that are plain grid maps in axial coordinates: the mirror
/// through the `q = r` axis, the half turn, and both.
const SYMMETRIES: &[&str] = &["identity", "transpose", "rot180", "anti_transpose"];

/// Binary planes: on the board, the mover's stones, the opponent's, coloured cells, legal
/// places for the next stone, the first stone of the turn in progress.
const BINARY: usize = 6;

impl NetInput for Iris {
    fn net_shape(&self) -> Option<NetShape> {
        let side = 2 * self.geometry().size() - 1;
        Some(NetShape {
            version: 1,
            height: side,
            width: side,
            binary_planes: BINARY,
            scalar_planes: 3,
            symmetries: SYMMETRIES,
        })
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
        let geometry = self.geometry();
        let side = 2 * geometry.size() - 1;
        let (r, k) = geometry.coords(cell);
        r * side + (k - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::SYMMETRIES;
    use crate::board::Cell;
    use crate::games::net_input::random_line;
    use crate::games::{encode_net_input, AnyGame, Game, NetInput, Step};
    use crate::rng::FastRng;

    /// Grid index `i` under the named symmetry of a square grid of side `w`.
    fn image(name: &str, w: usize, i: usize) -> usize {
        crate::games::net_input::symmetry_image(name, w, w, i)
    }

    /// Each listed grid map is a symmetry of the game: it maps the board onto itself, and
    /// playing the mapped steps of a game gives a position whose planes and legal steps are
    /// the mapped ones — the trainer may augment the data with it.
    #[test]
    fn listed_grid_maps_are_symmetries_of_the_game() {
        let mut rng = FastRng::seed(7);
        let start = AnyGame::from_args("iris", &["size=4"]).unwrap();
        let shape = start.net_shape().unwrap();
        let (w, points) = (shape.width, shape.points());
        let mut cell_at = vec![None; points];
        for c in start.geometry().all_cells() {
            cell_at[start.net_point(c)] = Some(c);
        }
        for game_no in 0..12 {
            let Some((game, steps)) = random_line(&start, game_no * 3, &mut rng) else {
                continue;
            };
            let (mut bits, mut planes, mut seen) = (Vec::new(), Vec::new(), Vec::new());
            encode_net_input(&game, &mut bits, &mut planes);
            for name in SYMMETRIES {
                let map = |c: Cell| -> Cell {
                    cell_at[image(name, w, start.net_point(c))].expect("the board maps onto itself")
                };
                let map_step = |s: Step| match s {
                    Step::Place { cell, stone } => Step::Place {
                        cell: map(cell),
                        stone,
                    },
                    other => other,
                };
                let mut mirrored = start.clone();
                for &s in &steps {
                    assert!(
                        mirrored.check(map_step(s)).is_ok(),
                        "{name}: {s:?} after {steps:?}"
                    );
                    mirrored.play(map_step(s));
                }
                encode_net_input(&mirrored, &mut bits, &mut seen);
                for (k, &x) in planes.iter().enumerate() {
                    let (plane, i) = (k / points, k % points);
                    assert_eq!(
                        seen[plane * points + image(name, w, i)],
                        x,
                        "{name} plane {plane}"
                    );
                }
            }
        }
    }
}
