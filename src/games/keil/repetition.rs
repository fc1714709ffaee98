//! The repetition rule's memory: every position (board + whether the button is taken) at the
//! end of a turn, per player, looked up by Zobrist key.
//!
//! One open-addressing table with linear probing per player. A slot is one `u64`: the high 32
//! bits of the key (the probe position comes from the low bits) and the entry's index + 1, so
//! a lookup that finds nothing touches only the slots, and a stored entry is read only when
//! those 32 bits match. Entries are only ever removed in the reverse order of insertion (undo),
//! and removing the newest entry of a linear-probing table restores it exactly to its state
//! before that insertion (no later insertion probed past it), so no tombstones are needed.
//! Growing re-inserts the entries in their original order, which keeps that property. A key
//! match is only a candidate: the caller compares the stored board, so a hash collision can
//! never make a legal placement illegal.

use crate::games::Side;

/// One remembered position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Zobrist key of the board, with the button-taken key folded in.
    pub key: u64,
    /// The player whose turn ended in this position.
    pub side: Side,
    /// Whether the button had been taken (part of the position, SPEC §3).
    pub button_taken: bool,
    /// Index of the board snapshot that holds the board.
    pub snapshot: u32,
}

/// One player's positions.
#[derive(Clone, Debug, Default)]
struct Table {
    /// `key >> 32 << 32 | (entry index + 1)`; `0` marks a free slot. Length is zero or a power
    /// of two, at most half full.
    slots: Vec<u64>,
    entries: Vec<Entry>,
}

/// The low half of a slot: the entry index + 1.
const INDEX_BITS: u64 = 0xFFFF_FFFF;

impl Table {
    fn push(&mut self, entry: Entry) {
        if (self.entries.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        self.entries.push(entry);
        self.insert(entry.key, self.entries.len() as u64);
    }

    fn pop(&mut self) -> Option<Entry> {
        let entry = self.entries.pop()?;
        let index = self.entries.len() as u64 + 1;
        let mask = self.slots.len() - 1;
        let mut i = entry.key as usize & mask;
        while self.slots[i] & INDEX_BITS != index {
            debug_assert_ne!(self.slots[i], 0, "entry not in the table");
            i = (i + 1) & mask;
        }
        self.slots[i] = 0;
        Some(entry)
    }

    #[inline]
    fn contains(
        &self,
        key: u64,
        button_taken: bool,
        mut same_board: impl FnMut(u32) -> bool,
    ) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let tag = key & !INDEX_BITS;
        let mut i = key as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return false;
            }
            if slot & !INDEX_BITS == tag {
                let e = self.entries[(slot & INDEX_BITS) as usize - 1];
                if e.key == key && e.button_taken == button_taken && same_board(e.snapshot) {
                    return true;
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: u64, index: u64) {
        debug_assert!(index <= INDEX_BITS, "more than 2^32 turns");
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = key & !INDEX_BITS | index;
    }

    fn grow(&mut self) {
        // Four times as large: re-inserting costs about a third of all insertions (not all of
        // them, as with doubling), and probe chains stay short.
        let size = (self.slots.len() * 4).max(64);
        self.slots = vec![0; size];
        for i in 0..self.entries.len() {
            self.insert(self.entries[i].key, i as u64 + 1);
        }
    }
}

/// Positions at the end of each player's turns.
#[derive(Clone, Debug, Default)]
pub struct Repetitions {
    tables: [Table; 2],
}

impl Repetitions {
    /// Remembers a position at the end of a turn of `entry.side`.
    pub fn push(&mut self, entry: Entry) {
        self.tables[entry.side.index()].push(entry);
    }

    /// Forgets the newest position of `side`.
    pub fn pop(&mut self, side: Side) -> Option<Entry> {
        self.tables[side.index()].pop()
    }

    /// Whether `side` has ended a turn in the position with `key` whose button state is
    /// `button_taken` and whose stored board `same_board` confirms (called with the snapshot
    /// index of each key match).
    #[inline]
    pub fn contains(
        &self,
        key: u64,
        side: Side,
        button_taken: bool,
        same_board: impl FnMut(u32) -> bool,
    ) -> bool {
        self.tables[side.index()].contains(key, button_taken, same_board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(key: u64, side: Side, snapshot: u32) -> Entry {
        Entry {
            key,
            side,
            button_taken: false,
            snapshot,
        }
    }

    #[test]
    fn push_find_pop_in_lifo_order_with_collisions_and_growth() {
        let mut r = Repetitions::default();
        let mut pushed = Vec::new();
        for i in 0..300u64 {
            // Many keys share low bits (long probe chains), some share the high 32 bits (tag
            // matches with different keys), and both sides use the same keys.
            let key = (i % 7) << 40 | (i % 3) << 20 | (i % 5);
            let side = if i % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            r.push(e(key, side, i as u32));
            pushed.push((key, side, i as u32));
        }
        for &(key, side, snap) in &pushed {
            assert!(r.contains(key, side, false, |s| s == snap));
            assert!(!r.contains(key, side, true, |s| s == snap));
            assert!(!r.contains(key, side.other(), false, |s| s == snap));
        }
        while let Some((key, side, snap)) = pushed.pop() {
            assert_eq!(r.pop(side), Some(e(key, side, snap)));
            assert!(!r.contains(key, side, false, |s| s == snap));
            for &(k, sd, sn) in &pushed {
                assert!(r.contains(k, sd, false, |s| s == sn));
            }
        }
        for t in &r.tables {
            assert!(t.entries.is_empty());
            assert!(t.slots.iter().all(|&s| s == 0));
        }
    }

    #[test]
    fn a_key_match_with_a_different_board_is_not_a_repetition() {
        let mut r = Repetitions::default();
        r.push(e(42, Side::First, 0));
        assert!(!r.contains(42, Side::First, false, |_| false));
        assert!(!r.contains(42, Side::First, true, |_| true));
        assert!(r.contains(42, Side::First, false, |_| true));
    }
}
