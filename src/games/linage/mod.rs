//! Linage (seed 003, SPEC §3): neutral stones cut the empty points into regions; a region
//! with vertical lines of three and no horizontal one belongs to Vertical, the reverse to
//! Horizontal, a region with both kinds is free. Stones go only into free regions, and every
//! region must keep at least one line.
//!
//! Owned regions never change again (nothing may be placed in them), so the state keeps only
//! the free regions as a list and the owned points as one mask per side. A placement splits
//! one free region into at most four pieces (`SquareBits::pieces_without`); each piece is
//! classified by the line starts it contains.

mod game;
mod net_input;
pub(crate) mod rules_text;
mod solve;
mod spec;
#[cfg(test)]
mod tests;
pub(super) mod tuning;

pub(crate) use spec::SPEC;

use super::opening::Opening;
use super::square::{SquareBits, TurnState};
use super::{GameKind, GameOptions, Illegal, SetupError, Side, SizeError, Step};
use crate::board::{BitSet, Cell};

super::square::sized_game!(Linage, LinageG, "Linage");

impl Linage {
    /// A set-up position (puzzles, tests): `stones` on the board, `to_move` to play once
    /// komi is settled, no history to undo. Refused when a point is repeated or off the
    /// board, or when some region has no line (no game can reach such a position).
    pub fn from_stones(
        options: &GameOptions,
        stones: &[Cell],
        to_move: Side,
    ) -> Result<Self, SetupError> {
        if super::square::two_words(options.size) {
            Ok(Linage::Small(LinageG::from_stones(
                options, stones, to_move,
            )?))
        } else {
            Ok(Linage::Large(LinageG::from_stones(
                options, stones, to_move,
            )?))
        }
    }

    /// Komi for Horizontal, in points (0 until the bid sets it).
    pub fn komi(&self) -> f64 {
        on_sized!(self, g => g.komi())
    }

    /// Points in regions owned by each side, before komi (index: [`Side::index`]).
    pub fn owned_points(&self) -> [usize; 2] {
        on_sized!(self, g => g.owned_points())
    }

    /// Points in free regions.
    pub fn free_points(&self) -> usize {
        on_sized!(self, g => g.free_points())
    }

    /// Whether `cell` is an empty point of a free region.
    pub fn is_free(&self, cell: Cell) -> bool {
        on_sized!(self, g => g.is_free(cell))
    }

    /// The owner of the region holding `cell`: `Some(Some(side))` owned, `Some(None)` free,
    /// `None` for a stone.
    pub fn region_owner(&self, cell: Cell) -> Option<Option<Side>> {
        on_sized!(self, g => g.region_owner(cell))
    }

    /// Every region: the free ones first, then Vertical's, then Horizontal's, each group in
    /// board order of the regions' first points.
    pub fn regions(&self) -> Vec<Region> {
        on_sized!(self, g => g.regions())
    }

    /// The Zobrist hash computed from nothing (tests check the incremental one against it).
    pub fn recompute_hash(&self) -> u64 {
        on_sized!(self, g => g.recompute_hash())
    }
}

/// Linage with board masks of `W` words (`n × n ≤ 64 W`).
#[derive(Debug)]
pub struct LinageG<const W: usize> {
    sq: SquareBits<W>,
    turns: TurnState,
    empty: BitSet<W>,
    /// Points of the free regions (where stones may go, subject to the line rule).
    free: BitSet<W>,
    /// Points of the regions each side owns (index: [`Side::index`]).
    owned: [BitSet<W>; 2],
    /// The free regions.
    regions: Vec<BitSet<W>>,
    hash: u64,
    history: Vec<Undo<W>>,
}

/// What a step changed, to take it back exactly.
#[derive(Clone, Copy, Debug)]
struct Undo<const W: usize> {
    step: Step,
    turns: TurnState,
    hash: u64,
    /// Placements: the free region the stone went into, its index in the list and how many
    /// free pieces replaced it (the first in its slot, the others at the end of the list).
    region: BitSet<W>,
    index: u16,
    added: u8,
}

/// A region as the interface and the AI see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The side owning it, `None` for a free region.
    pub owner: Option<Side>,
    /// Its points in board order.
    pub cells: Vec<Cell>,
}

impl<const W: usize> Clone for LinageG<W> {
    /// Clones with room for the rest of the game in the undo stack, so playing on the clone
    /// does not allocate (at most one placement per empty point, passes in between are rare).
    fn clone(&self) -> Self {
        let mut history = Vec::with_capacity(self.history.len() + self.empty.count() as usize + 8);
        history.extend_from_slice(&self.history);
        let mut regions = Vec::with_capacity(self.regions.capacity().max(self.regions.len()));
        regions.extend_from_slice(&self.regions);
        LinageG {
            sq: self.sq,
            turns: self.turns,
            empty: self.empty,
            free: self.free,
            owned: self.owned,
            regions,
            hash: self.hash,
            history,
        }
    }
}

impl<const W: usize> LinageG<W> {
    /// A new game; the error says which option is out of range.
    pub fn new(options: &GameOptions) -> Result<Self, SetupError> {
        let n = options.size;
        if !GameKind::Linage.sizes().contains(&n) || n * n > 64 * W {
            return Err(SetupError::Size(SizeError {
                kind: GameKind::Linage,
                size: n,
            }));
        }
        let opening = Opening::new(options, n * n)?;
        let sq = SquareBits::new(n);
        let all = sq.all();
        let mut regions = Vec::with_capacity(n * n / 3 + 2);
        regions.push(all);
        let mut g = LinageG {
            sq,
            turns: TurnState::new(opening),
            empty: all,
            free: all,
            owned: [BitSet::EMPTY; 2],
            regions,
            hash: 0,
            history: Vec::with_capacity(n * n + 8),
        };
        g.hash = g.recompute_hash();
        Ok(g)
    }

    /// See [`Linage::from_stones`].
    pub fn from_stones(
        options: &GameOptions,
        stones: &[Cell],
        to_move: Side,
    ) -> Result<Self, SetupError> {
        let mut g = Self::new(options)?;
        let geo = g.sq.geometry();
        for &c in stones {
            if c as usize >= geo.cells() {
                return Err(SetupError::PointOffBoard {
                    cell: c,
                    size: geo.size(),
                });
            }
            if !g.empty.contains(c as usize) {
                return Err(SetupError::GivenTwice { name: geo.name(c) });
            }
            g.empty.remove(c as usize);
        }
        g.regions.clear();
        g.free = BitSet::EMPTY;
        for region in g.sq.components(&g.empty) {
            let h = !g.sq.hline_starts(&region).is_empty();
            let v = !g.sq.vline_starts(&region).is_empty();
            match (h, v) {
                (true, true) => {
                    g.regions.push(region);
                    g.free |= region;
                }
                (true, false) => g.owned[Side::Second.index()] |= region,
                (false, true) => g.owned[Side::First.index()] |= region,
                (false, false) => {
                    let first = region.first().expect("a region has points") as Cell;
                    return Err(SetupError::RegionWithoutLine {
                        name: geo.name(first),
                    });
                }
            }
        }
        g.turns = g.turns.with_mover(to_move);
        g.hash = g.recompute_hash();
        Ok(g)
    }

    /// Komi for Horizontal, in points (0 until the bid sets it).
    pub fn komi(&self) -> f64 {
        self.turns.opening().komi()
    }

    /// Points in regions owned by each side, before komi (index: [`Side::index`]).
    pub fn owned_points(&self) -> [usize; 2] {
        [
            self.owned[0].count() as usize,
            self.owned[1].count() as usize,
        ]
    }

    /// Points in free regions.
    pub fn free_points(&self) -> usize {
        self.free.count() as usize
    }

    /// Whether `cell` is an empty point of a free region.
    pub fn is_free(&self, cell: Cell) -> bool {
        (cell as usize) < self.sq.geometry().cells() && self.free.contains(cell as usize)
    }

    /// The owner of the region holding `cell`: `Some(Some(side))` owned, `Some(None)` free,
    /// `None` for a stone.
    pub fn region_owner(&self, cell: Cell) -> Option<Option<Side>> {
        let c = cell as usize;
        if self.owned[0].contains(c) {
            Some(Some(Side::First))
        } else if self.owned[1].contains(c) {
            Some(Some(Side::Second))
        } else if self.free.contains(c) {
            Some(None)
        } else {
            None
        }
    }

    /// Every region: the free ones first, then Vertical's, then Horizontal's, each group in
    /// board order of the regions' first points.
    pub fn regions(&self) -> Vec<Region> {
        let mut free: Vec<BitSet<W>> = self.regions.clone();
        free.sort_by_key(|m| m.first());
        let mut out: Vec<Region> = free
            .iter()
            .map(|m| Region {
                owner: None,
                cells: m.iter().map(|c| c as Cell).collect(),
            })
            .collect();
        for side in [Side::First, Side::Second] {
            for m in self.sq.components(&self.owned[side.index()]) {
                out.push(Region {
                    owner: Some(side),
                    cells: m.iter().map(|c| c as Cell).collect(),
                });
            }
        }
        out
    }

    /// The Zobrist hash computed from nothing (the incremental [`crate::games::Game::hash`]
    /// must always equal it).
    pub fn recompute_hash(&self) -> u64 {
        let stones = self.sq.all().and_not(&self.empty);
        stones
            .iter()
            .fold(self.turns.hash(), |h, c| h ^ stone_key(c as Cell))
    }

    /// Index in `regions` of the free region holding `c` (which must be free).
    #[inline]
    fn region_index(&self, c: Cell) -> usize {
        self.regions
            .iter()
            .position(|m| m.contains(c as usize))
            .expect("a free point lies in a free region")
    }

    /// Whether a stone may go on `c` (the turn order aside).
    fn check_point(&self, c: Cell) -> Result<(), Illegal> {
        if c as usize >= self.sq.geometry().cells() {
            return Err(Illegal::Rule("not a point of this board"));
        }
        if !self.empty.contains(c as usize) {
            return Err(Illegal::Occupied);
        }
        if !self.free.contains(c as usize) {
            return Err(Illegal::NotInFreeRegion);
        }
        let region = &self.regions[self.region_index(c)];
        let mut rest = *region;
        rest.remove(c as usize);
        let starts = self.sq.hline_starts(&rest) | self.sq.vline_starts(&rest);
        // A line starting in a piece lies wholly in it (its points are connected and empty).
        let ok = !starts.is_empty()
            && self
                .sq
                .pieces_without(region, c)
                .as_slice()
                .iter()
                .all(|p| p.intersects(&starts));
        if ok {
            Ok(())
        } else {
            Err(Illegal::LeavesRegionWithoutLine)
        }
    }

    /// Puts a stone on `c` (checked): splits its region and classifies the pieces.
    ///
    /// The last free piece takes the region's place in the list (the piece left after the
    /// others were split off: usually the largest, so later look-ups find it early); the
    /// other free pieces go to the end.
    fn place(&mut self, c: Cell) -> Undo<W> {
        let index = self.region_index(c);
        let region = self.regions[index];
        let mut rest = region;
        rest.remove(c as usize);
        let h = self.sq.hline_starts(&rest);
        let v = self.sq.vline_starts(&rest);
        self.free = self.free.and_not(&region);
        let mut added = 0u8;
        for piece in self.sq.pieces_without(&region, c).as_slice().iter().rev() {
            match (piece.intersects(&h), piece.intersects(&v)) {
                (true, true) => {
                    if added == 0 {
                        self.regions[index] = *piece;
                    } else {
                        self.regions.push(*piece);
                    }
                    self.free |= *piece;
                    added += 1;
                }
                (true, false) => self.owned[Side::Second.index()] |= *piece,
                (false, true) => self.owned[Side::First.index()] |= *piece,
                (false, false) => debug_assert!(false, "placement left a region with no line"),
            }
        }
        if added == 0 {
            self.regions.swap_remove(index);
        }
        self.empty.remove(c as usize);
        self.hash ^= stone_key(c);
        // `step`, `turns` and `hash` are filled in by `play`, which knows them.
        Undo {
            step: Step::Pass,
            turns: self.turns,
            hash: 0,
            region,
            index: index as u16,
            added,
        }
    }

    /// Takes back a placement recorded in `u`.
    fn unplace(&mut self, c: Cell, u: &Undo<W>) {
        let i = u.index as usize;
        if u.added == 0 {
            self.regions.push(u.region);
            let last = self.regions.len() - 1;
            self.regions.swap(i, last);
        } else {
            let len = self.regions.len();
            self.regions.truncate(len - (u.added as usize - 1));
            self.regions[i] = u.region;
        }
        self.free |= u.region;
        for o in &mut self.owned {
            *o = o.and_not(&u.region);
        }
        self.empty.insert(c as usize);
    }
}

/// The Zobrist key of a (neutral) stone on `c`.
#[inline]
fn stone_key(c: Cell) -> u64 {
    crate::zobrist::cell_key(c, crate::games::Stone::Neutral.index())
}
