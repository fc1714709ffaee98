//! One thread's simulations on the shared tree, and what an evaluator plugs into them.
//!
//! A simulation is the same for every tree player: descend from the root by the evaluator's
//! selection rule, entering each node (its visit counts at once, as a virtual loss that
//! spreads threads over the tree), until the evaluator says the node reached is a leaf; have
//! the evaluator value the leaf; back the value up the path. What differs between players is
//! only what an [`Evaluator`] brings:
//!
//! - the **selection rule** ([`Evaluator::select`]): UCT with all-moves-as-first statistics
//!   and learned patterns for the playouts, PUCT with the network's priors, plain UCB1 for
//!   the yardstick;
//! - **when a node is a leaf** ([`Evaluator::is_leaf`]) and when children are created (one
//!   per simulation as the playouts and the yardstick first follow a step; all of a
//!   position's steps at once when the network values it);
//! - **how a leaf is valued** ([`Evaluator::value`]): a playout to the end of the game, now;
//!   or the network's value and score, queued and valued in a batch ([`Evaluator::flush`]).
//!
//! Values travel as seat 0's reward (0–1) and seat 0's margin in points ([`super::super::reward`]);
//! each node stores them from the view of the seat that took its step.

use super::nodes::{Proven, Tree, NO_NODE};
use crate::games::SearchHints;
use crate::search::keys::{step_of, MoveKey};
use crate::search::reward::{for_seat, margin_for, mover, terminal, RewardShape};

/// What became of a leaf handed to [`Evaluator::value`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Valued {
    /// Valued now: seat 0's reward and margin; `played` steps were played beyond the leaf
    /// (a playout) and are taken back by the walker.
    Now {
        /// Seat 0's reward, 0–1.
        reward0: f32,
        /// Seat 0's margin in points.
        margin0: f32,
        /// Steps played after the leaf.
        played: usize,
    },
    /// Queued for a batch: its value comes from [`Evaluator::flush`]. `full` when the batch
    /// should go now.
    Queued {
        /// Whether the batch is full.
        full: bool,
    },
    /// Another thread is valuing this leaf: the simulation is abandoned (its visits are
    /// taken back) and the evaluator's batch should go now.
    Collision,
}

/// A leaf valued in a batch: the path to it and seat 0's reward and margin.
#[derive(Clone, Debug)]
pub struct Batched {
    /// The nodes from the root to the leaf.
    pub path: Vec<u32>,
    /// Seat 0's reward, 0–1.
    pub reward0: f32,
    /// Seat 0's margin in points.
    pub margin0: f32,
}

/// How a tree player chooses and values: the part of the search that is the player's own
/// (see the module doc). One per thread; `G` is the game searched.
pub trait Evaluator<G: SearchHints>: Send {
    /// Whether proven results are stored and backed up (MCTS-Solver): a proven node's value
    /// is then exact and the descent stops there.
    fn solver(&self) -> bool {
        false
    }

    /// Whether a simulation counts itself on the nodes it enters until its result is backed
    /// up ([`super::nodes::Node::pending`]): an evaluator that values leaves in batches
    /// needs to tell the results it has from those under way.
    fn counts_pending(&self) -> bool {
        false
    }

    /// Whether each simulation starts from a fresh copy of the root position instead of
    /// playing forward and undoing (pays where undo is dearer than a copy).
    fn copy_root(&self) -> bool {
        false
    }

    /// Called at the start of every simulation.
    fn begin(&mut self, _tree: &Tree) {}

    /// Whether the descent stops at `node` (the root when `is_root`), entered with `before`
    /// earlier visits, to value it.
    fn is_leaf(&self, tree: &Tree, node: u32, before: u32, is_root: bool) -> bool;

    /// The step to take from `node` (whose children were `first` on when read), in the
    /// position `game`: the child, or [`NO_NODE`] for a step without one (the walker creates
    /// it with the prior code returned); the step; the prior code.
    fn select(&mut self, tree: &Tree, node: u32, first: u32, game: &G) -> (u32, MoveKey, u16);

    /// Values the leaf at the end of `path` (`game` is its position; `fixed`, seat 0's exact
    /// value when the leaf is proven). A playout may play on: it says how far.
    fn value(&mut self, tree: &Tree, game: &mut G, path: &[u32], fixed: Option<f32>) -> Valued;

    /// Values the queued leaves (creating their children where it does) into `out`.
    fn flush(&mut self, _tree: &Tree, _out: &mut Vec<Batched>) {}

    /// After a leaf valued now was backed up along `path` (all-moves-as-first statistics,
    /// proofs).
    fn backed_up(&mut self, _tree: &Tree, _path: &[u32], _reward0: f32) {}
}

/// What one simulation did ([`Walker::simulate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Its result is backed up, or its leaf queued.
    Done,
    /// Its leaf is queued and the batch is full.
    BatchFull,
    /// It was abandoned: another thread is valuing its leaf.
    Collision,
}

/// One thread of a search: a copy of the root position, the evaluator and scratch space.
pub struct Walker<G: SearchHints, E: Evaluator<G>> {
    game: G,
    evaluator: E,
    path: Vec<u32>,
    batched: Vec<Batched>,
}

impl<G: SearchHints, E: Evaluator<G>> Walker<G, E> {
    /// A thread searching from `game` (the root of the tree it will search) with `evaluator`.
    pub fn new(game: &G, evaluator: E) -> Walker<G, E> {
        Walker {
            game: game.clone(),
            evaluator,
            path: Vec::with_capacity(64),
            batched: Vec::new(),
        }
    }

    /// The root position.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Runs one simulation on `tree` (whose root is this walker's position).
    pub fn simulate(&mut self, tree: &Tree) -> Step {
        if self.evaluator.copy_root() {
            let root = self.game.clone();
            let (step, _) = self.descend_and_value(tree);
            self.game = root;
            step
        } else {
            let (step, played) = self.descend_and_value(tree);
            for _ in 0..played {
                self.game.undo();
            }
            step
        }
    }

    /// One simulation on `self.game`, which it leaves where the simulation ended; returns
    /// what it did and the steps played.
    fn descend_and_value(&mut self, tree: &Tree) -> (Step, usize) {
        let ev = &mut self.evaluator;
        ev.begin(tree);
        self.path.clear();
        let solver = ev.solver();
        let counted = ev.counts_pending();
        let enter = |n: u32| {
            if counted {
                tree.node(n).enter_counted()
            } else {
                tree.node(n).enter()
            }
        };
        let root = tree.root;
        let mut node = root;
        let mut before = enter(root);
        self.path.push(root);
        let mut played = 0usize;
        let mut fixed: Option<f32> = None;
        loop {
            let nd = tree.node(node);
            if node != root && solver {
                if let Some(v) = nd.proven().value0() {
                    // A proven position's value is exact; a playout only supplies a margin.
                    fixed = Some(v);
                    break;
                }
            }
            if self.game.is_over() {
                if nd.proven() == Proven::Unknown {
                    // A node created with its siblings learns here that its game is over.
                    nd.set_proven(terminal_proof(&self.game));
                }
                break;
            }
            if ev.is_leaf(tree, node, before, node == root) {
                break;
            }
            let seen = nd.first_child();
            let (child, key, prior) = ev.select(tree, node, seen, &self.game);
            let by = mover(&self.game);
            self.game.play(step_of(key));
            played += 1;
            let child = match child {
                NO_NODE => {
                    let proven = if self.game.is_over() {
                        terminal_proof(&self.game)
                    } else {
                        Proven::Unknown
                    };
                    match tree.new_node(key, by, mover(&self.game), proven, prior) {
                        Some(c) => tree.link(node, c, seen),
                        None => break,
                    }
                }
                c => {
                    tree.node(c).set_mover(mover(&self.game));
                    c
                }
            };
            before = enter(child);
            self.path.push(child);
            node = child;
        }
        match ev.value(tree, &mut self.game, &self.path, fixed) {
            Valued::Now {
                reward0,
                margin0,
                played: more,
            } => {
                backup(tree, &self.path, reward0, margin0, counted);
                ev.backed_up(tree, &self.path, reward0);
                (Step::Done, played + more)
            }
            Valued::Queued { full } => (if full { Step::BatchFull } else { Step::Done }, played),
            Valued::Collision => {
                for &n in &self.path {
                    tree.node(n).leave(counted);
                }
                (Step::Collision, played)
            }
        }
    }

    /// Values the leaves queued so far and backs them up.
    pub fn flush(&mut self, tree: &Tree) {
        self.evaluator.flush(tree, &mut self.batched);
        let counted = self.evaluator.counts_pending();
        for b in self.batched.drain(..) {
            backup(tree, &b.path, b.reward0, b.margin0, counted);
        }
    }
}

/// The result of a finished game, as a proof.
fn terminal_proof<G: SearchHints>(game: &G) -> Proven {
    Proven::from_win0(terminal(game, RewardShape::WIN_LOSS).win)
}

/// Adds one simulation's result (seat 0's reward and margin) to every node of `path`, each
/// from the view of the seat that took its step; `counted` when it entered them counting
/// itself.
fn backup(tree: &Tree, path: &[u32], reward0: f32, margin0: f32, counted: bool) {
    for &n in path {
        let nd = tree.node(n);
        let by = nd.by();
        nd.add_result(for_seat(reward0, by), margin_for(margin0, by), counted);
    }
}
