//! Puzzle mode with a multi-stone game (Wunchunk) through the pure `update`: a turn played
//! stone by stone (colour with `c`), `Backspace` taking back the turn in progress, `e` ending
//! a turn early, a wrong turn refuted and taken back, then the right one. The solver's jobs
//! are answered on the test's thread, as the runtime's worker would. (Unit tests in the
//! crate, next to the screen they drive.)

use super::screen::Phase;
use super::PuzzleList;
use crate::games::{AnyGame, Describe, Game, GameKind, Step, Stone};
use crate::tui::app::{update, App, Msg, Screen};
use crate::tui::effect::Effect;
use crate::tui::testing::{app, ch, key, render, run_jobs};
use crate::tui::testing::{puzzle_screen as puzzle, puzzle_screen_mut as puzzle_mut};
use ratatui::crossterm::event::KeyCode;

fn note(a: &App) -> String {
    puzzle(a).note().map(|n| n.text.clone()).unwrap_or_default()
}

/// The shipped Wunchunk puzzle with the fewest plies whose winning first turn has two
/// stones or more, opened from the list; and that turn's steps.
fn open_multi_stone() -> (App, Vec<Step>) {
    let mut list = PuzzleList::new(Some(GameKind::Wunchunk));
    let (i, turn) = list
        .entries()
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let g: AnyGame = e.position().ok()?;
            let steps = g.parse_turn(&e.solution[0]).ok()?;
            (steps.iter().filter(|s| s.is_place()).count() >= 2).then_some((e.win_in, i, steps))
        })
        .min_by_key(|&(d, i, _)| (d, i))
        .map(|(_, i, s)| (i, s))
        .expect("a shipped Wunchunk puzzle whose first turn has several stones");
    list.selected = crate::tui::form::Selection::at(i);
    let mut a = app(100, 40);
    a.screen = Screen::PuzzleList(list);
    update(&mut a, key(KeyCode::Enter));
    assert_eq!(puzzle(&a).game().kind(), GameKind::Wunchunk);
    (a, turn)
}

/// Places one stone of the given colour at `cell` (switching colour with `c` first when
/// needed); returns the effects.
/// The stone a placement puts down on the puzzle's board.
fn placed_stone(p: &super::PuzzleScreen) -> Stone {
    p.board().stone(&p.game)
}

fn place(a: &mut App, step: Step) -> Vec<Effect> {
    let Step::Place { cell, stone } = step else {
        panic!("{step:?} is not a stone");
    };
    let current = placed_stone(puzzle(a));
    if current != stone {
        update(a, ch('c'));
        assert_eq!(placed_stone(puzzle(a)), stone, "c switches the colour");
    }
    puzzle_mut(a).set_cursor(cell);
    update(a, key(KeyCode::Enter))
}

/// Plays the steps of a turn stone by stone, ending it with `e` when it does not end by
/// itself; returns the effects of its last key (the solver's job).
fn play_turn(a: &mut App, steps: &[Step]) -> Vec<Effect> {
    let start = puzzle(a).game().turns_completed();
    let mut fx = Vec::new();
    for &s in steps {
        if puzzle(a).game().turns_completed() != start {
            break;
        }
        fx = match s {
            Step::End => update(a, ch('e')),
            s => place(a, s),
        };
    }
    if puzzle(a).game().turns_completed() == start && !puzzle(a).game().is_over() {
        fx = update(a, ch('e'));
    }
    fx
}

#[test]
fn a_wunchunk_turn_stone_by_stone_backspace_and_end_turn() {
    let (mut a, turn) = open_multi_stone();
    let start = puzzle(&a).game().clone();
    let Step::Place { cell, stone } = turn[0] else {
        panic!("{turn:?}");
    };
    // One stone: on the board, the turn still in progress, nothing asked of the solver.
    let fx = place(&mut a, turn[0]);
    assert!(fx.iter().all(|e| !matches!(e, Effect::Solve(_))), "{fx:?}");
    assert_eq!(puzzle(&a).game().steps_in_turn(), 1);
    assert_eq!(puzzle(&a).game().stone_at(cell), Some(stone));
    assert!(render(&a).contains("end turn"), "the key line offers e");
    // Backspace takes the turn in progress back.
    update(&mut a, key(KeyCode::Backspace));
    assert_eq!(puzzle(&a).game().steps_in_turn(), 0);
    assert_eq!(puzzle(&a).game().stone_at(cell), None);
    assert!(matches!(puzzle(&a).phase(), Phase::Move));
    // A wrong turn: the first stone alone in the other colour, ended early with `e`. The
    // puzzle has one winning turn (of two stones or more), so this is not it.
    place(
        &mut a,
        Step::Place {
            cell,
            stone: stone.opposite(),
        },
    );
    let fx = update(&mut a, ch('e'));
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Solve(_))),
        "e completes the turn: {fx:?}"
    );
    run_jobs(&mut a, fx);
    assert!(
        matches!(puzzle(&a).phase(), Phase::Wrong(_)),
        "{}",
        note(&a)
    );
    assert!(note(&a).starts_with("after "), "{}", note(&a));
    // The next key takes it back.
    update(&mut a, key(KeyCode::Left));
    assert!(matches!(puzzle(&a).phase(), Phase::Move));
    assert_eq!(puzzle(&a).game().hash(), start.hash());
    assert_eq!(puzzle(&a).game().turns_completed(), start.turns_completed());
    // The winning turn, stone by stone: judged right (or solved at once when it wins in 1).
    let fx = play_turn(&mut a, &turn);
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Solve(_))),
        "the whole turn goes to the solver: {fx:?}"
    );
    run_jobs(&mut a, fx);
    let n = note(&a);
    assert!(
        matches!(puzzle(&a).phase(), Phase::Solved) || n.contains("right"),
        "{:?} {n}",
        puzzle(&a).phase()
    );
}

#[test]
fn backspace_mid_turn_then_the_colour_key_keeps_the_turn_start() {
    let (mut a, turn) = open_multi_stone();
    let before = puzzle(&a).game().hash();
    // Two stones of the turn, then Backspace: both go, the turn starts afresh.
    place(&mut a, turn[0]);
    if let Some(&second @ Step::Place { .. }) = turn.get(1) {
        place(&mut a, second);
        assert_eq!(puzzle(&a).game().steps_in_turn(), 2);
    }
    update(&mut a, key(KeyCode::Backspace));
    assert_eq!(puzzle(&a).game().steps_in_turn(), 0);
    assert_eq!(puzzle(&a).game().hash(), before);
    // `e` is no step at a turn's start (no stone yet): nothing happens.
    let fx = update(&mut a, ch('e'));
    assert!(fx.is_empty(), "{fx:?}");
    assert_eq!(puzzle(&a).game().hash(), before);
    // The colour key switches between the two colours.
    let c = placed_stone(puzzle(&a));
    update(&mut a, ch('c'));
    assert_eq!(placed_stone(puzzle(&a)), c.opposite());
    assert!(matches!(c, Stone::Black | Stone::White));
}

/// On a game server the lobby has a Puzzles entry (`p`); the list asks for the progress
/// (kept in the key's own data directory there) and Esc goes back to the lobby.
#[test]
fn the_server_lobby_opens_the_puzzles_and_esc_returns_to_it() {
    let mut a = crate::tui::testing::server_app(100, 40);
    a.home();
    assert!(matches!(a.screen, Screen::Lobby(_)), "{:?}", a.screen);
    assert!(render(&a).contains("puzzles"), "the key line offers p");
    let fx = update(&mut a, ch('p'));
    assert!(matches!(a.screen, Screen::PuzzleList(_)), "{:?}", a.screen);
    assert!(fx.iter().any(|e| matches!(e, Effect::LoadPuzzleProgress)));
    update(&mut a, key(KeyCode::Esc));
    assert!(matches!(a.screen, Screen::Lobby(_)), "{:?}", a.screen);
}

/// The lowest-rated shipped puzzle of a game, opened from the list on a `w`×`h` screen.
fn open_first(kind: GameKind, a: App) -> App {
    let mut a = a;
    a.screen = Screen::PuzzleList(PuzzleList::new(Some(kind)));
    update(&mut a, key(KeyCode::Enter));
    assert_eq!(puzzle(&a).game().kind(), kind);
    a
}

/// The colour line as drawn: "colour: ● black  (c switches)".
fn colour_shown(screen: &str) -> &str {
    let line = screen
        .lines()
        .find(|l| l.contains("colour: "))
        .unwrap_or_else(|| panic!("no colour line:\n{screen}"));
    line[line.find("colour: ").unwrap()..].trim_end()
}

/// Issue 44 item 9: a Carteso puzzle shows the komi and both scores (the game's own status
/// lines), the goal in the player's own turns, the rating in words and the colour to place.
#[test]
fn the_carteso_puzzle_panel() {
    let a = open_first(GameKind::Carteso, app(100, 32));
    let screen = render(&a);
    for want in [
        "komi: ",
        "vertical: ",
        "horizontal: ",
        "turns of yours",
        "two passes in",
        "picking your turns at random",
        "colour: ",
        "in the list: new",
    ] {
        assert!(screen.contains(want), "{want}:\n{screen}");
    }
    insta::assert_snapshot!(screen);
}

/// A Wunchunk puzzle shows the stones the turn allows and those left, the colour to place,
/// and the stones left falling as the turn goes on.
#[test]
fn the_wunchunk_puzzle_panel() {
    let (mut a, turn) = open_multi_stone();
    update(&mut a, Msg::Resize(100, 32));
    let screen = render(&a);
    let status = puzzle(&a).game().status();
    let value = |label: &str| {
        status
            .iter()
            .find(|(k, _)| *k == label)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("Wunchunk's status has no {label}"))
    };
    let (allotment, left) = (value("allotment"), value("stones left"));
    assert!(
        screen.contains(&format!("allotment: {allotment}")),
        "{screen}"
    );
    assert!(screen.contains(&format!("stones left: {left}")), "{screen}");
    assert!(screen.contains("colour: "), "{screen}");
    insta::assert_snapshot!(screen);
    place(&mut a, turn[0]);
    let left: u32 = left.parse::<u32>().unwrap() - 1;
    assert!(
        render(&a).contains(&format!("stones left: {left}")),
        "{}",
        render(&a)
    );
}

/// `c` changes the colour shown, and the next stone takes the colour shown (Carteso and
/// Wunchunk).
#[test]
fn c_changes_the_colour_shown_and_the_stone_placed() {
    for kind in [GameKind::Carteso, GameKind::Wunchunk] {
        let mut a = open_first(kind, app(100, 32));
        let before = colour_shown(&render(&a)).to_string();
        update(&mut a, ch('c'));
        let after = colour_shown(&render(&a)).to_string();
        assert_ne!(before, after, "{kind}");
        let shown = if after.contains("black") {
            Stone::Black
        } else {
            assert!(after.contains("white"), "{after}");
            Stone::White
        };
        assert_eq!(puzzle(&a).colour(), Some(shown));
        update(&mut a, ch('c'));
        assert_eq!(colour_shown(&render(&a)), before, "{kind}");
        update(&mut a, ch('c'));
        assert_eq!(colour_shown(&render(&a)), after, "{kind}");
        // The stone placed is the one shown.
        let g = puzzle(&a).game().clone();
        let empty = g
            .geometry()
            .all_cells()
            .find(|&c| g.stone_at(c).is_none())
            .unwrap();
        puzzle_mut(&mut a).set_cursor(empty);
        update(&mut a, key(KeyCode::Enter));
        assert_eq!(puzzle(&a).game().stone_at(empty), Some(shown), "{kind}");
    }
}

/// The cursor in `--ascii` with `NO_COLOR` at 80×24, where the Carteso board is drawn at
/// scale 2 and the Wunchunk board at scale 1 (the compact one): brackets around the cell and
/// the cell in reverse video.
#[test]
fn the_puzzle_cursor_in_ascii_without_colour() {
    use ratatui::style::Modifier;
    for kind in [GameKind::Carteso, GameKind::Wunchunk] {
        let config = crate::config::Config {
            theme: "default".into(),
            ascii: true,
            ..crate::config::Config::default()
        };
        let (settings, _) = crate::tui::settings::Settings::new(config, None, true);
        let a = open_first(kind, App::new(settings, (80, 24)));
        let backend = ratatui::backend::TestBackend::new(80, 24);
        let mut terminal = ratatui::Terminal::new(backend).unwrap();
        terminal.draw(|f| crate::tui::view::view(f, &a)).unwrap();
        let buf = terminal.backend().buffer();
        let text = crate::tui::testing::buffer_text(buf);
        let cursor = puzzle(&a).board().cursor();
        let glyph = buf
            .area
            .positions()
            .filter(|&p| buf[p].modifier.contains(Modifier::REVERSED))
            .find(|&p| buf[(p.x - 1, p.y)].symbol() == "[" && buf[(p.x + 1, p.y)].symbol() == "]");
        assert!(
            glyph.is_some(),
            "{kind}: the cursor {cursor} in brackets, reversed:\n{text}"
        );
        insta::assert_snapshot!(format!("cursor_ascii_no_color_{}", kind.name()), text);
    }
}
