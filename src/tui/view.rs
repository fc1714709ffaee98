//! Draws the model: each screen draws itself; the "too small" notice stands in for a screen
//! the terminal cannot hold.

use super::app::{App, Screen};
use super::layout::{too_small, MENU_MIN};
use super::screen::ViewCtx;
use ratatui::Frame;

/// Draws the whole interface.
pub fn view(f: &mut Frame, app: &App) {
    draw(f, app);
    if app.settings.ascii() {
        ascii_pass(f.buffer_mut());
    }
}

/// The ASCII stand-in of a character the interface draws (`?` for anything unexpected).
pub fn ascii_of(c: char) -> char {
    match c {
        c if c.is_ascii() => c,
        '·' | '…' => '.',
        '●' => 'X',
        '○' => 'O',
        '◉' | '×' => 'x',
        '◎' => 'o',
        '◈' => '%',
        // The heat map's dead stones and claims to be (`board::Glyphs`).
        '■' => '&',
        '□' => '@',
        '⋮' => ':',
        '⋯' => '~',
        '◆' | '█' => '#',
        '▶' | '→' => '>',
        '←' => '<',
        '↑' => '^',
        '↓' => 'v',
        '░' | '─' | '━' => '-',
        '│' | '┃' | '¦' => '|',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' => '+',
        '⠋' | '⠙' | '⠹' | '⠸' | '⠼' | '⠴' | '⠦' | '⠧' | '⠇' | '⠏' => '*',
        '–' | '—' => '-',
        _ => '?',
    }
}

/// Replaces every non-ASCII character of the frame (ASCII mode: the terminal may have no
/// Unicode font at all).
fn ascii_pass(buf: &mut ratatui::buffer::Buffer) {
    for cell in buf.content.iter_mut() {
        let sym = cell.symbol();
        if !sym.is_ascii() {
            let c = sym.chars().next().map_or(' ', ascii_of);
            cell.set_char(c);
        }
    }
}

fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    let s = &app.settings;
    if !matches!(app.screen, Screen::Game(_))
        && (area.width < MENU_MIN.0 || area.height < MENU_MIN.1)
    {
        return too_small(f, MENU_MIN, "This screen", s);
    }
    let v = ViewCtx {
        settings: s,
        note: app.note.as_ref(),
        storage: &app.storage,
    };
    app.screen.component().view(f, &v);
}
