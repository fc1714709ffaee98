//! Re-forming an enemy group after a placement cut one of its stone–stone links (the new stone
//! is a common neighbour of pairs of its neighbours, SPEC §3), without relabelling the whole
//! group.
//!
//! Every piece of the group afterwards has a stone next to the new one. In random play the
//! pieces cut off are tiny (about two stones) while the group is large (about twenty), so the
//! pieces are first explored from those stones with a small budget: each piece found whole is
//! relabelled on its own and taken out of the group's circular list, and the one piece too big
//! to finish keeps the group's root and counts, less those of the small pieces. Only when two
//! pieces exceed the largest budget, or the root's own stone went to a small piece, is a big
//! piece flooded in full.

use super::{Board, Visited};
use crate::board::Cell;
use crate::games::keil::links::{closed_for, lanes, slots_of, INDEX_MASK, OFF_CELL};

/// Budgets (in stones) of the bounded searches, smallest first.
const BUDGETS: [usize; 2] = [4, 16];

/// How a bounded search from one stone ended.
enum Search {
    /// The whole piece, within the budget.
    Whole(Visited),
    /// The budget ran out: part of a piece bigger than the budget.
    Exceeded(Visited),
    /// Reached a stone of a piece already known to be too big: part of that piece.
    Joined(Visited),
}

impl Board {
    /// Re-forms the group with root `g` (stones of the colour on `g`) after the stone just put
    /// on `p` cut some of its links, with the group's pseudo-liberties already lowered by what
    /// the stone took: relabels the pieces it fell into and counts their pseudo-liberties.
    pub(super) fn resplit(&mut self, p: Cell, g: Cell) {
        let gi = g as usize & INDEX_MASK;
        let colour = self.values[gi];
        let nb = self.links.neighbours(p);
        // Stones of the pieces found whole, and one stone of each.
        let mut small = Visited::EMPTY;
        let mut seeds = [OFF_CELL; 6];
        let mut n_seeds = 0;
        let mut big_piece = false;
        for (round, &budget) in BUDGETS.iter().enumerate() {
            let mut big = Visited::EMPTY;
            let mut unfinished = 0;
            for &s in nb {
                let si = s as usize & INDEX_MASK;
                if self.values[si] != colour
                    || self.root[si] != g
                    || small.contains(si)
                    || big.contains(si)
                {
                    continue;
                }
                match self.search_piece(s, budget, &big) {
                    Search::Whole(stones) => {
                        small |= stones;
                        seeds[n_seeds] = s;
                        n_seeds += 1;
                    }
                    Search::Exceeded(stones) => {
                        unfinished += 1;
                        big |= stones;
                    }
                    Search::Joined(stones) => big |= stones,
                }
            }
            if unfinished <= 1 {
                big_piece = unfinished == 1;
                break;
            }
            if round == BUDGETS.len() - 1 {
                self.relabel_pieces(p, g);
                return;
            }
        }
        if n_seeds == 0 {
            return; // One piece: the link was cut, the group holds together.
        }
        let root_kept = big_piece && !small.contains(gi);
        if root_kept {
            // Take the small pieces' stones out of the group's circular list (before their
            // own lists overwrite the links).
            let (mut last, mut c) = (gi, self.next[gi] as usize & INDEX_MASK);
            while c != gi {
                let following = self.next[c] as usize & INDEX_MASK;
                if !small.contains(c) {
                    self.next[last] = c as Cell;
                    last = c;
                }
                c = following;
            }
            self.next[last] = g;
        }
        let (mut size, mut pseudo) = (0, 0);
        for &s in &seeds[..n_seeds] {
            let mut visited = Visited::EMPTY;
            self.label_group(s, &mut visited);
            size += self.size[s as usize & INDEX_MASK];
            pseudo += self.pseudo[s as usize & INDEX_MASK];
        }
        if root_kept {
            self.size[gi] -= size;
            self.pseudo[gi] -= pseudo;
        } else if big_piece {
            // The root's stone went to a small piece: flood the big one from its stone next
            // to p (its stones still carry the old root).
            self.relabel_pieces(p, g);
        }
    }

    /// Relabels every piece of the former group `g` from its stones next to `p` (stones of
    /// the pieces already relabelled carry another root and are skipped).
    fn relabel_pieces(&mut self, p: Cell, g: Cell) {
        let colour = self.values[g as usize & INDEX_MASK];
        let mut visited = Visited::EMPTY;
        for &n in self.links.neighbours(p) {
            let ni = n as usize & INDEX_MASK;
            if self.values[ni] == colour && self.root[ni] == g && !visited.contains(ni) {
                self.label_group(n, &mut visited);
            }
        }
    }

    /// Explores the piece of the stone on `seed` over stone–stone links, up to `budget`
    /// stones, stopping at a stone of `big`.
    fn search_piece(&self, seed: Cell, budget: usize, big: &Visited) -> Search {
        let colour = self.values[seed as usize & INDEX_MASK];
        let mut stones = Visited::EMPTY;
        stones.insert(seed as usize & INDEX_MASK);
        let mut queue = [OFF_CELL; BUDGETS[BUDGETS.len() - 1]];
        queue[0] = seed;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let s = queue[head];
            head += 1;
            let pat = self.neighbour_pattern(s);
            let nb = self.links.neighbours(s);
            for k in slots_of(lanes(pat, colour) & !closed_for(pat, colour)) {
                let n = nb[k] as usize & INDEX_MASK;
                if stones.contains(n) {
                    continue;
                }
                if big.contains(n) {
                    return Search::Joined(stones);
                }
                if tail == budget {
                    return Search::Exceeded(stones);
                }
                stones.insert(n);
                queue[tail] = n as Cell;
                tail += 1;
            }
        }
        Search::Whole(stones)
    }
}
