//! The one tree search every tree player runs (`mcts`, `net`, `uct-baseline`), with its
//! evaluator as a plug, as KataGo's search takes its network.
//!
//! What is shared:
//! - the tree ([`nodes`], [`arena`], [`side_tables`]): 40-byte nodes in chunks under one byte
//!   budget, shared by every thread without locks;
//! - [`compact`]: re-rooting for reuse between turns, recycling of the least-visited subtrees
//!   when the budget is full;
//! - [`walk`]: a simulation (descent with a virtual loss, the leaf's value, backup);
//! - [`run`]: the threads, the stop conditions, recycling, reports every 100 ms, the root's
//!   statistics and the principal variation.
//!
//! What an evaluator brings ([`walk::Evaluator`]): the selection rule and how a leaf is
//! valued. [`playouts`]: UCT with all-moves-as-first statistics and learned patterns, a
//! playout at each new leaf, MCTS-Solver. [`network`]: PUCT with the network's priors, its
//! value and score at each new leaf, in batches. [`baseline`]: plain UCB1 and random
//! playouts, the fixed yardstick.
//!
//! [`search`] runs one search with the evaluator a [`Leaves`] describes, compiled for the game
//! inside an [`AnyGame`] so that calls into the rules need no dispatch.

pub(crate) mod arena;
pub(crate) mod baseline;
mod compact;
pub(crate) mod network;
pub(crate) mod nodes;
pub(crate) mod playouts;
pub(crate) mod run;
#[cfg(test)]
mod shared_tests;
pub(crate) mod side_tables;
pub(crate) mod walk;

use crate::games::{AnyGame, SearchHints, WithGame};
use crate::search::control::Timer;
use crate::search::report::{Report, RootStats};
use nodes::Tree;
use playouts::{ownership::Ownership, MctsParams, Playouts};
use std::sync::mpsc::Sender;
use walk::Walker;

/// Which evaluator a search plugs in, with what it needs: one entry per thread.
pub enum Leaves<'a> {
    /// Playouts (`mcts`): the parameters, a seed per thread, the ownership counts to fill.
    Playouts {
        /// The parameters.
        params: MctsParams,
        /// One seed per thread.
        seeds: &'a [u64],
        /// Where each playout's final owners are counted, when asked for.
        ownership: Option<&'a Ownership>,
    },
    /// The network (`net`): the parameters, one thread's scratch space per thread, and the
    /// network's ownership of the root for the reports.
    Network {
        /// The parameters.
        params: network::PuctParams,
        /// One per thread.
        scratch: &'a mut [network::Scratch],
        /// The root's ownership, when asked for.
        ownership: Option<Vec<[f64; 2]>>,
    },
    /// The yardstick (`uct-baseline`): one thread, its seed.
    Baseline {
        /// The seed.
        seed: u64,
    },
}

/// Searches `tree` (whose root is `game`) with the evaluator `leaves` describes until the
/// timer says stop; returns the root's statistics.
pub fn search<G: SearchHints>(
    game: &G,
    leaves: Leaves,
    tree: &mut Tree,
    timer: &Timer,
    reports: Option<&Sender<Report>>,
) -> RootStats {
    let job = Job {
        leaves,
        tree,
        timer,
        reports,
    };
    match (game as &dyn std::any::Any).downcast_ref::<AnyGame>() {
        Some(any) => any.with_game(job),
        None => job.run(game),
    }
}

/// What [`search`] hands to the game's own type.
struct Job<'a, 'c> {
    leaves: Leaves<'a>,
    tree: &'a mut Tree,
    timer: &'a Timer<'c>,
    reports: Option<&'a Sender<Report>>,
}

impl WithGame for Job<'_, '_> {
    type Output = RootStats;

    fn run<G: SearchHints>(self, game: &G) -> RootStats {
        let (tree, timer, reports) = (self.tree, self.timer, self.reports);
        match self.leaves {
            Leaves::Playouts {
                params,
                seeds,
                ownership,
            } => {
                let mut walkers: Vec<_> = seeds
                    .iter()
                    .map(|&seed| Walker::new(game, Playouts::new(game, params, seed, ownership)))
                    .collect();
                let shares = ownership.map(|o| move || o.shares());
                let now = shares.as_ref().map(|f| f as run::OwnershipNow);
                run::search(tree, &mut walkers, timer, reports, now, true)
            }
            Leaves::Network {
                params,
                scratch,
                ownership,
            } => {
                let mut walkers: Vec<_> = scratch
                    .iter_mut()
                    .map(|s| Walker::new(game, network::Net::new(s, params)))
                    .collect();
                let root = ownership.map(|o| move || o.clone());
                let now = root.as_ref().map(|f| f as run::OwnershipNow);
                run::search(tree, &mut walkers, timer, reports, now, false)
            }
            Leaves::Baseline { seed } => {
                let mut walkers = vec![Walker::new(game, baseline::Baseline::new(seed))];
                run::search(tree, &mut walkers, timer, reports, None, true)
            }
        }
    }
}
