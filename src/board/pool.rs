//! A set of cells that hands out a uniformly random member in constant time — the empty cells
//! a random playout picks from — and whose removals can be taken back exactly.

use super::{Cell, MAX_CELLS};

/// A set of cells kept as a dense list plus each cell's index in it.
///
/// [`CellPool::remove`] moves the last member into the hole; [`CellPool::restore`] takes the
/// latest removal back and restores the exact list order, so play/undo sequences leave the
/// pool as they found it (and seeded random picks stay reproducible).
#[derive(Clone)]
pub struct CellPool {
    len: u16,
    cells: [Cell; MAX_CELLS],
    /// Per cell: its index in `cells` while a member; after removal, the index it had (which
    /// [`CellPool::restore`] puts it back at).
    pos: [u16; MAX_CELLS],
}

impl CellPool {
    /// The pool of `cells`, in the given order.
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> CellPool {
        let mut pool = CellPool {
            len: 0,
            cells: [0; MAX_CELLS],
            pos: [u16::MAX; MAX_CELLS],
        };
        for c in cells {
            debug_assert!(!pool.contains(c), "cell {c} given twice");
            pool.cells[pool.len as usize] = c;
            pool.pos[c as usize] = pool.len;
            pool.len += 1;
        }
        pool
    }

    /// Number of members.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pool is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The member at index `i < len()` (members are in no particular order).
    #[inline]
    pub fn get(&self, i: usize) -> Cell {
        debug_assert!(i < self.len());
        self.cells[i]
    }

    /// Whether `c` is a member.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        let p = self.pos[c as usize];
        p < self.len && self.cells[p as usize] == c
    }

    /// Removes the member `c`.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        debug_assert!(self.contains(c), "cell {c} is not in the pool");
        let p = self.pos[c as usize];
        self.len -= 1;
        let last = self.cells[self.len as usize];
        self.cells[p as usize] = last;
        self.pos[last as usize] = p;
        // `pos[c]` keeps `p` for `restore`.
    }

    /// Puts back `c`, which must be the latest removal not yet restored (removals are taken
    /// back in reverse order). The list order is then exactly as before the removal.
    #[inline]
    pub fn restore(&mut self, c: Cell) {
        let p = self.pos[c as usize];
        let moved = self.cells[p as usize];
        self.cells[self.len as usize] = moved;
        self.pos[moved as usize] = self.len;
        self.cells[p as usize] = c;
        self.len += 1;
    }

    /// The members, in list order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells[..self.len()].iter().copied()
    }
}

impl std::fmt::Debug for CellPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_then_restore_in_reverse_is_exact() {
        let start = CellPool::from_cells([5, 9, 2, 7, 11, 3]);
        let mut p = start.clone();
        let order = [2, 11, 5, 3];
        for (k, &c) in order.iter().enumerate() {
            p.remove(c);
            assert!(!p.contains(c));
            assert_eq!(p.len(), 6 - k - 1);
        }
        let mut left: Vec<Cell> = p.iter().collect();
        left.sort();
        assert_eq!(left, vec![7, 9]);
        for &c in order.iter().rev() {
            p.restore(c);
            assert!(p.contains(c));
        }
        assert_eq!(
            p.iter().collect::<Vec<_>>(),
            start.iter().collect::<Vec<_>>()
        );
        assert!(!p.contains(0) && !p.contains(396));
    }
}
