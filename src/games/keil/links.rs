//! The fixed link geometry of a Keil board: for every point and each of its six neighbour
//! slots, the neighbour and the *common neighbours* of the pair (SPEC §3), precomputed once per
//! board size so the rules never search for them.
//!
//! Every table is padded to [`ARRAY`] entries and indexed with `& INDEX_MASK`, so indexing can
//! never go out of bounds and the compiler drops the bounds checks in the hot loops. Missing
//! neighbours (on the edge) point at [`OFF_CELL`], a spare index whose board value is always
//! [`OFF`]: the loops treat all six slots alike, and an off-board "neighbour" is never a stone,
//! never empty, so it is never linked.

use crate::board::{Cell, Geometry, MAX_CELLS};
use std::sync::OnceLock;

/// Size of every per-point array: a power of two above [`MAX_CELLS`] (which leaves room for
/// [`OFF_CELL`]).
pub const ARRAY: usize = 512;
/// Mask that keeps an index inside [`ARRAY`].
pub const INDEX_MASK: usize = ARRAY - 1;
/// The spare index standing for "no point": its board value is always [`OFF`].
pub const OFF_CELL: Cell = (ARRAY - 1) as Cell;
const _: () = assert!(MAX_CELLS < ARRAY - 1);

/// Board value of an empty point.
pub const EMPTY: u8 = 0;
/// Board value of a black stone.
pub const BLACK: u8 = 1;
/// Board value of a white stone.
pub const WHITE: u8 = 2;
/// Board value of [`OFF_CELL`]: never a stone, never empty.
pub const OFF: u8 = 3;

/// The opposing colour of a stone colour ([`BLACK`] ↔ [`WHITE`]).
#[inline]
pub fn opposing(colour: u8) -> u8 {
    debug_assert!(colour == BLACK || colour == WHITE);
    3 - colour
}

/// One neighbour slot of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The neighbour ([`OFF_CELL`] when the slot is off the board).
    pub neighbour: Cell,
    /// A common neighbour of the point and `neighbour`.
    pub common_a: Cell,
    /// The other common neighbour; equal to `common_a` along the edge, where the pair has only
    /// one (so "at least one of the two is not the opposing colour" reads the same point twice).
    pub common_b: Cell,
}

const NO_SLOT: Slot = Slot {
    neighbour: OFF_CELL,
    common_a: OFF_CELL,
    common_b: OFF_CELL,
};

/// Two neighbours of a point `p` that are adjacent to each other, so that `p` is one of their
/// common neighbours: a stone on `p` can cut the link between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RingPair {
    /// One neighbour of `p` ([`OFF_CELL`] for an unused entry).
    pub a: Cell,
    /// The next neighbour of `p` around it, adjacent to `a`.
    pub b: Cell,
    /// The other common neighbour of `a` and `b`, or [`OFF_CELL`] when `p` is their only one
    /// (both on the edge): then a stone on `p` alone decides their link.
    pub other: Cell,
}

const NO_PAIR: RingPair = RingPair {
    a: OFF_CELL,
    b: OFF_CELL,
    other: OFF_CELL,
};

/// The slots and ring pairs of every point of one board.
pub struct LinkTable {
    slots: [[Slot; 6]; ARRAY],
    ring: [[RingPair; 6]; ARRAY],
    cells: usize,
}

impl LinkTable {
    /// The table of a hexhex board (interned: built once per size).
    pub fn of(geo: &'static Geometry) -> &'static LinkTable {
        static CACHE: [OnceLock<Box<LinkTable>>; 13] = [const { OnceLock::new() }; 13];
        CACHE[geo.size()].get_or_init(|| Box::new(LinkTable::build(geo)))
    }

    fn build(geo: &Geometry) -> LinkTable {
        let mut slots = [[NO_SLOT; 6]; ARRAY];
        let mut ring = [[NO_PAIR; 6]; ARRAY];
        for c in geo.all_cells() {
            let ns = geo.neighbours(c);
            let mut k = 0;
            for (i, &a) in ns.iter().enumerate() {
                for &b in &ns[i + 1..] {
                    if geo.adjacent(a, b) {
                        let other = geo
                            .neighbours(a)
                            .iter()
                            .copied()
                            .find(|&m| m != c && geo.adjacent(m, b))
                            .unwrap_or(OFF_CELL);
                        ring[c as usize][k] = RingPair { a, b, other };
                        k += 1;
                    }
                }
            }
            for (j, &n) in geo.neighbours(c).iter().enumerate() {
                let common: Vec<Cell> = geo
                    .neighbours(c)
                    .iter()
                    .copied()
                    .filter(|&m| geo.adjacent(m, n))
                    .collect();
                assert!(
                    (1..=2).contains(&common.len()),
                    "{}–{} has {} common neighbours",
                    geo.name(c),
                    geo.name(n),
                    common.len()
                );
                slots[c as usize][j] = Slot {
                    neighbour: n,
                    common_a: common[0],
                    common_b: *common.last().expect("at least one"),
                };
            }
        }
        LinkTable {
            slots,
            ring,
            cells: geo.cells(),
        }
    }

    /// The ring pairs of point `c` (unused entries are off the board).
    #[inline]
    pub fn ring(&self, c: Cell) -> &[RingPair; 6] {
        &self.ring[c as usize & INDEX_MASK]
    }

    /// The six slots of point `c` (unused ones are off the board).
    #[inline]
    pub fn slots(&self, c: Cell) -> &[Slot; 6] {
        &self.slots[c as usize & INDEX_MASK]
    }

    /// Number of points of the board.
    pub fn cells(&self) -> usize {
        self.cells
    }
}

/// Whether a stone of `colour` on one point of `slot`'s pair may link across it: at least one
/// common neighbour is not the opposing colour. (Whether the other point is a same-colour stone
/// or empty is the caller's business.)
#[inline]
pub fn open(board: &[u8; ARRAY], slot: &Slot, colour: u8) -> bool {
    let opp = opposing(colour);
    board[slot.common_a as usize & INDEX_MASK] != opp
        || board[slot.common_b as usize & INDEX_MASK] != opp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interior_pairs_have_two_common_neighbours_edge_pairs_one() {
        for n in 3..=12 {
            let geo = Geometry::hex(n);
            let t = LinkTable::of(geo);
            for c in geo.all_cells() {
                for s in t.slots(c).iter().filter(|s| s.neighbour != OFF_CELL) {
                    let both_edge = geo.is_edge(c) && geo.is_edge(s.neighbour);
                    // A pair has one common neighbour exactly when both points are on the edge.
                    assert_eq!(s.common_a == s.common_b, both_edge);
                    for m in [s.common_a, s.common_b] {
                        assert!(geo.adjacent(m, c) && geo.adjacent(m, s.neighbour));
                    }
                }
                let real = t.slots(c).iter().filter(|s| s.neighbour != OFF_CELL);
                assert_eq!(real.count(), geo.neighbours(c).len());
            }
        }
    }

    #[test]
    fn ring_pairs_surround_each_point() {
        for n in [3, 7, 12] {
            let geo = Geometry::hex(n);
            let t = LinkTable::of(geo);
            for c in geo.all_cells() {
                let pairs: Vec<&RingPair> = t.ring(c).iter().filter(|r| r.a != OFF_CELL).collect();
                // A full ring of six pairs inside; along the edge one pair fewer than neighbours
                // (the ring is open), at a corner 2 pairs for 3 neighbours.
                let degree = geo.neighbours(c).len();
                assert_eq!(pairs.len(), if degree == 6 { 6 } else { degree - 1 });
                for r in pairs {
                    assert!(geo.adjacent(r.a, r.b) && geo.adjacent(r.a, c) && geo.adjacent(r.b, c));
                    let edge_pair = geo.is_edge(r.a) && geo.is_edge(r.b);
                    assert_eq!(r.other == OFF_CELL, edge_pair);
                    if r.other != OFF_CELL {
                        assert!(
                            r.other != c
                                && geo.adjacent(r.other, r.a)
                                && geo.adjacent(r.other, r.b)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn named_pairs_on_side_three() {
        let geo = Geometry::hex(3);
        let t = LinkTable::of(geo);
        let slot = |a: &str, b: &str| {
            let (a, b) = (geo.parse(a).unwrap(), geo.parse(b).unwrap());
            *t.slots(a).iter().find(|s| s.neighbour == b).unwrap()
        };
        let names = |s: Slot| (geo.name(s.common_a), geo.name(s.common_b));
        // Centre c3 (neighbours b3 b4 c2 c4 d2 d3) and b3 (a3 a4 b2 b4 c2 c3): b4 and c2.
        assert_eq!(names(slot("c3", "b3")), ("b4".into(), "c2".into()));
        // Corner a3 – edge a4: the one common neighbour b3.
        assert_eq!(names(slot("a3", "a4")), ("b3".into(), "b3".into()));
        // Corner a3 – b2 (edge): common b3.
        assert_eq!(names(slot("a3", "b2")), ("b3".into(), "b3".into()));
    }
}
