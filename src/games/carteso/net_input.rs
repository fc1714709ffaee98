//! Carteso as its network sees it (input version 1, `docs/nets.md`): the board from the side
//! to move, transposed when Horizontal moves (as in Linage), so that the mover always wants
//! groups that span more grid rows than columns — one network plays both roles.
//!
//! The planes give what the state keeps anyway: the stones by colour, the claims, and for each
//! unclaimed group its shape (whom it favours now) and whether it can still grow along and
//! across the mover's direction (its box against the box of its colour's reach component, the
//! finished test of SPEC §3 split in two: a group that can grow in neither is finished, and
//! after every placement such a group is claimed, so no unclaimed group is ever finished).
//! The policy has one plane per colour and a last entry for pass.

use super::CartesoG;
use crate::board::Cell;
use crate::games::square::Rect;
use crate::games::{Game, NetInput, NetShape, Side, Step, Stone};

/// The grid maps that keep the mover's direction along the grid's rows (a transpose would hand
/// the mover the opponent's direction).
const SYMMETRIES: &[&str] = &["identity", "flip_rows", "flip_cols", "rot180"];

/// Binary planes: on the board; a black stone, a white stone; a stone claimed by the mover, by
/// the opponent; an unclaimed group spanning more rows than columns (the mover's shape), more
/// columns than rows, as many of each; an unclaimed group that can no longer grow along the
/// mover's direction, across it; an empty point (a legal placement, of either colour).
const BINARY: usize = 11;

/// Scalars: komi for the mover / 10, the last step was a pass, the mover's claimed stones / 10,
/// the opponent's / 10.
const SCALARS: usize = 4;

impl<const W: usize> CartesoG<W> {
    /// The spans of `rect` (along the mover's direction, across it): rows and columns for
    /// Vertical, the reverse for Horizontal.
    fn spans_for(rect: Rect, mover: Side) -> (usize, usize) {
        match mover {
            Side::First => (rect.height(), rect.width()),
            Side::Second => (rect.width(), rect.height()),
        }
    }
}

impl<const W: usize> NetInput for CartesoG<W> {
    fn net_shape(&self) -> Option<NetShape> {
        let n = self.sq.geometry().size();
        Some(NetShape {
            version: 1,
            height: n,
            width: n,
            binary_planes: BINARY,
            scalar_planes: SCALARS,
            policy_planes: 2,
            policy_extras: 1,
            symmetries: SYMMETRIES,
        })
    }

    fn net_planes(&self, bits: &mut [u8], scalars: &mut [f32]) {
        let geometry = self.sq.geometry();
        let points = geometry.cells();
        let mover = self.to_move();
        let mut set = |plane: usize, c: usize| bits[plane * points + self.net_point(c as Cell)] = 1;
        for c in 0..points {
            set(0, c);
        }
        for c in self.empty.iter() {
            set(10, c);
        }
        let claimed_by = [
            self.claimed[mover.index()],
            self.claimed[mover.other().index()],
        ];
        for (plane, stones) in [(3, &claimed_by[0]), (4, &claimed_by[1])] {
            for c in stones.iter() {
                set(plane, c);
            }
        }
        let claimed = self.claimed[0] | self.claimed[1];
        for colour in [Stone::Black, Stone::White] {
            let k = colour.index();
            for c in self.stones[k].iter() {
                set(1 + k, c);
            }
            // Every group of this colour in one reach component has that component's reach.
            for reach in &self.reach[k] {
                let (reach_along, reach_across) = Self::spans_for(reach.rect, mover);
                for c in (self.stones[k] & reach.cells).and_not(&claimed).iter() {
                    let rect = self.groups.rect(self.groups.find(c as u16));
                    let (along, across) = Self::spans_for(rect, mover);
                    set(
                        match along.cmp(&across) {
                            std::cmp::Ordering::Greater => 5,
                            std::cmp::Ordering::Less => 6,
                            std::cmp::Ordering::Equal => 7,
                        },
                        c,
                    );
                    if along == reach_along {
                        set(8, c);
                    }
                    if across == reach_across {
                        set(9, c);
                    }
                }
            }
        }
        let komi = self.komi() as f32 / 10.0;
        scalars[0] = if mover == Side::Second { komi } else { -komi };
        scalars[1] = f32::from(u8::from(self.turns.passes() > 0));
        scalars[2] = claimed_by[0].count() as f32 / 10.0;
        scalars[3] = claimed_by[1].count() as f32 / 10.0;
    }

    fn net_point(&self, cell: Cell) -> usize {
        let geometry = self.sq.geometry();
        let n = geometry.size();
        let (col, row) = geometry.coords(cell);
        match self.to_move() {
            Side::First => row * n + col,
            Side::Second => col * n + row,
        }
    }

    fn net_index(&self, step: Step) -> Option<usize> {
        let shape = self.net_shape()?;
        match step {
            Step::Place {
                cell,
                stone: stone @ (Stone::Black | Stone::White),
            } => Some(stone.index() * shape.points() + self.net_point(cell)),
            Step::Pass => Some(shape.extra(0)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BINARY, SCALARS, SYMMETRIES};
    use crate::board::Cell;
    use crate::games::carteso::Carteso;
    use crate::games::net_input::{map_step, random_line, replay_mapped, symmetry_image};
    use crate::games::{encode_net_input, AnyGame, Game, NetInput, Side, Step, Stone};
    use crate::rng::FastRng;

    fn start(n: usize, komi: &str) -> AnyGame {
        let size = format!("size={n}");
        let komi = format!("komi={komi}");
        AnyGame::from_args("carteso", &[&size, "protocol=agreed", &komi]).unwrap()
    }

    /// Each listed grid map is a symmetry of the rules in the mover's frame: the steps of a
    /// random game mirrored by it (read as a board map through the final position's frame,
    /// which is transposed when Horizontal moves) are legal, and the position they reach
    /// encodes to the mapped planes and scalars, and its legal steps to the mapped policy
    /// indices (pass stays put) — what lets the trainer augment the data with them.
    #[test]
    fn listed_grid_maps_are_symmetries_of_the_rules() {
        let mut rng = FastRng::seed(47);
        let n = 7;
        let points = n * n;
        let (mut bits, mut planes, mut seen) = (Vec::new(), Vec::new(), Vec::new());
        let (mut legal, mut mirrored_legal) = (Vec::new(), Vec::new());
        let mut checked = [0; 2];
        let mut plane_used = [false; BINARY];
        for game_no in 0..40 {
            let start = start(n, "2.5");
            let Some((game, steps)) = random_line(&start, game_no * 2 + game_no % 2, &mut rng)
            else {
                continue;
            };
            checked[game.to_move().index()] += 1;
            assert!(encode_net_input(&game, &mut bits, &mut planes));
            for (p, used) in plane_used.iter_mut().enumerate() {
                *used |= bits[p * points..(p + 1) * points].contains(&1);
            }
            let mut cell_at = vec![0 as Cell; points];
            for c in game.geometry().all_cells() {
                cell_at[game.net_point(c)] = c;
            }
            game.legal_steps(&mut legal);
            for &name in SYMMETRIES {
                let map = |c: Cell| cell_at[symmetry_image(name, n, n, game.net_point(c))];
                let mirrored = replay_mapped(&start, &steps, map, name);
                assert!(encode_net_input(&mirrored, &mut bits, &mut seen));
                for (k, &x) in planes.iter().enumerate() {
                    let (plane, i) = (k / points, k % points);
                    assert_eq!(
                        seen[plane * points + symmetry_image(name, n, n, i)],
                        x,
                        "{name} plane {plane} after {steps:?}"
                    );
                }
                mirrored.legal_steps(&mut mirrored_legal);
                assert_eq!(mirrored_legal.len(), legal.len());
                for &s in &legal {
                    let want = match game.net_index(s).unwrap() {
                        i if i >= 2 * points => i,
                        i => (i / points) * points + symmetry_image(name, n, n, i % points),
                    };
                    assert_eq!(
                        mirrored.net_index(map_step(s, map)),
                        Some(want),
                        "{name}: {s:?}"
                    );
                }
            }
        }
        assert!(checked[0] >= 5 && checked[1] >= 5, "{checked:?}");
        assert!(plane_used.iter().all(|&u| u), "{plane_used:?}");
    }

    /// Every legal step of random positions, with either side to move, has its own policy
    /// index in range: black on plane 0, white on plane 1, pass the one extra; the planes mean
    /// what they say in the mover's frame, and the scalars follow komi, passes and claims.
    #[test]
    fn steps_planes_and_scalars_follow_the_game() {
        let mut rng = FastRng::seed(11);
        let mut legal = Vec::new();
        let mut seen_side = [false; 2];
        let mut seen_pass = false;
        for n in [5, 8, 9] {
            for line in 0..30 {
                let mut game = start(n, "3.5");
                let shape = game.net_shape().unwrap();
                assert_eq!((shape.policy_planes, shape.policy_extras), (2, 1));
                assert_eq!(shape.policy_len(), 2 * n * n + 1);
                let points = shape.points();
                let mut bits = vec![0; BINARY * points];
                let mut scalars = [0f32; SCALARS];
                let mut passed = false;
                for ply in 0..(line * 3 % (n * n + 4)) {
                    if game.is_over() {
                        break;
                    }
                    let mover = game.to_move();
                    seen_side[mover.index()] = true;
                    bits.fill(0);
                    game.net_planes(&mut bits, &mut scalars);
                    let komi = if mover == Side::Second { 0.35 } else { -0.35 };
                    let AnyGame::Carteso(c) = &game else {
                        unreachable!()
                    };
                    let claimed = c.claimed_points();
                    let want = [
                        komi,
                        f32::from(u8::from(passed)),
                        claimed[mover.index()] as f32 / 10.0,
                        claimed[mover.other().index()] as f32 / 10.0,
                    ];
                    assert_eq!(scalars, want, "n {n} ply {ply}");
                    check_planes(c, &bits);
                    game.legal_steps(&mut legal);
                    if legal.len() == 1 {
                        break;
                    }
                    let mut used = vec![false; shape.policy_len()];
                    for &s in &legal {
                        let i = game.net_index(s).expect("a placement or pass");
                        assert!(!used[i], "{s:?} shares index {i}");
                        used[i] = true;
                        let want_plane = match s {
                            Step::Place {
                                stone: Stone::Black,
                                ..
                            } => 0,
                            Step::Place {
                                stone: Stone::White,
                                ..
                            } => 1,
                            _ => 2,
                        };
                        assert_eq!(i / points, want_plane, "{s:?}");
                        if let Step::Place { cell, .. } = s {
                            assert_eq!(bits[10 * points + i % points], 1, "{s:?} not empty");
                            assert_eq!(i % points, game.net_point(cell));
                        }
                    }
                    assert_eq!(game.net_index(Step::Pass), Some(shape.extra(0)));
                    // Now and then a pass (not two in a row: the game would end).
                    let step = if !passed && rng.below(8) == 0 {
                        Step::Pass
                    } else {
                        let s = legal[rng.below(legal.len() - 1)];
                        assert!(matches!(s, Step::Place { .. }));
                        s
                    };
                    passed = step == Step::Pass;
                    seen_pass |= passed;
                    game.play(step);
                }
            }
        }
        assert!(seen_side[0] && seen_side[1] && seen_pass);
        // Bid steps are not the network's.
        let bid = AnyGame::from_args("carteso", &["size=5"]).unwrap();
        bid.legal_steps(&mut legal);
        assert!(
            legal.iter().all(|&s| bid.net_index(s).is_none()),
            "{legal:?}"
        );
    }

    /// The binary planes of `game` against its stones, claims and groups, read in the grid:
    /// the shape planes count grid rows and columns (so they check the transposition too).
    fn check_planes(game: &Carteso, bits: &[u8]) {
        let geometry = game.geometry();
        let n = geometry.size();
        let points = n * n;
        let mover = game.to_move();
        for c in geometry.all_cells() {
            let i = game.net_point(c);
            let bit = |plane: usize| bits[plane * points + i];
            assert_eq!(bit(0), 1);
            let stone = game.stone_at(c);
            assert_eq!(bit(1), u8::from(stone == Some(Stone::Black)));
            assert_eq!(bit(2), u8::from(stone == Some(Stone::White)));
            assert_eq!(bit(10), u8::from(stone.is_none()));
            let claimer = game.claimer(c);
            assert_eq!(bit(3), u8::from(claimer == Some(mover)));
            assert_eq!(bit(4), u8::from(claimer == Some(mover.other())));
            let unclaimed_group = stone.is_some() && claimer.is_none();
            let shape = if unclaimed_group {
                let grid: Vec<usize> = game.group(c).iter().map(|&d| game.net_point(d)).collect();
                let rows = grid.iter().map(|i| i / n).max().unwrap()
                    - grid.iter().map(|i| i / n).min().unwrap();
                let cols = grid.iter().map(|i| i % n).max().unwrap()
                    - grid.iter().map(|i| i % n).min().unwrap();
                Some(rows.cmp(&cols))
            } else {
                None
            };
            assert_eq!(bit(5), u8::from(shape == Some(std::cmp::Ordering::Greater)));
            assert_eq!(bit(6), u8::from(shape == Some(std::cmp::Ordering::Less)));
            assert_eq!(bit(7), u8::from(shape == Some(std::cmp::Ordering::Equal)));
            if !unclaimed_group {
                assert_eq!((bit(8), bit(9)), (0, 0));
                continue;
            }
            // F (SPEC §3): the points reachable over empty points and stones of the colour.
            let (mut reach, mut todo) = (vec![c], vec![c]);
            while let Some(d) = todo.pop() {
                for &e in geometry.neighbours(d) {
                    let s = game.stone_at(e);
                    if (s.is_none() || s == stone) && !reach.contains(&e) {
                        reach.push(e);
                        todo.push(e);
                    }
                }
            }
            let spans = |cells: &[Cell]| {
                let grid: Vec<usize> = cells.iter().map(|&d| game.net_point(d)).collect();
                let span = |f: &dyn Fn(usize) -> usize| {
                    grid.iter().map(|&i| f(i)).max().unwrap()
                        - grid.iter().map(|&i| f(i)).min().unwrap()
                };
                (span(&|i| i / n), span(&|i| i % n))
            };
            let (group, reach) = (spans(&game.group(c)), spans(&reach));
            assert_eq!(bit(8), u8::from(group.0 == reach.0), "along");
            assert_eq!(bit(9), u8::from(group.1 == reach.1), "across");
            // Never both: a group that can grow neither way is finished, hence claimed.
            assert!(bit(8) + bit(9) < 2);
        }
    }
}
