//! Why the rules layer refused some text or some setting: a game name, `key=value` options, a
//! komi, a step or turn token, a set-up position. Each error prints the message people see
//! (GTP replies, the command line, the interface), so the variants carry what the message
//! quotes.

use super::kind::{format_komi, GameKind};
use super::types::Side;
use crate::board::Cell;
use crate::quote::Quoted;

/// A komi that is not a non-negative multiple of 0.5 (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "komi {} must be a multiple of 0.5 from 0 up to the number of points",
    Quoted(text)
)]
pub struct KomiError {
    /// The komi as written.
    pub text: String,
}

/// A game name that is none of the games'.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {} (games: {})", Quoted(name), super::GameKind::names())]
pub struct UnknownGame {
    /// The name as written.
    pub name: String,
}

/// Why `key=value` game options were refused ([`super::GameOptions::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// An argument without `=`.
    #[error("expected key=value, got {}", Quoted(arg))]
    NotKeyValue {
        /// The argument.
        arg: String,
    },
    /// `size=` with something that is not a number.
    #[error("size {} is not a number", Quoted(text))]
    SizeNotNumber {
        /// The value as written.
        text: String,
    },
    /// A size outside the game's sizes.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// `komi=` with a value that is no komi.
    #[error(transparent)]
    Komi(#[from] KomiError),
    /// `protocol=` with something else than `agreed` or `bid`.
    #[error("protocol must be agreed or bid, not {}", Quoted(text))]
    Protocol {
        /// The value as written.
        text: String,
    },
    /// `button=` with something else than `auto`, `on` or `off`.
    #[error("button must be auto, on or off, not {}", Quoted(text))]
    Button {
        /// The value as written.
        text: String,
    },
    /// A key that is no option.
    #[error(
        "unknown option {} (options: size, komi, protocol, button)",
        Quoted(key)
    )]
    UnknownOption {
        /// The key as written.
        key: String,
    },
    /// Both `komi=X` and `protocol=bid`.
    #[error(
        "komi=X and protocol=bid contradict each other: under the bid the first player sets \
         komi as the game's first turn; give one or the other"
    )]
    KomiWithBid,
}

/// Why a step or a turn token could not be read (SPEC §2). Legality is [`super::Illegal`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// `komi=` with a value that is no komi.
    #[error(transparent)]
    Komi(#[from] KomiError),
    /// `play=` with something else than one of the game's sides.
    #[error(
        "play= takes {} or {}",
        kind.side_name(Side::First),
        kind.side_name(Side::Second)
    )]
    PlaySide {
        /// The game (it names the sides).
        kind: GameKind,
    },
    /// Not a step of the game: `expected` says what one looks like ("a point of this board,
    /// pass, button, komi=X or play=black|white"; each game writes its own).
    #[error("{} is not {expected}", Quoted(text))]
    NotAStep {
        /// The text, trimmed.
        text: String,
        /// What a step of the game looks like, after "is not".
        expected: String,
    },
    /// A cell written with a colour letter in a game whose stones take none.
    #[error(
        "{}: {game} stones take no colour letter (write {})",
        Quoted(text),
        Quoted(cell)
    )]
    NoColourLetter {
        /// The game's title.
        game: &'static str,
        /// The text, trimmed.
        text: String,
        /// The cell alone, lower case.
        cell: String,
    },
    /// A turn of more parts than the game's turns have.
    #[error("{}: {expected}", Quoted(token))]
    TurnShape {
        /// The token, trimmed.
        token: String,
        /// What a turn of the game looks like ("an Iris turn is one or two stones …").
        expected: &'static str,
    },
    /// `pass` next to a stone in a multi-stone turn.
    #[error("{}: pass is a whole turn on its own", Quoted(token))]
    PassNotAlone {
        /// The token, trimmed.
        token: String,
    },
    /// A cell written without its colour in a game whose stones need one.
    #[error(
        "{}: a {game} stone needs its colour ('B{lower}' or 'W{lower}')",
        Quoted(text),
        lower = text.to_ascii_lowercase()
    )]
    ColourNeeded {
        /// The game's title.
        game: &'static str,
        /// The text, trimmed.
        text: String,
    },
    /// `end` written as a whole turn (a turn that ends itself: Wunchunk).
    #[error("'end' is not a turn: write the turn's stones, or 'pass'")]
    EndIsNoTurn,
    /// An empty turn (a multi-stone turn written with no stones).
    #[error("empty turn: write its stones ('Bd4,We5'), 'pass' or 'swap'")]
    EmptyTurn,
    /// A stone of a multi-stone turn could not be read.
    #[error("in {}: {error}", Quoted(token))]
    InTurn {
        /// The whole token, trimmed.
        token: String,
        /// What is wrong with the stone.
        error: Box<NotationError>,
    },
    /// The test-support toy games' refusals.
    #[cfg(test)]
    #[error("{0}")]
    Toy(&'static str),
}

/// A board size outside the game's sizes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{kind} size must be {}..{}, not {size}",
    kind.sizes().start(),
    kind.sizes().end()
)]
pub struct SizeError {
    /// The game.
    pub kind: GameKind,
    /// The size asked for.
    pub size: usize,
}

/// Why a game could not be set up: its options or a hand-built position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A size outside the game's sizes.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// No board of that size.
    #[error("bad board size")]
    NoBoard,
    /// An agreed komi larger than the board.
    #[error(
        "komi {} is more than the {points} points of the board",
        format_komi(*komi_half)
    )]
    KomiTooLarge {
        /// The komi, in half points.
        komi_half: u16,
        /// The board's points.
        points: usize,
    },
    /// A Keil stone off the board.
    #[error("cell {cell} is not on the board")]
    CellNotOnBoard {
        /// The cell index.
        cell: Cell,
    },
    /// A Linage stone off the board.
    #[error("point {cell} is not on the {size}×{size} board")]
    PointOffBoard {
        /// The cell index.
        cell: Cell,
        /// The board's side.
        size: usize,
    },
    /// An Iris or Wunchunk stone off the board.
    #[error("cell index {cell} is off the board")]
    CellIndexOffBoard {
        /// The cell index.
        cell: Cell,
    },
    /// A cell given twice.
    #[error("{name} is given twice")]
    GivenTwice {
        /// The cell's name.
        name: String,
    },
    /// A neutral stone in a game whose stones are black or white: `why` says so in the
    /// game's words.
    #[error("{why}")]
    NoNeutralStones {
        /// The game's sentence ("Keil has no neutral stones").
        why: &'static str,
    },
    /// A Keil group without liberty.
    #[error("the group on {name} has no liberty")]
    NoLiberty {
        /// The name of one of the group's cells.
        name: String,
    },
    /// A Linage region without any line.
    #[error("the region at {name} has no line")]
    RegionWithoutLine {
        /// The name of the region's first cell.
        name: String,
    },
    /// One cell of an Iris coloured pair filled, the other empty.
    #[error("coloured pair {first} / {second} must be filled together")]
    PairNotFilled {
        /// The coloured cell's name.
        first: String,
        /// Its partner's name.
        second: String,
    },
    /// A Keil picture whose row count is no board.
    #[error("a picture needs 2n-1 rows for a side n of 3..12, not {rows} rows")]
    PictureRows {
        /// The rows in the picture.
        rows: usize,
    },
    /// A Keil picture row of the wrong width.
    #[error("row {row} has {points} points, expected {expected}")]
    PictureRow {
        /// The row's letter.
        row: char,
        /// The points written.
        points: usize,
        /// The points of that row.
        expected: usize,
    },
    /// A Keil picture point that is none of `.`, `B`, `X`, `W`, `O`.
    #[error("unknown point {} in the picture", Quoted(token))]
    PicturePoint {
        /// The point as written.
        token: String,
    },
    /// A stone given as text could not be read.
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// Why a game could not be started from a name and `key=value` options
/// ([`super::AnyGame::from_args`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The name is no game.
    #[error(transparent)]
    UnknownGame(#[from] UnknownGame),
    /// The options are refused.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The game refused the options.
    #[error(transparent)]
    Setup(#[from] SetupError),
}
