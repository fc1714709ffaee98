//! The stones of a Keil position, kept with their groups, and what a placement does to them.
//!
//! Besides the board, [`Board`] maintains every group incrementally: a label per stone (the
//! group's root point), a circular list of the group's stones, its size and its number of
//! *pseudo-liberties* — (stone, linked empty neighbour) pairs, counted with multiplicity. A
//! group has a liberty iff that number is positive. This lets most placements be tested from
//! the neighbour patterns around them alone (`placement.rs`); the groups are updated when a
//! placement is played (`groups.rs`), which finds the captures itself, so playing never
//! repeats the test.
//!
//! The stones are also kept as one bit set per colour: a board snapshot (for undo and the
//! repetition rule) is a copy of the few words of those sets that the board uses.

mod groups;
mod placement;
mod split;

pub use placement::Verdict;

use super::links::{open, pattern, LinkTable, ARRAY, BLACK, EMPTY, INDEX_MASK, OFF, WHITE};
use crate::board::{BitSet, Cell, Mask};

/// One bit per [`ARRAY`] index.
pub type Visited = BitSet<8>;

/// Stones on the points, the empty points as a list (for uniform random picks), the Zobrist
/// key of the stones, and the groups.
#[derive(Clone)]
pub struct Board {
    values: [u8; ARRAY],
    empties: [Cell; ARRAY],
    empty_pos: [u16; ARRAY],
    n_empty: usize,
    key: u64,
    /// The black and the white stones as bit sets (what a snapshot copies).
    colour_sets: [Mask; 2],
    /// Per point: the [`pattern`] of its neighbours, kept up to date by `put` and `clear`.
    neighbour_patterns: [u32; ARRAY],
    /// Per point: the [`pattern`] of its diagonals, kept up to date likewise.
    diagonal_patterns: [u32; ARRAY],
    /// Per stone: the root point of its group.
    root: [Cell; ARRAY],
    /// Per stone: the next stone of its group (a circular list).
    next: [Cell; ARRAY],
    /// Per group root: number of stones.
    size: [u16; ARRAY],
    /// Per group root: number of (stone, linked empty neighbour) pairs.
    pseudo: [u16; ARRAY],
    links: &'static LinkTable,
}

impl Board {
    /// The empty board.
    pub fn new(links: &'static LinkTable) -> Board {
        let mut b = Board {
            values: [OFF; ARRAY],
            empties: [0; ARRAY],
            empty_pos: [0; ARRAY],
            n_empty: 0,
            key: 0,
            colour_sets: [Mask::EMPTY; 2],
            neighbour_patterns: [0; ARRAY],
            diagonal_patterns: [0; ARRAY],
            root: [0; ARRAY],
            next: [0; ARRAY],
            size: [0; ARRAY],
            pseudo: [0; ARRAY],
            links,
        };
        b.load(&vec![EMPTY; links.cells()]);
        b
    }

    /// Replaces every point by `values` (one per point, in board order) and rebuilds the
    /// empty list, counts, key and groups.
    pub fn load(&mut self, values: &[u8]) {
        debug_assert_eq!(values.len(), self.links.cells());
        self.values[..values.len()].copy_from_slice(values);
        self.n_empty = 0;
        self.key = 0;
        self.colour_sets = [Mask::EMPTY; 2];
        for (c, &v) in values.iter().enumerate() {
            if v == EMPTY {
                self.empty_pos[c] = self.n_empty as u16;
                self.empties[self.n_empty] = c as Cell;
                self.n_empty += 1;
            } else {
                self.key ^= self.links.stone_key(c as Cell, v);
                self.colour_sets[v as usize - 1].insert(c);
            }
        }
        for c in 0..values.len() as Cell {
            self.neighbour_patterns[c as usize] = pattern(&self.values, self.links.neighbours(c));
            self.diagonal_patterns[c as usize] = pattern(&self.values, self.links.diagonals(c));
        }
        self.rebuild_groups();
    }

    /// The [`pattern`] of the neighbours of `c`.
    #[inline]
    pub fn neighbour_pattern(&self, c: Cell) -> u32 {
        self.neighbour_patterns[c as usize & INDEX_MASK]
    }

    /// The [`pattern`] of the diagonals of `c`.
    #[inline]
    pub fn diagonal_pattern(&self, c: Cell) -> u32 {
        self.diagonal_patterns[c as usize & INDEX_MASK]
    }

    /// Brings the patterns that see point `c` up to date after its value changed by `delta`
    /// (the XOR of the old and new values' bits). `c` is slot `k + 3` of its neighbour `k`,
    /// and slot `k` of its anti-diagonal `k`. Writes for missing points land on
    /// [`super::links::OFF_CELL`]'s patterns, which are never read.
    #[inline]
    fn update_patterns(&mut self, c: Cell, delta: u32) {
        let nb = self.links.neighbours(c);
        let anti = self.links.anti_diagonals(c);
        for k in 0..6 {
            self.neighbour_patterns[nb[k] as usize & INDEX_MASK] ^= delta << (4 * ((k + 3) % 6));
            self.diagonal_patterns[anti[k] as usize & INDEX_MASK] ^= delta << (4 * k);
        }
    }

    /// Number of words of a colour set a snapshot keeps.
    #[inline]
    pub fn snapshot_words(&self) -> usize {
        self.links.cells().div_ceil(64)
    }

    /// Appends the snapshot of the stones ([`Board::snapshot_words`] words per colour, black
    /// first) to `out`.
    #[inline]
    pub fn push_snapshot(&self, out: &mut Vec<u64>) {
        let w = self.snapshot_words();
        out.extend_from_slice(&self.colour_sets[0].0[..w]);
        out.extend_from_slice(&self.colour_sets[1].0[..w]);
    }

    /// Replaces the stones by a snapshot that [`Board::push_snapshot`] wrote.
    pub fn load_snapshot(&mut self, snapshot: &[u64]) {
        let cells = self.links.cells();
        let mut values = [EMPTY; ARRAY];
        values_of_snapshot(snapshot, cells, &mut values);
        self.load(&values[..cells]);
    }

    /// The link table of the board.
    #[inline]
    pub fn links(&self) -> &'static LinkTable {
        self.links
    }

    /// Every point's value, padded to [`ARRAY`] (the padding reads [`OFF`]).
    #[inline]
    pub fn values(&self) -> &[u8; ARRAY] {
        &self.values
    }

    /// The value of one point ([`EMPTY`], [`super::links::BLACK`], [`super::links::WHITE`]).
    #[inline]
    pub fn value(&self, c: Cell) -> u8 {
        self.values[c as usize & INDEX_MASK]
    }

    /// The empty points, in no particular order.
    #[inline]
    pub fn empties(&self) -> &[Cell] {
        &self.empties[..self.n_empty]
    }

    /// Number of stones of a colour.
    pub fn stones(&self, colour: u8) -> usize {
        self.colour_sets[colour as usize - 1].count() as usize
    }

    /// Zobrist key of the stones.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Puts a stone on an empty point (board, empty list, counts, key and colour sets; not
    /// the groups).
    fn put(&mut self, c: Cell, colour: u8) {
        let c = c as usize & INDEX_MASK;
        debug_assert_eq!(self.values[c], EMPTY);
        self.values[c] = colour;
        self.key ^= self.links.stone_key(c as Cell, colour);
        self.colour_sets[(colour as usize - 1) & 1].insert(c);
        self.update_patterns(c as Cell, 1 << EMPTY | 1 << colour);
        // Swap-remove c from the empty list.
        let pos = self.empty_pos[c] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty & INDEX_MASK];
        self.empties[pos & INDEX_MASK] = last;
        self.empty_pos[last as usize & INDEX_MASK] = pos as u16;
    }

    /// Takes a stone off (board, empty list, counts, key and colour sets; not the groups).
    fn clear(&mut self, c: Cell) {
        let c = c as usize & INDEX_MASK;
        let colour = self.values[c];
        debug_assert!(colour == 1 || colour == 2);
        self.values[c] = EMPTY;
        self.key ^= self.links.stone_key(c as Cell, colour);
        self.colour_sets[(colour as usize - 1) & 1].remove(c);
        self.update_patterns(c as Cell, 1 << EMPTY | 1 << colour);
        self.empty_pos[c] = self.n_empty as u16;
        self.empties[self.n_empty & INDEX_MASK] = c as Cell;
        self.n_empty += 1;
    }

    /// The maintained group of the stone on `c`: (size, pseudo-liberties), `None` for an
    /// empty point.
    pub fn group_counts(&self, c: Cell) -> Option<(usize, usize)> {
        let v = self.value(c);
        if v == EMPTY || v == OFF {
            return None;
        }
        let r = self.root[c as usize & INDEX_MASK] as usize & INDEX_MASK;
        Some((self.size[r] as usize, self.pseudo[r] as usize))
    }

    /// The group of the stone on `c` and its liberties, both in board order (empty lists when
    /// `c` is empty).
    pub fn group_and_liberties(&self, c: Cell) -> (Vec<Cell>, Vec<Cell>) {
        let colour = self.value(c);
        if colour == EMPTY || colour == OFF {
            return (Vec::new(), Vec::new());
        }
        let mut group = Visited::EMPTY;
        let mut liberties = Visited::EMPTY;
        let mut stack = vec![c];
        group.insert(c as usize);
        while let Some(s) = stack.pop() {
            for sl in self.links.slots(s) {
                let n = sl.neighbour;
                let v = self.value(n);
                if (v == colour || v == EMPTY) && open(&self.values, sl, colour) {
                    if v == EMPTY {
                        liberties.insert(n as usize);
                    } else if !group.contains(n as usize) {
                        group.insert(n as usize);
                        stack.push(n);
                    }
                }
            }
        }
        let cells = |m: Visited| m.iter().map(|i| i as Cell).collect();
        (cells(group), cells(liberties))
    }

    /// Whether the adjacent points `a` and `b` are linked (SPEC §3): two empty points always;
    /// a stone and an empty point, or two same-colour stones, when a common neighbour is not
    /// the stone's opposing colour; never otherwise (or when they are not adjacent).
    pub fn linked(&self, a: Cell, b: Cell) -> bool {
        let Some(sl) = self.links.slots(a).iter().find(|s| s.neighbour == b) else {
            return false;
        };
        match (self.value(a), self.value(b)) {
            (OFF, _) | (_, OFF) => false,
            (EMPTY, EMPTY) => true,
            (EMPTY, x) | (x, EMPTY) => open(&self.values, sl, x),
            (x, y) if x == y => open(&self.values, sl, x),
            _ => false,
        }
    }
}

/// Writes the point values (board order) of a snapshot of a board with `cells` points into
/// `values[..cells]`.
fn values_of_snapshot(snapshot: &[u64], cells: usize, values: &mut [u8]) {
    let w = cells.div_ceil(64);
    debug_assert_eq!(snapshot.len(), 2 * w);
    for (c, v) in values[..cells].iter_mut().enumerate() {
        let bit = |set: usize| snapshot[set * w + c / 64] >> (c % 64) & 1 != 0;
        *v = if bit(0) {
            BLACK
        } else if bit(1) {
            WHITE
        } else {
            EMPTY
        };
    }
}
