//! tessera: rules, search and a terminal interface for five abstract strategy games — Keil,
//! Carteso, Iris, Linage and Wunchunk.
//!
//! The library is usable on its own: build a game with [`games::AnyGame`] (or a concrete type
//! from [`games`]), play [`games::Step`]s through the [`games::Game`] trait, keep a turn log with
//! [`session::Session`].

#![warn(missing_docs)]

pub mod bench;
pub mod board;
pub mod config;
pub mod games;
pub mod gtp;
pub mod puzzle;
pub mod record;
pub mod rng;
pub mod search;
pub mod session;
pub mod theme;
pub mod tui;
pub mod zobrist;
