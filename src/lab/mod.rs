//! The lab: the tools that measure the product rather than being it — playout speed
//! (`tessera bench`), AI-against-AI matches (`tessera match`), the self-play reports and the
//! fair-komi sweeps (`tessera stats`, `tessera komi`), the puzzle generator and the set
//! verifier (`tessera puzzles generate|verify`), the exact game-value solvers those reports
//! rest on, and the resignation rule self-play uses.
//!
//! The lab is built on the product (rules, search, puzzles, records) and the product never
//! on the lab: nothing outside this module names it except the `tessera` command's
//! dispatch (`tests/layers.rs` checks the direction of every import between top-level
//! modules).

pub mod bench;
pub mod exact;
pub(crate) mod latency;
pub mod match_cmd;
pub mod net_data;
pub mod play;
pub(crate) mod progress;
pub mod puzzles;
pub mod stats;

pub use latency::run as run_latency;
