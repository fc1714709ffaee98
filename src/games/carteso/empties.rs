//! The empty points as an unordered list with each point's slot, so a random playout picks
//! a uniformly random empty point in constant time, and a placement and its undo move two
//! entries each.

use crate::board::Cell;

/// The list of empty points and where each one sits in it.
#[derive(Clone, Debug)]
pub(super) struct Empties {
    /// `list[..len]` are the empty points; `slot[c]` is `c`'s index in `list` while `c` is
    /// empty (and, after `c` is filled, the index it had, for the undo).
    list: Vec<Cell>,
    slot: Vec<u16>,
    len: usize,
}

impl Empties {
    /// Every point of a board of `cells` points.
    pub fn full(cells: usize) -> Self {
        Empties {
            list: (0..cells as Cell).collect(),
            slot: (0..cells as u16).collect(),
            len: cells,
        }
    }

    /// How many empty points.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The `i`-th entry (`i < len`), in no particular order.
    #[inline]
    pub fn get(&self, i: usize) -> Cell {
        self.list[i]
    }

    /// Takes empty point `c` out: the last entry moves into its slot.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        let i = self.slot[c as usize] as usize;
        self.len -= 1;
        let last = self.list[self.len];
        self.list[i] = last;
        self.slot[last as usize] = i as u16;
        // `slot[c]` keeps `i` for `restore` (unless c was the last entry, where i == len).
        self.slot[c as usize] = i as u16;
    }

    /// Undoes `remove(c)` (the most recent removal not yet undone).
    #[inline]
    pub fn restore(&mut self, c: Cell) {
        let i = self.slot[c as usize] as usize;
        let moved = self.list[i];
        self.list[self.len] = moved;
        self.slot[moved as usize] = self.len as u16;
        self.list[i] = c;
        self.slot[c as usize] = i as u16;
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_and_restore_are_exact_inverses() {
        let mut e = Empties::full(10);
        let snapshot = |e: &Empties| {
            (
                e.list.clone(),
                e.len,
                (0..e.len)
                    .map(|i| e.slot[e.list[i] as usize])
                    .collect::<Vec<_>>(),
            )
        };
        let start = snapshot(&e);
        let order = [3, 9, 0, 5, 8];
        let mut states = vec![start.clone()];
        for &c in &order {
            e.remove(c);
            assert!((0..e.len()).all(|i| e.get(i) != c));
            states.push(snapshot(&e));
        }
        for (k, &c) in order.iter().enumerate().rev() {
            e.restore(c);
            assert_eq!(snapshot(&e), states[k]);
        }
    }
}
