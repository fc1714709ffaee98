//! After the game (issue 44, item 7): the Game-over box's choices (Review, Rematch, New game,
//! Menu), the question before leaving a game in progress (Esc, `q`, `:load`), Esc on the menu,
//! Esc in a turn in progress, where `:save NAME` writes, the Load list, and the New game form's
//! memory.

use crate::games::{Game, GameKind, GameOptions, Protocol};
use crate::session::{PlayedGame, Session};
use crate::tui::app::{update, App, Msg, Screen};
use crate::tui::effect::Effect;
use crate::tui::game::controller::Controller;
use crate::tui::game::play::{Play, Popup};
use crate::tui::new_game::choices::{LastChoices, Opponent};
use crate::tui::new_game::KomiChoice;
use crate::tui::store::{GameAbout, GameFile, Storage};
use crate::tui::testing::{app, ch, game_screen as play, key, render};
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;
use std::time::Duration;

const HUMAN: Controller = Controller::Human;
const AI: Controller = Controller::Ai { level: 3 };

/// A game screen of `tokens` played (the AI's seat given, so nothing is thinking when the
/// game is over or a person is to move).
fn open(kind: GameKind, args: &[&str], tokens: &[&str], players: [Controller; 2]) -> App {
    let mut a = app(80, 24);
    let mut session = Session::new(kind, GameOptions::parse(kind, args).unwrap()).unwrap();
    for t in tokens {
        session.play_turn(t).unwrap();
    }
    let p = Play::new(
        session,
        players,
        Duration::from_millis(10),
        "2026-11-28T03:14:00Z".into(),
    );
    a.open_game(p);
    a
}

/// A short Linage game against the AI level 3, ended by two passes.
fn finished() -> App {
    open(
        GameKind::Linage,
        &["komi=0.5", "size=5"],
        &["c3", "b2", "pass", "pass"],
        [HUMAN, AI],
    )
}

fn typed(a: &mut App, text: &str) -> Vec<Effect> {
    let mut fx = update(a, ch(':'));
    for c in text.chars() {
        fx.extend(update(a, ch(c)));
    }
    fx.extend(update(a, key(KeyCode::Enter)));
    fx
}

#[test]
fn the_game_over_box_at_80x24() {
    let a = finished();
    assert!(matches!(play(&a).popup(), Some(Popup::Result(0))));
    let text = render(&a);
    assert!(
        text.contains("[r Review]  [a Rematch]  [n New game]  [m Menu]"),
        "{text}"
    );
    assert!(
        text.contains("You win") || text.contains("You lose"),
        "{text}"
    );
    insta::assert_snapshot!("game_over_box_80x24", text);
}

#[test]
fn review_from_the_box_starts_the_review() {
    let mut a = finished();
    // Review is the first choice and selected: Enter runs it.
    let fx = update(&mut a, key(KeyCode::Enter));
    assert!(play(&a).popup().is_none());
    assert!(play(&a).review().is_some_and(|r| r.is_running()));
    // Each of the review's searches starts from a fresh tree, as `tessera analyze`'s do.
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::StartAi(r) if r.fresh)),
        "{fx:?}"
    );
    // `r` shows the box again; `R` in it is Review too.
    update(&mut a, ch('r'));
    assert!(matches!(play(&a).popup(), Some(Popup::Result(_))));
    update(&mut a, ch('R'));
    assert!(play(&a).popup().is_none());
}

#[test]
fn rematch_swaps_the_seats_and_keeps_the_settings() {
    let mut a = finished();
    let before = play(&a).session().options().clone();
    // The arrows select: Review, then Rematch.
    update(&mut a, key(KeyCode::Right));
    assert!(matches!(play(&a).popup(), Some(Popup::Result(1))));
    let fx = update(&mut a, key(KeyCode::Enter));
    let p = play(&a);
    assert!(p.session().turns().is_empty(), "a new game");
    assert_eq!(p.players(), [AI, HUMAN], "the seats are swapped");
    assert_eq!(p.session().options(), &before);
    assert!(
        p.note().unwrap().text.contains("sides swapped"),
        "{:?}",
        p.note()
    );
    // The AI makes the first turn now.
    assert!(fx.iter().any(|e| matches!(e, Effect::StartAi(_))));
}

#[test]
fn a_rematch_of_a_bid_game_gives_the_bid_to_the_other_seat() {
    // The person picked a side after the AI set komi; in the rematch the person sets komi.
    let mut a = open(
        GameKind::Linage,
        &["size=5"],
        &["komi=2.5", "play=vertical", "c3", "pass", "pass"],
        [AI, HUMAN],
    );
    assert!(play(&a).finished());
    update(&mut a, ch('a'));
    let p = play(&a);
    assert_eq!(p.session().options().protocol, Protocol::Bid);
    assert_eq!(p.players(), [HUMAN, AI]);
    assert!(p.can_act(), "the person sets komi first");
    assert!(p.note().unwrap().text.contains("you set komi"));
}

#[test]
fn new_game_and_menu_from_the_box() {
    let mut a = finished();
    update(&mut a, ch('n'));
    assert!(matches!(a.screen, Screen::NewGame(_)));
    let mut a = finished();
    update(&mut a, ch('m'));
    assert!(matches!(a.screen, Screen::Menu(_)));
    // Esc closes the box (back to the position); q quits a finished game at once.
    let mut a = finished();
    update(&mut a, key(KeyCode::Esc));
    assert!(play(&a).popup().is_none());
    update(&mut a, ch('q'));
    assert!(a.quit);
}

#[test]
fn leaving_a_game_in_progress_asks_first() {
    let mut a = open(GameKind::Linage, &["komi=0.5"], &["e5"], [HUMAN, HUMAN]);
    // Esc asks; n stays.
    let fx = update(&mut a, key(KeyCode::Esc));
    assert!(fx.is_empty(), "{fx:?}");
    assert_eq!(play(&a).popup(), Some(Popup::Leave));
    let text = render(&a);
    assert!(text.contains("Leave this game for the menu?"), "{text}");
    assert!(text.contains("[y] leave"), "{text}");
    update(&mut a, ch('n'));
    assert!(play(&a).popup().is_none());
    // Esc then y: to the menu, the game kept for Resume.
    update(&mut a, key(KeyCode::Esc));
    let fx = update(&mut a, ch('y'));
    assert!(matches!(a.screen, Screen::Menu(_)));
    assert!(fx.iter().any(|e| matches!(e, Effect::Autosave(_))));
    assert!(a.resume.is_some());
    // q asks too; Esc at the question stays.
    let mut a = open(GameKind::Linage, &["komi=0.5"], &["e5"], [HUMAN, HUMAN]);
    update(&mut a, ch('q'));
    assert!(!a.quit);
    assert!(render(&a).contains("Leave this game and quit?"));
    update(&mut a, key(KeyCode::Esc));
    assert!(play(&a).popup().is_none() && !a.quit);
    update(&mut a, ch('q'));
    update(&mut a, key(KeyCode::Enter));
    assert!(a.quit);
    // :load asks before replacing the game; yes loads.
    let mut a = open(GameKind::Linage, &["komi=0.5"], &["e5"], [HUMAN, HUMAN]);
    a.storage.paths = true;
    let fx = typed(&mut a, "load other.toml");
    assert!(fx.is_empty(), "{fx:?}");
    assert!(render(&a).contains("Leave this game to load"));
    let fx = update(&mut a, ch('y'));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Load(p) if p.ends_with("other.toml"))),
        "{fx:?}"
    );
    // A game not begun is left at once.
    let mut a = open(GameKind::Linage, &["komi=0.5"], &[], [HUMAN, HUMAN]);
    update(&mut a, key(KeyCode::Esc));
    assert!(matches!(a.screen, Screen::Menu(_)));
}

#[test]
fn the_question_says_where_the_game_is_kept() {
    let mut a = open(GameKind::Linage, &["komi=0.5"], &["e5"], [HUMAN, HUMAN]);
    a.storage.data = Some(PathBuf::from("/data"));
    a.storage.paths = true;
    update(&mut a, key(KeyCode::Esc));
    assert!(
        render(&a).contains("It is saved: Resume on the menu picks it up"),
        "{}",
        render(&a)
    );
    update(&mut a, ch('n'));
    a.autosave_elsewhere = true;
    update(&mut a, key(KeyCode::Esc));
    assert!(
        play(&a)
            .leaving()
            .unwrap()
            .contains("It is saved as games/linage-"),
        "{:?}",
        play(&a).leaving()
    );
    update(&mut a, ch('n'));
    a.settings.config.autosave = false;
    update(&mut a, ch('q'));
    assert!(
        play(&a).leaving().unwrap().contains("it is not saved"),
        "{:?}",
        play(&a).leaving()
    );
}

#[test]
fn esc_on_the_menu_does_not_quit() {
    let mut a = app(80, 24);
    let fx = update(&mut a, key(KeyCode::Esc));
    assert!(!a.quit && fx.is_empty());
    assert!(matches!(a.screen, Screen::Menu(_)));
    update(&mut a, ch('q'));
    assert!(a.quit);
}

/// Esc in a turn of several stones takes back the stones placed, and stays in the game.
fn esc_takes_back_the_stones_of_the_turn(mut a: App) {
    assert!(!play(&a).session().pending().is_empty());
    let turns = play(&a).session().turns().len();
    update(&mut a, key(KeyCode::Esc));
    let p = play(&a);
    assert!(p.session().pending().is_empty());
    assert_eq!(p.session().turns().len(), turns);
    assert!(p.popup().is_none());
    assert!(p.note().unwrap().text.contains("took back the stones"));
    // With no stones placed Esc leaves (after the question).
    update(&mut a, key(KeyCode::Esc));
    assert_eq!(play(&a).popup(), Some(Popup::Leave));
}

#[test]
fn esc_mid_turn_in_iris_takes_back_the_stone() {
    let mut a = open(GameKind::Iris, &[], &["g7", "a7"], [HUMAN, HUMAN]);
    let p = crate::tui::testing::game_screen_mut(&mut a);
    let step = p.game().parse_step("d5").unwrap();
    let mut jobs = 0;
    let cell = step.cell().unwrap();
    p.place_at(cell, &mut jobs);
    esc_takes_back_the_stones_of_the_turn(a);
}

#[test]
fn esc_mid_turn_in_wunchunk_takes_back_the_stones() {
    // Single steps from a fixed seed until a turn is left half placed.
    let mut a = open(GameKind::Wunchunk, &[], &[], [HUMAN, HUMAN]);
    let mut seed: u64 = 11;
    let mut legal = Vec::new();
    let mut jobs = 0;
    while play(&a).session().pending().is_empty() {
        let p = crate::tui::testing::game_screen_mut(&mut a);
        assert!(!p.finished(), "no half-placed turn came up");
        p.game().legal_steps(&mut legal);
        let places: Vec<_> = legal.iter().filter(|s| s.is_place()).copied().collect();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let step = places[(seed >> 33) as usize % places.len()];
        p.human_step(step, &mut jobs);
    }
    esc_takes_back_the_stones_of_the_turn(a);
}

#[test]
fn save_name_goes_to_the_games_folder_unless_it_has_a_folder() {
    let storage = Storage {
        data: Some(PathBuf::from("/data/tessera")),
        paths: true,
        cwd: Some(PathBuf::from("/work")),
        ..Storage::default()
    };
    let games = PathBuf::from("/data/tessera/games");
    assert_eq!(storage.save_target("iris-mid"), games.join("iris-mid.toml"));
    assert_eq!(storage.save_target("g.txt"), games.join("g.txt"));
    assert_eq!(
        storage.save_target("./iris-mid"),
        PathBuf::from("/work/./iris-mid.toml")
    );
    assert_eq!(
        storage.save_target("sub/g.toml"),
        PathBuf::from("/work/sub/g.toml")
    );
    assert_eq!(storage.save_target("/tmp/g"), PathBuf::from("/tmp/g.toml"));
    // `:save NAME` on the game screen asks for exactly that file.
    let mut a = open(GameKind::Linage, &["komi=0.5"], &["e5"], [HUMAN, HUMAN]);
    a.storage = storage;
    let fx = typed(&mut a, "save iris-mid");
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Save(p, _) if *p == games.join("iris-mid.toml"))),
        "{fx:?}"
    );
}

fn listed(name: &str, game: &str, when: i64) -> GameFile {
    GameFile {
        path: PathBuf::from("/data/games").join(name),
        about: Ok(GameAbout {
            game: game.into(),
            players: "you vs AI level 3".into(),
            result: "V+3.5".into(),
            started: "2026-11-28 03:14".into(),
            when: Some(when),
        }),
    }
}

#[test]
fn load_selects_the_newest_game() {
    let mut a = app(80, 24);
    a.storage.paths = true;
    update(&mut a, ch('l'));
    update(
        &mut a,
        Msg::SaveList(vec![
            listed("new.toml", "Linage 5x5", 2),
            listed("old.toml", "Keil side 5", 1),
        ]),
    );
    let text = render(&a);
    assert!(text.contains("Linage 5x5"), "{text}");
    assert!(text.contains("you vs AI level 3"), "{text}");
    let fx = update(&mut a, key(KeyCode::Enter));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Load(p) if p.ends_with("new.toml"))),
        "{fx:?}"
    );
    // Typing goes to the File line.
    update(&mut a, ch('x'));
    match &a.screen {
        Screen::Load(f) => assert_eq!((f.row.index(), f.path.text()), (0, "x".to_string())),
        _ => panic!("not on the Load screen"),
    }
}

#[test]
fn the_new_game_form_comes_back_with_the_last_choices() {
    let mut a = app(80, 24);
    update(&mut a, ch('n'));
    // Change the game to Keil, the size up, the level down; start.
    let Screen::NewGame(form) = &mut a.screen else {
        panic!("not on the New game form");
    };
    form.set_kind(GameKind::Keil);
    form.size += 1;
    form.level = 2;
    form.seat = 1;
    let fx = update(&mut a, key(KeyCode::Enter));
    let remembered = fx
        .iter()
        .find_map(|e| match e {
            Effect::RememberChoices(c) => Some(c.clone()),
            _ => None,
        })
        .expect("the choices are kept");
    assert_eq!(remembered.game, GameKind::Keil);
    assert_eq!(remembered.level, 2);
    assert_eq!(a.last_choices.as_ref(), Some(&remembered));
    // Another session that read them: New game shows them.
    let mut b = app(80, 24);
    b.last_choices = Some(remembered.clone());
    update(&mut b, ch('n'));
    let Screen::NewGame(form) = &b.screen else {
        panic!("not on the New game form");
    };
    assert_eq!(form.choices(), remembered);
    // A remembered choice out of range keeps the default.
    let odd = LastChoices {
        size: 99,
        level: 0,
        ai_time: 7.0,
        komi_half: None,
        opponent: Opponent::Human,
        ..remembered
    };
    let (settings, _) =
        crate::tui::settings::Settings::new(crate::config::Config::default(), None, false);
    let form = crate::tui::new_game::NewGameForm::with_choices(&settings, &odd);
    assert_eq!(form.size, GameOptions::defaults(GameKind::Keil).size);
    assert_eq!(form.level, 1);
    assert_eq!(form.ai_time, settings.config.ai_time);
    assert_eq!(form.komi, KomiChoice::Bid);
    assert_eq!(form.opponent, Opponent::Human);
}

#[test]
fn the_last_choices_survive_a_restart() {
    let dir = std::env::temp_dir().join(format!("tessera-choices-{}", std::process::id()));
    let path = dir.join("new_game.toml");
    let c = crate::tui::new_game::NewGameForm::new(&app(80, 24).settings).choices();
    crate::tui::store::write_state(&path, &c).unwrap();
    let back: Option<LastChoices> = crate::tui::store::read_state(&path).unwrap();
    assert_eq!(back, Some(c));
    assert_eq!(
        crate::tui::store::read_state::<LastChoices>(&dir.join("none.toml")).unwrap(),
        None
    );
    std::fs::write(&path, "game = 3").unwrap();
    let e = crate::tui::store::read_state::<LastChoices>(&path).unwrap_err();
    assert!(e.contains("new_game.toml"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_finished_game_is_named_by_game_players_and_date() {
    let a = finished();
    let saved = play(&a).saved();
    assert_eq!(
        crate::tui::store::finished_name(&saved, 1),
        "linage-5x5_you-vs-level3_2026-11-28_0314.toml"
    );
    assert_eq!(
        crate::tui::store::finished_name(&saved, 2),
        "linage-5x5_you-vs-level3_2026-11-28_0314-2.toml"
    );
    let iris = open(GameKind::Iris, &[], &["g7"], [AI, HUMAN]);
    let name = crate::tui::store::finished_name(&play(&iris).saved(), 1);
    assert!(name.starts_with("iris-side7_level3-vs-you_"), "{name}");
}

#[test]
fn finished_games_are_kept_never_replaced_and_listed_newest_first() {
    let dir = std::env::temp_dir().join(format!("tessera-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let a = finished();
    let saved = play(&a).saved();
    let first = crate::tui::store::keep_finished(&dir, &saved, "me").unwrap();
    let second = crate::tui::store::keep_finished(&dir, &saved, "me").unwrap();
    assert_ne!(first, second);
    assert!(
        second.to_string_lossy().ends_with("_0314-2.toml"),
        "{second:?}"
    );
    let text = std::fs::read_to_string(&first).unwrap();
    assert!(
        text.contains("\"c3\"") && text.contains("result = "),
        "{text}"
    );
    // An older game and an unreadable file.
    let mut older = saved.clone();
    older.game.started = "2025-01-31T12:00:00Z".into();
    crate::tui::store::keep_finished(&dir, &older, "me").unwrap();
    std::fs::write(dir.join("broken.toml"), "not a record").unwrap();
    let list = crate::tui::store::list_games(&dir, "me");
    let names: Vec<String> = list
        .iter()
        .map(|f| f.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    // The two of the same start first (the one written last first), the older one, then the
    // file that cannot be read.
    assert_eq!(
        names,
        [
            "linage-5x5_you-vs-level3_2026-11-28_0314-2.toml",
            "linage-5x5_you-vs-level3_2026-11-28_0314.toml",
            "linage-5x5_you-vs-level3_2025-01-31_1200.toml",
            "broken.toml"
        ]
    );
    let about = list[0].about.as_ref().unwrap();
    assert_eq!(about.game, "Linage 5x5");
    assert_eq!(about.players, "you vs AI level 3");
    assert_eq!(about.started, "2026-11-28 03:14");
    assert_eq!(about.result, "H+0.5");
    assert_eq!(saved.game.result.as_deref(), Some("H+0.5"));
    assert!(list[3].about.is_err());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_kept_file_is_where_a_review_goes() {
    let mut a = finished();
    let path = PathBuf::from("/data/games/linage-5x5_you-vs-level3_2026-11-28_0314.toml");
    update(&mut a, Msg::Kept(path.clone()));
    assert_eq!(play(&a).saved().source, Some(path));
    assert!(play(&a).note().unwrap().text.contains("kept in your games"));
}

#[test]
fn a_record_opened_read_only_offers_review_and_rematch() {
    let mut a = finished();
    let saved = play(&a).saved();
    let p = Play::from_saved(saved, Duration::ZERO).read_only("a record under review");
    a.open_game(p);
    let text = render(&a);
    assert!(
        text.contains("Review]") && text.contains("Rematch]"),
        "{text}"
    );
    assert!(play(&a).game().is_over());
}

/// A finished game on a server: no Review or Rematch (the AI is only a watcher's there);
/// New game and Menu go to the lobby; the record is there to copy.
#[test]
fn a_finished_game_on_a_server_offers_its_record_not_a_rematch() {
    use crate::online::*;
    let mut a = crate::tui::testing::server_app(100, 40);
    let kind = GameKind::Linage;
    let mut session = Session::new(kind, GameOptions::parse(kind, &["komi=0.5"]).unwrap()).unwrap();
    for t in ["e5", "pass", "pass"] {
        session.play_turn(t).unwrap();
    }
    let result = session.game().result_text();
    let game = GameUpdate {
        game: PlayedGame {
            session,
            started: "2026-01-01T00:00:00Z".into(),
            result,
        },
        live: LiveView {
            id: 9,
            names: ["me".into(), "bob".into()],
            seat: Some(0),
            clock: ClockState {
                control: Clock::PerMove(30),
                left: [Duration::from_secs(30); 2],
                running: None,
                since: std::time::Instant::now(),
            },
            status: None,
            waiting: false,
            wait: Duration::from_secs(600),
        },
    };
    update(&mut a, Msg::Net(Event::Game(Box::new(game))));
    assert!(matches!(play(&a).popup(), Some(Popup::Result(_))));
    let text = render(&a);
    assert!(
        text.contains("[n New game]  [s Record]  [m Menu]"),
        "{text}"
    );
    assert!(
        !text.contains("Rematch") && !text.contains("Review]"),
        "{text}"
    );
    // `a` does nothing here; `s` shows the record.
    let fx = update(&mut a, ch('a'));
    assert!(fx.is_empty() && matches!(play(&a).popup(), Some(Popup::Result(_))));
    update(&mut a, ch('s'));
    assert!(matches!(play(&a).popup(), Some(Popup::Record(_))));
}
