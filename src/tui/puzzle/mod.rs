//! Puzzle mode (Menu → Puzzles, `tessera puzzles [GAME]`): the shipped sets listed per game
//! with depth, rating and how the player did ([`list`]); a puzzle solved against the
//! solver's most resistant defence, computed on a worker thread ([`screen`], [`job`]); the
//! progress and the streak kept in the data directory ([`progress`]).
//!
//! The rules of the mode: the first turn must be the puzzle's only winning turn; after it any
//! turn that still wins within the plies left is accepted. A wrong turn is shown with the
//! solver's refutation, then taken back. A wrong turn, a hint (`H`) or giving up (`g`) ends
//! the streak and marks the puzzle failed; solving it afterwards makes it "solved after a
//! mistake"; a clean solve makes it solved and adds one to the streak (the best result is
//! kept, see [`progress`]; the list and the panel show the same words). `n` opens the next
//! puzzle of the list, whose puzzles rise in rating.
//!
//! The panel ([`view`]) shows the whole problem: the goal in the player's own turns (with all
//! turns, the opponent's passes included) and what ends a game, the rating in words, the
//! game's own status lines (komi, score, button, the stones of the turn) and the colour the
//! next stone takes where the player chooses it.

pub mod job;
pub mod keys;
pub mod list;
pub mod progress;
pub mod screen;
pub mod sets;
pub mod view;

pub use list::PuzzleList;
pub use screen::PuzzleScreen;

#[cfg(test)]
mod tests;
