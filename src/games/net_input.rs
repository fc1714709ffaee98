//! How a position is shown to a game's policy-and-value network (issue 47; the contract is
//! `docs/nets.md`): a grid of points seen from the side to move, 0/1 planes and planes that are
//! constant over the board, and where each step sits in the policy.
//!
//! Each game that has a network implements [`NetInput`] beside its rules (it reads the game's
//! own state: regions, komi, passes); the others keep the defaults, which say "no network".
//! The search and the self-play data both go through [`encode`], so the training data and
//! the program can never disagree about a plane.

use super::{Game, Step};
use crate::board::Cell;

/// The shape of a game's network input on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetShape {
    /// The layout's version (`input_version` in the weights and data files).
    pub version: u32,
    /// Grid rows.
    pub height: usize,
    /// Grid columns.
    pub width: usize,
    /// Planes of 0/1 values; plane 0 marks the points on the board.
    pub binary_planes: usize,
    /// Planes constant over the board.
    pub scalar_planes: usize,
    /// Policy planes, one per kind of placement (1 where a placement is just a point; 2 in the
    /// games where either colour may be placed).
    pub policy_planes: usize,
    /// Policy entries after the planes: pass first, then the game's other steps the network
    /// chooses.
    pub policy_extras: usize,
    /// The grid symmetries the rules respect in this frame (`docs/nets.md` names them).
    pub symmetries: &'static [&'static str],
}

impl NetShape {
    /// Points on the grid (`height * width`).
    pub fn points(&self) -> usize {
        self.height * self.width
    }

    /// Policy entries: every grid point of each policy plane, then the extras.
    pub fn policy_len(&self) -> usize {
        self.policy_planes * self.points() + self.policy_extras
    }

    /// The policy index of extra entry `k` (0 is pass).
    pub fn extra(&self, k: usize) -> usize {
        self.policy_planes * self.points() + k
    }

    /// Input planes in all.
    pub fn planes(&self) -> usize {
        self.binary_planes + self.scalar_planes
    }
}

/// A position as a network sees it. The defaults: no network for this game.
pub trait NetInput: Game {
    /// The input's shape on this board, `None` when the game has no network layout.
    fn net_shape(&self) -> Option<NetShape> {
        None
    }

    /// Fills `bits` (`binary_planes × height × width`, each 0 or 1) and `scalars`
    /// (`scalar_planes`) for the side to move. Called only when [`NetInput::net_shape`] is
    /// `Some` and placements are what comes next (not during a bid).
    fn net_planes(&self, _bits: &mut [u8], _scalars: &mut [f32]) {}

    /// The grid index of `cell` in the side to move's frame.
    fn net_point(&self, cell: Cell) -> usize {
        usize::from(cell)
    }

    /// The policy index of `step` (the default: a placement at its point of plane 0, pass at
    /// the first extra); `None` for a step the network does not choose (bid steps, and every
    /// step of a game without a network).
    fn net_index(&self, step: Step) -> Option<usize> {
        let shape = self.net_shape()?;
        match step {
            Step::Place { cell, .. } => Some(self.net_point(cell)),
            Step::Pass => Some(shape.extra(0)),
            _ => None,
        }
    }
}

/// The grid index point `i` moves to under the named grid symmetry (`docs/nets.md`: the names
/// `identity`, `flip_rows`, `flip_cols`, `rot180`, and on square grids `transpose` and
/// `anti_transpose`) of a `height × width` grid. The games' tests check that the symmetries
/// they list are the rules' own; the trainer applies the same maps. Panics on another name.
pub fn symmetry_image(name: &str, height: usize, width: usize, i: usize) -> usize {
    let (r, c) = (i / width, i % width);
    let (r, c) = match name {
        "identity" => (r, c),
        "flip_rows" => (height - 1 - r, c),
        "flip_cols" => (r, width - 1 - c),
        "rot180" => (height - 1 - r, width - 1 - c),
        "transpose" => (c, r),
        "anti_transpose" => (width - 1 - c, height - 1 - r),
        other => panic!("unknown symmetry {other}"),
    };
    r * width + c
}

/// The shape of a hexhex layout on the axial grid of `2n − 1` rows and columns (input
/// version 1).
pub(crate) fn axial_shape(
    geometry: &crate::board::Geometry,
    binary_planes: usize,
    scalar_planes: usize,
    symmetries: &'static [&'static str],
) -> NetShape {
    let side = 2 * geometry.size() - 1;
    NetShape {
        version: 1,
        height: side,
        width: side,
        binary_planes,
        scalar_planes,
        policy_planes: 1,
        policy_extras: 1,
        symmetries,
    }
}

/// The grid index of hexhex `cell` on the axial grid of `2n − 1` rows and columns (`docs/nets.md`:
/// cell `(r, k)` at row `r`, column `k − 1`).
pub(crate) fn axial_point(geometry: &crate::board::Geometry, cell: Cell) -> usize {
    let side = 2 * geometry.size() - 1;
    let (r, k) = geometry.coords(cell);
    r * side + (k - 1)
}

/// Asserts that each grid map a layout lists is a symmetry of the game: it maps the board
/// onto itself, and playing the mapped steps of random games (12 lines of `0, stride,
/// 2·stride, …` plies from `start`) is legal and gives positions whose planes are the mapped
/// ones — so the trainer may augment the data with it. For layouts whose frame does not turn
/// with the side to move (Linage's does, and has its own test). (Checked to fail with a wrong
/// map.)
#[cfg(test)]
fn assert_grid_maps_are_symmetries<G: super::SearchHints>(
    start: &G,
    rng: &mut crate::rng::FastRng,
    stride: usize,
) {
    let shape = start.net_shape().expect("a layout");
    let names = shape.symmetries;
    let (w, points) = (shape.width, shape.points());
    let mut cell_at = vec![None; points];
    for c in start.geometry().all_cells() {
        cell_at[start.net_point(c)] = Some(c);
    }
    for game_no in 0..12 {
        let Some((game, steps)) = random_line(start, game_no * stride, rng) else {
            continue;
        };
        let (mut bits, mut planes, mut seen) = (Vec::new(), Vec::new(), Vec::new());
        encode(&game, &mut bits, &mut planes);
        for name in names {
            let map = |c: Cell| -> Cell {
                cell_at[symmetry_image(name, w, w, start.net_point(c))]
                    .expect("the board maps onto itself")
            };
            let mirrored = replay_mapped(start, &steps, map, name);
            encode(&mirrored, &mut bits, &mut seen);
            for (k, &x) in planes.iter().enumerate() {
                let (plane, i) = (k / points, k % points);
                assert_eq!(
                    seen[plane * points + symmetry_image(name, w, w, i)],
                    x,
                    "{name} plane {plane} after {steps:?}"
                );
            }
        }
    }
}

/// `step` with its cell (if it has one) moved by `map`.
#[cfg(test)]
pub(crate) fn map_step(step: Step, map: impl Fn(Cell) -> Cell) -> Step {
    match step {
        Step::Place { cell, stone } => Step::Place {
            cell: map(cell),
            stone,
        },
        other => other,
    }
}

/// `steps` played from `start` with their cells moved by `map` (a symmetry named `name`),
/// each checked legal first.
#[cfg(test)]
pub(crate) fn replay_mapped<G: Game + Clone>(
    start: &G,
    steps: &[Step],
    map: impl Fn(Cell) -> Cell,
    name: &str,
) -> G {
    let mut mirrored = start.clone();
    for &s in steps {
        let m = map_step(s, &map);
        assert_eq!(mirrored.check(m), Ok(()), "{name}: {s:?} after {steps:?}");
        mirrored.play(m);
    }
    mirrored
}

/// A game `plies` random steps on from `start` (`random_step`, the playouts' policy) and those
/// steps; `None` when the game ends on the way. For the games' symmetry tests.
#[cfg(test)]
pub(crate) fn random_line<G: super::SearchHints>(
    start: &G,
    plies: usize,
    rng: &mut crate::rng::FastRng,
) -> Option<(G, Vec<Step>)> {
    let (mut game, mut steps, mut buf) = (start.clone(), Vec::new(), Vec::new());
    for _ in 0..plies {
        if game.is_over() {
            return None;
        }
        let s = game.random_step(rng, &mut buf);
        game.play(s);
        steps.push(s);
    }
    (!game.is_over()).then_some((game, steps))
}

/// The most scalar planes a layout may have (every layout's test encodes positions, so one
/// with more fails there).
pub const MAX_SCALARS: usize = 16;

/// The network's input for `game` as f32s (`planes × height × width`): the 0/1 planes, then
/// each scalar broadcast over the points of the board (0 off it). `false` (and `out`
/// untouched) when the game has no network layout. `bits` is scratch space.
pub fn encode<G: NetInput>(game: &G, bits: &mut Vec<u8>, out: &mut Vec<f32>) -> bool {
    let Some(shape) = game.net_shape() else {
        return false;
    };
    let points = shape.points();
    bits.clear();
    bits.resize(shape.binary_planes * points, 0);
    // Layouts have a handful of scalars; the array keeps encoding free of allocation.
    let mut scalars = [0f32; MAX_SCALARS];
    let scalars = &mut scalars[..shape.scalar_planes];
    game.net_planes(bits, scalars);
    out.clear();
    out.extend(bits.iter().map(|&b| f32::from(b)));
    for &s in scalars.iter() {
        out.extend(bits[..points].iter().map(|&on| f32::from(on) * s));
    }
    true
}

#[cfg(test)]
mod tests {
    use crate::board::BoardKind;
    use crate::games::{AnyGame, GameKind, NetInput};
    use crate::rng::FastRng;

    /// Every hexhex layout lists only symmetries of its game (on side 4: lines of up to 33 and
    /// 220 random plies, which reach full boards, captures and passes): Iris, Keil and
    /// Wunchunk (mid-turn positions with several stones of either colour).
    #[test]
    fn every_game_has_a_layout_within_the_encoder_s_bounds() {
        for kind in GameKind::ALL {
            let game = AnyGame::from_args(kind.name(), &["protocol=agreed"]).unwrap();
            let shape = game
                .net_shape()
                .unwrap_or_else(|| panic!("{kind}: no layout"));
            assert!(shape.scalar_planes <= super::MAX_SCALARS, "{kind}");
            assert!(
                shape.policy_planes >= 1 && shape.policy_extras >= 1,
                "{kind}"
            );
        }
    }

    #[test]
    fn hexhex_layouts_list_only_symmetries_of_their_game() {
        let mut checked = 0;
        for kind in GameKind::ALL {
            if kind.board_kind() != BoardKind::Hex {
                continue;
            }
            let start = AnyGame::from_args(kind.name(), &["size=4"]).unwrap();
            if start.net_shape().is_some() {
                let mut rng = FastRng::seed(7);
                for stride in [3, 20] {
                    super::assert_grid_maps_are_symmetries(&start, &mut rng, stride);
                }
                checked += 1;
            }
        }
        assert!(checked >= 3, "{checked} hexhex layouts");
    }
}
