//! Per-board facts of Iris that never change during a game: which cells are coloured, each
//! coloured cell's partner and pair label, the gray cells. Built once per side and interned.

use crate::board::{Cell, Geometry, Mask};
use std::sync::OnceLock;

/// The label of a gray cell in [`Tables::label`].
pub(super) const GRAY: u16 = u16::MAX;

/// Stands for a missing neighbour in [`Tables::neighbours`]: a bit of [`Mask`] past every
/// board's cells, so never set.
pub(super) const OFF_BOARD: Cell = (Mask::CAPACITY - 1) as Cell;

/// Fixed facts of one Iris board.
#[derive(Debug)]
pub(super) struct Tables {
    /// The `6(n-1)` edge cells.
    pub coloured: Mask,
    /// The interior cells.
    pub gray: Mask,
    /// Per cell: its point reflection through the centre (the partner of a coloured cell).
    pub partner: Vec<Cell>,
    /// Per cell: the pair label of a coloured cell (SPEC §3), [`GRAY`] for gray cells.
    pub label: Vec<u16>,
    /// Per cell: its neighbours, six slots padded with [`OFF_BOARD`] (scoring walks these
    /// without looking up each cell's degree).
    pub neighbours: Vec<[Cell; 6]>,
}

impl Tables {
    /// The interned tables of the board `geo` (a hexhex board).
    pub fn of(geo: &'static Geometry) -> &'static Tables {
        static CACHE: [OnceLock<Tables>; 13] = [const { OnceLock::new() }; 13];
        CACHE[geo.size()].get_or_init(|| Tables::build(geo))
    }

    fn build(geo: &Geometry) -> Tables {
        let ring = geo.ring();
        let n = geo.size();
        let half = 3 * (n - 1);
        debug_assert_eq!(ring.len(), 2 * half);
        let mut coloured = Mask::EMPTY;
        let mut label = vec![GRAY; geo.cells()];
        // Pairs are labelled in ring order from the top-left corner clockwise; the second half of
        // the ring holds the partners of the first half, in the same order.
        for (i, &c) in ring.iter().take(half).enumerate() {
            coloured.insert(c as usize);
            coloured.insert(geo.reflect(c) as usize);
            label[c as usize] = i as u16;
            label[geo.reflect(c) as usize] = i as u16;
        }
        let gray = geo.all().and_not(&coloured);
        Tables {
            coloured,
            gray,
            partner: geo.all_cells().map(|c| geo.reflect(c)).collect(),
            label,
            neighbours: geo
                .all_cells()
                .map(|c| {
                    let mut six = [OFF_BOARD; 6];
                    six[..geo.neighbours(c).len()].copy_from_slice(geo.neighbours(c));
                    six
                })
                .collect(),
        }
    }

    /// Whether `cell` is coloured (an edge cell).
    #[inline]
    pub fn is_coloured(&self, cell: Cell) -> bool {
        self.coloured.contains(cell as usize)
    }
}
