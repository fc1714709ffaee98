//! Keil on the Rules screen: the rules in our words, a picture and its legend.

use crate::board::BoardKind;
use crate::games::rules_text::{Picture, RulesText};
use crate::games::Stone;

/// Keil's rules for people.
pub(crate) static RULES_TEXT: RulesText = RulesText {
    text: "\
Go on a hexagonal board, with links. Black (●) moves first; on your turn place a stone of \
your colour or pass.

Links: two adjacent stones of one colour, or a stone and an adjacent empty point, are linked \
when at least one point next to both is not held by the other colour. A group is stones \
joined by links; its liberties are the empty points linked to it.

After you place, enemy groups without liberties are removed. Your stone's group must keep a \
liberty, and you may not repeat a position you left at the end of one of your earlier turns.

Territory: empty points joined by adjacency; it is yours when every stone linked to it is \
yours. Score: your stones + your territory (+ komi for White, + 0.5 for the button). The game \
ends after two passes in a row.

Button: while nobody has taken it you may not pass, but you may take it instead of a stone.

In a game, t shows the territory: b Black's, w White's, - nobody's.",
    picture: Picture {
        board: BoardKind::Hex,
        size: 3,
        letters: ['b', 'w'],
        stones: &[
            (Stone::Black, &["b3", "c3", "c4"]),
            (Stone::White, &["b4", "d3", "d2"]),
        ],
        claims: &[],
        marks: &[],
        other_empty: None,
        ring_pairs: false,
    },
    legend: None,
};
