//! What every screen has in common: it owns its state, answers keys with `on_key` (made from
//! its command table, [`super::commands`]) and draws itself with `view`. A key handler gets a
//! [`Ctx`] (what it may read or change outside its own state) and returns a [`Transition`]:
//! stay (with effects for the runtime) or go elsewhere; the application carries transitions
//! out, so no screen needs to know the others.

use super::play::Play;
use super::settings::Settings;
use super::store::Storage;
use super::{Effect, Note};
use ratatui::crossterm::event::KeyEvent;
use ratatui::Frame;

/// Where a key sends the interface.
#[derive(Debug)]
pub enum Transition {
    /// Stay on this screen; carry out these effects.
    Stay(Vec<Effect>),
    /// Leave the program (saving the game in progress first).
    Quit,
    /// Back to the main menu (saving the game in progress first).
    Menu,
    /// To the New game form.
    NewGame,
    /// To the Rules.
    Rules,
    /// To Settings.
    Settings,
    /// To the Load game screen.
    Load,
    /// Continue the autosaved game (or view it, when another window has it open).
    Resume,
    /// Open a game screen.
    Open(Box<Play>),
    /// To the challenge form (on a server).
    Challenge,
    /// Back to the main menu (the lobby on a server), then carry out these effects.
    MenuWith(Vec<Effect>),
    /// To the puzzle list, fresh (from the menu).
    Puzzles,
    /// Back to a puzzle list.
    PuzzleList(Box<super::puzzle::PuzzleList>),
    /// Open a puzzle.
    Puzzle(Box<super::puzzle::PuzzleScreen>),
}

impl Transition {
    /// Stay, with nothing to do.
    pub fn stay() -> Transition {
        Transition::Stay(Vec::new())
    }
}

/// What a key handler may use besides its screen's own state.
#[derive(Debug)]
pub struct Ctx<'a> {
    /// The settings (the Settings screen changes them).
    pub settings: &'a mut Settings,
    /// The message shown on the screens other than the game.
    pub note: &'a mut Option<Note>,
    /// The engine job counter (ids are never reused).
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
/// New screens (a puzzle mode, an analysis mode, a lobby) implement this and get a variant
/// of [`super::app::Screen`] and an entry in [`super::app::key_tables`].
pub trait Component {
    /// Handles a key press.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition;
    /// Draws the screen on the whole frame.
    fn view(&self, f: &mut Frame, v: &ViewCtx);
}
