//! Links (SPEC §3): from the common neighbours of two adjacent points.

use super::*;

/// Side 4. d3 and d4 are adjacent; their common neighbours are c4 (above, between them) and
/// e3 (below).
const INTERIOR: &str = "
       . . . .
      . . . . .
     . . W . . .
    . . B B . . .
     . . . . . .
      . . . . .
       . . . .";

#[test]
fn interior_link_is_kept_by_one_free_common_neighbour() {
    let g = position(INTERIOR, Side::First);
    let (d3, d4) = (cell(&g, "d3"), cell(&g, "d4"));
    // c4 is white, but e3 is empty: linked, one group.
    assert!(g.linked(d3, d4));
    assert_eq!(names(&g, &g.group_and_liberties(d3).0), ["d3", "d4"]);
}

#[test]
fn interior_link_is_broken_when_both_common_neighbours_are_enemy() {
    let pic = INTERIOR.replacen(
        "     . . . . . .\n      . . . . .\n       . . . .",
        "     . . W . . .\n      . . . . .\n       . . . .",
        1,
    );
    let g = position(&pic, Side::First);
    assert_eq!(g.stone_at(cell(&g, "e3")), Some(crate::games::Stone::White));
    let (d3, d4) = (cell(&g, "d3"), cell(&g, "d4"));
    assert!(!g.linked(d3, d4));
    assert_eq!(names(&g, &g.group_and_liberties(d3).0), ["d3"]);
    assert_eq!(names(&g, &g.group_and_liberties(d4).0), ["d4"]);
}

#[test]
fn own_colour_on_the_common_neighbours_does_not_break_a_link() {
    // d3–d4 with black on both c4 and e3: all four are one group.
    let g = position(
        "
       . . . .
      . . . . .
     . . B . . .
    . . B B . . .
     . . B . . .
      . . . . .
       . . . .",
        Side::First,
    );
    assert!(g.linked(cell(&g, "d3"), cell(&g, "d4")));
    assert_eq!(g.group_and_liberties(cell(&g, "d3")).0.len(), 4);
}

#[test]
fn stone_to_empty_links_follow_the_same_rule() {
    // Black d3; d4 empty; c4 and e3 (the common neighbours of d3–d4) white: d4 is not a
    // liberty of d3. Its other empty neighbours have a common neighbour that is not white.
    let g = position(
        "
       . . . .
      . . . . .
     . . W . . .
    . . B . . . .
     . . W . . .
      . . . . .
       . . . .",
        Side::First,
    );
    let (d3, d4) = (cell(&g, "d3"), cell(&g, "d4"));
    assert!(!g.linked(d3, d4));
    assert_eq!(names(&g, &g.group_and_liberties(d3).1), ["c3", "d2", "e2"]);
    // A stone and an enemy stone, or points that are not adjacent, are never linked.
    assert!(!g.linked(d3, cell(&g, "c4")));
    assert!(!g.linked(d3, cell(&g, "d5")));
}

#[test]
fn two_empty_points_are_always_linked() {
    // d4–d5: common neighbours c5 (black) and e4 (white). d3–d4: c4 and e3, both black.
    let g = position(
        "
       . . . .
      . . . . .
     . . B B . .
    . . . . . . .
     . . B W . .
      . . . . .
       . . . .",
        Side::First,
    );
    assert!(g.linked(cell(&g, "d4"), cell(&g, "d5")));
    assert!(g.linked(cell(&g, "d3"), cell(&g, "d4")));
    assert!(g.linked(cell(&g, "c6"), cell(&g, "d6")));
}

/// Side 4, top edge: a5–a6 share only b5.
#[test]
fn edge_link_has_a_single_common_neighbour() {
    let kept = position(
        "
       . B B .
      . . . . .
     . . . . . .
    . . . . . . .
     . . . . . .
      . . . . .
       . . . .",
        Side::First,
    );
    assert!(kept.linked(cell(&kept, "a5"), cell(&kept, "a6")));
    // One white stone on b5 is enough to cut an edge pair: there is no second common
    // neighbour to keep it. (Each stone keeps a liberty along the edge: a4 and a7.)
    let cut = position(
        "
       . B B .
      . . W . .
     . . . . . .
    . . . . . . .
     . . . . . .
      . . . . .
       . . . .",
        Side::First,
    );
    let (a5, a6) = (cell(&cut, "a5"), cell(&cut, "a6"));
    assert!(!cut.linked(a5, a6));
    assert_eq!(names(&cut, &cut.group_and_liberties(a5).0), ["a5"]);
    assert_eq!(names(&cut, &cut.group_and_liberties(a5).1), ["a4", "b4"]);
    assert_eq!(names(&cut, &cut.group_and_liberties(a6).1), ["a7", "b6"]);
}

#[test]
fn a_corner_stone_cut_on_both_sides_has_no_liberty() {
    // The corner a4 (neighbours a5, b3, b4) with white on b4: both a4–a5 and a4–b3 have b4
    // as their single common neighbour, so the black corner stone has no liberty, and a
    // built position with it is refused.
    let o = GameOptions::defaults(GameKind::Keil);
    let pic = "
       B B . .
      . W . . .
     . . . . . .
    . . . . . . .
     . . . . . .
      . . . . .
       . . . .";
    let err = Keil::from_picture(&o, pic, Side::First)
        .unwrap_err()
        .to_string();
    assert!(err.contains("a4"), "{err}");
    // With b4 empty instead, it is linked to both.
    let ok = position(&pic.replacen("      . W", "      . .", 1), Side::First);
    assert!(ok.linked(cell(&ok, "a4"), cell(&ok, "a5")));
    assert!(ok.linked(cell(&ok, "a4"), cell(&ok, "b3")));
}

#[test]
fn group_counts_are_stones_and_stone_liberty_pairs() {
    // Side 3: c3 and c4 linked. c3's empty neighbours b3 b4 c2 d2 d3, c4's b4 b5 c5 d3 d4: ten
    // pairs over eight distinct liberties.
    let g = position(
        "
          . . .
         . . . .
        . . B B .
         . . . .
          . . .",
        Side::First,
    );
    assert_eq!(g.group_counts(cell(&g, "c3")), Some((2, 10)));
    assert_eq!(g.group_and_liberties(cell(&g, "c4")).1.len(), 8);
    assert_eq!(g.group_counts(cell(&g, "a3")), None);
}
