//! The network evaluator (the `net` player, issue 47): PUCT guided by the game's network, as
//! AlphaZero and KataGo search. The descent, the backup, the threads, the memory budget with
//! recycling and the reuse between turns are the tree search's ([`super::walk`],
//! [`super::run`]); this evaluator brings the selection rule and the leaf's value.
//!
//! A leaf is a node without children. The network values it once, when a descent first
//! reaches it: every legal step gets a child with its prior (the policy's softmax over the
//! legal steps, leaving out those the game proves no better than another,
//! [`SearchHints::dominated`]), and the position's value and score are backed up instead of a
//! playout's result (or, with `mix=`, mixed with one: [`PuctParams::playout_mix`], as AlphaGo
//! mixed its value network with rollouts). The leaf is claimed while it waits
//! ([`super::nodes::Node::claim`]): a second descent that reaches it is abandoned and sends
//! the batch.
//!
//! Selection maximises `Q + c · P · √N / (1 + n)`; a step not yet visited is worth its parent's
//! value less a reduction that grows with the prior already explored (first-play urgency as
//! Leela Zero and KataGo do it). Leaves are evaluated in batches: one descent after another
//! queues its leaf (with the visits on its path counting as a virtual loss) until `batch`
//! leaves wait, then the network evaluates them together (one GEMM over the batch). The
//! batch is the game's `net_batch` unless the spec sets one: where a batch is no faster, the
//! virtual losses only cost (docs/nets.md, "Batch size").

use super::nodes::{Tree, NO_NODE};
use super::walk::{Batched, Evaluator, Valued};
use crate::games::{encode_net_input, Outcome, SearchHints, Side, Step};
use crate::nn::{Evaluation, Network, Workspace};
use crate::rng::FastRng;
use crate::search::keys::{key_of, MoveKey};
use crate::search::reward::{for_seat, margin_for, mover, Seat};
use crate::search::tree::playouts::policy::Policy;
use std::sync::Arc;

/// The prior's fixed-point unit in a node ([`super::nodes::Node::prior`]).
const PRIOR_ONE: f32 = 65_534.0;

/// The result of a finished game for `mover`: the win (1, ½ for a draw, 0) and the margin.
fn result_for<G: SearchHints>(game: &G, mover: Side) -> (f64, f64) {
    let win = match game.outcome().expect("the game is over") {
        Outcome::Win(side) => f64::from(u8::from(side == mover)),
        Outcome::Draw => 0.5,
    };
    let margin = game
        .points()
        .map_or(0.0, |p| p[mover.index()] - p[mover.other().index()]);
    (win, margin)
}

/// The knobs of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctParams {
    /// The exploration constant `c` (the engine's: the spec's `c=`, else the game's
    /// `net_exploration`).
    pub exploration: f32,
    /// First-play urgency: an unvisited step is worth the parent's value less this times √(the
    /// explored prior) (the engine's: the spec's `fpu=`, else [`FPU_REDUCTION`]).
    pub fpu_reduction: f32,
    /// Leaves evaluated together (the engine's: the spec's `batch=`, else the game's
    /// `net_batch`).
    pub batch: usize,
    /// The weight of a playout's result in a new leaf's value (0: the network's value alone;
    /// `mix=` in a `net` spec): the value backed up is `(1 − mix) · network + mix · playout`,
    /// for the win chance and the margin alike.
    pub playout_mix: f32,
    /// The playout policy of those playouts (the game's, as MCTS plays them).
    pub playout: Policy,
    /// The weight of the expected margin in the value selection compares (`score=` in a
    /// `net` spec; 0: the win chance alone): `(1 − s) · win + s · squash(margin − centre)`
    /// for a child's mean margin, centred on its parent's mean margin (KataGo's dynamic score
    /// utility, centred on the position rather than on 0 so that a margin of 70 points still
    /// tells 5 points apart; the squash is [`crate::search::reward::squash`]). Without it,
    /// once every step wins about 0 % or 100 %, nothing tells a step that keeps more points
    /// from one that does not.
    pub score_weight: f64,
    /// The margin, in points, that the squash maps to about 75 % (`cells / 10`, at least 2).
    pub score_scale: f64,
}

/// The first-play reduction of every game (the `fpu=` default): in Iris at 100 ms, `fpu=0`
/// against 0.2 scored 18-0-22 and `fpu=0.5` 25-0-15 with c = 1.5; with c = 1.0, `fpu=0.5`
/// 21-0-19 and `fpu=1` 4-0-36 (40 games each, docs/nets.md, "Exploration").
pub const FPU_REDUCTION: f32 = 0.2;

/// What one thread evaluates with: the weights and its scratch space, kept between searches
/// (an [`crate::search::Engine`] keeps one per thread).
pub struct Scratch {
    net: Arc<Network>,
    workspace: Workspace,
    input: Vec<f32>,
    one: Vec<f32>,
    bits: Vec<u8>,
    /// The playouts' random draws (one generator per thread).
    rng: FastRng,
    /// Scratch lists of steps.
    steps: Vec<Step>,
    /// Positions evaluated.
    pub evaluations: u64,
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scratch")
            .field("network", &self.net.shape_name())
            .field("evaluations", &self.evaluations)
            .finish()
    }
}

impl Scratch {
    /// Scratch space for batches of up to `batch` positions of `net`, its playouts drawn
    /// from `seed`.
    pub fn new(net: Arc<Network>, batch: usize, seed: u64) -> Scratch {
        let workspace = net.workspace(batch.max(1));
        Scratch {
            net,
            workspace,
            input: Vec::new(),
            one: Vec::new(),
            bits: Vec::new(),
            rng: FastRng::seed(seed),
            steps: Vec::new(),
            evaluations: 0,
        }
    }

    /// The network this scratch space evaluates with.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The network's outputs for the `n` positions in the batch.
    fn run(&mut self, n: usize) -> Vec<Evaluation> {
        if n == 0 {
            return Vec::new();
        }
        self.evaluations += n as u64;
        self.net.evaluate(&self.input, n, &mut self.workspace)
    }

    /// The network's ownership of `game`, per cell in board order: the shares `[first side,
    /// second side]` the ownership head gives, its expected owner `o` (+1 the side to move,
    /// −1 the other) read as the chances `(1 + o) / 2` and `(1 − o) / 2` (a cell that ends as
    /// nobody's, `o` near 0, is then no side's likely cell), for the heat map.
    pub fn ownership<G: SearchHints>(&mut self, game: &G) -> Option<Vec<[f64; 2]>> {
        if !encode_net_input(game, &mut self.bits, &mut self.one) {
            return None;
        }
        self.input.clear();
        self.input.extend_from_slice(&self.one);
        let out = self.run(1).pop()?;
        let mover = game.to_move().index();
        Some(
            game.geometry()
                .all_cells()
                .map(|c| {
                    let o = f64::from(out.ownership[game.net_point(c)]);
                    let mut shares = [0.0; 2];
                    shares[mover] = (1.0 + o) / 2.0;
                    shares[1 - mover] = (1.0 - o) / 2.0;
                    shares
                })
                .collect(),
        )
    }
}

/// A leaf waiting for the network.
struct Waiting<G> {
    path: Vec<u32>,
    /// The seat and the side to move at the leaf.
    seat: Seat,
    side: Side,
    legal: Vec<(MoveKey, usize)>,
    /// Where the value is mixed with a playout: the leaf's position until it is played out
    /// (when the batch goes), then the playout's win (0–1) and margin for `side`.
    playout: Option<Result<(f64, f64), G>>,
}

/// One thread's network evaluator.
pub struct Net<'a, G> {
    scratch: &'a mut Scratch,
    params: PuctParams,
    waiting: Vec<Waiting<G>>,
}

impl<'a, G: SearchHints> Net<'a, G> {
    /// An evaluator with `params`, evaluating with `scratch`.
    pub fn new(scratch: &'a mut Scratch, params: PuctParams) -> Net<'a, G> {
        Net {
            scratch,
            params,
            waiting: Vec::with_capacity(params.batch),
        }
    }

    /// The child of `node` to descend into (`m` moves at `node`).
    fn choose(&self, tree: &Tree, node: u32) -> u32 {
        let p = &self.params;
        let parent = tree.node(node);
        // The parent's visits without this descent's own, which entered it already.
        let total = parent.visits().saturating_sub(1);
        let sqrt_n = (total.max(1) as f32).sqrt();
        let explored: f32 = tree
            .children(node)
            .map(|c| tree.node(c))
            .filter(|c| c.visits() > 0)
            .map(|c| prior_of(c.prior()))
            .sum();
        // The parent's value and margin for its mover (the seat that takes the children's
        // steps), the simulations under way counting as losses with no margin whoever looks
        // (this descent's own aside): the win is `w / N` for the seat that took the parent's
        // step, `(N − w − under way) / N` for the other.
        let (parent_win, parent_margin) = if total == 0 {
            (None, None)
        } else {
            let n = f64::from(total);
            let under_way = f64::from(parent.pending().saturating_sub(1));
            let (w, m) = (parent.reward_sum(), parent.margin_sum() / n);
            if parent.by() == parent.mover() {
                (Some(w / n), Some(m))
            } else {
                (Some((n - w - under_way) / n), Some(-m))
            }
        };
        // The margins count only with a score weight: no division on every descent without.
        let centre = if p.score_weight > 0.0 {
            parent_margin.unwrap_or(0.0)
        } else {
            0.0
        };
        let parent_value = parent_win.map_or(0.5, |w| self.utility(w, parent_margin, centre));
        let fpu = parent_value as f32 - p.fpu_reduction * explored.sqrt();
        let mut best = NO_NODE;
        let mut best_score = f32::NEG_INFINITY;
        for c in tree.children(node) {
            let child = tree.node(c);
            let visits = child.visits();
            let q = if visits == 0 {
                fpu
            } else {
                let n = f64::from(visits);
                let win = child.reward_sum() / n;
                self.utility(win, Some(child.margin_sum() / n), centre) as f32
            };
            let u = p.exploration * prior_of(child.prior()) * sqrt_n / (1 + visits) as f32;
            if q + u > best_score {
                best_score = q + u;
                best = c;
            }
        }
        best
    }

    /// The value selection compares: the win chance blended with the squashed margin
    /// ([`PuctParams::score_weight`]).
    fn utility(&self, win: f64, margin: Option<f64>, centre: f64) -> f64 {
        let p = &self.params;
        if p.score_weight <= 0.0 {
            return win;
        }
        let margin = margin.unwrap_or(centre);
        let squashed = crate::search::reward::squash(margin - centre, p.score_scale);
        (1.0 - p.score_weight) * win + p.score_weight * squashed
    }
}

/// A prior from its fixed-point code.
#[inline]
fn prior_of(code: u16) -> f32 {
    f32::from(code) * (1.0 / PRIOR_ONE)
}

impl<G: SearchHints> Evaluator<G> for Net<'_, G> {
    fn counts_pending(&self) -> bool {
        true
    }

    fn is_leaf(&self, tree: &Tree, node: u32, _before: u32, _is_root: bool) -> bool {
        tree.node(node).first_child() == NO_NODE
    }

    fn select(&mut self, tree: &Tree, node: u32, _first: u32, _game: &G) -> (u32, MoveKey, u16) {
        let c = self.choose(tree, node);
        let child = tree.node(c);
        (c, child.key(), child.prior())
    }

    fn value(&mut self, tree: &Tree, game: &mut G, path: &[u32], _fixed: Option<f32>) -> Valued {
        let seat = mover(&*game);
        if game.is_over() {
            let side = game.to_move();
            let (win, margin) = result_for(&*game, side);
            return Valued::Now {
                reward0: for_seat(win as f32, seat),
                margin0: margin_for(margin as f32, seat),
                played: 0,
            };
        }
        let leaf = tree.node(*path.last().expect("the root at least"));
        if !leaf.claim() {
            return Valued::Collision;
        }
        if leaf.first_child() != NO_NODE {
            // Valued and given children since this descent looked.
            leaf.release();
            return Valued::Collision;
        }
        let s = &mut *self.scratch;
        game.legal_steps(&mut s.steps);
        let legal = s
            .steps
            .iter()
            .filter(|&&st| !game.dominated(st))
            .filter_map(|&st| game.net_index(st).map(|i| (key_of(st), i)))
            .collect();
        if self.waiting.is_empty() {
            s.input.clear();
        }
        encode_net_input(&*game, &mut s.bits, &mut s.one);
        s.input.extend_from_slice(&s.one);
        self.waiting.push(Waiting {
            path: path.to_vec(),
            seat,
            side: game.to_move(),
            legal,
            playout: (self.params.playout_mix > 0.0).then(|| Err(game.clone())),
        });
        Valued::Queued {
            full: self.waiting.len() >= self.params.batch.max(1),
        }
    }

    fn flush(&mut self, tree: &Tree, out: &mut Vec<Batched>) {
        if self.waiting.is_empty() {
            return;
        }
        let p = self.params;
        let s = &mut *self.scratch;
        for leaf in &mut self.waiting {
            if let Some(Err(g)) = &mut leaf.playout {
                while !g.is_over() {
                    let step = p.playout.step(&*g, &mut s.rng, &mut s.steps);
                    g.play(step);
                }
                leaf.playout = Some(Ok(result_for(&*g, leaf.side)));
            }
        }
        let outputs = s.run(self.waiting.len());
        let mut weights = Vec::new();
        for (leaf, evaluation) in self.waiting.drain(..).zip(outputs) {
            let node = *leaf.path.last().expect("the root at least");
            expand(tree, node, &leaf, &evaluation, &mut weights);
            tree.node(node).release();
            let mut win = f64::from(evaluation.value.clamp(-1.0, 1.0) + 1.0) / 2.0;
            let mut margin = f64::from(evaluation.score);
            if let Some(Ok((w, m))) = leaf.playout {
                let mix = f64::from(p.playout_mix);
                win = (1.0 - mix) * win + mix * w;
                margin = (1.0 - mix) * margin + mix * m;
            }
            out.push(Batched {
                path: leaf.path,
                reward0: for_seat(win as f32, leaf.seat),
                margin0: margin_for(margin as f32, leaf.seat),
            });
        }
    }
}

/// Gives `node` a child for every step of the waiting `leaf`, with the policy's softmax over
/// them as priors; none when the tree's budget is full (the node stays a leaf and is valued
/// again when a descent next reaches it).
fn expand<G>(
    tree: &Tree,
    node: u32,
    leaf: &Waiting<G>,
    evaluation: &Evaluation,
    weights: &mut Vec<f32>,
) {
    let n = leaf.legal.len();
    if n == 0 {
        return;
    }
    let top = leaf
        .legal
        .iter()
        .map(|&(_, i)| evaluation.policy[i])
        .fold(f32::NEG_INFINITY, f32::max);
    weights.clear();
    weights.extend(
        leaf.legal
            .iter()
            .map(|&(_, i)| (evaluation.policy[i] - top).exp()),
    );
    let scale = PRIOR_ONE / weights.iter().sum::<f32>();
    // The child's mover is learnt when a descent first plays its step.
    let made = tree.new_nodes(n, leaf.seat, |i| {
        (leaf.legal[i].0, (weights[i] * scale).round() as u16)
    });
    if let Some(first) = made {
        tree.node(node).set_legal(n);
        tree.adopt(node, first, n);
    }
}

#[cfg(test)]
mod tests {
    use crate::games::{AnyGame, Game, NetInput, Step};
    use crate::nn::{NetHeader, Network};
    use crate::search::{Engine, Limits, PlayerSpec};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// A random network for Linage 5×5 written to a file; the file's path.
    fn random_net(dir: &std::path::Path, seed: u64) -> String {
        let game = AnyGame::from_args("linage", &["size=5", "protocol=agreed", "komi=1"]).unwrap();
        let s = game.net_shape().unwrap();
        let mut header =
            NetHeader::shape(s.height, s.width, s.binary_planes, s.scalar_planes, 1, 8, 8);
        header.game = "linage".into();
        header.size = 5;
        let path = dir.join(format!("net-{seed}.tnet"));
        std::fs::write(&path, Network::random(header, seed).unwrap().to_bytes()).unwrap();
        path.display().to_string()
    }

    fn start() -> AnyGame {
        AnyGame::from_args("linage", &["size=5", "protocol=agreed", "komi=1"]).unwrap()
    }

    fn think(spec: &str, game: &AnyGame) -> (crate::games::Step, Vec<(crate::games::Step, u64)>) {
        let mut engine = Engine::new(spec.parse::<PlayerSpec>().unwrap());
        let d = engine
            .think(
                game,
                Limits::default(),
                Arc::new(AtomicBool::new(false)),
                None,
            )
            .unwrap();
        (d.step, engine.last_visits().to_vec())
    }

    /// With a seed and an iteration limit the net search decides the same way every time, and
    /// its visits add up to the simulations run.
    #[test]
    fn is_deterministic_with_a_seed_and_an_iteration_limit() {
        let dir = tempfile::tempdir().unwrap();
        let spec = format!(
            "net:iters=300,threads=1,seed=5,batch=4,file={}",
            random_net(dir.path(), 1)
        );
        let game = start();
        let (a, visits_a) = think(&spec, &game);
        let (b, visits_b) = think(&spec, &game);
        assert_eq!((a, &visits_a), (b, &visits_b));
        let total: u64 = visits_a.iter().map(|v| v.1).sum();
        assert!((250..=300).contains(&total), "{total} visits at the root");
        assert!(game.check(a).is_ok());
    }

    /// Two threads share one tree: together they run about the simulations asked for, and
    /// every virtual loss is taken back.
    #[test]
    fn two_threads_share_one_tree() {
        let dir = tempfile::tempdir().unwrap();
        let spec = format!("net:iters=600,threads=2,file={}", random_net(dir.path(), 3));
        let game = start();
        let (step, visits) = think(&spec, &game);
        assert!(game.check(step).is_ok());
        let total: u64 = visits.iter().map(|v| v.1).sum();
        assert!((500..=640).contains(&total), "{total} visits at the root");
    }

    /// A kept tree is re-rooted after the moves played: the next search starts from what was
    /// learnt there.
    #[test]
    fn keeps_its_tree_between_moves() {
        let dir = tempfile::tempdir().unwrap();
        let spec: PlayerSpec = format!(
            "net:iters=400,threads=1,seed=5,file={}",
            random_net(dir.path(), 2)
        )
        .parse()
        .unwrap();
        let mut engine = Engine::new(spec);
        let mut game = start();
        let stop = Arc::new(AtomicBool::new(false));
        let d = engine
            .think(&game, Limits::default(), stop.clone(), None)
            .unwrap();
        game.play(d.step);
        let reply = engine.last_report().unwrap().pv.get(1).cloned();
        let mut legal = Vec::new();
        game.legal_steps(&mut legal);
        let step = reply
            .and_then(|t| game.parse_step(&t).ok())
            .unwrap_or(legal[0]);
        game.play(step);
        engine.think(&game, Limits::iters(1), stop, None).unwrap();
        let visits: u64 = engine.last_visits().iter().map(|v| v.1).sum();
        // A new tree's first simulation only expands the root: its steps have no visits.
        assert!(
            visits > 1,
            "the subtree two steps down was kept ({visits} visits)"
        );
    }

    /// Linage 5×5 with komi 24.5 against the side to move, who would need all 25 points,
    /// searched by `net:threads=1,seed=3,SETTINGS` with a random network: the report and the
    /// root's visits.
    fn think_lost(settings: &str) -> (crate::search::Report, Vec<(crate::games::Step, u64)>) {
        let dir = tempfile::tempdir().unwrap();
        let file = random_net(dir.path(), 4);
        let lost =
            AnyGame::from_args("linage", &["size=5", "protocol=agreed", "komi=24.5"]).unwrap();
        let spec = format!("net:threads=1,seed=3,{settings},file={file}");
        let mut engine = Engine::new(spec.parse::<PlayerSpec>().unwrap());
        let stop = Arc::new(AtomicBool::new(false));
        engine.think(&lost, Limits::default(), stop, None).unwrap();
        let report = engine.last_report().unwrap().clone();
        (report, engine.last_visits().to_vec())
    }

    /// With `mix=1` a new leaf is worth its playout's result alone; with `mix=0` the network's
    /// value alone. Where the komi all but decides the game ([`think_lost`]) every playout is
    /// lost: the root's win rate is 0 with `mix=1` and not with the random network alone.
    /// Mixed searches are as repeatable with a seed as the others.
    #[test]
    fn mix_weighs_a_playout_s_result_into_a_new_leaf_s_value() {
        let root = |mix: &str| {
            let (r, visits) = think_lost(&format!("iters=200,mix={mix}"));
            (r.win_rate, r.score.unwrap(), visits)
        };
        let (win, score, _) = root("1");
        assert_eq!(win, 0.0);
        assert!(score <= 25.0 - 24.5, "margin {score}");
        let (win, _, _) = root("0");
        assert!(win > 0.0, "the random network's value ({win})");
        let (half, _, visits) = root("0.5");
        assert!(
            half > 0.0 && half < 0.5,
            "half the network's value ({half})"
        );
        assert_eq!(root("0.5").2, visits);
        assert!("net:mix=1.5".parse::<PlayerSpec>().is_err());
        assert_eq!(
            "net:mix=0.25".parse::<PlayerSpec>().unwrap().to_string(),
            "net:mix=0.25"
        );
    }

    /// With `score=1` the selection follows the margin: where every playout is lost (as in
    /// the test above, `mix=1`) the win chance tells no step from another, and the most
    /// visited step is the one whose mean margin is the best of the candidates; with the win
    /// chance alone the visits follow the random network's prior. (c = 1.5, the exploration
    /// this was written for: with less, 1,500 iterations do not spread far enough.)
    #[test]
    fn score_makes_the_margin_count_where_the_win_chance_is_flat() {
        let best_is_best_margin = |score: &str| {
            let (r, _) = think_lost(&format!("iters=1500,mix=1,score={score},c=1.5"));
            let c = r.candidates;
            let top = c.iter().filter_map(|x| x.score).fold(f64::MIN, f64::max);
            c[0].score == Some(top)
        };
        assert!(best_is_best_margin("1"));
        assert!(!best_is_best_margin("0"));
    }

    /// Iris's shipped network searched from the start: the first turn's pass, which the
    /// rules prove no better than a stone, is not among the root's steps (the network once
    /// opened every game with it); White's pass after Black's, which ends the game, is.
    #[test]
    fn leaves_out_the_steps_the_game_calls_dominated() {
        let mut game = AnyGame::from_args("iris", &["size=7"]).unwrap();
        let spec = "net:iters=200,threads=1,seed=1";
        let steps =
            |visits: Vec<(Step, u64)>| -> Vec<_> { visits.into_iter().map(|v| v.0).collect() };
        let (first, visits) = think(spec, &game);
        assert!(first.is_place(), "{first:?}");
        let at_start = steps(visits);
        assert!(at_start.len() > 50, "{} root steps", at_start.len());
        assert!(!at_start.contains(&Step::Pass));
        game.play(Step::Pass);
        let (_, visits) = think(spec, &game);
        assert!(steps(visits).contains(&Step::Pass));
    }

    /// Without a usable network the `net` player plays with playouts.
    #[test]
    fn falls_back_to_playouts_without_a_network() {
        let game = start();
        let missing = "net:iters=200,seed=1,file=/nonexistent/net.tnet";
        let plug = |spec: &str, g: &AnyGame| {
            crate::search::plug_for(&spec.parse::<PlayerSpec>().unwrap(), g).map(|p| p.name())
        };
        assert_eq!(plug(missing, &game), Some("playouts"));
        let (step, _) = think(missing, &game);
        assert!(game.check(step).is_ok());
        let keil = AnyGame::from_args("keil", &["size=3"]).unwrap();
        assert_eq!(plug("net:iters=100,seed=1", &keil), Some("playouts"));
        let (step, _) = think("net:iters=100,seed=1", &keil);
        assert!(keil.check(step).is_ok());
    }

    /// The network's search has the tree's memory budget: with one megabyte it recycles and
    /// goes on, and still decides a legal step.
    #[test]
    fn recycles_when_its_budget_is_full() {
        let dir = tempfile::tempdir().unwrap();
        let spec = format!(
            "net:iters=6000,threads=1,seed=2,mem=1,file={}",
            random_net(dir.path(), 5)
        );
        let game = start();
        let mut engine = Engine::new(spec.parse::<PlayerSpec>().unwrap());
        let d = engine
            .think(
                &game,
                Limits::default(),
                Arc::new(AtomicBool::new(false)),
                None,
            )
            .unwrap();
        assert!(game.check(d.step).is_ok());
        assert!(d.report.tree_recycled > 0, "{:?}", d.report.tree_recycled);
        assert!(
            d.report.tree_bytes <= 1 << 20,
            "{} bytes",
            d.report.tree_bytes
        );
        assert!(
            d.report.iterations >= 5_000,
            "{} iterations",
            d.report.iterations
        );
    }

    /// One engine follows a player from board to board and game to game: each position is
    /// searched with the network for its own game and board, or with playouts where none fits
    /// (the engine once kept the first network it loaded and crashed on the next board).
    #[test]
    fn one_engine_takes_each_board_s_own_network() {
        let mut engine = Engine::new("default:iters=60,threads=1,seed=1".parse().unwrap());
        let stop = Arc::new(AtomicBool::new(false));
        for (name, args, plays) in [
            ("linage", vec!["size=9", "komi=0.5"], "network"),
            ("linage", vec!["size=8", "komi=0.5"], "playouts"),
            ("carteso", vec!["size=9", "komi=0.5"], "network"),
            ("linage", vec!["size=9", "komi=0.5"], "network"),
        ] {
            let game = AnyGame::from_args(name, &args).unwrap();
            assert_eq!(
                engine.plug_for(&game).map(|p| p.name()),
                Some(plays),
                "{name} {args:?}"
            );
            let d = engine
                .think(&game, Limits::default(), stop.clone(), None)
                .unwrap();
            assert!(game.check(d.step).is_ok(), "{name} {args:?}");
        }
    }
}
