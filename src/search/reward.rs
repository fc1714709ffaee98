//! Whose view a value is from, and what a finished game is worth.
//!
//! The search thinks in *seats*, not sides: seat 0 is whoever made the game's first turn.
//! The bid's `play=` choice and Wunchunk's `swap` exchange which seat holds which side
//! ([`Game::swapped`]), so a side's win is credited to the seat holding that side when the
//! game ends. Inside a multi-stone turn the mover stays the same seat across steps.

use crate::games::{Game, Outcome, Side, Stone};

/// Index of a seat: 0 made the game's first turn, 1 is the other.
pub type Seat = u8;

/// The seat that takes the next step.
#[inline]
pub fn mover<G: Game>(g: &G) -> Seat {
    (g.to_move().index() ^ g.swapped() as usize) as Seat
}

/// How results are turned into rewards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RewardShape {
    /// Weight of the squashed score margin in the reward (0 = pure win/loss).
    pub score_weight: f64,
    /// Margin (in points) that is worth about a quarter of the score part: the squash is
    /// `0.5 + atan(margin / scale) / π`.
    pub score_scale: f64,
}

impl RewardShape {
    /// Pure win / draw / loss rewards (1 / 0.5 / 0).
    pub const WIN_LOSS: RewardShape = RewardShape {
        score_weight: 0.0,
        score_scale: 1.0,
    };
}

/// What a finished game is worth, from seat 0's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terminal {
    /// 1 win, 0.5 draw, 0 loss for seat 0.
    pub win: f32,
    /// Seat 0's points minus seat 1's (0 in games without points).
    pub margin: f32,
    /// The reward backed up the tree for seat 0: the win blended with the squashed margin.
    pub reward: f32,
}

/// Scores a finished game (`g.is_over()`).
pub fn terminal<G: Game>(g: &G, shape: RewardShape) -> Terminal {
    let swapped = g.swapped();
    let win = match g.outcome() {
        Some(Outcome::Win(side)) => {
            if (side.index() ^ swapped as usize) == 0 {
                1.0
            } else {
                0.0
            }
        }
        Some(Outcome::Draw) | None => 0.5,
    };
    let margin = margin0(g);
    let reward = if shape.score_weight > 0.0 {
        (1.0 - shape.score_weight) * win + shape.score_weight * squash(margin, shape.score_scale)
    } else {
        win
    };
    Terminal {
        win: win as f32,
        margin: margin as f32,
        reward: reward as f32,
    }
}

/// A margin in points squashed into 0–1: `0.5 + atan(margin / scale) / π` (about 75 % at
/// `scale` points). Rewards and the network's utility blend it with the win chance.
#[inline]
pub fn squash(margin: f64, scale: f64) -> f64 {
    0.5 + (margin / scale).atan() / std::f64::consts::PI
}

/// Seat 0's points minus seat 1's, as if the game ended now (0 without points).
pub fn margin0<G: Game>(g: &G) -> f64 {
    match g.points() {
        Some([first, second]) => {
            let m = first - second;
            if g.swapped() {
                -m
            } else {
                m
            }
        }
        None => 0.0,
    }
}

/// `value` (from seat 0's view, in [0, 1]) seen by `seat`.
#[inline]
pub fn for_seat(value0: f32, seat: Seat) -> f32 {
    if seat == 0 {
        value0
    } else {
        1.0 - value0
    }
}

/// A margin from seat 0's view seen by `seat`.
#[inline]
pub fn margin_for(margin0: f32, seat: Seat) -> f32 {
    if seat == 0 {
        margin0
    } else {
        -margin0
    }
}

/// The side a seat holds now.
pub fn side_of<G: Game>(g: &G, seat: Seat) -> Side {
    Side::from_index(seat as usize ^ g.swapped() as usize)
}

/// The colour a seat owns in games where each side owns one (Iris, Wunchunk).
pub fn colour_of<G: Game>(g: &G, seat: Seat) -> Stone {
    Stone::of_side(side_of(g, seat))
}
