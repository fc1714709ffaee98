//! Snapshots of the screens that need no game (menu, new game, rules, settings, too small) and
//! tests of their keys.

use crate::tui::app::{update, Screen};
use crate::tui::testing::{app, ch, key, render};
use ratatui::crossterm::event::KeyCode;

#[test]
fn menu_at_80x24() {
    let a = app(80, 24);
    insta::assert_snapshot!(render(&a));
}

#[test]
fn menu_keys_open_screens_and_come_back() {
    let mut a = app(80, 24);
    update(&mut a, ch('u'));
    assert!(matches!(a.screen, Screen::Rules(_)));
    insta::assert_snapshot!("rules_keil", render(&a));
    for _ in 0..3 {
        update(&mut a, key(KeyCode::Right));
    }
    insta::assert_snapshot!("rules_linage", render(&a));
    update(&mut a, key(KeyCode::Esc));
    assert!(matches!(a.screen, Screen::Menu(_)));
    update(&mut a, ch('s'));
    assert!(matches!(a.screen, Screen::Settings(_)));
    insta::assert_snapshot!("settings", render(&a));
    update(&mut a, key(KeyCode::Esc));
    update(&mut a, ch('n'));
    assert!(matches!(a.screen, Screen::NewGame(_)));
    insta::assert_snapshot!("new_game", render(&a));
    update(&mut a, key(KeyCode::Esc));
    let fx = update(&mut a, ch('q'));
    assert!(
        a.quit
            && fx
                .iter()
                .any(|e| matches!(e, crate::tui::effect::Effect::Quit))
    );
}

#[test]
fn settings_change_at_once() {
    let mut a = app(80, 24);
    update(&mut a, ch('s'));
    update(&mut a, key(KeyCode::Right)); // theme: default -> classic
    assert_eq!(a.settings.config.theme, "classic");
    assert_eq!(a.settings.theme.name, "classic");
    update(&mut a, key(KeyCode::Down));
    update(&mut a, key(KeyCode::Enter)); // ASCII on
    assert!(a.settings.ascii());
}

#[test]
fn too_small_says_the_size_needed() {
    let a = app(50, 12);
    let text = render(&a);
    assert!(text.contains("needs 60x18"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn new_game_form_walks_through_games_and_options() {
    let mut a = app(80, 24);
    update(&mut a, ch('n'));
    let Screen::NewGame(form) = &a.screen else {
        panic!("not on the new game screen")
    };
    assert_eq!(form.kind, crate::games::GameKind::Linage);
    // Game row: → goes to Wunchunk (after Linage), whose default size is 8.
    update(&mut a, key(KeyCode::Right));
    let Screen::NewGame(form) = &a.screen else {
        panic!()
    };
    assert_eq!(form.kind, crate::games::GameKind::Wunchunk);
    assert_eq!(form.size, 8);
    // Size row: ← twice.
    update(&mut a, key(KeyCode::Down));
    update(&mut a, key(KeyCode::Left));
    update(&mut a, key(KeyCode::Left));
    let Screen::NewGame(form) = &a.screen else {
        panic!()
    };
    assert_eq!(form.size, 6);
}

#[test]
fn ascii_mode_draws_only_ascii() {
    let mut a = app(80, 24);
    a.settings.config.ascii = true;
    let mut screens = vec![render(&a)];
    update(&mut a, ch('u'));
    for _ in 0..5 {
        screens.push(render(&a));
        update(&mut a, key(KeyCode::Right));
    }
    update(&mut a, key(KeyCode::Esc));
    update(&mut a, ch('n'));
    screens.push(render(&a));
    for s in &screens {
        assert!(s.is_ascii(), "{s}");
    }
    insta::assert_snapshot!("rules_linage_ascii", &screens[4]);
}

#[test]
fn enter_starts_the_game_from_any_field() {
    // The key line says "Enter start": a newcomer who changes the game and presses Enter gets
    // that game at once, not a jump to the Start button.
    let mut a = app(100, 32);
    update(&mut a, ch('n'));
    update(&mut a, key(KeyCode::Right)); // Linage -> Wunchunk, the cursor stays on Game
    update(&mut a, key(KeyCode::Enter));
    let Screen::Game(play) = &a.screen else {
        panic!("Enter did not start the game:\n{}", render(&a))
    };
    assert_eq!(play.session().kind(), crate::games::GameKind::Wunchunk);
}
