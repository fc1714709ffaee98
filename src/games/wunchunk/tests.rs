//! Wunchunk rules, clause by clause (SPEC §3), on hand-built positions.

use super::score::{compare, score_array_of};
use super::*;
use crate::games::Describe;
use crate::session::Session;
use std::cmp::Ordering;

fn setup(n: usize, stones: &[&str], to_move: Side) -> Wunchunk {
    Wunchunk::setup_from_names(n, stones, to_move).unwrap()
}

/// Plays one step written as `tessera-step` writes it; panics with the reason if illegal.
fn step(g: &mut Wunchunk, text: &str) {
    let s = g.parse_step(text).unwrap();
    g.try_play(s).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal_names(g: &Wunchunk) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    v.into_iter().map(|s| g.format_step(s)).collect()
}

fn actions(g: &Wunchunk) -> Vec<String> {
    legal_names(g)
        .into_iter()
        .filter(|s| !s.starts_with('B') && !s.starts_with('W'))
        .collect()
}

/// Side 4 with three black chunks (a4-a5, c2-c3, c5-c6) and two white crumbs (g1, g3).
fn three_black_chunks(to_move: Side) -> Wunchunk {
    setup(
        4,
        &["Ba4", "Ba5", "Bc2", "Bc3", "Bc5", "Bc6", "Wg1", "Wg3"],
        to_move,
    )
}

#[test]
fn first_turn_is_one_stone_of_either_colour() {
    let mut g = Wunchunk::with_size(8).unwrap();
    assert_eq!((g.allotment(), g.stones_left()), (1, 1));
    let legal = legal_names(&g);
    assert_eq!(legal.len(), 2 * 169 + 1);
    assert_eq!(&legal[..4], ["Ba8", "Wa8", "Ba9", "Wa9"]);
    assert_eq!(actions(&g), vec!["pass"], "no end, no swap for Black");
    step(&mut g, "Wh8"); // Black may place White's colour
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.turns_completed(), 1);
    assert_eq!(
        g.stone_at(g.geometry().parse("h8").unwrap()),
        Some(Stone::White)
    );
}

#[test]
fn allotment_is_own_chunks_counted_at_the_start_of_the_turn() {
    let mut g = three_black_chunks(Side::First);
    assert_eq!(g.chunks(Side::First), 3);
    assert_eq!((g.allotment(), g.stones_left()), (3, 3));
    step(&mut g, "Bc4"); // joins c2-c3 and c5-c6: two chunks now, allotment unchanged
    assert_eq!(g.chunks(Side::First), 2);
    assert_eq!((g.allotment(), g.stones_left()), (3, 2));
    step(&mut g, "Wg2"); // joins the white crumbs into a chunk
    assert_eq!(g.chunks(Side::Second), 1);
    assert_eq!(g.to_move(), Side::First);
    step(&mut g, "Be6");
    // Three stones: the turn ended by itself; White's allotment is White's own chunks.
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.turns_completed(), 1);
    assert_eq!((g.allotment(), g.stones_left()), (1, 1));
}

#[test]
fn allotment_counts_the_movers_own_colour_with_a_minimum_of_one() {
    // White has two chunks, Black none: Black gets 1, White gets 2.
    let mut g = setup(4, &["Ba4", "Wc2", "Wc3", "Wc5", "Wc6"], Side::First);
    assert_eq!(g.allotment(), 1);
    step(&mut g, "Bg1");
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.allotment(), 2);
    let state = g.state_json();
    assert_eq!(state["allotment"], 2);
    assert_eq!(state["stones_left"], 2);
}

#[test]
fn fewer_stones_when_fewer_cells_are_empty() {
    // Side 3, all filled but c3 and c4; Black has three chunks.
    let mut g = setup(
        3,
        &[
            "Ba3", "Ba4", "Ba5", "Bc1", "Bc2", "Be1", "Be2", "Be3", "Wb2", "Wb3", "Wb4", "Wb5",
            "Wc5", "Wd1", "Wd2", "Wd3", "Wd4",
        ],
        Side::First,
    );
    assert_eq!(g.chunks(Side::First), 3);
    assert_eq!((g.allotment(), g.stones_left()), (3, 2));
    step(&mut g, "Bc3");
    assert!(!g.is_over());
    step(&mut g, "Wc4");
    assert!(g.is_over(), "full board");
    assert_eq!(g.turns_completed(), 1);
    assert_eq!((g.allotment(), g.stones_left()), (0, 0));
    let state = g.state_json();
    assert_eq!(
        (state["allotment"].clone(), state["stones_left"].clone()),
        (0.into(), 0.into())
    );
}

#[test]
fn end_stops_a_turn_early_and_pass_only_starts_one() {
    let mut g = three_black_chunks(Side::First);
    assert_eq!(
        g.check(Step::End),
        Err(Illegal::NotNow(
            "end only after at least one stone (a turn of no stones is a pass)"
        ))
    );
    assert_eq!(actions(&g), vec!["pass"]);
    step(&mut g, "Wd4");
    assert_eq!(g.steps_in_turn(), 1);
    assert_eq!(actions(&g), vec!["end"]);
    assert!(matches!(g.check(Step::Pass), Err(Illegal::NotNow(_))));
    step(&mut g, "end");
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.turns_completed(), 1);
    assert_eq!(g.steps_in_turn(), 0);
    g.undo();
    assert_eq!(
        (g.to_move(), g.steps_in_turn(), g.stones_left()),
        (Side::First, 1, 2)
    );
}

#[test]
fn swap_only_at_the_start_of_whites_first_turn_and_once() {
    let mut g = Wunchunk::with_size(5).unwrap();
    assert!(matches!(g.check(Step::Swap), Err(Illegal::NotNow(_))));
    step(&mut g, "Bc3");
    assert_eq!(actions(&g), vec!["pass", "swap"]);
    step(&mut g, "swap");
    assert_eq!(g.to_move(), Side::Second, "White is still to move");
    assert!(g.swapped());
    assert_eq!(g.turns_completed(), 2);
    assert_eq!(actions(&g), vec!["pass"], "no second swap");
    let state = g.state_json();
    assert_eq!(state["swapped"], true);
    assert_eq!(state["to_move"], "white");
    step(&mut g, "Wc5");
    step(&mut g, "Be5");
    assert_eq!(g.to_move(), Side::Second);
    assert!(matches!(g.check(Step::Swap), Err(Illegal::NotNow(_))));
    // Undo back to the swap: available again.
    g.undo();
    g.undo();
    g.undo();
    assert!(!g.swapped());
    assert!(g.swap_allowed());
}

#[test]
fn swap_is_gone_once_white_places_a_stone() {
    let mut g = Wunchunk::with_size(5).unwrap();
    step(&mut g, "Bc3");
    step(&mut g, "Wa5");
    step(&mut g, "Be5");
    assert_eq!(g.to_move(), Side::Second);
    assert!(!g.swap_allowed());
    assert!(!actions(&g).contains(&"swap".to_string()));
}

#[test]
fn swap_after_a_black_pass_is_not_a_pass() {
    let mut g = Wunchunk::with_size(4).unwrap();
    step(&mut g, "pass");
    assert!(g.swap_allowed());
    step(&mut g, "swap");
    step(&mut g, "pass");
    assert!(
        !g.is_over(),
        "pass, swap, pass: not two passes in succession"
    );
    step(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.turns_completed(), 4);
}

#[test]
fn chunk_counts_follow_merges_and_undo() {
    let mut g = setup(4, &["Ba4", "Ba6", "Bc2", "Bc3"], Side::First);
    assert_eq!((g.chunks(Side::First), g.chunks(Side::Second)), (1, 0));
    step(&mut g, "Ba5"); // two crumbs become a chunk
    assert_eq!(g.chunks(Side::First), 2);
    assert_eq!(g.group_sizes(Side::First), vec![2, 3]);
    step(&mut g, "Wd1");
    step(&mut g, "Bb4"); // a5's group meets c3's: one chunk of six
    assert_eq!(g.chunks(Side::First), 1);
    assert_eq!(g.group_sizes(Side::First), vec![6]);
    assert_eq!(
        g.group_sizes(Side::First),
        g.group_sizes_by_flood(Side::First)
    );
    g.undo();
    assert_eq!(g.group_sizes(Side::First), vec![2, 3]);
    g.undo();
    g.undo();
    assert_eq!(g.group_sizes(Side::First), vec![1, 1, 2]);
    assert_eq!(g.chunks(Side::First), 1);
}

#[test]
fn fewest_chunks_wins_before_anything_else() {
    // Black: one chunk and three crumbs; White: two chunks, no crumbs.
    let g = setup(
        4,
        &[
            "Ba4", "Ba5", "Ba7", "Bg1", "Bg3", "Wc2", "Wc3", "Wc5", "Wc6",
        ],
        Side::First,
    );
    assert_eq!(g.score_array(Side::First), vec![1, 3, 1]);
    assert_eq!(g.score_array(Side::Second), vec![2, 0, 2]);
    assert_eq!(g.standing(), Outcome::Win(Side::First));
    assert_eq!(g.standing_text(), "B wins on chunks 1–2");
}

#[test]
fn equal_chunks_then_fewest_crumbs() {
    // Black [1, 1, 1]; White a chunk of three and two crumbs: [1, 2, 0, 1].
    let g = setup(
        4,
        &["Ba4", "Ba5", "Ba7", "Wc2", "Wc3", "Wc4", "Wc6", "Wg1"],
        Side::First,
    );
    assert_eq!(g.score_array(Side::Second), vec![1, 2, 0, 1]);
    assert_eq!(g.standing(), Outcome::Win(Side::First));
    assert_eq!(g.standing_text(), "B wins on crumbs 1–2");
    // The same with the colours exchanged: White wins.
    let g = setup(
        4,
        &["Wa4", "Wa5", "Wa7", "Bc2", "Bc3", "Bc4", "Bc6", "Bg1"],
        Side::First,
    );
    assert_eq!(g.standing(), Outcome::Win(Side::Second));
    assert_eq!(g.standing_text(), "W wins on crumbs 1–2");
}

#[test]
fn then_fewest_groups_of_size_two_then_three() {
    // Size 2: Black's chunk of three [1,0,0,1] beats White's pair [1,0,1].
    let g = setup(4, &["Ba4", "Ba5", "Ba6", "Wc2", "Wc3"], Side::First);
    assert_eq!(g.standing(), Outcome::Win(Side::First));
    assert_eq!(g.standing_text(), "B wins on groups of size 2: 0–1");
    // Size 3: Black's four [1,0,0,0,1] beats White's three [1,0,0,1].
    let g = setup(
        4,
        &["Ba4", "Ba5", "Ba6", "Ba7", "Wc2", "Wc3", "Wc4"],
        Side::First,
    );
    assert_eq!(g.score_array(Side::First), vec![1, 0, 0, 0, 1]);
    assert_eq!(g.standing(), Outcome::Win(Side::First));
    assert_eq!(g.standing_text(), "B wins on groups of size 3: 0–1");
}

#[test]
fn all_equal_is_a_draw_and_an_empty_colour_scores_zero_zero() {
    let g = setup(4, &["Ba4", "Ba5", "Wc2", "Wc3"], Side::First);
    assert_eq!(g.standing(), Outcome::Draw);
    assert_eq!(g.standing_text(), "Draw");
    let mut g = Wunchunk::with_size(4).unwrap();
    assert_eq!(g.score_array(Side::First), vec![0, 0]);
    step(&mut g, "Wa4");
    let state = g.state_json();
    assert_eq!(state["score"]["black"], serde_json::json!([0, 0]));
    assert_eq!(state["score"]["white"], serde_json::json!([0, 1]));
    assert_eq!(
        g.standing(),
        Outcome::Win(Side::First),
        "a white crumb loses"
    );
}

#[test]
fn score_arrays_and_comparison() {
    assert_eq!(score_array_of(&[]), vec![0, 0]);
    assert_eq!(score_array_of(&[1, 1, 2]), vec![1, 2, 1]);
    assert_eq!(score_array_of(&[3, 1, 3, 5]), vec![3, 1, 0, 2, 0, 1]);
    assert_eq!(compare(&[1, 0, 1], &[1, 0, 1, 0]), (Ordering::Equal, 4));
    assert_eq!(compare(&[1, 0], &[1, 0, 1]), (Ordering::Less, 2));
    assert_eq!(compare(&[2, 0], &[1, 9, 9]), (Ordering::Greater, 0));
}

#[test]
fn hash_includes_turn_progress_and_swapped() {
    let mut g = three_black_chunks(Side::First);
    let start = g.hash();
    step(&mut g, "Bd4");
    let one_in = g.hash();
    assert_eq!(one_in, g.hash_from_scratch());
    // The same board at the start of Black's turn (no stones placed, full allotment).
    let same_board = setup(
        4,
        &[
            "Ba4", "Ba5", "Bc2", "Bc3", "Bc5", "Bc6", "Wg1", "Wg3", "Bd4",
        ],
        Side::First,
    );
    assert_ne!(one_in, same_board.hash());
    g.undo();
    assert_eq!(g.hash(), start);
    let mut a = Wunchunk::with_size(4).unwrap();
    step(&mut a, "pass");
    let before_swap = a.hash();
    step(&mut a, "swap");
    assert_ne!(a.hash(), before_swap);
    assert_eq!(a.hash(), a.hash_from_scratch());
}

#[test]
fn turn_tokens_append_end_only_when_short() {
    let g = three_black_chunks(Side::First);
    let short = g.parse_turn("Bd4").unwrap();
    assert_eq!(short.last(), Some(&Step::End));
    assert_eq!(g.format_turn(&short), "Bd4");
    let full = g.parse_turn("bd4,We5,Bg4").unwrap();
    assert_eq!(full.len(), 3);
    assert_eq!(g.format_turn(&full), "Bd4,We5,Bg4");
    assert_eq!(g.parse_turn("pass").unwrap(), vec![Step::Pass]);
    assert_eq!(g.parse_turn("SWAP").unwrap(), vec![Step::Swap]);
    assert!(g.parse_turn("end").is_err());
    assert!(g.parse_turn("Bd4,,We5").is_err());
    let e = g.parse_step("d4").unwrap_err().to_string();
    assert!(e.contains("needs its colour"), "{e}");
    assert!(g.parse_step("Bz9").is_err());
    assert_eq!(g.parse_step("End").unwrap(), Step::End);
}

#[test]
fn session_records_turn_tokens() {
    let mut s = Session::new(
        GameKind::Wunchunk,
        GameOptions::defaults(GameKind::Wunchunk),
    )
    .unwrap();
    s.play_turn("Bh8").unwrap();
    assert!(s.play_turn("Wh9,Wh10").is_err(), "White's allotment is 1");
    s.play_turn("swap").unwrap();
    s.play_turn("Wh9").unwrap();
    s.play_turn("Bh11").unwrap();
    assert!(s.play_turn("swap").is_err());
    assert_eq!(s.tokens(), vec!["Bh8", "swap", "Wh9", "Bh11"]);
    assert!(s.game().swapped());
}

#[test]
fn status_shows_allotment_and_the_pie() {
    let mut g = Wunchunk::with_size(4).unwrap();
    step(&mut g, "Bd4");
    let status = g.status();
    assert!(status.contains(&("allotment", "1".to_string())));
    assert!(status.iter().any(|(k, _)| *k == "pie"));
    assert!(g.score_breakdown().len() >= 3);
}
