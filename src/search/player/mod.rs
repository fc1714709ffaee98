//! Who plays: a player's spec ([`spec`]) and its text form ([`text`]), the practice levels
//! ([`levels`]), each game's measured settings turned into search parameters and the choice
//! of the `default` player ([`tuning`]), and where a network comes from ([`net_source`]).

pub mod levels;
pub(crate) mod net_source;
pub(crate) mod spec;
pub(crate) mod text;
pub(crate) mod tuning;
