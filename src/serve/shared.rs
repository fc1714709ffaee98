//! What every connection of `tessera serve` shares: the hub, the AI pool, the data directory,
//! the limits and the counters. Beside the hub rather than in `ssh` so that the SSH side
//! (which makes it) and the interface sessions (which read it) both name it without naming
//! each other.

use super::files::DataDir;
use super::gate::Gate;
use super::hub::SharedHub;
use super::pool::Pool;
use super::slowdown::Slowdown;
use std::path::PathBuf;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;

/// What every connection shares.
pub(super) struct Shared {
    pub(super) hub: SharedHub,
    pub(super) pool: Pool,
    pub(super) data: DataDir,
    pub(super) users: Option<PathBuf>,
    pub(super) max_sessions: usize,
    pub(super) idle: Duration,
    pub(super) sessions: AtomicUsize,
    pub(super) gate: Gate,
    pub(super) slowdown: Slowdown,
    /// Sessions whose last words to their channel are not sent yet.
    pub(super) outputs: AtomicUsize,
}
