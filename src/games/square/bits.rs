//! Bit-parallel helpers for N×N boards (Carteso, Linage): orthogonal dilation, flood fills,
//! line starts, bounding boxes and the "does removing this point split its region" test.
//!
//! Cells are numbered row-major from the bottom-left (`y * n + x`, SPEC §1 board order), so
//! one step east is a shift by 1 and one step north a shift by `n`. Every result is kept inside
//! the board: bits past `n * n` are always clear.

use crate::board::{BitSet, Cell, Geometry};

/// An axis-aligned rectangle of points, bounds inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rect {
    /// Leftmost column.
    pub x0: u8,
    /// Rightmost column.
    pub x1: u8,
    /// Lowest row.
    pub y0: u8,
    /// Highest row.
    pub y1: u8,
}

impl Rect {
    /// Number of columns spanned.
    pub fn width(&self) -> usize {
        (self.x1 - self.x0) as usize + 1
    }

    /// Number of rows spanned.
    pub fn height(&self) -> usize {
        (self.y1 - self.y0) as usize + 1
    }
}

/// The precomputed masks of one N×N board in a bit set of `W` words.
#[derive(Clone, Copy, Debug)]
pub struct SquareBits<const W: usize> {
    geo: &'static Geometry,
    n: usize,
    all: BitSet<W>,
    /// Cells not in column `a` (where a shift east may land).
    not_first_col: BitSet<W>,
    /// Cells not in the last column (where a shift west may land).
    not_last_col: BitSet<W>,
    /// Cells where a horizontal line of three can start (column ≤ n−3).
    hline_ok: BitSet<W>,
    /// Column `a`.
    first_col: BitSet<W>,
    /// Row 1.
    first_row: BitSet<W>,
}

/// `m << k` for `0 < k < 64` (bits past the capacity are dropped).
#[inline(always)]
#[allow(clippy::needless_range_loop)] // word i takes bits from words i and i-1
fn shl_small<const W: usize>(m: &BitSet<W>, k: u32) -> BitSet<W> {
    let mut r = [0u64; W];
    r[0] = m.0[0] << k;
    for i in 1..W {
        r[i] = (m.0[i] << k) | (m.0[i - 1] >> (64 - k));
    }
    BitSet(r)
}

/// `m >> k` for `0 < k < 64`.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // word i takes bits from words i and i+1
fn shr_small<const W: usize>(m: &BitSet<W>, k: u32) -> BitSet<W> {
    let mut r = [0u64; W];
    for i in 0..W - 1 {
        r[i] = (m.0[i] >> k) | (m.0[i + 1] << (64 - k));
    }
    r[W - 1] = m.0[W - 1] >> k;
    BitSet(r)
}

/// The highest set bit, if any.
#[inline]
pub fn last_bit<const W: usize>(m: &BitSet<W>) -> Option<usize> {
    (0..W)
        .rev()
        .find(|&i| m.0[i] != 0)
        .map(|i| i * 64 + 63 - m.0[i].leading_zeros() as usize)
}

/// The set holding one cell.
#[inline]
pub fn single<const W: usize>(c: Cell) -> BitSet<W> {
    let mut m = BitSet::EMPTY;
    m.insert(c as usize);
    m
}

/// The connected pieces a region falls into when one of its points is taken (at most four,
/// one per neighbour of the point).
#[derive(Clone, Copy, Debug)]
pub struct Pieces<const W: usize> {
    parts: [BitSet<W>; 4],
    len: usize,
}

impl<const W: usize> Pieces<W> {
    /// The pieces.
    #[inline]
    pub fn as_slice(&self) -> &[BitSet<W>] {
        &self.parts[..self.len]
    }

    /// How many pieces.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the region vanished (the point was all of it).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, m: BitSet<W>) {
        self.parts[self.len] = m;
        self.len += 1;
    }
}

impl<const W: usize> SquareBits<W> {
    /// The masks of the `n`×`n` board.
    ///
    /// # Panics
    /// When `n × n` does not fit in `W` words or `n` is not a supported square size.
    pub fn new(n: usize) -> Self {
        assert!(n * n <= 64 * W, "{n}×{n} does not fit in {W} words");
        let geo = Geometry::square(n);
        let mut s = SquareBits {
            geo,
            n,
            all: BitSet::first_n(n * n),
            not_first_col: BitSet::EMPTY,
            not_last_col: BitSet::EMPTY,
            hline_ok: BitSet::EMPTY,
            first_col: BitSet::EMPTY,
            first_row: BitSet::first_n(n),
        };
        for c in 0..n * n {
            let x = c % n;
            if x != 0 {
                s.not_first_col.insert(c);
            } else {
                s.first_col.insert(c);
            }
            if x != n - 1 {
                s.not_last_col.insert(c);
            }
            if x + 2 < n {
                s.hline_ok.insert(c);
            }
        }
        s
    }

    /// The board.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// Points per side.
    #[inline]
    pub fn n(&self) -> usize {
        self.n
    }

    /// Every point of the board.
    #[inline]
    pub fn all(&self) -> BitSet<W> {
        self.all
    }

    /// `m` grown by one orthogonal step in every direction (`m` included).
    #[inline]
    pub fn dilate(&self, m: &BitSet<W>) -> BitSet<W> {
        let n = self.n as u32;
        let east = shl_small(m, 1) & self.not_first_col;
        let west = shr_small(m, 1) & self.not_last_col;
        let north = shl_small(m, n) & self.all;
        let south = shr_small(m, n);
        *m | east | west | north | south
    }

    /// The points orthogonally next to `c`.
    #[inline]
    pub fn neighbours(&self, c: Cell) -> BitSet<W> {
        let mut m = BitSet::EMPTY;
        for &d in self.geo.neighbours(c) {
            m.insert(d as usize);
        }
        m
    }

    /// Everything in `within` connected to `seed` through orthogonal steps inside `within`
    /// (seed points outside `within` are dropped).
    #[inline]
    pub fn flood(&self, seed: BitSet<W>, within: &BitSet<W>) -> BitSet<W> {
        let mut f = seed & *within;
        loop {
            let g = self.dilate(&f) & *within;
            if g == f {
                return f;
            }
            f = g;
        }
    }

    /// Points of `m` where a horizontal line of three points of `m` starts (going east).
    #[inline]
    pub fn hline_starts(&self, m: &BitSet<W>) -> BitSet<W> {
        *m & shr_small(m, 1) & shr_small(m, 2) & self.hline_ok
    }

    /// Points of `m` where a vertical line of three points of `m` starts (going north).
    #[inline]
    pub fn vline_starts(&self, m: &BitSet<W>) -> BitSet<W> {
        let n = self.n as u32;
        *m & shr_small(m, n) & shr_small(m, 2 * n)
    }

    /// Column `x`.
    #[inline]
    pub fn column(&self, x: usize) -> BitSet<W> {
        if x == 0 {
            self.first_col
        } else {
            shl_small(&self.first_col, x as u32)
        }
    }

    /// Row `y` (0 = row 1).
    #[inline]
    pub fn row(&self, y: usize) -> BitSet<W> {
        self.first_row.shl(y * self.n)
    }

    /// The bounding box of a non-empty set.
    pub fn bbox(&self, m: &BitSet<W>) -> Rect {
        let n = self.n;
        let lo = m.first().expect("bounding box of an empty set");
        let hi = last_bit(m).expect("non-empty");
        // Fold every row onto row 1: after the loop bit x of word 0 is set iff column x is used.
        let mut fold = *m;
        let mut shift = n;
        while shift < n * n {
            fold |= fold.shr(shift);
            shift *= 2;
        }
        let cols = fold.0[0] & ((1u64 << n) - 1);
        Rect {
            x0: cols.trailing_zeros() as u8,
            x1: (63 - cols.leading_zeros()) as u8,
            y0: (lo / n) as u8,
            y1: (hi / n) as u8,
        }
    }

    /// Whether the points of `m` next to `c` are all connected to each other through the
    /// eight points around `c` (so taking `c` out of a region made of `m ∪ {c}` cannot split
    /// it). Sufficient, not necessary: `false` means "maybe split, flood to find out".
    #[inline]
    pub fn ring_connected(&self, m: &BitSet<W>, c: Cell) -> bool {
        let n = self.n as isize;
        let (x, y) = ((c as isize) % n, (c as isize) / n);
        let at = |dx: isize, dy: isize| {
            let (a, b) = (x + dx, y + dy);
            a >= 0 && b >= 0 && a < n && b < n && m.contains((b * n + a) as usize)
        };
        // Orthogonal neighbours in cyclic order N, E, S, W; diagonal i sits between i and i+1.
        let orth = [at(0, 1), at(1, 0), at(0, -1), at(-1, 0)];
        let e = orth.iter().filter(|&&b| b).count();
        if e <= 1 {
            return true;
        }
        let diag = [at(1, 1), at(1, -1), at(-1, -1), at(-1, 1)];
        let links = (0..4)
            .filter(|&i| orth[i] && orth[(i + 1) % 4] && diag[i])
            .count();
        links == 4 || e - links <= 1
    }

    /// The connected pieces of `region \ {c}`, where `region` is connected and contains `c`.
    pub fn pieces_without(&self, region: &BitSet<W>, c: Cell) -> Pieces<W> {
        let mut rest = *region;
        rest.remove(c as usize);
        let mut out = Pieces {
            parts: [BitSet::EMPTY; 4],
            len: 0,
        };
        let mut pending = self.neighbours(c) & rest;
        if pending.is_empty() {
            return out;
        }
        if self.ring_connected(&rest, c) {
            out.push(rest);
            return out;
        }
        // Every point of `rest` is connected to some neighbour of `c` (a path to `c` inside
        // the region reaches one first), so once one neighbour is left, the rest is its piece.
        let mut remaining = rest;
        while !pending.is_empty() {
            if pending.count() == 1 {
                out.push(remaining);
                break;
            }
            let d = pending.first().expect("non-empty");
            let piece = self.flood(single(d as Cell), &remaining);
            out.push(piece);
            remaining = remaining.and_not(&piece);
            pending = pending.and_not(&piece);
        }
        out
    }

    /// The connected pieces of `m`, each in board order of its first point.
    pub fn components(&self, m: &BitSet<W>) -> Vec<BitSet<W>> {
        let mut rest = *m;
        let mut out = Vec::new();
        while let Some(c) = rest.first() {
            let piece = self.flood(single(c as Cell), &rest);
            rest = rest.and_not(&piece);
            out.push(piece);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Mask;

    fn mask(sq: &SquareBits<7>, cells: &[&str]) -> Mask {
        let mut m = Mask::EMPTY;
        for s in cells {
            m.insert(sq.geometry().parse(s).unwrap() as usize);
        }
        m
    }

    #[test]
    fn dilate_does_not_wrap_rows() {
        let sq = SquareBits::<7>::new(5);
        let d = sq.dilate(&mask(&sq, &["e1"]));
        assert_eq!(d, mask(&sq, &["d1", "e1", "e2"]));
        let d = sq.dilate(&mask(&sq, &["a2"]));
        assert_eq!(d, mask(&sq, &["a1", "a2", "a3", "b2"]));
        let d = sq.dilate(&mask(&sq, &["e5"]));
        assert_eq!(d, mask(&sq, &["e5", "d5", "e4"]));
    }

    #[test]
    fn lines_and_bbox() {
        let sq = SquareBits::<2>::new(9);
        let mut m = BitSet::<2>::EMPTY;
        for s in ["g1", "h1", "i1", "a2", "a3", "a4", "h2"] {
            m.insert(sq.geometry().parse(s).unwrap() as usize);
        }
        let h: Vec<_> = sq.hline_starts(&m).iter().collect();
        assert_eq!(h, vec![sq.geometry().parse("g1").unwrap() as usize]);
        let v: Vec<_> = sq.vline_starts(&m).iter().collect();
        assert_eq!(v, vec![sq.geometry().parse("a2").unwrap() as usize]);
        let r = sq.bbox(&m);
        assert_eq!((r.x0, r.x1, r.y0, r.y1), (0, 8, 0, 3));
        let big = SquareBits::<7>::new(19);
        let r = big.bbox(&mask(&big, &["s19", "c4"]));
        assert_eq!((r.x0, r.x1, r.y0, r.y1), (2, 18, 3, 18));
    }

    #[test]
    fn pieces_split_and_ring_shortcut() {
        let sq = SquareBits::<7>::new(5);
        // A plus: taking the centre leaves four single points.
        let plus = mask(&sq, &["c2", "b3", "c3", "d3", "c4"]);
        let c3 = sq.geometry().parse("c3").unwrap();
        assert_eq!(sq.pieces_without(&plus, c3).len(), 4);
        // A 2×2 block plus the centre: still one piece.
        let block = mask(&sq, &["c3", "d3", "c4", "d4"]);
        let p = sq.pieces_without(&block, c3);
        assert_eq!(p.len(), 1);
        assert_eq!(p.as_slice()[0], mask(&sq, &["d3", "c4", "d4"]));
        // A ring around the centre's row: removing b3 from a loop keeps it whole.
        let ring = mask(&sq, &["a2", "b2", "c2", "a3", "c3", "a4", "b4", "c4"]);
        let mut with_b3 = ring;
        with_b3.insert(sq.geometry().parse("b3").unwrap() as usize);
        // b3's neighbours a3, c3, b2, b4 are not ring-linked pairwise through corners? They
        // are (a2, c2, a4, c4 all present), so one piece.
        let p = sq.pieces_without(&with_b3, sq.geometry().parse("b3").unwrap());
        assert_eq!(p.len(), 1);
        // A long loop: removing a point with two opposite neighbours needs the flood.
        let p = sq.pieces_without(&ring, sq.geometry().parse("b2").unwrap());
        assert_eq!(p.len(), 1);
        let line = mask(&sq, &["a1", "b1", "c1", "d1", "e1"]);
        let p = sq.pieces_without(&line, sq.geometry().parse("c1").unwrap());
        assert_eq!(p.len(), 2);
        assert_eq!(p.as_slice()[0], mask(&sq, &["a1", "b1"]));
        assert_eq!(p.as_slice()[1], mask(&sq, &["d1", "e1"]));
    }
}
