//! Draws the model: one function per screen.

use super::app::{App, Screen};
use super::{forms, game_view, menu, new_game, rules};
use ratatui::Frame;

/// The smallest terminal the menus and forms need.
pub const MENU_MIN: (u16, u16) = (60, 18);

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
    if !matches!(app.screen, Screen::Game(_))
        && (area.width < MENU_MIN.0 || area.height < MENU_MIN.1)
    {
        return game_view::too_small(f, MENU_MIN, &app.settings);
    }
    match &app.screen {
        Screen::Menu(m) => menu::view(f, app, m),
        Screen::NewGame(form) => new_game::view(f, app, form),
        Screen::Game(play) => game_view::view(f, play, &app.settings),
        Screen::Rules(r) => rules::view(f, app, r),
        Screen::Settings(form) => forms::settings_view(f, app, form),
        Screen::Load(form) => forms::load_view(f, app, form),
    }
}
