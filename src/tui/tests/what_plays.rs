//! Issue 64: the person knows what plays. The New game form names, beside the level, what
//! evaluates its positions on the chosen board (with level 10's, for hints and analysis,
//! where it differs); the AI panel names the opponent's and level 10's during the game; and a
//! crashed job is one line in the AI panel naming the log, gone once the game goes on. The
//! pure `update` and `view`; the engine's reports are written by the test.

use crate::ai::AiEvent;
use crate::games::{GameKind, GameOptions};
use crate::session::Session;
use crate::tui::app::{update, App, Msg, Screen};
use crate::tui::effect::Effect;
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::testing::{app, ch, key, render};
use ratatui::crossterm::event::KeyCode;
use std::time::Duration;

/// The New game form with `kind` on a board of `size` against the AI at `level`.
fn form(kind: GameKind, size: usize, level: u8) -> App {
    let mut a = app(80, 24);
    update(&mut a, ch('n'));
    let Screen::NewGame(f) = &mut a.screen else {
        panic!("not the New game form");
    };
    f.set_kind(kind);
    f.size = size;
    f.level = level;
    a
}

#[test]
fn the_form_names_the_levels_evaluator_on_the_chosen_board() {
    let a = form(GameKind::Linage, 9, 10);
    insta::assert_snapshot!("new_game_level_10_network", render(&a));
    let text = render(&form(GameKind::Linage, 7, 10));
    assert!(text.contains("AI level    10 of 10 · playouts\n"), "{text}");
    let text = render(&form(GameKind::Keil, 7, 9));
    assert!(text.contains("AI level    9 of 10 · network\n"), "{text}");
    let text = render(&form(GameKind::Iris, 7, 8));
    assert!(
        text.contains("8 of 10 · playouts (hints and analysis: network)"),
        "{text}"
    );
}

/// A game of Linage on a board of `size` (agreed komi): the person moves first against the
/// AI at `level`.
fn game(size: usize, level: u8, w: u16, h: u16) -> App {
    let options = GameOptions::parse(
        GameKind::Linage,
        &[&format!("size={size}"), "komi=0.5", "protocol=agreed"],
    )
    .unwrap();
    let session = Session::new(GameKind::Linage, options).unwrap();
    let players = [Controller::Human, Controller::Ai { level }];
    let mut a = app(w, h);
    a.open_game(Play::new(
        session,
        players,
        Duration::from_secs(1),
        "t".into(),
    ));
    a
}

#[test]
fn the_ai_panel_names_the_opponents_evaluator_and_level_10s() {
    let a = game(9, 10, 80, 24);
    insta::assert_snapshot!("game_level_10_network_80x24", render(&a));
    insta::assert_snapshot!(
        "game_level_10_network_200x60",
        render(&game(9, 10, 200, 60))
    );
    let text = render(&game(7, 10, 80, 24));
    assert!(text.contains("AI, hints: playouts"), "{text}");
    let text = render(&game(9, 4, 80, 24));
    assert!(text.contains("AI: playouts · hints: network"), "{text}");
}

#[test]
fn a_crashed_job_is_one_line_naming_the_log_until_the_game_goes_on() {
    let mut a = game(9, 10, 80, 24);
    let mut fx = update(&mut a, ch(':'));
    for c in "e5".chars() {
        fx.extend(update(&mut a, ch(c)));
    }
    fx.extend(update(&mut a, key(KeyCode::Enter)));
    let id = fx
        .iter()
        .find_map(|e| match e {
            Effect::StartAi(r) => Some(r.id),
            _ => None,
        })
        .expect("the AI thinks about its turn");
    let message = "the AI crashed: index out of bounds (src/nn/forward.rs:80:9); \
                   details in /home/me/.local/share/tessera/tessera.log";
    update(
        &mut a,
        Msg::Ai(AiEvent::Failed {
            id,
            message: message.into(),
        }),
    );
    let text = render(&a);
    insta::assert_snapshot!("ai_crashed_80x24", text);
    assert_eq!(
        text.matches("AI crashed: see tessera.log").count(),
        1,
        "{text}"
    );
    // Back to the person's turn: the crash was about the position taken back.
    update(&mut a, key(KeyCode::Backspace));
    let text = render(&a);
    assert!(!text.contains("crashed"), "{text}");
}
