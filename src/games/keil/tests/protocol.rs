//! The button, the end of the game, the komi protocols, tokens and the `tessera-state` JSON.

use super::*;
use crate::games::Describe;
use crate::games::{Illegal, Outcome};
use serde_json::json;

fn new_game(args: &[&str]) -> Keil {
    Keil::new(&GameOptions::parse(GameKind::Keil, args).expect("options")).expect("game")
}

#[test]
fn while_the_button_is_on_the_table_pass_is_illegal_and_button_legal() {
    let mut g = new_game(&[]);
    assert!(g.button_in_play() && g.button_on_table());
    assert_eq!(g.check(Step::Pass), Err(Illegal::MustTakeButtonOrPlay));
    assert_eq!(g.check(Step::Button), Ok(()));
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    assert_eq!(v.len(), 127 + 1);
    assert_eq!(v.last(), Some(&Step::Button));
    play(&mut g, "d4 button");
    assert_eq!(g.button_holder(), Some(Side::Second));
    // Taken: no second button, and passing is allowed now.
    assert!(matches!(g.check(Step::Button), Err(Illegal::NotNow(_))));
    assert_eq!(g.check(Step::Pass), Ok(()));
    g.legal_steps(&mut v);
    assert_eq!(v.last(), Some(&Step::Pass));
    assert!(!v.contains(&Step::Button));
}

#[test]
fn button_auto_follows_komi_and_can_be_forced() {
    // komi 6.5: auto → off. Pass is legal from the start, the button never.
    let g = new_game(&["komi=6.5"]);
    assert!(!g.button_in_play());
    assert_eq!(g.check(Step::Pass), Ok(()));
    assert!(matches!(g.check(Step::Button), Err(Illegal::NotNow(_))));
    assert!(new_game(&["komi=6.5", "button=on"]).button_on_table());
    assert!(!new_game(&["komi=7", "button=off"]).button_in_play());
    assert!(new_game(&["komi=0"]).button_on_table());
}

#[test]
fn two_passes_in_succession_end_the_game() {
    let mut g = new_game(&["komi=0.5"]);
    play(&mut g, "pass");
    assert!(!g.is_over());
    play(&mut g, "d4 pass");
    assert!(!g.is_over(), "a placement between passes resets the count");
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(g.check(Step::Pass), Err(Illegal::GameOver));
    assert_eq!(g.check(step(&g, "a7")), Err(Illegal::GameOver));
    let mut v = vec![Step::Pass];
    g.legal_steps(&mut v);
    assert!(v.is_empty());
    // White d4 alone, the rest of the board its territory: 127 points and komi 0.5.
    assert_eq!(g.outcome(), Some(Outcome::Win(Side::Second)));
    assert_eq!(g.result_text().as_deref(), Some("W+127.5"));
    assert_eq!(g.turns_completed(), 4);
    g.undo();
    assert!(!g.is_over() && g.result_text().is_none() && g.outcome().is_none());
}

#[test]
fn the_bid_sets_komi_then_the_second_player_picks_a_side() {
    let mut g = new_game(&["protocol=bid", "size=3"]);
    assert_eq!(g.to_move(), Side::First);
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    // komi=0, 0.5, …, 19 on the 19 points of side 3.
    assert_eq!(v.len(), 39);
    assert_eq!(g.format_step(v[13]), "komi=6.5");
    assert!(g.check(step(&g, "c3")).is_err());
    assert!(g.check(Step::Pass).is_err());
    assert!(g.parse_step("komi=6.3").is_err());
    assert!(g.check(Step::Komi(39)).is_err());
    play(&mut g, "komi=6.0");
    assert_eq!(g.to_move(), Side::Second);
    assert_eq!(g.turns_completed(), 1);
    g.legal_steps(&mut v);
    let tokens: Vec<String> = v.iter().map(|&s| g.format_step(s)).collect();
    assert_eq!(tokens, ["play=black", "play=white"]);
    play(&mut g, "play=black");
    assert!(g.swapped());
    assert_eq!(g.to_move(), Side::First, "Black moves first after the bid");
    assert_eq!(g.komi(), 6.0);
    assert!(
        g.button_on_table(),
        "komi 6 with button=auto: the button is in play"
    );
    assert_eq!(g.turns_completed(), 2);
    // Undo walks back through the protocol.
    assert_eq!(g.undo(), Some(Step::Choose(Side::First)));
    assert_eq!(g.to_move(), Side::Second);
    assert!(!g.swapped());
    let mut h = new_game(&["protocol=bid"]);
    play(&mut h, "komi=6.5 play=white");
    assert!(!h.swapped() && !h.button_in_play());
    assert_eq!(h.check(Step::Pass), Ok(()));
}

#[test]
fn tokens_parse_and_format() {
    let g = new_game(&[]);
    let f7 = step(&g, "f7");
    assert_eq!(f7, step(&g, "F7"));
    assert_eq!(g.format_step(f7), "f7");
    assert_eq!(g.parse_turn("f7"), Ok(vec![f7]));
    assert_eq!(g.format_turn(&[f7]), "f7");
    assert_eq!(step(&g, "Bf7"), f7);
    assert_eq!(step(&g, "PASS"), Step::Pass);
    assert_eq!(step(&g, "button"), Step::Button);
    assert_eq!(g.format_step(Step::Button), "button");
    assert_eq!(g.format_step(Step::Pass), "pass");
    assert_eq!(step(&g, "komi=6"), Step::Komi(12));
    assert_eq!(g.format_step(Step::Komi(12)), "komi=6");
    assert_eq!(step(&g, "play=w"), Step::Choose(Side::Second));
    for bad in ["", "z9", "a1", "n7", "swap!", "f7,f8", "komi=x"] {
        assert!(g.parse_step(bad).is_err(), "{bad:?} accepted");
    }
    // Wf7 parses as a white stone, which Black may not place.
    assert!(g.check(step(&g, "Wf7")).is_err());
    assert!(g.check(Step::Swap).is_err() && g.check(Step::End).is_err());
}

#[test]
fn legal_steps_are_in_board_order() {
    let mut g = new_game(&["size=3", "komi=0.5"]);
    play(&mut g, "c3");
    let mut v = Vec::new();
    g.legal_steps(&mut v);
    let tokens: Vec<String> = v.iter().map(|&s| g.format_step(s)).collect();
    assert_eq!(
        tokens.join(" "),
        "a3 a4 a5 b2 b3 b4 b5 c1 c2 c4 c5 d1 d2 d3 d4 e1 e2 e3 pass"
    );
}

#[test]
fn state_json_has_the_common_part_and_keil_keys() {
    let mut g = new_game(&["size=3"]);
    play(&mut g, "c3 button");
    let s = g.state_json();
    assert_eq!(
        s,
        json!({
            "game": "keil", "size": 3, "to_move": "black", "turn": 2, "over": false,
            "winner": null, "board": {"c3": "B"},
            // Black: 1 stone + 18 territory; White: komi 6 + the button.
            "score": {"black": 19, "white": 6.5},
            "territory": {"black": 18, "white": 0},
            "button": "white", "komi": 6
        })
    );
    let bid = new_game(&["protocol=bid"]);
    let s = bid.state_json();
    assert_eq!(s["komi"], json!(0));
    assert_eq!(s["button"], json!(null));
    assert_eq!(s["to_move"], json!("black"));
    assert_eq!(s["score"], json!({"black": 0, "white": 0}));
}
