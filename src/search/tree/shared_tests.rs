//! Tests of the shared tree under threads, recycling and re-rooting, on the toy games.

use super::nodes::{Proven, Tree, NO_NODE};
use super::playouts::{table_words, MctsParams, Playouts};
use super::run;
use super::walk::Walker;
use crate::games::{Game, SearchHints};
use crate::search::control::{Limits, Timer};
use crate::search::reward::mover;
use crate::search::toy::{Race, TicTacToe};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// Checks what must hold in every tree between searches; returns the nodes reachable.
fn check_tree(tree: &Tree) -> usize {
    let mut stack = vec![tree.root];
    let mut reached = 0;
    while let Some(n) = stack.pop() {
        reached += 1;
        let node = tree.node(n);
        let reward = node.reward_sum();
        assert!(
            reward >= 0.0 && reward <= f64::from(node.visits()) + 1e-6,
            "node {n}: reward {reward} over {} visits",
            node.visits()
        );
        let mut keys = HashSet::new();
        let mut sum = 0u64;
        for c in tree.children(n) {
            assert!(keys.insert(tree.node(c).key()), "two children for one step");
            assert!(c > n, "a child's index is above its parent's");
            sum += u64::from(tree.node(c).visits());
            stack.push(c);
        }
        assert!(
            u64::from(node.visits()) >= sum,
            "node {n}: {} visits, children {sum}",
            node.visits()
        );
    }
    assert!(reached <= tree.node_count());
    reached
}

fn run<G: SearchHints>(game: &G, tree: &mut Tree, threads: usize, iters: u64, seed: u64) -> u64 {
    if tree.root == NO_NODE {
        tree.plant(mover(game), Proven::Unknown);
    }
    let params = MctsParams::default();
    let mut walkers: Vec<_> = (0..threads)
        .map(|i| Walker::new(game, Playouts::new(game, params, seed + i as u64, None)))
        .collect();
    let stop = AtomicBool::new(false);
    let timer = Timer::new(Limits::iters(iters), &stop);
    run::search(tree, &mut walkers, &timer, None, None, true).iterations
}

#[test]
fn no_update_is_lost_under_many_threads() {
    let race = Race::new(60, true).with_points();
    let mut tree = Tree::new(64 << 20, table_words(race.geometry().cells()));
    let done = run(&race, &mut tree, 8, 40_000, 1);
    assert_eq!(done, 40_000);
    assert_eq!(
        tree.node(tree.root).visits(),
        40_000,
        "every simulation counted"
    );
    // The root always expands, so every simulation went through exactly one of its children.
    let children: u32 = tree
        .children(tree.root)
        .map(|c| tree.node(c).visits())
        .sum();
    assert_eq!(children, 40_000);
    assert!(check_tree(&tree) > 1000);
}

#[test]
fn recycling_keeps_the_statistics_consistent_and_the_budget() {
    let race = Race::new(250, true).with_points();
    let budget = 512 << 10;
    for threads in [1, 3] {
        let mut tree = Tree::new(budget, table_words(race.geometry().cells()));
        let done = run(&race, &mut tree, threads, 30_000, 7);
        assert_eq!(done, 30_000, "{threads} threads: the search went on");
        assert!(tree.bytes_committed() <= budget);
        assert_eq!(tree.node(tree.root).visits(), 30_000);
        let reached = check_tree(&tree);
        // Far fewer nodes than simulations: the tree was recycled (30 000 nodes would not
        // fit in 512 KB).
        assert!(reached < 15_000, "{reached}");
    }
}

#[test]
fn one_thread_with_a_seed_and_an_iteration_limit_is_deterministic() {
    let g = TicTacToe::default();
    let visits = || {
        let mut tree = Tree::new(8 << 20, table_words(g.geometry().cells()));
        run(&g, &mut tree, 1, 3_000, 5);
        let mut v: Vec<(u16, u32, u64)> = tree
            .children(tree.root)
            .map(|c| {
                let n = tree.node(c);
                (n.key(), n.visits(), n.reward_sum().to_bits())
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(visits(), visits());
}

#[test]
fn rerooting_keeps_the_searched_subtree() {
    let mut g = TicTacToe::default();
    let mut tree = Tree::new(8 << 20, table_words(g.geometry().cells()));
    run(&g, &mut tree, 2, 5_000, 3);
    let best = tree
        .children(tree.root)
        .max_by_key(|&c| tree.node(c).visits())
        .unwrap();
    let (key, visits) = (tree.node(best).key(), tree.node(best).visits());
    let grandchildren = tree.children(best).count();
    tree.reroot(best);
    assert_eq!(tree.node(tree.root).key(), key);
    assert_eq!(tree.node(tree.root).visits(), visits);
    assert_eq!(tree.children(tree.root).count(), grandchildren);
    check_tree(&tree);
    // The search carries on from there.
    g.play(crate::search::keys::step_of(key));
    run(&g, &mut tree, 2, 1_000, 4);
    assert_eq!(tree.node(tree.root).visits(), visits + 1_000);
    check_tree(&tree);
}

/// Every node's children, when the search widens progressively with `k`: a step is added only
/// while the node has fewer than `k·√visits` children, so at most `k·√visits + 1` after.
#[test]
fn progressive_widening_bounds_the_children_of_every_node() {
    use crate::games::{GameKind, GameOptions};
    let mut options = GameOptions::defaults(GameKind::Wunchunk);
    options.size = 4;
    let g = crate::games::wunchunk::Wunchunk::new(&options).expect("a board");
    let run_with = |k: f32| {
        let mut tree = Tree::new(32 << 20, table_words(g.geometry().cells()));
        tree.plant(mover(&g), Proven::Unknown);
        let params = MctsParams {
            widening: k,
            ..MctsParams::default()
        };
        let mut walkers = vec![Walker::new(&g, Playouts::new(&g, params, 5, None))];
        let stop = AtomicBool::new(false);
        let timer = Timer::new(Limits::iters(3_000), &stop);
        run::search(&mut tree, &mut walkers, &timer, None, None, true);
        check_tree(&tree);
        let (mut root, mut over) = (0usize, 0usize);
        let mut stack = vec![tree.root];
        while let Some(n) = stack.pop() {
            let children: Vec<u32> = tree.children(n).collect();
            let bound = k * (tree.node(n).visits() as f32).sqrt() + 1.0;
            if k > 0.0 && children.len() as f32 > bound {
                over += 1;
            }
            if n == tree.root {
                root = children.len();
            }
            stack.extend(children);
        }
        (root, over)
    };
    // Side 4: 37 cells, 75 first steps (either colour on any cell, or pass).
    let (wide, _) = run_with(0.0);
    let (narrow, over) = run_with(0.5);
    assert_eq!(over, 0, "a node has more children than the widening allows");
    // 3,000 visits at the root allow at most 0.5·√3000 + 1 ≈ 28 children; without widening
    // the root tries every one of its 75 steps.
    assert!(narrow <= 28, "{narrow} children at the root");
    assert_eq!(wide, 75, "without widening the root tries every step");
}
