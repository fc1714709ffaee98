//! What the search asks of a game beyond its rules: the rules' own counts, so that `search`
//! never re-derives them (and a new game touches only `games`), and the playout policy of
//! each game.
//!
//! [`super::Game`] holds the rules only; a program that plays without searching never needs
//! this trait. Each game implements it next to its rules (it reads the game's private state),
//! and [`super::AnyGame`] forwards it. The search is generic over `G: SearchHints`, so every
//! call is static and the small ones inline.

use super::{ChunkCounts, ChunkDelta, NetInput, Side, Step, Stone};
use crate::board::Cell;
use crate::rng::FastRng;

/// The counts and the playout policy the search reads from a position.
pub trait SearchHints: NetInput {
    /// [`Game::stone_at`] as a small number: 0 for an empty cell, else 1 + the stone's
    /// [`Stone::index`](crate::games::Stone::index). The search's placement patterns read six
    /// or eight of these for every candidate of every playout step, so a game may answer
    /// without branches; the default derives it from [`Game::stone_at`].
    #[inline]
    fn stone_code(&self, cell: Cell) -> u8 {
        self.stone_at(cell).map_or(0, |s| 1 + s.index() as u8)
    }

    /// Per cell (in cell order), the side the cell counts for if the game ended now: stones
    /// and territory in Keil, claimed stones in Carteso, the points of owned regions in Linage,
    /// the colour on the cell in Iris and Wunchunk (the default: black stones the first side's,
    /// white the second's). The search accumulates it over its playouts for the ownership map.
    fn final_owners(&self, out: &mut Vec<Option<Side>>) {
        out.clear();
        out.extend(self.geometry().all_cells().map(|c| match self.stone_at(c) {
            Some(Stone::Black) => Some(Side::First),
            Some(Stone::White) => Some(Side::Second),
            _ => None,
        }));
    }

    /// The scores a side's groups would get if the game ended now, high to low, in the games
    /// decided by comparing such lists (Iris: coloured cells per group); `None` elsewhere.
    fn group_scores(&self, _side: Side) -> Option<Vec<u32>> {
        None
    }

    /// A colour's chunks and crumbs now (Wunchunk, where the side is the colour); `None` in
    /// the other games.
    fn chunk_counts(&self, _colour: Side) -> Option<ChunkCounts> {
        None
    }

    /// What placing `stone` on the empty `cell` would do to that colour's chunks and crumbs
    /// (Wunchunk); `None` in the other games.
    fn chunk_delta(&self, _cell: Cell, _stone: Stone) -> Option<ChunkDelta> {
        None
    }

    /// Whether `step`, legal here, is one the search may leave out because the rules prove
    /// that another legal step is at least as good for its mover (the `net` player's search
    /// does not expand it). A game must never call every legal step dominated. The default:
    /// none is.
    fn dominated(&self, _step: Step) -> bool {
        false
    }

    /// The step a uniformly random playout takes here (the `tessera bench` policy of each
    /// game): a uniformly random legal placement, else the game's fallback (`button`, `pass`,
    /// `end`). `buf` is scratch space. The game must not be over.
    fn random_step(&self, rng: &mut FastRng, buf: &mut Vec<Step>) -> Step {
        self.legal_steps(buf);
        let places = buf.iter().filter(|s| s.is_place()).count();
        if places > 0 {
            let k = rng.below(places);
            return *buf
                .iter()
                .filter(|s| s.is_place())
                .nth(k)
                .expect("k < places");
        }
        for fallback in [Step::Button, Step::End, Step::Pass] {
            if buf.contains(&fallback) {
                return fallback;
            }
        }
        buf[rng.below(buf.len())]
    }
}
