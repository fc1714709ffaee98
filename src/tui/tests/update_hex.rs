//! Unit tests of `update` on hexhex boards: cursor moves, multi-stone turns (Iris, Wunchunk),
//! the forced Iris partner, highlighted second cells, colour choice, end and swap.

use crate::games::{Describe, Game, GameKind, GameOptions, Side, Stone};
use crate::session::Session;
use crate::tui::app::{update, App};
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::testing::{
    app, ch, cursor_name as cursor, game_screen as play, game_screen_mut, key, render,
};
use ratatui::crossterm::event::KeyCode;
use std::time::Duration;

const HUMAN: Controller = Controller::Human;

fn open(kind: GameKind, players: [Controller; 2]) -> App {
    let mut a = app(100, 40);
    let session = Session::new(kind, GameOptions::defaults(kind)).unwrap();
    let play = Play::new(session, players, Duration::from_millis(10), "t".into());
    a.open_game(play);
    a
}

/// Moves the cursor to a named cell (by setting it, as a click would) and presses Enter.
fn place(a: &mut App, name: &str) {
    let p = game_screen_mut(a);
    let cell = p.game().geometry().parse(name).unwrap();
    p.set_cursor(cell);
    update(a, key(KeyCode::Enter));
}

fn tokens(a: &App) -> Vec<String> {
    play(a).session().tokens()
}

fn note(a: &App) -> String {
    play(a).note().map(|n| n.text.clone()).unwrap_or_default()
}

#[test]
fn hex_cursor_moves_along_rows_up_down_and_diagonals() {
    let mut a = open(GameKind::Iris, [HUMAN, HUMAN]);
    assert_eq!(cursor(&a), "g7");
    update(&mut a, key(KeyCode::Left));
    assert_eq!(cursor(&a), "g6");
    update(&mut a, ch('l'));
    // Up then down returns to the same cell (the column is remembered).
    update(&mut a, key(KeyCode::Up));
    update(&mut a, key(KeyCode::Up));
    update(&mut a, ch('j'));
    update(&mut a, ch('j'));
    assert_eq!(cursor(&a), "g7");
    for (c, expect) in [('y', "f7"), ('n', "g7"), ('u', "f8"), ('b', "g7")] {
        update(&mut a, ch(c));
        assert_eq!(cursor(&a), expect, "after {c}");
    }
}

#[test]
fn iris_two_stone_turns_forced_partner_and_highlights() {
    let mut a = open(GameKind::Iris, [HUMAN, HUMAN]);
    place(&mut a, "a7");
    assert_eq!(
        tokens(&a),
        Vec::<String>::new(),
        "the first stone must be gray"
    );
    assert!(play(&a).note().unwrap().error);
    place(&mut a, "g7");
    assert_eq!(tokens(&a), ["g7"]);
    // White's first stone on a coloured cell: the partner is placed automatically.
    place(&mut a, "a7");
    assert_eq!(tokens(&a), ["g7", "a7,m7"]);
    assert!(note(&a).contains("m7"), "{}", note(&a));
    // Black's first stone on a gray cell: the legal second cells are highlighted.
    place(&mut a, "d5");
    assert_eq!(play(&a).session().pending().len(), 1);
    let geo = play(&a).game().geometry();
    let lit = play(&a).legal_highlights();
    let d5 = geo.parse("d5").unwrap();
    assert!(!lit.is_empty());
    for &c in &lit {
        assert!(
            !geo.adjacent(c, d5) && c != d5,
            "{} is highlighted",
            geo.name(c)
        );
        assert!(play(&a).game().pair_label(c).is_none(), "only gray cells");
    }
    assert!(lit.contains(&geo.parse("j9").unwrap()));
    // A neighbour is refused with the rules' reason; the stone of the turn stays.
    place(&mut a, "d6");
    assert!(play(&a).note().unwrap().error);
    assert!(note(&a).starts_with("d6: "), "{}", note(&a));
    assert_eq!(play(&a).session().pending().len(), 1);
    // Take back inside the turn removes the first stone only.
    update(&mut a, ch('U'));
    assert!(play(&a).session().pending().is_empty());
    assert_eq!(tokens(&a).len(), 2);
    place(&mut a, "d5");
    place(&mut a, "j9");
    assert_eq!(tokens(&a), ["g7", "a7,m7", "d5,j9"]);
    assert!(play(&a).legal_highlights().is_empty());
}

#[test]
fn wunchunk_colour_choice_swap_and_end() {
    let mut a = open(GameKind::Wunchunk, [HUMAN, HUMAN]);
    update(&mut a, ch('c'));
    assert_eq!(play(&a).board().colour(), Stone::White);
    place(&mut a, "h8");
    assert_eq!(tokens(&a), ["Wh8"]);
    update(&mut a, ch('s'));
    assert_eq!(tokens(&a), ["Wh8", "swap"]);
    let p = play(&a);
    assert!(p.game().swapped());
    assert_eq!(
        p.game().to_move(),
        Side::Second,
        "after a swap White is still to move"
    );
    // A second swap is not offered (not on the key line) and `s` changes nothing.
    assert!(!render(&a).contains("s swap"));
    update(&mut a, ch('s'));
    assert_eq!(tokens(&a).len(), 2);
}

/// Presses `c` until the chosen colour is `stone`.
fn choose_colour(a: &mut App, stone: Stone) {
    if play(a).board().colour() != stone {
        update(a, ch('c'));
    }
    assert_eq!(play(a).board().colour(), stone);
}

#[test]
fn wunchunk_ends_a_turn_early_with_e() {
    let mut a = open(GameKind::Wunchunk, [HUMAN, HUMAN]);
    // Black builds two chunks (h8-h9, o1-o2) while White plays far away: then Black's
    // allotment is 2.
    for (cell, colour) in [
        ("h8", Stone::Black),
        ("a8", Stone::White),
        ("h9", Stone::Black),
        ("a10", Stone::White),
        ("o1", Stone::Black),
        ("c10", Stone::White),
        ("o2", Stone::Black),
        ("c12", Stone::White),
    ] {
        choose_colour(&mut a, colour);
        place(&mut a, cell);
    }
    assert_eq!(tokens(&a).len(), 8, "{:?}", tokens(&a));
    // Before any stone of the turn, `e` is not offered and does nothing.
    assert!(!render(&a).contains("e end turn"));
    update(&mut a, ch('e'));
    assert_eq!(tokens(&a).len(), 8, "e before any stone does nothing");
    choose_colour(&mut a, Stone::Black);
    place(&mut a, "e5");
    assert_eq!(
        play(&a).session().pending().len(),
        1,
        "one of two stones placed"
    );
    assert!(render(&a).contains("e end turn"));
    update(&mut a, ch('e'));
    assert_eq!(tokens(&a).last().unwrap(), "Be5");
    assert_eq!(play(&a).game().to_move(), Side::Second);
}
