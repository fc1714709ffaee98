//! Search limits and the stop/deadline bookkeeping shared by every player.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When to stop thinking: after `ms` milliseconds, after `iters` iterations (simulations for
/// MCTS, nodes for alpha-beta), whichever comes first. With neither set, one second;
/// [`Limits::UNTIL_STOPPED`] thinks until the stop flag is set (continuous analysis).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock milliseconds.
    pub ms: Option<u64>,
    /// Iterations (summed over threads).
    pub iters: Option<u64>,
}

impl Limits {
    /// The time used when no limit is given.
    pub const DEFAULT_MS: u64 = 1000;

    /// No limit but the stop flag (and a proven result at the root).
    pub const UNTIL_STOPPED: Limits = Limits {
        ms: Some(u64::MAX),
        iters: None,
    };

    /// Think for `ms` milliseconds.
    pub fn ms(ms: u64) -> Limits {
        Limits {
            ms: Some(ms),
            iters: None,
        }
    }

    /// Run `n` iterations.
    pub fn iters(n: u64) -> Limits {
        Limits {
            ms: None,
            iters: Some(n),
        }
    }

    /// Both limits: whichever of `self` and `other` stops first, per kind.
    pub fn tightest(self, other: Limits) -> Limits {
        fn min(a: Option<u64>, b: Option<u64>) -> Option<u64> {
            match (a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, None) => x,
                (None, y) => y,
            }
        }
        Limits {
            ms: min(self.ms, other.ms),
            iters: min(self.iters, other.iters),
        }
    }

    /// These limits, or the default time when neither is set.
    pub fn or_default(self) -> Limits {
        if self.ms.is_none() && self.iters.is_none() {
            Limits::ms(Self::DEFAULT_MS)
        } else {
            self
        }
    }

    /// The same limits scaled to a fraction of the time and iterations (at least 1 ms / 1).
    pub fn scaled(self, f: f64) -> Limits {
        Limits {
            ms: self.ms.map(|m| ((m as f64 * f) as u64).max(1)),
            iters: self.iters.map(|n| ((n as f64 * f) as u64).max(1)),
        }
    }
}

/// A running timer against limits and a stop flag.
#[derive(Clone, Copy, Debug)]
pub struct Timer<'a> {
    /// When thinking started.
    pub start: Instant,
    deadline: Option<Instant>,
    iters: Option<u64>,
    stop: &'a AtomicBool,
}

impl<'a> Timer<'a> {
    /// Starts now.
    pub fn new(limits: Limits, stop: &'a AtomicBool) -> Timer<'a> {
        let start = Instant::now();
        Timer {
            start,
            deadline: limits
                .ms
                .and_then(|ms| start.checked_add(Duration::from_millis(ms))),
            iters: limits.iters,
            stop,
        }
    }

    /// Whether to stop after `done` iterations.
    #[inline]
    pub fn expired(&self, done: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.iters.is_some_and(|n| done >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the stop flag is set.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether the deadline has passed.
    #[inline]
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The iteration cap, if any.
    pub fn iteration_cap(&self) -> Option<u64> {
        self.iters
    }
}
