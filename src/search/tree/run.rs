//! Runs a search: one [`Walker`] per thread on one shared tree (tree parallelism with virtual
//! loss), recycling when the budget is full, a report about every 100 ms. The same for every
//! evaluator.
//!
//! The threads stop together at the first of: the stop flag, the deadline, the iteration cap
//! (counted over all threads), a proven win at the root, or visits nearing the counters'
//! range. When the tree's budget is full they pause, the tree is recycled
//! ([`Tree::recycle`]), and they carry on; should a round make no progress at all (a budget
//! smaller than what the search needs to move), the search carries on without growing.

use super::nodes::{Tree, MAX_VISITS, NO_NODE};
use super::walk::{Evaluator, Step, Walker};
use crate::games::{Game, SearchHints};
use crate::search::control::Timer;
use crate::search::keys::{key_of, MoveKey, KEY_COUNT};
use crate::search::report::{build_report, Report, RootEdge, RootStats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// How often reports are sent.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The longest principal variation kept, in steps.
const PV_STEPS: usize = 60;

/// Per cell, the shares of the first and the second side's ownership, for the reports.
pub type OwnershipNow<'a> = &'a (dyn Fn() -> Vec<[f64; 2]> + Sync);

/// What the threads of one search share.
struct Shared<'a, 'c> {
    tree: &'a Tree,
    timer: &'a Timer<'c>,
    ownership: Option<OwnershipNow<'a>>,
    /// Whether the root's statistics list every legal step (else only the root's children).
    all_legal: bool,
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

    /// Takes back a simulation that was abandoned.
    fn abandon(&self) {
        self.done.fetch_sub(1, Relaxed);
    }

    /// A proven win needs no more thought (a proven loss or draw is searched on for the best
    /// margin and the most resistance); visits near the counters' range end the search.
    fn root_settled(&self) -> bool {
        let root = self.tree.node(self.tree.root);
        root.visits() >= MAX_VISITS || root.proven().value_for(root.mover()) == Some(1.0)
    }
}

/// One thread's loop; the thread with `reports` sends them. Leaves queued for a batch are
/// valued before the thread stops, so that no virtual loss is left in the tree.
fn run<G: SearchHints, E: Evaluator<G>>(
    w: &mut Walker<G, E>,
    shared: &Shared,
    reports: Option<&Sender<Report>>,
) {
    let mut next_report = shared.timer.start + REPORT_EVERY;
    while let Some(i) = shared.next() {
        match w.simulate(shared.tree) {
            Step::Done => {}
            Step::BatchFull => w.flush(shared.tree),
            Step::Collision => {
                shared.abandon();
                w.flush(shared.tree);
            }
        }
        if let Some(tx) = reports {
            if i % 16 == 0 && Instant::now() >= next_report {
                next_report += REPORT_EVERY;
                let mut stats = root_stats(shared.tree, w.game(), shared.all_legal);
                stats.iterations = shared.done.load(Relaxed);
                if !stats.edges.is_empty() {
                    let mut r = build_report(w.game(), &stats, None, shared.timer.elapsed());
                    r.ownership = shared.ownership.map(|o| o());
                    // A closed receiver only means nobody listens any more.
                    let _ = tx.send(r);
                }
            }
        }
    }
    w.flush(shared.tree);
}

/// Searches `tree` (whose root is the walkers' position) with one thread per walker until
/// the timer says stop (at least one simulation unless stopped first). Returns the root
/// statistics: every legal step with `all_legal`, else the root's children only (the network
/// leaves out the steps the game calls dominated).
pub fn search<G: SearchHints, E: Evaluator<G>>(
    tree: &mut Tree,
    walkers: &mut [Walker<G, E>],
    timer: &Timer,
    reports: Option<&Sender<Report>>,
    ownership: Option<OwnershipNow>,
    all_legal: bool,
) -> RootStats {
    let mut done = 0u64;
    let mut recycle = true;
    let mut recycled = 0u32;
    loop {
        let shared = Shared {
            tree,
            timer,
            ownership,
            all_legal,
            done: AtomicU64::new(done),
            halt: AtomicBool::new(false),
            recycle,
        };
        match walkers {
            [one] => run(one, &shared, reports),
            _ => std::thread::scope(|s| {
                let (first, rest) = walkers.split_first_mut().expect("at least one walker");
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
    let mut stats = root_stats(tree, walkers[0].game(), all_legal);
    stats.iterations = done;
    stats.recycled = recycled;
    stats
}

/// The root's statistics in the game's order of its steps (every legal step with
/// `all_legal`, else the root's children only), and the principal variation.
pub fn root_stats<G: Game>(tree: &Tree, game: &G, all_legal: bool) -> RootStats {
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
        .map(|&s| key_of(s))
        .filter(|&key| all_legal || child_at[key as usize] != NO_NODE)
        .map(|key| match child_at[key as usize] {
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
