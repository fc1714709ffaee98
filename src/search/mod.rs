//! The AI: one tree search for all five games with playouts or a network as its evaluator,
//! alpha-beta, a fixed yardstick, levels, reports while thinking.
//!
//! # Using it
//!
//! A player is described by a [`PlayerSpec`], parsed from text:
//!
//! | spec | player |
//! |---|---|
//! | `mcts:ms=100` | MCTS for 100 ms a step (all cores) |
//! | `mcts:iters=5000,threads=1,seed=7` | 5000 simulations on one thread (deterministic) |
//! | `ab:ms=100` | iterative-deepening alpha-beta |
//! | `uct-baseline:ms=100` | the fixed yardstick (plain UCT, random playouts) |
//! | `random` | uniformly random placements |
//! | `default:ms=500` | the strongest player for the board ([`default_player`]): `net` where a network fits, else `mcts` |
//! | `net:ms=100` | the tree search with the game's network for the board (`mcts` where none fits) |
//! | `level:3` | practice level 1–10 (see [`levels`]) |
//!
//! Settings after the colon: `ms`, `iters`, `threads`, `seed`, `mem` (tree budget in MB for all
//! threads together, default 256, clamped to half the machine's memory), `temp` (temperature
//! of the final choice), `reuse=0|1`, and for experiments the MCTS knobs `c`, `rave`, `fpu`,
//! `score`, `scale`, `solver`, `expand`, `policy` (see [`Tuning`]); alpha-beta takes `depth`.
//!
//! An [`Engine`] plays one seat and keeps what it learnt between moves (tree reuse):
//!
//! ```no_run
//! use std::sync::{atomic::AtomicBool, mpsc, Arc};
//! use tessera::games::{AnyGame, Game};
//! use tessera::search::{Engine, Limits, PlayerSpec};
//!
//! let game = AnyGame::from_args("linage", &["komi=0.5"]).unwrap();
//! let mut engine = Engine::new("mcts".parse::<PlayerSpec>().unwrap());
//! let stop = Arc::new(AtomicBool::new(false)); // set it to stop early
//! let (tx, rx) = mpsc::channel(); // reports about every 100 ms
//! let decision = engine
//!     .think(&game, Limits::ms(300), stop, Some(tx))
//!     .expect("the game is not over");
//! println!("{} {:.0}%", decision.report.best, 100.0 * decision.report.win_rate);
//! for report in rx.try_iter() { /* … */ }
//! ```
//!
//! - [`Engine::think`] decides the next *step* (one stone of an Iris or Wunchunk turn) and
//!   returns a [`Decision`] with the step and the final [`Report`]. The interface runs it on a
//!   worker thread; it never blocks on the channel.
//! - [`Engine::play_turn`] plans a whole turn stone by stone (time shared over the stones).
//! - [`choose_turn`] and [`analyze`] are the one-call forms GTP uses (`genmove`,
//!   `tessera-analyze MS`).
//!
//! Limits: the caller's [`Limits`] and the spec's own both apply (first reached stops; with
//! none, one second; [`Limits::UNTIL_STOPPED`] for analysis that runs until told to stop).
//! `stop` is checked before every simulation, so the best step so far comes back within
//! milliseconds. One thread with a fixed seed and an iteration limit is deterministic.
//!
//! For analysis, a [`Report`] carries the win rate and expected margin, the candidates with
//! visits, win rates and margins, the principal variation, a proven result when the solver
//! has one, and — with [`Engine::set_ownership`] — per cell how often it ended as each side's
//! in the playouts ([`Ownership`]).
//!
//! Opening decisions follow the issue: in the bid the komi chooser searches candidate komi
//! and picks the one nearest an even game (`bid`), the side chooser takes the side with the
//! higher win rate; Wunchunk's `swap` is played iff the position favours Black; Keil's
//! `button` is an ordinary step.
//!
//! # Inside
//!
//! - [`tree`]: the one tree search every tree player runs — the shared lock-free tree under a
//!   memory budget with recycling, reuse between turns, threads, reports, the principal
//!   variation — with its evaluator as a plug: playouts (`mcts`), the network (`net`), plain
//!   UCB1 (`uct-baseline`). An evaluator brings the selection rule and a leaf's value.
//! - [`alphabeta`]: `ab`, with its static evaluation.
//! - [`bid`]: the komi bid's choices.
//! - [`player`]: specs and their text, the levels, each game's tuning and the `default` player,
//!   where a network comes from.
//! - [`Engine`]: one seat's player; decides for each position what plays it ([`Plug`]).
//!
//! What the search needs to know about a game (points, chunk counts, group scores, final
//! owners, the network's input) it asks through [`crate::games::Game`]; nothing here branches
//! on the kind of game except the measured per-game settings the games keep in their folders.

pub(crate) mod alphabeta;
pub(crate) mod bid;
pub(crate) mod control;
pub(crate) mod engine;
pub(crate) mod keys;
pub(crate) mod player;
pub(crate) mod report;
pub mod reward;
pub(crate) mod tree;

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod toy;

pub use control::Limits;
pub use engine::{plug_for, Decision, Engine, Plug};
pub use player::levels;
pub use player::spec::{Algorithm, PlayerSpec, SpecError, Tuning};
pub use player::tuning::default_player;
pub use report::{Candidate, Report};
pub use tree::playouts::ownership::Ownership;
pub use tree::playouts::patterns;
pub use tree::playouts::policy::Policy;

use crate::games::fair_komi::KomiTable;
use crate::games::{AnyGame, Step};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The whole turn `spec` plays for the side to move in `game`, thinking about `ms`
/// milliseconds in all. Empty when the game is over. A bid reads the built-in fair-komi table
/// (an [`Engine`] can be given another, [`Engine::with_komi_table`]).
pub fn choose_turn(game: &AnyGame, spec: &PlayerSpec, ms: u64) -> Vec<Step> {
    Engine::new(spec.clone()).play_turn(
        game,
        Limits::ms(ms),
        Arc::new(AtomicBool::new(false)),
        None,
    )
}

/// Thinks about `game` for `ms` milliseconds (whatever limits `spec` has of its own) and returns
/// the [`Report`] as JSON (for GTP `tessera-analyze MS`): `best` (turn token), `best_step`,
/// `win_rate` (side to move), `score` (expected margin, territory games), `pv` (turn tokens),
/// `candidates` (`move`, `visits`, `win_rate`, `score`), `iterations`, `iterations_per_sec`,
/// `tree_nodes`, `tree_bytes` (bytes in use), `elapsed_ms`, and `depth` / `proven` where they
/// apply. The search may end sooner with a proven win. A bid reads `komi_table`.
pub fn analyze(
    game: &AnyGame,
    spec: &PlayerSpec,
    ms: u64,
    komi_table: Arc<KomiTable>,
) -> Result<serde_json::Value, String> {
    let mut spec = spec.clone();
    spec.limits = Limits::default();
    Engine::new(spec)
        .with_komi_table(komi_table)
        .think(game, Limits::ms(ms), Arc::new(AtomicBool::new(false)), None)
        .map(|d| d.report.to_json())
        .ok_or_else(|| "the game is over".to_string())
}
