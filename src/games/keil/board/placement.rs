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

/// What a stone of `colour` on an empty point `p` does to the enemy stones next to it, as slot
/// masks over `p`'s neighbours (see [`Board::enemy_losses`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct EnemyLosses {
    /// Per slot, in its nibble: how many pseudo-liberties the enemy stone there loses (0–3):
    /// its pair with `p`, and its links to empty neighbours `k ± 1` that `p` cuts.
    pub units: u32,
    /// Total of `units` over the slots.
    pub total: u32,
    /// Slots `k` whose stone–stone link to slot `k + 1` (both enemy) is cut: that group may
    /// split.
    pub split_pairs: u32,
}

impl Board {
    /// The [`EnemyLosses`] of a stone of `colour` on the empty point `p` whose neighbour
    /// pattern is `pat`.
    #[inline]
    pub(super) fn enemy_losses(&self, p: Cell, pat: u32, colour: u8) -> EnemyLosses {
        let opp = opposing(colour);
        let enemy = lanes(pat, opp);
        let empty = lanes(pat, EMPTY);
        // Enemy stones whose pair with p was a liberty link.
        let pair_loss = enemy & !closed_for(pat, opp);
        // The pair (k, k+1) has p and diagonal k as common neighbours; p is empty, so it is
        // linked now, and the stone cuts it iff the diagonal is ours or missing.
        let dpat = self.diagonal_pattern(p);
        let cut = lanes(dpat, colour) | lanes(dpat, OFF);
        let enemy_next = from_next(enemy);
        let loss_first = cut & enemy & from_next(empty);
        let loss_second = from_prev(cut & empty & enemy_next);
        EnemyLosses {
            // Each nibble adds at most three ones: no carry.
            units: pair_loss + loss_first + loss_second,
            total: count(pair_loss) + count(loss_first) + count(loss_second),
            split_pairs: cut & enemy & enemy_next,
        }
    }

    /// What a stone of `colour` on the empty point `p` changes around it (see [`RingEffect`]).
    pub(super) fn ring_effect(&self, p: Cell, colour: u8) -> RingEffect {
        let nb = self.links.neighbours(p);
        let pat = self.neighbour_pattern(p);
        let closed_own = closed_for(pat, colour);
        let liberties = lanes(pat, EMPTY) & !closed_own;
        let linked_own = lanes(pat, colour) & !closed_own;
        let enemy = lanes(pat, opposing(colour));
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
            let m = self.enemy_losses(p, pat, colour);
            for k in slots_of(enemy) {
                let i = e.enemy_index(self.root[nb[k] as usize & INDEX_MASK]);
                e.loss[i] += (m.units >> (4 * k) & 0xF) as u16;
                e.split[i] |= bit(m.split_pairs, k) != 0;
            }
        }
        e
    }

    /// Tests a placement of `colour` on the empty point `p`: what it captures (listed in
    /// `scratch`, created when needed), whether the new group has a liberty, and the board
    /// key afterwards. Does not look at repetitions.
    ///
    /// The common case is decided from the patterns alone: no enemy link is cut and every
    /// enemy group next to `p` has more pseudo-liberties than all the enemy stones there lose
    /// together, so nothing is captured; then the new stone lives iff it has an empty linked
    /// neighbour or a linked friendly group has a pseudo-liberty besides its pairs with `p`.
    pub fn test(&self, p: Cell, colour: u8, scratch: &mut Option<Scratch>) -> Verdict {
        debug_assert_eq!(self.value(p), EMPTY);
        let pat = self.neighbour_pattern(p);
        let enemy = lanes(pat, opposing(colour));
        if enemy != 0 {
            let m = self.enemy_losses(p, pat, colour);
            if m.split_pairs != 0 {
                return self.careful_test(p, colour, scratch);
            }
            let nb = self.links.neighbours(p);
            for k in slots_of(enemy) {
                let r = self.root[nb[k] as usize & INDEX_MASK];
                if self.pseudo[r as usize & INDEX_MASK] as u32 <= m.total {
                    return self.careful_test(p, colour, scratch);
                }
            }
        }
        let closed_own = closed_for(pat, colour);
        let key = self.key ^ stone_key(p, colour);
        if lanes(pat, EMPTY) & !closed_own != 0 {
            return Verdict::Quiet(key);
        }
        // No empty linked neighbour: the friendly groups linked to p must bring a liberty.
        let nb = self.links.neighbours(p);
        let linked_own = lanes(pat, colour) & !closed_own;
        let mut roots = [0 as Cell; 6];
        let (mut n, mut pseudo) = (0, 0u32);
        for k in slots_of(linked_own) {
            let r = self.root[nb[k] as usize & INDEX_MASK];
            if !roots[..n].contains(&r) {
                roots[n] = r;
                n += 1;
                pseudo += self.pseudo[r as usize & INDEX_MASK] as u32;
            }
        }
        if pseudo > count(linked_own) {
            Verdict::Quiet(key)
        } else {
            Verdict::Suicide
        }
    }

    /// [`Board::test`] when an enemy group next to `p` may split or die.
    fn careful_test(&self, p: Cell, colour: u8, scratch: &mut Option<Scratch>) -> Verdict {
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
        let nb = self.links.neighbours(p);
        // The enemy floods read the maintained patterns, with the new stone patched into the
        // patterns of p's neighbours (p is their slot k + 3).
        let mut near = Visited::EMPTY;
        for &n in nb {
            near.insert(n as usize & INDEX_MASK);
        }
        let patched = |c: Cell| {
            let mut pat = self.neighbour_pattern(c);
            if !near.contains(c as usize & INDEX_MASK) {
                return pat;
            }
            let k = nb.iter().position(|&n| n == c).unwrap_or(0);
            pat ^= (1 << EMPTY | 1 << colour) << (4 * ((k + 3) % 6));
            pat
        };
        let mut visited = Visited::EMPTY;
        let mut alive = Visited::EMPTY;
        let mut len = 0;
        let mut key = self.key ^ stone_key(p, colour);
        for i in 0..e.n_enemy {
            let r = e.enemy[i];
            if self.pseudo[r as usize & INDEX_MASK] <= e.loss[i] {
                key ^= self.list_group(r, &mut s.list, &mut len);
            } else if e.split[i] {
                for &n in nb {
                    let ni = n as usize & INDEX_MASK;
                    if self.values[ni] != opp || self.root[ni] != r || visited.contains(ni) {
                        continue;
                    }
                    let start = len;
                    let lives = flood_has_liberty(
                        self.links,
                        n,
                        opp,
                        patched,
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
            // Rare: the new group has a liberty only if the captures give it one. Flood it
            // on a copy of the board after the captures.
            let mut board = self.values;
            board[p as usize & INDEX_MASK] = colour;
            for &c in &s.list[..len] {
                board[c as usize & INDEX_MASK] = EMPTY;
            }
            // Own stones are never marked by the enemy floods.
            let mut own_len = len;
            if !flood_has_liberty(
                self.links,
                p,
                colour,
                |c| pattern(&board, self.links.neighbours(c)),
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

/// Floods the group of the `colour` stone on `start` over stone–stone links, appending its
/// stones to `list[*len..]`; `pattern_of` gives the pattern of a point's neighbours on the
/// board being flooded. Returns `true` as soon as a liberty shows up, or a stone of `alive`
/// (part of a group already known to live) — the list then holds only part of the group —
/// and `false` after the whole group was listed without one.
///
/// `visited` marks stones of earlier floods too; a linked stone marked by an earlier flood
/// that found no liberty cannot be reached (that flood listed its whole group), so a marked
/// stone that is not in `alive` belongs to this flood.
#[allow(clippy::too_many_arguments)]
#[inline]
fn flood_has_liberty(
    links: &LinkTable,
    start: Cell,
    colour: u8,
    pattern_of: impl Fn(Cell) -> u32,
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
        let pat = pattern_of(s);
        let closed = closed_for(pat, colour);
        if lanes(pat, EMPTY) & !closed != 0 {
            return true;
        }
        let nb = links.neighbours(s);
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
