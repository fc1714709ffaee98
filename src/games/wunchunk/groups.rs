//! Groups of same-colour stones as a union–find with rollback: placing a stone joins it to its
//! neighbours' groups in a handful of steps, and undo detaches exactly what the placement
//! attached. Union by size without path compression keeps every find short (depth at most
//! log₂ of the group size) and every change reversible.

use crate::board::{Cell, Geometry, Mask, MAX_CELLS};

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

    /// Adds the stone just placed on `cell`, whose colour's stones (`cell` included or not) are
    /// `same`. Returns what changed and the change in that colour's number of chunks.
    #[inline]
    pub fn attach(&mut self, geo: &Geometry, cell: Cell, same: &Mask) -> (Joined, i32) {
        let mut roots = [NO_ROOT; 3];
        let mut count = 0;
        for &n in geo.neighbours(cell) {
            if same.contains(n as usize) {
                let r = self.find(n);
                if !roots[..count].contains(&r) {
                    roots[count] = r;
                    count += 1;
                }
            }
        }
        self.size[cell as usize] = 1;
        if count == 0 {
            let joined = Joined {
                root: NO_ROOT,
                merged: [NO_ROOT; 2],
            };
            return (joined, 0);
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
