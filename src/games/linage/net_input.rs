//! Linage as its network sees it (input version 1, `docs/nets.md`): the board from the side
//! to move, transposed when Horizontal moves so that the mover's lines always run along the
//! grid's columns — one network plays both roles.

use super::LinageG;
use crate::board::Cell;
use crate::games::{Game, NetInput, NetShape, Side, Step};

/// The symmetries that keep the mover's lines along the columns.
const SYMMETRIES: &[&str] = &["identity", "flip_rows", "flip_cols", "rot180"];

/// Binary planes: on the board, stone, free point, the mover's region, the opponent's region,
/// legal placement.
const BINARY: usize = 6;

impl<const W: usize> NetInput for LinageG<W> {
    fn net_shape(&self) -> Option<NetShape> {
        let n = self.geometry().size();
        Some(NetShape {
            version: 1,
            height: n,
            width: n,
            binary_planes: BINARY,
            scalar_planes: 2,
            policy_planes: 1,
            policy_extras: 1,
            symmetries: SYMMETRIES,
        })
    }

    fn net_planes(&self, bits: &mut [u8], scalars: &mut [f32]) {
        let geometry = self.geometry();
        let points = geometry.cells();
        let mover = self.to_move();
        for cell in geometry.all_cells() {
            let i = self.net_point(cell);
            bits[i] = 1;
            let plane = match self.region_owner(cell) {
                None => 1,
                Some(None) => 2,
                Some(Some(side)) if side == mover => 3,
                Some(Some(_)) => 4,
            };
            bits[plane * points + i] = 1;
        }
        let mut legal = Vec::new();
        self.legal_steps(&mut legal);
        for step in legal {
            if let Step::Place { cell, .. } = step {
                bits[5 * points + self.net_point(cell)] = 1;
            }
        }
        let komi = self.komi() as f32 / 10.0;
        scalars[0] = if mover == Side::Second { komi } else { -komi };
        scalars[1] = f32::from(u8::from(self.turns.passes() > 0));
    }

    fn net_point(&self, cell: Cell) -> usize {
        let geometry = self.geometry();
        let n = geometry.size();
        let (col, row) = geometry.coords(cell);
        match self.to_move() {
            Side::First => row * n + col,
            Side::Second => col * n + row,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SYMMETRIES;
    use crate::games::net_input::random_line;
    use crate::games::symmetry::Symmetries;
    use crate::games::{encode_net_input, AnyGame, Game, NetInput, Step};
    use crate::rng::FastRng;

    /// Grid index `i` under the named symmetry of a square grid of side `w`.
    fn image(name: &str, w: usize, i: usize) -> usize {
        crate::games::net_input::symmetry_image(name, w, w, i)
    }

    /// The mirror image of a position (the board's row- and column-keeping maps) is shown to
    /// the network as one of the listed grid symmetries of the original, planes and policy
    /// indices alike — what lets the trainer augment the data with them.
    #[test]
    fn board_mirrors_are_the_listed_grid_symmetries() {
        let mut rng = FastRng::seed(47);
        let n = 7;
        for game_no in 0..20 {
            let start =
                AnyGame::from_args("linage", &["size=7", "protocol=agreed", "komi=1.5"]).unwrap();
            let Some((game, steps)) = random_line(&start, game_no % 12, &mut rng) else {
                continue;
            };
            let mut buf = Vec::new();
            let (mut bits, mut planes) = (Vec::new(), Vec::new());
            assert!(encode_net_input(&game, &mut bits, &mut planes));
            let points = n * n;
            for map in &Symmetries::square(game.geometry(), None).maps {
                let mut mirrored = start.clone();
                for &s in &steps {
                    mirrored.play(map.step(s));
                }
                let mut seen = Vec::new();
                encode_net_input(&mirrored, &mut bits, &mut seen);
                game.legal_steps(&mut buf);
                let fits = |name: &str| {
                    (0..planes.len()).all(|k| {
                        let (plane, i) = (k / points, k % points);
                        seen[plane * points + image(name, n, i)] == planes[k]
                    }) && buf.iter().all(|&s| {
                        let want = match game.net_index(s).unwrap() {
                            i if i == points => points,
                            i => image(name, n, i),
                        };
                        mirrored.net_index(map.step(s)) == Some(want)
                    })
                };
                assert!(
                    SYMMETRIES.iter().any(|name| fits(name)),
                    "a mirror is no listed symmetry after {steps:?}"
                );
                assert!(!matches!(buf.last(), Some(Step::Komi(_))));
            }
        }
    }
}
