//! The fixes of issue 13 that are not about keys or the board's size: the bid says who did
//! what, the AI panel shows the settled result, messages wrap, the command line scrolls, the
//! history note goes with `End`, the rules stop at their end, settings say "not saved".

use crate::ai::{AiEvent, Analysis};
use crate::games::{Game, GameKind, GameOptions, Step};
use crate::session::Session;
use crate::tui::app::{update, App, Msg, Screen};
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::testing::{app, ch, game_screen as play, key, render};
use ratatui::crossterm::event::KeyCode;
use std::time::Duration;

const HUMAN: Controller = Controller::Human;
const AI: Controller = Controller::Ai { level: 1 };

fn open(kind: GameKind, args: &[&str], players: [Controller; 2], size: (u16, u16)) -> App {
    let mut a = app(size.0, size.1);
    let session = Session::new(kind, GameOptions::parse(kind, args).unwrap()).unwrap();
    a.open_game(Play::new(
        session,
        players,
        Duration::from_millis(10),
        "t".into(),
    ));
    a
}

fn typed(a: &mut App, text: &str) {
    update(a, ch(':'));
    for c in text.chars() {
        update(a, ch(c));
    }
    update(a, key(KeyCode::Enter));
}

fn job(a: &App) -> u64 {
    play(a).ai().job().expect("the AI is thinking").0
}

fn ai_turn(a: &mut App, steps: Vec<Step>) {
    let id = job(a);
    update(
        a,
        Msg::Ai(AiEvent::Turn {
            id,
            steps,
            analysis: Analysis::default(),
        }),
    );
}

/// Item 6: "set komi; the AI picks a side" and the person ends up Horizontal: the history
/// and the message say who did what, not which seat.
#[test]
fn the_bid_says_who_did_what() {
    let mut a = open(GameKind::Linage, &[], [HUMAN, AI], (100, 32));
    let screen = render(&a);
    assert!(screen.contains("▶ sets komi: you"), "{screen}");
    assert!(!screen.contains("Vertical sets komi"), "{screen}");
    for _ in 0..4 {
        update(&mut a, ch('+'));
    }
    update(&mut a, key(KeyCode::Enter));
    assert_eq!(play(&a).session().tokens(), ["komi=2.5"]);
    assert_eq!(play(&a).note().unwrap().text, "you set komi 2.5");
    ai_turn(&mut a, vec![Step::Choose(crate::games::Side::First)]);
    assert_eq!(play(&a).note().unwrap().text, "the AI took Vertical");
    let screen = render(&a);
    assert!(screen.contains("1. you set komi 2.5"), "{screen}");
    assert!(screen.contains("2. the AI took Vertical"), "{screen}");
    assert!(screen.contains("H Horizontal you"), "{screen}");
    // Between two people the seats are numbered.
    let mut b = open(GameKind::Carteso, &[], [HUMAN, HUMAN], (100, 32));
    update(&mut b, key(KeyCode::Enter));
    update(&mut b, ch('h'));
    let screen = render(&b);
    assert!(screen.contains("1. player 1 set komi 0.5"), "{screen}");
    assert!(screen.contains("2. player 2 took Horizontal"), "{screen}");
}

/// Item 7: a Linage board without a free region leaves only passes: the AI panel shows the
/// final score instead of a win rate of 50 %; a proven result is shown as such.
#[test]
fn the_ai_panel_shows_a_settled_result() {
    // 5x5 Linage: a wall of stones down column c leaves two 2x5 regions with vertical lines
    // only (both Vertical's), so no region is free.
    let mut a = open(
        GameKind::Linage,
        &["size=5", "komi=0.5"],
        [HUMAN, AI],
        (100, 32),
    );
    for t in ["c1", "pass", "c2", "pass", "c3", "pass", "c4", "pass", "c5"] {
        if play(&a).controller() == AI {
            let step = play(&a).game().parse_step(t).unwrap();
            ai_turn(&mut a, vec![step]);
        } else {
            typed(&mut a, t);
        }
    }
    let g = play(&a).game().clone();
    let mut legal = Vec::new();
    g.legal_steps(&mut legal);
    assert!(!g.is_over(), "{:?}", play(&a).session().tokens());
    assert_eq!(
        legal,
        [Step::Pass],
        "only passes are left: {:?} {:?}",
        play(&a).session().tokens(),
        play(&a).note()
    );
    let end = play(&a).settled_end().expect("settled");
    assert_eq!(end.result_text().as_deref(), Some("V+19.5"));
    let screen = render(&a);
    assert!(
        screen.contains(&format!("settled: {}", end.result_text().unwrap())),
        "{screen}"
    );
    assert!(!screen.contains("50%"), "{screen}");
}

#[test]
fn a_proven_result_replaces_the_win_rate() {
    let mut a = open(GameKind::Linage, &["komi=0.5"], [HUMAN, AI], (100, 32));
    // The AI opponent's own estimate shows only with `show_estimate = "always"`.
    crate::tui::testing::game_screen_mut(&mut a).show_estimate =
        crate::config::ShowEstimate::Always;
    update(&mut a, key(KeyCode::Enter));
    let id = job(&a);
    update(
        &mut a,
        Msg::Ai(AiEvent::Progress {
            id,
            analysis: Analysis {
                win_rate: Some(1.0),
                proven: Some("win"),
                best: Some("c3".into()),
                ..Analysis::default()
            },
        }),
    );
    let screen = render(&a);
    // The AI (Horizontal) is to move and has proven its win.
    assert!(screen.contains("Horizontal wins (proven)"), "{screen}");
    assert!(!screen.contains("100%"), "{screen}");
}

/// Item 5: a long message wraps to a second line; saved paths are shown relative to the data
/// directory; a long command line keeps its cursor in view.
#[test]
fn long_messages_wrap_and_the_command_line_scrolls() {
    let mut a = open(GameKind::Carteso, &["komi=0.5"], [HUMAN, HUMAN], (80, 24));
    typed(&mut a, "this is not a move at all, not even close to one");
    let screen = render(&a);
    let rows: Vec<&str> = screen.lines().collect();
    let msg = &rows[rows.len() - 3..rows.len() - 1];
    let text = play(&a).note().unwrap().text.clone();
    assert!(text.len() > 80, "{text}");
    let shown = format!("{} {}", msg[0].trim(), msg[1].trim());
    assert!(
        shown.trim_end_matches('…') == text || text.starts_with(shown.trim_end_matches('…')),
        "{shown}\n{text}"
    );
    update(&mut a, ch(':'));
    let long = "save /a/very/long/path/that/does/not/fit/on/the/message/line/of/an/eighty/\
                column/terminal/at/all/x.toml";
    for c in long.chars() {
        update(&mut a, ch(c));
    }
    let screen = render(&a);
    let line = screen.lines().nth(21).unwrap();
    assert!(
        line.starts_with(":…") && line.contains("all/x.toml"),
        "{line}"
    );
    update(&mut a, key(KeyCode::Home));
    let screen = render(&a);
    let line = screen.lines().nth(21).unwrap();
    assert!(
        line.starts_with(":save /a/") && line.ends_with('…'),
        "{line}"
    );
    let storage = crate::tui::store::Storage::platform(None);
    let data = storage.data.clone().unwrap();
    let p = data.join("games").join("keil-20261122T143849Z.toml");
    assert_eq!(storage.shown_path(&p), "games/keil-20261122T143849Z.toml");
}

/// Item 11: the "viewing the history" message goes when `End` returns to the game.
#[test]
fn the_history_message_goes_with_end() {
    let mut a = open(GameKind::Linage, &["komi=0.5"], [HUMAN, HUMAN], (100, 32));
    typed(&mut a, "c3");
    update(&mut a, ch('['));
    // While viewing, the board's moves are not available; a turn typed on the command line
    // is refused with the reason.
    typed(&mut a, "d4");
    let note = play(&a).note().map(|n| n.text.clone()).unwrap_or_default();
    assert!(note.starts_with("viewing the history"), "{note}");
    update(&mut a, key(KeyCode::End));
    assert!(play(&a).note().is_none(), "{:?}", play(&a).note());
}

/// Item 11: PgDn in the rules stops where the text ends.
#[test]
fn the_rules_stop_at_their_end() {
    let mut a = app(80, 24);
    update(&mut a, ch('u'));
    for _ in 0..30 {
        update(&mut a, key(KeyCode::PageDown));
    }
    let Screen::Rules(r) = &a.screen else {
        panic!("not on the rules")
    };
    let max = crate::tui::rules::max_scroll(GameKind::Keil, (80, 24));
    assert_eq!(r.scroll, max);
    assert!(max > 0);
    let screen = render(&a);
    // The last line of the text (the komi paragraph's end) shows, on the last row of the
    // text's area.
    let text = crate::tui::rules::full_text(GameKind::Keil);
    let last_word = text.split_whitespace().last().unwrap();
    let last_row = screen.lines().nth(22).unwrap();
    assert!(last_row.contains(last_word), "{last_word}: {screen}");
    update(&mut a, key(KeyCode::PageUp));
    let Screen::Rules(r) = &a.screen else {
        panic!()
    };
    assert_eq!(r.scroll, max.saturating_sub(10));
}

/// Item 10: leaving Settings with Esc after a change says the change is not saved.
#[test]
fn settings_left_unsaved_say_so() {
    let mut a = app(80, 24);
    update(&mut a, ch('s'));
    update(&mut a, key(KeyCode::Esc));
    assert!(a.note.is_none(), "nothing changed, nothing to say");
    update(&mut a, ch('s'));
    update(&mut a, key(KeyCode::Down));
    update(&mut a, key(KeyCode::Enter)); // ASCII on
    update(&mut a, key(KeyCode::Esc));
    assert!(matches!(a.screen, Screen::Menu(_)));
    let note = a.note.clone().unwrap().text;
    assert!(note.contains("not saved"), "{note}");
    assert!(render(&a).contains("not saved"));
}

/// Item 8: the overlay's legend shows whenever the overlay is on.
#[test]
fn the_overlay_has_a_legend() {
    for (kind, legend) in [
        (GameKind::Keil, "b Black's territory"),
        (GameKind::Linage, "v Vertical's region"),
    ] {
        let mut a = open(kind, &["komi=0.5"], [HUMAN, HUMAN], (100, 32));
        assert!(!render(&a).contains(legend));
        update(&mut a, ch('t'));
        let screen = render(&a);
        assert!(screen.contains(legend), "{kind}:\n{screen}");
    }
}
