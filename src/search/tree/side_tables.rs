//! Side tables: arrays of words that an evaluator keeps for some nodes of the tree, under the
//! tree's byte budget (the playouts' all-moves-as-first statistics, [`super::playouts`]).
//!
//! Why apart from the nodes: only a few well-visited nodes need one, and a table is far bigger
//! than a node (tens of bytes a cell), so a node holds only the table's index
//! ([`super::nodes::Node::table`]). What the words mean is the evaluator's business; the tree
//! only knows that word 0 names the owner, so that compaction can move a table behind its node.

use super::arena::{Arena, Budget};
use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering::Relaxed;

/// The word holding a table's owner.
const OWNER: usize = 0;

/// The side tables of one tree.
#[derive(Debug)]
pub struct SideTables {
    pub(crate) arena: Arena<AtomicU32>,
}

impl SideTables {
    /// Tables of `words` words (the owner's included; 0: no tables), at most `budget` bytes.
    pub fn new(words: usize, budget: usize) -> SideTables {
        if words == 0 {
            // An arena of one one-word item: nothing to hold, nothing to index.
            return SideTables {
                arena: Arena::new(1, 4, 1),
            };
        }
        let words = words.max(OWNER + 1);
        let bytes = words * 4;
        SideTables {
            arena: Arena::new(
                words,
                (budget / 64).clamp(bytes, 64 * bytes),
                budget / bytes + 1,
            ),
        }
    }

    /// Tables in use.
    pub fn len(&self) -> usize {
        self.arena.len()
    }

    /// Bytes in use.
    pub fn bytes_used(&self) -> usize {
        self.arena.len() * self.arena.item_bytes()
    }

    /// A zeroed table for `owner`, or `None` when the budget is full.
    pub fn alloc(&self, budget: &Budget, owner: u32) -> Option<u32> {
        let t = self.arena.alloc(budget, false)?;
        let words = self.arena.item(t);
        for w in words {
            w.store(0, Relaxed);
        }
        words[OWNER].store(owner, Relaxed);
        Some(t)
    }

    /// The words of table `t`.
    #[inline]
    pub fn words(&self, t: u32) -> &[AtomicU32] {
        self.arena.item(t)
    }

    /// Keeps the first `len` tables (compaction).
    pub fn truncate(&mut self, len: usize, budget: &mut Budget) {
        self.arena.truncate(len, budget);
    }

    /// The node that owns table `t`.
    pub fn owner(&self, t: u32) -> u32 {
        self.arena.item(t)[OWNER].load(Relaxed)
    }

    /// Moves table `from` to slot `to` (`to <= from`) for the node now at `owner`
    /// (compaction; exclusive access, so plain loads and stores).
    pub fn relocate(&self, from: u32, to: u32, owner: u32) {
        if from != to {
            let (src, dst) = (self.arena.item(from), self.arena.item(to));
            for (d, s) in dst.iter().zip(src) {
                d.store(s.load(Relaxed), Relaxed);
            }
        }
        self.arena.item(to)[OWNER].store(owner, Relaxed);
    }
}
