//! Unit tests of the pure `update` on the game screen: keys, clicks and engine reports.

use crate::ai::{AiEvent, Analysis, Purpose};
use crate::games::{Game, GameKind, GameOptions, Side, Step, Stone};
use crate::session::Session;
use crate::tui::app::{update, App, Msg};
use crate::tui::effect::Effect;
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::testing::{app, ch, cursor_name as cursor, game_screen as play, key};
use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};
use std::time::Duration;

const HUMAN: Controller = Controller::Human;
const AI: Controller = Controller::Ai { level: 1 };

fn open(kind: GameKind, args: &[&str], players: [Controller; 2]) -> (App, Vec<Effect>) {
    let mut a = app(100, 40);
    let options = GameOptions::parse(kind, args).unwrap();
    let session = Session::new(kind, options).unwrap();
    let play = Play::new(session, players, Duration::from_millis(10), "t".into());
    let fx = a.open_game(play);
    (a, fx)
}

fn keys(a: &mut App, codes: &[KeyCode]) -> Vec<Effect> {
    codes.iter().flat_map(|&c| update(a, key(c))).collect()
}

fn typed(a: &mut App, text: &str) -> Vec<Effect> {
    let mut fx = update(a, ch(':'));
    for c in text.chars() {
        fx.extend(update(a, ch(c)));
    }
    fx.extend(update(a, key(KeyCode::Enter)));
    fx
}

fn started_job(fx: &[Effect]) -> Option<(u64, Purpose)> {
    fx.iter().rev().find_map(|e| match e {
        Effect::StartAi(r) => Some((r.id, r.purpose)),
        _ => None,
    })
}

fn tokens(a: &App) -> Vec<String> {
    play(a).session().tokens()
}

#[test]
fn square_cursor_moves_with_arrows_and_hjkl() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    assert_eq!(cursor(&a), "e5");
    keys(&mut a, &[KeyCode::Left, KeyCode::Up, KeyCode::Up]);
    assert_eq!(cursor(&a), "d7");
    for c in "lljh".chars() {
        update(&mut a, ch(c));
    }
    assert_eq!(cursor(&a), "e6");
    for _ in 0..12 {
        update(&mut a, key(KeyCode::Down));
    }
    assert_eq!(cursor(&a), "e1", "the cursor stops at the edge");
}

#[test]
fn placing_and_an_illegal_step_changes_nothing() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    update(&mut a, key(KeyCode::Enter));
    assert_eq!(tokens(&a), ["e5"]);
    let before = play(&a).game().hash();
    update(&mut a, key(KeyCode::Enter));
    assert_eq!(tokens(&a), ["e5"], "nothing changed");
    assert_eq!(play(&a).game().hash(), before);
    let note = play(&a).note().cloned().expect("a message");
    assert!(note.error);
    assert_eq!(
        note.text, "e5: occupied",
        "the library's reason, with the cell"
    );
}

#[test]
fn command_line_plays_tokens_and_refuses_bad_ones() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    typed(&mut a, "c3");
    assert_eq!(tokens(&a), ["c3"]);
    typed(&mut a, "zz99");
    assert_eq!(tokens(&a), ["c3"]);
    assert!(play(&a).note().unwrap().error);
    typed(&mut a, "pass");
    assert_eq!(tokens(&a), ["c3", "pass"]);
    typed(&mut a, "resign");
    assert!(play(&a).finished());
    assert_eq!(play(&a).result_text().unwrap(), "H+R (vertical resigned)");
}

#[test]
fn takeback_between_people_is_one_turn() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    update(&mut a, key(KeyCode::Enter));
    keys(&mut a, &[KeyCode::Left, KeyCode::Left, KeyCode::Enter]);
    assert_eq!(tokens(&a), ["e5", "c5"]);
    update(&mut a, ch('u'));
    assert_eq!(tokens(&a), ["e5"]);
    update(&mut a, key(KeyCode::Backspace));
    assert!(tokens(&a).is_empty());
    update(&mut a, ch('u'));
    assert!(play(&a).note().unwrap().error, "nothing to take back");
}

#[test]
fn against_the_ai_takeback_returns_to_your_previous_turn() {
    let (mut a, fx) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, AI]);
    assert_eq!(started_job(&fx), None, "the person moves first");
    let fx = update(&mut a, key(KeyCode::Enter));
    let (id, purpose) = started_job(&fx).expect("the AI starts thinking");
    assert_eq!(purpose, Purpose::Turn);
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Autosave(_))),
        "autosave after the turn"
    );
    // While it thinks, keys still work: the cursor moves, history stepping works, placing is
    // refused with a reason.
    keys(&mut a, &[KeyCode::Left, KeyCode::Char('[')]);
    assert_eq!(cursor(&a), "d5");
    assert!(play(&a).is_viewing());
    update(&mut a, key(KeyCode::End));
    update(&mut a, key(KeyCode::Enter));
    assert_eq!(tokens(&a), ["e5"]);
    // A report of an older job is ignored; the current one plays the AI's turn.
    let c3 = play(&a).game().geometry().parse("c3").unwrap();
    let step = Step::Place {
        cell: c3,
        stone: Stone::Neutral,
    };
    let stale = AiEvent::Turn {
        id: id - 1,
        steps: vec![step],
        analysis: Analysis::default(),
    };
    update(&mut a, Msg::Ai(stale));
    assert_eq!(tokens(&a), ["e5"]);
    update(
        &mut a,
        Msg::Ai(AiEvent::Progress {
            id,
            analysis: Analysis {
                best: Some("c3".into()),
                win_rate: Some(0.25),
                ..Analysis::default()
            },
        }),
    );
    assert_eq!(play(&a).ai().analysis().unwrap().win_rate, Some(0.25));
    update(
        &mut a,
        Msg::Ai(AiEvent::Turn {
            id,
            steps: vec![step],
            analysis: Analysis::default(),
        }),
    );
    assert_eq!(tokens(&a), ["e5", "c3"]);
    assert!(play(&a).ai().job().is_none());
    let fx = update(&mut a, ch('u'));
    assert!(tokens(&a).is_empty(), "back before your e5");
    assert_eq!(started_job(&fx), None, "and it is your turn");
    assert_eq!(play(&a).controller(), HUMAN);
}

#[test]
fn history_stepping_shows_old_positions_without_changing_the_game() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    for t in ["a1", "c3", "e5"] {
        typed(&mut a, t);
    }
    let a1 = play(&a).game().geometry().parse("a1").unwrap();
    let e5 = play(&a).game().geometry().parse("e5").unwrap();
    update(&mut a, ch('['));
    assert_eq!(play(&a).viewed_turn(), 2);
    assert!(play(&a).shown().stone_at(e5).is_none());
    update(&mut a, key(KeyCode::Home));
    assert_eq!(play(&a).viewed_turn(), 0);
    assert!(play(&a).shown().stone_at(a1).is_none());
    update(&mut a, key(KeyCode::Enter));
    assert_eq!(tokens(&a).len(), 3, "no placing while viewing");
    update(&mut a, ch(']'));
    assert_eq!(play(&a).viewed_turn(), 1);
    assert!(play(&a).shown().stone_at(a1).is_some());
    update(&mut a, key(KeyCode::End));
    assert!(!play(&a).is_viewing());
    assert!(play(&a).shown().stone_at(e5).is_some());
    for _ in 0..5 {
        update(&mut a, ch(']'));
    }
    assert!(!play(&a).is_viewing(), "] past the end is the live game");
}

#[test]
fn the_bid_against_the_ai_the_ai_sets_komi_and_you_pick_a_side() {
    let (mut a, fx) = open(GameKind::Linage, &[], [AI, HUMAN]);
    // The AI's estimate for your side shows only with `show_estimate = "always"`.
    crate::tui::testing::game_screen_mut(&mut a).show_estimate =
        crate::config::ShowEstimate::Always;
    let (id, purpose) = started_job(&fx).expect("the AI sets komi");
    assert_eq!(purpose, Purpose::Turn);
    let fx = update(
        &mut a,
        Msg::Ai(AiEvent::Turn {
            id,
            steps: vec![Step::Komi(13)],
            analysis: Analysis::default(),
        }),
    );
    assert_eq!(tokens(&a), ["komi=6.5"]);
    let (eid, purpose) = started_job(&fx).expect("the AI estimates for you");
    assert_eq!(purpose, Purpose::Estimate);
    update(
        &mut a,
        Msg::Ai(AiEvent::Estimate {
            id: eid,
            analysis: Analysis {
                best: Some("play=vertical".into()),
                win_rate: Some(0.6),
                ..Analysis::default()
            },
        }),
    );
    let screen = crate::tui::testing::render(&a);
    assert!(
        screen.contains("AI's estimate: vertical wins 60%") && screen.contains("komi 6.5"),
        "{screen}"
    );
    assert!(screen.contains("▶ picks a side: you"), "{screen}");
    let fx = update(&mut a, ch('v'));
    assert_eq!(tokens(&a), ["komi=6.5", "play=vertical"]);
    let p = play(&a);
    assert_eq!(p.player_of(Side::First), HUMAN, "you took Vertical");
    assert_eq!(p.controller(), HUMAN, "and Vertical moves first");
    assert_eq!(started_job(&fx), None);
}

#[test]
fn you_set_komi_with_the_keys() {
    let (mut a, _) = open(GameKind::Linage, &[], [HUMAN, AI]);
    for c in ['+', '+', '+'] {
        update(&mut a, ch(c));
    }
    update(&mut a, key(KeyCode::PageUp));
    update(&mut a, key(KeyCode::Left));
    let fx = update(&mut a, key(KeyCode::Enter));
    // From 0.5: +0.5 three times, +5, -0.5 = 6.5.
    assert_eq!(tokens(&a), ["komi=6.5"]);
    assert_eq!(
        started_job(&fx).map(|j| j.1),
        Some(Purpose::Turn),
        "the AI picks a side"
    );
}

#[test]
fn a_click_on_a_cell_places_there() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    let geo = play(&a).game().geometry();
    let areas = crate::tui::game::areas::areas(a.size, geo).unwrap();
    let layout = crate::tui::board::BoardLayout::scaled(geo, areas.scale);
    let (x, y) = layout.pos(geo.parse("b2").unwrap());
    let click = |column, row| {
        Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: ratatui::crossterm::event::KeyModifiers::NONE,
        })
    };
    update(
        &mut a,
        click(areas.board.x + x + areas.scale, areas.board.y + y),
    );
    assert!(tokens(&a).is_empty(), "a click between cells does nothing");
    update(&mut a, click(areas.board.x + x, areas.board.y + y));
    assert_eq!(tokens(&a), ["b2"]);
    assert_eq!(cursor(&a), "b2");
}

#[test]
fn the_end_shows_the_result_and_stops_autosaving() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    update(&mut a, ch('p'));
    let fx = update(&mut a, ch('p'));
    assert!(play(&a).finished());
    assert!(fx.iter().any(|e| matches!(e, Effect::GameOver(_))));
    assert!(matches!(
        play(&a).popup(),
        Some(crate::tui::game::play::Popup::Result(_))
    ));
    let screen = crate::tui::testing::render(&a);
    assert!(screen.contains("Game over"), "{screen}");
    // Back to the position, then u takes the last pass back and the game goes on.
    update(&mut a, ch('b'));
    assert!(play(&a).popup().is_none());
    update(&mut a, ch('u'));
    assert!(!play(&a).finished());
}

#[test]
fn history_stepping_by_undo_and_replay_agrees_with_replaying_from_the_start() {
    let (mut a, _) = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN]);
    for t in ["a1", "c3", "e5", "g7", "i9", "a9", "pass", "i1", "b2", "h8"] {
        typed(&mut a, t);
    }
    let codes = [
        KeyCode::Char('['),
        KeyCode::Char('['),
        KeyCode::Char('['),
        KeyCode::Char(']'),
        KeyCode::Home,
        KeyCode::Char(']'),
        KeyCode::Char(']'),
        KeyCode::Char(']'),
        KeyCode::Char(']'),
        KeyCode::Char(']'),
        KeyCode::Char(']'),
        KeyCode::Char(']'),
        KeyCode::Char('['),
        KeyCode::Char('['),
    ];
    for code in codes {
        update(&mut a, key(code));
        let p = play(&a);
        let n = p.viewed_turn();
        assert_eq!(
            p.shown().hash(),
            p.session().position_after(n).hash(),
            "turn {n}"
        );
    }
}

#[test]
fn space_pauses_a_game_between_ais_after_the_turn_in_progress() {
    let (mut a, fx) = open(GameKind::Linage, &["komi=0.5"], [AI, AI]);
    let (id, _) = started_job(&fx).expect("the AI starts at once");
    let fx = update(&mut a, ch(' '));
    assert!(play(&a).paused());
    assert_eq!(started_job(&fx), None);
    // The turn being thought about is still played, but no new one starts.
    let e5 = play(&a).game().geometry().parse("e5").unwrap();
    let fx = update(
        &mut a,
        Msg::Ai(AiEvent::Turn {
            id,
            steps: vec![Step::Place {
                cell: e5,
                stone: Stone::Neutral,
            }],
            analysis: Analysis::default(),
        }),
    );
    assert_eq!(tokens(&a), ["e5"]);
    assert_eq!(started_job(&fx), None, "paused: the other AI waits");
    let fx = update(&mut a, ch(' '));
    assert!(!play(&a).paused());
    assert!(started_job(&fx).is_some(), "going on starts the next turn");
}
