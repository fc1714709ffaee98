//! All-moves-as-first tables (GRAVE, Cazenave 2015).
//!
//! A node gets a table once it has been visited [`TABLE_AFTER`] times: for each seat and each
//! placement (cell × colour), how often that seat played it later in a simulation through the
//! node, and the mean reward. Selection at a node reads the nearest table on the path from
//! the root that has recorded enough simulations (the node's own when it has one, else an
//! ancestor's): young nodes, which would have only a handful of noisy samples of their own,
//! borrow the statistics of a well-visited ancestor, and the tree pays for tables only where
//! visits are many (a table is 32 bytes per cell; see the bytes per node in `tessera-analyze`).
//!
//! A table also caches its owner's legal steps, so that selection at a well-visited node does
//! not ask the game for them again (in Linage and Keil that is most of the cost of a step),
//! and with each its learned prior (a level of [`super::patterns::Patterns`], in the same word),
//! so that the patterns around every cell are not read again at each visit.
//!
//! Updates are plain loads and stores, not read-modify-writes: two threads updating the same
//! entry at the same instant may lose one of the two updates. These are heuristic statistics;
//! visit counts and rewards of the nodes themselves are exact. Counts are halved (with their
//! sums) when they reach 2²², which keeps the fixed-point sums in 32 bits and changes no mean.

use crate::search::keys::{is_place_key, MoveKey};
use crate::search::reward::Seat;
use crate::search::tree::nodes::NO_PRIOR;
use crate::search::tree::side_tables::SideTables;
use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};

/// Visits after which a node gets its own table.
pub const TABLE_AFTER: u32 = 32;

/// Simulations a table must have recorded before selection prefers it to an ancestor's.
pub const TABLE_READY: u32 = 32;

/// Fixed-point unit of a reward in the tables.
const ONE: f32 = 1024.0;

/// Counts are halved with their sums when they reach this.
const HALVE_AT: u32 = 1 << 22;

/// Words before the entries: owner, samples, then per seat (n, w) of all its entries.
const HEADER: usize = 8;
const SAMPLES: usize = 1;

/// The slot of a placement key among a seat's entries: cell × (black or neutral, white).
#[inline]
pub fn slot_of(key: MoveKey) -> usize {
    let k = key as usize;
    (k / 3) * 2 + usize::from(k % 3 == 1)
}

/// Room for the cached legal steps: two per cell (a colour each) and a few actions; positions
/// with more (the komi bid) are not cached.
fn list_room(slots: usize) -> usize {
    slots + 8
}

/// The layout of the tables on a board: entries per seat (two per cell).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    slots: usize,
}

impl Layout {
    /// The layout for a board of `cells` cells.
    pub fn new(cells: usize) -> Layout {
        Layout {
            slots: 2 * cells.max(1),
        }
    }

    /// Words in one table (the tree's [`SideTables`] are made of these).
    pub fn words(&self) -> usize {
        HEADER + 4 * self.slots + 1 + list_room(self.slots)
    }

    /// Table `t` of `tables`.
    #[inline]
    pub fn get<'a>(&self, tables: &'a SideTables, t: u32) -> Table<'a> {
        Table {
            words: tables.words(t),
            slots: self.slots,
        }
    }
}

/// One table.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    words: &'a [AtomicU32],
    slots: usize,
}

impl Table<'_> {
    /// Simulations recorded.
    #[inline]
    pub fn samples(&self) -> u32 {
        self.words[SAMPLES].load(Relaxed)
    }

    #[inline]
    fn entry(&self, seat: Seat, slot: usize) -> usize {
        HEADER + 2 * (seat as usize * self.slots + slot)
    }

    /// Updates and reward mean of `seat` playing the placement `key` later (0, 0 when never).
    #[cfg(test)]
    pub fn get(&self, seat: Seat, key: MoveKey) -> (f32, f32) {
        let (n, w) = self.sums(seat, key);
        if n == 0.0 {
            (0.0, 0.0)
        } else {
            (n, w / n)
        }
    }

    /// Updates and reward sum of `seat` playing the placement `key` later.
    #[inline]
    pub fn sums(&self, seat: Seat, key: MoveKey) -> (f32, f32) {
        let i = self.entry(seat, slot_of(key));
        let n = self.words[i].load(Relaxed);
        let w = self.words[i + 1].load(Relaxed);
        (n as f32, w as f32 * (1.0 / ONE))
    }

    /// The mean reward over all of `seat`'s entries (0.5 when empty).
    #[inline]
    pub fn seat_mean(&self, seat: Seat) -> f32 {
        let i = 2 + 2 * seat as usize;
        let n = self.words[i].load(Relaxed);
        if n == 0 {
            0.5
        } else {
            self.words[i + 1].load(Relaxed) as f32 / ONE / n as f32
        }
    }

    /// Records one simulation through the owner: each seat played the placements in `played`
    /// (the steps after the owner) and got `reward0` (seat 0's view). `stamp` (scratch of
    /// [`Table::stamp_len`] entries) skips a placement played twice (Keil refills captures).
    pub fn record(&self, played: &[(Seat, MoveKey)], reward0: f32, stamp: &mut [u32]) {
        let samples = self.words[SAMPLES].load(Relaxed);
        self.words[SAMPLES].store(samples.saturating_add(1), Relaxed);
        let r0 = (reward0.clamp(0.0, 1.0) * ONE).round() as u32;
        let r = [r0, ONE as u32 - r0];
        let tag = stamp[0].wrapping_add(1).max(1);
        stamp[0] = tag;
        let mut count = [0u32; 2];
        for &(p, k) in played {
            if !is_place_key(k) {
                continue;
            }
            let e = p as usize * self.slots + slot_of(k);
            if stamp[1 + e] == tag {
                continue;
            }
            stamp[1 + e] = tag;
            count[p as usize] += 1;
            self.add_entry(HEADER + 2 * e, r[p as usize], 1);
        }
        for p in 0..2 {
            self.add_entry(2 + 2 * p, count[p] * r[p], count[p]);
        }
    }

    /// Adds `k` updates worth `w_add` in all to the (n, w) pair at word `i`.
    #[inline]
    fn add_entry(&self, i: usize, w_add: u32, k: u32) {
        let n = self.words[i].load(Relaxed);
        let w = self.words[i + 1].load(Relaxed);
        let (n, w) = if n >= HALVE_AT || w >= u32::MAX / 2 {
            (n / 2, w / 2)
        } else {
            (n, w)
        };
        self.words[i].store(n + k, Relaxed);
        self.words[i + 1].store(w + w_add, Relaxed);
    }

    /// Index of the word holding the cached list's length (the steps follow it).
    #[inline]
    fn list_at(&self) -> usize {
        HEADER + 4 * self.slots
    }

    /// The owner's legal steps, if cached: fills `keys` with them and `levels` with their
    /// prior levels (as [`Table::set_legal`] got them), and returns true.
    #[inline]
    pub fn legal(&self, keys: &mut Vec<MoveKey>, levels: &mut Vec<u16>) -> bool {
        let at = self.list_at();
        let len = self.words[at].load(Acquire) as usize;
        if len == 0 {
            return false;
        }
        keys.clear();
        levels.clear();
        for w in &self.words[at + 1..at + 1 + len] {
            let w = w.load(Relaxed);
            keys.push(w as MoveKey);
            levels.push((w >> 16) as u16);
        }
        true
    }

    /// Caches the owner's legal steps and their prior levels (a word each: the key in the low
    /// half, the level in the high half; [`NO_PRIOR`] where `levels` is shorter); ignored when
    /// there is no room for them.
    pub fn set_legal(&self, keys: &[MoveKey], levels: &[u16]) {
        let at = self.list_at();
        if keys.is_empty() || keys.len() > list_room(self.slots) {
            return;
        }
        let levels = levels.iter().copied().chain(std::iter::repeat(NO_PRIOR));
        for (w, (&k, l)) in self.words[at + 1..].iter().zip(keys.iter().zip(levels)) {
            w.store(u32::from(k) | u32::from(l) << 16, Relaxed);
        }
        self.words[at].store(keys.len() as u32, Release);
    }

    /// Length of the scratch `stamp` that [`Table::record`] takes.
    pub fn stamp_len(&self) -> usize {
        2 * self.slots + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Step, Stone};
    use crate::search::keys::key_of;
    use crate::search::tree::arena::Budget;

    #[test]
    fn slots_are_distinct_per_cell_and_colour() {
        let mut seen = std::collections::HashSet::new();
        for cell in 0..50u16 {
            for stone in [Stone::Black, Stone::White] {
                assert!(seen.insert(slot_of(key_of(Step::Place { cell, stone }))));
            }
            let n = slot_of(key_of(Step::Place {
                cell,
                stone: Stone::Neutral,
            }));
            assert!(n < 100);
        }
    }

    #[test]
    fn a_record_counts_each_placement_of_the_seat_once() {
        let budget = Budget::new(1 << 20);
        let layout = Layout::new(10);
        let tables = SideTables::new(layout.words(), 1 << 20);
        let t = tables.alloc(&budget, 5).unwrap();
        let table = layout.get(&tables, t);
        let mut stamp = vec![0u32; table.stamp_len()];
        let a = key_of(Step::Place {
            cell: 3,
            stone: Stone::Black,
        });
        let b = key_of(Step::Place {
            cell: 4,
            stone: Stone::White,
        });
        let played = [(0, a), (1, b), (0, a), (0, key_of(Step::Pass))];
        table.record(&played, 1.0, &mut stamp);
        table.record(&played, 0.0, &mut stamp);
        assert_eq!(table.samples(), 2);
        assert_eq!(table.get(0, a), (2.0, 0.5));
        assert_eq!(table.get(0, b), (0.0, 0.0), "b was the other seat's");
        assert_eq!(table.get(1, a), (0.0, 0.0));
        // Seat 1 played b: rewards 0 then 1 from its view.
        assert_eq!(table.get(1, b), (2.0, 0.5));
        assert!((table.seat_mean(0) - 0.5).abs() < 1e-6);
        assert_eq!(tables.owner(t), 5);
        let (mut keys, mut levels) = (Vec::new(), Vec::new());
        assert!(!table.legal(&mut keys, &mut levels));
        table.set_legal(&[a, b], &[7]);
        assert!(table.legal(&mut keys, &mut levels));
        assert_eq!(keys, vec![a, b]);
        assert_eq!(levels, vec![7, NO_PRIOR]);
    }
}
