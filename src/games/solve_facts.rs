//! What the puzzle solver (`crate::puzzle`) and the lab's exact solvers need to know about a
//! game beyond the [`Game`] trait: whether legality depends on earlier positions, whether a
//! full board ends the game, and how many stones the turn in progress may still place. These
//! let the search skip turns that cannot end the game on the last ply, and key its table
//! soundly. Each game implements it beside its rules (`src/games/<game>/solve.rs`).

use super::symmetry::{Pieces, Symmetries};
use super::{Game, Side, Step};

/// A game the solver can search.
pub trait SolveGame: Game {
    /// Whether a placement's legality depends on earlier positions (Keil's repetition rule):
    /// the transposition key must then include each player's earlier positions.
    const HISTORY: bool = false;

    /// Whether a full board ends the game (Carteso, Iris, Wunchunk). When false, only two
    /// passes in succession end it (Keil, Linage).
    const FULL_BOARD_ENDS: bool;

    /// `Some(k)` when every turn places at most `k` stones, the side to move always has a
    /// turn that places stones while cells are empty, and only a full board or two passes end
    /// the game (Carteso: 1, Iris: 2). Then a defender who never passes keeps the game going
    /// for more than `n` plies whenever more than `n · k` cells are empty, and the search
    /// stops there at once.
    const STALL: Option<usize> = None;

    /// Whether the search tries `pass` first for the defender at the start of a turn (where a
    /// pass is usually the cheapest escape: Wunchunk, whose turns are very many).
    const DEFENDER_PASSES_FIRST: bool = false;

    /// The komi of a game scored in points (the exact margin searches need points); `None`
    /// for a game decided otherwise.
    fn territory_komi(&self) -> Option<f64> {
        None
    }

    /// At the start of a turn, with `n` plies left (the turn starting now the first of
    /// them): an upper bound on the stones placed within those plies when the defender places
    /// exactly one stone on each of its turns and never passes, and the attacker plays as it
    /// likes; `None` when the game has no such bound. Against that defence the game can end
    /// within `n` plies only by a full board (or by the attacker passing right now after a
    /// pass), so more empty cells than the bound mean no win. The default is `n · k` from
    /// [`SolveGame::STALL`].
    fn stall_bound(&self, _attacker: Side, n: u8) -> Option<usize> {
        Self::STALL.map(|k| usize::from(n) * k)
    }

    /// The most stones the side to move may still place in the turn in progress (an upper
    /// bound is enough; used only with [`SolveGame::FULL_BOARD_ENDS`]).
    fn stones_left_in_turn(&self) -> usize {
        1
    }

    /// The number of distinct whole turns of the side to move (at the start of a turn), for
    /// the rating, when the game has a formula for it; `None`: the solver counts them.
    fn turn_count(&self) -> Option<f64> {
        None
    }

    /// The board symmetries that keep the game the same ([`super::symmetry`]); the identity
    /// alone unless a game says otherwise.
    fn symmetries(&self) -> Symmetries {
        Symmetries::identity(self.geometry())
    }

    /// The pieces on the board as the game's hash counts them, `(cell, piece index)`
    /// (default: each stone by [`crate::games::Stone::index`]).
    fn pieces(&self, out: &mut Pieces) {
        out.clear();
        for c in self.geometry().all_cells() {
            if let Some(s) = self.stone_at(c) {
                out.push((c, s.index()));
            }
        }
    }

    /// Bounds `(low, high)` on the final margin (first side's points minus the second's, komi
    /// included, in half points) of every game that goes on from here, known without search;
    /// `None` when the game has none.
    fn margin_bounds(&self) -> Option<(i32, i32)> {
        None
    }

    /// Whether the game is still in its opening protocol (the komi bid), which the solver
    /// does not search.
    fn in_opening(&self) -> bool {
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        steps
            .iter()
            .any(|s| matches!(s, Step::Komi(_) | Step::Choose(_)))
    }
}
