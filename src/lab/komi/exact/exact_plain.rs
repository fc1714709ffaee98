//! The first exact margin search (issue 15), kept for the tests as the reference the faster
//! [`super`] is checked against: one full-window alpha-beta on the final score margin
//! with a one-slot transposition table of bounds, table move first, no symmetry.
//!
//! The margin is the first side's points minus the second side's, komi and Keil's button
//! included, in half points. Komi never changes what is legal in Carteso and Linage, so one
//! search at komi 0 gives the value M of the board, and with komi k the first side wins iff
//! M > 2k, draws iff M = 2k: the fair komi is M / 2, proven. (In Keil the button's +0.5 and
//! `button = auto` tie the rules to komi: search with the button forced on or off.)
//!
//! Only games whose turns are single steps (Keil, Carteso, Linage) are searched here. Keil's
//! key includes each player's earlier positions ([`crate::puzzle::history`]), which makes the table
//! far less useful there.

use crate::games::SolveGame;
use crate::games::{Game, Side, Step};
use crate::puzzle::history::History;
use crate::puzzle::search::Aborted;
use crate::puzzle::table::{pack, unpack};

/// Bound kinds in the table.
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
/// An empty slot: matches no position, also not one whose key is 0 (the empty board's).
const EMPTY: u8 = 3;

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    value: i32,
    best: u32,
    kind: u8,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            key: 0,
            value: 0,
            best: 0,
            kind: EMPTY,
        }
    }
}

/// The plain margin search.
pub struct PlainExact<G: SolveGame> {
    game: G,
    table: Vec<Entry>,
    mask: usize,
    history: History,
    /// Positions visited.
    pub nodes: u64,
    limit: u64,
    buffers: Vec<Vec<Step>>,
}

/// The final margin of an ended game, first side minus second side, in half points.
fn final_margin<G: Game>(g: &G) -> i32 {
    let p = g.points().expect("a territory game");
    ((p[0] - p[1]) * 2.0).round() as i32
}

impl<G: SolveGame> PlainExact<G> {
    /// A search from `game` (which must be past the opening) with a table of about `mb`
    /// megabytes, visiting at most `limit` positions.
    pub fn new(game: &G, mb: usize, limit: u64) -> Self {
        let want = ((mb << 20) / std::mem::size_of::<Entry>()).max(1024);
        let len = 1usize << (usize::BITS - 1 - want.leading_zeros());
        PlainExact {
            game: game.clone(),
            table: vec![Entry::default(); len],
            mask: len - 1,
            history: if G::HISTORY {
                History::of(game)
            } else {
                History::default()
            },
            nodes: 0,
            limit,
            buffers: Vec::new(),
        }
    }

    /// The margin (first side minus second, half points) under best play from the position.
    pub fn margin(&mut self) -> Result<i32, Aborted> {
        let bound = 4 * self.game.geometry().cells() as i32 + 4 * 1000;
        let v = self.negamax(-bound, bound, 0)?;
        Ok(if self.game.to_move() == Side::First {
            v
        } else {
            -v
        })
    }

    #[inline]
    fn key(&self) -> u64 {
        self.game.hash() ^ if G::HISTORY { self.history.key() } else { 0 }
    }

    /// Negamax value for the side to move, within (alpha, beta).
    fn negamax(&mut self, mut alpha: i32, mut beta: i32, level: usize) -> Result<i32, Aborted> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Aborted);
        }
        let sign = if self.game.to_move() == Side::First {
            1
        } else {
            -1
        };
        if self.game.is_over() {
            return Ok(sign * final_margin(&self.game));
        }
        let key = self.key();
        let slot = (key as usize) & self.mask;
        let e = self.table[slot];
        let mut first = None;
        if e.key == key && e.kind != EMPTY {
            match e.kind {
                EXACT => return Ok(e.value),
                LOWER => alpha = alpha.max(e.value),
                _ => beta = beta.min(e.value),
            }
            if alpha >= beta {
                return Ok(e.value);
            }
            first = unpack(e.best);
        }
        let alpha0 = alpha;
        if self.buffers.len() <= level {
            self.buffers.resize_with(level + 1, Vec::new);
        }
        let mut steps = std::mem::take(&mut self.buffers[level]);
        self.game.legal_steps(&mut steps);
        if let Some(f) = first {
            if let Some(i) = steps.iter().position(|&s| s == f) {
                steps.swap(0, i);
            }
        }
        let mut best = i32::MIN;
        let mut best_step = None;
        let mut result = Ok(());
        for &step in &steps {
            let mover = self.game.to_move();
            self.game.play(step);
            if G::HISTORY {
                self.history.push(mover, self.game.hash());
            }
            let v = self.negamax(-beta, -alpha, level + 1).map(|v| -v);
            if G::HISTORY {
                self.history.pop(mover, self.game.hash());
            }
            self.game.undo();
            let v = match v {
                Ok(v) => v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if v > best {
                best = v;
                best_step = Some(step);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[level] = steps;
        result?;
        let kind = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table[slot] = Entry {
            key,
            value: best,
            best: best_step.map_or(0, pack),
            kind,
        };
        Ok(best)
    }
}

/// The exact margin of a Keil, Carteso or Linage position (see [`PlainExact::margin`]) and the
/// positions visited; `Ok(None)` for Iris and Wunchunk, which have no points.
pub fn plain_margin_of(
    game: &crate::games::AnyGame,
    mb: usize,
    limit: u64,
) -> Result<Option<(i32, u64)>, Aborted> {
    fn run<G: SolveGame>(g: &G, mb: usize, limit: u64) -> Result<Option<(i32, u64)>, Aborted> {
        let mut e = PlainExact::new(g, mb, limit);
        let m = e.margin()?;
        Ok(Some((m, e.nodes)))
    }
    crate::games::with_each_game!(game, g => match g.territory_komi() {
        Some(_) => run(g, mb, limit),
        None => Ok(None),
    })
}
