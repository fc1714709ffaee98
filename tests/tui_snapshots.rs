//! Snapshots of every game's board at its default size (Unicode and ASCII), of the game screen
//! at 80×24, and of each panel. A game not yet in this build is skipped with a notice.

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use ratatui::Terminal;
use std::time::Duration;
use tessera::games::{AnyGame, Game, GameKind, GameOptions};
use tessera::session::Session;
use tessera::tui::app::{App, Screen};
use tessera::tui::board::{BoardLayout, BoardView, BoardWidget, Decorations, Glyphs};
use tessera::tui::engine::Analysis;
use tessera::tui::play::{Play, Player};
use tessera::tui::testing::{app, buffer_text, render};

/// A few opening turns of each game (agreed komi, so the bid does not come first), and for
/// Iris the first stone of a turn in progress (to show the highlighted second cells).
fn opening(kind: GameKind) -> (&'static [&'static str], &'static [&'static str]) {
    match kind {
        GameKind::Keil => (&["g7", "f7", "h6", "g8"], &[]),
        GameKind::Carteso => (&["Bc5", "Wd5", "Bc6", "Wd4", "Bb5"], &[]),
        GameKind::Iris => (&["g7", "a7"], &["d5"]),
        GameKind::Linage => (&["e5", "c3", "g7"], &[]),
        GameKind::Wunchunk => (&["Bh8", "Wg8", "Bh9", "Wg9"], &[]),
    }
}

fn args(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::Keil => &["komi=6"],
        GameKind::Carteso | GameKind::Linage => &["komi=0.5"],
        _ => &[],
    }
}

/// The game after its opening, or `None` (with a notice) when it is not in this build.
fn session(kind: GameKind) -> Option<Session> {
    let options = GameOptions::parse(kind, args(kind)).unwrap();
    if let Err(e) = AnyGame::new(kind, &options) {
        eprintln!("NOTICE: skipping {kind} snapshots: {e}");
        return None;
    }
    let mut s = Session::new(kind, options).unwrap();
    let (turns, steps) = opening(kind);
    for t in turns {
        s.play_turn(t).unwrap_or_else(|e| panic!("{kind} {t}: {e}"));
    }
    for t in steps {
        let step = s.game().parse_step(t).unwrap();
        s.play_step(step)
            .unwrap_or_else(|e| panic!("{kind} {t}: {e}"));
    }
    Some(s)
}

fn game_app(kind: GameKind, w: u16, h: u16) -> Option<App> {
    let s = session(kind)?;
    let mut a = app(w, h);
    let mut play = Play::new(
        s,
        [Player::Human, Player::Ai { level: 3 }],
        Duration::ZERO,
        "t".into(),
    );
    play.ai.side = Some(play.game().to_move());
    play.ai.analysis = Some(Analysis {
        best: {
            let mut legal = Vec::new();
            play.game().legal_steps(&mut legal);
            legal.first().map(|&s| play.game().format_step(s))
        },
        win_rate: Some(0.42),
        pv: Vec::new(),
        iterations: 12_345,
        elapsed: Duration::from_millis(1500),
    });
    a.screen = Screen::Game(Box::new(play));
    Some(a)
}

fn play(a: &App) -> &Play {
    match &a.screen {
        Screen::Game(p) => p,
        _ => unreachable!(),
    }
}

fn board_text(p: &Play, ascii: bool, theme: &tessera::theme::Theme) -> String {
    let last = p.last_cells();
    let legal = p.legal_highlights();
    let view = BoardView::of_game(
        p.game(),
        Decorations {
            last: &last,
            cursor: Some(p.cursor),
            overlay: false,
            legal: &legal,
        },
    );
    let l = BoardLayout::of(view.geometry);
    let mut buf = Buffer::empty(Rect::new(0, 0, l.width(), l.height()));
    BoardWidget {
        view: &view,
        theme,
        glyphs: Glyphs::for_mode(ascii),
    }
    .render(buf.area, &mut buf);
    buffer_text(&buf)
}

#[test]
fn every_board_at_default_size_unicode_and_ascii() {
    for kind in GameKind::ALL {
        let Some(a) = game_app(kind, 80, 24) else {
            continue;
        };
        let p = play(&a);
        let mono = tessera::theme::Theme::built_in("mono").unwrap();
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
        let Some(a) = game_app(kind, 80, 24) else {
            continue;
        };
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
            tessera::board::BoardKind::Square => tessera::board::Geometry::square(19),
            tessera::board::BoardKind::Hex => tessera::board::Geometry::hex(12),
        };
        let need = tessera::tui::game_view::needed(geo);
        assert!(need.0 <= 100 && need.1 <= 40, "{kind}: needs {need:?}");
        let default = tessera::board::Geometry::of(kind.board_kind(), kind.default_size()).unwrap();
        let need = tessera::tui::game_view::needed(default);
        assert!(
            need.0 <= 80 && need.1 <= 24,
            "{kind} default: needs {need:?}"
        );
    }
}

#[test]
fn each_panel() {
    let Some(a) = game_app(GameKind::Linage, 80, 24) else {
        return;
    };
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
            let lines = tessera::tui::panels::status_lines(p, s, 36);
            f.render_widget(
                ratatui::widgets::Paragraph::new(lines)
                    .block(tessera::tui::panels::panel("Status", s)),
                f.area(),
            )
        })
    );
    insta::assert_snapshot!(
        "panel_history",
        panel(&|f| tessera::tui::panels::render_history(f, f.area(), p, s))
    );
    insta::assert_snapshot!(
        "panel_ai",
        panel(&|f| {
            let lines = tessera::tui::panels::ai_lines(p, s, 36);
            f.render_widget(
                ratatui::widgets::Paragraph::new(lines).block(tessera::tui::panels::panel("AI", s)),
                f.area(),
            )
        })
    );
    let keys = tessera::tui::panels::hints_line(&tessera::tui::panels::key_hints(p), s, 80);
    insta::assert_snapshot!("panel_keys", keys.to_string());
}

#[test]
fn a_too_small_game_screen_says_what_it_needs() {
    let Some(a) = game_app(GameKind::Linage, 60, 16) else {
        return;
    };
    let text = render(&a);
    insta::assert_snapshot!("screen_too_small", text);
}

#[test]
fn ownership_overlay_of_the_territory_games() {
    for kind in [GameKind::Keil, GameKind::Carteso, GameKind::Linage] {
        let Some(a) = game_app(kind, 80, 24) else {
            continue;
        };
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
        let mono = tessera::theme::Theme::built_in("mono").unwrap();
        BoardWidget {
            view: &view,
            theme: &mono,
            glyphs: Glyphs::ASCII,
        }
        .render(buf.area, &mut buf);
        insta::assert_snapshot!(format!("overlay_{}", kind.name()), buffer_text(&buf));
    }
}
