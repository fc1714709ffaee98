//! Monte Carlo tree search for one thread: UCT with RAVE (all-moves-as-first statistics),
//! score-aware rewards, MCTS-Solver and a node budget.
//!
//! One tree level is one step, so a multi-stone turn is several levels by the same player;
//! values on an edge are always from the view of the player who takes that step (see
//! [`super::reward`]). The parallel driver ([`super::parallel`]) runs one [`Worker`] per thread
//! (root parallelism) and merges their root statistics.

use super::keys::{is_place_key, key_of, step_of, KeySet, MoveKey};
use super::playout::Policy;
use super::reward::{for_player, margin_for, mover, terminal, Player, RewardShape};
use super::tree::{Proven, Tree, NO_NODE};
use crate::games::{Game, Step};
use crate::rng::FastRng;

/// The knobs of the search (all measured with `tessera match`; defaults in
/// [`MctsParams::default`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsParams {
    /// UCB exploration constant.
    pub exploration: f32,
    /// RAVE bias (`4b²` in Silver's schedule `β = ñ / (n + ñ + 4b²·n·ñ)`); negative disables
    /// the all-moves-as-first statistics.
    pub rave_bias: f32,
    /// Value of a step never tried and without AMAF statistics (first-play urgency).
    pub fpu: f32,
    /// How results become rewards (score-aware for the territory games).
    pub reward: RewardShape,
    /// Back up proven wins and losses (MCTS-Solver).
    pub solver: bool,
    /// A leaf edge gets its own node once it has been visited this many times.
    pub expand_after: u32,
    /// The playout policy.
    pub policy: Policy,
    /// Run each simulation on a fresh copy of the root position instead of playing forward
    /// and undoing (pays where undo is dearer than a copy: Keil rebuilds its groups on undo).
    pub copy_root: bool,
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
            copy_root: false,
        }
    }
}

/// What AMAF statistics start from: the node's mean AMAF value.
#[derive(Clone, Copy)]
struct Prior {
    mean: f32,
}

/// Pseudo-updates of every step's AMAF statistics at its node's mean AMAF value.
const AMAF_PRIOR: f32 = 10.0;

/// One thread's search: a tree, the root position and scratch space.
#[derive(Debug)]
pub struct Worker<G: Game> {
    /// The tree; its root is the position `game` holds between iterations.
    pub tree: Tree,
    game: G,
    params: MctsParams,
    rng: FastRng,
    buf: Vec<Step>,
    path: Vec<(u32, u32)>,
    seq: Vec<(Player, MoveKey)>,
    seen: [KeySet; 2],
    /// Iterations run since the worker was created or last [`Worker::set_root`].
    pub iterations: u64,
}

impl<G: Game> Worker<G> {
    /// A worker searching `game` with a fresh tree of at most `budget` bytes.
    pub fn new(game: &G, params: MctsParams, budget: usize, seed: u64) -> Worker<G> {
        let mut w = Worker {
            tree: Tree::new(budget),
            game: game.clone(),
            params,
            rng: FastRng::seed(seed),
            buf: Vec::with_capacity(512),
            path: Vec::with_capacity(64),
            seq: Vec::with_capacity(1024),
            seen: [KeySet::new(), KeySet::new()],
            iterations: 0,
        };
        w.ensure_root();
        w
    }

    /// Moves the worker to `game`, keeping the tree under `root` (a node of the current tree,
    /// or [`NO_NODE`] to start afresh).
    pub fn set_root(&mut self, game: &G, root: u32, params: MctsParams, seed: u64) {
        self.tree.reroot(root);
        self.game = game.clone();
        self.params = params;
        self.rng = FastRng::seed(seed);
        self.iterations = 0;
        self.ensure_root();
    }

    /// The root position.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The parameters in use.
    pub fn params(&self) -> &MctsParams {
        &self.params
    }

    fn ensure_root(&mut self) {
        if self.tree.root == NO_NODE {
            self.tree.root = self.new_node().expect("the root always fits");
        }
    }

    /// Creates the node for the position `self.game` is in, if the budget allows.
    fn new_node(&mut self) -> Option<u32> {
        let m = mover(&self.game);
        if self.game.is_over() {
            let t = terminal(&self.game, RewardShape::WIN_LOSS);
            return self
                .tree
                .add_node(m, std::iter::empty(), Proven::from_win0(t.win));
        }
        self.game.legal_steps(&mut self.buf);
        self.tree
            .add_node(m, self.buf.iter().map(|&s| key_of(s)), Proven::Unknown)
    }

    /// Whether the root's result is proven.
    pub fn root_proven(&self) -> Proven {
        self.tree.nodes[self.tree.root as usize].proven
    }

    /// The edge to follow from `node`.
    fn select(&mut self, node: u32) -> usize {
        let nd = self.tree.nodes[node as usize];
        let m = nd.mover;
        let p = &self.params;
        let ln_n = (nd.visits.max(1) as f32).ln();
        let rave = p.rave_bias >= 0.0;
        // Steps random playouts never take (pass, end, button, swap) have few AMAF updates
        // (only from the tree); they start from the average AMAF value of the node's steps,
        // so that they share the bias AMAF gives every other step (in Wunchunk, for one, a
        // player who loses places more stones, so AMAF values sit below the node's mean)
        // instead of competing with their own noisy mean.
        let prior = Prior {
            mean: if nd.amaf_n > 0 {
                nd.amaf_w / nd.amaf_n as f32
            } else {
                0.5
            },
        };
        let mut best = usize::MAX;
        let mut best_score = f32::NEG_INFINITY;
        // Below a proven root every step is equally lost (or drawn): choose by the margin.
        let proofs = p.solver && nd.proven == Proven::Unknown;
        for i in self.tree.edge_range(node) {
            let e = &self.tree.edges[i];
            let score = if proofs && e.child != NO_NODE {
                match self.tree.nodes[e.child as usize].proven.value_for(m) {
                    Some(v) if v >= 1.0 => return i,
                    // A proven loss or draw is worth exactly that: no exploration bonus.
                    Some(v) => v - 0.01,
                    None => self.ucb(e, ln_n, rave, prior),
                }
            } else {
                self.ucb(e, ln_n, rave, prior)
            };
            // Tiny noise breaks ties among untried steps without favouring board order.
            let score = if e.n == 0 {
                score + self.rng.unit() as f32 * 1e-4
            } else {
                score
            };
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    #[inline]
    fn ucb(&self, e: &super::tree::Edge, ln_n: f32, rave: bool, prior: Prior) -> f32 {
        let p = &self.params;
        let n = e.n as f32;
        let value = if rave {
            // AMAF with a few pseudo-updates at the node's mean AMAF value: decisive for
            // steps playouts (almost) never take, negligible for the others.
            let an = e.amaf_n as f32 + AMAF_PRIOR;
            let amaf = (e.amaf_w + AMAF_PRIOR * prior.mean) / an;
            if e.n == 0 {
                if e.amaf_n > 0 {
                    amaf
                } else {
                    p.fpu
                }
            } else {
                let beta = an / (an + n + p.rave_bias * an * n);
                (1.0 - beta) * (e.w / n) + beta * amaf
            }
        } else if e.n == 0 {
            p.fpu
        } else {
            e.w / n
        };
        value + p.exploration * (ln_n / (n + 1.0)).sqrt()
    }

    /// Runs one simulation: select down the tree, expand, play out, back up.
    pub fn iterate(&mut self) {
        if self.params.copy_root {
            let root = self.game.clone();
            self.simulate();
            self.game = root;
        } else {
            let played = self.simulate();
            for _ in 0..played {
                self.game.undo();
            }
        }
    }

    /// One simulation on `self.game`, which it leaves at the end of the playout; returns the
    /// steps played.
    fn simulate(&mut self) -> usize {
        self.path.clear();
        self.seq.clear();
        let shape = self.params.reward;
        let mut node = self.tree.root;
        let mut played = 0usize;
        let mut proven_leaf = false;
        let mut fixed_win: Option<f32> = None;
        loop {
            let nd = self.tree.nodes[node as usize];
            if nd.len == 0 {
                proven_leaf = true;
                break;
            }
            // A proven root is still searched (a lost game is played for the best margin).
            if self.params.solver && node != self.tree.root {
                if let Some(v) = nd.proven.value0() {
                    fixed_win = Some(v);
                    break;
                }
            }
            let e = self.select(node);
            let key = self.tree.edges[e].key;
            self.path.push((node, e as u32));
            self.seq.push((nd.mover, key));
            self.game.play(step_of(key));
            played += 1;
            let child = self.tree.edges[e].child;
            if child != NO_NODE {
                node = child;
                continue;
            }
            if self.game.is_over() || self.tree.edges[e].n + 1 >= self.params.expand_after {
                if let Some(c) = self.new_node() {
                    self.tree.edges[e].child = c;
                    proven_leaf = self.tree.nodes[c as usize].proven != Proven::Unknown;
                }
            }
            break;
        }
        // Play out to the end.
        while !self.game.is_over() {
            let p = mover(&self.game);
            let s = self
                .params
                .policy
                .step(&self.game, &mut self.rng, &mut self.buf);
            self.seq.push((p, key_of(s)));
            self.game.play(s);
            played += 1;
        }
        let t = terminal(&self.game, shape);
        // A proven position's win part is exact; the playout only supplies the margin.
        let reward0 = match fixed_win {
            Some(v) => t.reward + (1.0 - shape.score_weight as f32) * (v - t.win),
            None => t.reward,
        };
        self.backup(reward0, t.margin);
        if self.params.solver && (proven_leaf || fixed_win.is_some()) {
            self.backup_proof();
        }
        self.iterations += 1;
        played
    }

    fn backup(&mut self, reward0: f32, margin0: f32) {
        let tree = &mut self.tree;
        for &(node, e) in &self.path {
            let m = tree.nodes[node as usize].mover;
            tree.nodes[node as usize].visits += 1;
            let edge = &mut tree.edges[e as usize];
            edge.n += 1;
            edge.w += for_player(reward0, m);
            edge.margin += margin_for(margin0, m);
        }
        tree.nodes[tree.root as usize].visits += (self.path.is_empty()) as u32;
        if self.params.rave_bias < 0.0 {
            return;
        }
        // AMAF: a node's edge is credited when its mover played the same placement later in
        // the simulation (tree part or playout). Actions (pass, end, button, swap, …) are left
        // out: "passed later" says nothing about passing now.
        let [s0, s1] = &mut self.seen;
        s0.clear();
        s1.clear();
        let depth = self.path.len();
        for &(p, k) in &self.seq[depth..] {
            if is_place_key(k) {
                if p == 0 {
                    s0.insert(k)
                } else {
                    s1.insert(k)
                }
            }
        }
        for d in (0..depth).rev() {
            let (p, k) = self.seq[d];
            if is_place_key(k) {
                if p == 0 {
                    s0.insert(k)
                } else {
                    s1.insert(k)
                }
            }
            let node = self.path[d].0;
            let m = tree.nodes[node as usize].mover;
            let seen = if m == 0 { &*s0 } else { &*s1 };
            let r = for_player(reward0, m);
            let range = tree.edge_range(node);
            let mut count = 0;
            for edge in &mut tree.edges[range] {
                if seen.contains(edge.key) {
                    edge.amaf_n += 1;
                    edge.amaf_w += r;
                    count += 1;
                }
            }
            let nd = &mut tree.nodes[node as usize];
            nd.amaf_n += count;
            nd.amaf_w += r * count as f32;
        }
    }

    /// MCTS-Solver: a node is won if one child is won for its mover, decided if all children
    /// are (then it is worth the best of them).
    fn backup_proof(&mut self) {
        let tree = &mut self.tree;
        for &(node, e) in self.path.iter().rev() {
            let nd = tree.nodes[node as usize];
            if nd.proven != Proven::Unknown {
                break;
            }
            let child = tree.edges[e as usize].child;
            if child == NO_NODE {
                break;
            }
            let cp = tree.nodes[child as usize].proven;
            match cp.value_for(nd.mover) {
                None => break,
                Some(v) if v >= 1.0 => tree.nodes[node as usize].proven = cp,
                Some(_) => {
                    let mut best: Option<Proven> = None;
                    let mut best_v = -1.0f32;
                    for edge in tree.edges_of(node) {
                        let c = edge.child;
                        let v = (c != NO_NODE)
                            .then(|| tree.nodes[c as usize].proven)
                            .and_then(|p| p.value_for(nd.mover).map(|v| (p, v)));
                        match v {
                            None => {
                                best = None;
                                break;
                            }
                            Some((p, v)) if v > best_v => {
                                best_v = v;
                                best = Some(p);
                            }
                            Some(_) => {}
                        }
                    }
                    match best {
                        Some(p) => tree.nodes[node as usize].proven = p,
                        None => break,
                    }
                }
            }
        }
    }
}
