//! [`Engine`]: one AI player. Holds its spec and what it keeps between calls: the tree it
//! reuses, the network's scratch space, its random generator.
//!
//! Each call decides afresh what plays the position given ([`Engine::plug_for`]): the
//! evaluator of a tree player, with the network for that position's game, board and input
//! layout (or none), so that one engine follows a player from board to board and game to game.

use super::control::{Limits, Timer};
use super::keys::{is_place_key, key_of, step_of};
use super::player::net_source;
use super::player::spec::{Algorithm, PlayerSpec};
use super::player::tuning;
use super::report::{build_report, Report, RootStats};
use super::reward::mover;
use super::tree::network::{PuctParams, Scratch, FPU_REDUCTION};
use super::tree::nodes::{Proven, Tree, NO_NODE};
use super::tree::playouts::ownership::Ownership;
use super::tree::{self as tree_search, run, Leaves};
use super::{alphabeta, bid};
use crate::games::fair_komi::KomiTable;
use crate::games::{AnyGame, Game, SearchHints, Step};
use crate::nn::Network;
use crate::rng::FastRng;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;
use std::sync::Arc;

/// What values a tree player's leaves ([`crate::search::tree`]'s evaluators), as the program
/// tells the player: `playouts` or `network`.
#[derive(Clone, Debug)]
pub enum Plug {
    /// Playouts with all-moves-as-first statistics and patterns (`mcts`).
    Playouts,
    /// The game's network for the board (`net`).
    Network(Arc<Network>),
    /// Random playouts under plain UCB1 (`uct-baseline`).
    Baseline,
}

impl Plug {
    /// `playouts`, `network` or `baseline`.
    pub fn name(&self) -> &'static str {
        match self {
            Plug::Playouts => "playouts",
            Plug::Network(_) => "network",
            Plug::Baseline => "baseline",
        }
    }

    /// Whether two plugs build the same trees (the same network, by identity).
    fn same(&self, other: &Plug) -> bool {
        match (self, other) {
            (Plug::Playouts, Plug::Playouts) | (Plug::Baseline, Plug::Baseline) => true,
            (Plug::Network(a), Plug::Network(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// How a spec plays a position.
#[derive(Clone, Debug)]
enum Player {
    /// Uniformly random legal placements.
    Random,
    /// Alpha-beta.
    AlphaBeta,
    /// The tree search with this evaluator.
    Tree(Plug),
}

/// The tree kept for reuse: the tree, the position at its root, the evaluator that built it.
#[derive(Debug)]
struct Kept<G> {
    tree: Tree,
    game: G,
    plug: Plug,
}

/// What the AI decided for the next step.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The step to play now.
    pub step: Step,
    /// What the search thought when it decided.
    pub report: Report,
}

/// One AI player: a [`PlayerSpec`] plus whatever it keeps between moves (the MCTS tree for
/// reuse, the random generator). Create one per seat and call [`Engine::think`] (one step) or
/// [`Engine::play_turn`] (a whole turn) each time it is to move. `Send`, so it can live on a
/// worker thread.
#[derive(Debug)]
pub struct Engine<G: Game = AnyGame> {
    spec: PlayerSpec,
    /// The tree kept for reuse.
    kept: Option<Kept<G>>,
    ownership: bool,
    rng: FastRng,
    /// The report of the last step decided.
    last: Option<Report>,
    /// The fair-komi table the bid reads ([`Engine::with_komi_table`]; the built-in table
    /// until a step of the bid needs it, when none was given).
    komi_table: Option<Arc<KomiTable>>,
    /// Visits of every root step of the last search ([`Engine::last_visits`]).
    visits: Vec<(Step, u64)>,
    /// The network's scratch space, one per thread (for the network it was made for).
    scratch: Vec<Scratch>,
}

impl Engine<AnyGame> {
    /// An engine for any of the five games.
    pub fn new(spec: PlayerSpec) -> Engine<AnyGame> {
        Engine::for_game(spec)
    }
}

impl<G: SearchHints> Engine<G> {
    /// An engine for one game type (tests use small games; programs use [`Engine::new`]).
    pub fn for_game(spec: PlayerSpec) -> Engine<G> {
        let rng = match spec.seed {
            Some(s) => FastRng::seed(s),
            None => FastRng::from_entropy(),
        };
        Engine {
            spec,
            kept: None,
            ownership: false,
            rng,
            last: None,
            komi_table: None,
            visits: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The engine reading the bid's fair komi from `table` (the program passes the built-in
    /// table with the user's `komi.toml`, see `crate::komi_file`); without it, the built-in
    /// table alone.
    pub fn with_komi_table(mut self, table: Arc<KomiTable>) -> Engine<G> {
        self.komi_table = Some(table);
        self
    }

    /// The fair-komi table the bid reads.
    pub(super) fn komi_table(&mut self) -> Arc<KomiTable> {
        self.komi_table
            .get_or_insert_with(|| Arc::new(KomiTable::builtin()))
            .clone()
    }

    /// Whether tree players' reports carry the ownership of every cell (accumulated from the
    /// playouts, or the network's ownership head; [`Report::ownership`]; off by default: it
    /// costs time).
    pub fn set_ownership(&mut self, on: bool) {
        self.ownership = on;
    }

    /// What the search thought when it decided the last step it searched for: after
    /// [`Engine::think`], or after [`Engine::play_turn`] that turn's last searched step, `None`
    /// when the turn was played without search (a step with one legal choice is decided
    /// without one and leaves the report as it was). `tessera komi` follows the players' own
    /// estimates through a game with it.
    pub fn last_report(&self) -> Option<&Report> {
        self.last.as_ref()
    }

    /// The visits of every root step of the last step searched by a tree search (`mcts`,
    /// `net`, `uct-baseline`), in the game's step order; empty after a step decided otherwise. The
    /// self-play data's policy targets are these shares.
    pub fn last_visits(&self) -> &[(Step, u64)] {
        &self.visits
    }

    /// The spec this engine plays.
    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    /// Forgets the kept search tree (e.g. after a new game or an undo far back; not needed
    /// for correctness: a tree that does not lead to the new position is dropped anyway).
    pub fn clear(&mut self) {
        self.kept = None;
    }

    /// What evaluator plays `game` for this engine's spec ([`plug_for`]).
    pub fn plug_for(&self, game: &G) -> Option<Plug> {
        plug_for(&self.spec, game)
    }

    /// Thinks about `game` and decides the next step for the side to move. Stops at the first
    /// of: `limits`, the spec's own limits, `stop` becoming true (honoured within
    /// milliseconds; the best step so far is returned), a proven result. Sends a [`Report`]
    /// about every 100 ms and a last one with the decision to `reports` if given (a closed
    /// receiver is ignored). `None` when the game is over.
    pub fn think(
        &mut self,
        game: &G,
        limits: Limits,
        stop: Arc<AtomicBool>,
        reports: Option<Sender<Report>>,
    ) -> Option<Decision> {
        let limits = limits
            .tightest(self.spec.limits_for(game.kind()))
            .or_default();
        let timer = Timer::new(limits, &stop);
        self.visits.clear();
        let mut legal = Vec::new();
        game.legal_steps(&mut legal);
        if legal.is_empty() {
            return None;
        }
        let searched = legal.len() > 1;
        let player = player_for(&self.spec, game);
        // The bid: the table, or probes; by every player but the random one and the yardstick.
        let bids = matches!(
            player,
            Player::AlphaBeta | Player::Tree(Plug::Playouts | Plug::Network(_))
        );
        let decision = if legal.len() == 1 {
            self.decide(game, &only(legal[0]), legal[0], &timer)
        } else if let Some((side, rate)) = bids
            .then(|| bid::table_side(|| self.komi_table(), game, &legal))
            .flatten()
        {
            // The table's figures, not a search's: no margin, the measured score.
            let mut d = self.decide(game, &only(side), side, &timer);
            d.report.win_rate = rate;
            d.report.score = None;
            for c in &mut d.report.candidates {
                (c.win_rate, c.score) = (rate, None);
            }
            d
        } else if bids && legal.iter().any(|s| matches!(s, Step::Komi(_))) {
            let table = self.komi_table();
            let (step, report) = bid::choose_komi(
                &mut |g: &G, part: Limits| self.probe(g, part, &stop),
                table,
                game,
                &legal,
                limits,
                &stop,
            );
            Decision { step, report }
        } else {
            match player {
                Player::Random => {
                    let step = game.random_step(&mut self.rng, &mut legal);
                    self.decide(game, &only(step), step, &timer)
                }
                Player::AlphaBeta => {
                    let (stats, step, depth) = alphabeta::search(game, &timer, &self.spec);
                    let mut d = self.decide(game, &stats, step, &timer);
                    d.report.depth = Some(depth);
                    d
                }
                Player::Tree(plug) => {
                    let baseline = matches!(plug, Plug::Baseline);
                    let (mut stats, ownership) =
                        self.tree_search(game, plug, &timer, reports.as_ref());
                    self.visits = stats.edges.iter().map(|e| (step_of(e.key), e.n)).collect();
                    let step = if baseline {
                        // The yardstick plays its most visited step, never tuned.
                        stats.best_index().map(|i| step_of(stats.edges[i].key))
                    } else {
                        let t = self.spec.temperature_for(game.kind());
                        self.choose(&stats, t)
                    }
                    .unwrap_or(legal[0]);
                    if stats.pv.first() != Some(&key_of(step)) {
                        // The PV under the step actually chosen.
                        if let Some(kept) = &self.kept {
                            stats.pv = run::pv_after(&kept.tree, key_of(step));
                        }
                    }
                    let mut d = self.decide(game, &stats, step, &timer);
                    d.report.ownership = ownership;
                    if !self.spec.reuse || baseline {
                        self.kept = None;
                    }
                    d
                }
            }
        };
        if let Some(tx) = &reports {
            let _ = tx.send(decision.report.clone());
        }
        if searched {
            self.last = Some(decision.report.clone());
        }
        Some(decision)
    }

    /// Plans and returns a whole turn for the side to move, searching stone by stone (the
    /// time and iterations are shared out over the turn's steps; single-step turns get all of
    /// them). Empty when the game is over.
    pub fn play_turn(
        &mut self,
        game: &G,
        limits: Limits,
        stop: Arc<AtomicBool>,
        reports: Option<Sender<Report>>,
    ) -> Vec<Step> {
        // `last_report` after a turn is this turn's (none when no step of it was searched).
        self.last = None;
        if self.spec.kind == Algorithm::Random {
            // No search and no report: random games can run to tens of thousands of turns.
            let mut g = game.clone();
            let turn = g.turns_completed();
            let (mut steps, mut buf) = (Vec::new(), Vec::new());
            while !g.is_over() && g.turns_completed() == turn {
                let s = g.random_step(&mut self.rng, &mut buf);
                g.play(s);
                steps.push(s);
            }
            return steps;
        }
        let limits = limits
            .tightest(self.spec.limits_for(game.kind()))
            .or_default();
        let start = std::time::Instant::now();
        let mut g = game.clone();
        let turn = g.turns_completed();
        let mut steps = Vec::new();
        let mut iters_used = 0u64;
        while !g.is_over() && g.turns_completed() == turn {
            let left = steps_left_estimate(&g);
            let share = 1.0 / left.min(3) as f64;
            let elapsed = start.elapsed().as_millis() as u64;
            let step_limits = Limits {
                ms: limits
                    .ms
                    .map(|m| ((m.saturating_sub(elapsed)) as f64 * share).max(1.0) as u64),
                iters: limits
                    .iters
                    .map(|n| ((n.saturating_sub(iters_used)) as f64 * share).max(1.0) as u64),
            };
            let Some(d) = self.think(&g, step_limits, stop.clone(), reports.clone()) else {
                break;
            };
            iters_used += d.report.iterations;
            g.play(d.step);
            steps.push(d.step);
        }
        steps
    }

    /// Runs the tree search with `plug` from `game` (reusing the kept tree when the same
    /// evaluator built it and it leads there); returns the root statistics and, when asked
    /// for, the ownership of every cell.
    fn tree_search(
        &mut self,
        game: &G,
        plug: Plug,
        timer: &Timer,
        reports: Option<&Sender<Report>>,
    ) -> (RootStats, Option<Vec<[f64; 2]>>) {
        let budget = self.spec.memory_bytes();
        let cells = game.geometry().cells();
        let mut tree = self.kept_tree(game, &plug, budget, cells);
        let threads = self.spec.thread_count();
        let (stats, ownership) = match &plug {
            Plug::Playouts => {
                let params = tuning::mcts_params(game.kind(), cells, &self.spec.tuning);
                let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
                let ownership = self.ownership.then(|| Ownership::new(cells));
                let leaves = Leaves::Playouts {
                    params,
                    seeds: &seeds,
                    ownership: ownership.as_ref(),
                };
                let stats = tree_search::search(game, leaves, &mut tree, timer, reports);
                (stats, ownership.as_ref().map(Ownership::shares))
            }
            Plug::Network(net) => {
                let params = self.puct_params(game);
                self.ready_scratch(net, threads, params);
                let ownership = if self.ownership {
                    self.scratch[0].ownership(game)
                } else {
                    None
                };
                let leaves = Leaves::Network {
                    params,
                    scratch: &mut self.scratch,
                    ownership: ownership.clone(),
                };
                let stats = tree_search::search(game, leaves, &mut tree, timer, reports);
                (stats, ownership)
            }
            Plug::Baseline => {
                let seed = self.rng.next_u64();
                let leaves = Leaves::Baseline { seed };
                let stats = tree_search::search(game, leaves, &mut tree, timer, reports);
                (stats, None)
            }
        };
        self.kept = Some(Kept {
            tree,
            game: game.clone(),
            plug,
        });
        (stats, ownership)
    }

    /// The kept tree re-rooted at `game` when the same evaluator built it under the same
    /// budget and `game` continues its root position; else a new tree. Planted.
    fn kept_tree(&mut self, game: &G, plug: &Plug, budget: usize, cells: usize) -> Tree {
        let words = match plug {
            Plug::Playouts => tree_search::playouts::table_words(cells),
            Plug::Network(_) | Plug::Baseline => 0,
        };
        let reused = match self.kept.take() {
            Some(kept)
                if self.spec.reuse
                    && kept.plug.same(plug)
                    && kept.tree.budget_bytes() == budget =>
            {
                steps_between(&kept.game, game, 64).map(|path| {
                    let mut tree = kept.tree;
                    let mut node = tree.root;
                    for &s in &path {
                        node = tree.child_by_key(node, key_of(s)).unwrap_or(NO_NODE);
                        if node == NO_NODE {
                            break;
                        }
                    }
                    tree.reroot(node);
                    tree
                })
            }
            _ => None,
        };
        let mut tree = reused.unwrap_or_else(|| Tree::new(budget, words));
        if tree.root == NO_NODE {
            tree.plant(mover(game), Proven::Unknown);
        }
        tree
    }

    /// The network evaluator's parameters for `game`: the spec's settings over the game's.
    fn puct_params(&self, game: &G) -> PuctParams {
        let game_tuning = game.kind().tuning();
        PuctParams {
            exploration: self
                .spec
                .tuning
                .exploration
                .unwrap_or(game_tuning.net_exploration),
            fpu_reduction: self.spec.tuning.fpu.unwrap_or(FPU_REDUCTION),
            batch: self.spec.batch.unwrap_or(game_tuning.net_batch),
            playout_mix: self.spec.tuning.playout_mix.unwrap_or(0.0),
            // The game's playout policy, as MCTS plays it (learned patterns need MCTS's
            // board shape: without it they are random placements).
            playout: tuning::playout_policy(game.kind(), &self.spec.tuning),
            score_weight: self.spec.tuning.score_weight.unwrap_or(0.0).clamp(0.0, 1.0),
            score_scale: tuning::score_scale(game.geometry().cells()),
        }
    }

    /// Scratch space for `threads` threads evaluating `net`: the kept one when it was made
    /// for that network and as many threads.
    fn ready_scratch(&mut self, net: &Arc<Network>, threads: usize, params: PuctParams) {
        let fits = self.scratch.len() == threads
            && self.scratch.iter().all(|s| Arc::ptr_eq(s.network(), net));
        if !fits {
            // Playouts draw from the engine's generator only where there are any, so that a
            // seeded engine's other draws stay as they were.
            let mixed = params.playout_mix > 0.0;
            self.scratch = (0..threads)
                .map(|_| {
                    let seed = if mixed { self.rng.next_u64() } else { 0 };
                    Scratch::new(net.clone(), params.batch, seed)
                })
                .collect();
        }
    }

    /// A probe of the bid: the first side's (win rate, expected margin, simulations) in the
    /// position `game` after the bid, searched with playouts on a fresh tree.
    fn probe(&mut self, game: &G, limits: Limits, stop: &AtomicBool) -> (f64, f64, u64) {
        let spec = &self.spec;
        let cells = game.geometry().cells();
        let params = tuning::mcts_params(game.kind(), cells, &spec.tuning);
        let seeds: Vec<u64> = (0..spec.thread_count())
            .map(|_| self.rng.next_u64())
            .collect();
        let mut tree = Tree::new(
            spec.memory_bytes(),
            tree_search::playouts::table_words(cells),
        );
        tree.plant(mover(game), Proven::Unknown);
        let timer = Timer::new(limits, stop);
        let leaves = Leaves::Playouts {
            params,
            seeds: &seeds,
            ownership: None,
        };
        let stats = tree_search::search(game, leaves, &mut tree, &timer, None);
        let Some(i) = stats.best_index() else {
            return (0.5, 0.0, 0);
        };
        // The margin over every simulation, not the best step's: the most visited step's mean
        // is the maximum of noisy estimates, biased upwards when the probe is short.
        let margin = stats.value().map_or(0.0, |(_, m)| m);
        (stats.edges[i].mean(), margin, stats.iterations)
    }

    /// The step to play from merged root statistics: Wunchunk's pie (swap iff the side to
    /// move is losing without it, i.e. the position favours the first stone's owner), the
    /// bid's side choice (the side with the higher win rate), else a proven win, else the most
    /// visited (or, with a temperature `t` above 0, a visit-weighted draw).
    pub(crate) fn choose(&mut self, stats: &RootStats, t: f64) -> Option<Step> {
        let e = &stats.edges;
        let swap = key_of(Step::Swap);
        if let Some(si) = e.iter().position(|x| x.key == swap) {
            // Judge "losing without it" by the step the search would play instead (the most
            // visited, or a proven win), not by the best mean: among hundreds of root steps
            // some have one or two visits and a lucky mean, and that maximum kept the pie
            // from ever being taken.
            let mut rest = stats.clone();
            rest.edges.retain(|x| x.key != swap);
            let instead = rest.best_index().map(|b| {
                let x = &rest.edges[b];
                x.proven.map_or(x.mean(), |v| v as f64)
            });
            if instead.is_some_and(|v| v < 0.5) {
                return Some(step_of(e[si].key));
            }
            return self.choose(&rest, t);
        }
        if !e.is_empty() && e.iter().all(|x| matches!(step_of(x.key), Step::Choose(_))) {
            return e
                .iter()
                .max_by(|a, b| a.mean().total_cmp(&b.mean()))
                .map(|x| step_of(x.key));
        }
        let best = stats.best_index()?;
        if t <= 0.0 || e[best].proven == Some(1.0) {
            return Some(step_of(e[best].key));
        }
        let all_lost = e.iter().all(|x| x.proven == Some(0.0));
        // Only placements are drawn: a weak level that passes (or ends its turn, or takes the
        // button) on a whim because the search tried it once is not a believable player; it
        // still does when that is what its search prefers.
        let weights: Vec<f64> = e
            .iter()
            .enumerate()
            .map(|(i, x)| {
                if x.proven == Some(0.0) && !all_lost || i != best && !is_place_key(x.key) {
                    0.0
                } else {
                    (x.n as f64).powf(1.0 / t)
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 || !total.is_finite() {
            return Some(step_of(e[best].key));
        }
        let mut x = self.rng.unit() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return Some(step_of(e[i].key));
            }
            x -= w;
        }
        Some(step_of(e[best].key))
    }

    /// Wraps a chosen step with its report.
    fn decide(&self, game: &G, stats: &RootStats, step: Step, timer: &Timer) -> Decision {
        let key = key_of(step);
        let mut stats = stats.clone();
        if stats.pv.first() != Some(&key) {
            stats.pv = vec![key];
        }
        let report = build_report(game, &stats, Some(key), timer.elapsed());
        Decision { step, report }
    }
}

/// What evaluator plays `game` for `spec` (`None`: no tree player, alpha-beta or random): the
/// network for this position's game, board and input layout where the spec plays one (`net`,
/// or `default` where the game's networks measured stronger) and one fits, else playouts; the
/// yardstick for `uct-baseline`. Levels 1–8 are `mcts` (playouts); 9 and 10 are `default`.
/// The interface names it beside the level ("network" or "playouts").
pub fn plug_for<G: SearchHints>(spec: &PlayerSpec, game: &G) -> Option<Plug> {
    match player_for(spec, game) {
        Player::Tree(plug) => Some(plug),
        Player::Random | Player::AlphaBeta => None,
    }
}

fn player_for<G: SearchHints>(spec: &PlayerSpec, game: &G) -> Player {
    let network = |announce: bool| {
        net_source::network_for(
            game.kind(),
            game.geometry().size(),
            game.net_shape(),
            spec.net_file.as_deref(),
            announce,
        )
    };
    match spec.kind {
        Algorithm::Random => Player::Random,
        Algorithm::AlphaBeta => Player::AlphaBeta,
        Algorithm::UctBaseline => Player::Tree(Plug::Baseline),
        Algorithm::Mcts => Player::Tree(Plug::Playouts),
        Algorithm::Net => match network(true) {
            Ok(net) => Player::Tree(Plug::Network(net)),
            Err(_) => Player::Tree(Plug::Playouts),
        },
        Algorithm::Default => {
            let net = network(false);
            let has = net.is_ok();
            match (tuning::default_player(game.kind(), has), net) {
                (Algorithm::Net, Ok(net)) => Player::Tree(Plug::Network(net)),
                _ => Player::Tree(Plug::Playouts),
            }
        }
    }
}

/// Root statistics of a step chosen without search.
fn only(step: Step) -> RootStats {
    RootStats {
        edges: vec![super::report::RootEdge {
            key: key_of(step),
            ..Default::default()
        }],
        pv: vec![key_of(step)],
        ..Default::default()
    }
}

/// The steps leading from `old` to `new` when `new` continues `old` by at most `max` steps.
fn steps_between<G: Game>(old: &G, new: &G, max: usize) -> Option<Vec<Step>> {
    if old.kind() != new.kind() || !std::ptr::eq(old.geometry(), new.geometry()) {
        return None;
    }
    let target = (old.hash(), old.turns_completed(), old.steps_in_turn());
    let mut g = new.clone();
    let mut steps = Vec::new();
    loop {
        if (g.hash(), g.turns_completed(), g.steps_in_turn()) == target {
            steps.reverse();
            return Some(steps);
        }
        if steps.len() >= max || g.turns_completed() < target.1 {
            return None;
        }
        steps.push(g.undo()?);
    }
}

/// How many more steps the turn in progress probably takes: plays the first legal placement
/// (else the first legal step) until the turn ends, at most 8 steps.
fn steps_left_estimate<G: Game>(game: &G) -> usize {
    let mut g = game.clone();
    let turn = g.turns_completed();
    let mut buf = Vec::new();
    let mut n = 0;
    while n < 8 && !g.is_over() && g.turns_completed() == turn {
        g.legal_steps(&mut buf);
        let s = buf.iter().copied().find(|s| s.is_place()).unwrap_or(buf[0]);
        g.play(s);
        n += 1;
    }
    n.max(1)
}
