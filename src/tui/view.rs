//! Draws the model: one function per screen.

use super::app::{App, Screen};
use super::{forms, game_view, menu, new_game, rules};
use ratatui::Frame;

/// The smallest terminal the menus and forms need.
pub const MENU_MIN: (u16, u16) = (60, 18);

/// Draws the whole interface.
pub fn view(f: &mut Frame, app: &App) {
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
