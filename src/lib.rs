//! tessera: the rules of five abstract strategy games — Keil, Carteso, Iris, Linage and
//! Wunchunk — with an AI to play and review them, their game records, puzzles and the GTP
//! engine protocol. The `tessera` command (a terminal interface, a game server, the lab's
//! matches and reports) is built on this library; the library works without it.
//!
//! # Getting started
//!
//! A game is an [`AnyGame`] (any of the five, chosen by [`GameKind`] and [`GameOptions`], or
//! by name and `key=value` options with [`AnyGame::from_args`]) played through the [`Game`]
//! trait; a [`Session`] keeps its history of whole turns (tokens such as `c3` or
//! `komi=0.5`, SPEC §2). The AI is an [`Engine`] made from a [`PlayerSpec`] (`default`,
//! `mcts:ms=500`, `level:3`, …); [`search::choose_turn`] is the one-call form:
//!
//! ```
//! use tessera::{Game, GameKind, GameOptions, PlayerSpec, Session};
//!
//! // Linage on a 5×5 board: the bid (komi 0.5, the second player takes Horizontal), a stone.
//! let options = GameOptions::parse(GameKind::Linage, &["size=5"])?;
//! let mut session = Session::new(GameKind::Linage, options)?;
//! for token in ["komi=0.5", "play=horizontal", "c3"] {
//!     session.play_turn(token)?;
//! }
//! let mut steps = Vec::new();
//! session.game().legal_steps(&mut steps);
//! assert!(!steps.is_empty());
//!
//! // The AI answers, thinking 50 ms.
//! let spec: PlayerSpec = "default".parse()?;
//! let turn = tessera::search::choose_turn(session.game(), &spec, 50);
//! let token = session.game().format_turn(&turn);
//! session.play_turn(&token)?;
//! assert_eq!(session.turns().len(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/library.rs` goes further (a record loaded, the legal steps listed, the position
//! after the AI's turn as JSON).
//!
//! # What is where
//!
//! - [`games`]: the rules ([`Game`], [`AnyGame`], [`Step`], [`Side`], [`Outcome`]) and a
//!   position's description ([`Describe`]: the `tessera-state` JSON, status facts, score
//!   breakdowns);
//! - [`session`]: a game and its turns ([`Session`]);
//! - [`search`]: the AI ([`Engine`], [`PlayerSpec`], [`Limits`], what it thinks of a position
//!   as a [`Report`]);
//! - [`record`]: game records on disk ([`Record`]; every error with its line and column);
//! - [`review`]: a game reviewed turn by turn;
//! - [`puzzle`]: the exact "wins in N" solver and puzzle sets;
//! - [`gtp`]: the engine protocol ([`Gtp`]);
//! - [`nn`]: the policy-and-value networks the `net` player evaluates;
//! - [`board`], [`rng`], [`files`], [`komi_file`], [`interval`], [`config`], [`theme`]: board
//!   geometry, the seedable generator, safe file writes, the fair-komi table, win-rate
//!   intervals, and the interface's settings and colour themes.
//!
//! The terminal interface, the server and the lab are modules of this crate too, for the
//! `tessera` command, but not part of the library's API.

#![warn(missing_docs)]

pub(crate) mod ai;
pub mod board;
pub mod config;
pub mod crash;
pub mod files;
pub mod games;
pub mod gtp;
pub mod interval;
pub mod komi_file;
#[doc(hidden)]
pub mod lab;
pub mod nn;
pub(crate) mod online;
pub mod puzzle;
mod quote;
pub mod record;
pub mod review;
pub mod rng;
pub mod search;
#[doc(hidden)]
pub mod serve;
pub mod session;
pub mod theme;
#[doc(hidden)]
pub mod tui;
pub(crate) mod zobrist;

pub use games::{
    AnyGame, Describe, Game, GameError, GameKind, GameOptions, Illegal, NotationError,
    OptionsError, Outcome, SearchHints, SetupError, Side, Step, Stone,
};
pub use gtp::{Gtp, GtpError};
pub use nn::Network;
pub use puzzle::Solver;
pub use record::{Record, RecordError};
pub use rng::FastRng;
pub use search::{Engine, Limits, PlayerSpec, Report};
pub use session::{Session, TurnError};
