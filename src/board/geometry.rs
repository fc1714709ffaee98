//! Square and hexhex board geometry (SPEC §1).

use super::{Cell, Mask};
use std::sync::OnceLock;

/// The largest number of cells of any supported board (hexhex side 12: 397).
pub const MAX_CELLS: usize = 397;

/// Smallest and largest sizes.
const SQUARE_SIZES: std::ops::RangeInclusive<usize> = 5..=19;
const HEX_SIDES: std::ops::RangeInclusive<usize> = 3..=12;

/// The two board shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// N×N points, orthogonal neighbours (Carteso, Linage).
    Square,
    /// A hexagon of hexagons of side n (Keil, Iris, Wunchunk).
    Hex,
}

impl BoardKind {
    /// A board of this kind and size as people name it: `9x9`, `side 7`.
    pub fn size_label(self, size: usize) -> String {
        match self {
            BoardKind::Square => format!("{size}x{size}"),
            BoardKind::Hex => format!("side {size}"),
        }
    }
}

/// The fixed facts of one board: cells, coordinates, notation and neighbours.
#[derive(Debug)]
pub struct Geometry {
    kind: BoardKind,
    size: usize,
    /// Per cell: square `(column, row)` with row 0 at the bottom; hexhex `(r, k)` with `r`
    /// the 0-based row from the top and `k` the 1-based number of SPEC §1.
    coords: Vec<(u8, u8)>,
    /// Per cell: up to six neighbours (unused slots are `u16::MAX`).
    neighbours: Vec<[Cell; 6]>,
    degree: Vec<u8>,
    /// `(row, number)` → cell, row-major over a `rows × (max number + 1)` grid.
    lookup: Vec<Cell>,
    lookup_width: usize,
    all: Mask,
}

const NONE: Cell = Cell::MAX;

fn interned(
    cache: &'static [OnceLock<Geometry>; 20],
    n: usize,
    make: fn(usize) -> Geometry,
) -> &'static Geometry {
    cache[n].get_or_init(|| make(n))
}

impl Geometry {
    /// The square board of `n`×`n` points (5 ≤ n ≤ 19).
    ///
    /// # Panics
    /// When `n` is out of range; check with [`Geometry::size_allowed`] first.
    pub fn square(n: usize) -> &'static Geometry {
        static CACHE: [OnceLock<Geometry>; 20] = [const { OnceLock::new() }; 20];
        assert!(
            SQUARE_SIZES.contains(&n),
            "square size {n} out of range 5..=19"
        );
        interned(&CACHE, n, Geometry::build_square)
    }

    /// The hexhex board of side `n` (3 ≤ n ≤ 12).
    ///
    /// # Panics
    /// When `n` is out of range; check with [`Geometry::size_allowed`] first.
    pub fn hex(n: usize) -> &'static Geometry {
        static CACHE: [OnceLock<Geometry>; 20] = [const { OnceLock::new() }; 20];
        assert!(
            HEX_SIDES.contains(&n),
            "hexhex side {n} out of range 3..=12"
        );
        interned(&CACHE, n, Geometry::build_hex)
    }

    /// The board of a kind and size, if the size is allowed.
    pub fn of(kind: BoardKind, n: usize) -> Option<&'static Geometry> {
        Self::size_allowed(kind, n).then(|| match kind {
            BoardKind::Square => Self::square(n),
            BoardKind::Hex => Self::hex(n),
        })
    }

    /// Whether `n` is a supported size for `kind`.
    pub fn size_allowed(kind: BoardKind, n: usize) -> bool {
        match kind {
            BoardKind::Square => SQUARE_SIZES.contains(&n),
            BoardKind::Hex => HEX_SIDES.contains(&n),
        }
    }

    fn build_square(n: usize) -> Geometry {
        let mut coords = Vec::with_capacity(n * n);
        for y in 0..n {
            for x in 0..n {
                coords.push((x as u8, y as u8));
            }
        }
        let lookup: Vec<Cell> = (0..n * n).map(|i| i as Cell).collect();
        let mut neighbours = vec![[NONE; 6]; n * n];
        let mut degree = vec![0u8; n * n];
        for (i, &(x, y)) in coords.iter().enumerate() {
            let (x, y) = (x as isize, y as isize);
            for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
                let (nx, ny) = (x + dx, y + dy);
                if nx >= 0 && ny >= 0 && (nx as usize) < n && (ny as usize) < n {
                    neighbours[i][degree[i] as usize] = (ny as usize * n + nx as usize) as Cell;
                    degree[i] += 1;
                }
            }
        }
        Geometry {
            kind: BoardKind::Square,
            size: n,
            coords,
            neighbours,
            degree,
            lookup,
            lookup_width: n,
            all: Mask::first_n(n * n),
        }
    }

    fn build_hex(n: usize) -> Geometry {
        let rows = 2 * n - 1;
        let width = 2 * n; // numbers 1..=2n-1, index 0 unused
        let mut coords = Vec::new();
        let mut lookup = vec![NONE; rows * width];
        for r in 0..rows {
            for k in Self::hex_row_range(n, r) {
                lookup[r * width + k] = coords.len() as Cell;
                coords.push((r as u8, k as u8));
            }
        }
        let cells = coords.len();
        let mut neighbours = vec![[NONE; 6]; cells];
        let mut degree = vec![0u8; cells];
        for (i, &(r, k)) in coords.iter().enumerate() {
            let (r, k) = (r as isize, k as isize);
            // Board order: the row above first, then this row, then the row below.
            for (dr, dk) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
                let (nr, nk) = (r + dr, k + dk);
                if nr < 0 || nr as usize >= rows || nk < 1 {
                    continue;
                }
                if !Self::hex_row_range(n, nr as usize).contains(&(nk as usize)) {
                    continue;
                }
                neighbours[i][degree[i] as usize] = lookup[nr as usize * width + nk as usize];
                degree[i] += 1;
            }
        }
        Geometry {
            kind: BoardKind::Hex,
            size: n,
            coords,
            neighbours,
            degree,
            lookup,
            lookup_width: width,
            all: Mask::first_n(cells),
        }
    }

    /// The numbers present in hexhex row `r` of side `n`.
    fn hex_row_range(n: usize, r: usize) -> std::ops::RangeInclusive<usize> {
        let lo = if r < n { n - r } else { 1 };
        let hi = (2 * n - 1).min(3 * n - 2 - r);
        lo..=hi
    }

    /// Square or hexhex.
    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// Side length (square: points per row; hexhex: cells per side).
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.coords.len()
    }

    /// Every cell, in board order.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        0..self.cells() as Cell
    }

    /// The mask of every cell.
    #[inline]
    pub(crate) fn all(&self) -> Mask {
        self.all
    }

    /// Number of rows (square `n`, hexhex `2n-1`).
    pub fn rows(&self) -> usize {
        match self.kind {
            BoardKind::Square => self.size,
            BoardKind::Hex => 2 * self.size - 1,
        }
    }

    /// The neighbours of `c`, in board order.
    #[inline]
    pub fn neighbours(&self, c: Cell) -> &[Cell] {
        let c = c as usize;
        &self.neighbours[c][..self.degree[c] as usize]
    }

    /// Whether `a` and `b` are neighbours.
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.neighbours(a).contains(&b)
    }

    /// Raw coordinates: square `(column, row)` 0-based with row 0 at the bottom; hexhex `(r, k)`
    /// with `r` the 0-based row from the top and `k` the 1-based number.
    #[inline]
    pub fn coords(&self, c: Cell) -> (usize, usize) {
        let (a, b) = self.coords[c as usize];
        (a as usize, b as usize)
    }

    /// The cell at raw coordinates (see [`Geometry::coords`]), if it is on the board.
    pub fn at(&self, a: isize, b: isize) -> Option<Cell> {
        if a < 0 || b < 0 {
            return None;
        }
        let (a, b) = (a as usize, b as usize);
        match self.kind {
            BoardKind::Square => {
                (a < self.size && b < self.size).then(|| (b * self.size + a) as Cell)
            }
            BoardKind::Hex => {
                if a >= self.rows() || b >= self.lookup_width {
                    return None;
                }
                let c = self.lookup[a * self.lookup_width + b];
                (c != NONE).then_some(c)
            }
        }
    }

    /// The cell's name in our notation: `c5` (square: column letter, row number from the
    /// bottom), `h11` (hexhex: row letter from the top, number).
    pub fn name(&self, c: Cell) -> String {
        let (a, b) = self.coords(c);
        match self.kind {
            BoardKind::Square => format!("{}{}", (b'a' + a as u8) as char, b + 1),
            BoardKind::Hex => format!("{}{}", (b'a' + a as u8) as char, b),
        }
    }

    /// Parses a cell name (case-insensitive). `None` when malformed or off the board.
    pub fn parse(&self, s: &str) -> Option<Cell> {
        let s = s.trim();
        let mut chars = s.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let number: isize = digits.parse().ok()?;
        let l = (letter as u8 - b'a') as isize;
        match self.kind {
            BoardKind::Square => self.at(l, number - 1),
            BoardKind::Hex => self.at(l, number),
        }
    }

    /// The letter of a row (hexhex) or column (square), `0` → `a`.
    pub fn letter(i: usize) -> char {
        (b'a' + i as u8) as char
    }

    /// Screen column of a hexhex cell in the offset picture of SPEC §1: `x = 2k + r`.
    /// On square boards: `2 * column`.
    pub fn screen_column(&self, c: Cell) -> usize {
        let (a, b) = self.coords(c);
        match self.kind {
            BoardKind::Square => 2 * a,
            BoardKind::Hex => 2 * b + a,
        }
    }

    /// The point reflection of a cell through the centre: hexhex `(r,k) ↔ (2n-2-r, 2n-k)`;
    /// square `(x,y) ↔ (n-1-x, n-1-y)`. On hexhex boards this is the Iris partner map.
    pub fn reflect(&self, c: Cell) -> Cell {
        let (a, b) = self.coords(c);
        let n = self.size;
        let r = match self.kind {
            BoardKind::Square => self.at((n - 1 - a) as isize, (n - 1 - b) as isize),
            BoardKind::Hex => self.at((2 * n - 2 - a) as isize, (2 * n - b) as isize),
        };
        r.expect("point reflection stays on the board")
    }

    /// Whether the cell is on the edge of the board (fewer than the full set of neighbours).
    pub fn is_edge(&self, c: Cell) -> bool {
        let full = match self.kind {
            BoardKind::Square => 4,
            BoardKind::Hex => 6,
        };
        (self.degree[c as usize] as usize) < full
    }

    /// The six corners of a hexhex board in the order of SPEC §1 (`a{n}`, `a{2n-1}`, `{mid}1`,
    /// `{mid}{2n-1}`, `{last}1`, `{last}{n}`); the four corners of a square board.
    pub fn corners(&self) -> Vec<Cell> {
        let n = self.size as isize;
        let pts: Vec<(isize, isize)> = match self.kind {
            BoardKind::Square => vec![(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)],
            BoardKind::Hex => vec![
                (0, n),
                (0, 2 * n - 1),
                (n - 1, 1),
                (n - 1, 2 * n - 1),
                (2 * n - 2, 1),
                (2 * n - 2, n),
            ],
        };
        pts.into_iter()
            .map(|(a, b)| self.at(a, b).expect("corner on board"))
            .collect()
    }

    /// The edge cells of a hexhex board in ring order: from the top-left corner `a{n}`
    /// clockwise (along row `a`, down the right side, back along the bottom row, up the left
    /// side). `6(n-1)` cells. Empty for square boards.
    pub fn ring(&self) -> Vec<Cell> {
        if self.kind != BoardKind::Hex {
            return Vec::new();
        }
        let n = self.size as isize;
        let last = 2 * n - 2;
        let mut ring = Vec::new();
        // Top row, left to right (excluding the top-right corner).
        for k in n..2 * n - 1 {
            ring.push((0, k));
        }
        // Upper right edge down to the middle row (excluding the middle-right corner).
        for r in 0..n - 1 {
            ring.push((r, 2 * n - 1));
        }
        // Lower right edge down to the bottom row (excluding the bottom-right corner).
        for r in n - 1..last {
            ring.push((r, 3 * n - 2 - r));
        }
        // Bottom row, right to left (excluding the bottom-left corner).
        for k in (2..=n).rev() {
            ring.push((last, k));
        }
        // Lower left edge up to the middle row (excluding the middle-left corner).
        for r in (n..=last).rev() {
            ring.push((r, 1));
        }
        // Upper left edge up to the top row (excluding the top-left corner).
        for r in (1..n).rev() {
            ring.push((r, n - r));
        }
        ring.into_iter()
            .map(|(a, b)| self.at(a, b).expect("ring cell on board"))
            .collect()
    }
}

#[cfg(test)]
mod tests;
