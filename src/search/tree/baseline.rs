//! The yardstick evaluator (`uct-baseline`), plain like the seeds' reference AI. Do not tune it.
//!
//! UCB1 with exploration constant 0.7 on rewards 1 / 0.5 / 0 for win / draw / loss from the
//! view of the player who took the step; one new child per simulation (an untried step chosen
//! uniformly at random); uniformly random playouts ([`SearchHints::random_step`], the
//! `tessera bench` policy); no tree reuse; one thread; the most visited step is played (or a
//! step that ends the game at once in a win). Steps are searched one per tree level like
//! every other player here. It runs on the one tree search ([`super::walk`]), and so shares
//! its memory budget and recycling.

use super::nodes::{Tree, NO_NODE, NO_PRIOR};
use super::walk::{Evaluator, Valued};
use crate::games::{SearchHints, Step};
use crate::rng::FastRng;
use crate::search::keys::{key_of, MoveKey, KEY_COUNT};
use crate::search::reward::{terminal, RewardShape};

/// The exploration constant (fixed).
pub const EXPLORATION: f64 = 0.7;

/// One thread's yardstick evaluator: its random generator and scratch space.
pub struct Baseline {
    rng: FastRng,
    buf: Vec<Step>,
    untried: Vec<MoveKey>,
    tried: Vec<bool>,
}

impl Baseline {
    /// An evaluator drawing from `seed`.
    pub fn new(seed: u64) -> Baseline {
        Baseline {
            rng: FastRng::seed(seed),
            buf: Vec::new(),
            untried: Vec::new(),
            tried: vec![false; KEY_COUNT],
        }
    }
}

impl<G: SearchHints> Evaluator<G> for Baseline {
    /// A node is a leaf on its first visit: the simulation that created it plays out from it.
    fn is_leaf(&self, _tree: &Tree, _node: u32, before: u32, is_root: bool) -> bool {
        !is_root && before == 0
    }

    /// An untried step, uniformly at random, while there is one; then UCB1 over the children.
    fn select(&mut self, tree: &Tree, node: u32, first: u32, game: &G) -> (u32, MoveKey, u16) {
        let nd = tree.node(node);
        let children = tree.children_from(first).count();
        if nd.legal() == 0 || children < usize::from(nd.legal()) {
            game.legal_steps(&mut self.buf);
            nd.set_legal(self.buf.len());
            for c in tree.children_from(first) {
                self.tried[tree.node(c).key() as usize] = true;
            }
            self.untried.clear();
            self.untried.extend(
                self.buf
                    .iter()
                    .map(|&s| key_of(s))
                    .filter(|&k| !self.tried[k as usize]),
            );
            for c in tree.children_from(first) {
                self.tried[tree.node(c).key() as usize] = false;
            }
            if !self.untried.is_empty() {
                let k = self.untried[self.rng.below(self.untried.len())];
                return (NO_NODE, k, NO_PRIOR);
            }
        }
        // The node's finished simulations: this one entered it already.
        let ln_n = f64::from(nd.visits().saturating_sub(1).max(1)).ln();
        let mut best = (f64::NEG_INFINITY, NO_NODE, 0);
        for c in tree.children_from(first) {
            let ch = tree.node(c);
            let n = f64::from(ch.visits());
            let score = if ch.visits() == 0 {
                f64::INFINITY
            } else {
                ch.reward_sum() / n + EXPLORATION * (ln_n / n).sqrt()
            };
            if score > best.0 {
                best = (score, c, ch.key());
            }
        }
        (best.1, best.2, NO_PRIOR)
    }

    fn value(&mut self, _tree: &Tree, game: &mut G, _path: &[u32], _fixed: Option<f32>) -> Valued {
        let mut played = 0;
        while !game.is_over() {
            let s = game.random_step(&mut self.rng, &mut self.buf);
            game.play(s);
            played += 1;
        }
        Valued::Now {
            reward0: terminal(&*game, RewardShape::WIN_LOSS).win,
            margin0: 0.0,
            played,
        }
    }
}
