//! Linage on the Rules screen: the rules in our words, a picture and its legend.

use crate::board::BoardKind;
use crate::games::rules_text::{Picture, RulesText};
use crate::games::{Mark, Side, Stone};

/// Linage's rules for people.
pub(crate) static RULES_TEXT: RulesText = RulesText {
    text: "\
Vertical moves first, then Horizontal. Stones (◆) belong to nobody.

A region is a set of empty points joined orthogonally. A line is three empty points in a row: \
horizontal or vertical. A region with vertical lines but no horizontal line is Vertical's; \
with horizontal lines but no vertical line, Horizontal's; with both, it is free.

Place a stone in a free region, or pass; afterwards every region must still hold a line.

Score: the points of your regions (+ komi for Horizontal). Two passes in a row end the game. \
Komi is bid: the first player sets it, the second picks a side.

In a game, t shows who owns what: v Vertical's region, h Horizontal's, * free (as in the \
picture).",
    picture: Picture {
        board: BoardKind::Square,
        size: 5,
        letters: ['v', 'h'],
        stones: &[(Stone::Neutral, &["b1", "b2", "b3", "a4", "b4", "c4", "d5"])],
        claims: &[],
        // a1-a3: only a vertical line (Vertical's); a5-c5: only a horizontal line
        // (Horizontal's); the rest has both (free).
        marks: &[
            (Mark::Owned(Side::First), &["a1", "a2", "a3"]),
            (Mark::Owned(Side::Second), &["a5", "b5", "c5"]),
        ],
        other_empty: Some(Mark::Free),
        ring_pairs: false,
    },
    legend: Some("v Vertical's, h Horizontal's, * free"),
};
