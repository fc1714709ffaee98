//! Testing a placement: which enemy stones it captures, whether the new stone's group keeps a
//! liberty, and the key of the board afterwards.
//!
//! Why captures can happen away from the new stone (SPEC §3): a stone on `p` is a common
//! neighbour of every pair of adjacent neighbours of `p`, so it can cut enemy links between
//! them. Every cut link and every lost liberty still has an enemy stone next to `p`.
//!
//! Everything a placement changes is read from the [`pattern`]s of `p`'s neighbours and
//! diagonals ([`Board::enemy_losses`]) and the maintained groups. With the pseudo-liberty
//! counts that decides most placements exactly: an enemy group dies whole when it loses its
//! last pseudo-liberty, lives when it keeps one and none of its stone–stone links is cut.
//! Only a group whose link is cut (it may split) and that keeps some pseudo-liberty needs a
//! flood: each piece must have a liberty of its own. The new stone's group lives when it has a
//! pseudo-liberty before the captures (captures only add liberties); otherwise, if something
//! is captured, a flood after the captures decides.

use super::Board;
use crate::board::{BitSet, Cell, Mask};
use crate::games::keil::links::{
    closed_for, count, from_next, from_prev, lanes, opposing, pattern, slots_of, EMPTY, INDEX_MASK,
    OFF, OFF_CELL,
};

/// The answer of [`Board::test`] for a placement on an empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Legal as far as captures and suicide go, captures nothing; the board key afterwards.
    Quiet(u64),
    /// Legal as far as captures and suicide go; the board key afterwards and the captured
    /// stones.
    Captures(u64, Mask),
    /// The new stone's group has no liberty after the captures.
    Suicide,
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

/// The enemy groups next to `p`, each with the pseudo-liberties it loses and whether it may
/// split.
struct EnemyGroups {
    root: [Cell; 6],
    loss: [u16; 6],
    split: [bool; 6],
    len: usize,
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

    /// Tests a placement of `colour` on the empty point `p`: what it captures, whether the new
    /// group has a liberty, and the board key afterwards. Does not look at repetitions.
    ///
    /// The common case is decided from the patterns alone: no enemy link is cut and every
    /// enemy group next to `p` has more pseudo-liberties than all the enemy stones there lose
    /// together, so nothing is captured; then the new stone lives iff it has an empty linked
    /// neighbour or a linked friendly group has a pseudo-liberty besides its pairs with `p`.
    pub fn test(&self, p: Cell, colour: u8) -> Verdict {
        debug_assert_eq!(self.value(p), EMPTY);
        let pat = self.neighbour_pattern(p);
        let enemy = lanes(pat, opposing(colour));
        if enemy != 0 {
            let losses = self.enemy_losses(p, pat, colour);
            if losses.split_pairs != 0 {
                return self.careful_test(p, colour, pat, losses);
            }
            // The fewest pseudo-liberties of an enemy group next to p, read without branches
            // (slots that are not enemy stones read some other count and are masked out).
            let nb = self.links.neighbours(p);
            let mut fewest = u32::MAX;
            for (k, &n) in nb.iter().enumerate() {
                let r = self.root[n as usize & INDEX_MASK] as usize & INDEX_MASK;
                // All ones unless slot k holds an enemy stone.
                let other = (enemy >> (4 * k) & 1).wrapping_sub(1);
                fewest = fewest.min(self.pseudo[r] as u32 | other);
            }
            if fewest <= losses.total {
                return self.careful_test(p, colour, pat, losses);
            }
        }
        if self.own_group_lives(p, pat, colour) {
            Verdict::Quiet(self.key ^ self.links.stone_key(p, colour))
        } else {
            Verdict::Suicide
        }
    }

    /// Whether the group of a stone of `colour` on `p` (neighbour pattern `pat`) has a liberty
    /// before any capture: an empty linked neighbour, or a pseudo-liberty of the friendly
    /// groups linked to `p` besides their pairs with `p`.
    #[inline]
    fn own_group_lives(&self, p: Cell, pat: u32, colour: u8) -> bool {
        let closed = closed_for(pat, colour);
        if lanes(pat, EMPTY) & !closed != 0 {
            return true;
        }
        let nb = self.links.neighbours(p);
        let linked = lanes(pat, colour) & !closed;
        let mut roots = [0 as Cell; 6];
        let (mut n, mut pseudo) = (0, 0u32);
        for k in slots_of(linked) {
            let r = self.root[nb[k] as usize & INDEX_MASK];
            if !roots[..n].contains(&r) {
                roots[n] = r;
                n += 1;
                pseudo += self.pseudo[r as usize & INDEX_MASK] as u32;
            }
        }
        pseudo > count(linked)
    }

    /// The enemy groups next to `p` with what they lose (from `losses`).
    fn enemy_groups(&self, p: Cell, enemy: u32, losses: EnemyLosses) -> EnemyGroups {
        let nb = self.links.neighbours(p);
        let mut g = EnemyGroups {
            root: [0; 6],
            loss: [0; 6],
            split: [false; 6],
            len: 0,
        };
        for k in slots_of(enemy) {
            let r = self.root[nb[k] as usize & INDEX_MASK];
            let i = match g.root[..g.len].iter().position(|&x| x == r) {
                Some(i) => i,
                None => {
                    g.root[g.len] = r;
                    g.len += 1;
                    g.len - 1
                }
            };
            g.loss[i] += (losses.units >> (4 * k) & 0xF) as u16;
            g.split[i] |= losses.split_pairs >> (4 * k) & 1 != 0;
        }
        g
    }

    /// [`Board::test`] when an enemy group next to `p` may split or die: groups left with no
    /// pseudo-liberty die whole; the pieces of a group that may split are flooded (on the
    /// board with the new stone) until each finds a liberty or is found dead; then, if the new
    /// group had no pseudo-liberty before the captures, it is flooded after them.
    fn careful_test(&self, p: Cell, colour: u8, pat: u32, losses: EnemyLosses) -> Verdict {
        // The floods' sets of points as narrow as the board allows (two words up to side 7).
        if self.links.cells() <= BitSet::<2>::CAPACITY {
            self.careful_test_in::<2>(p, colour, pat, losses)
        } else {
            self.careful_test_in::<7>(p, colour, pat, losses)
        }
    }

    fn careful_test_in<const W: usize>(
        &self,
        p: Cell,
        colour: u8,
        pat: u32,
        losses: EnemyLosses,
    ) -> Verdict {
        let opp = opposing(colour);
        let nb = self.links.neighbours(p);
        let groups = self.enemy_groups(p, lanes(pat, opp), losses);
        let mut captured = BitSet::<W>::EMPTY;
        let mut key = self.key ^ self.links.stone_key(p, colour);
        // Stones flooded, and those found in pieces that live.
        let mut visited = BitSet::<W>::EMPTY;
        let mut alive = BitSet::<W>::EMPTY;
        // The maintained patterns with the new stone patched into those of p's neighbours (p
        // is their slot k + 3).
        let mut near = BitSet::<W>::EMPTY;
        for &n in nb {
            if n != OFF_CELL {
                near.insert(n as usize);
            }
        }
        let patched = |c: Cell| {
            let mut pat = self.neighbour_pattern(c);
            if near.contains(c as usize) {
                let k = nb.iter().position(|&n| n == c).unwrap_or(0);
                pat ^= (1 << EMPTY | 1 << colour) << (4 * ((k + 3) % 6));
            }
            pat
        };
        for i in 0..groups.len {
            let r = groups.root[i];
            if self.pseudo[r as usize & INDEX_MASK] <= groups.loss[i] {
                // No pseudo-liberty left: every stone of the group dies, split or not.
                key ^= self.take_group(r, &mut captured);
            } else if groups.split[i] {
                for &n in nb {
                    let ni = n as usize & INDEX_MASK;
                    if self.values[ni] != opp || self.root[ni] != r || visited.contains(ni) {
                        continue;
                    }
                    let mut piece = BitSet::<W>::EMPTY;
                    if self.flood_has_liberty(n, opp, patched, &mut visited, &alive, &mut piece) {
                        // A flood from another piece that reaches these stones is joined to
                        // them, so it lives too.
                        alive |= piece;
                    } else {
                        captured |= piece;
                        for c in piece.iter() {
                            key ^= self.links.stone_key(c as Cell, opp);
                        }
                    }
                }
            }
        }
        let took = !captured.is_empty();
        if !self.own_group_lives(p, pat, colour) {
            if !took {
                return Verdict::Suicide;
            }
            // The new group has a liberty only if the captures give it one. Usually the new
            // stone is linked to a point it empties: its common neighbours with that point are
            // not both enemy stones that stay (or missing).
            let stays_blocking = |c: Cell| {
                c == OFF_CELL
                    || (self.values[c as usize & INDEX_MASK] == opp
                        && !captured.contains(c as usize))
            };
            let freed = (0..6).any(|k| {
                nb[k] != OFF_CELL
                    && captured.contains(nb[k] as usize)
                    && !(stays_blocking(nb[(k + 5) % 6]) && stays_blocking(nb[(k + 1) % 6]))
            });
            if freed {
                return Verdict::Captures(key, widen(&captured));
            }
            // Otherwise flood the new group on a copy of the board after the captures.
            let mut board = self.values;
            board[p as usize & INDEX_MASK] = colour;
            for c in captured.iter() {
                board[c & INDEX_MASK] = EMPTY;
            }
            let after = |c: Cell| pattern(&board, self.links.neighbours(c));
            // Own stones are never marked by the enemy floods.
            let mut own = BitSet::<W>::EMPTY;
            if !self.flood_has_liberty(p, colour, after, &mut visited, &alive, &mut own) {
                return Verdict::Suicide;
            }
        }
        if took {
            Verdict::Captures(key, widen(&captured))
        } else {
            Verdict::Quiet(key)
        }
    }

    /// Adds the stones of the group with root `r` to `set`; returns the XOR of their keys.
    fn take_group<const W: usize>(&self, r: Cell, set: &mut BitSet<W>) -> u64 {
        let colour = self.value(r);
        let mut key = 0;
        let mut c = r;
        loop {
            set.insert(c as usize);
            key ^= self.links.stone_key(c, colour);
            c = self.next[c as usize & INDEX_MASK];
            if c == r {
                return key;
            }
        }
    }

    /// Floods the group of the `colour` stone on `start` over stone–stone links, adding the
    /// stones it reaches to `piece` (and `visited`); `pattern_of` gives the pattern of a
    /// point's neighbours on the board being flooded. Returns `true` as soon as a liberty
    /// shows up, or a stone of `alive` (part of a group already known to live) — `piece` then
    /// holds only part of the group — and `false` after the whole group was taken without one.
    ///
    /// `visited` marks stones of earlier floods too; a linked stone marked by an earlier flood
    /// that found no liberty cannot be reached (that flood took its whole group), so a marked
    /// stone that is not in `alive` belongs to this flood.
    #[inline]
    fn flood_has_liberty<const W: usize>(
        &self,
        start: Cell,
        colour: u8,
        pattern_of: impl Fn(Cell) -> u32,
        visited: &mut BitSet<W>,
        alive: &BitSet<W>,
        piece: &mut BitSet<W>,
    ) -> bool {
        let mut frontier = BitSet::<W>::EMPTY;
        frontier.insert(start as usize);
        visited.insert(start as usize);
        piece.insert(start as usize);
        while let Some(s) = frontier.first() {
            frontier.remove(s);
            let pat = pattern_of(s as Cell);
            let closed = closed_for(pat, colour);
            if lanes(pat, EMPTY) & !closed != 0 {
                return true;
            }
            let nb = self.links.neighbours(s as Cell);
            for k in slots_of(lanes(pat, colour) & !closed) {
                // A linked point is a stone, so on the board: inside the set.
                let n = nb[k] as usize;
                if !visited.contains(n) {
                    visited.insert(n);
                    piece.insert(n);
                    frontier.insert(n);
                } else if alive.contains(n) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the stones after placing `colour` on `p` and removing `captured` equal
    /// `snapshot` (written by [`Board::push_snapshot`]).
    pub fn result_equals(&self, p: Cell, colour: u8, captured: &Mask, snapshot: &[u64]) -> bool {
        let mut sets = self.colour_sets;
        sets[colour as usize - 1].insert(p as usize);
        let opp = &mut sets[opposing(colour) as usize - 1];
        for (w, &c) in opp.0.iter_mut().zip(captured.0.iter()) {
            *w &= !c;
        }
        let w = self.snapshot_words();
        sets[0].0[..w] == snapshot[..w] && sets[1].0[..w] == snapshot[w..2 * w]
    }
}

/// A set of the flood's width as a [`Mask`].
fn widen<const W: usize>(set: &BitSet<W>) -> Mask {
    let mut m = Mask::EMPTY;
    m.0[..W].copy_from_slice(&set.0);
    m
}
