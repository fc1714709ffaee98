//! What the two square-board games (Carteso, Linage) share: bit-parallel board helpers and
//! the turn order (opening protocol, passes, result texts).

mod bits;
mod sized;
mod turns;

pub use bits::{single, Rect, SquareBits};
pub(crate) use sized::sized_game;
pub use sized::two_words;
pub use turns::{
    format_common, format_points, outcome_from_points, parse_common, result_from_points,
    single_step_turn, TurnState,
};
