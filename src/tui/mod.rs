//! The terminal interface (ratatui + crossterm), in the Elm style.
//!
//! - The model is [`app::App`]: the screen shown (menu, new game, game, rules, settings, load)
//!   and the settings.
//! - Everything that happens arrives as a [`app::Msg`]: keys, mouse clicks, resizes, engine
//!   reports, the results of file operations.
//! - [`app::update`] is pure: it changes the model and returns [`Effect`]s (start the engine,
//!   save a file, quit…) for the runtime ([`runtime`]) to carry out; anything the runtime
//!   learns comes back as another message.
//! - [`view::view`] draws the model, one function per screen and panel.
//! - Every screen is the same shape ([`screen`]): its own state, `on_key` made from its
//!   command table ([`commands`]; the key line and the help come from the same table, and
//!   the config file can rebind the keys, [`keymap`]), and `view`.
//!
//! One session of the interface is a value that runs against any terminal ([`host`]): an
//! output writer and its size, a channel of messages (keys, resizes, engine reports, what a
//! game server says), the person's name, where files go ([`store::Storage`]), the settings,
//! the AI to use. The program in a terminal ([`runtime`]), an SSH channel of `tessera serve`
//! ([`crate::serve`]) and the tests drive the same code. It blocks on its channel and redraws
//! only after a message: an idle interface uses no CPU.

pub mod ai;
pub mod analysis_mode;
pub mod analysis_view;
pub mod app;
pub mod board;
pub mod challenge;
pub mod cli;
pub mod commands;
pub mod config_file;
pub mod controller;
pub mod cursor;
pub mod game_keys;
pub mod game_layout;
pub mod game_view;
pub mod history;
pub mod host;
pub mod keymap;
pub mod latency;
pub mod layout;
pub mod line_edit;
pub mod load_screen;
pub mod lobby;
pub mod menu;
pub mod name_form;
pub mod new_game;
pub mod online;
pub mod online_update;
pub mod panels;
pub mod play;
pub mod play_actions;
pub mod play_online;
pub mod puzzle;
pub mod review_mode;
pub mod rules;
pub mod runtime;
pub mod screen;
pub mod settings;
pub mod settings_screen;
pub mod store;
pub mod testing;
pub mod view;

use ai::Request;
use std::path::PathBuf;
use store::SavedGame;

/// A side effect `update` asks the runtime to carry out.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Start an engine job (stopping the one in progress).
    StartEngine(Request),
    /// Stop the engine job in progress.
    StopEngine,
    /// Write the autosave.
    Autosave(SavedGame),
    /// The game ended: the autosave is no longer needed.
    GameOver(SavedGame),
    /// Save a game record to a file (answered by [`app::Msg::Saved`]).
    Save(PathBuf, SavedGame),
    /// Store a finished review in the record it was loaded from: the file, its turns, the
    /// review (answered by [`app::Msg::Saved`]).
    StoreAnalysis(PathBuf, Vec<String>, crate::record::AnalysisSection),
    /// Load a game record (answered by [`app::Msg::Loaded`]).
    Load(PathBuf),
    /// Load a game record to show read-only (the autosave another window has open).
    View(PathBuf),
    /// List the saved games (answered by [`app::Msg::SaveList`]).
    ListSaves,
    /// Write the settings to the config file (answered by [`app::Msg::Saved`]).
    SaveConfig(crate::config::Config),
    /// Turn mouse capture on or off.
    SetMouse(bool),
    /// Leave the program (after the autosave).
    Quit,
    /// Send a request to the game server (ignored by a program alone).
    Net(online::Request),
    /// Ask the puzzle solver, on a worker thread (answered by [`app::Msg::PuzzleReply`]).
    Solve(puzzle::job::Job),
    /// Read the puzzle progress (answered by [`app::Msg::PuzzleProgress`]).
    LoadPuzzleProgress,
    /// Write the puzzle progress (atomically; a failure comes back as [`app::Msg::Saved`]).
    SavePuzzleProgress(puzzle::progress::Progress),
}

/// A message for the bottom line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The text.
    pub text: String,
    /// Whether it reports a problem.
    pub error: bool,
}

impl Note {
    /// An ordinary message.
    pub fn info(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            error: false,
        }
    }

    /// A problem.
    pub fn error(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            error: true,
        }
    }
}

pub use runtime::run;
