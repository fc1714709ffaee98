//! Why a GTP command failed: the reason after `?` in the response. GTP controllers tell some
//! failures apart by their text (`unknown command`, `syntax error`, `illegal move`, `cannot
//! undo`, `unacceptable size`); here they are variants, each printing the text the protocol
//! answers.

use super::line::MAX_LINE;
use crate::games::{GameError, GameKind, Illegal, KomiError, NotationError, Side};
use crate::quote::Quoted;
use crate::session::TurnError;

/// Why a command was refused ([`super::Gtp::execute`]); nothing changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GtpError {
    /// A command that is none of [`super::COMMANDS`].
    #[error("unknown command")]
    UnknownCommand,
    /// The wrong number of arguments.
    #[error("syntax error: usage is '{usage}'")]
    Usage {
        /// The command's usage (`play COLOUR MOVE`).
        usage: &'static str,
    },
    /// A line longer than [`MAX_LINE`] bytes (skipped unread).
    #[error("line too long (the limit is {MAX_LINE} bytes)")]
    LineTooLong,
    /// A line with an id and nothing else.
    #[error("no command after the id")]
    NoCommand,
    /// A build without any game.
    #[error("no game in this build: tessera-game names the available ones")]
    NoGame,
    /// `undo` before the first turn.
    #[error("cannot undo: no turn has been played")]
    CannotUndo,
    /// `tessera-analyze` with something else than a number.
    #[error("{} is not a number of milliseconds", Quoted(text))]
    NotMilliseconds {
        /// The argument as written.
        text: String,
    },
    /// `tessera-game` without a name.
    #[error("tessera-game needs a game name ({})", GameKind::names())]
    NoGameName,
    /// A game that cannot be started: `tessera-game` with a name that is no game's or options
    /// the game refuses, or options no board takes (`boardsize`, `komi`, `clear_board`).
    #[error(transparent)]
    Game(#[from] GameError),
    /// `boardsize` with something else than a number.
    #[error("{} is not a board size", Quoted(text))]
    NotBoardSize {
        /// The argument as written.
        text: String,
    },
    /// `boardsize` outside the game's sizes.
    #[error(
        "unacceptable size: {kind} boards are {}..{}",
        kind.sizes().start(),
        kind.sizes().end()
    )]
    UnacceptableSize {
        /// The game.
        kind: GameKind,
        /// The size asked for.
        size: usize,
    },
    /// `komi` with a value that is no komi.
    #[error(transparent)]
    Komi(#[from] KomiError),
    /// `komi` once a turn is played.
    #[error("komi can only be set before the first turn (or start a new game)")]
    KomiAfterFirstTurn,
    /// A colour that names no side of the game.
    #[error(
        "{} is not a side of {kind} ({}, {})",
        Quoted(colour),
        kind.side_name(Side::First),
        kind.side_name(Side::Second)
    )]
    NotASide {
        /// The game.
        kind: GameKind,
        /// The colour as written.
        colour: String,
    },
    /// `play`, `genmove` or `tessera-step` after the end.
    #[error("the game is over")]
    GameOver,
    /// `play` or `genmove` for the side not to move.
    #[error(
        "it is {}'s turn, not {}'s",
        kind.side_name(*to_move),
        kind.side_name(to_move.other())
    )]
    NotYourTurn {
        /// The game.
        kind: GameKind,
        /// The side to move.
        to_move: Side,
    },
    /// `play` with a move that is no turn token.
    #[error("invalid move: {0}")]
    InvalidMove(NotationError),
    /// `play` with a turn the rules refuse.
    #[error("illegal move: {0}")]
    IllegalMove(TurnError),
    /// `tessera-play` with a turn token, or `tessera-step` with a step, that cannot be read
    /// or that the rules refuse.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// `genmove`: the player chose a step the rules refuse (a bug).
    #[error("the engine chose an illegal step: {0}")]
    EngineIllegalStep(Illegal),
    /// `genmove`: the player's steps did not make a whole turn (a bug).
    #[error("the engine did not complete the turn")]
    EngineIncompleteTurn,
    /// `final_score` before the end in a game without a running score.
    #[error("the game is not over ({kind} has no running score)")]
    NoRunningScore {
        /// The game.
        kind: GameKind,
    },
    /// `tessera-analyze`: the search could not analyse the position.
    #[error("{0}")]
    Analyze(String),
}
