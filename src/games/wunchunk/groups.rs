//! Groups of same-colour stones as a union–find with rollback: placing a stone joins it to its
//! neighbours' groups in a handful of steps, and undo detaches exactly what the placement
//! attached. Union by size without path compression keeps every find short (depth at most
//! log₂ of the group size) and every change reversible.

use crate::board::{Cell, Geometry, Mask, MAX_CELLS};
use std::sync::OnceLock;

/// "No root" in [`Joined`].
pub(super) const NO_ROOT: Cell = Cell::MAX;

/// What one placement changed, for [`Groups::detach`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Joined {
    /// The root the new stone hangs under, or [`NO_ROOT`] when it is a new single stone.
    pub root: Cell,
    /// Other roots attached under `root` (a hex cell touches at most three distinct groups).
    pub merged: [Cell; 2],
}

/// Parent links and group sizes for every stone on the board. An empty cell is its own parent
/// with size 0, so detaching restores exactly what attaching changed.
#[derive(Clone, Debug)]
pub(super) struct Groups {
    parent: [Cell; MAX_CELLS],
    size: [u16; MAX_CELLS],
}

impl Groups {
    /// No stones.
    pub fn new() -> Groups {
        Groups {
            parent: std::array::from_fn(|i| i as Cell),
            size: [0; MAX_CELLS],
        }
    }

    /// The root of the group of the stone on `c`.
    #[inline]
    pub fn find(&self, mut c: Cell) -> Cell {
        while self.parent[c as usize] != c {
            c = self.parent[c as usize];
        }
        c
    }

    /// Size of the group whose root is `root`.
    #[inline]
    pub fn size_of_root(&self, root: Cell) -> u16 {
        self.size[root as usize]
    }

    /// Whether the stone on `c` is the root of its group.
    #[inline]
    pub fn is_root(&self, c: Cell) -> bool {
        self.parent[c as usize] == c
    }

    /// Adds the stone just placed on `cell`, given its neighbours in ring order (see
    /// [`RingNeighbours`]) and its colour's stones `same`. Returns what changed and the change
    /// in that colour's number of chunks.
    #[inline]
    pub fn attach(&mut self, ring: &[Cell; 6], cell: Cell, same: &Mask) -> (Joined, i32) {
        self.size[cell as usize] = 1;
        // Which of the six neighbours hold the same colour, as bits in ring order; off-board
        // slots name a bit that is never set.
        let mut bits = 0u32;
        for (i, &n) in ring.iter().enumerate() {
            bits |= u32::from(same.contains(n as usize)) << i;
        }
        if bits == 0 {
            let joined = Joined {
                root: NO_ROOT,
                merged: [NO_ROOT; 2],
            };
            return (joined, 0);
        }
        // Neighbours next to each other in the ring touch each other, so each run of set bits
        // is one group: only the first cell of each run needs a find (at most three runs).
        let before = ((bits << 1) | (bits >> 5)) & 0x3f;
        let mut starts = bits & !before;
        if starts == 0 {
            starts = 1; // all six: one run
        }
        if starts & (starts - 1) == 0 {
            // One neighbouring group (the common case): hang the stone under its root.
            let root = self.find(ring[starts.trailing_zeros() as usize]);
            let was_chunk = self.size[root as usize] >= 2;
            self.parent[cell as usize] = root;
            self.size[root as usize] += 1;
            let joined = Joined {
                root,
                merged: [NO_ROOT; 2],
            };
            return (joined, i32::from(!was_chunk));
        }
        let mut roots = [NO_ROOT; 3];
        let mut count = 0;
        while starts != 0 {
            let i = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let r = self.find(ring[i]);
            if !roots[..count].contains(&r) {
                roots[count] = r;
                count += 1;
            }
        }
        // The largest group keeps its root, so trees stay shallow.
        let mut main = 0;
        for i in 1..count {
            if self.size[roots[i] as usize] > self.size[roots[main] as usize] {
                main = i;
            }
        }
        roots.swap(0, main);
        let root = roots[0];
        let chunks_before = roots[..count]
            .iter()
            .filter(|&&r| self.size[r as usize] >= 2)
            .count() as i32;
        self.parent[cell as usize] = root;
        self.size[root as usize] += 1;
        for &r in &roots[1..count] {
            self.parent[r as usize] = root;
            self.size[root as usize] += self.size[r as usize];
        }
        let joined = Joined {
            root,
            merged: [roots[1], roots[2]],
        };
        (joined, 1 - chunks_before)
    }

    /// Takes back [`Groups::attach`] of the stone on `cell` (the last stone attached).
    #[inline]
    pub fn detach(&mut self, cell: Cell, joined: Joined) {
        self.parent[cell as usize] = cell;
        self.size[cell as usize] = 0;
        if joined.root == NO_ROOT {
            return;
        }
        for &r in joined.merged.iter().rev() {
            if r != NO_ROOT {
                self.parent[r as usize] = r;
                self.size[joined.root as usize] -= self.size[r as usize];
            }
        }
        self.size[joined.root as usize] -= 1;
    }
}

/// Each cell's six neighbours in ring order around it (so that consecutive entries, the last
/// and the first included, are neighbours of each other), off-board slots replaced by
/// [`OFF_BOARD`]. Built once per board side and interned.
#[derive(Debug)]
pub(super) struct RingNeighbours(Vec<[Cell; 6]>);

/// A bit index no board reaches ([`Mask`] holds 448 bits, the largest board 397 cells).
pub(super) const OFF_BOARD: Cell = (Mask::CAPACITY - 1) as Cell;

impl RingNeighbours {
    /// The table of the hexhex board `geo`.
    pub fn of(geo: &'static Geometry) -> &'static RingNeighbours {
        static CACHE: [OnceLock<RingNeighbours>; 13] = [const { OnceLock::new() }; 13];
        CACHE[geo.size()].get_or_init(|| {
            // Offsets (dr, dk) going round a cell: up, up-right, right, down, down-left, left.
            const RING: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];
            RingNeighbours(
                geo.all_cells()
                    .map(|c| {
                        let (r, k) = geo.coords(c);
                        RING.map(|(dr, dk)| {
                            geo.at(r as isize + dr, k as isize + dk)
                                .unwrap_or(OFF_BOARD)
                        })
                    })
                    .collect(),
            )
        })
    }

    /// The ring of `cell`.
    #[inline]
    pub fn of_cell(&self, cell: Cell) -> &[Cell; 6] {
        &self.0[cell as usize]
    }
}
