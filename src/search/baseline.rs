//! `uct-baseline`: the fixed yardstick, plain like the seeds' reference AI. Do not tune it.
//!
//! UCB1 with exploration constant 0.7 on rewards 1 / 0.5 / 0 for win / draw / loss from the
//! view of the player who took the step; one new child per iteration (an untried step chosen
//! uniformly at random); uniformly random playouts ([`SearchHints::random_step`], the
//! `tessera bench` policy); no tree reuse; one thread; the most visited step is played. Steps
//! are searched one per tree level like every other player here. The only addition is the
//! memory budget: once the tree reaches it, iterations stop adding children.

use super::control::Timer;
use super::keys::key_of;
use super::report::{RootEdge, RootStats};
use super::reward::{for_seat, mover, terminal, RewardShape, Seat};
use crate::games::{SearchHints, Step};
use crate::rng::FastRng;

/// The exploration constant (fixed).
pub const EXPLORATION: f64 = 0.7;

struct Node {
    step: Step,
    /// Who took `step` (whose view `w` is from).
    by: Seat,
    /// Who moves in this node's position.
    mover: Seat,
    children: Vec<u32>,
    untried: Vec<Step>,
    n: u32,
    w: f64,
}

/// Runs the baseline from `game` until `timer` expires (at least one iteration unless
/// stopped before starting); returns the root statistics.
pub fn search<G: SearchHints>(game: &G, timer: &Timer, seed: u64, budget: usize) -> RootStats {
    let mut rng = FastRng::seed(seed);
    let mut buf = Vec::new();
    let mut g = game.clone();
    g.legal_steps(&mut buf);
    let mut nodes = vec![Node {
        step: Step::Pass,
        by: 0,
        mover: mover(&g),
        children: Vec::new(),
        untried: buf.clone(),
        n: 0,
        w: 0.0,
    }];
    let mut bytes = 0usize;
    let mut path: Vec<usize> = Vec::with_capacity(64);
    let mut iterations = 0u64;
    while !(iterations > 0 && timer.expired(iterations) || iterations == 0 && timer.stopped()) {
        iterations += 1;
        path.clear();
        let mut node = 0usize;
        path.push(0);
        let mut played = 0;
        // Selection: descend while the node is fully expanded.
        while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
            let ln_n = (nodes[node].n.max(1) as f64).ln();
            let mut best = nodes[node].children[0] as usize;
            let mut best_score = f64::NEG_INFINITY;
            for &c in &nodes[node].children {
                let ch = &nodes[c as usize];
                let score = if ch.n == 0 {
                    f64::INFINITY
                } else {
                    ch.w / ch.n as f64 + EXPLORATION * (ln_n / ch.n as f64).sqrt()
                };
                if score > best_score {
                    best_score = score;
                    best = c as usize;
                }
            }
            node = best;
            g.play(nodes[node].step);
            played += 1;
            path.push(node);
        }
        // Expansion: one new child.
        if !nodes[node].untried.is_empty() && bytes < budget {
            let k = rng.below(nodes[node].untried.len());
            let step = nodes[node].untried.swap_remove(k);
            let by = nodes[node].mover;
            g.play(step);
            played += 1;
            g.legal_steps(&mut buf);
            bytes += std::mem::size_of::<Node>() + buf.len() * std::mem::size_of::<Step>() + 4;
            nodes.push(Node {
                step,
                by,
                mover: mover(&g),
                children: Vec::new(),
                untried: buf.clone(),
                n: 0,
                w: 0.0,
            });
            let child = nodes.len() - 1;
            nodes[node].children.push(child as u32);
            path.push(child);
        }
        // Uniformly random playout.
        while !g.is_over() {
            let s = g.random_step(&mut rng, &mut buf);
            g.play(s);
            played += 1;
        }
        let win0 = terminal(&g, RewardShape::WIN_LOSS).win;
        for _ in 0..played {
            g.undo();
        }
        for &i in &path {
            let nd = &mut nodes[i];
            nd.n += 1;
            nd.w += for_seat(win0, nd.by) as f64;
        }
    }
    let root = &nodes[0];
    let mut edges: Vec<RootEdge> = root
        .children
        .iter()
        .map(|&c| {
            let ch = &nodes[c as usize];
            RootEdge {
                key: key_of(ch.step),
                n: ch.n as u64,
                w: ch.w,
                margin: 0.0,
                proven: None,
            }
        })
        .collect();
    edges.extend(root.untried.iter().map(|&s| RootEdge {
        key: key_of(s),
        ..RootEdge::default()
    }));
    // Principal variation: most visited children.
    let mut pv = Vec::new();
    let mut node = 0usize;
    while let Some(&c) = nodes[node]
        .children
        .iter()
        .max_by_key(|&&c| nodes[c as usize].n)
    {
        pv.push(key_of(nodes[c as usize].step));
        node = c as usize;
        if pv.len() >= 60 {
            break;
        }
    }
    RootStats {
        edges,
        pv,
        iterations,
        nodes: nodes.len() as u64,
        bytes: bytes as u64,
        recycled: 0,
        proven: None,
        minimax: false,
    }
}
