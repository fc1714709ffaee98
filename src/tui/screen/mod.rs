//! What every screen has in common: it owns its state, answers keys with `on_key` (made from
//! its command table, [`super::commands`]) and draws itself with `view`. A key handler gets a
//! [`Ctx`] (what it may read or change outside its own state) and returns where the key sends
//! the interface: a value of the application's own type (`T` of [`Component`], the app's
//! [`transition::Transition`], in the file beside this one: stay with effects for the
//! runtime, or go elsewhere). The application carries transitions out, so no screen needs to
//! know the others, and this framework names no screen.

use super::note::Note;
use super::settings::Settings;
use super::store::Storage;
use ratatui::crossterm::event::KeyEvent;
use ratatui::Frame;

pub mod transition;

/// What a key handler may use besides its screen's own state.
#[derive(Debug)]
pub struct Ctx<'a> {
    /// The settings (the Settings screen changes them).
    pub settings: &'a mut Settings,
    /// The message shown on the screens other than the game.
    pub note: &'a mut Option<Note>,
    /// The AI job counter (ids are never reused).
    pub next_job: &'a mut u64,
    /// The terminal's size (columns, rows).
    pub size: (u16, u16),
    /// Where the session keeps its files (and whether the person may name paths).
    pub storage: &'a Storage,
    /// The person's name, as records show it.
    pub user: &'a str,
    /// Another program owns the autosave: this one's game is saved to its own record.
    pub autosave_elsewhere: bool,
    /// The session runs on a game server: `q` in a game goes back to its lobby.
    pub on_server: bool,
}

/// What a screen draws with besides its own state.
#[derive(Clone, Copy, Debug)]
pub struct ViewCtx<'a> {
    /// The settings (theme, ASCII, key bindings).
    pub settings: &'a Settings,
    /// The message for the screens other than the game.
    pub note: Option<&'a Note>,
    /// Where the session keeps its files (to show paths).
    pub storage: &'a Storage,
}

/// A screen: its own state, which answers keys (from its command table) and draws itself.
/// `T` is where a key may send the interface, as the application defines it (the app's
/// [`transition::Transition`]). New screens (a puzzle mode, an analysis mode, a lobby)
/// implement this and get a variant of [`super::app::Screen`] and an entry in
/// [`super::app::key_tables`].
pub trait Component<T> {
    /// Handles a key press.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> T;
    /// Draws the screen on the whole frame.
    fn view(&self, f: &mut Frame, v: &ViewCtx);
}
