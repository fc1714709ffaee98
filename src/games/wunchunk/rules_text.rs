//! Wunchunk on the Rules screen: the rules in our words, a picture and its legend.

use crate::board::BoardKind;
use crate::games::rules_text::{Picture, RulesText};
use crate::games::Stone;

/// Wunchunk's rules for people.
pub(crate) static RULES_TEXT: RulesText = RulesText {
    text: "\
Black moves first. A chunk is a group of 2 or more stones of one colour; a crumb is a single \
stone.

On your turn place up to as many stones as you have chunks (at least 1), of EITHER colour (c \
switches); e ends the turn early, p passes. On White's first turn White may swap (s) \
instead: the players exchange colours.

The game ends when the board is full or both pass in a row. Fewest chunks of your colour \
wins; then fewest crumbs; then fewest groups of 2, of 3, and so on.",
    picture: Picture {
        board: BoardKind::Hex,
        size: 3,
        letters: ['b', 'w'],
        stones: &[
            (Stone::Black, &["b3", "b4", "d1"]),
            (Stone::White, &["c4", "d4", "d3", "a5"]),
        ],
        claims: &[],
        marks: &[],
        other_empty: None,
        ring_pairs: false,
    },
    legend: None,
};
