//! The transposition table of the win-in-N search.
//!
//! "The attacker wins within n plies" is monotone in n (a game that is over stays over), so
//! one entry holds two bounds for a position: the smallest n known to win and the largest n
//! known to fail. A probe with any n answers when n lies outside the unknown band between
//! them. Entries also keep the step that decided the position last time (the winning step of
//! the attacker or the escaping step of the defender), tried first next time.
//!
//! Two-way buckets: a key lives in slot `i` or its neighbour `i ^ 1`; a new key replaces the
//! one of the two that took fewer plies to establish.

use crate::games::{Side, Step, Stone};

/// One remembered position. An empty slot knows no bounds, so a position whose key happens to
/// be 0 (the empty board's, in some games) is not mistaken for a stored one.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    /// [`pack`]ed step that decided the position last time (0: none).
    best: u32,
    /// Smallest n known to win; `u8::MAX` when none is known.
    win_at: u8,
    /// Largest n known to fail; 0 when none is known.
    fail_upto: u8,
    /// Larger of the two bounds: how much search the entry stands for (replacement order).
    depth: u8,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            key: 0,
            best: 0,
            win_at: u8::MAX,
            fail_upto: 0,
            depth: 0,
        }
    }
}

/// What a probe learnt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The position is known to win within the plies asked for.
    Win,
    /// The position is known to fail within the plies asked for.
    Fail,
    /// Unknown; the step to try first, if one is remembered.
    Unknown(Option<Step>),
}

/// A fixed-size transposition table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `mb` megabytes (at least 1024 entries).
    pub fn with_megabytes(mb: usize) -> Table {
        let want = ((mb << 20) / std::mem::size_of::<Entry>()).max(1024);
        // The largest power of two not above `want`.
        let len = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn slot(&self, key: u64) -> Option<usize> {
        let i = (key as usize) & self.mask;
        if self.entries[i].key == key {
            Some(i)
        } else if self.entries[i ^ 1].key == key {
            Some(i ^ 1)
        } else {
            None
        }
    }

    /// What the table knows about `key` for `n` plies.
    #[inline]
    pub fn probe(&self, key: u64, n: u8) -> Probe {
        match self.slot(key) {
            Some(i) => {
                let e = &self.entries[i];
                if n >= e.win_at {
                    Probe::Win
                } else if n <= e.fail_upto {
                    Probe::Fail
                } else {
                    Probe::Unknown(unpack(e.best))
                }
            }
            None => Probe::Unknown(None),
        }
    }

    /// Records that `key` wins within `n` plies (`win`) or fails within `n` plies, decided by
    /// `best`.
    #[inline]
    pub fn store(&mut self, key: u64, n: u8, win: bool, best: Option<Step>) {
        let i = match self.slot(key) {
            Some(i) => i,
            None => {
                let i = (key as usize) & self.mask;
                let j = if self.entries[i].depth <= self.entries[i ^ 1].depth {
                    i
                } else {
                    i ^ 1
                };
                self.entries[j] = Entry {
                    key,
                    best: 0,
                    win_at: u8::MAX,
                    fail_upto: 0,
                    depth: 0,
                };
                j
            }
        };
        let e = &mut self.entries[i];
        if win {
            e.win_at = e.win_at.min(n);
        } else {
            e.fail_upto = e.fail_upto.max(n);
        }
        e.depth = e.depth.max(n);
        if let Some(s) = best {
            e.best = pack(s);
        }
    }
}

/// A step as a non-zero `u32` (0 means none).
pub fn pack(step: Step) -> u32 {
    match step {
        Step::Place { cell, stone } => 1 << 28 | (stone.index() as u32) << 16 | u32::from(cell),
        Step::Pass => 2 << 28,
        Step::Button => 3 << 28,
        Step::Swap => 4 << 28,
        Step::End => 5 << 28,
        Step::Komi(k) => 6 << 28 | u32::from(k),
        Step::Choose(s) => 7 << 28 | s.index() as u32,
    }
}

/// The step [`pack`] packed, `None` for 0.
pub fn unpack(v: u32) -> Option<Step> {
    Some(match v >> 28 {
        1 => Step::Place {
            cell: (v & 0xFFFF) as u16,
            stone: match (v >> 16) & 0xF {
                0 => Stone::Black,
                1 => Stone::White,
                _ => Stone::Neutral,
            },
        },
        2 => Step::Pass,
        3 => Step::Button,
        4 => Step::Swap,
        5 => Step::End,
        6 => Step::Komi((v & 0xFFFF) as u16),
        7 => Step::Choose(Side::from_index((v & 1) as usize)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_slot_knows_nothing_even_of_key_0() {
        let t = Table::with_megabytes(1);
        for n in [1, 9, u8::MAX - 1] {
            assert_eq!(t.probe(0, n), Probe::Unknown(None));
        }
    }

    #[test]
    fn steps_pack_and_unpack() {
        for s in [
            Step::Place {
                cell: 0,
                stone: Stone::Black,
            },
            Step::Place {
                cell: 168,
                stone: Stone::White,
            },
            Step::Place {
                cell: 80,
                stone: Stone::Neutral,
            },
            Step::Pass,
            Step::Button,
            Step::Swap,
            Step::End,
            Step::Komi(13),
            Step::Choose(Side::Second),
        ] {
            assert_eq!(unpack(pack(s)), Some(s));
        }
        assert_eq!(unpack(0), None);
    }

    #[test]
    fn bounds_answer_only_outside_the_unknown_band() {
        let mut t = Table::with_megabytes(1);
        assert_eq!(t.probe(7, 3), Probe::Unknown(None));
        t.store(7, 3, false, Some(Step::Pass));
        t.store(7, 7, true, None);
        assert_eq!(t.probe(7, 1), Probe::Fail);
        assert_eq!(t.probe(7, 3), Probe::Fail);
        assert_eq!(t.probe(7, 5), Probe::Unknown(Some(Step::Pass)));
        assert_eq!(t.probe(7, 7), Probe::Win);
        assert_eq!(t.probe(7, 9), Probe::Win);
        t.clear();
        assert_eq!(t.probe(7, 9), Probe::Unknown(None));
    }
}
