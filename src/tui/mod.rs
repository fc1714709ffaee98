//! The terminal interface (ratatui + crossterm), in the Elm style.
//!
//! # What other programs use
//! - [`run_menu`], [`run_play`], [`run_load`], [`run_review`], [`run_puzzles`]: open the
//!   interface in this terminal (at the menu, straight into a game, on a record, reviewing a
//!   record, at the puzzles) and return when the player quits. [`UiArgs`] (`--config`,
//!   `--ascii`), [`PlayArgs`] (with [`First`] and [`Against`]) and [`LoadArgs`] are the
//!   `clap` arguments of the `tessera` command, usable as plain structs.
//! - [`shipped_puzzles`]: the puzzle sets built into the program.
//!
//! # Inside (crate-private)
//! - The model is `app::App`: the screen shown (menu, new game, game, puzzles, rules,
//!   settings, load; a lobby, a challenge and a nickname on a server) and the settings.
//! - Everything that happens arrives as an `app::Msg`: keys, mouse clicks, resizes, the AI's
//!   reports, what a game server says, the results of file operations.
//! - `app::update` is pure: it changes the model and returns `effect::Effect`s (start the
//!   AI, save a file, quit…) for the runtime (`runtime`) to carry out; anything the runtime
//!   learns comes back as another message.
//! - `view::view` draws the model: each screen draws itself, its panels each with a function.
//! - Every screen is the same shape (`screen`): its own state, `on_key` made from its
//!   command table (`commands`; the key line and the help come from the same table, and
//!   the config file can rebind the keys, `keymap`), and `view`. `on_key` returns a
//!   `screen::transition::Transition`, which `app` carries out: the screen framework names no
//!   screen. What a screen says on the bottom line is a `note::Note`.
//! - The screens: the game screen (`game`: its model `game::play`, what changes the game, the
//!   AI's jobs for analysis and review, its keys and drawing), the puzzle mode (`puzzle`), and
//!   the form screens (menu, new game, challenge, settings, load, nickname, rules, puzzle list)
//!   that share one widget (`form`): the chosen row and its moves (`form::Selection`), and the
//!   drawing of a form (`form::Form`). The board with its cursor (`board`) is a component of the
//!   game and puzzle screens.
//! - No file names a file that names it back: the app names every screen, and the screens
//!   name what they share through leaves of their own (`effect`, `note`,
//!   `screen::transition`, `new_game::choices`), never the app.
//!
//! One session of the interface is a value that runs against any terminal (`host`): an
//! output writer and its size, a channel of messages (keys, resizes, AI reports, what a
//! game server says), the person's name, where files go (`store::Storage`), the settings,
//! the AI to use. The program in a terminal (`runtime`), an SSH channel of `tessera serve`
//! (`crate::serve`) and the tests (`tests/`, unit tests of this module) drive the same code;
//! ratatui draws it at the session's own size (`backend`), never asking the process's terminal.
//! It blocks on its channel and redraws only after a message: an idle interface uses no CPU.

pub(crate) mod app;
pub(crate) mod backend;
pub(crate) mod board;
pub(crate) mod challenge;
pub(crate) mod cli;
pub(crate) mod commands;
pub(crate) mod config_file;
pub(crate) mod effect;
pub(crate) mod form;
pub(crate) mod game;
pub(crate) mod host;
pub(crate) mod keymap;
pub(crate) mod layout;
pub(crate) mod line_edit;
pub(crate) mod load_screen;
pub(crate) mod lobby;
pub(crate) mod menu;
pub(crate) mod name_form;
pub(crate) mod new_game;
pub(crate) mod note;
pub(crate) mod puzzle;
pub(crate) mod rules;
pub(crate) mod runtime;
pub(crate) mod screen;
pub(crate) mod settings;
pub(crate) mod settings_screen;
pub(crate) mod store;
pub(crate) mod testing;
#[cfg(test)]
mod tests;
pub(crate) mod view;

pub use cli::{
    run_load, run_menu, run_play, run_puzzles, run_review, Against, First, LoadArgs, PlayArgs,
    ReviewArgs, UiArgs,
};
pub use puzzle::sets::shipped as shipped_puzzles;
