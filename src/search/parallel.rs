//! Runs MCTS workers on threads (root parallelism: one tree each, statistics merged at the
//! root), publishes a report about every 100 ms, and merges the result.

use super::control::Clock;
use super::keys::MoveKey;
use super::mcts::Worker;
use super::report::{build_report, Report, RootEdge, RootStats};
use super::tree::NO_NODE;
use crate::games::Game;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often reports are sent.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The longest principal variation kept, in steps.
const PV_STEPS: usize = 60;

impl<G: Game> Worker<G> {
    /// This worker's root statistics and principal variation.
    pub fn root_stats(&self) -> RootStats {
        let t = &self.tree;
        let root = t.root;
        let mover = t.nodes[root as usize].mover;
        let edges: Vec<RootEdge> = t
            .edges_of(root)
            .iter()
            .map(|e| RootEdge {
                key: e.key,
                n: e.n as u64,
                w: e.w as f64,
                margin: e.margin as f64,
                proven: (e.child != NO_NODE)
                    .then(|| t.nodes[e.child as usize].proven.value_for(mover))
                    .flatten(),
            })
            .collect();
        RootStats {
            edges,
            pv: self.pv(root),
            iterations: self.iterations,
            nodes: t.nodes.len() as u64,
            bytes: t.bytes() as u64,
            proven: t.nodes[root as usize].proven.value_for(mover),
        }
    }

    /// The edge to follow from `node` when reading the tree: a proven win for the mover if
    /// any, else the most visited edge that is not a proven loss.
    fn best_edge(&self, node: u32) -> Option<&super::tree::Edge> {
        let t = &self.tree;
        let m = t.nodes[node as usize].mover;
        let value = |e: &super::tree::Edge| {
            (e.child != NO_NODE)
                .then(|| t.nodes[e.child as usize].proven.value_for(m))
                .flatten()
        };
        let edges = t.edges_of(node);
        if let Some(e) = edges
            .iter()
            .filter(|e| value(e) == Some(1.0))
            .max_by_key(|e| e.n)
        {
            return Some(e);
        }
        edges
            .iter()
            .filter(|e| e.n > 0)
            .max_by_key(|e| (value(e) != Some(0.0), e.n))
    }

    /// The best line from `node` (see [`Worker::best_edge`]).
    pub fn pv(&self, mut node: u32) -> Vec<MoveKey> {
        let mut line = Vec::new();
        while node != NO_NODE && line.len() < PV_STEPS {
            let Some(e) = self.best_edge(node) else {
                break;
            };
            line.push(e.key);
            node = e.child;
        }
        line
    }

    /// The root step `key` followed by the best line after it, and the visits of that step.
    pub fn pv_after(&self, key: MoveKey) -> (Vec<MoveKey>, u32) {
        let t = &self.tree;
        match t.edges_of(t.root).iter().find(|e| e.key == key) {
            Some(e) => {
                let mut line = vec![key];
                if e.child != NO_NODE {
                    line.extend(self.pv(e.child));
                }
                (line, e.n)
            }
            None => (vec![key], 0),
        }
    }

    /// Searches until the clock says stop (at least one simulation unless stopped first);
    /// publishes its root statistics into `slot` about every [`REPORT_EVERY`].
    pub fn run(&mut self, clock: &Clock, slot: Option<&Mutex<Option<RootStats>>>) {
        let mut next_publish = Instant::now() + REPORT_EVERY / 2;
        let start_iters = self.iterations;
        let mut first = true;
        loop {
            let done = self.iterations - start_iters;
            if !first && clock.expired(done) || first && clock.stopped() {
                break;
            }
            first = false;
            // A proven win needs no more thought; a proven loss or draw is searched on for
            // the best margin and the most resistance.
            let root = &self.tree.nodes[self.tree.root as usize];
            if self.params().solver && root.proven.value_for(root.mover) == Some(1.0) {
                break;
            }
            self.iterate();
            if let Some(slot) = slot {
                if done % 16 == 0 && Instant::now() >= next_publish {
                    *slot.lock().unwrap() = Some(self.root_stats());
                    next_publish += REPORT_EVERY;
                }
            }
        }
    }
}

/// Runs every worker on its own thread until `clock` expires (the iteration cap is split over
/// the workers), sending merged reports to `reports`. Returns the merged root statistics.
pub fn search<G: Game>(
    workers: &mut [Worker<G>],
    clock: &Clock,
    reports: Option<&Sender<Report>>,
) -> RootStats {
    let threads = workers.len();
    let slots: Vec<Mutex<Option<RootStats>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    let finished = AtomicUsize::new(0);
    let root_game = workers[0].game().clone();
    std::thread::scope(|s| {
        for (i, w) in workers.iter_mut().enumerate() {
            let cap = clock.iteration_cap().map(|n| {
                let t = threads as u64;
                n / t + u64::from((i as u64) < n % t)
            });
            let clock = clock.with_iters(cap);
            let (slot, finished) = (&slots[i], &finished);
            let publish = reports.is_some().then_some(slot);
            s.spawn(move || {
                w.run(&clock, publish);
                finished.fetch_add(1, Ordering::Release);
            });
        }
        let Some(tx) = reports else {
            return;
        };
        let mut next = clock.start + REPORT_EVERY;
        while finished.load(Ordering::Acquire) < threads {
            std::thread::sleep(Duration::from_millis(5));
            if Instant::now() < next {
                continue;
            }
            next += REPORT_EVERY;
            let list: Vec<RootStats> = slots
                .iter()
                .filter_map(|slot| slot.lock().unwrap().clone())
                .collect();
            let merged = merge_all(&list);
            if !merged.edges.is_empty() {
                // A closed receiver only means nobody listens any more.
                let _ = tx.send(build_report(&root_game, &merged, None, clock.elapsed()));
            }
        }
    });
    let list: Vec<RootStats> = workers.iter().map(|w| w.root_stats()).collect();
    merge_all(&list)
}

/// Merges the roots of several threads; the PV is that of the thread that searched the merged
/// best step the most.
pub fn merge_all(list: &[RootStats]) -> RootStats {
    let mut merged = RootStats::default();
    for stats in list {
        merged.merge(stats);
    }
    merged.pv.clear();
    if let Some(best) = merged.best_index().map(|i| merged.edges[i].key) {
        let visits = |s: &RootStats| s.edges.iter().find(|e| e.key == best).map_or(0, |e| e.n);
        if let Some(s) = list
            .iter()
            .filter(|s| s.pv.first() == Some(&best))
            .max_by_key(|s| visits(s))
        {
            merged.pv = s.pv.clone();
        }
    }
    merged
}
