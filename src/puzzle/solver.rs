//! The solver's public face: questions about an [`AnyGame`] position, answered exactly.
//!
//! ```no_run
//! use tessera::games::{AnyGame, Game};
//! use tessera::puzzle::Solver;
//!
//! let mut game = AnyGame::from_args("linage", &["size=5", "komi=0.5"]).unwrap();
//! let mut solver = Solver::new();
//! let solution = solver.solve(&game, 5).unwrap();
//! if let Some(n) = solution.win_in {
//!     println!("{} to win in {n}", game.side_name(solution.side));
//! }
//! ```

use super::line::{self, LineTurn};
use super::search::{Aborted, Search};
use super::table::Table;
use crate::games::with_each_game;
use crate::games::SolveGame;
use crate::games::{AnyGame, Game, Side, Step};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why the solver cannot look at a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The position is still in the komi bid.
    #[error("the position is in the opening protocol (komi bid): play it out first")]
    InOpening,
    /// A multi-stone turn is half played.
    #[error("a turn is in progress: the position must be at the start of a turn")]
    MidTurn,
    /// The node budget ran out or a stop was requested.
    #[error(transparent)]
    Aborted(#[from] Aborted),
}

/// What [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The side to move (S).
    pub side: Side,
    /// The smallest N within which S wins, `None` when S has no forced win within the limit.
    pub win_in: Option<u8>,
    /// Every first turn after which S wins within the remaining N − 1 plies, in board order.
    pub winning_turns: Vec<Vec<Step>>,
    /// The winning first turn (the first of them), then the most resistant defence, and so on
    /// until the game is over: N turns.
    pub main_line: Vec<Vec<Step>>,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// A defender's answer to a turn that does not win in time.
#[derive(Clone, Debug, PartialEq)]
pub struct Refutation {
    /// The reply that escapes: after it, the attacker no longer wins in the plies left.
    pub reply: Vec<Step>,
    /// Plies within which the defender then wins itself (counted from the reply, which is
    /// the first), when it does within the limit asked for.
    pub defender_wins_in: Option<u8>,
    /// The reply and the defender's main line from there, when it wins.
    pub line: Vec<Vec<Step>>,
}

/// The exact solver, with its transposition table (kept between questions).
pub struct Solver {
    table: Table,
    budget: u64,
    stop: Option<Arc<AtomicBool>>,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// Default table size.
    pub const DEFAULT_MB: usize = 64;

    /// Node budget of [`Solver::refute`]'s look for the defender's own win.
    pub const REFUTE_WIN_BUDGET: u64 = 4_000_000;

    /// A solver with a 64 MB table and no limits.
    pub fn new() -> Solver {
        Solver::with_megabytes(Self::DEFAULT_MB)
    }

    /// A solver with a table of about `mb` megabytes.
    pub fn with_megabytes(mb: usize) -> Solver {
        Solver {
            table: Table::with_megabytes(mb),
            budget: u64::MAX,
            stop: None,
            nodes: 0,
        }
    }

    /// At most `nodes` positions per question (then [`Aborted`]).
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes.max(1);
    }

    /// A flag that, once set, makes the current question end with [`Aborted`] (checked every
    /// few thousand positions).
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    /// Positions visited so far, over all questions.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Runs `f` on a search of `game` for `attacker`, counting its nodes.
    pub(crate) fn with_search<T>(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        f: impl SearchFn<T>,
    ) -> Result<T, SolveError> {
        if game.steps_in_turn() > 0 {
            return Err(SolveError::MidTurn);
        }
        let stop = self.stop.clone();
        let (result, nodes) = with_each_game!(game, g => {
            if g.in_opening() {
                return Err(SolveError::InOpening);
            }
            let mut s = Search::new(g, attacker, &mut self.table, self.budget, stop.as_deref());
            let r = f.run(&mut s);
            (r, s.nodes)
        });
        self.nodes += nodes;
        Ok(result?)
    }

    /// Whether `attacker` wins within `plies` plies from `game`.
    pub fn wins_within(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        plies: u8,
    ) -> Result<bool, SolveError> {
        struct F(u8);
        impl SearchFn<bool> for F {
            fn run<G: SolveGame>(self, s: &mut Search<G>) -> Result<bool, Aborted> {
                s.wins_within(self.0)
            }
        }
        self.with_search(game, attacker, F(plies))
    }

    /// The smallest number of plies ≤ `max` within which `attacker` wins from `game` (0 when
    /// the game is over and `attacker` won), or `None`.
    pub fn distance(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        max: u8,
    ) -> Result<Option<u8>, SolveError> {
        struct F(u8);
        impl SearchFn<Option<u8>> for F {
            fn run<G: SolveGame>(self, s: &mut Search<G>) -> Result<Option<u8>, Aborted> {
                line::distance(s, self.0)
            }
        }
        self.with_search(game, attacker, F(max))
    }

    /// Whether the side to move, having played `turn`, still wins within `plies − 1` more
    /// plies (`plies` counts `turn`). `turn` must be legal.
    pub fn turn_wins(
        &mut self,
        game: &AnyGame,
        turn: &[Step],
        plies: u8,
    ) -> Result<bool, SolveError> {
        let mut after = game.clone();
        for &s in turn {
            after.play(s);
        }
        self.wins_within(&after, game.to_move(), plies.saturating_sub(1))
    }

    /// Solves `game` for the side to move within `max_plies`: the depth, the winning first
    /// turns and the main line.
    pub fn solve(&mut self, game: &AnyGame, max_plies: u8) -> Result<Solution, SolveError> {
        struct F(u8);
        impl SearchFn<(Option<u8>, Vec<Vec<Step>>, Vec<Vec<Step>>)> for F {
            fn run<G: SolveGame>(
                self,
                s: &mut Search<G>,
            ) -> Result<(Option<u8>, Vec<Vec<Step>>, Vec<Vec<Step>>), Aborted> {
                let Some(n) = line::distance(s, self.0)? else {
                    return Ok((None, Vec::new(), Vec::new()));
                };
                if n == 0 {
                    return Ok((Some(0), Vec::new(), Vec::new()));
                }
                let winners = line::winning_turns(s, n, usize::MAX)?;
                let main = line::main_line(s, n, false)?;
                Ok((
                    Some(n),
                    winners,
                    main.into_iter().map(|t| t.steps).collect(),
                ))
            }
        }
        let start = Instant::now();
        let before = self.nodes;
        let side = game.to_move();
        let (win_in, winning_turns, main_line) = self.with_search(game, side, F(max_plies))?;
        Ok(Solution {
            side,
            win_in,
            winning_turns,
            main_line,
            nodes: self.nodes - before,
            elapsed: start.elapsed(),
        })
    }

    /// At a defender's position where `attacker` wins within `plies`: the defence that
    /// survives longest and the plies the attacker then still needs. `None` when `attacker`
    /// does not win within `plies`.
    pub fn most_resistant_defence(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        plies: u8,
    ) -> Result<Option<(Vec<Step>, u8)>, SolveError> {
        struct F(u8);
        impl SearchFn<Option<(Vec<Step>, u8)>> for F {
            fn run<G: SolveGame>(
                self,
                s: &mut Search<G>,
            ) -> Result<Option<(Vec<Step>, u8)>, Aborted> {
                line::most_resistant(s, self.0)
            }
        }
        self.with_search(game, attacker, F(plies))
    }

    /// The main line from `game`, where `attacker` wins in exactly `plies` (as found by
    /// [`Solver::distance`]), with the attacker's legal and winning turn counts.
    pub fn main_line(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        plies: u8,
    ) -> Result<Vec<LineTurn>, SolveError> {
        struct F(u8);
        impl SearchFn<Vec<LineTurn>> for F {
            fn run<G: SolveGame>(self, s: &mut Search<G>) -> Result<Vec<LineTurn>, Aborted> {
                line::main_line(s, self.0, true)
            }
        }
        self.with_search(game, attacker, F(plies))
    }

    /// The turns of the side to move (`attacker`) after which it wins within `plies − 1`
    /// more plies, in board order; at most `stop_after` of them.
    pub fn turns_winning(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        plies: u8,
        stop_after: usize,
    ) -> Result<Vec<Vec<Step>>, SolveError> {
        struct F(u8, usize);
        impl SearchFn<Vec<Vec<Step>>> for F {
            fn run<G: SolveGame>(self, s: &mut Search<G>) -> Result<Vec<Vec<Step>>, Aborted> {
                line::winning_turns(s, self.0, self.1)
            }
        }
        if game.to_move() != attacker {
            return Ok(Vec::new());
        }
        self.with_search(game, attacker, F(plies, stop_after.max(1)))
    }

    /// After a turn that no longer wins: `game` is the position after it (the defender to
    /// move), `attacker` had `plies` plies left counting the defender's reply. The defender's
    /// reply that escapes — preferring one after which the defender itself wins soonest,
    /// within `defender_max` plies counted from the reply — and the defender's line then.
    /// `None` when every reply loses in time (the turn was not wrong).
    pub fn refute(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        plies: u8,
        defender_max: u8,
    ) -> Result<Option<Refutation>, SolveError> {
        let defender = attacker.other();
        // The defender's own fastest win, if any: its first turn escapes for sure when it
        // wins before the attacker could. Only an explanation: it gets a smaller node budget,
        // and when that runs out the plain escape below answers.
        let budget = self.budget;
        self.budget = budget.min(Self::REFUTE_WIN_BUDGET);
        let own_win = match self.distance(game, defender, defender_max) {
            Err(SolveError::Aborted(_)) => None,
            other => other?,
        };
        self.budget = budget;
        if let Some(d) = own_win {
            if d > 0 {
                let line: Vec<Vec<Step>> = self
                    .main_line(game, defender, d)?
                    .into_iter()
                    .map(|t| t.steps)
                    .collect();
                let reply = line[0].clone();
                let mut after = game.clone();
                for &s in &reply {
                    after.play(s);
                }
                if !self.wins_within(&after, attacker, plies.saturating_sub(1))? {
                    return Ok(Some(Refutation {
                        reply,
                        defender_wins_in: Some(d),
                        line,
                    }));
                }
            }
        }
        let escape = self.turns_escaping(game, attacker, plies)?;
        Ok(escape.map(|reply| Refutation {
            line: vec![reply.clone()],
            reply,
            defender_wins_in: None,
        }))
    }

    /// The first turn of the side to move (the defender) after which `attacker` does not win
    /// within `plies − 1`.
    fn turns_escaping(
        &mut self,
        game: &AnyGame,
        attacker: Side,
        plies: u8,
    ) -> Result<Option<Vec<Step>>, SolveError> {
        struct F(u8);
        impl SearchFn<Option<Vec<Step>>> for F {
            fn run<G: SolveGame>(self, s: &mut Search<G>) -> Result<Option<Vec<Step>>, Aborted> {
                Ok(line::escapes(s, self.0, 1)?.into_iter().next())
            }
        }
        if plies == 0 {
            return Ok(super::turns::first_turn(game));
        }
        self.with_search(game, attacker, F(plies))
    }
}

/// A question run on a [`Search`] of whichever game (a generic closure, spelled as a trait).
pub(crate) trait SearchFn<T> {
    /// Answers the question on `s`.
    fn run<G: SolveGame>(self, s: &mut Search<G>) -> Result<T, Aborted>;
}

/// The tokens of a line of turns played from `game`.
pub fn line_tokens(game: &AnyGame, line: &[Vec<Step>]) -> Vec<String> {
    let mut g = game.clone();
    line.iter()
        .map(|t| {
            let token = g.format_turn(t);
            for &s in t {
                g.play(s);
            }
            token
        })
        .collect()
}

/// The tokens of turns that all start from `game`.
pub fn turn_tokens(game: &AnyGame, turns: &[Vec<Step>]) -> Vec<String> {
    turns.iter().map(|t| game.format_turn(t)).collect()
}
