//! The small value types every game shares: sides, stones, steps, outcomes, illegal-step reasons.

use crate::board::Cell;
use std::fmt;

/// A seat in the game: the side that moves first, or the side that moves second.
///
/// Names depend on the game (Black/White, Vertical/Horizontal): see [`super::GameKind::side_name`].
/// In Wunchunk the sides are the two colours; a `swap` exchanges which *player* holds which side
/// (see [`super::Game::swapped`]), not the sides themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Moves first: Black (Keil, Iris, Wunchunk) or Vertical (Carteso, Linage).
    First,
    /// Moves second: White or Horizontal.
    Second,
}

impl Side {
    /// `0` for the first side, `1` for the second.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The side with index `i` (0 or 1).
    #[inline]
    pub fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// What can stand on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// A black stone (written `B`).
    Black,
    /// A white stone (written `W`).
    White,
    /// Linage's neutral stone (written `N` in `tessera-state`).
    Neutral,
}

impl Stone {
    /// Index for Zobrist keys and per-colour arrays: Black 0, White 1, Neutral 2.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Stone::Black => 0,
            Stone::White => 1,
            Stone::Neutral => 2,
        }
    }

    /// The letter used in tokens and `tessera-state`: `B`, `W`, `N`.
    pub fn letter(self) -> char {
        match self {
            Stone::Black => 'B',
            Stone::White => 'W',
            Stone::Neutral => 'N',
        }
    }

    /// Parses `B`/`W` (either case).
    pub fn from_letter(c: char) -> Option<Stone> {
        match c.to_ascii_uppercase() {
            'B' => Some(Stone::Black),
            'W' => Some(Stone::White),
            _ => None,
        }
    }

    /// The other of black and white (neutral stays neutral).
    pub fn opposite(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
            Stone::Neutral => Stone::Neutral,
        }
    }

    /// The colour a side plays in games where each side owns a colour: First → Black.
    pub fn of_side(side: Side) -> Stone {
        match side {
            Side::First => Stone::Black,
            Side::Second => Stone::White,
        }
    }
}

/// One step: one stone or one action. A turn (SPEC §2) is one or more steps.
///
/// In every game the `stone` of a placement is the stone that lands on the board: the mover's
/// colour in Keil and Iris, `Neutral` in Linage, the chosen colour in Carteso and Wunchunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Put `stone` on `cell`.
    Place {
        /// Where.
        cell: Cell,
        /// What lands there.
        stone: Stone,
    },
    /// Pass the whole turn.
    Pass,
    /// Take Keil's button.
    Button,
    /// Wunchunk's pie: exchange colours.
    Swap,
    /// End a Wunchunk turn before the allotment is used up.
    End,
    /// Opening protocol (bid): the chooser sets komi, in half points (`Komi(13)` is 6.5).
    Komi(u16),
    /// Opening protocol (bid): the second player takes this side.
    Choose(Side),
}

impl Step {
    /// The cell of a placement.
    pub fn cell(self) -> Option<Cell> {
        match self {
            Step::Place { cell, .. } => Some(cell),
            _ => None,
        }
    }

    /// Whether this is a placement.
    pub fn is_place(self) -> bool {
        matches!(self, Step::Place { .. })
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// Reward for `side`: 1 win, 0.5 draw, 0 loss.
    pub fn reward(self, side: Side) -> f64 {
        match self {
            Outcome::Win(s) if s == side => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw => None,
        }
    }
}

/// A colour's chunks (groups of two or more stones) and crumbs (single stones), as Wunchunk
/// counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChunkCounts {
    /// Groups of two or more stones.
    pub chunks: u32,
    /// Single stones.
    pub crumbs: u32,
}

/// What placing one stone would do to its colour's chunks and crumbs (Wunchunk).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChunkDelta {
    /// Change in the colour's chunks (−2…+1).
    pub chunks: i32,
    /// Change in the colour's crumbs.
    pub crumbs: i32,
}

/// Ownership of a cell for the interface's overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Counts (or will count) for this side.
    Owned(Side),
    /// Still contested (Linage's free regions).
    Free,
    /// Belongs to nobody (Keil's territory touched by both colours or by no stone).
    Neutral,
}

/// Why a step is not legal, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The cell holds a stone.
    #[error("occupied")]
    Occupied,
    /// Linage: the point's region is owned by a player.
    #[error("not in a free region")]
    NotInFreeRegion,
    /// Linage: afterwards some region would have no line.
    #[error("would leave a region with no line")]
    LeavesRegionWithoutLine,
    /// Keil: the placed stone's group would have no liberty.
    #[error("suicide: the stone's group would have no liberty")]
    Suicide,
    /// Keil: the position would repeat one at the end of an earlier turn of the same player.
    #[error("repeats your earlier position")]
    Repetition,
    /// Keil: while the button is on the table, passing is not allowed.
    #[error("you may not pass yet: take the button or play a stone")]
    MustTakeButtonOrPlay,
    /// The stone's colour is not one this player may place here.
    #[error("wrong stone colour: {0}")]
    WrongColour(&'static str),
    /// The step is not available at this point of the turn or game.
    #[error("{0}")]
    NotNow(&'static str),
    /// Any other rule, stated in full.
    #[error("{0}")]
    Rule(&'static str),
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}",
            if *self == Side::First {
                "first"
            } else {
                "second"
            }
        )
    }
}

/// Compares two score lists entry by entry, a missing entry counting 0 (Iris's group scores,
/// Wunchunk's chunk arrays). Returns the order of `a` against `b` and the index of the deciding
/// entry, or the length of the longer list when all entries are equal.
pub fn compare_zero_padded(a: &[u32], b: &[u32]) -> (std::cmp::Ordering, usize) {
    let len = a.len().max(b.len());
    for i in 0..len {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        if x != y {
            return (x.cmp(&y), i);
        }
    }
    (std::cmp::Ordering::Equal, len)
}

/// `n` and a noun in the right number, for the result screens: `1 stone`, `3 stones`.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
