//! Testing a placement: which enemy stones it captures, whether the new stone's group keeps a
//! liberty, and the key of the board afterwards.
//!
//! Why captures can happen away from the new stone (SPEC §3): a stone on `p` is a common
//! neighbour of every pair of `p`'s neighbours that are adjacent to each other (the *ring
//! pairs*), so it can cut enemy links between them. Every cut link and every lost liberty
//! still has an enemy stone next to `p`.
//!
//! Most placements are decided by [`Board::fast_test`] from the ring alone, using the
//! maintained pseudo-liberty counts: exact as long as no enemy stone–stone link is cut (the
//! group cannot split) and nothing is captured. The rest go to [`Board::flood_test`], which
//! floods the enemy groups from `p`'s neighbours on a copy of the board with the new stone.

use super::{stone_key, Board, Visited};
use crate::board::Cell;
use crate::games::keil::links::{open, opposing, LinkTable, ARRAY, EMPTY, INDEX_MASK, OFF};

/// What a placement that passed the suicide test does to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing is captured.
    Quiet,
    /// The enemy stones in the scratch list's first `n` entries are captured.
    Captures(usize),
}

/// The answer of [`Board::fast_test`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Legal as far as captures and suicide go, captures nothing; the board key afterwards.
    Quiet(u64),
    /// Legal as far as captures and suicide go; captures the stones listed first in the
    /// scratch, this many; the board key afterwards.
    Captures(usize, u64),
    /// Captures nothing, and the new stone's group has no liberty.
    Suicide,
    /// An enemy group could split or die: ask [`Board::flood_test`].
    Unsure,
}

/// What a stone of `colour` on `p` changes around it, read from the board before it is
/// placed.
pub(super) struct RingEffect {
    /// Roots of the enemy groups next to `p`.
    pub enemy: [Cell; 6],
    /// Pseudo-liberties each of them loses (pairs with `p`, and stone–empty links cut).
    pub loss: [u16; 6],
    /// Whether one of its stone–stone links is cut (it may split).
    pub split: [bool; 6],
    pub n_enemy: usize,
    /// Roots of the friendly groups linked to `p` (they merge with the new stone).
    pub own: [Cell; 6],
    pub n_own: usize,
    /// Pseudo-liberties of the merged group if nothing is captured.
    pub own_pseudo: i32,
}

impl RingEffect {
    fn enemy_index(&mut self, root: Cell) -> usize {
        match self.enemy[..self.n_enemy].iter().position(|&r| r == root) {
            Some(k) => k,
            None => {
                self.enemy[self.n_enemy] = root;
                self.n_enemy += 1;
                self.n_enemy - 1
            }
        }
    }
}

/// Work space of [`Board::flood_test`]: a copy of the board with the new stone, the flood
/// list (captured stones first) and the visited marks. Lives on the caller's stack.
pub struct Scratch {
    board: [u8; ARRAY],
    list: [Cell; ARRAY],
    visited: Visited,
    /// Stones of groups known to live: enemy neighbours that keep a liberty of their own, and
    /// stones reached by floods that found a liberty (they stop early, so only part of such
    /// a group is marked). Reaching one of them means reaching a group that lives.
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

impl Board {
    /// What a stone of `colour` on the empty point `p` changes around it (see [`RingEffect`]).
    pub(super) fn ring_effect(&self, p: Cell, colour: u8) -> RingEffect {
        let v = &self.values;
        let opp = opposing(colour);
        let mut e = RingEffect {
            enemy: [0; 6],
            loss: [0; 6],
            split: [false; 6],
            n_enemy: 0,
            own: [0; 6],
            n_own: 0,
            own_pseudo: 0,
        };
        for sl in self.links.slots(p) {
            let n = sl.neighbour;
            let x = v[n as usize & INDEX_MASK];
            if x == EMPTY {
                if open(v, sl, colour) {
                    e.own_pseudo += 1;
                }
            } else if x == opp {
                let k = e.enemy_index(self.root[n as usize & INDEX_MASK]);
                // The pair (n, p) stops being a stone–empty link.
                if open(v, sl, opp) {
                    e.loss[k] += 1;
                }
            } else if x == colour && open(v, sl, colour) {
                let r = self.root[n as usize & INDEX_MASK];
                if !e.own[..e.n_own].contains(&r) {
                    e.own[e.n_own] = r;
                    e.n_own += 1;
                    e.own_pseudo += self.pseudo[r as usize & INDEX_MASK] as i32;
                }
                // The pair (n, p) was a pseudo-liberty of n's group; p is a stone now.
                e.own_pseudo -= 1;
            }
        }
        if e.n_enemy > 0 {
            for rp in self.links.ring(p) {
                // The pair's link is open now (p, a common neighbour, is empty); it closes
                // for the enemy iff the other common neighbour is ours or missing.
                let o = v[rp.other as usize & INDEX_MASK];
                if o != colour && o != OFF {
                    continue;
                }
                let (a, b) = (v[rp.a as usize & INDEX_MASK], v[rp.b as usize & INDEX_MASK]);
                if a == opp && b == opp {
                    let k = e.enemy_index(self.root[rp.a as usize & INDEX_MASK]);
                    e.split[k] = true;
                } else if a == opp && b == EMPTY {
                    let k = e.enemy_index(self.root[rp.a as usize & INDEX_MASK]);
                    e.loss[k] += 1;
                } else if b == opp && a == EMPTY {
                    let k = e.enemy_index(self.root[rp.b as usize & INDEX_MASK]);
                    e.loss[k] += 1;
                }
            }
        }
        e
    }

    /// Tests a placement of `colour` on the empty point `p` from the ring around it and the
    /// maintained groups: exact, except that it answers [`Verdict::Unsure`] when a group that
    /// may split has a stone next to `p` without a liberty of its own, or when the new stone
    /// has no liberty before its captures. Captured stones are listed in `s` (created when
    /// needed).
    pub fn fast_test(&self, p: Cell, colour: u8, s: &mut Option<Scratch>) -> Verdict {
        debug_assert_eq!(self.value(p), EMPTY);
        let opp = opposing(colour);
        let e = self.ring_effect(p, colour);
        let mut key = self.key ^ stone_key(p, colour);
        let mut captured = 0;
        for k in 0..e.n_enemy {
            let r = e.enemy[k];
            if e.split[k] {
                // Every piece of a split group has a stone next to p: it is enough that each
                // of those keeps a liberty of its own.
                let all_keep = self.links.slots(p).iter().all(|sl| {
                    let n = sl.neighbour;
                    self.values[n as usize & INDEX_MASK] != opp
                        || self.root[n as usize & INDEX_MASK] != r
                        || self.keeps_liberty(n, p, true)
                });
                if !all_keep {
                    return Verdict::Unsure;
                }
            } else if self.pseudo[r as usize & INDEX_MASK] <= e.loss[k] {
                // The whole group dies: list it.
                let s = s.get_or_insert_with(Scratch::new);
                let mut c = r;
                loop {
                    s.list[captured & INDEX_MASK] = c;
                    captured += 1;
                    key ^= stone_key(c, opp);
                    c = self.next[c as usize & INDEX_MASK];
                    if c == r {
                        break;
                    }
                }
            }
        }
        match (e.own_pseudo > 0, captured) {
            (true, 0) => Verdict::Quiet(key),
            (true, n) => Verdict::Captures(n, key),
            (false, 0) => Verdict::Suicide,
            // Whether the captures give the new stone a liberty: let the flood decide.
            (false, _) => Verdict::Unsure,
        }
    }

    /// Tests a placement of `colour` on the empty point `p` by flooding: which enemy groups it
    /// captures and the key of the board afterwards, or `None` when the placed stone's group
    /// would have no liberty after the captures (suicide). Does not look at repetitions.
    ///
    /// Enemy neighbours that keep a liberty of their own are marked alive first; only the
    /// others are flooded, and a flood that reaches a stone known to live stops there.
    pub fn flood_test(&self, p: Cell, colour: u8, s: &mut Scratch) -> Option<(Effect, u64)> {
        debug_assert_eq!(self.value(p), EMPTY);
        let opp = opposing(colour);
        let v = &self.values;
        let slots = self.links.slots(p);
        let cells = self.links.cells();
        // Only the real points: the rest of the scratch board stays OFF from `Scratch::new`.
        s.board[..cells].copy_from_slice(&v[..cells]);
        s.board[p as usize & INDEX_MASK] = colour;
        s.visited = Visited::EMPTY;
        s.alive = Visited::EMPTY;
        let (mut free, mut supported, mut doubtful) = (false, false, false);
        for sl in slots {
            let n = sl.neighbour;
            let x = v[n as usize & INDEX_MASK];
            if x == EMPTY {
                // The new stone's link to an empty point does not depend on `p` itself, and
                // captures only remove enemy stones, so such a liberty survives them.
                free |= open(v, sl, colour);
            } else if x == opp {
                if self.keeps_liberty(n, p, true) {
                    s.visited.insert(n as usize);
                    s.alive.insert(n as usize);
                } else {
                    doubtful = true;
                }
            } else if x == colour && !supported && open(v, sl, colour) {
                supported = self.keeps_liberty(n, p, false);
            }
        }
        let mut len = 0;
        if doubtful {
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
                        // A flood from another piece that reaches these stones is joined to
                        // them, so it lives too.
                        for &c in &s.list[start..len] {
                            s.alive.insert(c as usize);
                        }
                        len = start;
                    }
                }
            }
        }
        let mut key = self.key ^ stone_key(p, colour);
        for &c in &s.list[..len] {
            s.board[c as usize & INDEX_MASK] = EMPTY;
            key ^= stone_key(c, opp);
        }
        if !free && !supported {
            // Own stones are never marked by the enemy floods.
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

    /// Whether the stone on `n` has a linked empty neighbour other than `p` once a stone is
    /// placed on `p` — of the opposing colour to `n` if `enemy_on_p`, else of `n`'s colour
    /// (which cannot cut `n`'s links, so the current board decides).
    #[inline]
    fn keeps_liberty(&self, n: Cell, p: Cell, enemy_on_p: bool) -> bool {
        let v = &self.values;
        let opp = opposing(v[n as usize & INDEX_MASK]);
        self.links.slots(n).iter().any(|sl| {
            let e = sl.neighbour;
            if e == p || v[e as usize & INDEX_MASK] != EMPTY {
                return false;
            }
            let (a, b) = (sl.common_a, sl.common_b);
            let a_open = v[a as usize & INDEX_MASK] != opp && !(enemy_on_p && a == p);
            let b_open = v[b as usize & INDEX_MASK] != opp && !(enemy_on_p && b == p);
            a_open || b_open
        })
    }

    /// Whether the board after placing `colour` on `p` and removing `captured` equals `points`
    /// (a snapshot).
    pub fn result_equals(&self, p: Cell, colour: u8, captured: &[Cell], points: &[u8]) -> bool {
        let cells = self.links.cells();
        let mut after = [OFF; ARRAY];
        after[..cells].copy_from_slice(&self.values[..cells]);
        after[p as usize & INDEX_MASK] = colour;
        for &c in captured {
            after[c as usize & INDEX_MASK] = EMPTY;
        }
        after[..cells] == *points
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
