//! One source for every key (issue 13): on every screen and in every state tried, a key
//! changes something only if the help (and so the command table) lists it; every key on the
//! key line is in the help; the too-small screen lets nothing but `q` and `Esc` through; the
//! config file's rebindings reach the handler, the key line and the help alike.

use crate::games::{GameKind, GameOptions};
use crate::session::{PlayedGame, Session};
use crate::tui::app::{update, App, Msg, Screen};
use crate::tui::commands::Table;
use crate::tui::game::controller::Controller;
use crate::tui::game::keys as game_keys;
use crate::tui::game::play::Play;
use crate::tui::keymap::Key;
use crate::tui::testing::{app, ch, game_screen, key, render};
use crate::tui::{app as tapp, load_screen, menu, new_game, rules, settings_screen};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;

const HUMAN: Controller = Controller::Human;
const AI: Controller = Controller::Ai { level: 1 };

/// Every key a person might press: printable ASCII, the named keys, some Ctrl and Alt keys.
/// Ctrl-C is left out: it quits from everywhere, before any screen sees it.
fn universe() -> Vec<KeyEvent> {
    let mut v: Vec<KeyEvent> = (' '..='~')
        .map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
        .collect();
    for code in [
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Insert,
        KeyCode::F(1),
        KeyCode::F(5),
    ] {
        v.push(KeyEvent::new(code, KeyModifiers::NONE));
    }
    v.push(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT));
    for c in ['a', 'x', 'z', 'l'] {
        v.push(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        v.push(KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT));
    }
    v
}

/// Key line or help entries: (keys, text).
type Lines = Vec<(String, &'static str)>;

/// The keys the help lists for a table in a state, the help and the key line.
fn listed<S, A: Copy>(t: &Table<S, A>, state: &S, a: &App) -> (Vec<Key>, Lines, Lines) {
    let km = &a.settings.keymap;
    let keys = t.live(state, km).into_iter().flat_map(|l| l.keys).collect();
    (keys, t.help(state, km), t.hints(state, km))
}

/// What the app shows and will do, to tell whether a key changed anything.
fn snapshot(a: &App) -> String {
    format!(
        "{:?}|{:?}|{}|{:?}",
        a.screen, a.note, a.quit, a.settings.config
    )
}

/// Presses every key of the universe on a copy of `a` and checks it against the help.
fn check(a: &App, what: &str) {
    let (keys, help, hints) = match &a.screen {
        Screen::Game(p) => listed(game_keys::table(p), p, a),
        Screen::Menu(m) => listed(&menu::TABLE, m, a),
        Screen::NewGame(f) => listed(&new_game::TABLE, f, a),
        Screen::Settings(f) => listed(&settings_screen::TABLE, f, a),
        Screen::Load(f) => listed(&load_screen::TABLE, f, a),
        Screen::Rules(r) => listed(&rules::TABLE, r, a),
        Screen::Lobby(l) => listed(&crate::tui::lobby::TABLE, l, a),
        Screen::Challenge(f) => listed(&crate::tui::challenge::TABLE, f, a),
        Screen::Name(f) => listed(&crate::tui::name_form::TABLE, f, a),
        Screen::PuzzleList(l) => listed(&crate::tui::puzzle::keys::LIST, l, a),
        Screen::Puzzle(p) => listed(crate::tui::puzzle::keys::table(p), p, a),
    };
    let help_text: Vec<String> = help.iter().map(|(k, h)| format!("{k}  {h}")).collect();
    let before = snapshot(a);
    for ev in universe() {
        let mut b = a.clone();
        let fx = update(&mut b, Msg::Key(ev));
        let changed = !fx.is_empty() || snapshot(&b) != before;
        let in_help = keys.iter().any(|k| k.matches(&ev));
        assert!(
            !changed || in_help,
            "{what}: {ev:?} does something but the help does not list it:\n{}",
            help_text.join("\n")
        );
    }
    // Every key on the key line is a key of the help.
    let help_keys: Vec<String> = help
        .iter()
        .flat_map(|(k, _)| k.split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect();
    for (hk, label) in &hints {
        for part in hk.split(' ') {
            // Arrows run together on the key line ("←→↑↓").
            let pieces: Vec<String> = if part.chars().all(|c| "←→↑↓".contains(c)) {
                part.chars().map(String::from).collect()
            } else {
                vec![part.to_string()]
            };
            for p in pieces {
                let p = if p == "any" { "any key".to_string() } else { p };
                assert!(
                    help_keys.contains(&p) || help.iter().any(|(k, _)| k.contains(&p)),
                    "{what}: key line '{hk} {label}' shows {p}, which the help does not list:\n{}",
                    help_text.join("\n")
                );
            }
        }
    }
}

fn game(kind: GameKind, args: &[&str], players: [Controller; 2]) -> App {
    let mut a = app(100, 40);
    let options = GameOptions::parse(kind, args).unwrap();
    let session = Session::new(kind, options).unwrap();
    a.open_game(Play::new(
        session,
        players,
        Duration::from_millis(10),
        "t".into(),
    ));
    a
}

fn press(a: &mut App, keys: &[KeyCode]) {
    for &k in keys {
        update(a, key(k));
    }
}

#[test]
fn every_key_that_acts_on_the_game_screen_is_in_the_help() {
    for kind in GameKind::ALL {
        let args: &[&str] = if kind.has_komi() { &["komi=0.5"] } else { &[] };
        let mut a = game(kind, args, [HUMAN, HUMAN]);
        check(&a, &format!("{kind}: start"));
        update(&mut a, key(KeyCode::Enter));
        check(&a, &format!("{kind}: after a stone"));
        update(&mut a, ch('['));
        check(&a, &format!("{kind}: viewing the history"));
        update(&mut a, key(KeyCode::End));
        update(&mut a, ch('?'));
        check(&a, &format!("{kind}: help"));
        update(&mut a, ch('x'));
        update(&mut a, ch(':'));
        for c in "d4".chars() {
            update(&mut a, ch(c));
        }
        check(&a, &format!("{kind}: command line"));
        update(&mut a, key(KeyCode::Esc));
        update(&mut a, ch(':'));
        for c in "resign".chars() {
            update(&mut a, ch(c));
        }
        update(&mut a, key(KeyCode::Enter));
        assert!(game_screen(&a).finished(), "{kind}");
        check(&a, &format!("{kind}: result"));
        update(&mut a, ch('b'));
        check(&a, &format!("{kind}: finished"));
    }
}

#[test]
fn every_key_that_acts_in_the_bid_and_while_the_ai_thinks_is_in_the_help() {
    // You set komi, then (the AI picked) it is the AI's turn or yours.
    let mut a = game(GameKind::Linage, &[], [HUMAN, AI]);
    check(&a, "linage: your komi offer");
    // The AI sets komi, you pick a side.
    let mut b = game(GameKind::Keil, &[], [AI, HUMAN]);
    check(&b, "keil: the AI sets komi (thinking)");
    let id = match &b.screen {
        Screen::Game(p) => p.ai().job().unwrap().0,
        _ => unreachable!(),
    };
    update(
        &mut b,
        Msg::Ai(crate::ai::AiEvent::Turn {
            id,
            steps: vec![crate::games::Step::Komi(13)],
            analysis: Default::default(),
        }),
    );
    check(&b, "keil: you pick a side");
    update(&mut a, key(KeyCode::Enter));
    check(&a, "linage: the AI picks a side (thinking)");
    // Watching two AIs, paused and not.
    let mut w = game(GameKind::Iris, &[], [AI, AI]);
    check(&w, "iris: watching");
    update(&mut w, ch(' '));
    check(&w, "iris: paused");
}

#[test]
fn every_key_that_acts_on_the_other_screens_is_in_the_help() {
    let mut a = app(80, 24);
    check(&a, "menu");
    update(&mut a, ch('n'));
    check(&a, "new game");
    press(&mut a, &[KeyCode::Esc]);
    update(&mut a, ch('s'));
    check(&a, "settings");
    press(&mut a, &[KeyCode::Esc]);
    update(&mut a, ch('u'));
    check(&a, "rules");
    press(&mut a, &[KeyCode::Esc]);
    update(&mut a, ch('l'));
    check(&a, "load: path line");
    let file = |name: &str| crate::tui::store::GameFile {
        path: name.into(),
        about: Err("not a record".into()),
    };
    update(&mut a, Msg::SaveList(vec![file("a.toml"), file("b.toml")]));
    check(&a, "load: a file");
    press(&mut a, &[KeyCode::Up]);
    check(&a, "load: path line");
}

/// Item 1 of issue 13: while the "too small" screen hides the board, game keys do nothing;
/// only `q`, `Esc` and resizes do.
#[test]
fn a_key_on_the_too_small_screen_changes_nothing() {
    let mut a = game(GameKind::Linage, &["komi=0.5"], [HUMAN, AI]);
    update(&mut a, Msg::Resize(60, 15));
    assert!(render(&a).contains("too small"));
    let before = format!("{:?}", a.screen);
    for ev in universe() {
        if matches!(ev.code, KeyCode::Char('q') | KeyCode::Esc) {
            continue;
        }
        let mut b = a.clone();
        let fx = update(&mut b, Msg::Key(ev));
        assert!(fx.is_empty(), "{ev:?}: {fx:?}");
        assert_eq!(format!("{:?}", b.screen), before, "{ev:?} changed the game");
    }
    // `l Enter` placed a stone nobody saw before; now it does nothing.
    update(&mut a, ch('l'));
    update(&mut a, key(KeyCode::Enter));
    assert!(game_screen(&a).session().turns().is_empty());
    // Esc goes to the menu (saving the game), q quits.
    let mut b = a.clone();
    update(&mut b, key(KeyCode::Esc));
    assert!(matches!(b.screen, Screen::Menu(_)));
    update(&mut a, ch('q'));
    assert!(a.quit);
    // After a resize the keys work again.
    let mut c = game(GameKind::Linage, &["komi=0.5"], [HUMAN, AI]);
    update(&mut c, Msg::Resize(60, 15));
    update(&mut c, Msg::Resize(100, 40));
    update(&mut c, key(KeyCode::Enter));
    assert_eq!(game_screen(&c).session().tokens(), ["e5"]);
}

/// Keys rebound in the config file reach the handler, the key line and the help; bad names
/// are reported.
#[test]
fn rebound_keys_work_and_show_everywhere() {
    let text = "[keys.game]\npass = \"P\"\ntake_back = [\"z\", \"Backspace\"]\n";
    let mut config = crate::config::parse(text).unwrap();
    config.theme = "default".into();
    let (settings, problems) = crate::tui::settings::Settings::new(config, None, false);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(settings.keymap.unknown(&tapp::key_tables()).is_empty());
    let mut a = App::new(settings, (100, 40));
    let session = Session::new(
        GameKind::Linage,
        GameOptions::parse(GameKind::Linage, &["komi=0.5"]).unwrap(),
    )
    .unwrap();
    a.open_game(Play::new(
        session,
        [HUMAN, HUMAN],
        Duration::ZERO,
        "t".into(),
    ));
    update(&mut a, ch('p'));
    assert!(
        game_screen(&a).session().turns().is_empty(),
        "p no longer passes"
    );
    update(&mut a, ch('P'));
    assert_eq!(game_screen(&a).session().tokens(), ["pass"]);
    update(&mut a, ch('z'));
    assert!(game_screen(&a).session().turns().is_empty(), "z takes back");
    let screen = render(&a);
    assert!(
        screen.contains("z undo") && screen.contains("P pass"),
        "{screen}"
    );
    update(&mut a, ch('?'));
    let help = render(&a);
    assert!(help.contains("z Backspace"), "{help}");
    check(&a, "rebound: help");

    let bad =
        "[keys.game]\npass = \"Lefty\"\n[keys.nowhere]\nx = \"y\"\n[keys.menu]\nfly = \"f\"\n";
    let config = crate::config::parse(bad).unwrap();
    let (settings, problems) = crate::tui::settings::Settings::new(config, None, false);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("keys.game.pass") && p.contains("Lefty")),
        "{problems:?}"
    );
    let unknown = settings.keymap.unknown(&tapp::key_tables());
    assert!(
        unknown.iter().any(|p| p.contains("keys.nowhere")),
        "{unknown:?}"
    );
    assert!(
        unknown.iter().any(|p| p.contains("keys.menu.fly")),
        "{unknown:?}"
    );
}

/// The example config documents every screen's command names (so that rebinding can be
/// learned from it).
#[test]
fn the_example_config_names_every_command() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.example.toml"))
        .unwrap();
    for (screen, names) in tapp::key_tables() {
        let head = format!("\n# [keys.{screen}]\n");
        let start = text
            .find(&head)
            .unwrap_or_else(|| panic!("{head} is not documented"));
        let section = &text[start + head.len()..];
        let section = &section[..section.find("[keys.").unwrap_or(section.len())];
        for n in names {
            assert!(
                section.contains(&format!("# {n} = ")),
                "keys.{screen}.{n} is not documented"
            );
        }
    }
}

/// The `?` help fits an 80x24 terminal: every line of it shows.
#[test]
fn the_help_fits_80x24() {
    for kind in GameKind::ALL {
        for args in [&[][..], &["komi=0.5"][..]] {
            if !kind.has_komi() && !args.is_empty() {
                continue;
            }
            let mut a = game(kind, args, [HUMAN, AI]);
            update(&mut a, Msg::Resize(80, 24));
            update(&mut a, ch('?'));
            let p = game_screen(&a);
            let help = game_keys::help_table(p).help(p, &a.settings.keymap);
            let screen = render(&a);
            for (keys, what) in help {
                assert!(
                    screen.contains(what) && screen.contains(keys.as_str()),
                    "{kind} {args:?}: '{keys}  {what}' is cut:\n{screen}"
                );
            }
        }
    }
}

/// A session on a server: the lobby (with a challenge of its own and another's, a game in
/// progress, an adjourned game), the challenge form, the nickname form, a game on the server
/// as a player and as a watcher, and the record popup.
#[test]
fn every_key_that_acts_on_the_server_screens_is_in_the_help() {
    use crate::online::*;
    use crate::tui::app::Online;
    let mut a = app(100, 40);
    a.online = Some(Online {
        identity: Identity {
            fingerprint: "SHA256:x".into(),
            name: None,
        },
        lobby: LobbyView::default(),
    });
    a.home();
    check(&a, "nickname");
    let spec = ChallengeSpec {
        kind: GameKind::Keil,
        options: GameOptions::defaults(GameKind::Keil),
        clock: Clock::Absolute(300),
    };
    let view = LobbyView {
        challenges: vec![
            ChallengeView {
                id: 1,
                creator: "me".into(),
                mine: true,
                spec: spec.clone(),
            },
            ChallengeView {
                id: 2,
                creator: "bob".into(),
                mine: false,
                spec,
            },
        ],
        games: vec![GameView {
            id: 3,
            names: ["carol".into(), "dave".into()],
            what: "Linage 9x9".into(),
            watchers: 1,
        }],
        adjourned: vec![AdjournedView {
            id: 4,
            opponent: "erin".into(),
            what: "Iris · turn 7".into(),
            online: true,
            asked: true,
            waiting: false,
        }],
        players: vec![PlayerView {
            name: "bob".into(),
            place: "lobby",
        }],
        yours: vec![],
    };
    update(&mut a, Msg::Net(Event::Named(Ok("me".into()))));
    update(&mut a, Msg::Net(Event::Lobby(view)));
    for i in 0..4 {
        check(&a, &format!("lobby, entry {i}"));
        update(&mut a, key(KeyCode::Down));
    }
    update(&mut a, ch('?'));
    check(&a, "lobby help");
    update(&mut a, key(KeyCode::Esc));
    update(&mut a, ch('c'));
    check(&a, "challenge form");
    press(&mut a, &[KeyCode::Esc]);
    // A game on the server, as a player and then as a watcher.
    let kind = GameKind::Linage;
    let session = Session::new(kind, GameOptions::parse(kind, &["komi=0.5"]).unwrap()).unwrap();
    let update_for = |seat: Option<usize>| GameUpdate {
        game: PlayedGame {
            session: session.clone(),
            started: "2026-01-01T00:00:00Z".into(),
            result: None,
        },
        live: LiveView {
            id: 9,
            names: ["me".into(), "bob".into()],
            seat,
            clock: ClockState {
                control: Clock::PerMove(30),
                left: [Duration::from_secs(30); 2],
                running: Some(0),
                since: std::time::Instant::now(),
            },
            status: None,
            waiting: false,
            wait: Duration::from_secs(600),
        },
    };
    update(&mut a, Msg::Net(Event::Game(Box::new(update_for(Some(0))))));
    check(&a, "a server game, my turn");
    let p = match &a.screen {
        Screen::Game(p) => p,
        _ => panic!("the game is shown"),
    };
    assert!(p.can_act());
    update(&mut a, ch(':'));
    for c in "save".chars() {
        update(&mut a, ch(c));
    }
    update(&mut a, key(KeyCode::Enter));
    check(&a, "the record popup");
    let text = crate::tui::testing::render(&a);
    assert!(
        text.contains("[players.first]") || text.contains("name = \"me\""),
        "{text}"
    );
    update(&mut a, key(KeyCode::Esc));
    update(&mut a, Msg::Net(Event::Closed(9, "adjourned".into())));
    update(&mut a, Msg::Net(Event::Game(Box::new(update_for(None)))));
    check(&a, "watching a server game");
}

#[test]
fn puzzle_screens_do_only_what_their_help_lists() {
    let mut a = app(100, 40);
    update(&mut a, ch('p'));
    check(&a, "puzzle list");
    for _ in 0..3 {
        update(&mut a, key(KeyCode::Right));
    }
    check(&a, "puzzle list, Linage");
    update(&mut a, key(KeyCode::Enter));
    assert!(matches!(a.screen, Screen::Puzzle(_)), "{:?}", a.note);
    check(&a, "a puzzle");
    update(&mut a, ch('g'));
    check(&a, "a puzzle given up");
    update(&mut a, ch('?'));
    check(&a, "the puzzle help");
}
