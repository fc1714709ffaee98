//! Compaction of the shared tree, while no search runs (`&mut Tree`): re-rooting for tree reuse
//! between moves, and recycling when the budget is full.
//!
//! Both mark the nodes to keep, then slide them down in index order: a child always has a
//! higher index than its parent and kept nodes keep their relative order, so each node moves
//! to an index no higher than its old one and the compaction works in place. Tables slide down
//! the same way behind their owners.
//!
//! **Recycling policy.** When the budget is full, the search pauses and drops the children (and
//! everything below them) of the least-visited nodes: it finds the smallest visit count `t`
//! such that keeping only the children of nodes with at least `t` visits keeps at most half of
//! the budget, and drops the rest. Every node kept keeps its statistics, so each parent still has
//! at least as many visits as its children together, and a node whose children were dropped is
//! simply a leaf again (a well-visited one, guided by its all-moves-as-first table when it has
//! one): the search grows it back if it turns out to matter.

use super::nodes::{Tree, NODE_BYTES, NO_NODE};

impl Tree {
    /// Keeps only the subtree under `new_root` (which becomes the root), statistics included;
    /// [`NO_NODE`] empties the tree.
    pub fn reroot(&mut self, new_root: u32) {
        if new_root == NO_NODE {
            self.clear();
            return;
        }
        let live = self.mark(new_root, 0);
        self.compact(&live, new_root);
    }

    /// Frees room when the budget is full (see the module's recycling policy). Returns the
    /// smallest visit count of a node that kept its children.
    pub fn recycle(&mut self) -> u32 {
        if self.root == NO_NODE {
            return 0;
        }
        let target = self.budget_bytes() / 2;
        // Visits of each node's parent: a node is kept iff its parent has at least t visits.
        let mut parent_visits: Vec<u32> = Vec::new();
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            let v = self.node(n).visits();
            for c in self.children(n) {
                parent_visits.push(v);
                stack.push(c);
            }
        }
        let mut t = match parent_visits.len() {
            0 => 0,
            len => {
                let half = len / 2;
                let (_, &mut nth, _) = parent_visits.select_nth_unstable_by(half, |a, b| b.cmp(a));
                nth.saturating_add(1)
            }
        };
        drop(parent_visits);
        let mut live = self.mark(self.root, t);
        // Tables may dominate: raise the threshold until the kept bytes fit in half the budget.
        while self.kept_bytes(&live) > target && t < u32::MAX / 2 {
            t = t.saturating_mul(2).max(2);
            live = self.mark(self.root, t);
        }
        let root = self.root;
        self.compact(&live, root);
        t
    }

    /// The nodes under `root` to keep: `root`, and the children of every kept node with at
    /// least `threshold` visits.
    fn mark(&self, root: u32, threshold: u32) -> Vec<bool> {
        let mut live = vec![false; self.node_count()];
        live[root as usize] = true;
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            if self.node(n).visits() < threshold {
                continue;
            }
            for c in self.children(n) {
                live[c as usize] = true;
                stack.push(c);
            }
        }
        live
    }

    /// Bytes the nodes in `live` and their tables hold.
    fn kept_bytes(&self, live: &[bool]) -> usize {
        let table_bytes = self.tables.arena.item_bytes();
        live.iter()
            .enumerate()
            .filter(|(_, &l)| l)
            .map(|(i, _)| {
                let has_table = self.node(i as u32).table() != NO_NODE;
                NODE_BYTES + if has_table { table_bytes } else { 0 }
            })
            .sum()
    }

    /// Slides the nodes in `live` (a set closed under "children of a kept node are all kept or
    /// all dropped") and their tables down; `new_root` becomes the root.
    fn compact(&mut self, live: &[bool], new_root: u32) {
        let n = self.node_count();
        let mut forward = vec![NO_NODE; n];
        let mut next = 0u32;
        for (i, _) in live.iter().enumerate().filter(|(_, &l)| l) {
            forward[i] = next;
            next += 1;
        }
        // Tables: kept when their owner is kept and still points at them (a table that lost
        // the race to be installed is garbage).
        let tables = self.tables.len();
        let mut table_forward = vec![NO_NODE; tables];
        let mut next_table = 0u32;
        for t in 0..tables as u32 {
            let owner = self.tables.owner(t);
            if (owner as usize) < n && live[owner as usize] && self.node(owner).table() == t {
                self.tables.relocate(t, next_table, forward[owner as usize]);
                table_forward[t as usize] = next_table;
                next_table += 1;
            }
        }
        for old in 0..n as u32 {
            let new = forward[old as usize];
            if new == NO_NODE {
                continue;
            }
            let node = self.node(old);
            let (fc, ns, table) = (node.first_child(), node.next_sibling(), node.table());
            let keep = |i: u32| {
                if i != NO_NODE && live[i as usize] {
                    forward[i as usize]
                } else {
                    NO_NODE
                }
            };
            let ns = if old == new_root { NO_NODE } else { keep(ns) };
            let table = if table == NO_NODE {
                NO_NODE
            } else {
                table_forward[table as usize]
            };
            if new != old {
                self.node(new).copy_from(self.node(old));
            }
            self.node(new).relink(keep(fc), ns, table);
        }
        self.root = forward[new_root as usize];
        self.nodes.truncate(next as usize, &mut self.budget);
        self.tables.truncate(next_table as usize, &mut self.budget);
        self.budget.reopen();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tree::nodes::{Proven, NO_PRIOR};

    /// A root with children 1, 2, 3; child 2 has children 20, 21; 21 has 210.
    fn small_tree() -> Tree {
        let mut t = Tree::new(1 << 20, 9);
        t.plant(0, Proven::Unknown);
        let r = t.root;
        let add = |t: &Tree, parent: u32, key: u16, visits: u32| {
            let c = t.new_node(key, 0, 1, Proven::Unknown, NO_PRIOR).unwrap();
            t.link(parent, c, t.node(parent).first_child());
            for _ in 0..visits {
                t.node(c).enter();
                t.node(c).add_result(1.0, 2.0, false);
            }
            c
        };
        for _ in 0..20 {
            t.node(r).enter();
        }
        add(&t, r, 1, 3);
        let two = add(&t, r, 2, 10);
        add(&t, r, 3, 1);
        add(&t, two, 20, 2);
        let b = add(&t, two, 21, 7);
        add(&t, b, 210, 4);
        t
    }

    fn keys_under(t: &Tree, n: u32) -> Vec<(u16, u32)> {
        let mut out = vec![(t.node(n).key(), t.node(n).visits())];
        let mut kids: Vec<u32> = t.children(n).collect();
        kids.sort_by_key(|&c| t.node(c).key());
        for c in kids {
            out.extend(keys_under(t, c));
        }
        out
    }

    #[test]
    fn reroot_keeps_exactly_the_subtree() {
        let mut t = small_tree();
        let two = t.child_by_key(t.root, 2).unwrap();
        let before = keys_under(&t, two);
        t.reroot(two);
        assert_eq!(t.root, 0);
        assert_eq!(t.node_count(), 4);
        assert_eq!(keys_under(&t, t.root), before);
        assert_eq!(t.node(t.root).next_sibling(), NO_NODE);
        let b = t.child_by_key(t.root, 21).unwrap();
        assert_eq!(t.node(b).reward_sum(), 7.0);
        assert_eq!(t.node(b).margin_sum(), 14.0);
        t.reroot(NO_NODE);
        assert_eq!(t.node_count(), 0);
    }

    #[test]
    fn recycling_drops_the_children_of_the_least_visited() {
        let mut t = small_tree();
        let before = t.node_count();
        let threshold = t.recycle();
        assert!(threshold > 0);
        assert!(t.node_count() < before);
        // Consistency: every parent has at least the visits of its children together.
        let mut stack = vec![t.root];
        while let Some(n) = stack.pop() {
            let sum: u32 = t.children(n).map(|c| t.node(c).visits()).sum();
            assert!(t.node(n).visits() >= sum);
            stack.extend(t.children(n));
        }
        assert_eq!(t.node(t.root).visits(), 20);
        // The most visited line survives.
        assert!(t.child_by_key(t.root, 2).is_some());
    }
}
