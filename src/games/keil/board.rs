//! The stones of a Keil position and what a placement does to them: captures through broken
//! links, the suicide test, and the Zobrist key of the result.
//!
//! Why captures can happen away from the new stone (SPEC §3): a stone on `p` is a common
//! neighbour of every pair of `p`'s neighbours that are adjacent to each other, so it can break
//! enemy links between them. Every broken link and every lost liberty still has an enemy stone
//! next to `p`, so flooding the enemy groups from `p`'s neighbours (on the board *with* the new
//! stone) finds every group that can die — including pieces split off and far-away liberties.

use super::links::{open, opposing, LinkTable, ARRAY, EMPTY, INDEX_MASK, OFF};
use crate::board::{BitSet, Cell};
use crate::zobrist;

/// One bit per [`ARRAY`] index.
pub type Visited = BitSet<8>;

/// The Zobrist key of a stone colour on a point (black and white use pieces 0 and 1).
#[inline]
pub fn stone_key(c: Cell, colour: u8) -> u64 {
    zobrist::cell_key(c, colour as usize - 1)
}

/// What a placement that passed the suicide test does to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing is captured.
    Quiet,
    /// The enemy stones in `Scratch::list[..n]` are captured.
    Captures(usize),
}

/// Work space of a placement test: a copy of the board with the new stone, the flood list
/// (captured stones first) and the visited marks. Lives on the caller's stack.
pub struct Scratch {
    board: [u8; ARRAY],
    list: [Cell; ARRAY],
    visited: Visited,
    /// Stones reached by floods that found a liberty (they stop early, so only part of such
    /// a group is marked): reaching one of them means reaching a group that lives.
    alive: Visited,
}

impl Scratch {
    /// Fresh work space.
    pub fn new() -> Scratch {
        Scratch {
            board: [OFF; ARRAY],
            list: [0; ARRAY],
            visited: Visited::EMPTY,
            alive: Visited::EMPTY,
        }
    }

    /// The stones a placement with `effect` captures (in flood order).
    pub fn captured(&self, effect: Effect) -> &[Cell] {
        match effect {
            Effect::Quiet => &[],
            Effect::Captures(n) => &self.list[..n],
        }
    }
}

/// Stones on the points, the empty points as a list (for uniform random picks), the stone
/// counts and the Zobrist key of the stones.
#[derive(Clone)]
pub struct Board {
    values: [u8; ARRAY],
    empties: [Cell; ARRAY],
    empty_pos: [u16; ARRAY],
    n_empty: usize,
    stones: [u16; 2],
    key: u64,
    links: &'static LinkTable,
}

impl Board {
    /// The empty board.
    pub fn new(links: &'static LinkTable) -> Board {
        let mut b = Board {
            values: [OFF; ARRAY],
            empties: [0; ARRAY],
            empty_pos: [0; ARRAY],
            n_empty: 0,
            stones: [0; 2],
            key: 0,
            links,
        };
        b.load(&vec![EMPTY; links.cells()]);
        b
    }

    /// Replaces every point by `values` (one per point, in board order) and rebuilds the
    /// empty list, counts and key.
    pub fn load(&mut self, values: &[u8]) {
        debug_assert_eq!(values.len(), self.links.cells());
        self.values[..values.len()].copy_from_slice(values);
        self.n_empty = 0;
        self.stones = [0; 2];
        self.key = 0;
        for (c, &v) in values.iter().enumerate() {
            if v == EMPTY {
                self.empty_pos[c] = self.n_empty as u16;
                self.empties[self.n_empty] = c as Cell;
                self.n_empty += 1;
            } else {
                self.stones[v as usize - 1] += 1;
                self.key ^= stone_key(c as Cell, v);
            }
        }
    }

    /// The link table of the board.
    #[inline]
    pub fn links(&self) -> &'static LinkTable {
        self.links
    }

    /// Every point's value, padded to [`ARRAY`] (the padding reads [`OFF`]).
    #[inline]
    pub fn values(&self) -> &[u8; ARRAY] {
        &self.values
    }

    /// The value of one point ([`EMPTY`], [`super::links::BLACK`], [`super::links::WHITE`]).
    #[inline]
    pub fn value(&self, c: Cell) -> u8 {
        self.values[c as usize & INDEX_MASK]
    }

    /// The values of the real points, in board order (what a snapshot stores).
    pub fn points(&self) -> &[u8] {
        &self.values[..self.links.cells()]
    }

    /// The empty points, in no particular order.
    #[inline]
    pub fn empties(&self) -> &[Cell] {
        &self.empties[..self.n_empty]
    }

    /// Number of stones of a colour.
    pub fn stones(&self, colour: u8) -> usize {
        self.stones[colour as usize - 1] as usize
    }

    /// Zobrist key of the stones.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    fn put(&mut self, c: Cell, colour: u8) {
        let c = c as usize & INDEX_MASK;
        debug_assert_eq!(self.values[c], EMPTY);
        self.values[c] = colour;
        self.stones[colour as usize - 1] += 1;
        self.key ^= stone_key(c as Cell, colour);
        // Swap-remove c from the empty list.
        let pos = self.empty_pos[c] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty & INDEX_MASK];
        self.empties[pos & INDEX_MASK] = last;
        self.empty_pos[last as usize & INDEX_MASK] = pos as u16;
    }

    fn clear(&mut self, c: Cell) {
        let c = c as usize & INDEX_MASK;
        let colour = self.values[c];
        debug_assert!(colour == 1 || colour == 2);
        self.values[c] = EMPTY;
        self.stones[colour as usize - 1] -= 1;
        self.key ^= stone_key(c as Cell, colour);
        self.empty_pos[c] = self.n_empty as u16;
        self.empties[self.n_empty & INDEX_MASK] = c as Cell;
        self.n_empty += 1;
    }

    /// The common case of a placement test, without touching any work space: when no enemy
    /// stone is next to `p` and the new stone is linked to an empty neighbour, nothing is
    /// captured and the stone has a liberty; returns the key of the board afterwards. `None`
    /// means "ask [`Board::try_place`]".
    #[inline]
    pub fn quick_place(&self, p: Cell, colour: u8) -> Option<u64> {
        debug_assert_eq!(self.value(p), EMPTY);
        let opp = opposing(colour);
        let mut free = false;
        for sl in self.links.slots(p) {
            let v = self.values[sl.neighbour as usize & INDEX_MASK];
            if v == opp {
                return None;
            }
            free |= v == EMPTY && open(&self.values, sl, colour);
        }
        free.then(|| self.key ^ stone_key(p, colour))
    }

    /// Tests a placement of `colour` on the empty point `p`: which enemy groups it captures and
    /// the key of the board afterwards, or `None` when the placed stone's group would have no
    /// liberty after the captures (suicide). Does not look at repetitions.
    pub fn try_place(&self, p: Cell, colour: u8, s: &mut Scratch) -> Option<(Effect, u64)> {
        debug_assert_eq!(self.value(p), EMPTY);
        let opp = opposing(colour);
        let slots = self.links.slots(p);
        let (mut enemy_near, mut free) = (false, false);
        for sl in slots {
            let v = self.values[sl.neighbour as usize & INDEX_MASK];
            if v == opp {
                enemy_near = true;
            } else if v == EMPTY && open(&self.values, sl, colour) {
                // The new stone's link to this empty point does not depend on `p` itself, and
                // captures only remove enemy stones, so this liberty survives whatever happens.
                free = true;
            }
        }
        let placed_key = self.key ^ stone_key(p, colour);
        if !enemy_near && free {
            // No enemy stone next to p: no enemy link or liberty changes, nothing is captured.
            return Some((Effect::Quiet, placed_key));
        }
        s.board = self.values;
        s.board[p as usize & INDEX_MASK] = colour;
        s.visited = Visited::EMPTY;
        s.alive = Visited::EMPTY;
        let mut len = 0;
        if enemy_near {
            for sl in slots {
                let n = sl.neighbour;
                if s.board[n as usize & INDEX_MASK] == opp && !s.visited.contains(n as usize) {
                    let start = len;
                    let alive = flood_has_liberty(
                        &s.board,
                        self.links,
                        n,
                        opp,
                        &mut s.visited,
                        &s.alive,
                        &mut s.list,
                        &mut len,
                    );
                    if alive {
                        // Another neighbour of p in this group need not be flooded again;
                        // a flood from a different piece that reaches these stones is
                        // joined to them, so it lives too.
                        for &c in &s.list[start..len] {
                            s.alive.insert(c as usize);
                        }
                        len = start;
                    }
                }
            }
        }
        let mut key = placed_key;
        for &c in &s.list[..len] {
            s.board[c as usize & INDEX_MASK] = EMPTY;
            key ^= stone_key(c, opp);
        }
        if !free {
            let mut own_len = len;
            if !flood_has_liberty(
                &s.board,
                self.links,
                p,
                colour,
                &mut s.visited,
                &s.alive,
                &mut s.list,
                &mut own_len,
            ) {
                return None;
            }
        }
        let effect = if len == 0 {
            Effect::Quiet
        } else {
            Effect::Captures(len)
        };
        Some((effect, key))
    }

    /// Plays a placement that [`Board::try_place`] accepted, removing the `captured` stones.
    pub fn apply(&mut self, p: Cell, colour: u8, captured: &[Cell]) {
        self.put(p, colour);
        for &c in captured {
            self.clear(c);
        }
    }

    /// Whether the board after placing `colour` on `p` and removing `captured` equals `points`
    /// (a snapshot).
    pub fn result_equals(&self, p: Cell, colour: u8, captured: &[Cell], points: &[u8]) -> bool {
        let mut after = self.values;
        after[p as usize & INDEX_MASK] = colour;
        for &c in captured {
            after[c as usize & INDEX_MASK] = EMPTY;
        }
        after[..self.links.cells()] == *points
    }

    /// The group of the stone on `c` and its liberties, both in board order (empty lists when
    /// `c` is empty).
    pub fn group_and_liberties(&self, c: Cell) -> (Vec<Cell>, Vec<Cell>) {
        let colour = self.value(c);
        if colour == EMPTY || colour == OFF {
            return (Vec::new(), Vec::new());
        }
        let mut group = Visited::EMPTY;
        let mut liberties = Visited::EMPTY;
        let mut stack = vec![c];
        group.insert(c as usize);
        while let Some(s) = stack.pop() {
            for sl in self.links.slots(s) {
                let n = sl.neighbour;
                let v = self.value(n);
                if (v == colour || v == EMPTY) && open(&self.values, sl, colour) {
                    if v == EMPTY {
                        liberties.insert(n as usize);
                    } else if !group.contains(n as usize) {
                        group.insert(n as usize);
                        stack.push(n);
                    }
                }
            }
        }
        let cells = |m: Visited| m.iter().map(|i| i as Cell).collect();
        (cells(group), cells(liberties))
    }

    /// Whether the adjacent points `a` and `b` are linked (SPEC §3): two empty points always;
    /// a stone and an empty point, or two same-colour stones, when a common neighbour is not
    /// the stone's opposing colour; never otherwise (or when they are not adjacent).
    pub fn linked(&self, a: Cell, b: Cell) -> bool {
        let Some(sl) = self.links.slots(a).iter().find(|s| s.neighbour == b) else {
            return false;
        };
        match (self.value(a), self.value(b)) {
            (OFF, _) | (_, OFF) => false,
            (EMPTY, EMPTY) => true,
            (EMPTY, x) | (x, EMPTY) => open(&self.values, sl, x),
            (x, y) if x == y => open(&self.values, sl, x),
            _ => false,
        }
    }
}

/// Floods the group of the `colour` stone on `start` over stone–stone links, appending its
/// stones to `list[*len..]`. Returns `true` as soon as a liberty shows up, or a stone of
/// `alive` (part of a group already known to live) — the list then holds only part of the
/// group — and `false` after the whole group was listed without one.
///
/// `visited` marks stones of earlier floods too; a linked stone marked by an earlier flood
/// that found no liberty cannot be reached (that flood listed its whole group), so a marked
/// stone that is not in `alive` belongs to this flood.
#[allow(clippy::too_many_arguments)]
#[inline]
fn flood_has_liberty(
    b: &[u8; ARRAY],
    links: &LinkTable,
    start: Cell,
    colour: u8,
    visited: &mut Visited,
    alive: &Visited,
    list: &mut [Cell; ARRAY],
    len: &mut usize,
) -> bool {
    visited.insert(start as usize);
    let mut i = *len;
    list[i & INDEX_MASK] = start;
    *len += 1;
    while i < *len {
        let s = list[i & INDEX_MASK];
        i += 1;
        for sl in links.slots(s) {
            let n = sl.neighbour as usize & INDEX_MASK;
            let v = b[n];
            if v == EMPTY {
                if open(b, sl, colour) {
                    return true;
                }
            } else if v == colour && open(b, sl, colour) {
                if !visited.contains(n) {
                    visited.insert(n);
                    list[*len & INDEX_MASK] = n as Cell;
                    *len += 1;
                } else if alive.contains(n) {
                    return true;
                }
            }
        }
    }
    false
}
