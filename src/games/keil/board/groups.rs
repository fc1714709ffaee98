//! Keeping the groups up to date as placements are played.
//!
//! Playing a placement finds its captures itself, from the same [`RingEffect`] the test
//! reads, so `play` never repeats the test. The new stone merges with the friendly groups it is
//! linked to (their pseudo-liberties add up, less the pairs with the new stone's point, plus
//! its own links to empty points). Each enemy group next to it loses the pairs the stone takes
//! or cuts; one whose stone–stone link is cut is re-flooded from its stones next to the new one
//! (every piece of a split group has one there), which counts each piece's pseudo-liberties
//! afterwards. Enemy groups or pieces left with none are removed. A removed stone can restore
//! friendly links and add friendly liberties, but never changes the remaining enemy groups (an
//! enemy stone next to a removed one was not linked to it, so it is not linked to the empty
//! point either).

use super::placement::RingEffect;
use super::{Board, Visited};
use crate::board::Cell;
use crate::games::keil::links::{
    closed_for, count, from_next, lanes, opposing, pattern, slots_of, ARRAY, EMPTY, INDEX_MASK,
    OFF, OFF_CELL,
};

impl Board {
    /// Labels every group from scratch.
    pub(super) fn rebuild_groups(&mut self) {
        let mut visited = Visited::EMPTY;
        for c in 0..self.links.cells() as Cell {
            let v = self.values[c as usize];
            if v != EMPTY && v != OFF && !visited.contains(c as usize) {
                self.label_group(c, &mut visited);
            }
        }
    }

    /// Floods the group of the stone on `seed` (over stone–stone links on the current board),
    /// making `seed` its root, and counts its pseudo-liberties. The group's circular list is
    /// built as the flood goes and serves as its queue. `visited` marks the stones labelled in
    /// this pass.
    pub(super) fn label_group(&mut self, seed: Cell, visited: &mut Visited) {
        let colour = self.values[seed as usize & INDEX_MASK];
        let root = seed;
        visited.insert(seed as usize);
        self.root[seed as usize & INDEX_MASK] = root;
        self.next[seed as usize & INDEX_MASK] = root;
        let (mut tail, mut current) = (seed, seed);
        let (mut size, mut pseudo) = (1u16, 0u16);
        loop {
            let nb = self.links.neighbours(current);
            let pat = pattern(&self.values, nb);
            let closed = closed_for(pat, colour);
            pseudo += count(lanes(pat, EMPTY) & !closed) as u16;
            for k in slots_of(lanes(pat, colour) & !closed) {
                let n = nb[k] as usize & INDEX_MASK;
                if !visited.contains(n) {
                    visited.insert(n);
                    self.root[n] = root;
                    // Append after the tail: the list stays circular through the root.
                    self.next[n] = root;
                    self.next[tail as usize & INDEX_MASK] = n as Cell;
                    tail = n as Cell;
                    size += 1;
                }
            }
            current = self.next[current as usize & INDEX_MASK];
            if current == root {
                break;
            }
        }
        self.size[root as usize & INDEX_MASK] = size;
        self.pseudo[root as usize & INDEX_MASK] = pseudo;
    }

    /// Merges the groups with roots `a` and `b` (relabelling the smaller); returns the root of
    /// the union. Its pseudo-liberties are left for the caller to set.
    fn merge(&mut self, a: Cell, b: Cell) -> Cell {
        if a == b {
            return a;
        }
        let (big, small) =
            if self.size[a as usize & INDEX_MASK] >= self.size[b as usize & INDEX_MASK] {
                (a, b)
            } else {
                (b, a)
            };
        let mut c = small;
        loop {
            self.root[c as usize & INDEX_MASK] = big;
            c = self.next[c as usize & INDEX_MASK];
            if c == small {
                break;
            }
        }
        // Splicing two circular lists: swap the successors of one stone of each.
        self.next
            .swap(big as usize & INDEX_MASK, small as usize & INDEX_MASK);
        self.size[big as usize & INDEX_MASK] += self.size[small as usize & INDEX_MASK];
        big
    }

    /// Plays a legal placement of `colour` on the empty point `p`: puts the stone, removes the
    /// enemy groups (or pieces of groups) left without a liberty, and brings the groups up to
    /// date.
    pub fn apply(&mut self, p: Cell, colour: u8) {
        let ring = self.ring_effect(p, colour);
        self.put(p, colour);
        let r = self.join_new_stone(p, &ring.own[..ring.n_own]);
        // Before the captures, which only add (the new stone may have had none).
        self.pseudo[r as usize & INDEX_MASK] = ring.own_pseudo.max(0) as u16;
        let mut dead = [OFF_CELL; 6];
        let n_dead = self.update_enemies(p, colour, &ring, &mut dead);
        for &d in &dead[..n_dead] {
            // The circular list of a removed group is left as it was: its links are not
            // followed again, and `clear` does not touch them.
            let mut c = d;
            loop {
                let following = self.next[c as usize & INDEX_MASK];
                self.clear(c);
                self.friendly_gains(c, colour);
                c = following;
                if c == d {
                    break;
                }
            }
        }
        debug_assert!(
            self.pseudo[self.root[p as usize & INDEX_MASK] as usize & INDEX_MASK] > 0,
            "a placement without liberty"
        );
        debug_assert!(self.groups_consistent(), "groups out of date after {p}");
    }

    /// Makes the new stone on `p` a group and merges it with the friendly groups `own`; returns
    /// the root of the result.
    fn join_new_stone(&mut self, p: Cell, own: &[Cell]) -> Cell {
        let pi = p as usize & INDEX_MASK;
        self.root[pi] = p;
        self.next[pi] = p;
        self.size[pi] = 1;
        let mut r = p;
        for &h in own {
            r = self.merge(r, h);
        }
        r
    }

    /// The enemy groups next to the new stone on `p`: a group that may have split is
    /// re-flooded from its stones next to `p`; one that did not split loses the
    /// pseudo-liberties the stone took or cut. The roots of the groups and pieces left without
    /// a pseudo-liberty go to `dead`; returns how many.
    fn update_enemies(
        &mut self,
        p: Cell,
        colour: u8,
        ring: &RingEffect,
        dead: &mut [Cell; 6],
    ) -> usize {
        let opp = opposing(colour);
        let mut n_dead = 0;
        for k in 0..ring.n_enemy {
            let r = ring.enemy[k];
            let ri = r as usize & INDEX_MASK;
            if self.pseudo[ri] <= ring.loss[k] {
                self.pseudo[ri] = 0;
                dead[n_dead] = r;
                n_dead += 1;
            } else if ring.split[k] {
                let mut visited = Visited::EMPTY;
                for &n in self.links.neighbours(p) {
                    let ni = n as usize & INDEX_MASK;
                    if self.values[ni] == opp && self.root[ni] == r && !visited.contains(ni) {
                        self.label_group(n, &mut visited);
                        if self.pseudo[ni] == 0 {
                            dead[n_dead] = n;
                            n_dead += 1;
                        }
                    }
                }
            } else {
                self.pseudo[ri] -= ring.loss[k];
            }
        }
        n_dead
    }

    /// The friendly (`colour`) side of an enemy stone on `c` having just been removed: new
    /// pairs between friendly stones and the empty `c`, and friendly links through `c` that
    /// reopen — `c` is a common neighbour of the pairs of its adjacent neighbours, whose link
    /// was closed only if the other common neighbour (the diagonal) is an enemy stone too (or
    /// missing).
    fn friendly_gains(&mut self, c: Cell, colour: u8) {
        let opp = opposing(colour);
        let nb = self.links.neighbours(c);
        let pat = pattern(&self.values, nb);
        let own = lanes(pat, colour);
        let empty = lanes(pat, EMPTY);
        for k in slots_of(own & !closed_for(pat, colour)) {
            let r = self.root[nb[k] as usize & INDEX_MASK] as usize & INDEX_MASK;
            self.pseudo[r] += 1;
        }
        let dpat = pattern(&self.values, self.links.diagonals(c));
        let reopened = lanes(dpat, opp) | lanes(dpat, OFF);
        let own_next = from_next(own);
        for k in slots_of(reopened & own & own_next) {
            let (a, b) = (nb[k], nb[(k + 1) % 6]);
            let (ra, rb) = (
                self.root[a as usize & INDEX_MASK],
                self.root[b as usize & INDEX_MASK],
            );
            if ra != rb {
                let sum =
                    self.pseudo[ra as usize & INDEX_MASK] + self.pseudo[rb as usize & INDEX_MASK];
                let r = self.merge(ra, rb);
                self.pseudo[r as usize & INDEX_MASK] = sum;
            }
        }
        for k in slots_of(reopened & own & from_next(empty)) {
            let r = self.root[nb[k] as usize & INDEX_MASK] as usize & INDEX_MASK;
            self.pseudo[r] += 1;
        }
        for k in slots_of(reopened & empty & own_next) {
            let r = self.root[nb[(k + 1) % 6] as usize & INDEX_MASK] as usize & INDEX_MASK;
            self.pseudo[r] += 1;
        }
    }

    /// Whether the maintained groups equal the groups rebuilt from scratch (same partition,
    /// sizes and pseudo-liberties, well-formed circular lists). For debug assertions and tests.
    pub fn groups_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.rebuild_groups();
        let cells = self.links.cells();
        let mut map = [OFF_CELL; ARRAY];
        let mut members = [0u16; ARRAY];
        for c in 0..cells {
            let v = self.values[c];
            if v == EMPTY {
                continue;
            }
            let (fr, cr) = (fresh.root[c] as usize, self.root[c] as usize);
            if self.root[cr] as usize != cr || self.values[cr] != v {
                return false;
            }
            if map[fr] == OFF_CELL {
                map[fr] = cr as Cell;
            } else if map[fr] as usize != cr {
                return false;
            }
            if fresh.size[fr] != self.size[cr] || fresh.pseudo[fr] != self.pseudo[cr] {
                return false;
            }
            members[cr] += 1;
        }
        for (c, &count) in members.iter().enumerate().take(cells) {
            if self.values[c] != EMPTY && self.root[c] as usize == c {
                if count != self.size[c] {
                    return false;
                }
                let (mut s, mut walked) = (c as Cell, 0u16);
                loop {
                    if self.root[s as usize] as usize != c || walked > self.size[c] {
                        return false;
                    }
                    walked += 1;
                    s = self.next[s as usize];
                    if s as usize == c {
                        break;
                    }
                }
                if walked != self.size[c] {
                    return false;
                }
            }
        }
        true
    }
}
