//! The table of bounds: four-way buckets of 16-byte entries; the key is two independent
//! multiset hashes, 64 + 16 bits stored and the bucket index taken from other bits.

/// One table entry (16 bytes).
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    key: u64,
    check: u16,
    pub(super) lower: i8,
    pub(super) upper: i8,
    /// Index of the shape in the sorted state (high byte) and the cell (low byte), or
    /// [`BEST_PASS`] / [`BEST_NONE`].
    pub(super) best: u16,
    /// log₂ of the positions searched for the entry, + 1 (0: an empty slot).
    work: u8,
}

/// The table of bounds.
pub(super) struct Table {
    entries: Vec<Entry>,
    buckets: usize,
}

impl Table {
    pub(super) fn with_megabytes(mb: usize) -> Table {
        let want = ((mb << 20) / (4 * std::mem::size_of::<Entry>())).max(256);
        let buckets = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            entries: vec![Entry::default(); buckets * 4],
            buckets,
        }
    }

    #[inline]
    fn bucket(&self, h2: u64) -> usize {
        ((h2 >> 16) as usize & (self.buckets - 1)) * 4
    }

    pub(super) fn probe(&self, h1: u64, h2: u64) -> Option<Entry> {
        let b = self.bucket(h2);
        self.entries[b..b + 4]
            .iter()
            .find(|e| e.work > 0 && e.key == h1 && e.check == h2 as u16)
            .copied()
    }

    pub(super) fn store(&mut self, h1: u64, h2: u64, lower: i8, upper: i8, best: u16, work: u8) {
        let b = self.bucket(h2);
        let bucket = &mut self.entries[b..b + 4];
        let i = bucket
            .iter()
            .position(|e| e.work > 0 && e.key == h1 && e.check == h2 as u16)
            .unwrap_or_else(|| (0..4).min_by_key(|&i| bucket[i].work).expect("four slots"));
        bucket[i] = Entry {
            key: h1,
            check: h2 as u16,
            lower,
            upper,
            best,
            work,
        };
    }
}
