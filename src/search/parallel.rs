//! Runs a search: one [`Worker`] per thread on one shared tree (tree parallelism with virtual
//! loss), recycling when the budget is full, a report about every 100 ms.
//!
//! The threads stop together at the first of: the stop flag, the deadline, the iteration cap
//! (counted over all threads), a proven win at the root, or visits nearing the counters'
//! range. When the tree's budget is full they pause, the tree is recycled
//! ([`Tree::recycle`]), and they carry on; should a round make no progress at all (a budget
//! smaller than what the search needs to move), the search carries on without growing.

use super::control::Timer;
use super::keys::{key_of, MoveKey, KEY_COUNT};
use super::mcts::{MctsParams, Worker};
use super::ownership::Ownership;
use super::report::{build_report, Report, RootEdge, RootStats};
use super::tree::{Tree, MAX_VISITS, NO_NODE};
use crate::games::{AnyGame, Game, SearchHints, WithGame};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// How often reports are sent.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The longest principal variation kept, in steps.
const PV_STEPS: usize = 60;

/// What the threads of one search share.
struct Shared<'a, 'c> {
    tree: &'a Tree,
    timer: &'a Timer<'c>,
    ownership: Option<&'a Ownership>,
    /// Simulations started, all threads together.
    done: AtomicU64,
    /// Set by the first thread that meets a stop condition.
    halt: AtomicBool,
    /// Whether a full budget pauses the threads for recycling.
    recycle: bool,
}

impl Shared<'_, '_> {
    /// Whether to start another simulation; takes its number if so.
    #[inline]
    fn next(&self) -> Option<u64> {
        if self.halt.load(Relaxed) || self.recycle && self.tree.is_full() {
            return None;
        }
        let i = self.done.load(Relaxed);
        let stop = self.timer.stopped()
            || (i > 0 && self.timer.past_deadline())
            || self.timer.iteration_cap().is_some_and(|cap| i >= cap)
            || self.root_settled();
        if stop {
            self.halt.store(true, Relaxed);
            return None;
        }
        let i = self.done.fetch_add(1, Relaxed);
        if self.timer.iteration_cap().is_some_and(|cap| i >= cap) {
            self.done.fetch_sub(1, Relaxed);
            self.halt.store(true, Relaxed);
            return None;
        }
        Some(i)
    }

    /// A proven win needs no more thought (a proven loss or draw is searched on for the best
    /// margin and the most resistance); visits near the counters' range end the search.
    fn root_settled(&self) -> bool {
        let root = self.tree.node(self.tree.root);
        root.visits() >= MAX_VISITS || root.proven().value_for(root.mover()) == Some(1.0)
    }
}

/// One thread's loop; the thread with `reports` sends them.
fn run<G: SearchHints>(w: &mut Worker<G>, shared: &Shared, reports: Option<&Sender<Report>>) {
    let mut next_report = shared.timer.start + REPORT_EVERY;
    while let Some(i) = shared.next() {
        w.iterate(shared.tree, shared.ownership);
        if let Some(tx) = reports {
            if i % 16 == 0 && Instant::now() >= next_report {
                next_report += REPORT_EVERY;
                let mut stats = root_stats(shared.tree, w.game());
                stats.iterations = shared.done.load(Relaxed);
                if !stats.edges.is_empty() {
                    let mut r = build_report(w.game(), &stats, None, shared.timer.elapsed());
                    r.ownership = shared.ownership.map(Ownership::shares);
                    // A closed receiver only means nobody listens any more.
                    let _ = tx.send(r);
                }
            }
        }
    }
}

/// Searches `tree` (whose root is the workers' position) with one thread per worker until
/// the timer says stop (at least one simulation unless stopped first). Returns the root
/// statistics.
pub fn search<G: SearchHints>(
    tree: &mut Tree,
    workers: &mut [Worker<G>],
    timer: &Timer,
    reports: Option<&Sender<Report>>,
    ownership: Option<&Ownership>,
) -> RootStats {
    let mut done = 0u64;
    let mut recycle = true;
    let mut recycled = 0u32;
    loop {
        let shared = Shared {
            tree,
            timer,
            ownership,
            done: AtomicU64::new(done),
            halt: AtomicBool::new(false),
            recycle,
        };
        match workers {
            [one] => run(one, &shared, reports),
            _ => std::thread::scope(|s| {
                let (first, rest) = workers.split_first_mut().expect("at least one worker");
                for w in rest {
                    let shared = &shared;
                    s.spawn(move || run(w, shared, None));
                }
                run(first, &shared, reports);
            }),
        }
        let before = done;
        done = shared.done.load(Relaxed);
        if shared.halt.load(Relaxed) || !tree.is_full() {
            break;
        }
        if done == before {
            recycle = false;
        } else {
            tree.recycle();
            recycled += 1;
        }
    }
    let mut stats = root_stats(tree, workers[0].game());
    stats.iterations = done;
    stats.recycled = recycled;
    stats
}

/// Searches `tree` (whose root is `game`) with one [`Worker`] per seed, as [`search`] does. An
/// [`AnyGame`] is searched as the game inside it ([`AnyGame::with_game`]): the search is then
/// compiled for each game, and calls into the rules need no dispatch (the small ones inline).
pub fn search_from<G: SearchHints>(
    game: &G,
    params: MctsParams,
    seeds: &[u64],
    tree: &mut Tree,
    timer: &Timer,
    reports: Option<&Sender<Report>>,
    ownership: Option<&Ownership>,
) -> RootStats {
    let job = Job {
        params,
        seeds,
        tree,
        timer,
        reports,
        ownership,
    };
    match (game as &dyn std::any::Any).downcast_ref::<AnyGame>() {
        Some(any) => any.with_game(job),
        None => job.run(game),
    }
}

/// What [`search_from`] hands to the game's own type.
struct Job<'a, 'c> {
    params: MctsParams,
    seeds: &'a [u64],
    tree: &'a mut Tree,
    timer: &'a Timer<'c>,
    reports: Option<&'a Sender<Report>>,
    ownership: Option<&'a Ownership>,
}

impl WithGame for Job<'_, '_> {
    type Output = RootStats;

    fn run<G: SearchHints>(self, game: &G) -> RootStats {
        let mut workers: Vec<Worker<G>> = self
            .seeds
            .iter()
            .map(|&seed| Worker::new(game, self.params, seed))
            .collect();
        search(
            self.tree,
            &mut workers,
            self.timer,
            self.reports,
            self.ownership,
        )
    }
}

/// The root's statistics, every legal step in the game's order, and the principal variation.
pub fn root_stats<G: Game>(tree: &Tree, game: &G) -> RootStats {
    let root = tree.root;
    let rn = tree.node(root);
    let m = rn.mover();
    let mut legal = Vec::new();
    game.legal_steps(&mut legal);
    let mut child_at = vec![NO_NODE; KEY_COUNT];
    for c in tree.children(root) {
        child_at[tree.node(c).key() as usize] = c;
    }
    let edges = legal
        .iter()
        .map(|&s| {
            let key = key_of(s);
            match child_at[key as usize] {
                NO_NODE => RootEdge {
                    key,
                    ..Default::default()
                },
                c => {
                    let cn = tree.node(c);
                    RootEdge {
                        key,
                        n: u64::from(cn.visits()),
                        w: cn.reward_sum(),
                        margin: cn.margin_sum(),
                        proven: cn.proven().value_for(m),
                    }
                }
            }
        })
        .collect();
    RootStats {
        edges,
        pv: pv(tree, root),
        iterations: 0,
        nodes: tree.node_count() as u64,
        bytes: tree.bytes_used() as u64,
        recycled: 0,
        proven: rn.proven().value_for(m),
        minimax: false,
    }
}

/// The child to follow from `node` when reading the tree: a proven win for the mover if any,
/// else the most visited child that is not a proven loss.
fn best_child(tree: &Tree, node: u32) -> Option<u32> {
    let m = tree.node(node).mover();
    let value = |c: u32| tree.node(c).proven().value_for(m);
    let visits = |c: u32| tree.node(c).visits();
    if let Some(c) = tree
        .children(node)
        .filter(|&c| value(c) == Some(1.0))
        .max_by_key(|&c| visits(c))
    {
        return Some(c);
    }
    tree.children(node)
        .filter(|&c| visits(c) > 0)
        .max_by_key(|&c| (value(c) != Some(0.0), visits(c)))
}

/// The best line from `node`.
pub fn pv(tree: &Tree, mut node: u32) -> Vec<MoveKey> {
    let mut line = Vec::new();
    while line.len() < PV_STEPS {
        let Some(c) = best_child(tree, node) else {
            break;
        };
        line.push(tree.node(c).key());
        node = c;
    }
    line
}

/// The root step `key` followed by the best line after it.
pub fn pv_after(tree: &Tree, key: MoveKey) -> Vec<MoveKey> {
    let mut line = vec![key];
    if let Some(c) = tree.child_by_key(tree.root, key) {
        line.extend(pv(tree, c));
    }
    line
}
