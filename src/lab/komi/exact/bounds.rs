//! The transposition table of the exact margin search ([`super`]): per position a lower
//! and an upper bound on its value, so bounds learnt by different null-window passes combine.
//!
//! Two-way buckets: a key lives in slot `i` or its neighbour `i ^ 1`; a new key replaces the
//! one of the two that stands for less work (the log₂ of the positions its search visited),
//! so the expensive entries near the root survive the flood of cheap ones near the leaves.

/// A value no margin reaches (half points; boards have at most a few hundred points).
pub const INF: i32 = 1 << 20;

/// One remembered position.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    /// The value is at least this (`-INF`: nothing known).
    lower: i32,
    /// The value is at most this (`INF`: nothing known).
    upper: i32,
    /// [`crate::puzzle::table::pack`]ed best step, in the position's canonical frame (0: none).
    best: u32,
    /// log₂ of the positions visited to establish the entry (0 for an empty slot).
    work: u8,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            key: 0,
            lower: -INF,
            upper: INF,
            best: 0,
            work: 0,
        }
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// A lower bound (`-INF` when none).
    pub lower: i32,
    /// An upper bound (`INF` when none).
    pub upper: i32,
    /// The packed best step (0: none).
    pub best: u32,
}

/// A fixed-size table of bounds.
pub struct Bounds {
    entries: Vec<Entry>,
    mask: usize,
}

impl Bounds {
    /// A table of about `mb` megabytes (at least 1024 entries, a power of two).
    pub fn with_megabytes(mb: usize) -> Bounds {
        let want = ((mb << 20) / std::mem::size_of::<Entry>()).max(1024);
        let len = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Bounds {
            entries: vec![Entry::default(); len],
            mask: len - 1,
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> Option<usize> {
        let i = (key as usize) & self.mask;
        // An empty slot (work 0 and no bounds) matches nothing, not even key 0.
        let holds = |e: &Entry| e.key == key && (e.lower > -INF || e.upper < INF);
        if holds(&self.entries[i]) {
            Some(i)
        } else if holds(&self.entries[i ^ 1]) {
            Some(i ^ 1)
        } else {
            None
        }
    }

    /// The bounds known for `key`.
    #[inline]
    pub fn probe(&self, key: u64) -> Known {
        match self.slot(key) {
            Some(i) => {
                let e = &self.entries[i];
                Known {
                    lower: e.lower,
                    upper: e.upper,
                    best: e.best,
                }
            }
            None => Known {
                lower: -INF,
                upper: INF,
                best: 0,
            },
        }
    }

    /// Records `lower ≤ value ≤ upper` for `key` (tightening what is known), the best step
    /// (kept when 0) and the work it took (`nodes` positions).
    #[inline]
    pub fn store(&mut self, key: u64, lower: i32, upper: i32, best: u32, nodes: u64) {
        let work = (64 - nodes.leading_zeros()).max(1) as u8;
        let i = match self.slot(key) {
            Some(i) => i,
            None => {
                let i = (key as usize) & self.mask;
                let j = if self.entries[i].work <= self.entries[i ^ 1].work {
                    i
                } else {
                    i ^ 1
                };
                self.entries[j] = Entry {
                    key,
                    ..Entry::default()
                };
                j
            }
        };
        let e = &mut self.entries[i];
        e.lower = e.lower.max(lower);
        e.upper = e.upper.min(upper);
        debug_assert!(e.lower <= e.upper, "contradicting bounds for a position");
        if best != 0 {
            e.best = best;
        }
        e.work = e.work.max(work);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_combine_and_empty_slots_know_nothing() {
        let mut t = Bounds::with_megabytes(1);
        assert_eq!(t.probe(0).lower, -INF);
        t.store(0, 3, INF, 7, 10);
        t.store(0, -INF, 5, 0, 1);
        assert_eq!(
            t.probe(0),
            Known {
                lower: 3,
                upper: 5,
                best: 7
            }
        );
        // A third key in the bucket replaces the one that stands for less work.
        let len = t.mask as u64 + 1;
        t.store(len, 1, 1, 0, 1000);
        t.store(2 * len, 2, 2, 0, 1);
        assert_eq!(t.probe(len).lower, 1);
        assert_eq!(t.probe(0).lower, -INF, "the cheaper entry was replaced");
        assert_eq!(t.probe(2 * len).upper, 2);
    }
}
