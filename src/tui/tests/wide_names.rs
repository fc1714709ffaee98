//! Nicknames of wide characters (CJK, emoji) laid out by their width on screen (issue 45,
//! item 6): the status panel of a server game, the lobby's tables.

use crate::games::{GameKind, GameOptions};
use crate::online::*;
use crate::session::{PlayedGame, Session};
use crate::tui::app::{update, Msg};
use crate::tui::game::panels::status_lines;
use crate::tui::layout::text_width;
use crate::tui::testing::{game_screen, render, server_app};
use std::time::Duration;

/// 16 characters, 32 columns: the longest nickname there is.
const WIDE: &str = "山田太郎山田太郎山田太郎山田太郎";

fn game(names: [&str; 2], seat: Option<usize>) -> GameUpdate {
    let kind = GameKind::Linage;
    let mut session = Session::new(kind, GameOptions::parse(kind, &["komi=0.5"]).unwrap()).unwrap();
    session.play_turn("e5").unwrap();
    GameUpdate {
        game: PlayedGame {
            session,
            started: "2026-01-01T00:00:00Z".into(),
            result: None,
        },
        live: LiveView {
            id: 9,
            names: names.map(String::from),
            seat,
            clock: ClockState {
                control: Clock::Absolute(300),
                left: [Duration::from_secs(300); 2],
                running: Some(1),
                since: std::time::Instant::now(),
            },
            status: None,
            waiting: false,
            wait: Duration::from_secs(600),
        },
    }
}

#[test]
fn a_wide_nickname_is_cut_by_its_width_in_the_status_panel() {
    let mut a = server_app(100, 32);
    update(
        &mut a,
        Msg::Net(Event::Game(Box::new(game([WIDE, "😀bob"], Some(1))))),
    );
    let p = game_screen(&a);
    for width in [24u16, 30, 36] {
        let lines: Vec<String> = status_lines(p, &a.settings, width)
            .iter()
            .map(|l| l.to_string())
            .collect();
        // The seats: the side's name in its column, then the nickname cut with `…` to
        // the columns left (never a half character), one's own with "(you)".
        let first = lines.iter().find(|l| l.contains("Vertical")).unwrap();
        let second = lines.iter().find(|l| l.contains("Horizontal")).unwrap();
        let name_at = |l: &str, name: &str| text_width(&l[..l.find(name).unwrap()]);
        assert_eq!(name_at(first, "山田"), name_at(second, "😀"), "{lines:?}");
        for l in [first, second] {
            assert!(text_width(l) <= width as usize, "{width}: {l:?}");
        }
        assert!(first.ends_with('…'), "{first}");
        assert!(text_width(first) >= width as usize - 1, "{first}");
        assert!(second.ends_with(" (you)"), "{second}");
        if width >= 30 {
            assert!(second.ends_with("😀bob (you)"), "{second}");
        }
    }
    // On the screen, as a person sees it.
    let screen = render(&a);
    assert!(screen.contains("😀bob (you)"), "{screen}");
    assert!(screen.contains("山田太郎"), "{screen}");
}

#[test]
fn the_lobbys_tables_line_up_whatever_the_names_widths() {
    let mut a = server_app(100, 32);
    let spec = ChallengeSpec {
        kind: GameKind::Keil,
        options: GameOptions::defaults(GameKind::Keil),
        clock: Clock::Absolute(300),
    };
    let challenge = |id, creator: &str| ChallengeView {
        id,
        creator: creator.into(),
        mine: false,
        spec: spec.clone(),
    };
    let playing = |id, a: &str, b: &str| GameView {
        id,
        names: [a.into(), b.into()],
        what: "Linage 9x9".into(),
        watchers: 0,
    };
    let view = LobbyView {
        challenges: vec![
            challenge(1, "bob"),
            challenge(2, "山田太郎"),
            challenge(3, WIDE),
            challenge(4, "😀😀"),
        ],
        games: vec![playing(5, "carol", "dave"), playing(6, WIDE, "😀bob")],
        ..LobbyView::default()
    };
    update(&mut a, Msg::Net(Event::Named(Ok("me".into()))));
    update(&mut a, Msg::Net(Event::Lobby(view)));
    let screen = render(&a);
    // What follows each name starts in the same column on every row.
    let column_of = |what: &str| -> Vec<usize> {
        screen
            .lines()
            .filter_map(|l| l.find(what).map(|i| text_width(&l[..i])))
            .collect()
    };
    let described = column_of(&spec.describe());
    assert_eq!(described.len(), 4, "{screen}");
    assert!(described.iter().all(|&c| c == described[0]), "{screen}");
    let what = column_of("Linage 9x9");
    assert_eq!(what.len(), 2, "{screen}");
    assert_eq!(what[0], what[1], "{screen}");
    assert!(screen.contains("山田太郎山田太…"), "{screen}");
}
