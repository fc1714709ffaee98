//! Every clause of SPEC §3 Carteso on a hand-built position that fails if the clause is
//! wrong. Positions are built by playing (Vertical moves first, turns alternate), so the
//! placer of every stone — which decides square groups — is part of each picture.

use super::*;
use crate::games::Describe;
use crate::games::{Game, Illegal, Mark, Outcome, Protocol};
use serde_json::json;

fn agreed(n: usize, komi_half: u16) -> GameOptions {
    GameOptions {
        size: n,
        protocol: Protocol::Agreed,
        komi_half,
        ..GameOptions::defaults(GameKind::Carteso)
    }
}

fn game() -> Carteso {
    Carteso::new(&agreed(5, 1)).unwrap()
}

/// Plays the space-separated tokens in turn.
fn play(g: &mut Carteso, tokens: &str) {
    for t in tokens.split_whitespace() {
        let s = g.parse_step(t).unwrap();
        g.try_play(s).unwrap_or_else(|e| panic!("{t} refused: {e}"));
    }
}

/// The claims as (point names, claimer).
fn claims(g: &Carteso) -> Vec<(Vec<String>, Side)> {
    g.claims()
        .into_iter()
        .map(|c| {
            let names = c.cells.iter().map(|&p| g.geometry().name(p)).collect();
            (names, c.claimer)
        })
        .collect()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

const V: Side = Side::First;
const H: Side = Side::Second;

#[test]
fn either_player_places_either_colour() {
    let mut g = game();
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert_eq!(v.len(), 2 * 25 + 1);
    let first: Vec<String> = v[..4].iter().map(|&s| g.format_step(s)).collect();
    assert_eq!(
        first,
        ["Ba1", "Wa1", "Bb1", "Wb1"],
        "board order, black then white"
    );
    assert_eq!(v[50], Step::Pass);
    play(&mut g, "Wc3 Wd3 Bc4 Be5");
    assert_eq!(
        g.stone_at(g.geometry().parse("c3").unwrap()),
        Some(Stone::White)
    );
    assert_eq!(
        g.stone_at(g.geometry().parse("c4").unwrap()),
        Some(Stone::Black)
    );
    assert_eq!(
        g.check(g.parse_step("Bc3").unwrap()),
        Err(Illegal::Occupied)
    );
    let neutral = Step::Place {
        cell: 0,
        stone: Stone::Neutral,
    };
    assert!(matches!(g.check(neutral), Err(Illegal::WrongColour(_))));
}

#[test]
fn a_finished_group_goes_to_the_side_its_shape_favours() {
    let mut g = game();
    // White a1–a3 closed in by b1–b3 and a4: taller than wide. Vertical places the last
    // stone; the claim is Vertical's all the same (not the placer's opponent's).
    play(&mut g, "Wa1 Wa2 Wa3 Bb1 Bb2 Bb3");
    assert!(
        claims(&g).is_empty(),
        "a4 is open: the group can still grow"
    );
    play(&mut g, "Ba4");
    assert_eq!(claims(&g), vec![(names(&["a1", "a2", "a3"]), V)]);
    // White c5–e5 closed in by c4–e4 and b5: wider than tall. Horizontal places the last
    // stone and claims it (not Vertical, the placer's opponent).
    play(&mut g, "Wc5 Wd5 We5 Bc4 Bd4 Be4");
    assert_eq!(claims(&g).len(), 1);
    assert_eq!(g.to_move(), H);
    play(&mut g, "Bb5");
    assert_eq!(
        claims(&g),
        vec![
            (names(&["a1", "a2", "a3"]), V),
            (names(&["c5", "d5", "e5"]), H)
        ]
    );
}

#[test]
fn a_square_group_goes_to_the_opponent_of_the_player_who_just_placed() {
    // Vertical's stone finishes the lone white a1: Horizontal claims it.
    let mut g = game();
    play(&mut g, "Ba2 Bb1");
    assert!(claims(&g).is_empty());
    play(&mut g, "Wa1");
    assert_eq!(claims(&g), vec![(names(&["a1"]), H)]);
    // Horizontal's (black) stone finishes it: Vertical claims it.
    let mut g = game();
    play(&mut g, "Wa1 Ba2 pass");
    assert!(claims(&g).is_empty());
    play(&mut g, "Bb1");
    assert_eq!(claims(&g), vec![(names(&["a1"]), V)]);
}

/// White a1, b1, b2 with a2 empty inside their box; black c1, c2, b3 close the right and top.
fn l_shape() -> Carteso {
    let mut g = game();
    play(&mut g, "Wa1 Wb1 Wb2 Bc1 Bc2 Bb3");
    g
}

#[test]
fn the_reach_goes_through_empty_points() {
    // From a2 the reach leaves the box through a3: not finished.
    let g = l_shape();
    assert!(claims(&g).is_empty());
    // Block a3 with black: the reach is a1, b1, b2, a2, inside the 2×2 box: finished,
    // square, placed by Vertical → Horizontal's.
    let mut g = l_shape();
    assert_eq!(g.to_move(), V);
    play(&mut g, "Ba3");
    assert_eq!(claims(&g), vec![(names(&["a1", "b1", "b2"]), H)]);
}

#[test]
fn the_reach_goes_through_stones_of_the_groups_colour() {
    let mut g = l_shape();
    // White a3 is another white group; the reach passes a2, then a3, then a4.
    play(&mut g, "Wa3 Ba4");
    // a4 is black now; the reach is a1, b1, b2, a2, a3: box a–b × 1–3, taller than the
    // group's own a–b × 1–2, so neither white group is finished.
    assert!(claims(&g).is_empty(), "{:?}", claims(&g));
    // Filling a2 joins them: the group's box is now the reach's box. 3 tall, 2 wide.
    play(&mut g, "Wa2");
    assert_eq!(
        claims(&g),
        vec![(names(&["a1", "b1", "a2", "b2", "a3"]), V)]
    );
}

#[test]
fn claims_happen_after_placements_only_and_stay() {
    let mut g = game();
    play(&mut g, "Ba2 Bb1 Wa1");
    assert_eq!(claims(&g), vec![(names(&["a1"]), H)]);
    // A pass claims nothing anew: were the square rule applied to the passer, this would
    // turn into Vertical's.
    play(&mut g, "pass");
    assert_eq!(claims(&g), vec![(names(&["a1"]), H)]);
    // Later stones elsewhere do not undo a claim.
    play(&mut g, "Wc3 Bb2");
    assert_eq!(g.claimer(0), Some(H));
    // Undoing the placement that finished the group takes the claim back.
    let mut u = game();
    play(&mut u, "Ba2 Bb1 Wa1");
    u.undo();
    assert!(claims(&u).is_empty());
    assert_eq!(u.hash(), {
        let mut fresh = game();
        play(&mut fresh, "Ba2 Bb1");
        fresh.hash()
    });
}

#[test]
fn a_placement_can_finish_groups_of_both_colours() {
    let mut g = game();
    // White a1 next to black b1; black a2 then closes white a1 in (1×1, square) and is
    // itself closed in by white a1, a3 and b2.
    play(&mut g, "Wa1 Bb1 Wa3 Wb2");
    assert!(claims(&g).is_empty());
    assert_eq!(g.to_move(), V);
    play(&mut g, "Ba2");
    // Both squares, Vertical placed: both Horizontal's. (Black b1 can still reach c1.)
    assert_eq!(claims(&g), vec![(names(&["a1"]), H), (names(&["a2"]), H)]);
}

#[test]
fn stones_joining_a_claimed_group_count_for_its_claimer() {
    let mut g = l_shape();
    play(&mut g, "Ba3");
    assert_eq!(claims(&g), vec![(names(&["a1", "b1", "b2"]), H)]);
    assert_eq!(g.claimed_points(), [0, 3]);
    // Horizontal fills a2: the group is still finished and square, and a fresh claim would
    // go to Vertical (the placer's opponent); it stays Horizontal's, now four stones.
    play(&mut g, "Wa2");
    assert_eq!(claims(&g), vec![(names(&["a1", "b1", "a2", "b2"]), H)]);
    assert_eq!(g.claimed_points(), [0, 4]);
}

#[test]
fn an_unclaimed_group_merging_into_a_claimed_one_counts_for_its_claimer() {
    let mut g = game();
    // White a1, b1, c1, c2, c3 around an empty a2, b2, b3 with white a3 in the corner;
    // black a4–c4 and d1–d3 close the 3×3 box. Horizontal's d3 finishes the big group
    // (square): Vertical's. White a3 alone is not finished (its reach spans the box).
    play(&mut g, "Wa1 Wb1 Wc1 Wc2 Wc3 Wa3 Ba4 Bb4 Bc4 Bd1 Bd2");
    assert!(claims(&g).is_empty());
    play(&mut g, "Bd3");
    assert_eq!(
        claims(&g),
        vec![(names(&["a1", "b1", "c1", "c2", "c3"]), V)]
    );
    // White b3 joins the claimed group and a3: all seven stones count for Vertical.
    play(&mut g, "Wb3");
    assert_eq!(
        claims(&g),
        vec![(names(&["a1", "b1", "c1", "c2", "a3", "b3", "c3"]), V)]
    );
    assert_eq!(g.claimed_points(), [7, 0]);
    assert_eq!(
        g.ownership()[g.geometry().parse("a3").unwrap() as usize],
        Some(Mark::Owned(V))
    );
    assert_eq!(
        g.claimed_by(g.geometry().parse("b2").unwrap()),
        None,
        "empty"
    );
}

#[test]
fn score_is_claimed_stones_plus_komi_for_horizontal() {
    let mut g = game();
    play(&mut g, "Wa1 Wa2 Wa3 Bb1 Bb2 Bb3 Ba4");
    play(&mut g, "Wc5 Wd5 We5 Bc4 Bd4 Be4 Bb5");
    // Three claimed stones each; eight black stones in unclaimed groups score nothing.
    assert_eq!(g.claimed_points(), [3, 3]);
    assert_eq!(g.points(), Some([3.0, 3.5]));
    let state = g.state_json();
    assert_eq!(state["score"], json!({"vertical": 3, "horizontal": 3.5}));
    assert_eq!(g.result_text(), None);
    play(&mut g, "pass pass");
    assert!(g.is_over());
    assert_eq!(g.outcome(), Some(Outcome::Win(H)));
    assert_eq!(g.result_text().as_deref(), Some("H+0.5"));
    let breakdown = g.score_breakdown().join("\n");
    assert!(
        breakdown.contains("Unclaimed stones (count for nobody): 8"),
        "{breakdown}"
    );

    // Komi 0: a draw.
    let mut g = Carteso::new(&agreed(5, 0)).unwrap();
    play(&mut g, "Wa1 Wa2 Wa3 Bb1 Bb2 Bb3 Ba4");
    play(&mut g, "Wc5 Wd5 We5 Bc4 Bd4 Be4 Bb5");
    let mut drawn = g.clone();
    play(&mut drawn, "pass pass");
    assert_eq!(drawn.outcome(), Some(Outcome::Draw));
    assert_eq!(drawn.result_text().as_deref(), Some("Draw"));
}

#[test]
fn state_json_lists_whole_claimed_groups_by_first_point() {
    let mut g = l_shape();
    play(&mut g, "Ba3 Wa2");
    // White c5–d5 closed in by b5, c4, d4, e5 (Horizontal places b5): wider, Horizontal's.
    play(&mut g, "Be5 Wd5 Be3 Bd4 Wc5 Bc4 Wd1 Bb5");
    let s = g.state_json();
    assert_eq!(s["game"], "carteso");
    assert_eq!(s["board"]["a1"], "W");
    assert_eq!(s["board"]["a3"], "B");
    assert_eq!(s["komi"], json!(0.5));
    let list = s["claims"].as_array().unwrap();
    assert_eq!(
        list[0],
        json!({"cells": ["a1", "b1", "a2", "b2"], "claimer": "horizontal"})
    );
    assert_eq!(
        list[1],
        json!({"cells": ["c5", "d5"], "claimer": "horizontal"})
    );
    assert_eq!(list.len(), 2);
}

#[test]
fn tokens_read_case_insensitively_and_write_canonically() {
    let g = Carteso::new(&agreed(9, 1)).unwrap();
    let s = g.parse_step("bC5").unwrap();
    assert_eq!(
        s,
        Step::Place {
            cell: g.geometry().parse("c5").unwrap(),
            stone: Stone::Black
        }
    );
    assert_eq!(g.format_step(s), "Bc5");
    assert_eq!(g.format_turn(&[s]), "Bc5");
    assert_eq!(g.parse_turn("wi9"), Ok(vec![g.parse_step("Wi9").unwrap()]));
    assert_eq!(g.parse_step("Pass"), Ok(Step::Pass));
    assert!(g.parse_step("c5").is_err(), "no colour");
    assert!(g.parse_step("Nc5").is_err());
    assert!(g.parse_step("Bj5").is_err(), "off the 9×9 board");
    assert_eq!(g.format_step(Step::Choose(H)), "play=horizontal");
}

#[test]
fn the_bid_is_the_default_protocol() {
    let options = GameOptions {
        size: 5,
        ..GameOptions::defaults(GameKind::Carteso)
    };
    let mut g = Carteso::new(&options).unwrap();
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert_eq!(v.len(), 51);
    assert!(matches!(
        g.check(g.parse_step("Bc3").unwrap()),
        Err(Illegal::NotNow(_))
    ));
    play(&mut g, "komi=0.5");
    assert_eq!(g.to_move(), H);
    play(&mut g, "play=vertical");
    assert!(g.swapped());
    assert_eq!(g.to_move(), V);
    assert_eq!(g.turns_completed(), 2);
    assert_eq!(g.komi(), 0.5);
    play(&mut g, "Bc3");
    assert_eq!(g.turns_completed(), 3);
    assert_eq!(g.hash(), g.recompute_hash());
}
