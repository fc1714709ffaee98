//! The playouts evaluator (the `mcts` player): UCT with all-moves-as-first statistics (GRAVE,
//! [`amaf`]), learned patterns as a progressive bias ([`patterns`]), a playout to the end of
//! the game at each new leaf ([`policy`]), score-aware rewards, MCTS-Solver.
//!
//! One tree level is one step, so a multi-stone turn is several levels by the same seat; the
//! statistics on a node are always from the view of the seat that took the step into it (see
//! [`crate::search::reward`]). The descent, the backup and the threads are the tree search's
//! ([`super::walk`], [`super::run`]); this evaluator brings the selection rule and the leaf's
//! value.
//!
//! Selection chooses among *all* legal steps of each position (tried ones by their statistics,
//! untried ones by the all-moves-as-first estimate), and the walker creates a node the first
//! time a step is taken: the tree grows by one node per simulation, and a position's untried
//! steps cost nothing. A node gets children once it has been visited
//! [`MctsParams::expand_after`] times (before that, simulations play out from it; more times as
//! the budget fills, see [`Tree::growth_shift`]).

pub(crate) mod amaf;
pub(crate) mod ownership;
pub mod patterns;
pub(crate) mod policy;

use super::nodes::{Proven, Tree, NO_NODE, NO_PRIOR};
use super::walk::{Evaluator, Valued};
use crate::games::{Game, SearchHints, Side, Step};
use crate::rng::FastRng;
use crate::search::keys::{is_place_key, key_of, step_of, MoveKey, KEY_COUNT};
use crate::search::reward::{mover, terminal, RewardShape, Seat};
use amaf::{Layout, TABLE_AFTER, TABLE_READY};
use ownership::Ownership;
use patterns::{Patterns, Shape};
use policy::Policy;

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

/// One thread's playouts evaluator: its random generator and scratch space.
#[derive(Debug)]
pub struct Playouts<'a, G: Game> {
    params: MctsParams,
    layout: Layout,
    ownership: Option<&'a Ownership>,
    rng: FastRng,
    buf: Vec<Step>,
    keys: Vec<MoveKey>,
    /// The prior levels of `keys`, when cached with them.
    levels: Vec<u16>,
    /// The steps of the simulation under way (descent and playout), for the tables.
    seq: Vec<(Seat, MoveKey)>,
    /// Visits a node needs before it gets children in this simulation.
    expand_after: u32,
    /// The all-moves-as-first table selection reads in this simulation ([`NO_NODE`]: none).
    reference: u32,
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
    _game: std::marker::PhantomData<fn(&G)>,
}

/// The side tables the playouts keep on a board of `cells` cells: their words each (the
/// tree's [`Tree::new`] takes it).
pub fn table_words(cells: usize) -> usize {
    Layout::new(cells).words()
}

impl<'a, G: SearchHints> Playouts<'a, G> {
    /// An evaluator for searches of positions like `game`, drawing from `seed`; each playout's
    /// final owners are added to `ownership` when given.
    pub fn new(
        game: &G,
        params: MctsParams,
        seed: u64,
        ownership: Option<&'a Ownership>,
    ) -> Playouts<'a, G> {
        Playouts {
            params,
            layout: Layout::new(game.geometry().cells()),
            ownership,
            rng: FastRng::seed(seed),
            buf: Vec::with_capacity(512),
            keys: Vec::with_capacity(512),
            levels: Vec::with_capacity(512),
            seq: Vec::with_capacity(1024),
            expand_after: params.expand_after,
            reference: NO_NODE,
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
            _game: std::marker::PhantomData,
        }
    }

    /// The step to take from `node` in the position `game` and its child (or [`NO_NODE`] when
    /// untried among the children from `first` on), reading the all-moves-as-first table
    /// `reference`; and the step's prior level when untried ([`NO_PRIOR`] without patterns).
    ///
    /// The learned priors ([`patterns`]) are computed once per step of a node and cached: a
    /// child keeps its step's ([`super::nodes::Node::prior`]), a GRAVE table keeps those of
    /// its owner's legal steps beside them. At a node without a table, an untried step's prior
    /// is computed only if it could make that step the best.
    fn choose(
        &mut self,
        tree: &Tree,
        node: u32,
        first: u32,
        reference: u32,
        game: &G,
    ) -> (u32, MoveKey, u16) {
        let nd = tree.node(node);
        let m = nd.mover();
        let p = self.params;
        let ln_n = (nd.visits().max(1) as f32).ln();
        let rave = p.rave_bias >= 0.0;
        let table =
            (rave && reference != NO_NODE).then(|| self.layout.get(&tree.tables, reference));
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
            cached = self
                .layout
                .get(&tree.tables, own)
                .legal(&mut self.keys, &mut self.levels);
        }
        if !cached {
            game.legal_steps(&mut self.buf);
            self.keys.clear();
            self.keys.extend(self.buf.iter().map(|&s| key_of(s)));
            if own != NO_NODE {
                self.levels.clear();
                for i in 0..self.keys.len() {
                    let level = self.level(self.keys[i], game);
                    self.levels.push(level);
                }
                self.layout
                    .get(&tree.tables, own)
                    .set_legal(&self.keys, &self.levels);
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
                self.level(k, game)
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
    fn level(&mut self, key: MoveKey, game: &G) -> u16 {
        let (Some(shape), Some(patterns)) = (&self.shape, self.params.patterns) else {
            return NO_PRIOR;
        };
        let Step::Place { cell, stone } = step_of(key) else {
            return NO_PRIOR;
        };
        if self.board_at != self.stamp_now {
            shape.read(game, &mut self.board);
            self.board_at = self.stamp_now;
        }
        let own = crate::games::Stone::of_side(game.to_move());
        patterns.level(shape.code_in(&self.board, cell, stone, own))
    }

    /// All-moves-as-first: each table on `path` records the steps after its owner.
    fn record_tables(&mut self, tree: &Tree, path: &[u32], reward0: f32) {
        if self.params.rave_bias < 0.0 {
            return;
        }
        for (d, &n) in path.iter().enumerate() {
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
            let table = self.layout.get(&tree.tables, t);
            if self.stamp.len() != table.stamp_len() {
                self.stamp = vec![0; table.stamp_len()];
            }
            table.record(&self.seq[d..], reward0, &mut self.stamp);
        }
    }

    /// MCTS-Solver: a node is won if one child is won for its mover, decided if every legal
    /// step has a proven child (then it is worth the best of them).
    fn backup_proof(&mut self, tree: &Tree, path: &[u32]) {
        for i in (0..path.len().saturating_sub(1)).rev() {
            let nd = tree.node(path[i]);
            if nd.proven() != Proven::Unknown {
                break;
            }
            let m = nd.mover();
            let cp = tree.node(path[i + 1]).proven();
            match cp.value_for(m) {
                None => break,
                Some(v) if v >= 1.0 => nd.set_proven(cp),
                Some(_) => {
                    let mut best: Option<(Proven, f32)> = None;
                    let mut count = 0usize;
                    for c in tree.children(path[i]) {
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

impl<G: SearchHints> Evaluator<G> for Playouts<'_, G> {
    fn solver(&self) -> bool {
        self.params.solver
    }

    fn copy_root(&self) -> bool {
        self.params.copy_root
    }

    fn begin(&mut self, tree: &Tree) {
        self.seq.clear();
        self.expand_after = self.params.expand_after << tree.growth_shift();
        self.reference = NO_NODE;
    }

    fn is_leaf(&self, tree: &Tree, node: u32, before: u32, is_root: bool) -> bool {
        !is_root && before < self.expand_after && tree.node(node).first_child() == NO_NODE
    }

    fn select(&mut self, tree: &Tree, node: u32, first: u32, game: &G) -> (u32, MoveKey, u16) {
        let nd = tree.node(node);
        let t = nd.table();
        if t != NO_NODE
            && (self.reference == NO_NODE
                || self.layout.get(&tree.tables, t).samples() >= TABLE_READY)
        {
            self.reference = t;
        }
        let chosen = self.choose(tree, node, first, self.reference, game);
        self.seq.push((nd.mover(), chosen.1));
        chosen
    }

    fn value(&mut self, _tree: &Tree, game: &mut G, _path: &[u32], fixed: Option<f32>) -> Valued {
        let p = self.params;
        if p.policy == Policy::Eval && !game.is_over() && fixed.is_none() {
            let v = crate::search::alphabeta::win_rate(crate::search::alphabeta::eval::evaluate(
                game, 0, 0,
            )) as f32;
            return Valued::Now {
                reward0: v,
                margin0: 0.0,
                played: 0,
            };
        }
        let patterns = self.shape.as_ref().zip(p.patterns);
        let mut played = 0;
        while !game.is_over() {
            let s = p
                .policy
                .step_with(&*game, &mut self.rng, &mut self.buf, patterns);
            self.seq.push((mover(&*game), key_of(s)));
            game.play(s);
            played += 1;
        }
        let t = terminal(&*game, p.reward);
        let reward0 = match fixed {
            Some(v) => t.reward + (1.0 - p.reward.score_weight as f32) * (v - t.win),
            None => t.reward,
        };
        if let Some(o) = self.ownership {
            game.final_owners(&mut self.owners);
            o.add(&self.owners);
        }
        Valued::Now {
            reward0,
            margin0: t.margin,
            played,
        }
    }

    fn backed_up(&mut self, tree: &Tree, path: &[u32], reward0: f32) {
        self.record_tables(tree, path, reward0);
        let leaf = *path.last().expect("the root at least");
        if self.params.solver && tree.node(leaf).proven() != Proven::Unknown {
            self.backup_proof(tree, path);
        }
    }
}
