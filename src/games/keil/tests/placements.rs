//! Placements (SPEC §3): occupied points, captures (also away from the new stone, by cutting
//! links), simultaneous removal, suicide after captures.

use super::*;
use crate::games::{Illegal, Stone};

#[test]
fn occupied_points_and_wrong_colours_are_refused() {
    let mut g = position(
        "
          . . .
         . . . .
        . . B . .
         . . . .
          . . .",
        Side::Second,
    );
    let c3 = cell(&g, "c3");
    assert_eq!(g.check(step(&g, "c3")), Err(Illegal::Occupied));
    let wrong = Step::Place {
        cell: cell(&g, "a3"),
        stone: Stone::Black,
    };
    assert!(matches!(g.check(wrong), Err(Illegal::WrongColour(_))));
    assert!(g
        .check(Step::Place {
            cell: 500,
            stone: Stone::White
        })
        .is_err());
    play(&mut g, "a3");
    assert_eq!(g.stone_at(c3), Some(Stone::Black));
}

/// Side 4. White e3–f3–g2–g3 is one group: e3–f3 has common neighbours e4 (empty) and f2
/// (black). Black e4 cuts it. The piece f3–g2–g3 then has no liberty: f3's empty neighbours
/// e4 is now black and g3's and g2's edge neighbours g4 and g1 are cut off by the black f4 and
/// f2 (single common neighbours). So Black captures three stones, two of them (g2, g3) not
/// next to e4, and e3 survives on its own.
const CUT: &str = "
       . B B .
      B . . . .
     W . . . B .
    . . . . . . .
     . . W . . W
      . B W B W
       . W W .";

#[test]
fn a_placement_that_cuts_links_captures_the_piece_without_liberties() {
    let mut g = position(CUT, Side::First);
    let before = g.group_and_liberties(cell(&g, "g2"));
    assert_eq!(names(&g, &before.0), ["e3", "f3", "g2", "g3"]);
    play(&mut g, "e4");
    assert_board(
        &g,
        "
       . B B .
      B . . . .
     W . . . B .
    . . . . . . .
     . . W B . W
      . B . B W
       . . . .",
    );
    assert_eq!(names(&g, &g.group_and_liberties(cell(&g, "e3")).0), ["e3"]);
    // Black's stone count went up by one; White lost three.
    assert_eq!(g.stones(Side::First), 7);
    assert_eq!(g.stones(Side::Second), 4);
}

#[test]
fn simultaneous_capture_of_two_groups() {
    // Side 4. Black f4 cuts f3 from its liberties e4 and g3 (common neighbours e3+f4 and
    // g2+f4, all black now) and f5 from e5 and g4 (e6+f4; f4 alone on the edge): two separate
    // white stones die at once. f4 keeps the liberty e4 (common neighbour e5 is empty).
    let mut g = position(
        "
       . . . .
      . . . . .
     . . . . W .
    . . B . . . .
     . . B . . B
      . . W . W
       . B . .",
        Side::First,
    );
    play(&mut g, "f4");
    assert_board(
        &g,
        "
       . . . .
      . . . . .
     . . . . W .
    . . B . . . .
     . . B . . B
      . . . B .
       . B . .",
    );
}

/// Side 3. White d1 and e2. Black e1 would have no liberty of its own: its neighbour d2 is
/// cut off (common neighbours d1 and e2 are white).
const NO_CUT: &str = "
          . . .
         . . . .
        . . . . .
         W . . .
          . W .";

#[test]
fn suicide_is_refused() {
    let g = position(NO_CUT, Side::First);
    // White d1 keeps d2 (common neighbours c2 empty, e1 black) and c1: nothing is captured,
    // and the black stone has no liberty.
    assert_eq!(g.check(step(&g, "e1")), Err(Illegal::Suicide));
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert!(!v.contains(&step(&g, "e1")));
    assert_eq!(v.len(), 19 - 2 - 1 + 1); // every other empty point, and the button
}

#[test]
fn a_placement_that_captures_first_is_not_suicide() {
    // The same with black on c2: now black e1 cuts d1 from d2 (common neighbours c2 and e1)
    // and c1 (single common neighbour c2) — d1 is captured, after which e1 is linked to the
    // empty d1 (common neighbour d2 is empty) and lives; d2 is a liberty too now (common
    // neighbours d1, empty, and e2).
    let pic = NO_CUT.replacen("        . . . . .", "        . B . . .", 1);
    let mut g = position(&pic, Side::First);
    assert_eq!(g.check(step(&g, "e1")), Ok(()));
    play(&mut g, "e1");
    assert_board(
        &g,
        "
          . . .
         . . . .
        . B . . .
         . . . .
          B W .",
    );
    assert_eq!(
        names(&g, &g.group_and_liberties(cell(&g, "e1")).1),
        ["d1", "d2"]
    );
}

#[test]
fn filling_the_last_liberty_of_an_own_group_is_suicide() {
    // Side 3. Black d3–e3 (linked: common neighbour d4 is empty). Its only liberty is d4:
    // d3–c3 is cut by c4 and d2 (white). Black d4 joins the group; d4–c5 is cut (single
    // common neighbour c4 is white). White c4 keeps b5 (common neighbour c5 empty), so nothing
    // is captured and the group {d3, d4, e3} has no liberty.
    let g = position(
        "
          . . .
         . W B .
        . . . W .
         . W B .
          . W B",
        Side::First,
    );
    assert_eq!(names(&g, &g.group_and_liberties(cell(&g, "e3")).1), ["d4"]);
    assert_eq!(g.check(step(&g, "d4")), Err(Illegal::Suicide));
    // White may play there (it captures d3–e3).
    let mut w = position(
        "
          . . .
         . W B .
        . . . W .
         . W B .
          . W B",
        Side::Second,
    );
    play(&mut w, "d4");
    assert_eq!(w.stone_at(cell(&w, "e3")), None);
    assert_eq!(w.stone_at(cell(&w, "d3")), None);
}

#[test]
fn a_group_next_to_the_new_stone_twice_is_judged_as_one_group() {
    // Side 4, found by the reference comparison in the property tests. Black g2 touches the
    // white group e2–e3–f2–f3–g1 at f2, f3 and g1. f3–f2 stays linked after g2 (their common
    // neighbours are e3, white, and g2), so the group keeps its liberties (d2, e1, f1, …)
    // and nothing is captured. Black g2 itself has no liberty (g2–g3 has the single common
    // neighbour f3, white): suicide. (A flood that stopped early at f2's liberty must not make
    // f3 look like a separate dead piece.)
    let g = position(
        "
       B B W W
      . B B . .
     . B . B . B
    B . . . W W W
     . W W B . .
      . W W B W
       W . . B",
        Side::First,
    );
    assert_eq!(
        names(&g, &g.group_and_liberties(cell(&g, "f3")).0),
        ["e2", "e3", "f2", "f3", "g1"]
    );
    assert_eq!(g.check(step(&g, "g2")), Err(crate::games::Illegal::Suicide));
}
