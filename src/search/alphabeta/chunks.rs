//! Chunk knowledge for alpha-beta and playouts: the evaluation built from the game's chunk
//! and crumb counts ([`SearchHints::chunk_counts`]), what a placement does to them
//! ([`SearchHints::chunk_delta`]), and the move-ordering score. Everything comes from the game;
//! for games without chunks the functions return `None` or 0.

use crate::board::Cell;
use crate::games::{SearchHints, Side, Step, Stone};
use crate::search::reward::{colour_of, mover, Seat};

/// Weight of one chunk and one crumb in the evaluation.
const CHUNK: i32 = 100;
const CRUMB: i32 = 8;
/// Value of one more stone a turn on an empty board (it falls to 0 as the board fills).
const STONE: i32 = 70;

/// How good a placement is for the seat that makes it, at once: fewer own chunks, more of
/// the opponent's (crumbs count a little). 0 in games without chunks.
pub fn gain<G: SearchHints>(g: &G, by: Seat, cell: Cell, stone: Stone) -> i32 {
    let Some(e) = g.chunk_delta(cell, stone) else {
        return 0;
    };
    let v = CHUNK * e.chunks + CRUMB * e.crumbs;
    if stone == colour_of(g, by) {
        -v
    } else {
        v
    }
}

/// The sum of the `k` best immediate gains `by` could make on the empty cells.
fn best_gains<G: SearchHints>(g: &G, by: Seat, k: usize) -> i32 {
    if k == 0 {
        return 0;
    }
    let mut top: Vec<i32> = Vec::with_capacity(k + 1);
    for c in 0..g.geometry().cells() as Cell {
        if g.stone_at(c).is_some() {
            continue;
        }
        let v = gain(g, by, c, Stone::Black).max(gain(g, by, c, Stone::White));
        if v <= 0 {
            continue;
        }
        if top.len() < k {
            top.push(v);
        } else if let Some(min) = top.iter_mut().min() {
            if v > *min {
                *min = v;
            }
        }
    }
    top.iter().sum()
}

/// The evaluation of a position with chunks for `seat` (`None` in games without): chunk and
/// crumb counts, plus the gains the side to move can still make with the stones it has left
/// this turn, minus part of what the other side could make with its next allotment (it moves
/// second, so some of it can be prevented).
pub fn evaluate<G: SearchHints>(g: &G, seat: Seat) -> Option<i32> {
    let counts = [g.chunk_counts(Side::First)?, g.chunk_counts(Side::Second)?];
    let chunks = |i: usize| counts[i].chunks as i32;
    let crumbs = |i: usize| counts[i].crumbs as i32;
    let me = colour_of(g, seat).index();
    let them = 1 - me;
    let base = CHUNK * (chunks(them) - chunks(me)) + CRUMB * (crumbs(them) - crumbs(me));
    // A chunk also brings a stone a turn (the allotment), worth most while the board is empty:
    // early on an opponent's chunk is a gift of stones more than a point.
    let geo = g.geometry();
    let cells = geo.cells() as i32;
    let empty = geo.all_cells().filter(|&c| g.stone_at(c).is_none()).count() as i32;
    let stone_value = STONE * empty / cells;
    let allot = |i: usize| chunks(i).max(1);
    let base = base + stone_value * (allot(me) - allot(them));
    let m = mover(g);
    let other = 1 - m;
    let chunks_of = |p: Seat| chunks(colour_of(g, p).index()).max(1) as usize;
    // Stones left this turn: the allotment (chunks now stand in for chunks at the turn's start)
    // minus the stones already placed.
    let left = chunks_of(m).saturating_sub(g.steps_in_turn()).max(1);
    let now = best_gains(g, m, left) * 4 / 5;
    let next = best_gains(g, other, chunks_of(other)) * 2 / 5;
    let sign = |p: Seat| if p == seat { 1 } else { -1 };
    Some(base + sign(m) * now + sign(other) * next)
}

/// Move-ordering scores for `moves` (higher first): the immediate gain of each placement for
/// the side to move; actions score 0 (and everything in games without chunks).
pub fn order_scores<G: SearchHints>(g: &G, moves: &[Step], out: &mut Vec<i32>) {
    let m = mover(g);
    out.clear();
    out.extend(moves.iter().map(|&s| match s {
        Step::Place { cell, stone } => gain(g, m, cell, stone),
        _ => 0,
    }));
}
