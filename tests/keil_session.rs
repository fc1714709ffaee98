//! Keil through `Session`, the layer GTP, records and the interface share: whole-turn tokens
//! in and out, refusals that change nothing, and the `tessera-state` object.

use serde_json::json;
use tessera::games::Describe;
use tessera::games::{Game, GameKind, GameOptions};
use tessera::session::Session;

fn session(args: &[&str]) -> Session {
    Session::new(
        GameKind::Keil,
        GameOptions::parse(GameKind::Keil, args).unwrap(),
    )
    .unwrap()
}

#[test]
fn tokens_in_tokens_out() {
    let mut s = session(&[]);
    s.play_turn("d4").unwrap();
    s.play_turn("BUTTON").unwrap();
    s.play_turn("G7").unwrap();
    assert_eq!(s.tokens(), ["d4", "button", "g7"]);
    let state = s.game().state_json();
    assert_eq!(state["board"], json!({"d4": "B", "g7": "B"}));
    assert_eq!(state["button"], json!("white"));
    assert_eq!(state["to_move"], json!("white"));
    assert_eq!(state["turn"], json!(3));
    assert_eq!(state["komi"], json!(6));
    assert!(s.undo_turn());
    assert_eq!(s.tokens(), ["d4", "button"]);
}

#[test]
fn refusals_say_why_and_change_nothing() {
    let mut s = session(&[]);
    s.play_turn("d4").unwrap();
    let before = s.game().state_json();
    for (token, reason) in [
        ("d4", "occupied"),
        (
            "pass",
            "you may not pass yet: take the button or play a stone",
        ),
        ("komi=6", "komi is already settled"),
        (
            "z99",
            "'z99' is not a point of this board, pass, button, komi=X or play=black|white",
        ),
        (
            "Bd5",
            "wrong stone colour: in Keil you place stones of your own colour",
        ),
    ] {
        assert_eq!(
            s.play_turn(token).unwrap_err().to_string(),
            reason,
            "{token}"
        );
        assert_eq!(s.game().state_json(), before);
    }
    s.play_turn("button").unwrap();
    assert_eq!(
        s.play_turn("button").unwrap_err().to_string(),
        "the button has already been taken"
    );
}

#[test]
fn the_bid_through_tokens() {
    let mut s = session(&["protocol=bid", "size=5"]);
    assert_eq!(
        s.play_turn("play=white").unwrap_err().to_string(),
        "first set the komi (komi=X)"
    );
    s.play_turn("komi=7.5").unwrap();
    let state = s.game().state_json();
    assert_eq!(state["to_move"], json!("white"));
    assert_eq!(state["komi"], json!(7.5));
    s.play_turn("play=black").unwrap();
    assert!(s.game().swapped());
    s.play_turn("c5").unwrap();
    assert_eq!(s.tokens(), ["komi=7.5", "play=black", "c5"]);
    // komi 7.5 with button=auto: no button, so White may pass at once.
    s.play_turn("pass").unwrap();
    assert_eq!(s.game().state_json()["button"], json!(null));
}
