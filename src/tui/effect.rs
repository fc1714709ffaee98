//! What the pure `update` asks the runtime to do ([`Effect`]): start or stop the AI, write or
//! read a file, talk to the server, quit. Screens return effects from their keys and the runtime
//! (`host`) carries them out, so the effect has a file of its own that every screen may name
//! without naming the app that holds the screens.

use super::new_game::choices::LastChoices;
use super::puzzle::job::Job;
use super::puzzle::progress::Progress;
use super::store::SavedGame;
use crate::ai::Request;
use std::path::PathBuf;

/// A side effect `update` asks the runtime to carry out.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Start an AI job (stopping the one in progress).
    StartAi(Request),
    /// Stop the AI job in progress.
    StopAi,
    /// Write the autosave.
    Autosave(SavedGame),
    /// The game ended: keep it in the games folder (answered by [`super::app::Msg::Kept`]);
    /// the autosave is no longer needed.
    GameOver(SavedGame),
    /// Keep the New game form's choices for the next time (atomically, in the data
    /// directory; a failure comes back as [`super::app::Msg::Saved`]).
    RememberChoices(LastChoices),
    /// Save a game record to a file (answered by [`super::app::Msg::Saved`]).
    Save(PathBuf, SavedGame),
    /// Store a finished review in the record it was loaded from: the file, its turns, the
    /// review (answered by [`super::app::Msg::Saved`]).
    StoreAnalysis(PathBuf, Vec<String>, crate::record::StoredReview),
    /// Load a game record (answered by [`super::app::Msg::Loaded`]).
    Load(PathBuf),
    /// Load a game record to show read-only (the autosave another window has open).
    View(PathBuf),
    /// List the games folder (answered by [`super::app::Msg::SaveList`]).
    ListSaves,
    /// Write the settings to the config file (answered by [`super::app::Msg::Saved`]).
    SaveConfig(crate::config::Config),
    /// Turn mouse capture on or off.
    SetMouse(bool),
    /// Leave the program (after the autosave).
    Quit,
    /// Send a request to the game server (ignored by a program alone).
    Net(crate::online::Request),
    /// Ask the puzzle solver, on a worker thread (answered by
    /// [`super::app::Msg::PuzzleReply`]).
    Solve(Job),
    /// Read the puzzle progress (answered by [`super::app::Msg::PuzzleProgress`]).
    LoadPuzzleProgress,
    /// Write the puzzle progress (atomically; a failure comes back as
    /// [`super::app::Msg::Saved`]).
    SavePuzzleProgress(Progress),
}
