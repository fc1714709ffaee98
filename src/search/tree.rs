//! The search tree: nodes and edges in two flat arenas under a memory budget.
//!
//! A node's edges are one contiguous block, appended when the node is created, so blocks lie in
//! the order of node creation. That makes re-rooting for tree reuse a simple in-place sliding
//! compaction: the kept subtree's nodes and edge blocks slide down in address order.
//! Growth goes through `reserve_exact`, so capacity (what is counted against the budget) never
//! overshoots the budget; when the next block would not fit, the tree stops growing and the
//! search carries on with playouts from its leaves.

use super::keys::MoveKey;
use super::reward::Player;

/// Index meaning "no node".
pub const NO_NODE: u32 = u32::MAX;

/// Proven result of a node (MCTS-Solver), from player 0's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Proven {
    /// Not proven.
    Unknown = 0,
    /// Player 0 loses with best play.
    Loss0 = 1,
    /// A draw with best play.
    Draw = 2,
    /// Player 0 wins with best play.
    Win0 = 3,
}

impl Proven {
    /// The exact value for player 0 (1 / 0.5 / 0); `None` when unknown.
    pub fn value0(self) -> Option<f32> {
        match self {
            Proven::Unknown => None,
            Proven::Loss0 => Some(0.0),
            Proven::Draw => Some(0.5),
            Proven::Win0 => Some(1.0),
        }
    }

    /// From a game value for player 0 (1 / 0.5 / 0).
    pub fn from_win0(win: f32) -> Proven {
        if win > 0.75 {
            Proven::Win0
        } else if win < 0.25 {
            Proven::Loss0
        } else {
            Proven::Draw
        }
    }

    /// The exact value for `player`; `None` when unknown.
    pub fn value_for(self, player: Player) -> Option<f32> {
        self.value0().map(|v| if player == 0 { v } else { 1.0 - v })
    }
}

/// A position in the tree.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// Index of the first edge of this node's block.
    pub first: u32,
    /// Number of edges (0 for a finished game).
    pub len: u32,
    /// Simulations that passed through this node.
    pub visits: u32,
    /// All-moves-as-first updates made to this node's edges (their sum).
    pub amaf_n: u32,
    /// Sum of the rewards of those updates.
    pub amaf_w: f32,
    /// Who takes the next step here.
    pub mover: Player,
    /// Proven result, if any.
    pub proven: Proven,
}

/// A step from a node, with its statistics from the view of the node's mover.
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    /// The step.
    pub key: MoveKey,
    /// The node it leads to, or [`NO_NODE`] while not expanded.
    pub child: u32,
    /// Simulations through this edge.
    pub n: u32,
    /// Sum of their rewards (mover's view).
    pub w: f32,
    /// All-moves-as-first simulations: the step was played later by the same player.
    pub amaf_n: u32,
    /// Sum of their rewards.
    pub amaf_w: f32,
    /// Sum of the score margins (mover's view).
    pub margin: f32,
}

impl Edge {
    /// A fresh edge for a step.
    pub fn new(key: MoveKey) -> Edge {
        Edge {
            key,
            child: NO_NODE,
            n: 0,
            w: 0.0,
            amaf_n: 0,
            amaf_w: 0.0,
            margin: 0.0,
        }
    }

    /// Mean reward, or `None` before the first visit.
    pub fn mean(&self) -> Option<f32> {
        (self.n > 0).then(|| self.w / self.n as f32)
    }
}

/// Nodes and edges under a byte budget.
#[derive(Debug)]
pub struct Tree {
    /// All nodes; index 0 is not special, see `root`.
    pub nodes: Vec<Node>,
    /// All edges, in per-node blocks.
    pub edges: Vec<Edge>,
    /// The root node, or [`NO_NODE`] for an empty tree.
    pub root: u32,
    budget: usize,
}

const NODE_BYTES: usize = std::mem::size_of::<Node>();
const EDGE_BYTES: usize = std::mem::size_of::<Edge>();

impl Tree {
    /// An empty tree that will never hold more than `budget` bytes of nodes and edges (the
    /// root is always allowed).
    pub fn new(budget: usize) -> Tree {
        Tree {
            nodes: Vec::new(),
            edges: Vec::new(),
            root: NO_NODE,
            budget,
        }
    }

    /// Bytes held (capacity of both arenas).
    pub fn bytes(&self) -> usize {
        self.nodes.capacity() * NODE_BYTES + self.edges.capacity() * EDGE_BYTES
    }

    /// The byte budget.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Changes the budget (takes effect for future growth).
    pub fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.root = NO_NODE;
    }

    /// Capacity to ask for when `len + extra` items do not fit in `cap`: grow by half, at
    /// least `extra`, within `room` more items; `None` if even `extra` does not fit.
    fn grow_to(len: usize, cap: usize, extra: usize, room: usize) -> Option<usize> {
        if len + extra <= cap {
            return Some(cap);
        }
        let need = len + extra - cap;
        if need > room {
            return None;
        }
        let want = (cap / 2).max(1024).max(need);
        Some(cap + want.min(room))
    }

    /// Whether a node with `n_edges` edges fits; reserves the room if it does.
    fn reserve(&mut self, n_edges: usize, force: bool) -> bool {
        let used = self.bytes();
        let room = if force {
            usize::MAX / 4
        } else {
            self.budget.saturating_sub(used)
        };
        let node_cap = Self::grow_to(
            self.nodes.len(),
            self.nodes.capacity(),
            1,
            room / NODE_BYTES,
        );
        let Some(node_cap) = node_cap else {
            return false;
        };
        let room = room.saturating_sub((node_cap - self.nodes.capacity()) * NODE_BYTES);
        let edge_cap = Self::grow_to(
            self.edges.len(),
            self.edges.capacity(),
            n_edges,
            room / EDGE_BYTES,
        );
        let Some(edge_cap) = edge_cap else {
            return false;
        };
        self.nodes.reserve_exact(node_cap - self.nodes.len());
        self.edges.reserve_exact(edge_cap - self.edges.len());
        true
    }

    /// Adds a node with edges for `keys`, if the budget allows (always for the root of an
    /// empty tree). Returns its index.
    pub fn add_node(
        &mut self,
        mover: Player,
        keys: impl ExactSizeIterator<Item = MoveKey>,
        proven: Proven,
    ) -> Option<u32> {
        let force = self.nodes.is_empty();
        if !self.reserve(keys.len(), force) {
            return None;
        }
        let first = self.edges.len() as u32;
        self.edges.extend(keys.map(Edge::new));
        let len = self.edges.len() as u32 - first;
        self.nodes.push(Node {
            first,
            len,
            visits: 0,
            amaf_n: 0,
            amaf_w: 0.0,
            mover,
            proven,
        });
        Some(self.nodes.len() as u32 - 1)
    }

    /// The edge indices of a node.
    #[inline]
    pub fn edge_range(&self, node: u32) -> std::ops::Range<usize> {
        let n = &self.nodes[node as usize];
        n.first as usize..(n.first + n.len) as usize
    }

    /// The edges of a node.
    #[inline]
    pub fn edges_of(&self, node: u32) -> &[Edge] {
        &self.edges[self.edge_range(node)]
    }

    /// The child reached from `node` by the step `key`, if expanded.
    pub fn child_by_key(&self, node: u32, key: MoveKey) -> Option<u32> {
        self.edges_of(node)
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.child)
            .filter(|&c| c != NO_NODE)
    }

    /// Keeps only the subtree under `new_root` (which becomes the root), sliding it down in
    /// place; statistics are kept.
    pub fn reroot(&mut self, new_root: u32) {
        if new_root == NO_NODE {
            self.clear();
            return;
        }
        // Mark the subtree.
        let mut live = vec![false; self.nodes.len()];
        let mut stack = vec![new_root];
        live[new_root as usize] = true;
        while let Some(n) = stack.pop() {
            for e in self.edge_range(n) {
                let c = self.edges[e].child;
                if c != NO_NODE && !live[c as usize] {
                    live[c as usize] = true;
                    stack.push(c);
                }
            }
        }
        // Forwarding addresses: live nodes keep their relative order.
        let mut forward = vec![NO_NODE; self.nodes.len()];
        let mut next = 0u32;
        for (i, &l) in live.iter().enumerate() {
            if l {
                forward[i] = next;
                next += 1;
            }
        }
        drop(live);
        // Slide nodes and their edge blocks down (new positions never pass old ones).
        let mut edge_top = 0usize;
        for old in 0..self.nodes.len() {
            let new = forward[old];
            if new == NO_NODE {
                continue;
            }
            let mut node = self.nodes[old];
            let (first, len) = (node.first as usize, node.len as usize);
            self.edges.copy_within(first..first + len, edge_top);
            for e in &mut self.edges[edge_top..edge_top + len] {
                if e.child != NO_NODE {
                    e.child = forward[e.child as usize];
                }
            }
            node.first = edge_top as u32;
            edge_top += len;
            self.nodes[new as usize] = node;
        }
        self.nodes.truncate(next as usize);
        self.edges.truncate(edge_top);
        self.root = forward[new_root as usize];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reroot_keeps_exactly_the_subtree() {
        let mut t = Tree::new(1 << 20);
        let r = t
            .add_node(0, [1u16, 2, 3].into_iter(), Proven::Unknown)
            .unwrap();
        t.root = r;
        let a = t
            .add_node(1, [4u16, 5].into_iter(), Proven::Unknown)
            .unwrap();
        let b = t.add_node(1, [6u16].into_iter(), Proven::Unknown).unwrap();
        let c = t.add_node(0, [7u16].into_iter(), Proven::Win0).unwrap();
        let first = t.nodes[r as usize].first as usize;
        t.edges[first].child = a;
        t.edges[first + 1].child = b;
        t.edges[first + 1].n = 9;
        let bf = t.nodes[b as usize].first as usize;
        t.edges[bf].child = c;
        t.edges[bf].n = 4;
        t.reroot(b);
        assert_eq!(t.nodes.len(), 2);
        assert_eq!(t.edges.len(), 2);
        assert_eq!(t.root, 0);
        let e = t.edges_of(0)[0];
        assert_eq!((e.key, e.n), (6, 4));
        assert_eq!(t.nodes[e.child as usize].proven, Proven::Win0);
        assert_eq!(t.edges_of(e.child)[0].key, 7);
    }

    #[test]
    fn growth_stops_at_the_budget() {
        let budget = 64 * 1024;
        let mut t = Tree::new(budget);
        let mut added = 0;
        while t
            .add_node(
                0,
                (0..50u16).collect::<Vec<_>>().into_iter(),
                Proven::Unknown,
            )
            .is_some()
        {
            added += 1;
            assert!(t.bytes() <= budget, "{} > {budget}", t.bytes());
        }
        assert!(added > 10);
        assert!(t.bytes() <= budget);
    }
}
