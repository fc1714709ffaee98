//! Iris rules, clause by clause (SPEC §3), on hand-built positions.

use super::score::compare;
use super::*;
use crate::games::Describe;
use crate::session::Session;
use std::cmp::Ordering;

fn new(n: usize) -> Iris {
    Iris::with_size(n).unwrap()
}

fn cell(g: &Iris, name: &str) -> Cell {
    g.geometry().parse(name).unwrap()
}

fn cells(g: &Iris, names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| cell(g, n)).collect()
}

/// Plays one step written as `tessera-step` writes it; panics with the reason if illegal.
fn step(g: &mut Iris, text: &str) {
    let s = g.parse_step(text).unwrap();
    g.try_play(s).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal_names(g: &Iris) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    v.into_iter().map(|s| g.format_step(s)).collect()
}

fn setup(n: usize, black: &[&str], white: &[&str], to_move: Side) -> Iris {
    let probe = new(n);
    Iris::setup(n, &cells(&probe, black), &cells(&probe, white), to_move).unwrap()
}

#[test]
fn pair_labels_follow_the_ring_from_the_top_left_corner() {
    // Side 3, ring clockwise from a3: a3 a4 a5 b5 c5 d4 | e3 e2 e1 d1 c1 b2.
    let g = new(3);
    let expected = [
        ("a3", 0),
        ("a4", 1),
        ("a5", 2),
        ("b5", 3),
        ("c5", 4),
        ("d4", 5),
        ("e3", 0),
        ("e2", 1),
        ("e1", 2),
        ("d1", 3),
        ("c1", 4),
        ("b2", 5),
    ];
    for (name, label) in expected {
        assert_eq!(g.pair_label(cell(&g, name)), Some(label), "{name}");
    }
    for gray in ["b3", "b4", "c2", "c3", "c4", "d2", "d3"] {
        assert_eq!(g.pair_label(cell(&g, gray)), None, "{gray}");
        assert!(!g.is_coloured(cell(&g, gray)));
    }
}

#[test]
fn partners_are_point_reflections_and_corners_pair_with_opposite_corners() {
    let g = new(7);
    let pairs = [
        ("a7", "m7"),
        ("a13", "m1"),
        ("g1", "g13"),
        ("a8", "m6"),
        ("b6", "l8"),
        ("d13", "j1"),
    ];
    for (x, y) in pairs {
        assert_eq!(g.partner(cell(&g, x)), Some(cell(&g, y)), "{x}");
        assert_eq!(g.partner(cell(&g, y)), Some(cell(&g, x)), "{y}");
        assert_eq!(g.pair_label(cell(&g, x)), g.pair_label(cell(&g, y)));
    }
    assert_eq!(g.partner(cell(&g, "g7")), None);
    // Side 7: 36 coloured cells in 18 pairs labelled 0..17, each label on exactly two cells.
    let geo = g.geometry();
    let coloured: Vec<Cell> = geo.all_cells().filter(|&c| g.is_coloured(c)).collect();
    assert_eq!(coloured.len(), 36);
    for label in 0..18 {
        let n = coloured
            .iter()
            .filter(|&&c| g.pair_label(c) == Some(label))
            .count();
        assert_eq!(n, 2, "label {label}");
    }
    assert_eq!(g.pair_label(cell(&g, "a13")), Some(6));
    assert_eq!(g.pair_label(cell(&g, "g13")), Some(12));
    assert_eq!(g.pair_label(cell(&g, "l8")), Some(17));
}

#[test]
fn first_turn_is_one_stone_on_a_gray_cell() {
    let mut g = new(7);
    let legal = legal_names(&g);
    assert_eq!(legal.len(), 127 - 36 + 1, "every gray cell and pass");
    assert_eq!(legal.last().unwrap(), "pass");
    assert!(!legal.contains(&"a7".to_string()));
    assert_eq!(
        g.check(g.parse_step("a7").unwrap()),
        Err(Illegal::Rule("the first turn is one stone on a gray cell"))
    );
    step(&mut g, "g7");
    // The turn ended after one stone.
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.turns_completed(), 1);
    assert_eq!(g.steps_in_turn(), 0);
    assert_eq!(g.stone_at(cell(&g, "g7")), Some(Stone::Black));
    // White's turn has two stones and may start on a coloured cell.
    step(&mut g, "d5");
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.steps_in_turn(), 1);
}

#[test]
fn coloured_first_stone_forces_its_partner() {
    let mut g = new(7);
    step(&mut g, "g7");
    step(&mut g, "a13"); // a corner
    assert_eq!(
        legal_names(&g),
        vec!["m1"],
        "only the opposite corner, no pass"
    );
    assert!(g.check(g.parse_step("m2").unwrap()).is_err());
    assert!(g.check(g.parse_step("d4").unwrap()).is_err());
    step(&mut g, "m1");
    assert_eq!(g.to_move(), Side::First);
    assert_eq!(g.turns_completed(), 2);
    step(&mut g, "b6");
    assert_eq!(legal_names(&g), vec!["l8"]);
}

#[test]
fn gray_first_stone_second_goes_on_a_gray_cell_not_adjacent() {
    let mut g = new(7);
    step(&mut g, "g7");
    step(&mut g, "e5");
    let first = cell(&g, "e5");
    let legal = legal_names(&g);
    assert!(!legal.contains(&"pass".to_string()));
    for name in &legal {
        let c = cell(&g, name);
        assert!(!g.is_coloured(c), "{name} is coloured");
        assert!(!g.geometry().adjacent(first, c), "{name} touches e5");
        assert!(g.stone_at(c).is_none());
    }
    // Gray cells: 91; filled: g7, e5; e5's six neighbours (all gray) are out.
    assert_eq!(legal.len(), 91 - 2 - 6);
    assert_eq!(
        g.check(g.parse_step("e6").unwrap()),
        Err(Illegal::Rule(
            "the second gray stone may not touch the first"
        ))
    );
    assert_eq!(
        g.check(g.parse_step("a8").unwrap()),
        Err(Illegal::Rule(
            "after a gray first stone the second goes on a gray cell"
        ))
    );
    assert_eq!(g.check(g.parse_step("g7").unwrap()), Err(Illegal::Occupied));
    step(&mut g, "e7"); // two apart in the row: not adjacent
    assert_eq!(g.to_move(), Side::First);
}

#[test]
fn second_stone_is_forfeited_when_every_empty_gray_cell_touches_the_first() {
    // Side 3: the gray cells are c3 and its six neighbours. All filled but c3 and b3.
    let mut g = setup(3, &["b4", "c2", "d2"], &["c4", "d3"], Side::First);
    step(&mut g, "c3");
    assert_eq!(g.to_move(), Side::Second, "the turn ended after one stone");
    assert_eq!(g.turns_completed(), 1);
    assert_eq!(g.steps_in_turn(), 0);
    assert!(!g.is_over());
    // Undo puts back the turn in progress exactly.
    g.undo();
    assert_eq!(g.to_move(), Side::First);
    // With a non-adjacent gray cell left, no forfeit: c2 and c4 are not neighbours.
    let mut g = setup(3, &["b3", "b4", "d2"], &["c3", "d3"], Side::First);
    step(&mut g, "c2");
    assert_eq!(g.to_move(), Side::First);
    assert_eq!(legal_names(&g), vec!["c4"]);
}

#[test]
fn forfeited_turn_is_written_as_one_stone_and_replays() {
    let mut g = setup(3, &["b4", "c2", "d2"], &["c4", "d3"], Side::First);
    let steps = g.parse_turn("c3").unwrap();
    assert_eq!(steps.len(), 1);
    for s in &steps {
        g.try_play(*s).unwrap();
    }
    assert_eq!(g.format_turn(&steps), "c3");
    assert_eq!(g.turns_completed(), 1);
}

#[test]
fn pass_is_a_whole_turn_only() {
    let mut g = new(7);
    step(&mut g, "pass"); // Black's first turn may be passed
    assert_eq!(g.to_move(), Side::Second);
    assert!(!g.is_opening());
    step(&mut g, "d5"); // White: an ordinary two-stone turn
    assert_eq!(g.steps_in_turn(), 1);
    assert_eq!(
        g.check(Step::Pass),
        Err(Illegal::NotNow(
            "a turn is passed whole: not between its two stones"
        ))
    );
    step(&mut g, "d8");
    // Black's next turn is two stones too (the single-stone rule was turn 1 only).
    step(&mut g, "a7");
    assert_eq!(g.steps_in_turn(), 1);
    step(&mut g, "m7");
    step(&mut g, "pass");
    assert!(!g.is_over());
    step(&mut g, "g7");
    step(&mut g, "j7");
    assert!(
        !g.is_over(),
        "pass, stones, pass is not two passes in succession"
    );
}

/// The search may leave a pass out while a stone can be placed, but not one that answers a
/// pass (it ends the game).
#[test]
fn a_pass_is_dominated_unless_it_answers_a_pass() {
    let mut g = new(7);
    assert!(g.dominated(Step::Pass), "Black's first turn");
    let first = g.legal_cells().iter().next().unwrap() as Cell;
    let stone = Step::Place {
        cell: first,
        stone: Stone::Black,
    };
    assert!(!g.dominated(stone), "a stone is never dominated");
    step(&mut g, "pass");
    assert!(!g.dominated(Step::Pass), "White's pass would end the game");
    step(&mut g, "d5");
    step(&mut g, "d8");
    assert!(g.dominated(Step::Pass), "after stones");
}

#[test]
fn two_passes_end_the_game_and_equal_scores_draw() {
    let mut g = new(5);
    step(&mut g, "pass");
    assert!(!g.is_over());
    step(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.result_text().as_deref(), Some("Draw"));
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert!(v.is_empty());
    assert_eq!(g.check(Step::Pass), Err(Illegal::GameOver));
}

#[test]
fn full_board_ends_the_game() {
    // Side 3, everything filled but the pair a3/e3: White fills it and the game is over.
    let g0 = setup(
        3,
        &["a4", "e2", "b3", "c3", "d3", "b5", "d1", "c2"],
        &["a5", "e1", "c5", "c1", "d4", "b2", "b4", "c4", "d2"],
        Side::Second,
    );
    let mut g = g0.clone();
    step(&mut g, "a3");
    assert!(!g.is_over());
    step(&mut g, "e3");
    assert!(g.is_over());
    assert!(g.outcome().is_some());
}

#[test]
fn group_scores_count_coloured_cells_and_leave_out_zero_groups() {
    // Black: a3+b3 (one coloured), e3 (one), d2 alone (gray: 0, left out).
    // White: a4+a5 (two), e2+e1 (two).
    let g = setup(
        3,
        &["a3", "e3", "b3", "d2"],
        &["a4", "e2", "a5", "e1"],
        Side::First,
    );
    assert_eq!(g.group_scores(Side::First), vec![1, 1]);
    assert_eq!(g.group_scores(Side::Second), vec![2, 2]);
    assert_eq!(g.standing(), Outcome::Win(Side::Second));
    assert_eq!(g.standing_text(), "W wins on group scores 2 – 1");
    let state = g.state_json();
    assert_eq!(state["score"]["black"], 1);
    assert_eq!(state["score"]["white"], 2);
    assert_eq!(state["group_scores"]["black"], serde_json::json!([1, 1]));
    assert_eq!(state["group_scores"]["white"], serde_json::json!([2, 2]));
}

#[test]
fn a_large_group_beats_several_smaller_ones() {
    // Black joins a3-a4-a5 to e1-e2-e3 through b3, c3, d3: one group of 6.
    // White: b5-c5-d4 and d1-c1-b2, two groups of 3.
    let g = setup(
        3,
        &["a3", "a4", "a5", "e3", "e2", "e1", "b3", "c3", "d3"],
        &["b5", "c5", "d4", "d1", "c1", "b2"],
        Side::First,
    );
    assert_eq!(g.group_scores(Side::First), vec![6]);
    assert_eq!(g.group_scores(Side::Second), vec![3, 3]);
    assert_eq!(g.standing(), Outcome::Win(Side::First));
    assert_eq!(g.standing_text(), "B wins on group scores 6 – 3");
}

#[test]
fn equal_best_groups_are_decided_by_the_next() {
    // Black: a3-a4 and e3-e2: [2, 2]. White: a5-b4-c4-c5 (two coloured), e1, c1: [2, 1, 1].
    let g = setup(
        3,
        &["a3", "a4", "e3", "e2"],
        &["a5", "b4", "c4", "c5", "e1", "c1"],
        Side::Second,
    );
    assert_eq!(g.group_scores(Side::First), vec![2, 2]);
    assert_eq!(g.group_scores(Side::Second), vec![2, 1, 1]);
    assert_eq!(g.standing(), Outcome::Win(Side::First));
    assert_eq!(g.standing_text(), "B wins on group scores 2,2 – 2,1");
}

#[test]
fn a_missing_group_counts_zero() {
    // Black: a3-a4 and e3-e2: [2, 2]. White: a5-b5, e1-d1, d4, b2: [2, 2, 1, 1].
    let g = setup(
        3,
        &["a3", "a4", "e3", "e2"],
        &["a5", "b5", "e1", "d1", "d4", "b2"],
        Side::First,
    );
    assert_eq!(g.group_scores(Side::Second), vec![2, 2, 1, 1]);
    assert_eq!(g.standing(), Outcome::Win(Side::Second));
    assert_eq!(g.standing_text(), "W wins on group scores 2,2,1 – 2,2,0");
}

#[test]
fn comparison_is_high_to_low_with_missing_entries_as_zero() {
    assert_eq!(compare(&[9, 4], &[9, 3]), (Ordering::Greater, 1));
    assert_eq!(compare(&[9], &[8, 8, 8]), (Ordering::Greater, 0));
    assert_eq!(compare(&[3, 2], &[3, 2, 1]), (Ordering::Less, 2));
    assert_eq!(compare(&[], &[1]), (Ordering::Less, 0));
    assert_eq!(compare(&[5, 1], &[5, 1]), (Ordering::Equal, 2));
}

#[test]
fn hash_includes_the_first_stone_of_the_turn_in_progress() {
    let mut g = new(7);
    step(&mut g, "g7");
    step(&mut g, "e5");
    let mid_turn = g.hash();
    assert_eq!(mid_turn, g.hash_from_scratch());
    let same_board = setup(7, &["g7"], &["e5"], Side::Second);
    assert_ne!(mid_turn, same_board.hash());
    g.undo();
    g.undo();
    assert_eq!(g.hash(), new(7).hash());
}

#[test]
fn notation_round_trips_and_fills_in_the_partner() {
    let mut g = new(7);
    assert_eq!(g.parse_turn("g7").unwrap().len(), 1);
    step(&mut g, "g7");
    let steps = g.parse_turn("A7").unwrap();
    assert_eq!(g.format_turn(&steps), "a7,m7");
    assert_eq!(g.parse_turn("d5,D8").unwrap().len(), 2);
    assert_eq!(g.parse_turn("pass").unwrap(), vec![Step::Pass]);
    assert!(g.parse_turn("d5,d8,d10").is_err());
    assert!(g.parse_turn("d5,pass").is_err());
    assert!(g.parse_step("z9").is_err());
    let e = g.parse_step("Wd5").unwrap_err().to_string();
    assert!(e.contains("no colour letter"), "{e}");
    assert_eq!(g.format_step(Step::Pass), "pass");
}

#[test]
fn session_plays_whole_turn_tokens() {
    let mut s = Session::new(GameKind::Iris, GameOptions::defaults(GameKind::Iris)).unwrap();
    s.play_turn("g7").unwrap();
    assert!(s.play_turn("d5,d6").is_err(), "adjacent second stone");
    assert!(
        s.play_turn("d5").is_err(),
        "a gray stone alone does not complete the turn"
    );
    s.play_turn("a7").unwrap();
    s.play_turn("d5,d8").unwrap();
    assert_eq!(s.tokens(), vec!["g7", "a7,m7", "d5,d8"]);
    assert!(
        s.play_turn("e3,e5").is_err(),
        "e3 is coloured: its partner must follow"
    );
    s.play_turn("e5,e7").unwrap();
    assert_eq!(s.game().turns_completed(), 4);
}

#[test]
fn status_says_which_stone_of_the_turn_comes_next() {
    let mut g = new(7);
    assert!(g.status()[0].1.contains("one gray stone"));
    step(&mut g, "g7");
    assert_eq!(g.status()[0].1, "1 of 2");
    step(&mut g, "a7");
    assert!(g.status()[0].1.contains("m7"));
    assert!(!g.score_breakdown().is_empty());
}

#[test]
fn adjacency_from_coordinates_matches_the_neighbour_lists() {
    for n in [3, 5, 8] {
        let g = new(n);
        let geo = g.geometry();
        for a in geo.all_cells() {
            for b in geo.all_cells() {
                assert_eq!(g.adjacent(a, b), geo.adjacent(a, b), "{n}: {a} {b}");
            }
        }
    }
}
