//! Iris on the Rules screen: the rules in our words, a picture and its legend.

use crate::board::BoardKind;
use crate::games::rules_text::{Picture, RulesText};
use crate::games::Stone;

/// Iris's rules for people.
pub(crate) static RULES_TEXT: RulesText = RulesText {
    text: "\
Black moves first with ONE stone on a gray (inner) cell. After that every turn is TWO stones:

- first stone on a coloured edge cell: the second goes on the cell of the same colour on the \
opposite side (placed for you);
- first stone on a gray cell: the second goes on any empty gray cell not next to the first \
(highlighted); if there is none, it is forfeited.

You may pass a whole turn. The game ends when the board is full or after two passes.

A group's score is the number of coloured cells in it. Compare your best groups: the higher \
wins; if equal, compare the next best, and so on.",
    picture: Picture {
        board: BoardKind::Hex,
        size: 3,
        letters: ['b', 'w'],
        stones: &[(Stone::Black, &["c3"]), (Stone::White, &["a3", "e3"])],
        claims: &[],
        marks: &[],
        other_empty: None,
        ring_pairs: true,
    },
    legend: Some("letters or colours: coloured cells, a pair each"),
};
