//! Iris scoring: a group's score is the number of coloured cells in it; players compare their
//! group scores sorted high to low, element by element, a missing entry counting 0; the first
//! difference decides and the higher wins; all equal is a draw.

use super::tables::GRAY;
use super::Iris;
use crate::board::{Cell, MAX_CELLS};
use crate::games::{Game, Outcome, Side};
use std::cmp::Ordering;

/// The most coloured cells on any board (side 12): no side has more scoring groups.
const MAX_COLOURED: usize = 66;

/// One side's group scores, high to low, zero scores left out, in a fixed array (scoring runs
/// at the end of every playout, so it does not allocate).
#[derive(Clone, Copy)]
pub(super) struct ScoreList {
    len: usize,
    scores: [u32; MAX_COLOURED],
}

impl ScoreList {
    const EMPTY: ScoreList = ScoreList {
        len: 0,
        scores: [0; MAX_COLOURED],
    };

    /// The scores, high to low.
    pub fn as_slice(&self) -> &[u32] {
        &self.scores[..self.len]
    }
}

impl Iris {
    /// Both sides' group scores, high to low, zero scores left out: a flood fill from each
    /// coloured stone not yet reached, taking stones out of a copy of each side's mask as it
    /// reaches them (scoring runs at the end of every playout, so it stays on the stack).
    pub(super) fn score_lists(&self) -> [ScoreList; 2] {
        let mut left = self.stones;
        let mut stack = [0 as Cell; MAX_CELLS];
        let mut lists = [ScoreList::EMPTY; 2];
        let scoring = (self.stones[0] | self.stones[1]) & self.tables.coloured;
        for start in scoring.iter() {
            let side = usize::from(self.stones[1].contains(start));
            let group = &mut left[side];
            if !group.contains(start) {
                continue;
            }
            group.remove(start);
            stack[0] = start as Cell;
            let mut top = 1;
            let mut score = 0;
            while top > 0 {
                top -= 1;
                let c = stack[top];
                score += u32::from(self.tables.label[c as usize] != GRAY);
                // Off-board slots name a bit no mask holds.
                for &n in &self.tables.neighbours[c as usize] {
                    if group.contains(n as usize) {
                        group.remove(n as usize);
                        stack[top] = n;
                        top += 1;
                    }
                }
            }
            let list = &mut lists[side];
            list.scores[list.len] = score;
            list.len += 1;
        }
        for list in &mut lists {
            list.scores[..list.len].sort_unstable_by(|a, b| b.cmp(a));
        }
        lists
    }

    /// The scores of `side`'s groups, high to low, groups scoring 0 left out (SPEC §5
    /// `group_scores`). Computed from the board on each call.
    pub fn group_scores(&self, side: Side) -> Vec<u32> {
        self.score_lists()[side.index()].as_slice().to_vec()
    }

    /// Who would win if the game ended now.
    pub fn standing(&self) -> Outcome {
        let [b, w] = self.score_lists();
        match compare(b.as_slice(), w.as_slice()).0 {
            Ordering::Greater => Outcome::Win(Side::First),
            Ordering::Less => Outcome::Win(Side::Second),
            Ordering::Equal => Outcome::Draw,
        }
    }

    /// The result as a line of text, as if the game ended now: `B wins on group scores 9,4 –
    /// 9,3` (the winner's scores first, up to the deciding group; a missing group is written
    /// 0), or `Draw`.
    pub fn standing_text(&self) -> String {
        let b = self.group_scores(Side::First);
        let w = self.group_scores(Side::Second);
        let (order, at) = compare(&b, &w);
        let (winner, lists) = match order {
            Ordering::Equal => return "Draw".into(),
            Ordering::Greater => ('B', [&b, &w]),
            Ordering::Less => ('W', [&w, &b]),
        };
        let upto = |s: &[u32]| {
            (0..=at)
                .map(|i| s.get(i).copied().unwrap_or(0).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{winner} wins on group scores {} – {}",
            upto(lists[0]),
            upto(lists[1])
        )
    }
}

/// Compares two score lists entry by entry (high to low: the higher wins); see
/// [`crate::games::compare_zero_padded`].
pub(super) fn compare(a: &[u32], b: &[u32]) -> (Ordering, usize) {
    crate::games::compare_zero_padded(a, b)
}

fn list(scores: &[u32]) -> String {
    if scores.is_empty() {
        "none".into()
    } else {
        scores
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The status panel: where the turn stands, then each side's group scores.
pub(super) fn status(g: &Iris) -> Vec<(&'static str, String)> {
    let mut v = Vec::new();
    // Once the game is over the interface shows the result itself.
    let stone = if g.is_over() {
        None
    } else if g.is_opening() {
        Some("1 of 1: the first turn is one gray stone".to_string())
    } else if let Some(first) = g.first_stone() {
        let name = g.geo.name(first);
        Some(match g.partner(first) {
            Some(p) => format!("2 of 2: the partner {}", g.geo.name(p)),
            None => format!("2 of 2: a gray cell not next to {name}"),
        })
    } else {
        Some("1 of 2".to_string())
    };
    if let Some(text) = stone {
        v.push(("stone", text));
    }
    v.push(("black scores", list(&g.group_scores(Side::First))));
    v.push(("white scores", list(&g.group_scores(Side::Second))));
    v
}

/// The result screen: both lists of group scores and where they part.
pub(super) fn breakdown(g: &Iris) -> Vec<String> {
    let b = g.group_scores(Side::First);
    let w = g.group_scores(Side::Second);
    let mut lines = vec![
        format!("Black group scores: {}", list(&b)),
        format!("White group scores: {}", list(&w)),
    ];
    let (order, at) = compare(&b, &w);
    let get = |s: &[u32]| s.get(at).copied().unwrap_or(0);
    lines.push(match order {
        Ordering::Equal => "All group scores equal: a draw".into(),
        _ => format!(
            "Decided at group {}: Black {} – White {} ({})",
            at + 1,
            get(&b),
            get(&w),
            g.standing_text()
        ),
    });
    lines
}
