//! The lab: the tools that measure the product rather than being it — playout speed
//! (`tessera bench`), AI-against-AI matches (`tessera match`), the self-play reports
//! (`tessera stats`), the fair-komi sweeps and exact solutions (`tessera komi`), training data
//! for the networks (`tessera selfplay`), and the puzzle generator and set verifier
//! (`tessera puzzles generate|verify`).
//!
//! # Layout
//! - [`play`]: the one game loop that `match`, `stats`, `komi` and `selfplay` share — the
//!   options a lab game starts with, a game between two player specs with each searched turn's
//!   estimate, the self-play resignation rule and its adjudication, many games over threads,
//!   self-play with its settings. It names no other file of the lab but `progress` (the
//!   progress line on stderr), so the commands below share it without importing one another.
//! - [`match_cmd`]: `tessera match` (and the match tally the strength ladder reuses).
//! - [`stats`]: `tessera stats` (figures, reachable positions, the ladder, the seed reports).
//! - [`komi`]: `tessera komi`, everything about fair komi: the sweep, the fit, the pooled
//!   table entries, the resignation foresight, and `--exact` with its exact searches
//!   (`komi/exact/`).
//! - [`net_data`]: `tessera selfplay`, a network's training data (its own per-step loop: it
//!   records every position's visits, on the shared runner of [`play`]).
//! - [`puzzles`]: `tessera puzzles generate|verify` (the generator plays its own games:
//!   practice levels, Keil's play-out, a stop flag).
//! - [`bench`](mod@bench), `latency`: `tessera bench` and `tessera bench --ui`.
//!
//! The lab is built on the product (rules, search, puzzles, records) and the product never
//! on the lab: nothing outside this module names it except the `tessera` command's
//! dispatch (`tests/layers.rs` checks the direction of every import between top-level
//! modules).

pub mod bench;
pub mod komi;
pub(crate) mod latency;
pub mod match_cmd;
pub mod net_data;
pub mod play;
pub(crate) mod progress;
pub mod puzzles;
pub mod stats;

pub use latency::run as run_latency;
