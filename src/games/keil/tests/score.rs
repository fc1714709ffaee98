//! Territory and score (SPEC §3).

use super::*;
use crate::games::Describe;
use crate::games::{Mark, Outcome};

fn mark(g: &Keil, name: &str) -> Option<Mark> {
    g.territory().marks[cell(g, name) as usize]
}

#[test]
fn a_territory_linked_to_no_stone_belongs_to_nobody() {
    let g = position(
        "
          . . .
         . . . .
        . . . . .
         . . . .
          . . .",
        Side::First,
    );
    let t = g.territory();
    assert_eq!(t.points, [0, 0]);
    assert!(t.marks.iter().all(|&m| m == Some(Mark::Neutral)));
    // Side 3. The empty corner e1 touches white d1 and e2 and black d2, but no stone is
    // linked to it: d1–e1 and e2–e1 each have the single common neighbour d2 (black), and
    // d2–e1 has common neighbours d1 and e2 (white).
    let g = position(
        "
          W . B
         . W . .
        . . B B .
         W B . B
          . W W",
        Side::First,
    );
    assert_eq!(mark(&g, "e1"), Some(Mark::Neutral));
}

#[test]
fn a_territory_touched_only_through_links_of_one_colour_is_owned() {
    // Side 3. e1 touches black d1 and d2 and white e2. d1–e1 (common d2, black) and d2–e1
    // (common d1 black, e2 white) are links; e2–e1 (common d2, black) is cut. Only black
    // stones are linked to e1: Black's point, though a white stone is next to it.
    let g = position(
        "
          . B B
         W . . W
        . W W . .
         B B W W
          . W .",
        Side::First,
    );
    assert_eq!(mark(&g, "e1"), Some(Mark::Owned(Side::First)));
    // The region {a3, b2, b3, b4, c1, c4, c5, b5, d3…}: it touches stones of both colours
    // through links, so it is neutral.
    assert_eq!(mark(&g, "a3"), Some(Mark::Neutral));
    assert_eq!(mark(&g, "d1"), None, "stones are not territory");
}

/// Side 3, after B a4 W a5 B b3 W b4 B c2 W c3 B d2 W d3 B e2 W e3: two walls.
const WALLS: &str = "
          . B W
         . B W .
        . B W . .
         . B W .
          . B W";

#[test]
fn walls_split_the_board_into_owned_territories() {
    let g = position(WALLS, Side::First);
    let t = g.territory();
    // Left: a3 b2 c1 d1 e1 (black); right: b5 c4 c5 d4 (white).
    assert_eq!(t.points, [5, 4]);
    assert_eq!(mark(&g, "c1"), Some(Mark::Owned(Side::First)));
    assert_eq!(mark(&g, "c5"), Some(Mark::Owned(Side::Second)));
    assert_eq!(
        g.ownership().iter().filter(|m| m.is_none()).count(),
        10,
        "the ten stones"
    );
}

#[test]
fn a_full_game_with_the_button_is_scored_with_it() {
    let o = options(2, ButtonMode::Auto); // komi 1, whole: the button is in play
    let mut g = Keil::new(&GameOptions { size: 3, ..o }).unwrap();
    play(&mut g, "a4 a5 b3 b4 c2 c3 d2 d3 e2 e3 button pass");
    assert!(!g.is_over());
    assert_board(&g, WALLS);
    play(&mut g, "pass");
    assert!(g.is_over());
    // Black 5 stones + 5 territory + 0.5 button = 10.5; White 5 + 4 + komi 1 = 10.
    assert_eq!(g.points(), Some([10.5, 10.0]));
    assert_eq!(g.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(g.result_text().as_deref(), Some("B+0.5"));
    assert_eq!(
        g.score_breakdown(),
        [
            "Black: 5 stones + 5 territory + 0.5 button = 10.5",
            "White: 5 stones + 4 territory + 1 komi = 10",
        ]
    );
    let status = g.status();
    assert_eq!(status[0], ("komi", "1".to_string()));
    assert_eq!(status[1], ("button", "black".to_string()));
    assert_eq!(status[2], ("score", "B 10.5 – W 10".to_string()));
    let s = g.state_json();
    assert_eq!(s["winner"], "black");
    assert_eq!(s["score"], serde_json::json!({"black": 10.5, "white": 10}));
    assert_eq!(s["territory"], serde_json::json!({"black": 5, "white": 4}));
    assert_eq!(s["button"], "black");
    assert_eq!(s["komi"], 1);
    assert_eq!(s["turn"], 13);
}

#[test]
fn the_button_decides_which_way_a_tie_goes_and_without_it_a_draw_is_possible() {
    // The same walls with White taking the button: 10 against 10.5.
    let o = GameOptions {
        size: 3,
        ..options(2, ButtonMode::Auto)
    };
    let mut g = Keil::new(&o).unwrap();
    play(
        &mut g,
        "a4 button b3 a5 c2 b4 d2 c3 e2 d3 pass e3 pass pass",
    );
    assert_board(&g, WALLS);
    assert_eq!(g.points(), Some([10.0, 10.5]));
    assert_eq!(g.result_text().as_deref(), Some("W+0.5"));
    // Button forced off with whole komi 1: 10 against 10, a draw.
    let off = GameOptions {
        size: 3,
        ..options(2, ButtonMode::Off)
    };
    let mut g = Keil::new(&off).unwrap();
    play(&mut g, "a4 a5 b3 b4 c2 c3 d2 d3 e2 e3 pass pass");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.result_text().as_deref(), Some("Draw"));
    assert_eq!(g.state_json()["winner"], "draw");
    assert_eq!(g.status()[1], ("button", "not in play".to_string()));
}
