//! The search tree, shared by every thread of a search: nodes in an [`Arena`] under a byte
//! budget, linked parent → first child → next sibling.
//!
//! A node is one position and also the step that led to it, with that step's statistics, so
//! a tree of `n` positions is `n` nodes of 40 bytes plus whatever side tables the evaluator
//! keeps for some of them ([`SideTables`]: the playouts' all-moves-as-first statistics). When
//! children are created is the evaluator's choice: the playouts create one at a time when the
//! search first follows a step (the tree grows by about one node per simulation whatever the
//! branching factor), the network creates all of a position's steps at once with their priors
//! when it values the position.
//!
//! Every field is an atomic, so threads share the tree without locks: visits and reward sums
//! are added with `fetch_add` (no update is ever lost), a child is published by a
//! compare-and-swap on its parent's child list, and a proof is a plain store (proofs only go
//! from unknown to known, and every thread derives the same one). Compaction (re-rooting for
//! tree reuse, recycling when the budget is full) needs `&mut Tree` and lives in
//! [`super::compact`]. A child is always created after its parent, so its index is higher;
//! compaction relies on that.

use super::arena::{Arena, Budget};
use super::side_tables::SideTables;
use crate::search::keys::MoveKey;
use crate::search::reward::Seat;
use std::sync::atomic::{AtomicI64, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering};

use Ordering::{AcqRel, Acquire, Relaxed, Release};

/// Index meaning "no node".
pub const NO_NODE: u32 = u32::MAX;

/// [`Node::prior`] of a node without a prior.
pub const NO_PRIOR: u16 = u16::MAX;

/// Bit of `seats_proven`: an evaluator is valuing this leaf ([`Node::claim`]).
const CLAIMED: u8 = 1 << 4;

/// One simulation under way in [`Node::pending`]: the reward word's bits 48–63 count them.
const PENDING_ONE: u64 = 1 << 48;

/// The reward word's bits 0–47: the sum of rewards.
const REWARD_BITS: u64 = PENDING_ONE - 1;

/// Fixed-point unit of reward sums: a reward of 1 adds this much (so that the sum of
/// [`MAX_VISITS`] rewards fits in the reward word's 48 bits).
pub const REWARD_ONE: f64 = 65_536.0;

/// Fixed-point unit of margin sums: a margin of one point adds this much.
pub const MARGIN_ONE: f64 = 256.0;

/// Visits a node may reach: the search stops before a count could overflow.
pub const MAX_VISITS: u32 = u32::MAX - (1 << 24);

/// Proven result of a node (MCTS-Solver), from seat 0's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Proven {
    /// Not proven.
    Unknown = 0,
    /// Seat 0 loses with best play.
    Loss0 = 1,
    /// A draw with best play.
    Draw = 2,
    /// Seat 0 wins with best play.
    Win0 = 3,
}

impl Proven {
    /// The exact value for seat 0 (1 / 0.5 / 0); `None` when unknown.
    pub fn value0(self) -> Option<f32> {
        match self {
            Proven::Unknown => None,
            Proven::Loss0 => Some(0.0),
            Proven::Draw => Some(0.5),
            Proven::Win0 => Some(1.0),
        }
    }

    /// From a game value for seat 0 (1 / 0.5 / 0).
    pub fn from_win0(win: f32) -> Proven {
        if win > 0.75 {
            Proven::Win0
        } else if win < 0.25 {
            Proven::Loss0
        } else {
            Proven::Draw
        }
    }

    /// The exact value for `seat`; `None` when unknown.
    pub fn value_for(self, seat: Seat) -> Option<f32> {
        self.value0().map(|v| if seat == 0 { v } else { 1.0 - v })
    }

    fn from_u8(v: u8) -> Proven {
        match v {
            1 => Proven::Loss0,
            2 => Proven::Draw,
            3 => Proven::Win0,
            _ => Proven::Unknown,
        }
    }
}

/// A position in the tree and the step that led to it (40 bytes).
#[derive(Debug, Default)]
pub struct Node {
    key: AtomicU16,
    /// [`Node::by`] (bit 0), [`Node::mover`] (bit 1), [`Node::proven`] (bits 2–3), claimed
    /// for valuing (bit 4); changed bit by bit (`fetch_or`, `fetch_and`), never by a store
    /// that could undo another thread's bit.
    seats_proven: AtomicU8,
    /// Legal steps here, once counted (0: not yet, or a finished game).
    legal: AtomicU16,
    /// The prior of the step that led here, in the evaluator's code ([`NO_PRIOR`]: none): a
    /// level of the game's learned patterns for the playouts, the network's probability in
    /// 65,534ths for the network.
    prior: AtomicU16,
    first_child: AtomicU32,
    next_sibling: AtomicU32,
    visits: AtomicU32,
    table: AtomicU32,
    /// Bits 0–47: the sum of rewards, in [`REWARD_ONE`]s; bits 48–63: the simulations
    /// under way that count themselves ([`Node::pending`]).
    reward: AtomicU64,
    margin: AtomicI64,
}

impl Node {
    /// The step that led here (meaningless for the root).
    #[inline]
    pub fn key(&self) -> MoveKey {
        self.key.load(Relaxed)
    }

    /// The seat that took that step: the rewards here are from its view.
    #[inline]
    pub fn by(&self) -> Seat {
        self.seats_proven.load(Relaxed) & 1
    }

    /// The seat to move in this position (known once the node has been entered: a node the
    /// network created with its siblings learns it when a descent first plays its step,
    /// [`Node::set_mover`]).
    #[inline]
    pub fn mover(&self) -> Seat {
        (self.seats_proven.load(Relaxed) >> 1) & 1
    }

    /// Records the seat to move (every thread that enters the node records the same one).
    #[inline]
    pub fn set_mover(&self, mover: Seat) {
        if self.mover() != mover {
            self.seats_proven.fetch_xor(2, Relaxed);
        }
    }

    /// Simulations through this node, those still running included (they count as losses
    /// until they finish: the virtual loss that spreads threads over the tree).
    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// Sum of the rewards backed up through this node, from [`Node::by`]'s view.
    #[inline]
    pub fn reward_sum(&self) -> f64 {
        (self.reward.load(Relaxed) & REWARD_BITS) as f64 / REWARD_ONE
    }

    /// Simulations under way through this node that entered it counting themselves
    /// ([`Node::enter_counted`]; the network's, whose leaves wait for a batch): the visits
    /// without a result yet. 0 for the playouts, which never count them.
    #[inline]
    pub fn pending(&self) -> u32 {
        (self.reward.load(Relaxed) >> 48) as u32
    }

    /// Sum of the score margins backed up through this node, from [`Node::by`]'s view.
    #[inline]
    pub fn margin_sum(&self) -> f64 {
        self.margin.load(Relaxed) as f64 / MARGIN_ONE
    }

    /// The proven result, if any.
    #[inline]
    pub fn proven(&self) -> Proven {
        Proven::from_u8(self.seats_proven.load(Relaxed) >> 2)
    }

    /// Records a proof (proofs only go from unknown to known, and every thread derives the
    /// same one).
    #[inline]
    pub fn set_proven(&self, p: Proven) {
        self.seats_proven.fetch_or((p as u8) << 2, Relaxed);
    }

    /// Claims the node for valuing: true when no other thread had claimed it. The claim keeps
    /// a second descent from queuing the same leaf while the network values it.
    #[inline]
    pub fn claim(&self) -> bool {
        self.seats_proven.fetch_or(CLAIMED, AcqRel) & CLAIMED == 0
    }

    /// Gives the claim back (after the node's children are published, or when it got none).
    #[inline]
    pub fn release(&self) {
        self.seats_proven.fetch_and(!CLAIMED, Release);
    }

    /// The prior level of the step that led here ([`NO_PRIOR`]: none).
    #[inline]
    pub fn prior(&self) -> u16 {
        self.prior.load(Relaxed)
    }

    /// Legal steps in this position, once the search has counted them (0 before, and in a
    /// finished game).
    #[inline]
    pub fn legal(&self) -> u16 {
        self.legal.load(Relaxed)
    }

    /// Records the number of legal steps.
    #[inline]
    pub fn set_legal(&self, n: usize) {
        self.legal.store(n.min(u16::MAX as usize) as u16, Relaxed);
    }

    /// The first child, or [`NO_NODE`].
    #[inline]
    pub fn first_child(&self) -> u32 {
        self.first_child.load(Acquire)
    }

    /// The next sibling, or [`NO_NODE`].
    #[inline]
    pub fn next_sibling(&self) -> u32 {
        self.next_sibling.load(Relaxed)
    }

    /// The all-moves-as-first table, or [`NO_NODE`].
    #[inline]
    pub fn table(&self) -> u32 {
        self.table.load(Acquire)
    }

    /// Counts a simulation entering the node (before its result is known); returns the
    /// visits before it.
    #[inline]
    pub fn enter(&self) -> u32 {
        self.visits.fetch_add(1, Relaxed)
    }

    /// [`Node::enter`] for a simulation that counts itself as under way until its result
    /// ([`Node::pending`]).
    #[inline]
    pub fn enter_counted(&self) -> u32 {
        self.reward.fetch_add(PENDING_ONE, Relaxed);
        self.visits.fetch_add(1, Relaxed)
    }

    /// Takes back [`Node::enter`] (`counted`: [`Node::enter_counted`]) for a simulation that
    /// was abandoned before its result.
    #[inline]
    pub fn leave(&self, counted: bool) {
        if counted {
            self.reward.fetch_sub(PENDING_ONE, Relaxed);
        }
        self.visits.fetch_sub(1, Relaxed);
    }

    /// Adds a finished simulation's reward (from [`Node::by`]'s view) and margin; `counted`
    /// when it entered with [`Node::enter_counted`] (it is no longer under way).
    #[inline]
    pub fn add_result(&self, reward: f32, margin: f32, counted: bool) {
        let r = (f64::from(reward.clamp(0.0, 1.0)) * REWARD_ONE).round() as u64;
        let r = if counted {
            r.wrapping_sub(PENDING_ONE)
        } else {
            r
        };
        self.reward.fetch_add(r, Relaxed);
        let m = (f64::from(margin) * MARGIN_ONE).round() as i64;
        self.margin.fetch_add(m, Relaxed);
    }

    /// Sets every field of a fresh node (not yet reachable by other threads).
    pub(crate) fn init(&self, key: MoveKey, by: Seat, mover: Seat, proven: Proven, prior: u16) {
        debug_assert!(by < 2 && mover < 2);
        self.key.store(key, Relaxed);
        self.seats_proven
            .store(by | mover << 1 | (proven as u8) << 2, Relaxed);
        self.legal.store(0, Relaxed);
        self.prior.store(prior, Relaxed);
        self.first_child.store(NO_NODE, Relaxed);
        self.next_sibling.store(NO_NODE, Relaxed);
        self.visits.store(0, Relaxed);
        self.table.store(NO_NODE, Relaxed);
        self.reward.store(0, Relaxed);
        self.margin.store(0, Relaxed);
    }

    /// Copies every field from `other` but the claim (compaction, while no search runs).
    pub(crate) fn copy_from(&self, other: &Node) {
        self.key.store(other.key.load(Relaxed), Relaxed);
        self.seats_proven
            .store(other.seats_proven.load(Relaxed) & !CLAIMED, Relaxed);
        self.legal.store(other.legal.load(Relaxed), Relaxed);
        self.prior.store(other.prior.load(Relaxed), Relaxed);
        self.first_child
            .store(other.first_child.load(Relaxed), Relaxed);
        self.next_sibling
            .store(other.next_sibling.load(Relaxed), Relaxed);
        self.visits.store(other.visits.load(Relaxed), Relaxed);
        self.table.store(other.table.load(Relaxed), Relaxed);
        self.reward.store(other.reward.load(Relaxed), Relaxed);
        self.margin.store(other.margin.load(Relaxed), Relaxed);
    }

    /// Sets the links (compaction).
    pub(crate) fn relink(&self, first_child: u32, next_sibling: u32, table: u32) {
        self.first_child.store(first_child, Relaxed);
        self.next_sibling.store(next_sibling, Relaxed);
        self.table.store(table, Relaxed);
    }

    /// Installs the table `t` if the node has none; false if another thread was first.
    pub(crate) fn install_table(&self, t: u32) -> bool {
        self.table
            .compare_exchange(NO_NODE, t, Release, Relaxed)
            .is_ok()
    }
}

/// Bytes of one node.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// The tree: nodes, the evaluator's side tables and the budget they share.
#[derive(Debug)]
pub struct Tree {
    pub(crate) nodes: Arena<Node>,
    pub(crate) tables: SideTables,
    pub(crate) budget: Budget,
    /// The root node, or [`NO_NODE`] for an empty tree.
    pub root: u32,
}

impl Tree {
    /// An empty tree that never holds more than `budget` bytes of nodes and side tables
    /// (except one chunk for the root when the budget is smaller still), whose side tables
    /// are `table_words` words each (0: the evaluator keeps none).
    pub fn new(budget: usize, table_words: usize) -> Tree {
        // At least 64 chunks in the budget, so that it is used closely; at most 640 KB each.
        let chunk = (budget / 64).clamp(NODE_BYTES, 16_384 * NODE_BYTES);
        Tree {
            nodes: Arena::new(1, chunk, budget / NODE_BYTES + 1),
            tables: SideTables::new(table_words, budget),
            budget: Budget::new(budget),
            root: NO_NODE,
        }
    }

    /// The budget in bytes.
    pub fn budget_bytes(&self) -> usize {
        self.budget.limit()
    }

    /// How much slower the tree grows as its budget fills: a node gets children after
    /// `expand_after << growth_shift()` visits — 1× while the tree holds less than a quarter of
    /// its budget, then 2×, 4× and 8× from a half and three quarters on. A long think on one
    /// thread so fills its budget after about a minute and a half even in the fastest game,
    /// instead of in a few seconds, and keeps growing all the while.
    #[inline]
    pub fn growth_shift(&self) -> u32 {
        let quarters = self.budget.committed() * 4 / self.budget.limit().max(1);
        quarters.min(3) as u32
    }

    /// Whether an allocation has failed since the tree was last compacted.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.budget.is_full()
    }

    /// Node `i`.
    #[inline]
    pub fn node(&self, i: u32) -> &Node {
        &self.nodes.item(i)[0]
    }

    /// Nodes in use (the unreachable ones a lost race leaves behind included, until the next
    /// compaction).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Bytes in use: nodes and side tables.
    pub fn bytes_used(&self) -> usize {
        self.nodes.len() * NODE_BYTES + self.tables.bytes_used()
    }

    /// Bytes allocated (what counts against the budget).
    #[cfg(test)]
    pub fn bytes_committed(&self) -> usize {
        self.budget.committed()
    }

    /// A new node, initialised, not yet linked; `None` when the budget is full. The root of an
    /// empty tree always fits.
    pub fn new_node(
        &self,
        key: MoveKey,
        by: Seat,
        mover: Seat,
        proven: Proven,
        prior: u16,
    ) -> Option<u32> {
        let force = self.root == NO_NODE && self.nodes.is_empty();
        let i = self.nodes.alloc(&self.budget, force)?;
        self.node(i).init(key, by, mover, proven, prior);
        Some(i)
    }

    /// `n` new nodes with consecutive indices, from the first, each initialised by `init(i)`
    /// (its step, prior) with `by` for both seats (the mover is learnt on entry,
    /// [`Node::set_mover`]), not yet linked; `None` when the budget is full.
    pub fn new_nodes(
        &self,
        n: usize,
        by: Seat,
        mut init: impl FnMut(usize) -> (MoveKey, u16),
    ) -> Option<u32> {
        let first = self.nodes.alloc_many(&self.budget, n)?;
        for i in 0..n {
            let (key, prior) = init(i);
            self.node(first + i as u32)
                .init(key, by, by, Proven::Unknown, prior);
        }
        Some(first)
    }

    /// Makes a fresh tree with a root for a position where `mover` is to move.
    pub fn plant(&mut self, mover: Seat, proven: Proven) {
        self.clear();
        self.root = self
            .new_node(0, mover, mover, proven, NO_PRIOR)
            .expect("the root always fits");
    }

    /// Forgets everything (keeps no chunk).
    pub fn clear(&mut self) {
        self.root = NO_NODE;
        self.nodes.truncate(0, &mut self.budget);
        self.tables.truncate(0, &mut self.budget);
        self.budget.reopen();
    }

    /// Links the fresh node `child` (with step `key`) under `parent`, whose child list was
    /// `seen` (its first child then) when the caller found no child for that step. If another
    /// thread has linked a child with the same step since, returns that one instead (`child`
    /// stays unreachable until the next compaction).
    pub fn link(&self, parent: u32, child: u32, mut seen: u32) -> u32 {
        let p = self.node(parent);
        let key = self.node(child).key();
        let mut head = p.first_child();
        loop {
            // Children are only ever prepended: those added since `seen` come first.
            let mut c = head;
            while c != seen && c != NO_NODE {
                if self.node(c).key() == key {
                    return c;
                }
                c = self.node(c).next_sibling();
            }
            seen = head;
            self.node(child).next_sibling.store(head, Relaxed);
            match p
                .first_child
                .compare_exchange_weak(head, child, Release, Acquire)
            {
                Ok(_) => return child,
                Err(now) => head = now,
            }
        }
    }

    /// Links the `n` fresh nodes from `first` on ([`Tree::new_nodes`], not yet reachable)
    /// under `parent`, which has no children and is claimed by the caller ([`Node::claim`]):
    /// they are listed in index order. Publishes them all at once.
    pub fn adopt(&self, parent: u32, first: u32, n: usize) {
        let mut next = NO_NODE;
        for c in (first..first + n as u32).rev() {
            self.node(c).next_sibling.store(next, Relaxed);
            next = c;
        }
        self.node(parent).first_child.store(next, Release);
    }

    /// The children of `node`, newest first.
    #[inline]
    pub fn children(&self, node: u32) -> Children<'_> {
        self.children_from(self.node(node).first_child())
    }

    /// The children from `first` (a node's first child as read earlier) on, newest first.
    #[inline]
    pub fn children_from(&self, first: u32) -> Children<'_> {
        Children {
            tree: self,
            next: first,
        }
    }

    /// The child reached from `node` by the step `key`, if the tree has it.
    pub fn child_by_key(&self, node: u32, key: MoveKey) -> Option<u32> {
        self.children(node).find(|&c| self.node(c).key() == key)
    }
}

/// Iterator over a node's children (see [`Tree::children`]).
pub struct Children<'a> {
    tree: &'a Tree,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.next == NO_NODE {
            return None;
        }
        let c = self.next;
        self.next = self.tree.node(c).next_sibling();
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_forty_bytes() {
        assert_eq!(NODE_BYTES, 40);
    }

    #[test]
    fn children_link_once_per_step_under_many_threads() {
        let mut t = Tree::new(1 << 22, 9);
        t.plant(0, Proven::Unknown);
        let root = t.root;
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for k in 0..200u16 {
                        let seen = t.node(root).first_child();
                        if let Some(c) = t.child_by_key(root, k) {
                            t.node(c).enter();
                            continue;
                        }
                        let c = t.new_node(k, 0, 1, Proven::Unknown, NO_PRIOR).unwrap();
                        let got = t.link(root, c, seen);
                        t.node(got).enter();
                    }
                });
            }
        });
        let kids: Vec<u32> = t.children(root).collect();
        assert_eq!(kids.len(), 200);
        let total: u32 = kids.iter().map(|&c| t.node(c).visits()).sum();
        assert_eq!(total, 800, "every visit landed on the one linked child");
        for k in 0..200u16 {
            assert!(t.child_by_key(root, k).is_some());
        }
    }
}
