//! Wunchunk as its network sees it (input version 1, `docs/nets.md`): the hexhex board on the
//! axial grid Iris uses (cell `(r, k)` at row `r`, column `k − 1`), from the side to move.
//!
//! The frame is the mover's colour. Sides are the colours (`Game::to_move` is the colour to
//! move; a swap exchanges the *players*, `to_move ^ swapped` is the seat), so the mover's
//! colour is `to_move` whether or not the colours were swapped, and the allotment, the value
//! and the score all count that colour's groups. Either player places either colour, so the
//! policy has two planes — a stone of the mover's colour, a stone of the opponent's — and two
//! extras: `pass` and `end` share extra 0 (`pass` is legal only before the turn's first stone,
//! `end` only after it, so the two never compete) and `swap` is extra 1.
//!
//! The planes are what the score reads (chunks and crumbs of each colour), where the next
//! stone may go, and the turn in progress; all of it is read off the union–find the rules keep
//! anyway (one `find` per stone), so encoding costs about one pass over the board.

use super::Wunchunk;
use crate::board::Cell;
use crate::games::net_input::{axial_point, axial_shape};
use crate::games::{Game, NetInput, NetShape, Step};

/// The hexhex board's symmetries that are plain grid maps in axial coordinates (groups are
/// defined by adjacency alone, so every symmetry of the hexagon keeps them; `games::net_input`'s
/// tests check them).
const SYMMETRIES: &[&str] = &["identity", "transpose", "rot180", "anti_transpose"];

/// Binary planes: on the board; a stone of the mover's colour, of the opponent's; an empty
/// cell (a legal place for either colour); a mover's-colour stone in a chunk, a
/// mover's-colour crumb; the same two for the opponent's colour; a stone placed during the
/// turn in progress.
const BINARY: usize = 9;

/// Scalars: stones the turn may still place / 10, stones placed in it so far / 10, the last
/// turn was a pass, `swap` is legal now, the mover's colour's chunks / 10, the opponent's
/// colour's chunks / 10, the mover's colour's crumbs / 10, the opponent's / 10.
const SCALARS: usize = 8;

impl NetInput for Wunchunk {
    fn net_shape(&self) -> Option<NetShape> {
        Some(NetShape {
            policy_planes: 2,
            policy_extras: 2,
            ..axial_shape(self.geometry(), BINARY, SCALARS, SYMMETRIES)
        })
    }

    fn net_planes(&self, bits: &mut [u8], scalars: &mut [f32]) {
        let points = self.net_shape().expect("Wunchunk has a layout").points();
        let mover = self.to_move.index();
        let mut crumbs = [0u32; 2];
        for cell in self.geo.all_cells() {
            let i = self.net_point(cell);
            bits[i] = 1;
            let colour = if self.stones[0].contains(cell as usize) {
                0
            } else if self.stones[1].contains(cell as usize) {
                1
            } else {
                bits[3 * points + i] = 1;
                continue;
            };
            let theirs = usize::from(colour != mover);
            bits[(1 + theirs) * points + i] = 1;
            let crumb = self.groups.size_of_root(self.groups.find(cell)) == 1;
            crumbs[colour] += u32::from(crumb);
            bits[(4 + 2 * theirs + usize::from(crumb)) * points + i] = 1;
        }
        // The turn's stones are the last `placed` steps (a turn holds only placements).
        let placed = usize::from(self.placed);
        for u in &self.history[self.history.len() - placed..] {
            if let Step::Place { cell, .. } = u.step {
                bits[8 * points + self.net_point(cell)] = 1;
            }
        }
        let other = 1 - mover;
        scalars[0] = self.stones_left() as f32 / 10.0;
        scalars[1] = f32::from(self.placed) / 10.0;
        scalars[2] = f32::from(u8::from(self.last_was_pass));
        scalars[3] = f32::from(u8::from(self.swap_allowed()));
        scalars[4] = f32::from(self.chunks[mover]) / 10.0;
        scalars[5] = f32::from(self.chunks[other]) / 10.0;
        scalars[6] = crumbs[mover] as f32 / 10.0;
        scalars[7] = crumbs[other] as f32 / 10.0;
    }

    fn net_point(&self, cell: Cell) -> usize {
        axial_point(self.geometry(), cell)
    }

    fn net_index(&self, step: Step) -> Option<usize> {
        let shape = self.net_shape()?;
        match step {
            Step::Place { cell, stone } => {
                let plane = usize::from(stone.index() != self.to_move.index());
                Some(plane * shape.points() + self.net_point(cell))
            }
            // Never legal together (module docs): one entry for "no more stones".
            Step::Pass | Step::End => Some(shape.extra(0)),
            Step::Swap => Some(shape.extra(1)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BINARY, SCALARS};
    use crate::board::Cell;
    use crate::games::wunchunk::Wunchunk;
    use crate::games::{Game, NetInput, SearchHints, Side, Step, Stone};
    use crate::rng::FastRng;
    use std::collections::HashSet;

    fn planes(g: &Wunchunk) -> (Vec<u8>, [f32; SCALARS]) {
        let shape = g.net_shape().unwrap();
        let mut bits = vec![0; BINARY * shape.points()];
        let mut scalars = [0f32; SCALARS];
        g.net_planes(&mut bits, &mut scalars);
        (bits, scalars)
    }

    /// Checks that every legal step of `g` has its own in-range policy index and that `pass`
    /// and `end` are never legal together; returns the legal steps.
    fn check_indices(g: &Wunchunk, what: &str) -> Vec<Step> {
        let shape = g.net_shape().unwrap();
        let mut legal = Vec::new();
        g.legal_steps(&mut legal);
        let mut seen = HashSet::new();
        for &s in &legal {
            let i = g
                .net_index(s)
                .unwrap_or_else(|| panic!("{what}: {s:?} has no index"));
            assert!(i < shape.policy_len(), "{what}: {s:?} at {i}");
            assert!(seen.insert(i), "{what}: {s:?} shares index {i}");
        }
        let pass = legal.contains(&Step::Pass);
        let end = legal.contains(&Step::End);
        assert!(pass != end, "{what}: pass {pass}, end {end}");
        legal
    }

    /// Every legal step of random positions maps to its own index in range: game starts,
    /// White's first turn (swap legal), after a swap, and turns in progress of several stones;
    /// `pass` and `end` share extra 0 and are never legal together, `swap` is extra 1.
    #[test]
    fn legal_steps_have_distinct_indices_in_range() {
        let mut rng = FastRng::seed(11);
        let (mut mid_turn, mut swaps, mut ends) = (0, 0, 0);
        for game_no in 0..24 {
            let mut g = Wunchunk::with_size(3 + game_no % 4).unwrap();
            let shape = g.net_shape().unwrap();
            let mut buf = Vec::new();
            let mut ply = 0;
            while !g.is_over() {
                let what = format!("game {game_no} ply {ply}");
                let legal = check_indices(&g, &what);
                if g.steps_in_turn() > 0 {
                    mid_turn += 1;
                    assert_eq!(g.net_index(Step::End), Some(shape.extra(0)));
                }
                let step = if legal.contains(&Step::Swap) {
                    assert_eq!(g.net_index(Step::Swap), Some(shape.extra(1)));
                    if game_no % 2 == 0 {
                        swaps += 1;
                        Step::Swap
                    } else {
                        g.random_step(&mut rng, &mut buf)
                    }
                } else if g.steps_in_turn() > 0 && rng.below(6) == 0 {
                    ends += 1;
                    Step::End
                } else if g.steps_in_turn() == 0 && rng.below(40) == 0 {
                    Step::Pass
                } else {
                    g.random_step(&mut rng, &mut buf)
                };
                g.play(step);
                ply += 1;
            }
        }
        assert!(
            mid_turn > 50 && swaps >= 10 && ends > 5,
            "{mid_turn} {swaps} {ends}"
        );
    }

    /// The stone's colour picks the policy plane in the mover's frame: plane 0 is the
    /// colour to move, before and after a swap.
    #[test]
    fn policy_planes_are_the_movers_colour_then_the_opponents() {
        let mut g = Wunchunk::with_size(4).unwrap();
        let points = g.net_shape().unwrap().points();
        let c: Cell = 5;
        let at = |g: &Wunchunk, stone| g.net_index(Step::Place { cell: c, stone }).unwrap();
        assert_eq!(at(&g, Stone::Black), g.net_point(c));
        assert_eq!(at(&g, Stone::White), points + g.net_point(c));
        g.play(Step::Place {
            cell: 0,
            stone: Stone::White,
        });
        assert_eq!(g.to_move(), Side::Second);
        assert_eq!(at(&g, Stone::White), g.net_point(c));
        assert_eq!(at(&g, Stone::Black), points + g.net_point(c));
        g.play(Step::Swap);
        assert_eq!(at(&g, Stone::White), g.net_point(c));
        assert_eq!(at(&g, Stone::Black), points + g.net_point(c));
    }

    /// The planes and scalars follow the game: the colours in the mover's frame (also after a
    /// swap: White's colour still moves, now played by the first player), swap available
    /// only at White's first turn, the counts of a turn in progress, chunks and crumbs.
    #[test]
    fn planes_and_scalars_follow_the_game() {
        let mut g = Wunchunk::with_size(4).unwrap();
        let points = g.net_shape().unwrap().points();
        let a: Cell = 0;
        let (bits, s) = planes(&g);
        assert_eq!(s, [0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(bits[3 * points + g.net_point(a)], 1, "empty");
        g.play(Step::Place {
            cell: a,
            stone: Stone::Black,
        });
        // White to move, Black's crumb on a: the opponent's colour; swap is legal.
        let (bits, s) = planes(&g);
        let i = g.net_point(a);
        assert_eq!(
            [1, 2, 3, 5, 7, 8].map(|p| bits[p * points + i]),
            [0, 1, 0, 0, 1, 0]
        );
        assert_eq!(s, [0.1, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.1]);
        g.play(Step::Swap);
        assert!(g.swapped() && g.to_move() == Side::Second);
        let (after, s) = planes(&g);
        assert_eq!(after, bits, "the colour to move is the same after a swap");
        assert_eq!(s, [0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1]);
        g.play(Step::Pass);
        let (_, s) = planes(&g);
        assert_eq!(
            (g.to_move(), s[2]),
            (Side::First, 1.0),
            "the last turn was a pass"
        );

        // Three black chunks, two white crumbs (the rules' tests' position); Black to move
        // with an allotment of 3.
        let mut g = Wunchunk::setup_from_names(
            4,
            &["Ba4", "Ba5", "Bc2", "Bc3", "Bc5", "Bc6", "Wg1", "Wg3"],
            Side::First,
        )
        .unwrap();
        let (bits, s) = planes(&g);
        assert_eq!(s, [0.3, 0.0, 0.0, 0.0, 0.3, 0.0, 0.0, 0.2]);
        let a4 = g.net_point(g.parse_step("Ba4").map(cell_of).unwrap());
        let g1 = g.net_point(g.parse_step("Wg1").map(cell_of).unwrap());
        assert_eq!([1, 4, 5].map(|p| bits[p * points + a4]), [1, 1, 0]);
        assert_eq!([2, 6, 7].map(|p| bits[p * points + g1]), [1, 0, 1]);
        let d7 = g.parse_step("Wd7").unwrap();
        g.play(d7);
        let (bits, s) = planes(&g);
        let d7 = g.net_point(cell_of(d7));
        assert_eq!(s[..2], [0.2, 0.1], "mid-turn: 2 left, 1 placed");
        assert_eq!(s[4..], [0.3, 0.0, 0.0, 0.3]);
        assert_eq!([2, 7, 8].map(|p| bits[p * points + d7]), [1, 1, 1]);
        assert_eq!(bits[8 * points + a4], 0, "not placed this turn");
        assert_eq!(
            bits[8 * points..]
                .iter()
                .map(|&b| u32::from(b))
                .sum::<u32>(),
            1
        );
        g.play(g.parse_step("Bd1").unwrap());
        let (bits, s) = planes(&g);
        assert_eq!(s[..2], [0.1, 0.2]);
        assert_eq!(
            bits[8 * points..]
                .iter()
                .map(|&b| u32::from(b))
                .sum::<u32>(),
            2
        );
        g.play(Step::End);
        let (bits, s) = planes(&g);
        assert_eq!(g.to_move(), Side::Second);
        // Black's d1 joined a chunk: still three, no crumb.
        assert_eq!(s, [0.1, 0.0, 0.0, 0.0, 0.0, 0.3, 0.3, 0.0]);
        for (colour, k) in [(Side::Second, 4), (Side::First, 5)] {
            let counts = g.chunk_counts(colour).unwrap();
            assert_eq!(s[k], counts.chunks as f32 / 10.0);
            assert_eq!(s[k + 2], counts.crumbs as f32 / 10.0);
        }
        assert!(bits[8 * points..].iter().all(|&b| b == 0), "a new turn");
        assert_eq!(bits[points + d7], 1, "White's d7 is now the mover's colour");
    }

    fn cell_of(step: Step) -> Cell {
        match step {
            Step::Place { cell, .. } => cell,
            other => panic!("{other:?} is not a placement"),
        }
    }
}
