//! Groups of same-coloured stones as an undoable union–find: each group's root holds its
//! size and bounding box, so a placement learns its group's box from at most four neighbour
//! roots instead of a flood fill. Union by size without path compression keeps trees
//! shallow (depth ≤ log₂ of the group size) and makes every merge exactly reversible.

use crate::board::Cell;
use crate::games::square::Rect;

/// One stone's entry: its parent, and at a root the group's size and box.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Node {
    parent: u16,
    size: u16,
    rect: Rect,
}

/// How a stone was added, to take it back.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Merge {
    /// The root of the group the stone ended in.
    pub top: u16,
    /// That root's entry before the merge.
    top_before: Node,
    /// The other roots hung under `top`.
    others: [u16; 4],
    n_others: u8,
}

/// The union–find over the points of an `n`×`n` board (entries of empty points are stale).
#[derive(Clone, Debug)]
pub(super) struct Groups {
    n: usize,
    nodes: Vec<Node>,
}

impl Groups {
    /// No stones on an `n`×`n` board.
    pub fn new(n: usize) -> Self {
        Groups {
            n,
            nodes: vec![Node::default(); n * n],
        }
    }

    /// The root of the group holding stone `c`.
    #[inline]
    pub fn find(&self, mut c: u16) -> u16 {
        loop {
            let p = self.nodes[c as usize].parent;
            if p == c {
                return c;
            }
            c = p;
        }
    }

    /// The bounding box of the group rooted at `root`.
    #[inline]
    pub fn rect(&self, root: u16) -> Rect {
        self.nodes[root as usize].rect
    }

    /// Adds stone `c`, joining the groups with the given distinct `roots` (its same-coloured
    /// neighbours' roots).
    pub fn add(&mut self, c: Cell, roots: &[u16]) -> Merge {
        let (x, y) = ((c as usize % self.n) as u8, (c as usize / self.n) as u8);
        let point = Rect {
            x0: x,
            x1: x,
            y0: y,
            y1: y,
        };
        let Some(&top) = roots.iter().max_by_key(|&&r| self.nodes[r as usize].size) else {
            self.nodes[c as usize] = Node {
                parent: c,
                size: 1,
                rect: point,
            };
            return Merge {
                top: c,
                ..Merge::default()
            };
        };
        let top_before = self.nodes[top as usize];
        let mut merge = Merge {
            top,
            top_before,
            others: [0; 4],
            n_others: 0,
        };
        let mut size = top_before.size + 1;
        let mut rect = union(top_before.rect, point);
        for &r in roots.iter().filter(|&&r| r != top) {
            let node = &mut self.nodes[r as usize];
            node.parent = top;
            size += node.size;
            rect = union(rect, node.rect);
            merge.others[merge.n_others as usize] = r;
            merge.n_others += 1;
        }
        self.nodes[c as usize] = Node {
            parent: top,
            size: 1,
            rect: point,
        };
        self.nodes[top as usize] = Node {
            parent: top,
            size,
            rect,
        };
        merge
    }

    /// Takes back [`Groups::add`] (the stone's own entry is left stale).
    pub fn undo(&mut self, m: &Merge) {
        for &r in &m.others[..m.n_others as usize] {
            self.nodes[r as usize].parent = r;
        }
        // A stone without same-coloured neighbours was its own root: nothing to restore.
        if m.top_before.size > 0 {
            self.nodes[m.top as usize] = m.top_before;
        }
    }
}

/// The smallest rectangle holding both.
#[inline]
fn union(a: Rect, b: Rect) -> Rect {
    Rect {
        x0: a.x0.min(b.x0),
        x1: a.x1.max(b.x1),
        y0: a.y0.min(b.y0),
        y1: a.y1.max(b.y1),
    }
}
