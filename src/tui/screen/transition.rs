//! Where a key sends the interface ([`Transition`]): stay with effects for the runtime, or go to
//! another screen, which the app carries out. It names the screens it opens (the game, the
//! puzzle list, a puzzle), so it is not part of the framework beside it ([`super`]), which
//! names none; and it is a file of its own, apart from the app that holds the screens, so that
//! the screens can return it without naming the app.

use crate::tui::effect::Effect;
use crate::tui::game::play::Play;
use crate::tui::puzzle::list::PuzzleList;
use crate::tui::puzzle::screen::PuzzleScreen;

/// Where a key sends the interface: what a screen's `on_key` returns (the `T` of its
/// [`super::Component`]) and the app ([`crate::tui::app::App`]) carries out. The screens it
/// names are the app's; the screen framework ([`super`]) knows none of them.
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
    PuzzleList(Box<PuzzleList>),
    /// Open a puzzle.
    Puzzle(Box<PuzzleScreen>),
}

impl Transition {
    /// Stay, with nothing to do.
    pub fn stay() -> Transition {
        Transition::Stay(Vec::new())
    }
}
