//! The AI: Monte Carlo tree search for all five games, alpha-beta, a fixed baseline, levels,
//! reports while thinking, and `tessera match`.
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
//! | `default:ms=500` | the strongest player for the game ([`default_kind`]) |
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
//! - `tree`, `arena`, `amaf`, `compact`: one tree shared by every thread — 40-byte nodes
//!   created one per simulation (never a node's every legal step at once), all-moves-as-first
//!   tables only at well-visited nodes (GRAVE), recycling of the least-visited subtrees when the
//!   budget is full, re-rooting for reuse.
//! - `mcts`: UCT + GRAVE over steps, score-aware rewards ([`reward`]), MCTS-Solver, virtual
//!   loss; `parallel`: the threads, the stop conditions, reports.
//! - `alphabeta` + `eval` + `chunks`: alpha-beta; `baseline`: `uct-baseline`, never tuned.
//! - `tuning`: per-game defaults; [`levels`]: the level table.
//!
//! Matches between players (`tessera match`) and the self-play resignation rule are the
//! lab's ([`crate::lab::match_cmd`], [`crate::lab::play`]).
//!
//! What the search needs to know about a game (points, chunk counts, group scores, final
//! owners) it asks through [`crate::games::Game`]; nothing here branches on the kind of game
//! except the measured per-game settings in `tuning`.

pub(crate) mod alphabeta;
pub(crate) mod amaf;
pub(crate) mod arena;
pub(crate) mod baseline;
pub(crate) mod bid;
pub(crate) mod chunks;
mod compact;
pub(crate) mod control;
pub(crate) mod engine;
pub(crate) mod eval;
pub(crate) mod keys;
pub mod levels;
pub(crate) mod mcts;
pub(crate) mod net_source;
pub(crate) mod ownership;
pub(crate) mod parallel;
pub mod patterns;
pub(crate) mod playout;
pub(crate) mod puct;
pub(crate) mod report;
pub mod reward;
pub(crate) mod spec;
pub(crate) mod tree;
pub(crate) mod tuning;

#[cfg(test)]
mod shared_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod toy;

pub use control::Limits;
pub use engine::{Decision, Engine};
pub use ownership::Ownership;
pub use playout::Policy;
pub use report::{Candidate, Report};
pub use spec::{Algorithm, PlayerSpec, Tuning};
pub use tuning::default_kind;

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
