//! Wunchunk knowledge for alpha-beta: the groups of each colour, what placing a stone of a
//! colour on an empty cell does to that colour's chunks and crumbs, the evaluation built from
//! it and the move-ordering score. Everything is read through the [`Game`] trait.

use super::eval::colour_of;
use super::reward::{mover, Player};
use crate::board::Cell;
use crate::games::{Game, Step, Stone};

const NONE: u16 = u16::MAX;

/// The groups on a Wunchunk board.
#[derive(Clone, Debug)]
pub struct ChunkBoard {
    /// Per cell: the group id of its stone, or `NONE` when empty.
    label: Vec<u16>,
    /// Per group: size.
    size: Vec<u16>,
    /// Chunks per colour (Black 0, White 1).
    pub chunks: [i32; 2],
    /// Crumbs per colour.
    pub crumbs: [i32; 2],
}

/// What placing one stone does to its colour: change in chunks and in crumbs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Change in the colour's chunks (−2…+1).
    pub chunks: i32,
    /// Change in the colour's crumbs.
    pub crumbs: i32,
}

impl ChunkBoard {
    /// Labels the groups of `g` by flood fill.
    pub fn of<G: Game>(g: &G) -> ChunkBoard {
        let geo = g.geometry();
        let n = geo.cells();
        let stones: Vec<Option<Stone>> = (0..n as Cell).map(|c| g.stone_at(c)).collect();
        let mut label = vec![NONE; n];
        let mut size = Vec::new();
        let mut chunks = [0; 2];
        let mut crumbs = [0; 2];
        let mut stack = Vec::new();
        for c in 0..n {
            let Some(s) = stones[c] else { continue };
            if label[c] != NONE {
                continue;
            }
            let id = size.len() as u16;
            label[c] = id;
            stack.push(c as Cell);
            let mut k = 0u16;
            while let Some(x) = stack.pop() {
                k += 1;
                for &y in geo.neighbours(x) {
                    if label[y as usize] == NONE && stones[y as usize] == Some(s) {
                        label[y as usize] = id;
                        stack.push(y);
                    }
                }
            }
            size.push(k);
            let i = s.index().min(1);
            if k >= 2 {
                chunks[i] += 1;
            } else {
                crumbs[i] += 1;
            }
        }
        ChunkBoard {
            label,
            size,
            chunks,
            crumbs,
        }
    }

    /// What placing `stone` on the empty `cell` does to that colour.
    pub fn effect<G: Game>(&self, g: &G, cell: Cell, stone: Stone) -> Effect {
        let mut seen = [NONE; 6];
        let mut k = 0;
        let (mut chunks, mut crumbs) = (0, 0);
        for &y in g.geometry().neighbours(cell) {
            let id = self.label[y as usize];
            if id == NONE || g.stone_at(y) != Some(stone) || seen[..k].contains(&id) {
                continue;
            }
            seen[k] = id;
            k += 1;
            if self.size[id as usize] >= 2 {
                chunks += 1;
            } else {
                crumbs += 1;
            }
        }
        if k == 0 {
            Effect {
                chunks: 0,
                crumbs: 1,
            }
        } else {
            Effect {
                chunks: 1 - chunks,
                crumbs: -crumbs,
            }
        }
    }
}

/// Weight of one chunk and one crumb in the evaluation.
const CHUNK: i32 = 100;
const CRUMB: i32 = 8;
/// Value of one more stone a turn on an empty board (it falls to 0 as the board fills).
const STONE: i32 = 70;

/// How good a placement is for the player who makes it, at once: fewer own chunks, more of
/// the opponent's (crumbs count a little).
pub fn gain<G: Game>(board: &ChunkBoard, g: &G, by: Player, cell: Cell, stone: Stone) -> i32 {
    let e = board.effect(g, cell, stone);
    let v = CHUNK * e.chunks + CRUMB * e.crumbs;
    if stone == colour_of(g, by) {
        -v
    } else {
        v
    }
}

/// The sum of the `k` best immediate gains `by` could make on the empty cells.
fn best_gains<G: Game>(board: &ChunkBoard, g: &G, by: Player, k: usize) -> i32 {
    if k == 0 {
        return 0;
    }
    let mut top: Vec<i32> = Vec::with_capacity(k + 1);
    for c in 0..g.geometry().cells() as Cell {
        if g.stone_at(c).is_some() {
            continue;
        }
        let v = gain(board, g, by, c, Stone::Black).max(gain(board, g, by, c, Stone::White));
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

/// The evaluation of a Wunchunk position for `player`: chunk and crumb counts, plus the
/// gains the side to move can still make with the stones it has left this turn, minus part of
/// what the other side could make with its next allotment (it moves second, so some of it can
/// be prevented).
pub fn evaluate<G: Game>(g: &G, player: Player) -> i32 {
    let board = ChunkBoard::of(g);
    let me = colour_of(g, player).index();
    let them = 1 - me;
    let base = CHUNK * (board.chunks[them] - board.chunks[me])
        + CRUMB * (board.crumbs[them] - board.crumbs[me]);
    // A chunk also brings a stone a turn (the allotment), worth most while the board is empty:
    // early on an opponent's chunk is a gift of stones more than a point.
    let cells = g.geometry().cells() as i32;
    let empty = cells - board.size.iter().map(|&s| s as i32).sum::<i32>();
    let stone_value = STONE * empty / cells;
    let allot = |i: usize| board.chunks[i].max(1);
    let base = base + stone_value * (allot(me) - allot(them));
    let m = mover(g);
    let other = 1 - m;
    let chunks_of = |p: Player| board.chunks[colour_of(g, p).index()].max(1) as usize;
    // Stones left this turn: the allotment (chunks now stand in for chunks at the turn's start)
    // minus the stones already placed.
    let left = chunks_of(m).saturating_sub(g.steps_in_turn()).max(1);
    let now = best_gains(&board, g, m, left) * 4 / 5;
    let next = best_gains(&board, g, other, chunks_of(other)) * 2 / 5;
    let sign = |p: Player| if p == player { 1 } else { -1 };
    base + sign(m) * now + sign(other) * next
}

/// Move-ordering scores for `moves` (higher first): the immediate gain of each placement for
/// the side to move; actions score 0.
pub fn order_scores<G: Game>(g: &G, moves: &[Step], out: &mut Vec<i32>) {
    let board = ChunkBoard::of(g);
    let m = mover(g);
    out.clear();
    out.extend(moves.iter().map(|&s| match s {
        Step::Place { cell, stone } => gain(&board, g, m, cell, stone),
        _ => 0,
    }));
}
