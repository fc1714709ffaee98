//! Linage solved as a sum of free regions: exact values of Linage boards up to 8×8 (issue 15),
//! further than the board-keyed margin search ([`super`]) reaches.
//!
//! # Why it is sound
//! In Linage (SPEC §3) a stone goes only into a free region and changes nothing outside it;
//! an owned region never changes again; and what a free region can still become depends only
//! on its shape (its lines are three of its own points in a row or a column), not on where it
//! lies or on the stones around it. So for the rest of the game a position is the points
//! already owned, plus the *multiset of free-region shapes*, the side to move, and whether the
//! last turn was a pass (a second pass ends the game, and free regions then score nothing).
//! The value searched is what the rest of the game adds: for the side to move, the points of
//! regions it will come to own minus its opponent's.
//!
//! The table is keyed on exactly that state. Each shape is moved to the corner of its bounding
//! box and replaced by the least of its four images under the symmetries that keep rows rows
//! (identity, the two mirrors, the half turn; a quarter turn would swap horizontal and vertical
//! lines, hence the owners). Positions that differ only in stones around the same free shapes,
//! or in where those shapes lie, share one entry, which a board-keyed search cannot see. The
//! quarter turn is used once more on the whole state: the state with every shape mirrored in
//! the diagonal and the other side to move has the same value for the side to move, so both
//! share the entry of whichever key is smaller.
//!
//! # How
//! MTD(f) as in [`super`]: null-window alpha-beta passes around a guess, with a table
//! of bounds (four-way buckets of 16-byte entries; the key is two independent multiset
//! hashes, 64 + 16 bits stored and the bucket index taken from other bits, so a false match is
//! out of reach at any table size this machine holds). Cut-offs without search:
//! - a free region of `p` points adds at most `p − 1` points to either side (a stone must go
//!   into it before any of it is owned);
//! - after a pass the side to move can end the game, so its value is at least 0, and a pass
//!   is worth at most 0 to the side that makes it (it is not searched when alpha ≥ 0);
//! - enhanced transposition cut-offs: before searching a node's children, the table is asked
//!   whether one of them already refutes the node.
//!
//! Moves are ordered by the table's best, then by the points they take at once, then by how
//! far the pieces they leave lean the mover's way (its lines of three minus the opponent's),
//! then by the history heuristic (per shape height, width and cell). On random 6×6 positions
//! this order visits 3–30 times fewer positions than the board search; keyed on the exact
//! shape, the history heuristic had been worse than the board search's.
//! Identical shapes in a state are searched once.
//!
//! Shapes are `u64` masks, bit `8·row + column`, so boards up to 8×8.

mod shape;
mod table;

use super::mtdf;
use crate::games::Side;
use crate::puzzle::search::Aborted;
use shape::shape as shape_of;
pub use shape::{canonical, transpose};
use shape::{line_lean, splits, Hashes, Shape, Split};
use table::Table;

/// A value no margin reaches.
const INF: i8 = 127;
/// The packed "best" of a pass, and of none.
const BEST_PASS: u16 = 0xfffe;
const BEST_NONE: u16 = 0xffff;

/// The search.
pub struct RegionSum {
    table: Table,
    /// Positions visited.
    pub nodes: u64,
    /// Null-window passes made.
    pub passes: u32,
    /// Print a line per pass on stderr.
    pub verbose: bool,
    limit: u64,
    /// Buffers per ply.
    scratch: Vec<Scratch>,
    /// History-heuristic scores ([`history_slot`]).
    history: Vec<u64>,
}

impl RegionSum {
    /// A search with a table of about `mb` megabytes that gives up after `limit` positions.
    pub fn new(mb: usize, limit: u64) -> RegionSum {
        RegionSum {
            table: Table::with_megabytes(mb),
            nodes: 0,
            passes: 0,
            verbose: false,
            limit,
            scratch: Vec::new(),
            history: vec![0; HISTORY_SLOTS],
        }
    }

    /// What the rest of the game adds to Vertical's margin (its points minus Horizontal's)
    /// under best play, from the free regions `shapes` (masks, bit `8·row + column`, each one
    /// orthogonally connected with lines of both kinds) with `to_move` to play, `after_pass`
    /// when the last turn was a pass. `guess` (the closer the faster) does not change the
    /// answer.
    pub fn vertical_margin(
        &mut self,
        shapes: &[u64],
        to_move: Side,
        after_pass: bool,
        guess: i32,
    ) -> Result<i32, Aborted> {
        let mut state: Vec<Shape> = shapes.iter().map(|&m| shape_of(m)).collect();
        state.sort_unstable();
        let mut h = state.iter().fold(Hashes::default(), |h, &m| h.add(m));
        if after_pass {
            h = h.pass_flag();
        }
        let sign = if to_move == Side::First { 1 } else { -1 };
        let horizontal = to_move == Side::Second;
        let verbose = self.verbose;
        let (g, passes) = mtdf(sign * guess, INF as i32, verbose, |beta| {
            let v = self.negamax(&state, h, horizontal, after_pass, beta - 1, beta, 0)?;
            Ok((v as i32, self.nodes))
        })?;
        self.passes += passes;
        Ok(sign * g)
    }

    /// Negamax value for the side to move (Horizontal when `horizontal`), fail-soft within
    /// (alpha, beta). `h`: the hashes of `state` (the pass flag included, the side not).
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        state: &[Shape],
        h: Hashes,
        horizontal: bool,
        after_pass: bool,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i8, Aborted> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Aborted);
        }
        if self.verbose && self.nodes & ((1 << 28) - 1) == 0 {
            eprintln!("… {} positions", self.nodes);
        }
        if state.is_empty() {
            return Ok(0);
        }
        // After a pass the side to move can end the game at once: its value is at least 0.
        if after_pass && beta <= 0 {
            return Ok(0);
        }
        let bound: i32 = state.iter().map(|m| m.0.count_ones() as i32 - 1).sum();
        if bound <= alpha {
            return Ok(bound as i8);
        }
        if -bound >= beta {
            return Ok(-bound as i8);
        }
        let ((k1, k2), flipped) = h.key(horizontal);
        let mut best_known = BEST_NONE;
        let (mut alpha, mut beta) = (alpha, beta);
        if let Some(e) = self.table.probe(k1, k2) {
            let (lo, hi) = (e.lower as i32, e.upper as i32);
            if lo >= beta || lo == hi {
                return Ok(e.lower);
            }
            if hi <= alpha {
                return Ok(e.upper);
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            best_known = oriented(e.best, flipped);
        }
        let (alpha0, beta0) = (alpha, beta);
        let start = self.nodes;
        if self.scratch.len() <= ply {
            self.scratch.resize_with(ply + 1, Default::default);
        }
        let mut scratch = std::mem::take(&mut self.scratch[ply]);
        let sign = if horizontal { -1 } else { 1 };
        // Every placement: the child's hashes (the pass flag off), its order key.
        let base = if after_pass { h.pass_flag() } else { h };
        scratch.moves.clear();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue; // the same shape again: the same placements
            }
            splits(state[i].0, &mut scratch.splits);
            let without = base.sub(state[i]);
            let region_lean = line_lean(state[i].0);
            for s in &scratch.splits {
                let child = s.pieces().fold(without, |c, &p| c.add(p));
                let packed = (i as u16) << 8 | s.cell as u16;
                let gain = sign * s.vertical_gain as i32;
                let order = if packed == best_known {
                    u64::MAX
                } else {
                    // Points taken now first, then how far the pieces left lean the
                    // mover's way, then the history heuristic.
                    let lean = s.pieces().map(|p| line_lean(p.0)).sum::<i32>() - region_lean;
                    let key = (gain * 16 + sign * lean + 4096) as u64;
                    key << 48 | self.history[history_slot(state[i].0, s.cell)].min((1 << 48) - 1)
                };
                scratch.moves.push(Move {
                    region: i as u8,
                    split: *s,
                    hashes: child,
                    order,
                });
            }
        }
        // Enhanced transposition cut-off: a child the table already refutes.
        for m in &scratch.moves {
            let gain = sign * m.split.vertical_gain as i32;
            let ((c1, c2), _) = m.hashes.key(!horizontal);
            if let Some(e) = self.table.probe(c1, c2) {
                let v = gain - e.upper as i32;
                if e.upper != INF && v >= beta {
                    self.scratch[ply] = scratch;
                    return Ok(v as i8);
                }
            }
        }
        scratch
            .moves
            .sort_unstable_by_key(|m| std::cmp::Reverse(m.order));
        let mut best = -(INF as i32);
        let mut best_move = BEST_NONE;
        let mut result = Ok(());
        let count = scratch.moves.len() as u64 + 1;
        for k in 0..=scratch.moves.len() {
            let (v, packed) = if let Some(m) = scratch.moves.get(k) {
                let i = m.region as usize;
                let mut child = std::mem::take(&mut scratch.child);
                child.clear();
                child.extend_from_slice(&state[..i]);
                child.extend_from_slice(&state[i + 1..]);
                child.extend(m.split.pieces());
                child.sort_unstable();
                let gain = sign * m.split.vertical_gain as i32;
                let r = self.negamax(
                    &child,
                    m.hashes,
                    !horizontal,
                    false,
                    -(beta - gain),
                    -(alpha - gain),
                    ply + 1,
                );
                scratch.child = child;
                match r {
                    Ok(v) => (gain - v as i32, (i as u16) << 8 | m.split.cell as u16),
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            } else if after_pass {
                // A second pass in a row ends the game: free regions score nothing.
                (0, BEST_PASS)
            } else if alpha >= 0 {
                // After our pass the opponent could end the game: the pass is worth at most
                // 0 ≤ alpha, so it cannot raise alpha; 0 stands in as its upper bound.
                (0, BEST_PASS)
            } else {
                match self.negamax(
                    state,
                    h.pass_flag(),
                    !horizontal,
                    true,
                    -beta,
                    -alpha,
                    ply + 1,
                ) {
                    Ok(v) => (-(v as i32), BEST_PASS),
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            };
            if v > best {
                best = v;
                best_move = packed;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                if let Some(m) = scratch.moves.get(k) {
                    let slot = history_slot(state[m.region as usize].0, m.split.cell);
                    self.history[slot] += count * count;
                }
                break;
            }
        }
        self.scratch[ply] = scratch;
        result?;
        let (lower, upper) = if best <= alpha0 {
            (-INF, best as i8)
        } else if best >= beta0 {
            (best as i8, INF)
        } else {
            (best as i8, best as i8)
        };
        let work = (64 - (self.nodes - start + 1).leading_zeros()) as u8;
        let best_move = if best_move < BEST_PASS && flipped {
            best_move | FLIPPED
        } else {
            best_move
        };
        self.table.store(k1, k2, lower, upper, best_move, work);
        Ok(best as i8)
    }
}

/// The flag of a stored best placement that indexes the transposed state's shapes.
const FLIPPED: u16 = 0x8000;

/// A stored best step as seen from a node using the `flipped` key: placements stored from the
/// other orientation index another list of shapes, so they are dropped.
#[inline]
fn oriented(best: u16, flipped: bool) -> u16 {
    if best >= BEST_PASS {
        best
    } else if (best & FLIPPED != 0) == flipped {
        best & !FLIPPED
    } else {
        BEST_NONE
    }
}

/// Slots of the history heuristic (a power of two).
const HISTORY_SLOTS: usize = 1 << 12;

/// The history-heuristic slot of a placement at `cell` of the canonical shape `m`.
#[inline]
fn history_slot(m: u64, cell: u8) -> usize {
    // The shape's height and width and the cell in its canonical frame: placements at the
    // same place of similar shapes tend to refute alike.
    let mut cols = m;
    cols |= cols >> 32;
    cols |= cols >> 16;
    cols |= cols >> 8;
    let w = 8 - (cols as u8).leading_zeros() as usize;
    let h = (63 - m.leading_zeros() as usize) / 8 + 1;
    ((h - 1) << 3 | (w - 1)) << 6 | cell as usize
}

/// A placement found at a node, ready to search.
#[derive(Clone, Copy, Debug)]
struct Move {
    region: u8,
    split: Split,
    /// The child's hashes.
    hashes: Hashes,
    /// Larger first: the table's best, then by history and by points taken.
    order: u64,
}

/// Per-ply buffers.
#[derive(Default)]
struct Scratch {
    splits: Vec<Split>,
    moves: Vec<Move>,
    child: Vec<Shape>,
}

/// The empty `n`×`n` board as one shape.
pub fn empty_board(n: usize) -> u64 {
    assert!((3..=8).contains(&n), "boards of 3 to 8 points a side");
    let row = (1u64 << n) - 1;
    (0..n).fold(0, |m, r| m | row << (8 * r))
}

/// Vertical's margin under best play on the empty `n`×`n` board at komi 0, in half points
/// (Vertical moves first), and the positions visited.
pub fn solve_empty(
    n: usize,
    mb: usize,
    limit: u64,
    guess_half: i32,
    verbose: bool,
) -> Result<(i32, u64), Aborted> {
    let mut s = RegionSum::new(mb, limit);
    s.verbose = verbose;
    let v = s.vertical_margin(&[empty_board(n)], Side::First, false, guess_half / 2)?;
    Ok((2 * v, s.nodes))
}
