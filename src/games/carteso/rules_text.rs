//! Carteso on the Rules screen: the rules in our words, a picture and its legend.

use crate::board::BoardKind;
use crate::games::rules_text::{Picture, RulesText};
use crate::games::{Side, Stone};

/// Carteso's rules for people.
pub(crate) static RULES_TEXT: RulesText = RulesText {
    text: "\
Vertical moves first, then Horizontal. On your turn place one stone of EITHER colour (c \
switches) or pass.

A group (same-coloured stones joined orthogonally) belongs to Vertical when it spans more \
rows than columns, to Horizontal when it spans more columns than rows; when square, to the \
opponent of whoever just placed.

A group is finished when it can no longer grow taller or wider. After every placement each \
unclaimed finished group is claimed by its owner (marked | for Vertical, - for Horizontal \
next to its stones, as in the picture) and stays claimed.

Score: stones in the groups you claimed (+ komi for Horizontal). Two passes in a row end the \
game. Komi is bid: the first player sets it, the second picks a side.",
    picture: Picture {
        board: BoardKind::Square,
        size: 5,
        letters: ['v', 'h'],
        // a1-a2 black, walled in by white: finished, taller than wide, Vertical's.
        // d5-e5 white, walled in by black: finished, wider than tall, Horizontal's.
        stones: &[
            (Stone::Black, &["a1", "a2"]),
            (Stone::White, &["d5", "e5"]),
            (Stone::White, &["b1", "b2", "a3"]),
            (Stone::Black, &["c5", "d4", "e4"]),
        ],
        claims: &[(Side::First, &["a1", "a2"]), (Side::Second, &["d5", "e5"])],
        marks: &[],
        other_empty: None,
        ring_pairs: false,
    },
    legend: Some("| claimed by Vertical, - by Horizontal"),
};
