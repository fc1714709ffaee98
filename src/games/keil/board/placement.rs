//! Testing a placement: which enemy stones it captures, whether the new stone's group keeps a
//! liberty, and the key of the board afterwards.
//!
//! Why captures can happen away from the new stone (SPEC §3): a stone on `p` is a common
//! neighbour of every pair of adjacent neighbours of `p`, so it can cut enemy links between
//! them. Every cut link and every lost liberty still has an enemy stone next to `p`.
//!
//! [`Board::ring_effect`] reads everything a placement changes from the neighbours and
//! diagonals of `p` (two [`pattern`]s) and the maintained groups. With the pseudo-liberty
//! counts that decides most placements exactly: an enemy group dies whole when it loses its
//! last pseudo-liberty, lives when it keeps one and none of its stone–stone links is cut.
//! Only a group whose link is cut (it may split) and that keeps some pseudo-liberty needs a
//! flood: each piece must have a liberty of its own. The new stone's group lives when it has a
//! pseudo-liberty before the captures (captures only add liberties); otherwise, if something
//! is captured, a flood after the captures decides.

use super::{stone_key, Board, Visited};
use crate::board::Cell;
use crate::games::keil::links::{
    bit, closed_for, count, from_next, from_prev, lanes, opposing, pattern, slots_of, LinkTable,
    ARRAY, EMPTY, INDEX_MASK, OFF,
};

/// The answer of [`Board::test`] for a placement on an empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Legal as far as captures and suicide go, captures nothing; the board key afterwards.
    Quiet(u64),
    /// Legal as far as captures and suicide go; captures the stones listed first in the
    /// scratch, this many; the board key afterwards.
    Captures(usize, u64),
    /// The new stone's group has no liberty after the captures.
    Suicide,
}

/// What a stone of `colour` on `p` changes around it, read from the board before it is
/// placed.
pub(super) struct RingEffect {
    /// Roots of the enemy groups next to `p`.
    pub enemy: [Cell; 6],
    /// Pseudo-liberties each of them loses: its pairs with `p`, and its stone–empty links
    /// that `p` cuts.
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

/// Work space of a placement test that captures: the captured stones come first in `list`.
/// Lives on the caller's stack, created only when needed.
pub struct Scratch {
    list: [Cell; ARRAY],
}

impl Scratch {
    /// Fresh work space.
    pub fn new() -> Scratch {
        Scratch { list: [0; ARRAY] }
    }

    /// The stones a placement with this verdict captures (in the order found).
    pub fn captured(&self, verdict: Verdict) -> &[Cell] {
        match verdict {
            Verdict::Captures(n, _) => &self.list[..n],
            _ => &[],
        }
    }
}

impl Board {
    /// What a stone of `colour` on the empty point `p` changes around it (see [`RingEffect`]).
    #[inline]
    pub(super) fn ring_effect(&self, p: Cell, colour: u8) -> RingEffect {
        let v = &self.values;
        let nb = self.links.neighbours(p);
        let opp = opposing(colour);
        let pat = pattern(v, nb);
        let empty = lanes(pat, EMPTY);
        let own = lanes(pat, colour);
        let enemy = lanes(pat, opp);
        let closed_own = closed_for(pat, colour);
        let liberties = empty & !closed_own;
        let linked_own = own & !closed_own;
        let mut e = RingEffect {
            enemy: [0; 6],
            loss: [0; 6],
            split: [false; 6],
            n_enemy: 0,
            own: [0; 6],
            n_own: 0,
            // Each linked friendly stone's pair with p stops being a pseudo-liberty.
            own_pseudo: count(liberties) as i32 - count(linked_own) as i32,
        };
        for k in slots_of(linked_own) {
            let r = self.root[nb[k] as usize & INDEX_MASK];
            if !e.own[..e.n_own].contains(&r) {
                e.own[e.n_own] = r;
                e.n_own += 1;
                e.own_pseudo += self.pseudo[r as usize & INDEX_MASK] as i32;
            }
        }
        if enemy != 0 {
            // Enemy stones whose pair with p was a liberty link.
            let pair_loss = enemy & !closed_for(pat, opp);
            // The pair (k, k+1) has p and diagonal k as common neighbours; p is empty, so it
            // is linked now, and the stone cuts it iff the diagonal is ours or missing.
            let dpat = pattern(v, self.links.diagonals(p));
            let cut = lanes(dpat, colour) | lanes(dpat, OFF);
            let (enemy_next, empty_next) = (from_next(enemy), from_next(empty));
            let split_pairs = cut & enemy & enemy_next;
            let loss_first = cut & enemy & empty_next;
            let loss_second = from_prev(cut & empty & enemy_next);
            for k in slots_of(enemy) {
                let i = e.enemy_index(self.root[nb[k] as usize & INDEX_MASK]);
                e.loss[i] += bit(pair_loss, k) + bit(loss_first, k) + bit(loss_second, k);
                e.split[i] |= bit(split_pairs, k) != 0;
            }
        }
        e
    }

    /// Tests a placement of `colour` on the empty point `p`: what it captures (listed in
    /// `scratch`, created when needed), whether the new group has a liberty, and the board
    /// key afterwards. Does not look at repetitions.
    pub fn test(&self, p: Cell, colour: u8, scratch: &mut Option<Scratch>) -> Verdict {
        debug_assert_eq!(self.value(p), EMPTY);
        let e = self.ring_effect(p, colour);
        let mut key = self.key ^ stone_key(p, colour);
        let mut captured = 0;
        let mut may_split = false;
        for i in 0..e.n_enemy {
            let r = e.enemy[i];
            let pseudo = self.pseudo[r as usize & INDEX_MASK];
            debug_assert!(
                e.loss[i] <= pseudo,
                "lost pseudo-liberties were pseudo-liberties"
            );
            if pseudo <= e.loss[i] {
                // No pseudo-liberty left: every stone of the group dies, split or not.
                let s = scratch.get_or_insert_with(Scratch::new);
                key ^= self.list_group(r, &mut s.list, &mut captured);
            } else {
                may_split |= e.split[i];
            }
        }
        if may_split || (e.own_pseudo <= 0 && captured > 0) {
            return self.flood_test(p, colour, &e, scratch.get_or_insert_with(Scratch::new));
        }
        match (e.own_pseudo > 0, captured) {
            (true, 0) => Verdict::Quiet(key),
            (true, n) => Verdict::Captures(n, key),
            (false, _) => Verdict::Suicide,
        }
    }

    /// Appends the stones of the group with root `r` to `list[*len..]`; returns the XOR of
    /// their keys.
    fn list_group(&self, r: Cell, list: &mut [Cell; ARRAY], len: &mut usize) -> u64 {
        let colour = self.value(r);
        let mut key = 0;
        let mut c = r;
        loop {
            list[*len & INDEX_MASK] = c;
            *len += 1;
            key ^= stone_key(c, colour);
            c = self.next[c as usize & INDEX_MASK];
            if c == r {
                return key;
            }
        }
    }

    /// The exact test when the ring cannot decide: the pieces of every enemy group that may
    /// split are flooded (on a copy of the board with the new stone) until each finds a
    /// liberty or is found dead; groups with no pseudo-liberty left die whole; then, if the new
    /// group had no pseudo-liberty before the captures, it is flooded after them.
    fn flood_test(&self, p: Cell, colour: u8, e: &RingEffect, s: &mut Scratch) -> Verdict {
        let opp = opposing(colour);
        let mut board = self.values;
        board[p as usize & INDEX_MASK] = colour;
        let mut visited = Visited::EMPTY;
        let mut alive = Visited::EMPTY;
        let mut len = 0;
        let mut key = self.key ^ stone_key(p, colour);
        let nb = self.links.neighbours(p);
        for i in 0..e.n_enemy {
            let r = e.enemy[i];
            if self.pseudo[r as usize & INDEX_MASK] <= e.loss[i] {
                key ^= self.list_group(r, &mut s.list, &mut len);
            } else if e.split[i] {
                for &n in nb {
                    let ni = n as usize & INDEX_MASK;
                    if board[ni] != opp || self.root[ni] != r || visited.contains(ni) {
                        continue;
                    }
                    let start = len;
                    let lives = flood_has_liberty(
                        &board,
                        self.links,
                        n,
                        &mut visited,
                        &alive,
                        &mut s.list,
                        &mut len,
                    );
                    if lives {
                        // A flood from another piece that reaches these stones is joined to
                        // them, so it lives too.
                        for &c in &s.list[start..len] {
                            alive.insert(c as usize);
                        }
                        len = start;
                    } else {
                        for &c in &s.list[start..len] {
                            key ^= stone_key(c, opp);
                        }
                    }
                }
            }
        }
        if e.own_pseudo <= 0 {
            if len == 0 {
                return Verdict::Suicide;
            }
            for &c in &s.list[..len] {
                board[c as usize & INDEX_MASK] = EMPTY;
            }
            // Own stones are never marked by the enemy floods.
            let mut own_len = len;
            if !flood_has_liberty(
                &board,
                self.links,
                p,
                &mut visited,
                &alive,
                &mut s.list,
                &mut own_len,
            ) {
                return Verdict::Suicide;
            }
        }
        if len == 0 {
            Verdict::Quiet(key)
        } else {
            Verdict::Captures(len, key)
        }
    }

    /// Whether the stones after placing `colour` on `p` and removing `captured` equal
    /// `snapshot` (written by [`Board::push_snapshot`]).
    pub fn result_equals(&self, p: Cell, colour: u8, captured: &[Cell], snapshot: &[u64]) -> bool {
        let mut sets = self.colour_sets;
        sets[colour as usize - 1].insert(p as usize);
        let opp = opposing(colour) as usize - 1;
        for &c in captured {
            sets[opp].remove(c as usize);
        }
        let w = self.snapshot_words();
        sets[0].0[..w] == snapshot[..w] && sets[1].0[..w] == snapshot[w..2 * w]
    }
}

/// Floods the group of the stone on `start` over stone–stone links of board `b`, appending its
/// stones to `list[*len..]`. Returns `true` as soon as a liberty shows up, or a stone of
/// `alive` (part of a group already known to live) — the list then holds only part of the
/// group — and `false` after the whole group was listed without one.
///
/// `visited` marks stones of earlier floods too; a linked stone marked by an earlier flood
/// that found no liberty cannot be reached (that flood listed its whole group), so a marked
/// stone that is not in `alive` belongs to this flood.
#[inline]
fn flood_has_liberty(
    b: &[u8; ARRAY],
    links: &LinkTable,
    start: Cell,
    visited: &mut Visited,
    alive: &Visited,
    list: &mut [Cell; ARRAY],
    len: &mut usize,
) -> bool {
    let colour = b[start as usize & INDEX_MASK];
    visited.insert(start as usize);
    let mut i = *len;
    list[i & INDEX_MASK] = start;
    *len += 1;
    while i < *len {
        let s = list[i & INDEX_MASK];
        i += 1;
        let nb = links.neighbours(s);
        let pat = pattern(b, nb);
        let closed = closed_for(pat, colour);
        if lanes(pat, EMPTY) & !closed != 0 {
            return true;
        }
        for k in slots_of(lanes(pat, colour) & !closed) {
            let n = nb[k] as usize & INDEX_MASK;
            if !visited.contains(n) {
                visited.insert(n);
                list[*len & INDEX_MASK] = n as Cell;
                *len += 1;
            } else if alive.contains(n) {
                return true;
            }
        }
    }
    false
}
