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

/// A two-word set as one number (only called when `W == 2`).
#[inline(always)]
fn as_u128<const W: usize>(m: &BitSet<W>) -> u128 {
    m.0[0] as u128 | (m.0[1] as u128) << 64
}

/// The inverse of [`as_u128`].
#[inline(always)]
fn from_u128<const W: usize>(v: u128) -> BitSet<W> {
    let mut r = [0u64; W];
    r[0] = v as u64;
    r[1] = (v >> 64) as u64;
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

/// Whether two sets are equal (word by word: the derived `==` goes through `memcmp`).
#[inline(always)]
pub fn same<const W: usize>(a: &BitSet<W>, b: &BitSet<W>) -> bool {
    let mut diff = 0;
    for i in 0..W {
        diff |= a.0[i] ^ b.0[i];
    }
    diff == 0
}

/// Bits `centre − 1`, `centre`, `centre + 1` of `m` as bits 0, 1, 2 (bits off either end of
/// the set read as 0).
#[inline(always)]
fn bits3<const W: usize>(m: &BitSet<W>, centre: usize) -> u32 {
    if centre == 0 {
        return ((m.0[0] & 0b11) << 1) as u32;
    }
    let lo = centre - 1;
    let (w, b) = (lo / 64, lo % 64);
    if w >= W {
        return 0;
    }
    let mut v = m.0[w] >> b;
    if b > 61 && w + 1 < W {
        v |= m.0[w + 1] << (64 - b);
    }
    (v & 0b111) as u32
}

/// For each pattern of the eight points around a point (bit 0 = N, then clockwise NE, E,
/// SE, S, SW, W, NW), whether the occupied orthogonal neighbours are connected to each other
/// through the ring.
static RING_CONNECTED: [bool; 256] = ring_table();

const fn ring_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut p = 0;
    while p < 256 {
        // Orthogonal i (N, E, S, W) is ring bit 2i; diagonal between i and i+1 is 2i+1.
        let mut orth = 0;
        let mut links = 0;
        let mut i = 0;
        while i < 4 {
            if ring_bit(p, 2 * i) {
                orth += 1;
                if ring_bit(p, 2 * i + 1) && ring_bit(p, (2 * i + 2) % 8) {
                    links += 1;
                }
            }
            i += 1;
        }
        t[p] = orth <= 1 || links == 4 || orth - links <= 1;
        p += 1;
    }
    t
}

const fn ring_bit(pattern: usize, i: usize) -> bool {
    (pattern >> i) & 1 == 1
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

    /// Every point of the board.
    #[inline]
    pub fn all(&self) -> BitSet<W> {
        self.all
    }

    /// `m` grown by one orthogonal step in every direction (`m` included).
    #[inline]
    pub fn dilate(&self, m: &BitSet<W>) -> BitSet<W> {
        let n = self.n as u32;
        if W == 2 {
            // Two words: one 128-bit value, which the compiler shifts in a few instructions.
            let v = as_u128(m);
            let east = (v << 1) & as_u128(&self.not_first_col);
            let west = (v >> 1) & as_u128(&self.not_last_col);
            let north = (v << n) & as_u128(&self.all);
            let south = v >> n;
            return from_u128(v | east | west | north | south);
        }
        let east = shl_small(m, 1) & self.not_first_col;
        let west = shr_small(m, 1) & self.not_last_col;
        let north = shl_small(m, n) & self.all;
        let south = shr_small(m, n);
        *m | east | west | north | south
    }

    /// Everything in `within` connected to `seed` through orthogonal steps inside `within`
    /// (seed points outside `within` are dropped).
    #[inline]
    pub fn flood(&self, seed: BitSet<W>, within: &BitSet<W>) -> BitSet<W> {
        let mut f = seed & *within;
        loop {
            let g = self.dilate(&f) & *within;
            if same(&g, &f) {
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

    /// The bounding box of a non-empty set known to lie inside `outer`: rows from the lowest
    /// and highest points, columns by scanning inwards from `outer`'s sides (cheap when the
    /// box shrank by little, as when one point leaves a set).
    pub fn bbox_within(&self, m: &BitSet<W>, outer: Rect) -> Rect {
        let n = self.n;
        let lo = m.first().expect("bounding box of an empty set");
        let hi = last_bit(m).expect("non-empty");
        let mut x0 = outer.x0 as usize;
        while !m.intersects(&self.column(x0)) {
            x0 += 1;
        }
        let mut x1 = outer.x1 as usize;
        while !m.intersects(&self.column(x1)) {
            x1 -= 1;
        }
        Rect {
            x0: x0 as u8,
            x1: x1 as u8,
            y0: (lo / n) as u8,
            y1: (hi / n) as u8,
        }
    }

    /// The bounding box of `m`, which is a set with bounding box `outer` less the point `c`
    /// (non-empty): only the sides `c` lay on can move in.
    #[inline]
    pub fn bbox_without(&self, m: &BitSet<W>, outer: Rect, c: Cell) -> Rect {
        let n = self.n;
        let (x, y) = self.geo.coords(c);
        let (x, y) = (x as u8, y as u8);
        let mut r = outer;
        if y == r.y0 {
            r.y0 = (m.first().expect("non-empty") / n) as u8;
        }
        if y == r.y1 {
            r.y1 = (last_bit(m).expect("non-empty") / n) as u8;
        }
        if x == r.x0 {
            while !m.intersects(&self.column(r.x0 as usize)) {
                r.x0 += 1;
            }
        }
        if x == r.x1 {
            while !m.intersects(&self.column(r.x1 as usize)) {
                r.x1 -= 1;
            }
        }
        r
    }

    /// Whether a non-empty set lying inside `rect` reaches all four of its sides (that is,
    /// has `rect` as its bounding box).
    #[inline]
    pub fn spans(&self, m: &BitSet<W>, rect: Rect) -> bool {
        let n = self.n;
        m.first().is_some_and(|lo| lo / n == rect.y0 as usize)
            && last_bit(m).is_some_and(|hi| hi / n == rect.y1 as usize)
            && m.intersects(&self.column(rect.x0 as usize))
            && m.intersects(&self.column(rect.x1 as usize))
    }

    /// Whether the points of `m` next to `c` are all connected to each other through the
    /// eight points around `c` (so taking `c` out of a region made of `m ∪ {c}` cannot split
    /// it). Sufficient, not necessary: `false` means "maybe split, flood to find out".
    #[inline]
    pub fn ring_connected(&self, m: &BitSet<W>, c: Cell) -> bool {
        let n = self.n;
        let (x, y) = self.geo.coords(c);
        let c = c as usize;
        // Three bits per row around `c`: bit 0 = column x−1, bit 1 = x, bit 2 = x+1.
        let mut cols = 0b111;
        if x == 0 {
            cols &= 0b110;
        }
        if x == n - 1 {
            cols &= 0b011;
        }
        let south = if y == 0 { 0 } else { bits3(m, c - n) & cols };
        let mid = bits3(m, c) & cols;
        let north = bits3(m, c + n) & cols;
        // Clockwise from north: N, NE, E, SE, S, SW, W, NW.
        let ring = (north >> 1 & 1)
            | (north >> 2 & 1) << 1
            | (mid >> 2 & 1) << 2
            | (south >> 2 & 1) << 3
            | (south >> 1 & 1) << 4
            | (south & 1) << 5
            | (mid & 1) << 6
            | (north & 1) << 7;
        RING_CONNECTED[ring as usize]
    }

    /// The connected pieces of `region \ {c}`, where `region` is connected and contains `c`.
    ///
    /// Unless the ring test settles it, one front grows from each neighbour of `c` at once;
    /// fronts that meet merge, a front that stops growing is a finished piece, and once a
    /// single front is left the rest of the region is its piece. So the work is bounded by
    /// the smaller pieces, not by the region.
    pub fn pieces_without(&self, region: &BitSet<W>, c: Cell) -> Pieces<W> {
        let mut rest = *region;
        rest.remove(c as usize);
        let mut out = Pieces {
            parts: [BitSet::EMPTY; 4],
            len: 0,
        };
        // A connected region holding `c` and something else has a point next to `c`.
        if rest.is_empty() {
            return out;
        }
        if self.ring_connected(&rest, c) {
            out.push(rest);
            return out;
        }
        // Every point of `rest` is connected to some neighbour of `c` (a path to `c` inside
        // the region reaches one first).
        let mut fronts = [BitSet::EMPTY; 4];
        let mut k = 0;
        for &d in self.geo.neighbours(c) {
            if rest.contains(d as usize) {
                fronts[k] = single(d);
                k += 1;
            }
        }
        let mut remaining = rest;
        'grow: while k > 1 {
            let mut i = 0;
            while i < k {
                let grown = self.dilate(&fronts[i]) & remaining;
                if same(&grown, &fronts[i]) {
                    // A finished piece, and the end of every front inside it.
                    out.push(grown);
                    remaining = remaining.and_not(&grown);
                    let mut j = 0;
                    while j < k {
                        if fronts[j].intersects(&grown) {
                            k -= 1;
                            fronts[j] = fronts[k];
                        } else {
                            j += 1;
                        }
                    }
                    continue 'grow;
                }
                fronts[i] = grown;
                i += 1;
            }
            // Merge fronts that met (they lie in one piece).
            let mut i = 0;
            while i < k {
                let mut j = i + 1;
                while j < k {
                    if fronts[i].intersects(&fronts[j]) {
                        let f = fronts[j];
                        fronts[i] |= f;
                        k -= 1;
                        fronts[j] = fronts[k];
                    } else {
                        j += 1;
                    }
                }
                i += 1;
            }
        }
        if k == 1 {
            out.push(remaining);
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
mod tests;
