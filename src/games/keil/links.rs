//! The fixed link geometry of a Keil board, precomputed once per board size so the rules never
//! search for it, and the *neighbour patterns* the hot paths read it through.
//!
//! Every point's six neighbour slots are stored in cyclic order (east, north-east, north-west,
//! west, south-west, south-east), so neighbours `k` and `k+1` (mod 6) are adjacent to each
//! other. That gives the whole link structure around a point `c` (SPEC §3):
//! - the common neighbours of `c` and its neighbour `k` are its neighbours `k-1` and `k+1`
//!   (one of them off the board along the edge);
//! - `c` is a common neighbour of the pair (neighbour `k`, neighbour `k+1`), whose other common
//!   neighbour is the *diagonal* `k` of `c` (the point two steps away between them).
//!
//! A [`pattern`] packs what stands on the six neighbours (or diagonals) of a point into one
//! `u32`, a nibble per slot with the bit of the point's value set, so that questions such as
//! "which of my links are open" become a few shifts and masks (see [`closed_for`]).
//!
//! Every table is padded to [`ARRAY`] entries and indexed with `& INDEX_MASK`, so indexing can
//! never go out of bounds and the compiler drops the bounds checks in the hot loops. Missing
//! neighbours (on the edge) point at [`OFF_CELL`], a spare index whose board value is always
//! [`OFF`]: the loops treat all six slots alike, and an off-board "neighbour" is never a stone,
//! never empty, so it is never linked.

use crate::board::{Cell, Geometry, MAX_CELLS};
use crate::zobrist::cell_key;
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

/// The six directions in cyclic order as (row, number) steps: E, NE, NW, W, SW, SE.
const DIRECTIONS: [(isize, isize); 6] = [(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)];

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

/// The neighbours, diagonals and slots of every point of one board.
pub struct LinkTable {
    neighbours: [[Cell; 6]; ARRAY],
    diagonals: [[Cell; 6]; ARRAY],
    /// `anti_diagonals[c][k]` is the point whose diagonal `k` is `c` ([`OFF_CELL`] if none).
    anti_diagonals: [[Cell; 6]; ARRAY],
    /// The Zobrist keys of a black and a white stone on each point (0 off the board), so that
    /// the hot paths index them without a bounds check.
    stone_keys: [[u64; 2]; ARRAY],
    slots: [[Slot; 6]; ARRAY],
    cells: usize,
}

impl LinkTable {
    /// The table of a hexhex board (interned: built once per size).
    pub fn of(geo: &'static Geometry) -> &'static LinkTable {
        static CACHE: [OnceLock<Box<LinkTable>>; 13] = [const { OnceLock::new() }; 13];
        CACHE[geo.size()].get_or_init(|| Box::new(LinkTable::build(geo)))
    }

    fn build(geo: &Geometry) -> LinkTable {
        let mut neighbours = [[OFF_CELL; 6]; ARRAY];
        let mut diagonals = [[OFF_CELL; 6]; ARRAY];
        let mut slots = [[NO_SLOT; 6]; ARRAY];
        for c in geo.all_cells() {
            let (r, k) = geo.coords(c);
            let (r, k) = (r as isize, k as isize);
            let at = |(dr, dk): (isize, isize)| geo.at(r + dr, k + dk).unwrap_or(OFF_CELL);
            let ns: [Cell; 6] = std::array::from_fn(|d| at(DIRECTIONS[d]));
            assert_eq!(
                ns.iter().filter(|&&n| n != OFF_CELL).count(),
                geo.neighbours(c).len(),
                "directions disagree with the geometry at {}",
                geo.name(c)
            );
            neighbours[c as usize] = ns;
            for d in 0..6 {
                let (e, f) = (DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]);
                if ns[d] != OFF_CELL && ns[(d + 1) % 6] != OFF_CELL {
                    diagonals[c as usize][d] = at((e.0 + f.0, e.1 + f.1));
                }
                if ns[d] != OFF_CELL {
                    let (before, after) = (ns[(d + 5) % 6], ns[(d + 1) % 6]);
                    let (a, b) = match (before, after) {
                        (OFF_CELL, x) | (x, OFF_CELL) => (x, x),
                        _ => (before, after),
                    };
                    assert!(
                        a != OFF_CELL,
                        "{}: a pair with no common neighbour",
                        geo.name(c)
                    );
                    slots[c as usize][d] = Slot {
                        neighbour: ns[d],
                        common_a: a,
                        common_b: b,
                    };
                }
            }
        }
        let mut anti_diagonals = [[OFF_CELL; 6]; ARRAY];
        for c in geo.all_cells() {
            for (k, &d) in diagonals[c as usize].iter().enumerate() {
                if d != OFF_CELL {
                    anti_diagonals[d as usize][k] = c;
                }
            }
        }
        let mut stone_keys = [[0; 2]; ARRAY];
        for c in geo.all_cells() {
            stone_keys[c as usize] = [cell_key(c, 0), cell_key(c, 1)];
        }
        LinkTable {
            neighbours,
            diagonals,
            anti_diagonals,
            stone_keys,
            slots,
            cells: geo.cells(),
        }
    }

    /// The six neighbours of point `c` in cyclic order ([`OFF_CELL`] off the board).
    #[inline]
    pub fn neighbours(&self, c: Cell) -> &[Cell; 6] {
        &self.neighbours[c as usize & INDEX_MASK]
    }

    /// The six diagonals of point `c`: diagonal `k` is the other common neighbour of
    /// neighbours `k` and `k+1` ([`OFF_CELL`] when the pair has `c` as its only common
    /// neighbour, or when one of the two is off the board).
    #[inline]
    pub fn diagonals(&self, c: Cell) -> &[Cell; 6] {
        &self.diagonals[c as usize & INDEX_MASK]
    }

    /// The points whose diagonal `k` is `c`, for each `k` ([`OFF_CELL`] if none).
    #[inline]
    pub fn anti_diagonals(&self, c: Cell) -> &[Cell; 6] {
        &self.anti_diagonals[c as usize & INDEX_MASK]
    }

    /// The Zobrist key of a stone of `colour` ([`BLACK`] or [`WHITE`]) on point `c`: black
    /// and white use pieces 0 and 1 of [`cell_key`].
    #[inline]
    pub fn stone_key(&self, c: Cell, colour: u8) -> u64 {
        self.stone_keys[c as usize & INDEX_MASK][(colour as usize - 1) & 1]
    }

    /// The six slots of point `c`, in the cyclic order of [`LinkTable::neighbours`] (unused
    /// ones are off the board).
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

/// The low bit of every slot's nibble in a [`pattern`]: a *slot mask* has only these bits.
pub const LANES: u32 = 0x11_1111;

/// What stands on six points (a point's neighbours or diagonals, in cyclic order): bit
/// `4k + v` is set where point `k` has value `v` ([`EMPTY`], [`BLACK`], [`WHITE`], [`OFF`]).
#[inline]
pub fn pattern(board: &[u8; ARRAY], points: &[Cell; 6]) -> u32 {
    let mut pat = 0;
    for (k, &c) in points.iter().enumerate() {
        pat |= 1 << (board[c as usize & INDEX_MASK] as u32 + 4 * k as u32);
    }
    pat
}

/// The slot mask of the points of a [`pattern`] holding `value`.
#[inline]
pub fn lanes(pat: u32, value: u8) -> u32 {
    (pat >> value) & LANES
}

/// Slot mask rotated so that bit `k` tells about slot `k+1`.
#[inline]
pub fn from_next(mask: u32) -> u32 {
    ((mask >> 4) | (mask << 20)) & LANES
}

/// Slot mask rotated so that bit `k` tells about slot `k-1`.
#[inline]
pub fn from_prev(mask: u32) -> u32 {
    ((mask << 4) | (mask >> 20)) & LANES
}

/// Given the [`pattern`] of a point's neighbours, the slots across which a stone of `colour`
/// on that point can not link: both common neighbours (slots `k-1` and `k+1`) are the opposing
/// colour or off the board (along the edge, where one is missing, the other decides).
#[inline]
pub fn closed_for(pat: u32, colour: u8) -> u32 {
    let blocking = lanes(pat, opposing(colour)) | lanes(pat, OFF);
    from_prev(blocking) & from_next(blocking)
}

/// Number of slots in a slot mask (the six nibble counts add up in the top nibble; no carry,
/// as each is at most 6).
#[inline]
pub fn count(mask: u32) -> u32 {
    debug_assert_eq!(mask & !LANES, 0);
    (mask.wrapping_mul(LANES) >> 20) & 0xF
}

/// Iterates over the slots of a slot mask, lowest first.
#[inline]
pub fn slots_of(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let k = mask.trailing_zeros() as usize / 4;
        mask &= mask - 1;
        Some(k)
    })
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
    fn neighbours_are_cyclic_and_diagonals_close_the_pairs() {
        for n in [3, 7, 12] {
            let geo = Geometry::hex(n);
            let t = LinkTable::of(geo);
            for c in geo.all_cells() {
                let ns = t.neighbours(c);
                let mut listed: Vec<Cell> = ns.iter().copied().filter(|&x| x != OFF_CELL).collect();
                listed.sort();
                let mut expected = geo.neighbours(c).to_vec();
                expected.sort();
                assert_eq!(listed, expected);
                let pairs = (0..6)
                    .filter(|&k| ns[k] != OFF_CELL && ns[(k + 1) % 6] != OFF_CELL)
                    .count();
                // A full ring of six pairs inside; along the edge one pair fewer than
                // neighbours (the ring is open), at a corner 2 pairs for 3 neighbours.
                let degree = geo.neighbours(c).len();
                assert_eq!(pairs, if degree == 6 { 6 } else { degree - 1 });
                for k in 0..6 {
                    let x = t.anti_diagonals(c)[k];
                    assert!(x == OFF_CELL || t.diagonals(x)[k] == c);
                    let (a, b, o) = (ns[k], ns[(k + 1) % 6], t.diagonals(c)[k]);
                    if a == OFF_CELL || b == OFF_CELL {
                        assert_eq!(o, OFF_CELL);
                        continue;
                    }
                    assert!(
                        geo.adjacent(a, b),
                        "neighbours {k} and {k}+1 of {c} adjacent"
                    );
                    // Slot k's common neighbours are slots k-1 and k+1 (when on the board).
                    let s = t.slots(c)[k];
                    assert!([s.common_a, s.common_b].contains(&b));
                    let edge_pair = geo.is_edge(a) && geo.is_edge(b);
                    assert_eq!(o == OFF_CELL, edge_pair);
                    if o != OFF_CELL {
                        assert!(o != c && geo.adjacent(o, a) && geo.adjacent(o, b));
                        assert_eq!(t.anti_diagonals(o)[k], c);
                    }
                }
            }
        }
    }

    #[test]
    fn patterns_and_closed_slots() {
        let mut board = [OFF; ARRAY];
        // Slots 0..6 hold: empty, black, white, white, off, black.
        let values = [EMPTY, BLACK, WHITE, WHITE, OFF, BLACK];
        let points: [Cell; 6] = std::array::from_fn(|k| k as Cell);
        board[..6].copy_from_slice(&values);
        let pat = pattern(&board, &points);
        assert_eq!(lanes(pat, EMPTY), 0x1);
        assert_eq!(lanes(pat, BLACK), 0x10_0010);
        assert_eq!(lanes(pat, WHITE), 0x1100);
        assert_eq!(lanes(pat, OFF), 0x1_0000);
        assert_eq!(from_next(0x1), 0x10_0000);
        assert_eq!(from_prev(0x10_0000), 0x1);
        // For black: blocking = white or off = slots 2, 3, 4. Closed where both k-1 and k+1
        // block: slot 3 (2 and 4).
        assert_eq!(closed_for(pat, BLACK), 0x1000);
        // For white: blocking = black or off = slots 1, 4, 5. Slot 0 (5 and 1), slot 5 (4, 0:
        // no), so only slot 0.
        assert_eq!(closed_for(pat, WHITE), 0x1);
        assert_eq!(slots_of(0x10_1010).collect::<Vec<_>>(), [1, 3, 5]);
        for m in 0..64u32 {
            let mask = (0..6)
                .filter(|k| m >> k & 1 != 0)
                .map(|k| 1 << (4 * k))
                .sum();
            assert_eq!(count(mask), m.count_ones());
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
        let names = |s: Slot| {
            let mut v = [geo.name(s.common_a), geo.name(s.common_b)];
            v.sort();
            (v[0].clone(), v[1].clone())
        };
        // Centre c3 (neighbours b3 b4 c2 c4 d2 d3) and b3 (a3 a4 b2 b4 c2 c3): b4 and c2.
        assert_eq!(names(slot("c3", "b3")), ("b4".into(), "c2".into()));
        // Corner a3 – edge a4: the one common neighbour b3.
        assert_eq!(names(slot("a3", "a4")), ("b3".into(), "b3".into()));
        // Corner a3 – b2 (edge): common b3.
        assert_eq!(names(slot("a3", "b2")), ("b3".into(), "b3".into()));
    }
}
