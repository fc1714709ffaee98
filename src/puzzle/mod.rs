//! Puzzles: an exact solver for "the side to move wins in N", the puzzle definition and its
//! rating, and puzzle sets on disk. The generator that finds puzzles in AI games, the set
//! verifier and the exact game-value solvers live in the lab ([`crate::lab`]).
//!
//! # Definitions (issue 12; other programs check them)
//! - A **ply** is one whole turn of either side: a multi-stone Iris or Wunchunk turn is one
//!   ply; `pass`, `button` and `swap` are plies.
//! - The side S to move **wins in N** if S has a strategy such that, against every defence,
//!   the game is over by the rules with S the winner after at most N plies. The depth is the
//!   smallest such N.
//! - The **winning first turns** are the first turns of S after which S still wins within
//!   the remaining N − 1 plies, N minimal.
//! - A position is a **puzzle** when S wins in N; exactly one first turn wins within N;
//!   passing does not already win within N; and some other first turn does not lose within
//!   N plies. Its **rating** is the product, over S's turns on the main line, of legal turns
//!   ÷ winning turns.
//!
//! Turns are counted as distinct *turns*, not orders of stones: a Wunchunk turn of three
//! stones is one turn whichever order they go down in, and is written with its stones in
//! board order.
//!
//! # The API the interface builds on
//! - [`Solver`]: [`Solver::solve`] (depth, winning turns, main line),
//!   [`Solver::wins_within`] / [`Solver::turn_wins`] (does a player's turn still win in the
//!   plies left?), [`Solver::most_resistant_defence`] (the opponent's answer),
//!   [`Solver::refute`] (the escape after a wrong turn), [`Solver::distance`].
//! - [`define::classify`]: whether a position is a puzzle, with its rating, or why not.
//! - [`set`]: load a puzzle set (entries that fail to load are reported, the rest load),
//!   replay an entry to its position, save a set.
//!
//! # Inside
//! `search` (the AND/OR search over steps counting turns), `table` (two bounds per
//! position), `history` (Keil's repetition rule in the key), `turns` (distinct whole
//! turns), `line` (distances, main line, rating), `rules` (what the search needs to know
//! per game: the solver's view of `AnyGame`; each game's own facts are
//! [`crate::games::SolveGame`]).

pub(crate) mod cli;
pub mod define;
pub(crate) mod history;
pub(crate) mod line;
pub(crate) mod rules;
pub(crate) mod search;
pub mod set;
pub mod solver;
pub(crate) mod table;
pub(crate) mod turns;

#[cfg(test)]
mod brute;
#[cfg(test)]
pub(crate) mod tests;

pub use cli::{run_solve, SolveArgs};
pub use define::{classify, Facts, NotPuzzle};
pub use line::LineTurn;
pub use search::Aborted;
pub use solver::{line_tokens, turn_tokens, Refutation, Solution, SolveError, Solver};
