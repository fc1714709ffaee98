//! What the board widget draws: per cell the stone and its decorations, taken from any game
//! through the generic [`Game`] hooks, so that no game needs drawing code of its own.

use crate::board::{Cell, Geometry};
use crate::games::{Describe, Mark, SearchHints, Side, Stone};

/// Everything drawn on one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CellView {
    /// The stone on it.
    pub stone: Option<Stone>,
    /// Placed in the last turn (or in the turn in progress).
    pub last: bool,
    /// Carteso: the side that claimed this stone's group.
    pub claim: Option<Side>,
    /// Iris: the pair label of a coloured cell.
    pub pair: Option<u16>,
    /// Ownership overlay mark (only filled while the overlay is on).
    pub mark: Option<Mark>,
    /// A legal place for the next stone of the turn in progress (Iris's second stone).
    pub legal: bool,
    /// Analysis: the rank (1–5) of the candidate placed here.
    pub candidate: Option<u8>,
    /// A cell of the turn a hint named (`H`).
    pub hint: bool,
    /// The heat map's verdict on this cell (`None` while the map is off, or when no side
    /// has a likely hold on it).
    pub heat: Option<Heat>,
}

/// The share of playouts from which a cell counts as likely owned.
pub const HEAT_LIKELY: f64 = 0.6;
/// The share from which it counts as settled.
pub const HEAT_SETTLED: f64 = 0.85;

/// How sure the heat map is of a cell's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// At least [`HEAT_LIKELY`] of the playouts.
    Likely,
    /// At least [`HEAT_SETTLED`].
    Settled,
}

/// What the heat map says of one cell: the side it ends as in most of the search's
/// playouts, how sure that is, and the side the cell counts for now (so a stone that ends as
/// another side's — a dead Keil stone, a Carteso stone still to be claimed — is told apart
/// from one that keeps its owner).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heat {
    /// The side the cell ends as.
    pub owner: Side,
    /// How sure.
    pub strength: Strength,
    /// The side the cell counts for if the game ended now (the rules' final owners).
    pub now: Option<Side>,
}

impl Heat {
    /// The verdict on a cell whose playouts ended `shares` (first side's, second side's) and
    /// that counts for `now` at present; `None` when neither side reaches [`HEAT_LIKELY`].
    pub fn of(shares: [f64; 2], now: Option<Side>) -> Option<Heat> {
        let (owner, p) = if shares[0] >= shares[1] {
            (Side::First, shares[0])
        } else {
            (Side::Second, shares[1])
        };
        let strength = if p >= HEAT_SETTLED {
            Strength::Settled
        } else if p >= HEAT_LIKELY {
            Strength::Likely
        } else {
            return None;
        };
        Some(Heat {
            owner,
            strength,
            now,
        })
    }
}

/// A board to draw.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// The board.
    pub geometry: &'static Geometry,
    /// Per cell, in board order.
    pub cells: Vec<CellView>,
    /// The cursor.
    pub cursor: Option<Cell>,
    /// Lower-case letters of the two sides (`b`/`w`, `v`/`h`) for the ownership overlay.
    pub side_letters: [char; 2],
}

/// What the caller adds to the position: marks that are not part of the rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Decorations<'a> {
    /// Cells placed in the last turn (and the turn in progress).
    pub last: &'a [Cell],
    /// Where the cursor is.
    pub cursor: Option<Cell>,
    /// Whether the ownership overlay (`t`) is on.
    pub overlay: bool,
    /// Cells to highlight as legal for the next stone.
    pub legal: &'a [Cell],
    /// Analysis: the candidates' cells, best first (ranked 1–5 on the board).
    pub candidates: &'a [Cell],
    /// The heat map, per cell in board order (see [`CellView::heat`]).
    pub heat: Option<&'a [[f64; 2]]>,
}

impl BoardView {
    /// An empty board.
    pub fn empty(geometry: &'static Geometry, side_letters: [char; 2]) -> BoardView {
        BoardView {
            geometry,
            cells: vec![CellView::default(); geometry.cells()],
            cursor: None,
            side_letters,
        }
    }

    /// The view of a position with the caller's decorations.
    pub fn of_game<G: Describe + SearchHints>(game: &G, deco: Decorations<'_>) -> BoardView {
        let geometry = game.geometry();
        let kind = game.kind();
        let letter = |s| kind.side_letter(s).to_ascii_lowercase();
        let mut view = BoardView::empty(geometry, [letter(Side::First), letter(Side::Second)]);
        let marks = if deco.overlay {
            game.ownership()
        } else {
            Vec::new()
        };
        let mut now = Vec::new();
        if deco.heat.is_some() {
            game.final_owners(&mut now);
        }
        for c in geometry.all_cells() {
            let v = &mut view.cells[c as usize];
            v.stone = game.stone_at(c);
            v.claim = v.stone.and_then(|_| game.claimed_by(c));
            v.pair = game.pair_label(c);
            v.mark = marks.get(c as usize).copied().flatten();
            v.heat = deco
                .heat
                .and_then(|h| h.get(c as usize).copied())
                .and_then(|shares| Heat::of(shares, now.get(c as usize).copied().flatten()));
        }
        for &c in deco.last {
            view.cells[c as usize].last = true;
        }
        for &c in deco.legal {
            view.cells[c as usize].legal = true;
        }
        for (rank, &c) in deco.candidates.iter().enumerate().take(9) {
            let v = &mut view.cells[c as usize];
            if v.candidate.is_none() {
                v.candidate = Some(rank as u8 + 1);
            }
        }
        view.cursor = deco.cursor;
        view
    }
}
