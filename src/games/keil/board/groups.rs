//! Keeping the groups up to date as placements are played.
//!
//! Playing a placement finds its captures itself from the neighbour patterns and the
//! maintained counts, so `play` never repeats the test. The new stone merges with the friendly
//! groups it is linked to (their pseudo-liberties add up, less the pairs with the new stone's
//! point, plus its own links to empty points). Each enemy group next to it loses the pairs the
//! stone takes or cuts; one whose stone–stone link is cut is re-formed from its stones next to
//! the new one (every piece of a split group has one there, see `split.rs`), which counts each
//! piece's pseudo-liberties afterwards. Enemy groups or pieces left with none are removed. A
//! removed stone can restore friendly links and add friendly liberties, but never changes the
//! remaining enemy groups (an enemy stone next to a removed one was not linked to it, so it is
//! not linked to the empty point either).

use super::placement::EnemyLosses;
use super::{Board, Visited};
use crate::board::Cell;
use crate::games::keil::links::{
    closed_for, count, from_next, from_prev, lanes, opposing, slots_of, ARRAY, EMPTY, INDEX_MASK,
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
            let pat = self.neighbour_pattern(current);
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
    /// the union, whose pseudo-liberties are the sum of theirs.
    fn merge(&mut self, a: Cell, b: Cell) -> Cell {
        if a == b {
            return a;
        }
        let (ai, bi) = (a as usize & INDEX_MASK, b as usize & INDEX_MASK);
        let (big, small) = if self.size[ai] >= self.size[bi] {
            (ai, bi)
        } else {
            (bi, ai)
        };
        let mut c = small;
        loop {
            self.root[c] = big as Cell;
            c = self.next[c] as usize & INDEX_MASK;
            if c == small {
                break;
            }
        }
        // Splicing two circular lists: swap the successors of one stone of each.
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.pseudo[big] += self.pseudo[small];
        big as Cell
    }

    /// Plays a legal placement of `colour` on the empty point `p`: puts the stone, removes the
    /// enemy groups (or pieces of groups) left without a liberty, and brings the groups up to
    /// date.
    pub fn apply(&mut self, p: Cell, colour: u8) {
        let opp = opposing(colour);
        let nb = self.links.neighbours(p);
        let pat = self.neighbour_pattern(p);
        let closed_own = closed_for(pat, colour);
        let liberties = lanes(pat, EMPTY) & !closed_own;
        let linked_own = lanes(pat, colour) & !closed_own;
        let enemy = lanes(pat, opp);
        let losses = if enemy != 0 {
            self.enemy_losses(p, pat, colour)
        } else {
            EnemyLosses::default()
        };
        self.put(p, colour);
        // The new stone's group: its own links to empty points, merged with the friendly
        // groups linked to it, less their pairs with p. Captures add to it afterwards.
        let pi = p as usize & INDEX_MASK;
        self.root[pi] = p;
        self.next[pi] = p;
        self.size[pi] = 1;
        self.pseudo[pi] = count(liberties) as u16;
        // Neighbours k-1 and k that are both friendly stones are linked (p, a common
        // neighbour, is not the enemy's), so one merge per run of linked slots is enough.
        let mut runs = linked_own & !from_prev(linked_own);
        if runs == 0 && linked_own != 0 {
            runs = 1; // all six: one group
        }
        let mut r = p;
        for k in slots_of(runs) {
            r = self.merge(r, self.root[nb[k] as usize & INDEX_MASK]);
        }
        self.pseudo[r as usize & INDEX_MASK] -= count(linked_own) as u16;
        if enemy != 0 {
            self.update_enemies(p, colour, enemy, losses);
        }
        debug_assert!(
            self.pseudo[self.root[pi] as usize & INDEX_MASK] > 0,
            "a placement without liberty"
        );
        debug_assert!(self.groups_consistent(), "groups out of date after {p}");
    }

    /// The enemy groups next to the new stone on `p` (their stones on the slots of `enemy`):
    /// each loses the pseudo-liberties of `losses`; one that may have split is re-formed from
    /// its stones next to `p` ([`Board::resplit`]), which recounts each piece; then the groups and pieces left
    /// without a pseudo-liberty are removed.
    fn update_enemies(&mut self, p: Cell, colour: u8, enemy: u32, losses: EnemyLosses) {
        let opp = opposing(colour);
        let nb = self.links.neighbours(p);
        // Without branches: slots that are not enemy stones lose nothing. Without a cut link
        // the groups are final here, so the groups left without a pseudo-liberty are noted at
        // once (at the last of their slots).
        let mut dead = 0;
        for (k, &n) in nb.iter().enumerate() {
            let r = self.root[n as usize & INDEX_MASK] as usize & INDEX_MASK;
            self.pseudo[r] -= (losses.units >> (4 * k) & 0xF) as u16;
            dead |= ((self.pseudo[r] == 0) as u32) << (4 * k);
        }
        if losses.split_pairs != 0 {
            let mut split = [OFF_CELL; 3];
            let mut n_split = 0;
            for k in slots_of(losses.split_pairs) {
                let g = self.root[nb[k] as usize & INDEX_MASK];
                if !split[..n_split].contains(&g) {
                    split[n_split] = g;
                    n_split += 1;
                }
            }
            for &g in &split[..n_split] {
                self.resplit(p, g);
            }
            // The enemy neighbours whose group or piece has no pseudo-liberty left, found
            // without branches.
            dead = 0;
            for (k, &n) in nb.iter().enumerate() {
                let r = self.root[n as usize & INDEX_MASK] as usize & INDEX_MASK;
                dead |= ((self.pseudo[r] == 0) as u32) << (4 * k);
            }
        }
        for k in slots_of(dead & enemy) {
            let n = nb[k] as usize & INDEX_MASK;
            // A group with stones on several slots is removed at the first.
            if self.values[n] == opp {
                self.remove_group(self.root[n], colour);
            }
        }
    }

    /// Removes the enemy group with root `r`, stone by stone, crediting the friendly
    /// (`colour`) groups around each removed stone.
    fn remove_group(&mut self, r: Cell, colour: u8) {
        // The circular list of a removed group is left as it was: its links are not followed
        // again, and `clear` does not touch them.
        let mut c = r;
        loop {
            let following = self.next[c as usize & INDEX_MASK];
            self.clear(c);
            self.friendly_gains(c, colour);
            c = following;
            if c == r {
                break;
            }
        }
    }

    /// The friendly (`colour`) side of an enemy stone on `c` having just been removed: new
    /// pairs between friendly stones and the empty `c`, and friendly links through `c` that
    /// reopen — `c` is a common neighbour of the pairs of its adjacent neighbours, whose link
    /// was closed only if the other common neighbour (the diagonal) is an enemy stone too (or
    /// missing).
    fn friendly_gains(&mut self, c: Cell, colour: u8) {
        let opp = opposing(colour);
        let nb = self.links.neighbours(c);
        let pat = self.neighbour_pattern(c);
        let own = lanes(pat, colour);
        let empty = lanes(pat, EMPTY);
        for k in slots_of(own & !closed_for(pat, colour)) {
            let r = self.root[nb[k] as usize & INDEX_MASK] as usize & INDEX_MASK;
            self.pseudo[r] += 1;
        }
        let dpat = self.diagonal_pattern(c);
        let reopened = lanes(dpat, opp) | lanes(dpat, OFF);
        let own_next = from_next(own);
        for k in slots_of(reopened & own & own_next) {
            let (a, b) = (nb[k], nb[(k + 1) % 6]);
            let (ra, rb) = (
                self.root[a as usize & INDEX_MASK],
                self.root[b as usize & INDEX_MASK],
            );
            self.merge(ra, rb);
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
