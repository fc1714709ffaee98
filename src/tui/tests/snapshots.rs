//! Snapshots of every game's board at its default size (Unicode and ASCII), of the game screen
//! at 80×24, of a square and a hexhex game at three terminal sizes (the board scales), of the
//! Wunchunk result at 80×24, and of each panel.

use crate::ai::{AiEvent, Analysis};
use crate::games::{format_komi, Describe, Game, GameKind, GameOptions};
use crate::session::Session;
use crate::tui::app::{update, App, Msg};
use crate::tui::board::{BoardLayout, BoardView, BoardWidget, Decorations, Glyphs};
use crate::tui::effect::Effect;
use crate::tui::game::controller::Controller;
use crate::tui::game::play::Play;
use crate::tui::testing::{app, buffer_text, game_screen, render};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use ratatui::Terminal;
use std::time::Duration;

/// A few opening turns of each game (agreed komi, so the bid does not come first), and for
/// Iris the first stone of a turn in progress (to show the highlighted second cells). A game
/// without an entry is shown at its start.
const OPENINGS: &[(GameKind, &[&str], &[&str])] = &[
    (GameKind::Keil, &["g7", "f7", "h6", "g8"], &[]),
    (GameKind::Carteso, &["Bc5", "Wd5", "Bc6", "Wd4", "Bb5"], &[]),
    (GameKind::Iris, &["g7", "a7"], &["d5"]),
    (GameKind::Linage, &["e5", "c3", "g7"], &[]),
    (GameKind::Wunchunk, &["Bh8", "Wg8", "Bh9", "Wg9"], &[]),
];

fn opening(kind: GameKind) -> (&'static [&'static str], &'static [&'static str]) {
    OPENINGS
        .iter()
        .find(|(k, _, _)| *k == kind)
        .map_or((&[], &[]), |(_, turns, steps)| (*turns, *steps))
}

/// The game's customary agreed komi, for the games with komi.
fn args(kind: GameKind) -> Vec<String> {
    if kind.has_komi() {
        vec![format!("komi={}", format_komi(kind.customary_komi()))]
    } else {
        Vec::new()
    }
}

/// The game after its opening; a game that cannot start fails the test.
fn session(kind: GameKind) -> Session {
    let args = args(kind);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let options = GameOptions::parse(kind, &args).unwrap();
    let mut s = Session::new(kind, options).unwrap_or_else(|e| panic!("{kind} cannot start: {e}"));
    let (turns, steps) = opening(kind);
    for t in turns {
        s.play_turn(t).unwrap_or_else(|e| panic!("{kind} {t}: {e}"));
    }
    for t in steps {
        let step = s.game().parse_step(t).unwrap();
        s.play_step(step)
            .unwrap_or_else(|e| panic!("{kind} {t}: {e}"));
    }
    s
}

/// The game screen after the opening. When the opening ends on a whole turn the AI is to
/// move and thinking (one progress report in); with a turn in progress (Iris) the person is.
fn game_app(kind: GameKind, w: u16, h: u16) -> App {
    let s = session(kind);
    let mut a = app(w, h);
    let to_move = s.game().to_move().index();
    let mut players = [Controller::Human; 2];
    if s.pending().is_empty() {
        players[to_move] = Controller::Ai { level: 3 };
    } else {
        players[1 - to_move] = Controller::Ai { level: 3 };
    }
    let play = Play::new(s, players, Duration::ZERO, "t".into());
    let fx = a.open_game(play);
    let job = fx.iter().find_map(|e| match e {
        Effect::StartAi(r) => Some(r.id),
        _ => None,
    });
    if let Some(id) = job {
        let p = game_screen(&a);
        let best = {
            let mut legal = Vec::new();
            p.game().legal_steps(&mut legal);
            legal.first().map(|&s| p.game().format_step(s))
        };
        let analysis = Analysis {
            best,
            win_rate: Some(0.42),
            pv: Vec::new(),
            iterations: 12_345,
            elapsed: Duration::from_millis(1500),
            ..Analysis::default()
        };
        update(&mut a, Msg::Ai(AiEvent::Progress { id, analysis }));
    }
    a
}

fn play(a: &App) -> &Play {
    game_screen(a)
}

fn board_text(p: &Play, ascii: bool, theme: &crate::theme::Theme) -> String {
    let last = p.last_cells();
    let legal = p.legal_highlights();
    let view = BoardView::of_game(
        p.game(),
        Decorations {
            last: &last,
            cursor: Some(p.board().cursor()),
            overlay: false,
            legal: &legal,
            candidates: &[],
            heat: None,
        },
    );
    let l = BoardLayout::of(view.geometry);
    let mut buf = Buffer::empty(Rect::new(0, 0, l.width(), l.height()));
    BoardWidget {
        view: &view,
        theme,
        glyphs: Glyphs::for_mode(ascii),
        scale: 1,
    }
    .render(buf.area, &mut buf);
    buffer_text(&buf)
}

#[test]
fn every_board_at_default_size_unicode_and_ascii() {
    for kind in GameKind::ALL {
        let a = game_app(kind, 80, 24);
        let p = play(&a);
        let mono = crate::theme::Theme::built_in("mono").unwrap();
        insta::assert_snapshot!(
            format!("board_{}_unicode", kind.name()),
            board_text(p, false, &a.settings.theme)
        );
        insta::assert_snapshot!(
            format!("board_{}_ascii", kind.name()),
            board_text(p, true, &mono)
        );
    }
}

#[test]
fn every_game_screen_at_80x24() {
    for kind in GameKind::ALL {
        let a = game_app(kind, 80, 24);
        let text = render(&a);
        assert!(
            !text.contains("too small"),
            "{kind} fits 80x24 with all panels:\n{text}"
        );
        insta::assert_snapshot!(format!("screen_{}_80x24", kind.name()), text);
    }
}

#[test]
fn largest_boards_fit_100x40() {
    for kind in GameKind::ALL {
        let geo = match kind.board_kind() {
            crate::board::BoardKind::Square => crate::board::Geometry::square(19),
            crate::board::BoardKind::Hex => crate::board::Geometry::hex(12),
        };
        let need = crate::tui::game::areas::needed(geo);
        assert!(need.0 <= 100 && need.1 <= 40, "{kind}: needs {need:?}");
        let default = crate::board::Geometry::of(kind.board_kind(), kind.default_size()).unwrap();
        let need = crate::tui::game::areas::needed(default);
        assert!(
            need.0 <= 80 && need.1 <= 24,
            "{kind} default: needs {need:?}"
        );
    }
}

#[test]
fn each_panel() {
    let a = game_app(GameKind::Linage, 80, 24);
    let p = play(&a);
    let s = &a.settings;
    let panel = |draw: &dyn Fn(&mut ratatui::Frame)| {
        let mut t = Terminal::new(TestBackend::new(36, 8)).unwrap();
        t.draw(|f| draw(f)).unwrap();
        buffer_text(t.backend().buffer())
    };
    insta::assert_snapshot!(
        "panel_status",
        panel(&|f| {
            let lines = crate::tui::game::panels::status_lines(p, s, 36);
            f.render_widget(
                ratatui::widgets::Paragraph::new(lines)
                    .block(crate::tui::layout::panel("Status", s)),
                f.area(),
            )
        })
    );
    insta::assert_snapshot!(
        "panel_history",
        panel(&|f| crate::tui::game::panels::render_history(f, f.area(), p, s))
    );
    insta::assert_snapshot!(
        "panel_ai",
        panel(&|f| {
            let lines = crate::tui::game::ai_panel::ai_lines(p, s, 36);
            f.render_widget(
                ratatui::widgets::Paragraph::new(lines).block(crate::tui::layout::panel("AI", s)),
                f.area(),
            )
        })
    );
    let hints = crate::tui::game::keys::table(p).hints(p, &s.keymap);
    let keys = crate::tui::layout::hints_line(&hints, s, 80);
    insta::assert_snapshot!("panel_keys", keys.to_string());
}

#[test]
fn a_too_small_game_screen_says_what_it_needs() {
    let a = game_app(GameKind::Linage, 60, 16);
    let text = render(&a);
    insta::assert_snapshot!("screen_too_small", text);
}

#[test]
fn ownership_overlay_of_the_territory_games() {
    for kind in [GameKind::Keil, GameKind::Carteso, GameKind::Linage] {
        let a = game_app(kind, 80, 24);
        let p = play(&a);
        let own = p.game().ownership();
        assert_eq!(
            own.len(),
            p.game().geometry().cells(),
            "{kind} has an overlay"
        );
        let view = BoardView::of_game(
            p.game(),
            Decorations {
                overlay: true,
                ..Decorations::default()
            },
        );
        let l = BoardLayout::of(view.geometry);
        let mut buf = Buffer::empty(Rect::new(0, 0, l.width(), l.height()));
        let mono = crate::theme::Theme::built_in("mono").unwrap();
        BoardWidget {
            view: &view,
            theme: &mono,
            glyphs: Glyphs::ASCII,
            scale: 1,
        }
        .render(buf.area, &mut buf);
        insta::assert_snapshot!(format!("overlay_{}", kind.name()), buffer_text(&buf));
    }
}

/// Item 2 of issue 13: the board grows with the terminal (scale 1 at 80x24, larger cells at
/// 120x40 and 200x60), centred, with the panels beside it.
#[test]
fn a_square_and_a_hex_game_at_three_sizes() {
    for kind in [GameKind::Linage, GameKind::Keil] {
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            let a = game_app(kind, w, h);
            let text = render(&a);
            assert!(!text.contains("too small"), "{kind} {w}x{h}:\n{text}");
            insta::assert_snapshot!(format!("scaled_{}_{w}x{h}", kind.name()), text);
        }
    }
}

/// A finished Wunchunk game on its default board (random legal turns from a fixed seed).
fn finished_wunchunk() -> Session {
    let kind = GameKind::Wunchunk;
    let options = GameOptions::defaults(kind);
    let mut s = Session::new(kind, options).unwrap_or_else(|e| panic!("{kind} cannot start: {e}"));
    let mut seed: u64 = 7;
    let mut legal = Vec::new();
    while !s.game().is_over() {
        s.game().legal_steps(&mut legal);
        // Placements only (no early passes), a small linear congruential pick.
        let places: Vec<_> = legal.iter().filter(|st| st.is_place()).copied().collect();
        let pool = if places.is_empty() { &legal } else { &places };
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let step = pool[(seed >> 33) as usize % pool.len()];
        s.play_step(step).unwrap();
    }
    s
}

/// Item 4 of issue 13: the Wunchunk result fits 80x24 with its actions visible (score arrays
/// without their trailing zeros).
#[test]
fn wunchunk_result_at_80x24() {
    let s = finished_wunchunk();
    let mut a = app(80, 24);
    let players = [Controller::Human, Controller::Ai { level: 3 }];
    a.open_game(Play::new(s, players, Duration::ZERO, "t".into()));
    let text = render(&a);
    assert!(
        text.contains("New game]") && text.contains("Menu]"),
        "{text}"
    );
    assert!(
        !text.contains("0, 0, 0"),
        "runs of zeros are shortened:\n{text}"
    );
    insta::assert_snapshot!("wunchunk_result_80x24", text);
}
