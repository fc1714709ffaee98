//! What the solver needs to know about a game beyond the [`Game`] trait: whether legality
//! depends on earlier positions, whether a full board ends the game, and how many stones the
//! turn in progress may still place. These let the search skip turns that cannot end the game
//! on the last ply, and key its table soundly.

use super::symmetry::{Pieces, Symmetries};
use crate::games::carteso::Carteso;
use crate::games::iris::Iris;
use crate::games::keil::Keil;
use crate::games::linage::Linage;
use crate::games::wunchunk::Wunchunk;
use crate::games::{AnyGame, Game, Side, Step};

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
    /// the rating. By enumeration unless the game has a formula.
    fn turn_count(&self) -> f64 {
        super::turns::count_turns(self) as f64
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

impl SolveGame for Keil {
    const HISTORY: bool = true;
    const FULL_BOARD_ENDS: bool = false;
}

impl SolveGame for Linage {
    const FULL_BOARD_ENDS: bool = false;

    /// No stone ever enters an owned region, so owned points stay owned, and at most the
    /// free points change hands.
    fn margin_bounds(&self) -> Option<(i32, i32)> {
        let [a, b] = self.owned_points().map(|p| 2 * p as i32);
        let free = 2 * self.free_points() as i32;
        let komi = (2.0 * self.komi()).round() as i32;
        Some((a - b - free - komi, a - b + free - komi))
    }

    /// The mirrors and the half turn: they keep vertical lines vertical.
    fn symmetries(&self) -> Symmetries {
        Symmetries::square(self.geometry(), None)
    }
}

impl SolveGame for Carteso {
    const FULL_BOARD_ENDS: bool = true;
    const STALL: Option<usize> = Some(1);

    /// The mirrors and the half turn (they keep a group's rows rows and its columns
    /// columns), each also with black and white exchanged (pieces: black 0, white 1, and the
    /// claim markers 2 + side, which stay).
    fn symmetries(&self) -> Symmetries {
        Symmetries::square(self.geometry(), Some([1, 0, 2, 3]))
    }

    /// Claims are never lost and stones never removed: each side ends with at least its
    /// claimed stones and at most the points the other has not claimed.
    fn margin_bounds(&self) -> Option<(i32, i32)> {
        let n = 2 * self.geometry().cells() as i32;
        let [a, b] = self.claimed_points().map(|p| 2 * p as i32);
        let komi = (2.0 * self.komi()).round() as i32;
        Some((2 * a - n - komi, n - 2 * b - komi))
    }

    /// Stones by colour and the claim markers on claimed stones.
    fn pieces(&self, out: &mut Pieces) {
        out.clear();
        for c in self.geometry().all_cells() {
            if let Some(s) = self.stone_at(c) {
                out.push((c, s.index()));
                if let Some(side) = self.claimer(c) {
                    out.push((c, 2 + side.index()));
                }
            }
        }
    }
}

impl SolveGame for Iris {
    const FULL_BOARD_ENDS: bool = true;
    const STALL: Option<usize> = Some(2);

    fn stones_left_in_turn(&self) -> usize {
        if self.first_stone().is_some() || self.is_opening() {
            1
        } else {
            2
        }
    }
}

impl SolveGame for Wunchunk {
    const FULL_BOARD_ENDS: bool = true;
    const DEFENDER_PASSES_FIRST: bool = true;

    /// The attacker's turn places at most its allotment, `max(1, own chunks)` at the turn's
    /// start, and every stone placed (by either side, of either colour) raises the attacker's
    /// chunk count by at most one (a stone joins the groups around it into one); the defender
    /// places one stone a turn. So after `s` stones the attacker's next turn places at most
    /// `max(1, c + s)`, `c` its chunks now. (A swap places none; it only comes up at White's
    /// first turn, and sides are colours, so `c` stays the attacker's colour's count.)
    fn stall_bound(&self, attacker: Side, n: u8) -> Option<usize> {
        let c = self.chunks(attacker) as usize;
        let mut mover = self.to_move();
        let mut s = 0usize;
        for _ in 0..n {
            s = s.saturating_add(if mover == attacker { (c + s).max(1) } else { 1 });
            mover = mover.other();
        }
        Some(s)
    }

    fn stones_left_in_turn(&self) -> usize {
        self.stones_left() as usize
    }

    /// `pass`, `swap` when allowed, and for j = 1 … min(allotment, empty cells) every set of
    /// j empty cells with every colouring: Σ C(E, j) · 2^j.
    fn turn_count(&self) -> f64 {
        if self.is_over() {
            return 0.0;
        }
        let e = self.empty_cells() as usize;
        let k = (self.allotment() as usize).min(e);
        let mut total = 1.0 + if self.swap_allowed() { 1.0 } else { 0.0 };
        let mut choose = 1.0; // C(e, j)
        for j in 1..=k {
            choose = choose * (e + 1 - j) as f64 / j as f64;
            total += choose * 2f64.powi(j as i32);
        }
        total
    }
}

/// Calls `$body` with `$g` bound to the concrete game inside an [`AnyGame`] (so the search is
/// compiled once per game, without the enum's dispatch in its inner loop).
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::games::AnyGame::Keil($g) => $body,
            $crate::games::AnyGame::Carteso($g) => $body,
            $crate::games::AnyGame::Iris($g) => $body,
            $crate::games::AnyGame::Linage($g) => $body,
            $crate::games::AnyGame::Wunchunk($g) => $body,
        }
    };
}
pub(crate) use with_game;

/// Whether `game` is in its opening protocol (see [`SolveGame::in_opening`]).
pub fn in_opening(game: &AnyGame) -> bool {
    with_game!(game, g => g.in_opening())
}
