//! Helpers for the interface's tests; `app` and `key` also drive the lab's latency bench
//! ([`crate::lab::run_latency`]).

#[cfg(test)]
use ratatui::buffer::Buffer;

/// The characters of a buffer, one line per row, trailing spaces removed.
#[cfg(test)]
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        let mut skip = 0;
        for x in area.left()..area.right() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let s = buf[(x, y)].symbol();
            line.push_str(s);
            // A wide character's second cell is skipped.
            skip = super::layout::text_width(s).saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// An interface at the menu with the default settings and the `default` theme whatever the
/// terminal (no config file read, colours on), so that tests do not depend on `TERM`.
pub fn app(width: u16, height: u16) -> super::app::App {
    let config = crate::config::Config {
        theme: "default".into(),
        ..crate::config::Config::default()
    };
    let (settings, _) = super::settings::Settings::new(config, None, false);
    super::app::App::new(settings, (width, height))
}

/// [`app`] in a session on a game server, signed in as `me`, the lobby empty.
#[cfg(test)]
pub fn server_app(width: u16, height: u16) -> super::app::App {
    let mut a = app(width, height);
    a.online = Some(super::app::Online {
        identity: crate::online::Identity {
            fingerprint: "SHA256:x".into(),
            name: Some("me".into()),
        },
        lobby: crate::online::LobbyView::default(),
    });
    a
}

/// Draws the interface on a test terminal of its size and returns the text.
#[cfg(test)]
pub fn render(app: &super::app::App) -> String {
    let backend = ratatui::backend::TestBackend::new(app.size.0, app.size.1);
    let mut terminal = ratatui::Terminal::new(backend).expect("test terminal");
    terminal
        .draw(|f| super::view::view(f, app))
        .expect("draw on a test terminal");
    buffer_text(terminal.backend().buffer())
}

/// A key press message.
pub fn key(code: ratatui::crossterm::event::KeyCode) -> super::app::Msg {
    super::app::Msg::Key(ratatui::crossterm::event::KeyEvent::new(
        code,
        ratatui::crossterm::event::KeyModifiers::NONE,
    ))
}

/// A character key press message.
#[cfg(test)]
pub fn ch(c: char) -> super::app::Msg {
    key(ratatui::crossterm::event::KeyCode::Char(c))
}

/// The game screen's model (panics when the interface is elsewhere).
#[cfg(test)]
pub fn game_screen(app: &super::app::App) -> &super::game::play::Play {
    match &app.screen {
        super::app::Screen::Game(p) => p,
        _ => panic!("not on the game screen"),
    }
}

/// The game screen's model, to change (panics when the interface is elsewhere).
#[cfg(test)]
pub fn game_screen_mut(app: &mut super::app::App) -> &mut super::game::play::Play {
    match &mut app.screen {
        super::app::Screen::Game(p) => p,
        _ => panic!("not on the game screen"),
    }
}

/// The puzzle screen's model (panics when the interface is elsewhere).
#[cfg(test)]
pub fn puzzle_screen(app: &super::app::App) -> &super::puzzle::PuzzleScreen {
    match &app.screen {
        super::app::Screen::Puzzle(p) => p,
        s => panic!("not on a puzzle: {s:?}"),
    }
}

/// The puzzle screen's model, to change (panics when the interface is elsewhere).
#[cfg(test)]
pub fn puzzle_screen_mut(app: &mut super::app::App) -> &mut super::puzzle::PuzzleScreen {
    match &mut app.screen {
        super::app::Screen::Puzzle(p) => p,
        _ => panic!("not on a puzzle"),
    }
}

/// The name of the cell under the game screen's cursor.
#[cfg(test)]
pub fn cursor_name(app: &super::app::App) -> String {
    let p = game_screen(app);
    crate::games::Game::geometry(p.game()).name(p.board().cursor())
}

/// Carries out the puzzle solver's jobs among `fx` at once (as the worker thread would),
/// feeding each answer back through `update`; returns the other effects.
#[cfg(test)]
pub fn run_jobs(
    a: &mut super::app::App,
    fx: Vec<super::effect::Effect>,
) -> Vec<super::effect::Effect> {
    let mut rest = Vec::new();
    for e in fx {
        match e {
            super::effect::Effect::Solve(j) => {
                let reply = super::puzzle::job::answer(&j);
                let more = super::app::update(a, super::app::Msg::PuzzleReply(reply));
                rest.extend(run_jobs(a, more));
            }
            other => rest.push(other),
        }
    }
    rest
}
