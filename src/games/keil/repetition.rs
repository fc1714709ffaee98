//! The repetition rule's memory: every position (board + whether the button is taken) at the
//! end of a turn, per player, looked up by Zobrist key.
//!
//! An open-addressing table with linear probing. Entries are only ever removed in the reverse
//! order of insertion (undo), and removing the newest entry of a linear-probing table restores
//! it exactly to its state before that insertion (no later insertion probed past it), so no
//! tombstones are needed. Growing re-inserts the entries in their original order, which keeps
//! that property. A key match is only a candidate: the caller compares the stored board, so a
//! hash collision can never make a legal placement illegal.

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

/// Salts that keep the two players' entries apart in the probe sequences.
const SIDE_SALT: [u64; 2] = [0, 0xA076_1D64_78BD_642F];

/// Positions at the end of each player's turns.
#[derive(Clone, Debug, Default)]
pub struct Repetitions {
    /// `(salted key, entry index + 1)`; `0` in the index marks a free slot. Length is zero or a
    /// power of two, at most half full.
    slots: Vec<(u64, u32)>,
    entries: Vec<Entry>,
}

impl Repetitions {
    /// Remembers a position at the end of a turn of `entry.side`.
    pub fn push(&mut self, entry: Entry) {
        if (self.entries.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        self.entries.push(entry);
        let index = self.entries.len() as u32;
        self.insert(salted(entry.key, entry.side), index);
    }

    /// Forgets the newest position.
    pub fn pop(&mut self) -> Option<Entry> {
        let entry = self.entries.pop()?;
        let index = self.entries.len() as u32 + 1;
        let mask = self.slots.len() - 1;
        let mut i = salted(entry.key, entry.side) as usize & mask;
        while self.slots[i].1 != index {
            debug_assert_ne!(self.slots[i].1, 0, "entry not in the table");
            i = (i + 1) & mask;
        }
        self.slots[i] = (0, 0);
        Some(entry)
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
        mut same_board: impl FnMut(u32) -> bool,
    ) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let salted = salted(key, side);
        let mut i = salted as usize & mask;
        loop {
            let (k, index) = self.slots[i];
            if index == 0 {
                return false;
            }
            if k == salted {
                let e = self.entries[index as usize - 1];
                if e.side == side
                    && e.key == key
                    && e.button_taken == button_taken
                    && same_board(e.snapshot)
                {
                    return true;
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, salted: u64, index: u32) {
        let mask = self.slots.len() - 1;
        let mut i = salted as usize & mask;
        while self.slots[i].1 != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = (salted, index);
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        self.slots = vec![(0, 0); size];
        for i in 0..self.entries.len() {
            let e = self.entries[i];
            self.insert(salted(e.key, e.side), i as u32 + 1);
        }
    }
}

#[inline]
fn salted(key: u64, side: Side) -> u64 {
    // Mix the high bits down: the slot index uses the low bits.
    let k = key ^ SIDE_SALT[side.index()];
    k ^ (k >> 29)
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
            // Many keys share low bits, so probe chains are long.
            let key = (i % 7) << 40 | (i % 3);
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
            assert!(!r.contains(key, side.other(), false, |s| s == snap));
        }
        while let Some((key, side, snap)) = pushed.pop() {
            assert_eq!(r.pop(), Some(e(key, side, snap)));
            assert!(!r.contains(key, side, false, |s| s == snap));
            for &(k, sd, sn) in &pushed {
                assert!(r.contains(k, sd, false, |s| s == sn));
            }
        }
        assert!(r.entries.is_empty());
        assert!(r.slots.iter().all(|&(_, i)| i == 0));
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
