//! Monte Carlo tree search on the shared [`Tree`]: UCT with all-moves-as-first statistics
//! (GRAVE, [`super::amaf`]), score-aware rewards, MCTS-Solver, virtual loss.
//!
//! One tree level is one step, so a multi-stone turn is several levels by the same seat; the
//! statistics on a node are always from the view of the seat that took the step into it (see
//! [`super::reward`]). Each thread runs its own [`Worker`] (a copy of the root position, a
//! random generator, scratch space) on the one tree; [`super::parallel`] drives them.
//!
//! A simulation walks down from the root choosing among *all* legal steps of each position
//! (tried ones by their statistics, untried ones by the all-moves-as-first estimate), and
//! creates a node the first time a step is taken: the tree grows by one node per simulation,
//! and a position's untried steps cost nothing. A node gets children once it has been visited
//! [`MctsParams::expand_after`] times (before that, simulations play out from it; more times as
//! the budget fills, see [`Tree::growth_shift`]).

use super::amaf::{TABLE_AFTER, TABLE_READY};
use super::keys::{is_place_key, key_of, step_of, MoveKey, KEY_COUNT};
use super::ownership::Ownership;
use super::patterns::{Patterns, Shape};
use super::playout::Policy;
use super::reward::{for_seat, margin_for, mover, terminal, RewardShape, Seat};
use super::tree::{Proven, Tree, NO_NODE, NO_PRIOR};
use crate::games::{Game, SearchHints, Side, Step};
use crate::rng::FastRng;

/// The knobs of the search (all measured with `tessera match`; defaults in
/// [`MctsParams::default`], per game in [`super::tuning`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsParams {
    /// UCB exploration constant.
    pub exploration: f32,
    /// RAVE bias (`4b²` in Silver's schedule `β = ñ / (n + ñ + 4b²·n·ñ)`); negative disables
    /// the all-moves-as-first statistics.
    pub rave_bias: f32,
    /// Value of a step never tried and without all-moves-as-first statistics.
    pub fpu: f32,
    /// How results become rewards (score-aware for the territory games).
    pub reward: RewardShape,
    /// Back up proven wins and losses (MCTS-Solver).
    pub solver: bool,
    /// Visits a node needs before it gets children.
    pub expand_after: u32,
    /// The playout policy.
    pub policy: Policy,
    /// Learned placement priors ([`super::patterns`]), if the game has them.
    pub patterns: Option<&'static Patterns>,
    /// Weight of the progressive bias `weight × prior / (visits + 1)` from the patterns (0: off).
    pub pattern_weight: f32,
    /// Run each simulation on a fresh copy of the root position instead of playing forward
    /// and undoing (pays where undo is dearer than a copy: Keil rebuilds its groups on undo).
    pub copy_root: bool,
    /// Progressive widening: a node with `N` visits tries a new step only while it has fewer
    /// than `widening × √N` children (0: whenever an untried step scores best).
    pub widening: f32,
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            exploration: 0.25,
            rave_bias: 0.0004,
            fpu: 1.0,
            reward: RewardShape::WIN_LOSS,
            solver: true,
            expand_after: 1,
            policy: Policy::Random,
            patterns: None,
            pattern_weight: 0.0,
            copy_root: false,
            widening: 0.0,
        }
    }
}

/// Pseudo-updates of every step's all-moves-as-first statistics at the table's mean.
const AMAF_PRIOR: f32 = 10.0;

/// One thread's part of a search: a copy of the root position and scratch space.
#[derive(Debug)]
pub struct Worker<G: Game> {
    game: G,
    params: MctsParams,
    rng: FastRng,
    buf: Vec<Step>,
    keys: Vec<MoveKey>,
    /// The prior levels of `keys`, when cached with them.
    levels: Vec<u16>,
    path: Vec<u32>,
    seq: Vec<(Seat, MoveKey)>,
    tried: Vec<u32>,
    stamp_now: u32,
    stamp: Vec<u32>,
    owners: Vec<Option<Side>>,
    /// The board's pattern slots, when the progressive bias is on.
    shape: Option<Shape>,
    /// The stones of the position being selected from, read for the patterns
    /// ([`Shape::read`]) when `board_at` is the current `stamp_now`.
    board: Vec<u8>,
    board_at: u32,
}

impl<G: SearchHints> Worker<G> {
    /// A worker for the position `game` (the root of the tree it will search).
    pub fn new(game: &G, params: MctsParams, seed: u64) -> Worker<G> {
        Worker {
            game: game.clone(),
            params,
            rng: FastRng::seed(seed),
            buf: Vec::with_capacity(512),
            keys: Vec::with_capacity(512),
            levels: Vec::with_capacity(512),
            path: Vec::with_capacity(64),
            seq: Vec::with_capacity(1024),
            tried: vec![0; KEY_COUNT],
            stamp_now: 0,
            stamp: Vec::new(),
            owners: Vec::new(),
            board: Vec::new(),
            board_at: 0,
            shape: params
                .patterns
                .filter(|_| params.pattern_weight > 0.0 || params.policy == Policy::Patterns)
                .map(|_| Shape::of(game.geometry()))
                .filter(|s| params.patterns.is_some_and(|p| p.fits(s))),
        }
    }

    /// The root position.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Runs one simulation on `tree` (whose root is this worker's position): select down the
    /// tree, create a node, play out, back up. `owners` accumulates the final owner of every
    /// cell when given.
    pub fn iterate(&mut self, tree: &Tree, owners: Option<&Ownership>) {
        if self.params.copy_root {
            let root = self.game.clone();
            self.simulate(tree, owners);
            self.game = root;
        } else {
            let played = self.simulate(tree, owners);
            for _ in 0..played {
                self.game.undo();
            }
        }
    }

    /// One simulation on `self.game`, which it leaves at the end of the playout; returns the
    /// steps played.
    fn simulate(&mut self, tree: &Tree, owners: Option<&Ownership>) -> usize {
        self.path.clear();
        self.seq.clear();
        let p = self.params;
        let expand_after = p.expand_after << tree.growth_shift();
        let root = tree.root;
        let mut node = root;
        let mut before = tree.node(root).enter();
        self.path.push(root);
        let mut played = 0usize;
        let mut fixed_win: Option<f32> = None;
        let mut reference = NO_NODE;
        loop {
            let nd = tree.node(node);
            if node != root {
                if let Some(v) = nd.proven().value0().filter(|_| p.solver) {
                    // A proven position's value is exact; a playout only supplies a margin.
                    fixed_win = Some(v);
                    break;
                }
            }
            if self.game.is_over() {
                break;
            }
            let t = nd.table();
            if t != NO_NODE && (reference == NO_NODE || tree.tables.get(t).samples() >= TABLE_READY)
            {
                reference = t;
            }
            if node != root && before < expand_after && nd.first_child() == NO_NODE {
                break;
            }
            let seen = nd.first_child();
            let (child, key, level) = self.select(tree, node, seen, reference);
            self.seq.push((nd.mover(), key));
            self.game.play(step_of(key));
            played += 1;
            let child = match child {
                NO_NODE => match self.expand(tree, node, key, level, seen) {
                    Some(c) => c,
                    None => break,
                },
                c => c,
            };
            before = tree.node(child).enter();
            self.path.push(child);
            node = child;
        }
        if p.policy == Policy::Eval && !self.game.is_over() && fixed_win.is_none() {
            let v = super::alphabeta::win_rate(super::eval::evaluate(&self.game, 0, 0)) as f32;
            self.backup(tree, v, 0.0);
            return played;
        }
        let patterns = self.shape.as_ref().zip(p.patterns);
        while !self.game.is_over() {
            let s = p
                .policy
                .step_with(&self.game, &mut self.rng, &mut self.buf, patterns);
            self.seq.push((mover(&self.game), key_of(s)));
            self.game.play(s);
            played += 1;
        }
        let t = terminal(&self.game, p.reward);
        let reward0 = match fixed_win {
            Some(v) => t.reward + (1.0 - p.reward.score_weight as f32) * (v - t.win),
            None => t.reward,
        };
        if let Some(o) = owners {
            self.game.final_owners(&mut self.owners);
            o.add(&self.owners);
        }
        self.backup(tree, reward0, t.margin);
        let leaf = *self.path.last().expect("the root at least");
        if p.solver && tree.node(leaf).proven() != Proven::Unknown {
            self.backup_proof(tree);
        }
        played
    }

    /// Creates the node for the position `self.game` is in, reached from `parent` by `key`
    /// (whose prior level there was `level`).
    fn expand(
        &mut self,
        tree: &Tree,
        parent: u32,
        key: MoveKey,
        level: u16,
        seen: u32,
    ) -> Option<u32> {
        let by = tree.node(parent).mover();
        let proven = if self.game.is_over() {
            Proven::from_win0(terminal(&self.game, RewardShape::WIN_LOSS).win)
        } else {
            Proven::Unknown
        };
        let c = tree.new_node(key, by, mover(&self.game), proven, level)?;
        Some(tree.link(parent, c, seen))
    }

    /// The step to take from `node` and its child (or [`NO_NODE`] when untried among the
    /// children from `first` on), reading the all-moves-as-first table `reference`; and the
    /// step's prior level when untried ([`NO_PRIOR`] without patterns).
    ///
    /// The learned priors ([`super::patterns`]) are computed once per step of a node and
    /// cached: a child keeps its step's ([`super::tree::Node::prior`]), a GRAVE table keeps
    /// those of its owner's legal steps beside them. At a node without a table, an untried
    /// step's prior is computed only if it could make that step the best.
    fn select(
        &mut self,
        tree: &Tree,
        node: u32,
        first: u32,
        reference: u32,
    ) -> (u32, MoveKey, u16) {
        let nd = tree.node(node);
        let m = nd.mover();
        let p = self.params;
        let ln_n = (nd.visits().max(1) as f32).ln();
        let rave = p.rave_bias >= 0.0;
        let table = (rave && reference != NO_NODE).then(|| tree.tables.get(reference));
        let prior = table.map_or(0.5, |t| t.seat_mean(m)) * AMAF_PRIOR;
        let amaf = |k: MoveKey| match table {
            Some(t) if is_place_key(k) => t.sums(m, k),
            _ => (0.0, 0.0),
        };
        // Progressive bias from the learned patterns (0 without them).
        let patterns = p.patterns.filter(|_| self.shape.is_some());
        let bias = |level: u16| match patterns {
            Some(pt) if level != NO_PRIOR => p.pattern_weight * pt.level_prior(level),
            _ => 0.0,
        };
        // Below a proven root every step is equally lost (or drawn): choose by the margin.
        let proofs = p.solver && nd.proven() == Proven::Unknown;
        self.stamp_now = self.stamp_now.wrapping_add(1);
        if self.stamp_now == 0 {
            self.tried.fill(0);
            self.board_at = 0;
            self.stamp_now = 1;
        }
        let now = self.stamp_now;
        // The steps tried so far: their own statistics.
        let mut best: (f32, u32, MoveKey) = (f32::NEG_INFINITY, NO_NODE, 0);
        let mut children = 0usize;
        for c in tree.children_from(first) {
            let cn = tree.node(c);
            let k = cn.key();
            self.tried[k as usize] = now;
            children += 1;
            if proofs {
                match cn.proven().value_for(m) {
                    Some(v) if v >= 1.0 => return (c, k, NO_PRIOR),
                    // A proven loss or draw is worth exactly that: no exploration bonus.
                    Some(v) => {
                        if v - 0.01 > best.0 {
                            best = (v - 0.01, c, k);
                        }
                        continue;
                    }
                    None => {}
                }
            }
            let n = cn.visits() as f32;
            let (an, aw) = amaf(k);
            let value = if n == 0.0 {
                // Created by a simulation still running (its virtual loss is all there is).
                if rave && an > 0.0 {
                    (aw + prior) / (an + AMAF_PRIOR)
                } else {
                    p.fpu
                }
            } else {
                let w = cn.reward_sum() as f32;
                if rave {
                    let pn = an + AMAF_PRIOR;
                    let beta = pn / (pn + n + p.rave_bias * pn * n);
                    (1.0 - beta) * (w / n) + beta * (aw + prior) / pn
                } else {
                    w / n
                }
            };
            let score =
                value + p.exploration * (ln_n / (n + 1.0)).sqrt() + bias(cn.prior()) / (n + 1.0);
            if score > best.0 {
                best = (score, c, k);
            }
        }
        if nd.legal() != 0 && children >= nd.legal() as usize {
            return (best.1, best.2, NO_PRIOR);
        }
        if best.1 != NO_NODE
            && p.widening > 0.0
            && children as f32 >= p.widening * (nd.visits() as f32).sqrt()
        {
            return (best.1, best.2, NO_PRIOR);
        }
        // The untried steps: all-moves-as-first estimates, all with the same exploration term.
        let own = nd.table();
        let mut cached = false;
        if own != NO_NODE {
            cached = tree.tables.get(own).legal(&mut self.keys, &mut self.levels);
        }
        if !cached {
            self.game.legal_steps(&mut self.buf);
            self.keys.clear();
            self.keys.extend(self.buf.iter().map(|&s| key_of(s)));
            if own != NO_NODE {
                self.levels.clear();
                for i in 0..self.keys.len() {
                    let level = self.level(self.keys[i]);
                    self.levels.push(level);
                }
                tree.tables.get(own).set_legal(&self.keys, &self.levels);
                cached = true;
            }
        }
        if nd.legal() == 0 {
            nd.set_legal(self.keys.len());
        }
        let explore = p.exploration * ln_n.sqrt();
        // What a prior can add at most: a step whose score without it is lower than the best
        // so far by more than this cannot win, so its prior is not computed.
        let most = patterns.map_or(0.0, |pt| p.pattern_weight * pt.max_prior());
        let mut best_level = NO_PRIOR;
        // Ties (steps without statistics) go to the first in a random rotation.
        let len = self.keys.len();
        let start = self.rng.below(len);
        for i in (start..len).chain(0..start) {
            let k = self.keys[i];
            if self.tried[k as usize] == now {
                continue;
            }
            let (an, aw) = amaf(k);
            let value = if rave && an > 0.0 {
                (aw + prior) / (an + AMAF_PRIOR)
            } else {
                p.fpu
            };
            let base = value + explore;
            let level = if patterns.is_none() {
                NO_PRIOR
            } else if cached {
                self.levels[i]
            } else if base + most <= best.0 {
                // `base + bias ≤ base + most ≤ best`: not better (rounding is monotonic).
                continue;
            } else {
                self.level(k)
            };
            let score = base + bias(level);
            if score > best.0 {
                best = (score, NO_NODE, k);
                best_level = level;
            }
        }
        (best.1, best.2, best_level)
    }

    /// The prior level of the step `key` in the position being selected from (placements
    /// only; [`NO_PRIOR`] otherwise or without patterns). Reads the board once per selection.
    #[inline]
    fn level(&mut self, key: MoveKey) -> u16 {
        let (Some(shape), Some(patterns)) = (&self.shape, self.params.patterns) else {
            return NO_PRIOR;
        };
        let Step::Place { cell, stone } = step_of(key) else {
            return NO_PRIOR;
        };
        if self.board_at != self.stamp_now {
            shape.read(&self.game, &mut self.board);
            self.board_at = self.stamp_now;
        }
        let own = crate::games::Stone::of_side(self.game.to_move());
        patterns.level(shape.code_in(&self.board, cell, stone, own))
    }

    fn backup(&mut self, tree: &Tree, reward0: f32, margin0: f32) {
        for &n in &self.path {
            let nd = tree.node(n);
            let by = nd.by();
            nd.add_result(for_seat(reward0, by), margin_for(margin0, by));
        }
        if self.params.rave_bias < 0.0 {
            return;
        }
        // All-moves-as-first: each table on the path records the steps after its owner.
        for (d, &n) in self.path.iter().enumerate() {
            let nd = tree.node(n);
            let t = match nd.table() {
                NO_NODE if nd.visits() >= TABLE_AFTER || n == tree.root => {
                    match tree.tables.alloc(&tree.budget, n) {
                        Some(t) if nd.install_table(t) => t,
                        _ => continue,
                    }
                }
                NO_NODE => continue,
                t => t,
            };
            let table = tree.tables.get(t);
            if self.stamp.len() != table.stamp_len() {
                self.stamp = vec![0; table.stamp_len()];
            }
            table.record(&self.seq[d..], reward0, &mut self.stamp);
        }
    }

    /// MCTS-Solver: a node is won if one child is won for its mover, decided if every legal
    /// step has a proven child (then it is worth the best of them).
    fn backup_proof(&mut self, tree: &Tree) {
        for i in (0..self.path.len().saturating_sub(1)).rev() {
            let nd = tree.node(self.path[i]);
            if nd.proven() != Proven::Unknown {
                break;
            }
            let m = nd.mover();
            let cp = tree.node(self.path[i + 1]).proven();
            match cp.value_for(m) {
                None => break,
                Some(v) if v >= 1.0 => nd.set_proven(cp),
                Some(_) => {
                    let mut best: Option<(Proven, f32)> = None;
                    let mut count = 0usize;
                    for c in tree.children(self.path[i]) {
                        count += 1;
                        let p = tree.node(c).proven();
                        match p.value_for(m) {
                            None => {
                                best = None;
                                break;
                            }
                            Some(v) if best.is_none_or(|(_, b)| v > b) => best = Some((p, v)),
                            Some(_) => {}
                        }
                    }
                    match best {
                        Some((p, _)) if count == nd.legal() as usize && count > 0 => {
                            nd.set_proven(p)
                        }
                        _ => break,
                    }
                }
            }
        }
    }
}
