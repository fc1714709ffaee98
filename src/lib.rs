//! tessera: rules, search and a terminal interface for five abstract strategy games — Keil,
//! Carteso, Iris, Linage and Wunchunk.
//!
//! The library is usable on its own (see `examples/library.rs`):
//! - build a game with [`AnyGame`] (by [`GameKind`] and [`GameOptions`], or by name and
//!   `key=value` options with [`AnyGame::from_args`]), or a concrete type from [`games`];
//! - play [`Step`]s through the [`Game`] trait (the rules only: legal steps, play, undo,
//!   outcome, notation), and show a position with [`Describe`] (the `tessera-state` JSON,
//!   status facts, score breakdowns);
//! - keep a turn log with [`Session`], which plays whole turn tokens (SPEC §2);
//! - load and save game records with [`Record`] (every error with its line and column);
//! - ask the AI for a turn with [`Engine`], a [`PlayerSpec`] and [`Limits`] (or the one-call
//!   [`search::choose_turn`]);
//! - speak GTP with [`Gtp`].
//!
//! The terminal interface ([`tui`]) and the `tessera` command are built on the same items.

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
pub mod lab;
pub mod nn;
pub(crate) mod online;
pub mod puzzle;
mod quote;
pub mod record;
pub mod review;
pub mod rng;
pub mod search;
pub mod serve;
pub mod session;
pub mod theme;
pub mod tui;
pub(crate) mod zobrist;

pub use games::{
    AnyGame, Describe, Game, GameKind, GameOptions, Illegal, Outcome, SearchHints, Side, Step,
    Stone,
};
pub use gtp::Gtp;
pub use record::{Record, RecordError};
pub use rng::FastRng;
pub use search::{Engine, Limits, PlayerSpec};
pub use session::Session;
