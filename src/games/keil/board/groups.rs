//! Keeping the groups up to date as placements are played.
//!
//! A quiet placement (no capture) changes groups only around it: the new stone merges with the
//! friendly groups it is linked to (their pseudo-liberties add up, less the pairs with the new
//! stone's point, plus its own links to empty points); each enemy group next to it loses the
//! pairs the stone takes or cuts, and one whose stone–stone link is cut is re-flooded from its
//! stones next to the new one (every piece of a split group has one there). A capture
//! re-floods the groups around the new stone and the friendly groups next to the removed
//! stones: removed enemy stones can restore friendly links and add friendly liberties, but
//! never change the remaining enemy groups (an enemy stone next to a removed one was not
//! linked to it, so it is not linked to the empty point either).

use super::placement::RingEffect;
use super::{Board, Visited};
use crate::board::Cell;
use crate::games::keil::links::{open, opposing, ARRAY, EMPTY, INDEX_MASK, OFF, OFF_CELL};

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
            for sl in self.links.slots(current) {
                let n = sl.neighbour;
                let x = self.values[n as usize & INDEX_MASK];
                if x == EMPTY {
                    if open(&self.values, sl, colour) {
                        pseudo += 1;
                    }
                } else if x == colour
                    && !visited.contains(n as usize)
                    && open(&self.values, sl, colour)
                {
                    visited.insert(n as usize);
                    self.root[n as usize & INDEX_MASK] = root;
                    // Append after the tail: the list stays circular through the root.
                    self.next[n as usize & INDEX_MASK] = root;
                    self.next[tail as usize & INDEX_MASK] = n;
                    tail = n;
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

    /// Plays a placement that [`Board::fast_test`] or [`Board::flood_test`] accepted, removing the `captured` stones,
    /// and brings the groups up to date.
    pub fn apply(&mut self, p: Cell, colour: u8, captured: &[Cell]) {
        if captured.is_empty() {
            self.apply_quiet(p, colour);
        } else {
            self.apply_captures(p, colour, captured);
        }
        debug_assert!(self.groups_consistent(), "groups out of date after {p}");
    }

    fn apply_quiet(&mut self, p: Cell, colour: u8) {
        let ring = self.ring_effect(p, colour);
        self.put(p, colour);
        let r = self.join_new_stone(p, &ring.own[..ring.n_own]);
        debug_assert!(ring.own_pseudo > 0, "a quiet placement without liberty");
        self.pseudo[r as usize & INDEX_MASK] = ring.own_pseudo as u16;
        self.update_enemies(p, colour, &ring);
    }

    fn apply_captures(&mut self, p: Cell, colour: u8, captured: &[Cell]) {
        let ring = self.ring_effect(p, colour);
        self.put(p, colour);
        let r = self.join_new_stone(p, &ring.own[..ring.n_own]);
        // Before the captures; they only add (the new stone may have had none).
        self.pseudo[r as usize & INDEX_MASK] = ring.own_pseudo.max(0) as u16;
        for &c in captured {
            self.clear(c);
            self.friendly_gains(c, colour);
        }
        self.update_enemies(p, colour, &ring);
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
    /// re-flooded from its surviving stones next to `p`; one that did not split loses the
    /// pseudo-liberties the stone took or cut, unless it was captured whole.
    fn update_enemies(&mut self, p: Cell, colour: u8, ring: &RingEffect) {
        let opp = opposing(colour);
        for k in 0..ring.n_enemy {
            let r = ring.enemy[k];
            if ring.split[k] {
                let mut visited = Visited::EMPTY;
                for sl in self.links.slots(p) {
                    let n = sl.neighbour;
                    if self.values[n as usize & INDEX_MASK] == opp
                        && self.root[n as usize & INDEX_MASK] == r
                        && !visited.contains(n as usize)
                    {
                        self.label_group(n, &mut visited);
                    }
                }
            } else if self.values[r as usize & INDEX_MASK] == opp {
                self.pseudo[r as usize & INDEX_MASK] -= ring.loss[k];
            }
        }
    }

    /// The friendly (`colour`) side of an enemy stone on `c` having just been removed: new
    /// pairs between friendly stones and the empty `c`, and friendly links through `c` that
    /// reopen — `c` is a common neighbour of its ring pairs, whose link was closed only if the
    /// other common neighbour is an enemy stone too (or missing).
    fn friendly_gains(&mut self, c: Cell, colour: u8) {
        let opp = opposing(colour);
        for sl in self.links.slots(c) {
            let n = sl.neighbour;
            if self.values[n as usize & INDEX_MASK] == colour && open(&self.values, sl, colour) {
                let r = self.root[n as usize & INDEX_MASK] as usize & INDEX_MASK;
                self.pseudo[r] += 1;
            }
        }
        for rp in self.links.ring(c) {
            let o = self.values[rp.other as usize & INDEX_MASK];
            if o != opp && o != OFF {
                continue; // the link was open before
            }
            let (a, b) = (
                self.values[rp.a as usize & INDEX_MASK],
                self.values[rp.b as usize & INDEX_MASK],
            );
            if a == colour && b == colour {
                let (ra, rb) = (
                    self.root[rp.a as usize & INDEX_MASK],
                    self.root[rp.b as usize & INDEX_MASK],
                );
                if ra != rb {
                    let sum = self.pseudo[ra as usize & INDEX_MASK]
                        + self.pseudo[rb as usize & INDEX_MASK];
                    let r = self.merge(ra, rb);
                    self.pseudo[r as usize & INDEX_MASK] = sum;
                }
            } else if a == colour && b == EMPTY {
                let r = self.root[rp.a as usize & INDEX_MASK] as usize & INDEX_MASK;
                self.pseudo[r] += 1;
            } else if b == colour && a == EMPTY {
                let r = self.root[rp.b as usize & INDEX_MASK] as usize & INDEX_MASK;
                self.pseudo[r] += 1;
            }
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
