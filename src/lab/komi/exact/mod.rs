//! Exact game values without a ply bound, for the smallest boards (issue 15): the final score
//! margin under best play of both sides.
//!
//! The margin is the first side's points minus the second side's, komi and Keil's button
//! included, in half points. Komi never changes what is legal in Carteso and Linage, so one
//! search at komi 0 gives the value M of the board, and with komi k the first side wins iff
//! M > 2k, draws iff M = 2k: the fair komi is M / 2, proven. (In Keil the button's +0.5 and
//! `button = auto` tie the rules to komi: search with the button forced on or off.)
//!
//! # How
//! MTD(f): a sequence of null-window alpha-beta searches ("is the value at least γ?"), each
//! moving γ towards the value from a guess, until a lower and an upper bound meet. A null
//! window cuts far more than the full window, and the table of bounds ([`bounds`]) is
//! kept between the passes, so each pass mostly re-reads the previous one. Moves are tried
//! in the order: the table's best step, then by the history heuristic (steps that caused
//! cut-offs anywhere, weighted by the number of steps at that node). Bounds on the final
//! margin known without search ([`SolveGame::margin_bounds`]: points already settled) cut
//! off where they fall outside the window. Positions that are
//! images of one another under a symmetry of the game ([`crate::games::symmetry`]) share an entry.
//!
//! Only games whose turns are single steps (Keil, Carteso, Linage) are searched here. Keil's
//! key includes each player's earlier positions ([`crate::puzzle::history`]), which makes the table
//! far less useful there: two positions with the same board but different histories may have
//! different values (a placement may be illegal in one), so a key without the history would
//! be unsound.

pub(crate) mod bounds;
#[cfg(test)]
pub(crate) mod exact_plain;
pub mod linage_sum;
#[cfg(test)]
mod tests;

use crate::games::symmetry::{Pieces, Symmetries};
use crate::games::SolveGame;
use crate::games::{Game, Side, Step};
use crate::puzzle::history::History;
use crate::puzzle::search::Aborted;
use crate::puzzle::table::{pack, unpack};
use bounds::{Bounds, INF};

/// MTD(f): null-window passes from the first guess `guess` until a lower and an upper bound
/// on the value meet (values lie within ±`inf`). `probe(beta)` searches the window
/// (beta − 1, beta) fail-soft and returns the value found and the positions visited so far;
/// `verbose` prints a line per pass on stderr. Returns the value and the passes made.
pub(super) fn mtdf(
    guess: i32,
    inf: i32,
    verbose: bool,
    mut probe: impl FnMut(i32) -> Result<(i32, u64), Aborted>,
) -> Result<(i32, u32), Aborted> {
    let (mut lower, mut upper) = (-inf, inf);
    let mut g = guess.clamp(-inf + 1, inf - 1);
    let mut passes = 0;
    let t0 = std::time::Instant::now();
    while lower < upper {
        let beta = if g == lower { g + 1 } else { g };
        passes += 1;
        let (v, nodes) = probe(beta)?;
        g = v;
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
        if verbose {
            eprintln!(
                "pass {passes}: value for the side to move {} {beta} (bounds {lower}..{upper}), \
                 {nodes} positions, {:.1} s",
                if g < beta { "<" } else { ">=" },
                t0.elapsed().as_secs_f64()
            );
        }
    }
    Ok((g, passes))
}

/// The margin search.
pub struct Exact<G: SolveGame> {
    game: G,
    table: Bounds,
    symmetries: Symmetries,
    pieces: Pieces,
    history: History,
    /// History-heuristic score per step (see [`step_index`]).
    cutoffs: Vec<u64>,
    /// Positions visited.
    pub nodes: u64,
    /// Null-window passes made.
    pub passes: u32,
    /// Print a line per pass on stderr (for long runs).
    pub verbose: bool,
    limit: u64,
    buffers: Vec<Vec<Step>>,
}

/// The final margin of an ended game, first side minus second side, in half points.
fn final_margin<G: Game>(g: &G) -> i32 {
    let p = g.points().expect("a territory game");
    ((p[0] - p[1]) * 2.0).round() as i32
}

/// A slot for `step` in the history-heuristic table of a board of `cells` cells.
#[inline]
fn step_index(step: Step, cells: usize) -> usize {
    match step {
        Step::Place { cell, stone } => usize::from(cell) * 3 + stone.index(),
        Step::Pass => cells * 3,
        Step::Button => cells * 3 + 1,
        _ => cells * 3 + 2,
    }
}

impl<G: SolveGame> Exact<G> {
    /// A search from `game` (which must be past the opening) with a table of about `mb`
    /// megabytes, visiting at most `limit` positions.
    pub fn new(game: &G, mb: usize, limit: u64) -> Self {
        Exact {
            game: game.clone(),
            table: Bounds::with_megabytes(mb),
            symmetries: game.symmetries(),
            pieces: Vec::new(),
            history: if G::HISTORY {
                History::of(game)
            } else {
                History::default()
            },
            cutoffs: vec![0; game.geometry().cells() * 3 + 3],
            nodes: 0,
            passes: 0,
            verbose: false,
            limit,
            buffers: Vec::new(),
        }
    }

    /// The margin (first side minus second, half points) under best play from the position,
    /// found from the first guess `guess` (the closer, the fewer passes; any value is right).
    pub fn margin(&mut self, guess: i32) -> Result<i32, Aborted> {
        let sign = if self.game.to_move() == Side::First {
            1
        } else {
            -1
        };
        let verbose = self.verbose;
        let (g, passes) = mtdf(sign * guess, INF, verbose, |beta| {
            let v = self.negamax(beta - 1, beta, 0)?;
            Ok((v, self.nodes))
        })?;
        self.passes += passes;
        Ok(sign * g)
    }

    /// The table key of the position and the symmetry taking it to its canonical image.
    #[inline]
    fn key(&mut self) -> (u64, usize) {
        let hash = self.game.hash();
        let (key, t) = if self.symmetries.maps.len() > 1 {
            self.game.pieces(&mut self.pieces);
            self.symmetries.canonical(hash, &self.pieces)
        } else {
            (hash, 0)
        };
        (key ^ if G::HISTORY { self.history.key() } else { 0 }, t)
    }

    /// Negamax value for the side to move, fail-soft within (alpha, beta).
    fn negamax(&mut self, mut alpha: i32, mut beta: i32, level: usize) -> Result<i32, Aborted> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Aborted);
        }
        if self.game.is_over() {
            let sign = if self.game.to_move() == Side::First {
                1
            } else {
                -1
            };
            return Ok(sign * final_margin(&self.game));
        }
        if let Some((low, high)) = self.game.margin_bounds() {
            let (low, high) = if self.game.to_move() == Side::First {
                (low, high)
            } else {
                (-high, -low)
            };
            if low >= beta || low == high {
                return Ok(low);
            }
            if high <= alpha {
                return Ok(high);
            }
        }
        let start = self.nodes;
        let (key, t) = self.key();
        let known = self.table.probe(key);
        if known.lower >= beta || known.lower == known.upper {
            return Ok(known.lower);
        }
        if known.upper <= alpha {
            return Ok(known.upper);
        }
        alpha = alpha.max(known.lower);
        beta = beta.min(known.upper);
        let (alpha0, beta0) = (alpha, beta);
        if self.buffers.len() <= level {
            self.buffers.resize_with(level + 1, Vec::new);
        }
        let mut steps = std::mem::take(&mut self.buffers[level]);
        self.game.legal_steps(&mut steps);
        let cells = self.game.geometry().cells();
        let first =
            unpack(known.best).map(|s| self.symmetries.maps[self.symmetries.inverse[t]].step(s));
        let cutoffs = &self.cutoffs;
        steps.sort_by_key(|&s| {
            (
                Some(s) != first,
                std::cmp::Reverse(cutoffs[step_index(s, cells)]),
            )
        });
        let mut best = -INF;
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
                let n = steps.len() as u64;
                self.cutoffs[step_index(step, cells)] += n * n;
                break;
            }
        }
        self.buffers[level] = steps;
        result?;
        let (lower, upper) = if best <= alpha0 {
            (-INF, best)
        } else if best >= beta0 {
            (best, INF)
        } else {
            (best, best)
        };
        let packed = best_step.map_or(0, |s| pack(self.symmetries.maps[t].step(s)));
        self.table
            .store(key, lower, upper, packed, self.nodes - start + 1);
        Ok(best)
    }
}

/// The exact margin of a Keil, Carteso or Linage position (see [`Exact::margin`], from the
/// first guess `guess`, a line per pass on stderr when `verbose`) and the positions visited; `Ok(None)` for a game without points
/// ([`SolveGame::territory_komi`]).
pub fn margin_of(
    game: &crate::games::AnyGame,
    mb: usize,
    limit: u64,
    guess: i32,
    verbose: bool,
) -> Result<Option<(i32, u64)>, Aborted> {
    fn run<G: SolveGame>(
        g: &G,
        mb: usize,
        limit: u64,
        guess: i32,
        verbose: bool,
    ) -> Result<Option<(i32, u64)>, Aborted> {
        let mut e = Exact::new(g, mb, limit);
        e.verbose = verbose;
        let m = e.margin(guess)?;
        Ok(Some((m, e.nodes)))
    }
    crate::games::with_each_game!(game, g => match g.territory_komi() {
        Some(_) => run(g, mb, limit, guess, verbose),
        None => Ok(None),
    })
}
