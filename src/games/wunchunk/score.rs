//! Wunchunk scoring: each colour's score array `[chunks, crumbs, size2, size3, …]` up to its
//! largest group; the colour with the smaller array wins, comparing entry by entry with
//! missing entries as 0; all equal is a draw.

use super::Wunchunk;
use crate::board::{Cell, Mask};
use crate::games::{Game, Outcome, Side};
use std::cmp::Ordering;

impl Wunchunk {
    /// The sizes of a colour's groups, smallest first.
    pub fn group_sizes(&self, colour: Side) -> Vec<u32> {
        let mut sizes: Vec<u32> = self.stones[colour.index()]
            .iter()
            .filter(|&c| self.groups.is_root(c as Cell))
            .map(|c| u32::from(self.groups.size_of_root(c as Cell)))
            .collect();
        sizes.sort_unstable();
        sizes
    }

    /// The same as [`Wunchunk::group_sizes`], by flood fill over the board instead of the
    /// union–find (for checking it).
    pub fn group_sizes_by_flood(&self, colour: Side) -> Vec<u32> {
        let stones = self.stones[colour.index()];
        let mut seen = Mask::EMPTY;
        let mut sizes = Vec::new();
        let mut stack = Vec::new();
        for start in stones.iter() {
            if seen.contains(start) {
                continue;
            }
            seen.insert(start);
            stack.push(start as Cell);
            let mut size = 0;
            while let Some(c) = stack.pop() {
                size += 1;
                for &n in self.geo.neighbours(c) {
                    if stones.contains(n as usize) && !seen.contains(n as usize) {
                        seen.insert(n as usize);
                        stack.push(n);
                    }
                }
            }
            sizes.push(size);
        }
        sizes.sort_unstable();
        sizes
    }

    /// A colour's score array `[chunks, crumbs, size2, …]` up to its largest group; `[0, 0]`
    /// for a colour with no stones (SPEC §5).
    pub fn score_array(&self, colour: Side) -> Vec<u32> {
        score_array_of(&self.group_sizes(colour))
    }

    /// Who would win if the game ended now.
    pub fn standing(&self) -> Outcome {
        // The first entry, chunks, is kept up to date on every move and usually decides.
        let (b, w) = (self.chunks[0], self.chunks[1]);
        if b != w {
            return Outcome::Win(if b < w { Side::First } else { Side::Second });
        }
        let b = self.score_array(Side::First);
        let w = self.score_array(Side::Second);
        match compare(&b, &w).0 {
            Ordering::Less => Outcome::Win(Side::First),
            Ordering::Greater => Outcome::Win(Side::Second),
            Ordering::Equal => Outcome::Draw,
        }
    }

    /// The result as a line of text, as if the game ended now: the winning colour, the level
    /// that decided and the two counts, the winner's first (`B wins on chunks 3–5`,
    /// `W wins on crumbs 2–4`, `B wins on groups of size 3: 1–2`), or `Draw`.
    pub fn standing_text(&self) -> String {
        let b = self.score_array(Side::First);
        let w = self.score_array(Side::Second);
        let (order, at) = compare(&b, &w);
        let (winner, mine, theirs) = match order {
            Ordering::Equal => return "Draw".into(),
            Ordering::Less => ('B', &b, &w),
            Ordering::Greater => ('W', &w, &b),
        };
        let get = |s: &[u32]| s.get(at).copied().unwrap_or(0);
        let (x, y) = (get(mine), get(theirs));
        match at {
            0 => format!("{winner} wins on chunks {x}–{y}"),
            1 => format!("{winner} wins on crumbs {x}–{y}"),
            k => format!("{winner} wins on groups of size {k}: {x}–{y}"),
        }
    }
}

/// The score array of a list of group sizes.
pub(super) fn score_array_of(sizes: &[u32]) -> Vec<u32> {
    let largest = sizes.iter().copied().max().unwrap_or(1).max(1) as usize;
    let mut a = vec![0; largest + 1];
    for &s in sizes {
        a[s as usize] += 1;
        if s >= 2 {
            a[0] += 1;
        }
    }
    a
}

/// Compares two score lists entry by entry (`Less`: `a` has the fewer and wins); see
/// [`crate::games::compare_zero_padded`].
pub(super) fn compare(a: &[u32], b: &[u32]) -> (Ordering, usize) {
    crate::games::compare_zero_padded(a, b)
}

fn array_text(a: &[u32]) -> String {
    a.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// Who holds a colour, for people: the first player holds Black until a swap.
fn holder(g: &Wunchunk, colour: Side) -> &'static str {
    match (colour == Side::First) != g.swapped() {
        true => "first player",
        false => "second player",
    }
}

/// The status panel: the turn's allotment and stones left, the pie, the chunk counts.
pub(super) fn status(g: &Wunchunk) -> Vec<(&'static str, String)> {
    let mut v = Vec::new();
    // Once the game is over the interface shows the result itself.
    if !g.is_over() {
        v.push(("allotment", g.allotment().to_string()));
        v.push(("stones left", g.stones_left().to_string()));
        if g.swap_allowed() {
            v.push(("pie", "White may swap colours".into()));
        }
    }
    if g.swapped() {
        v.push(("swapped", "yes: the first player now holds White".into()));
    }
    v.push(("black chunks", g.chunks(Side::First).to_string()));
    v.push(("white chunks", g.chunks(Side::Second).to_string()));
    v
}

/// The result screen: both score arrays, who holds which colour, where they part.
pub(super) fn breakdown(g: &Wunchunk) -> Vec<String> {
    let b = g.score_array(Side::First);
    let w = g.score_array(Side::Second);
    let mut lines = vec![
        "Score arrays: [chunks, crumbs, groups of size 2, 3, …], fewer is better".to_string(),
        format!("Black ({}): [{}]", holder(g, Side::First), array_text(&b)),
        format!("White ({}): [{}]", holder(g, Side::Second), array_text(&w)),
    ];
    lines.push(match compare(&b, &w).0 {
        Ordering::Equal => "All equal: a draw".into(),
        _ => g.standing_text(),
    });
    lines
}
