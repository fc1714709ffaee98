//! Growable arrays that several threads fill at once, under one byte budget.
//!
//! An [`Arena`] hands out item indices with one atomic add; the memory comes in chunks that are
//! allocated when the first index inside them is handed out, so a tree costs only what it has
//! used. Every chunk counts against a [`Budget`] shared by the arenas of one tree; when the next
//! chunk would not fit, allocation fails and the budget reports itself full until the owner
//! (holding `&mut`) compacts the arenas and calls [`Budget::reopen`].

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

/// Bytes a tree may hold, shared by its arenas.
#[derive(Debug)]
pub struct Budget {
    limit: usize,
    committed: AtomicUsize,
    full: AtomicBool,
    grow: Mutex<()>,
}

impl Budget {
    /// A budget of `limit` bytes.
    pub fn new(limit: usize) -> Budget {
        Budget {
            limit,
            committed: AtomicUsize::new(0),
            full: AtomicBool::new(false),
            grow: Mutex::new(()),
        }
    }

    /// The limit in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Bytes of the chunks allocated so far.
    pub fn committed(&self) -> usize {
        self.committed.load(Relaxed)
    }

    /// Whether an allocation has failed since the last [`Budget::reopen`].
    #[inline]
    pub fn is_full(&self) -> bool {
        self.full.load(Relaxed)
    }

    /// Clears the full flag (after compaction made room).
    pub fn reopen(&mut self) {
        *self.full.get_mut() = false;
    }
}

/// Items of type `E` in chunks; an item is `stride` consecutive elements.
#[derive(Debug)]
pub struct Arena<E> {
    chunks: Box<[OnceLock<Box<[E]>>]>,
    /// Items per chunk (a power of two).
    per_chunk: usize,
    /// Its logarithm.
    shift: u32,
    /// Elements per item.
    stride: usize,
    /// Next index to hand out (may run past the end when allocation fails).
    next: AtomicUsize,
}

impl<E: Default> Arena<E> {
    /// An arena of items of `stride` elements, in chunks of about `chunk_bytes`, holding at
    /// most `max_items` items.
    pub fn new(stride: usize, chunk_bytes: usize, max_items: usize) -> Arena<E> {
        let item_bytes = stride * std::mem::size_of::<E>();
        // A power of two, so that finding an item's chunk is a shift, not a division.
        let per_chunk = ((chunk_bytes / item_bytes).max(1) + 1).next_power_of_two() / 2;
        let n_chunks = max_items.div_ceil(per_chunk).max(1);
        Arena {
            chunks: (0..n_chunks).map(|_| OnceLock::new()).collect(),
            per_chunk,
            shift: per_chunk.trailing_zeros(),
            stride,
            next: AtomicUsize::new(0),
        }
    }

    /// Bytes of one chunk.
    fn chunk_bytes(&self) -> usize {
        self.per_chunk * self.stride * std::mem::size_of::<E>()
    }

    /// Items handed out that live in allocated chunks (all of them once nobody allocates).
    pub fn len(&self) -> usize {
        let allocated = self.chunks.iter().take_while(|c| c.get().is_some()).count();
        self.next.load(Relaxed).min(allocated * self.per_chunk)
    }

    /// Whether no item is in use.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per item.
    pub fn item_bytes(&self) -> usize {
        self.stride * std::mem::size_of::<E>()
    }

    /// A new item's index, or `None` when the budget (or the arena) is full. `force` allows
    /// one chunk beyond the budget (for a tree's root). The item holds whatever its slot held
    /// before: the caller initialises it.
    pub fn alloc(&self, budget: &Budget, force: bool) -> Option<u32> {
        if budget.is_full() && !force {
            return None;
        }
        let i = self.next.fetch_add(1, Relaxed);
        let c = i >> self.shift;
        if c >= self.chunks.len() || i >= u32::MAX as usize {
            budget.full.store(true, Relaxed);
            return None;
        }
        if self.chunks[c].get().is_none() && !self.grow_chunk(c, budget, force) {
            return None;
        }
        Some(i as u32)
    }

    /// `n` consecutive new items (`n` ≥ 1): the first one's index, or `None` when the budget
    /// (or the arena) is full. One atomic add for them all (the network gives a position all
    /// its children at once).
    pub fn alloc_many(&self, budget: &Budget, n: usize) -> Option<u32> {
        if budget.is_full() {
            return None;
        }
        let i = self.next.fetch_add(n, Relaxed);
        let last = i + n.max(1) - 1;
        let c = last >> self.shift;
        if c >= self.chunks.len() || last >= u32::MAX as usize {
            budget.full.store(true, Relaxed);
            return None;
        }
        // The allocated chunks are a prefix: growing the last one's grows those below it.
        if self.chunks[c].get().is_none() && !self.grow_chunk(c, budget, false) {
            return None;
        }
        Some(i as u32)
    }

    /// Allocates chunk `c`, and first every chunk below it still missing, so that the
    /// allocated chunks are always a prefix ([`Arena::len`] counts only that prefix). A chunk
    /// below `c` is missing when the thread that took the first index in it has not grown it
    /// yet (preempted between its `fetch_add` and here); were `c` grown alone and that thread
    /// then failed on a budget `c` had filled, the items in `c` would lie beyond `len()` and
    /// compaction would not see them.
    #[cold]
    fn grow_chunk(&self, c: usize, budget: &Budget, force: bool) -> bool {
        let _guard = budget.grow.lock().unwrap_or_else(|e| e.into_inner());
        let bytes = self.chunk_bytes();
        for chunk in &self.chunks[..=c] {
            if chunk.get().is_some() {
                continue;
            }
            if !force && budget.committed.load(Relaxed) + bytes > budget.limit {
                budget.full.store(true, Relaxed);
                return false;
            }
            let items: Box<[E]> = (0..self.per_chunk * self.stride)
                .map(|_| E::default())
                .collect();
            budget.committed.fetch_add(bytes, Relaxed);
            chunk
                .set(items)
                .unwrap_or_else(|_| unreachable!("chunks grow under the lock"));
        }
        true
    }

    /// The elements of item `i` (which must have been handed out).
    #[inline]
    pub fn item(&self, i: u32) -> &[E] {
        let i = i as usize;
        let chunk = self.chunks[i >> self.shift]
            .get()
            .expect("an item handed out lives in an allocated chunk");
        let at = (i & (self.per_chunk - 1)) * self.stride;
        &chunk[at..at + self.stride]
    }

    /// Keeps the first `len` items and frees the chunks after them (with exclusive access).
    pub fn truncate(&mut self, len: usize, budget: &mut Budget) {
        let keep = len.div_ceil(self.per_chunk);
        let bytes = self.chunk_bytes();
        for c in self.chunks.iter_mut().skip(keep) {
            if c.take().is_some() {
                *budget.committed.get_mut() -= bytes;
            }
        }
        *self.next.get_mut() = len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    #[test]
    fn allocation_stops_at_the_budget_and_resumes_after_truncation() {
        let mut budget = Budget::new(4096);
        let mut a: Arena<AtomicU32> = Arena::new(4, 256, 1 << 20);
        let mut n = 0;
        while a.alloc(&budget, false).is_some() {
            n += 1;
        }
        assert!(n > 4096 / 16 - 16 && n <= 4096 / 16, "{n}");
        assert!(budget.is_full());
        assert!(budget.committed() <= budget.limit());
        a.truncate(10, &mut budget);
        budget.reopen();
        assert_eq!(a.len(), 10);
        assert!(budget.committed() < 4096);
        assert_eq!(a.alloc(&budget, false), Some(10));
        a.item(10)[3].store(7, Relaxed);
        assert_eq!(a.item(10)[3].load(Relaxed), 7);
    }

    /// A thread that took an index and was preempted before growing its chunk, while another
    /// thread grew the next chunk and filled the budget, must not leave items beyond `len()`.
    #[test]
    fn a_chunk_grown_past_a_missing_one_stays_counted() {
        let item = 4 * std::mem::size_of::<AtomicU32>();
        // One item per chunk; room for three chunks.
        let budget = Budget::new(3 * item);
        let a: Arena<AtomicU32> = Arena::new(4, item, 100);
        assert_eq!(a.alloc(&budget, false), Some(0));
        assert_eq!(a.alloc(&budget, false), Some(1));
        // Thread A takes index 2 and is preempted before growing chunk 2.
        let slow = a.next.fetch_add(1, Relaxed);
        assert_eq!(slow, 2);
        // Thread B takes index 3: both chunks 2 and 3 would not fit.
        let fast = a.alloc(&budget, false);
        // Thread A resumes.
        let slow = (a.chunks[slow >> a.shift].get().is_some() || a.grow_chunk(2, &budget, false))
            .then_some(slow as u32);
        assert!(budget.committed() <= budget.limit());
        let len = a.len() as u32;
        for i in [fast, slow].into_iter().flatten() {
            assert!(i < len, "item {i} handed out beyond len {len}");
        }
        assert_eq!(slow, Some(2));
    }

    #[test]
    fn threads_get_distinct_items() {
        let budget = Budget::new(1 << 20);
        let a: Arena<AtomicU32> = Arena::new(1, 1024, 1 << 20);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..10_000 {
                        if let Some(i) = a.alloc(&budget, false) {
                            a.item(i)[0].fetch_add(1, Relaxed);
                        }
                    }
                });
            }
        });
        let len = a.len();
        assert!(len > 1000);
        for i in 0..len as u32 {
            assert_eq!(a.item(i)[0].load(Relaxed), 1, "item {i}");
        }
    }
}
