//! [`Engine`]: one AI player. Holds its spec and, for MCTS, the tree it reuses between calls.

use super::control::{Limits, Timer};
use super::keys::{is_place_key, key_of, step_of};
use super::ownership::Ownership;
use super::puct::{Evaluator, NetTree, PuctParams, FPU_REDUCTION};
use super::report::{build_report, Report, RootStats};
use super::reward::mover;
use super::spec::{Algorithm, PlayerSpec};
use super::tree::{Proven, Tree, NO_NODE};
use super::{alphabeta, baseline, bid, net_source, parallel, tuning};
use crate::games::fair_komi::KomiTable;
use crate::games::{AnyGame, Game, SearchHints, Step};
use crate::nn::Network;
use crate::rng::FastRng;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;
use std::sync::Arc;

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
    /// The tree kept for reuse and the position at its root.
    kept: Option<(Tree, G)>,
    ownership: bool,
    rng: FastRng,
    /// The report of the last step decided.
    last: Option<Report>,
    /// The fair-komi table the bid reads ([`Engine::with_komi_table`]; the built-in table
    /// until a step of the bid needs it, when none was given).
    komi_table: Option<Arc<KomiTable>>,
    /// Visits of every root step of the last search ([`Engine::last_visits`]).
    visits: Vec<(Step, u64)>,
    /// The `net` player's network (`None` until first needed; `Some(None)`: none, so it plays
    /// as `default`), its scratch space and its kept tree.
    net: Option<Option<Arc<Network>>>,
    evaluators: Vec<Evaluator>,
    net_tree: Option<NetTree<G>>,
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
            net: None,
            evaluators: Vec::new(),
            net_tree: None,
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

    /// Whether MCTS reports carry the ownership of every cell accumulated from the playouts
    /// ([`Report::ownership`]; off by default: it costs time).
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

    /// The visits of every root step of the last step searched by a tree search (MCTS, the
    /// `net` player), in the game's step order; empty after a step decided otherwise. The
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
        self.net_tree = None;
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
        // Levels 9 and 10 play the net where the game's tuning says it measured stronger.
        let wants_net = self.spec.kind == Algorithm::Net
            || self.spec.kind == Algorithm::Default
                && self.spec.level.is_some()
                && game.kind().tuning().net_levels;
        let has_net = wants_net && self.network(game).is_some();
        let kind = match self.spec.kind {
            Algorithm::Net | Algorithm::Default if has_net => Algorithm::Net,
            Algorithm::Default | Algorithm::Net => tuning::default_kind(game.kind()),
            k => k,
        };
        let decision = if legal.len() == 1 {
            self.decide(game, &only(legal[0]), legal[0], &timer)
        } else if let Some((side, rate)) = matches!(
            kind,
            Algorithm::Mcts | Algorithm::AlphaBeta | Algorithm::Net
        )
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
        } else if legal.iter().any(|s| matches!(s, Step::Komi(_)))
            && matches!(
                kind,
                Algorithm::Mcts | Algorithm::AlphaBeta | Algorithm::Net
            )
        {
            let (step, report) = bid::choose_komi(self, game, &legal, limits, &stop);
            Decision { step, report }
        } else {
            match kind {
                Algorithm::Random => {
                    let step = game.random_step(&mut self.rng, &mut legal);
                    self.decide(game, &only(step), step, &timer)
                }
                Algorithm::UctBaseline => {
                    let seed = self.rng.next_u64();
                    let stats = baseline::search(game, &timer, seed, self.spec.memory_bytes());
                    let best = stats.best_index().map(|i| step_of(stats.edges[i].key));
                    self.decide(game, &stats, best.unwrap_or(legal[0]), &timer)
                }
                Algorithm::AlphaBeta => {
                    let (stats, step, depth) = alphabeta::search(game, &timer, &self.spec);
                    let mut d = self.decide(game, &stats, step, &timer);
                    d.report.depth = Some(depth);
                    d
                }
                Algorithm::Net => {
                    let (stats, ownership) = self.puct(game, &timer, reports.as_ref());
                    self.visits = stats.edges.iter().map(|e| (step_of(e.key), e.n)).collect();
                    let t = self.spec.temperature_for(game.kind());
                    let step = self.choose(&stats, t).unwrap_or(legal[0]);
                    let mut d = self.decide(game, &stats, step, &timer);
                    d.report.ownership = ownership;
                    if !self.spec.reuse {
                        self.net_tree = None;
                    }
                    d
                }
                Algorithm::Mcts | Algorithm::Default => {
                    let (mut stats, ownership) = self.mcts(game, &timer, reports.as_ref());
                    self.visits = stats.edges.iter().map(|e| (step_of(e.key), e.n)).collect();
                    let t = self.spec.temperature_for(game.kind());
                    let step = self.choose(&stats, t).unwrap_or(legal[0]);
                    if stats.pv.first() != Some(&key_of(step)) {
                        // The PV under the step actually chosen.
                        if let Some((tree, _)) = &self.kept {
                            stats.pv = parallel::pv_after(tree, key_of(step));
                        }
                    }
                    let mut d = self.decide(game, &stats, step, &timer);
                    d.report.ownership = ownership.as_ref().map(Ownership::shares);
                    if !self.spec.reuse {
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

    /// Runs MCTS from `game` (reusing the kept tree when it leads there); returns the root
    /// statistics and the ownership counts when asked for.
    pub(crate) fn mcts(
        &mut self,
        game: &G,
        timer: &Timer,
        reports: Option<&Sender<Report>>,
    ) -> (RootStats, Option<Ownership>) {
        let budget = self.spec.memory_bytes();
        let cells = game.geometry().cells();
        let params = tuning::mcts_params(game.kind(), cells, &self.spec.tuning);
        let mut tree = match self.kept.take() {
            Some((mut tree, old)) if self.spec.reuse && tree.budget_bytes() == budget => {
                match steps_between(&old, game, 64) {
                    Some(path) => {
                        let mut node = tree.root;
                        for &s in &path {
                            node = tree.child_by_key(node, key_of(s)).unwrap_or(NO_NODE);
                            if node == NO_NODE {
                                break;
                            }
                        }
                        tree.reroot(node);
                        tree
                    }
                    None => Tree::new(budget, cells),
                }
            }
            _ => Tree::new(budget, cells),
        };
        if tree.root == NO_NODE {
            tree.plant(mover(game), Proven::Unknown);
        }
        let seeds: Vec<u64> = (0..self.spec.thread_count())
            .map(|_| self.rng.next_u64())
            .collect();
        let ownership = self.ownership.then(|| Ownership::new(cells));
        let stats = parallel::search_from(
            game,
            params,
            &seeds,
            &mut tree,
            timer,
            reports,
            ownership.as_ref(),
        );
        self.kept = Some((tree, game.clone()));
        (stats, ownership)
    }

    /// The `net` player's network for `game`: the spec's file or the shipped one, if it
    /// exists, is sound and fits the game's input layout (else `None`, said once).
    fn network(&mut self, game: &G) -> Option<Arc<Network>> {
        if let Some(known) = &self.net {
            return known.clone();
        }
        let shape = game.net_shape();
        let named = self.spec.kind == Algorithm::Net;
        let found = net_source::network_for(
            game.kind(),
            game.geometry().size(),
            self.spec.net_file.as_deref(),
            named,
        )
        .ok()
        .filter(|net| {
            let h = net.header();
            let fits = shape.is_some_and(|s| {
                (
                    s.version,
                    s.height,
                    s.width,
                    s.binary_planes,
                    s.scalar_planes,
                    s.policy_planes,
                    s.policy_extras,
                ) == (
                    h.input_version,
                    h.height,
                    h.width,
                    h.binary_planes,
                    h.scalar_planes,
                    h.policy_planes,
                    h.policy_extras,
                )
            });
            if !fits && named {
                eprintln!(
                    "tessera: the network for {} does not fit this program's input layout; \
                     the net player plays as default",
                    game.kind()
                );
            }
            fits
        });
        self.net = Some(found.clone());
        found
    }

    /// Runs the `net` player's search from `game`, reusing the kept tree when it leads there;
    /// sends a report about every 100 ms; with ownership asked for, also the network's
    /// ownership of the position.
    fn puct(
        &mut self,
        game: &G,
        timer: &Timer,
        reports: Option<&Sender<Report>>,
    ) -> (RootStats, Option<Vec<[f64; 2]>>) {
        let net = self.network(game).expect("checked before");
        let game_tuning = game.kind().tuning();
        let params = PuctParams {
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
        };
        let threads = self.spec.thread_count();
        if self.evaluators.len() != threads {
            // Playouts draw from the engine's generator only where there are any, so that a
            // seeded engine's other draws stay as they were.
            let mixed = params.playout_mix > 0.0;
            self.evaluators = (0..threads)
                .map(|_| {
                    let seed = if mixed { self.rng.next_u64() } else { 0 };
                    Evaluator::new(net.clone(), params.batch, seed)
                })
                .collect();
        }
        let budget = self.spec.memory_bytes();
        let mut tree = match self.net_tree.take() {
            Some(tree) if self.spec.reuse => match steps_between(tree.game(), game, 64) {
                Some(path) => tree.advance(&path, game),
                None => NetTree::new(game, budget),
            },
            _ => NetTree::new(game, budget),
        };
        let ownership = if self.ownership {
            tree.root_ownership(&mut self.evaluators[0])
        } else {
            None
        };
        let progress = |stats: &RootStats| {
            if let Some(tx) = reports {
                let mut report = build_report(game, stats, None, timer.elapsed());
                report.ownership = ownership.clone();
                let _ = tx.send(report);
            }
        };
        let stats = tree.search(&mut self.evaluators, &params, timer, &progress);
        self.net_tree = Some(tree);
        (stats, ownership)
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

    /// A fresh seed from the engine's generator.
    pub(crate) fn next_seed(&mut self) -> u64 {
        self.rng.next_u64()
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
