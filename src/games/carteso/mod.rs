//! Carteso (seed 001, SPEC §3): either player places a black or a white stone; a group that
//! can no longer grow in height or width (it is *finished*) is claimed by the side its shape
//! favours — taller than wide Vertical, wider than tall Horizontal, square the opponent of
//! the player who just placed — and its stones, and any that join it later, score for them.
//!
//! Finished, computed without searching per group: the reach F of a group (orthogonal steps
//! over empty points and stones of its colour) is the connected component of
//! `empty ∪ stones of that colour` holding it. Every group of a colour inside one such
//! *reach component* has the same F, so a group is finished iff its bounding box equals the
//! component's. The state keeps, per colour, the list of reach components with their boxes:
//! a black stone leaves black's components as they are and takes its point out of one white
//! component (splitting it, `SquareBits::pieces_without`), so after a placement only the
//! placed stone's group and the opponent-colour groups of a component whose box shrank can
//! have become finished.

mod game;
mod groups;
mod net_input;
pub(crate) mod rules_text;
mod solve;
mod spec;
#[cfg(test)]
mod tests;
pub(super) mod tuning;

pub(crate) use spec::SPEC;

use super::opening::Opening;
use super::square::{single, Rect, SquareBits, TurnState};
use super::{GameKind, GameOptions, SetupError, Side, SizeError, Step, Stone};
use crate::board::{BitSet, Cell, CellPool};
use crate::zobrist;
use groups::{Groups, Merge};

super::square::sized_game!(Carteso, CartesoG, "Carteso");

impl Carteso {
    /// Komi for Horizontal, in points (0 until the bid sets it).
    pub fn komi(&self) -> f64 {
        on_sized!(self, g => g.komi())
    }

    /// Stones in the groups each side has claimed, before komi (index: [`Side::index`]).
    pub fn claimed_points(&self) -> [usize; 2] {
        on_sized!(self, g => g.claimed_points())
    }

    /// The side whose claim marker is on the group of `cell`, if any.
    pub fn claimer(&self, cell: Cell) -> Option<Side> {
        on_sized!(self, g => g.claimer(cell))
    }

    /// The stones of the group on `cell` in board order (empty for an empty point).
    pub fn group(&self, cell: Cell) -> Vec<Cell> {
        on_sized!(self, g => g.group(cell))
    }

    /// Every claimed group, ordered by its first point in board order.
    pub fn claims(&self) -> Vec<Claim> {
        on_sized!(self, g => g.claims())
    }

    /// The Zobrist hash computed from nothing (tests check the incremental one against it).
    pub fn recompute_hash(&self) -> u64 {
        on_sized!(self, g => g.recompute_hash())
    }
}

/// Carteso with board masks of `W` words (`n × n ≤ 64 W`).
#[derive(Debug)]
pub struct CartesoG<const W: usize> {
    sq: SquareBits<W>,
    turns: TurnState,
    /// Stones by colour (index: [`Stone::index`], black 0, white 1).
    stones: [BitSet<W>; 2],
    empty: BitSet<W>,
    /// The same points as a list, for constant-time random picks.
    empties: CellPool,
    /// Stones of the groups each side has claimed (index: [`Side::index`]).
    claimed: [BitSet<W>; 2],
    /// Per colour, the connected components of `empty ∪ stones of that colour`.
    reach: [Vec<Reach<W>>; 2],
    /// The groups with their bounding boxes.
    groups: Groups,
    hash: u64,
    history: Vec<Undo<W>>,
}

/// One reach component and its bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reach<const W: usize> {
    cells: BitSet<W>,
    rect: Rect,
}

/// What a step changed, to take it back exactly.
#[derive(Clone, Copy, Debug)]
struct Undo<const W: usize> {
    step: Step,
    turns: TurnState,
    hash: u64,
    claimed: [BitSet<W>; 2],
    /// Placements: the opponent colour's reach component the stone went into, its index in
    /// the list and how many pieces replaced it (the first in its slot, the others at the end
    /// of the list).
    reach: Reach<W>,
    index: u16,
    added: u8,
    /// Placements: how the stone joined its group.
    merge: Merge,
}

/// A claimed group as the interface and the AI see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// Its stones in board order (the whole current group).
    pub cells: Vec<Cell>,
    /// The stones' colour.
    pub colour: Stone,
    /// Who claimed it.
    pub claimer: Side,
}

impl<const W: usize> Clone for CartesoG<W> {
    /// Clones with room for the rest of the game in the undo stack, so playing on the clone
    /// does not allocate (one placement per empty point, passes in between are rare).
    fn clone(&self) -> Self {
        let mut history = Vec::with_capacity(self.history.len() + self.empty.count() as usize + 8);
        history.extend_from_slice(&self.history);
        let reach = self.reach.each_ref().map(|list| {
            let mut v = Vec::with_capacity(list.capacity().max(list.len()));
            v.extend_from_slice(list);
            v
        });
        CartesoG {
            sq: self.sq,
            turns: self.turns,
            stones: self.stones,
            empty: self.empty,
            empties: self.empties.clone(),
            claimed: self.claimed,
            reach,
            groups: self.groups.clone(),
            hash: self.hash,
            history,
        }
    }
}

/// Zobrist key of a stone of colour index `colour` on `c`.
#[inline]
fn stone_key(c: usize, colour: usize) -> u64 {
    zobrist::cell_key(c as Cell, colour)
}

/// Zobrist key of `side`'s claim marker on `c` (the neutral and spare piece slots, which
/// Carteso's stones never use).
#[inline]
fn claim_key(c: usize, side: Side) -> u64 {
    zobrist::cell_key(c as Cell, 2 + side.index())
}

/// The owner of a group with this bounding box when `placer` has just placed.
#[inline]
fn owner(rect: Rect, placer: Side) -> Side {
    match rect.height().cmp(&rect.width()) {
        std::cmp::Ordering::Greater => Side::First,
        std::cmp::Ordering::Less => Side::Second,
        std::cmp::Ordering::Equal => placer.other(),
    }
}

impl<const W: usize> CartesoG<W> {
    /// A new game; the error says which option is out of range.
    pub fn new(options: &GameOptions) -> Result<Self, SetupError> {
        let n = options.size;
        if !GameKind::Carteso.sizes().contains(&n) || n * n > 64 * W {
            return Err(SetupError::Size(SizeError {
                kind: GameKind::Carteso,
                size: n,
            }));
        }
        let opening = Opening::new(options, n * n)?;
        let sq = SquareBits::new(n);
        let all = sq.all();
        let whole = Reach {
            cells: all,
            rect: sq.bbox(&all),
        };
        let reach = [(); 2].map(|_| {
            let mut v = Vec::with_capacity(n * n / 2 + 2);
            v.push(whole);
            v
        });
        let mut g = CartesoG {
            sq,
            turns: TurnState::new(opening),
            stones: [BitSet::EMPTY; 2],
            empty: all,
            empties: CellPool::from_cells(0..(n * n) as Cell),
            claimed: [BitSet::EMPTY; 2],
            reach,
            groups: Groups::new(n),
            hash: 0,
            history: Vec::with_capacity(n * n + 8),
        };
        g.hash = g.recompute_hash();
        Ok(g)
    }

    /// Komi for Horizontal, in points (0 until the bid sets it).
    pub fn komi(&self) -> f64 {
        self.turns.opening().komi()
    }

    /// Stones in the groups each side has claimed, before komi (index: [`Side::index`]).
    pub fn claimed_points(&self) -> [usize; 2] {
        [
            self.claimed[0].count() as usize,
            self.claimed[1].count() as usize,
        ]
    }

    /// The side whose claim marker is on the group of `cell`, if any.
    pub fn claimer(&self, cell: Cell) -> Option<Side> {
        let c = cell as usize;
        if c >= self.sq.geometry().cells() {
            None
        } else if self.claimed[0].contains(c) {
            Some(Side::First)
        } else if self.claimed[1].contains(c) {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// The stones of the group on `cell` in board order (empty for an empty point).
    pub fn group(&self, cell: Cell) -> Vec<Cell> {
        let c = cell as usize;
        let Some(colour) = (0..2).find(|&k| self.stones[k].contains(c)) else {
            return Vec::new();
        };
        let g = self.sq.flood(single(cell), &self.stones[colour]);
        g.iter().map(|c| c as Cell).collect()
    }

    /// Every claimed group, ordered by its first point in board order.
    pub fn claims(&self) -> Vec<Claim> {
        let mut out = Vec::new();
        for side in [Side::First, Side::Second] {
            for colour in [Stone::Black, Stone::White] {
                let m = self.claimed[side.index()] & self.stones[colour.index()];
                for g in self.sq.components(&m) {
                    out.push(Claim {
                        cells: g.iter().map(|c| c as Cell).collect(),
                        colour,
                        claimer: side,
                    });
                }
            }
        }
        out.sort_by_key(|c| c.cells[0]);
        out
    }

    /// The Zobrist hash computed from nothing (the incremental [`crate::games::Game::hash`]
    /// must always equal it).
    pub fn recompute_hash(&self) -> u64 {
        let mut h = self.turns.hash();
        for colour in 0..2 {
            for c in self.stones[colour].iter() {
                h ^= stone_key(c, colour);
            }
        }
        for side in [Side::First, Side::Second] {
            for c in self.claimed[side.index()].iter() {
                h ^= claim_key(c, side);
            }
        }
        h
    }

    /// Puts `side`'s marker on group `g` (or extends its claim to stones that joined it).
    fn claim(&mut self, g: &BitSet<W>, side: Side) {
        debug_assert!(
            !g.intersects(&self.claimed[side.other().index()]),
            "groups claimed by different players merged"
        );
        let new = g.and_not(&self.claimed[side.index()]);
        for c in new.iter() {
            self.hash ^= claim_key(c, side);
        }
        self.claimed[side.index()] |= new;
    }

    /// Claims the finished unclaimed groups of `colour` inside reach component `part`
    /// (bounding box `rect`): those whose own box equals `rect`.
    fn claim_finished_in(&mut self, colour: usize, part: &BitSet<W>, rect: Rect, placer: Side) {
        let unclaimed = (self.stones[colour] & *part).and_not(&(self.claimed[0] | self.claimed[1]));
        if unclaimed.is_empty() {
            return;
        }
        // Such a group has stones on all four sides of the box.
        if !self.sq.spans(&unclaimed, rect) {
            return;
        }
        let mut top = unclaimed & self.sq.row(rect.y0 as usize);
        while let Some(s) = top.first() {
            if self.groups.rect(self.groups.find(s as u16)) == rect {
                let g = self.sq.flood(single(s as Cell), &self.stones[colour]);
                top = top.and_not(&g);
                self.claim(&g, owner(rect, placer));
            } else {
                top.remove(s);
            }
        }
    }

    /// Puts a `colour` stone on empty `c` for `placer`, then claims what became finished.
    fn place(&mut self, c: Cell, colour: usize, placer: Side) -> Undo<W> {
        let ci = c as usize;
        let other = 1 - colour;
        let claimed_before = self.claimed;
        self.stones[colour].insert(ci);
        self.empty.remove(ci);
        self.empties.remove(c);
        self.hash ^= stone_key(ci, colour);

        // The other colour loses this point from its reach.
        let index = self.reach[other]
            .iter()
            .position(|r| r.cells.contains(ci))
            .expect("an empty point is in both colours' reach");
        let old = self.reach[other][index];
        let pieces = self.sq.pieces_without(&old.cells, c);
        // The last piece (what is left after the others were split off: usually the largest,
        // so later look-ups find it early) takes the old component's slot; the others go to
        // the end of the list.
        for (k, piece) in pieces.as_slice().iter().rev().enumerate() {
            let rect = if pieces.len() == 1 {
                self.sq.bbox_without(piece, old.rect, c)
            } else {
                self.sq.bbox_within(piece, old.rect)
            };
            let entry = Reach {
                cells: *piece,
                rect,
            };
            if k == 0 {
                self.reach[other][index] = entry;
            } else {
                self.reach[other].push(entry);
            }
            // Same box, same reach for every group in it: nothing can have become finished.
            if rect != old.rect {
                self.claim_finished_in(other, piece, rect, placer);
            }
        }
        if pieces.is_empty() {
            self.reach[other].swap_remove(index);
        }

        // The placed stone's group: part of a claimed group, or finished now, or neither.
        let mut roots = [0u16; 4];
        let mut n_roots = 0;
        for &d in self.sq.geometry().neighbours(c) {
            if self.stones[colour].contains(d as usize) {
                let r = self.groups.find(d);
                if !roots[..n_roots].contains(&r) {
                    roots[n_roots] = r;
                    n_roots += 1;
                }
            }
        }
        let roots = &roots[..n_roots];
        let merge = self.groups.add(c, roots);
        let claimer = |r: u16| {
            [Side::First, Side::Second]
                .into_iter()
                .find(|s| self.claimed[s.index()].contains(r as usize))
        };
        if let Some(side) = roots.iter().find_map(|&r| claimer(r)) {
            if roots.iter().all(|&r| claimer(r) == Some(side)) {
                self.claim(&single(c), side);
            } else {
                // Unclaimed groups joined the claimed one: they count for its claimer too.
                let g = self.sq.flood(single(c), &self.stones[colour]);
                self.claim(&g, side);
            }
        } else {
            let rect = self.groups.rect(merge.top);
            let reach = self.reach[colour]
                .iter()
                .find(|r| r.cells.contains(ci))
                .expect("a stone is in its colour's reach")
                .rect;
            if rect == reach {
                let g = self.sq.flood(single(c), &self.stones[colour]);
                self.claim(&g, owner(rect, placer));
            }
        }

        // `step`, `turns` and `hash` are filled in by `play`, which knows them.
        Undo {
            step: Step::Pass,
            turns: self.turns,
            hash: 0,
            claimed: claimed_before,
            reach: old,
            index: index as u16,
            added: pieces.len() as u8,
            merge,
        }
    }

    /// Takes back a placement recorded in `u`.
    fn unplace(&mut self, c: Cell, colour: usize, u: &Undo<W>) {
        let other = 1 - colour;
        let list = &mut self.reach[other];
        let i = u.index as usize;
        if u.added == 0 {
            list.push(u.reach);
            let last = list.len() - 1;
            list.swap(i, last);
        } else {
            list.truncate(list.len() - (u.added as usize - 1));
            list[i] = u.reach;
        }
        self.claimed = u.claimed;
        self.groups.undo(&u.merge);
        self.stones[colour].remove(c as usize);
        self.empty.insert(c as usize);
        self.empties.restore(c);
    }
}
