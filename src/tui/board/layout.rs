//! Where every cell and coordinate label of a board goes on the screen, at three scales.
//!
//! At scale `s` (1, 2 or 3) cells are `2s` screen columns apart and rows `s` screen rows apart
//! (hexhex rows are still offset by half a cell, `s` columns). From scale 2 on, the column
//! on each side of a cell belongs to that cell alone (the cursor's brackets go there) and the
//! column half-way between two cells holds Carteso's claim marker; at scale 1 the one column
//! between two cells holds only the claim marker.
//!
//! Square boards: column letters along the top and bottom, row numbers (1 at the bottom) on
//! both sides.
//!
//! Hexhex boards (SPEC §1): cell `(r,k)` at column `s·(2k + r)` (shifted so that the picture
//! starts at column 0), rows top to bottom. Row letters stand in a fixed column at both ends
//! of every row. Each number `k` names a slanting line of cells (`(r,k)` sits half a cell
//! right of `(r-1,k)`) and is written next to both end cells of its line, so that a number
//! always names the cell beside it: above the top row's cells, left of the first cell of the
//! rows along the upper-left edge, below the bottom row's cells, right of the last cell of the
//! rows along the lower-right edge. At scale 1, two-digit numbers above and below the board
//! are written downwards (tens over units) so that neighbouring labels never run together.

use crate::board::{BoardKind, Cell, Geometry};
use std::sync::OnceLock;

/// A coordinate label at a position relative to the board's top-left corner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Column.
    pub x: u16,
    /// Row.
    pub y: u16,
    /// Text (one line).
    pub text: String,
}

/// The screen picture of one board.
#[derive(Debug)]
pub struct BoardLayout {
    #[cfg(test)]
    geometry: &'static Geometry,
    scale: u16,
    width: u16,
    height: u16,
    pos: Vec<(u16, u16)>,
    labels: Vec<Label>,
    /// Per screen row: the cells on it as (column, cell), by column.
    rows: Vec<Vec<(u16, Cell)>>,
}

impl BoardLayout {
    /// The smallest scale.
    pub const MIN_SCALE: u16 = 1;
    /// The largest scale.
    pub const MAX_SCALE: u16 = 3;

    /// The layout of a board at scale 1, computed once per board and kept.
    pub fn of(geometry: &'static Geometry) -> &'static BoardLayout {
        BoardLayout::scaled(geometry, 1)
    }

    /// The layout of a board at a scale (clamped to 1–3), computed once and kept.
    pub fn scaled(geometry: &'static Geometry, scale: u16) -> &'static BoardLayout {
        type Cache = [[OnceLock<BoardLayout>; 20]; 3];
        static SQUARE: Cache = [const { [const { OnceLock::new() }; 20] }; 3];
        static HEX: Cache = [const { [const { OnceLock::new() }; 20] }; 3];
        let scale = scale.clamp(Self::MIN_SCALE, Self::MAX_SCALE);
        let cache = match geometry.kind() {
            BoardKind::Square => &SQUARE,
            BoardKind::Hex => &HEX,
        };
        cache[scale as usize - 1][geometry.size()]
            .get_or_init(|| BoardLayout::build(geometry, scale))
    }

    fn build(geometry: &'static Geometry, scale: u16) -> BoardLayout {
        let s = scale as usize;
        let (width, height, pos, labels) = match geometry.kind() {
            BoardKind::Square => square(geometry, s),
            BoardKind::Hex => hex(geometry, s),
        };
        let mut rows = vec![Vec::new(); height as usize];
        for (c, &(x, y)) in pos.iter().enumerate() {
            rows[y as usize].push((x, c as Cell));
        }
        for r in &mut rows {
            r.sort_unstable();
        }
        BoardLayout {
            #[cfg(test)]
            geometry,
            scale,
            width,
            height,
            pos,
            labels,
            rows,
        }
    }

    /// The scale (1–3).
    pub fn scale(&self) -> u16 {
        self.scale
    }

    /// The board.
    #[cfg(test)]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// Columns the picture needs.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Rows the picture needs.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// Where a cell's glyph goes (column, row).
    pub fn pos(&self, c: Cell) -> (u16, u16) {
        self.pos[c as usize]
    }

    /// The coordinate labels.
    pub fn labels(&self) -> &[Label] {
        &self.labels
    }

    /// The cell whose area holds (x, y): its glyph, and from scale 2 on the columns beside it
    /// and the rows around it (clicks between cells and on labels hit nothing).
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Cell> {
        let s = self.scale;
        // A cell's rows: from (s-1)/2 above its glyph to s/2 below it.
        let (above, below) = ((s - 1) / 2, s / 2);
        (y.saturating_sub(below)..=y + above)
            .filter_map(|glyph_row| {
                let row = self.rows.get(glyph_row as usize)?;
                row.iter()
                    .find(|&&(cx, _)| cx.abs_diff(x) < s)
                    .map(|&(_, c)| c)
            })
            .next()
    }

    /// The cell on screen row `y` nearest to column `x` (ties go to the left); `None` if the
    /// row holds no cells.
    pub fn nearest_on_row(&self, y: u16, x: u16) -> Option<Cell> {
        let row = self.rows.get(y as usize)?;
        row.iter()
            .min_by_key(|&&(cx, _)| (cx.abs_diff(x), cx))
            .map(|&(_, c)| c)
    }
}

type Picture = (u16, u16, Vec<(u16, u16)>, Vec<Label>);

fn label(x: usize, y: usize, text: impl Into<String>) -> Label {
    Label {
        x: x as u16,
        y: y as u16,
        text: text.into(),
    }
}

/// Square board: `NN  a b c …  NN` framed by letters above and below.
fn square(g: &Geometry, s: usize) -> Picture {
    let n = g.size();
    let x_of = |col: usize| 4 + 2 * s * col;
    let y_of = |row: usize| 1 + s * (n - 1 - row);
    let pos = g
        .all_cells()
        .map(|c| {
            let (col, row) = g.coords(c);
            (x_of(col) as u16, y_of(row) as u16)
        })
        .collect();
    let bottom = y_of(0) + 1;
    let right = x_of(n - 1) + s + 2;
    let mut labels = Vec::new();
    for col in 0..n {
        let l = Geometry::letter(col).to_string();
        labels.push(label(x_of(col), 0, l.clone()));
        labels.push(label(x_of(col), bottom, l));
    }
    for row in 0..n {
        labels.push(label(0, y_of(row), format!("{:>2}", row + 1)));
        labels.push(label(right, y_of(row), format!("{}", row + 1)));
    }
    ((right + 2) as u16, (bottom + 1) as u16, pos, labels)
}

/// Hexhex board of side n at scale s: see the module docs.
fn hex(g: &Geometry, s: usize) -> Picture {
    let n = g.size();
    let rows = 2 * n - 1;
    // At scale 1, two-digit numbers (up to 2n-1) above the board take two rows; below, up
    // to n. From scale 2 on they fit side by side.
    let top = if s == 1 && 2 * n > 10 { 2 } else { 1 };
    let bottom = if s == 1 && n >= 10 { 2 } else { 1 };
    // Screen column of "base" column 2k + r (the smallest base on the board is n - 1). The
    // nearest number label sits one column (plus the bracket's at scale 2 and more) left of
    // the first cell of its row; the row letters stand further out, so that "b   7" never
    // reads as one word.
    let sx = |base: usize| s * (base + 1 - n) + 3;
    let sy = |r: usize| top + s * r;
    let pos = g
        .all_cells()
        .map(|c| {
            let (r, k) = g.coords(c);
            (sx(2 * k + r) as u16, sy(r) as u16)
        })
        .collect();
    let mut labels = Vec::new();
    let right = sx(5 * n - 3) + s + 5;
    for r in 0..rows {
        let l = Geometry::letter(r).to_string();
        labels.push(label(0, sy(r), l.clone()));
        labels.push(label(right, sy(r), l));
    }
    // Numbers above the cells of the top row (k = n..2n-1) and below the cells of the bottom
    // row (k = 1..n); at scale 1 two-digit ones are written downwards (tens over units).
    let mut number = |x: usize, y: usize, k: usize, down: bool| {
        if s == 1 && k >= 10 {
            let y = if down { y } else { y - 1 };
            labels.push(label(x, y, (k / 10).to_string()));
            labels.push(label(x, y + 1, (k % 10).to_string()));
        } else {
            labels.push(label(x, y, k.to_string()));
        }
    };
    for k in n..=2 * n - 1 {
        number(sx(2 * k), top - 1, k, false);
    }
    let below = sy(rows - 1) + 1;
    for k in 1..=n {
        number(sx(2 * k + 2 * n - 2), below, k, true);
    }
    // Left of the first cell of the rows along the upper-left edge (k = n-1 down to 1, right
    // aligned) and right of the last cell of the rows along the lower-right edge (k = 2n-1
    // down to n+1): each label names the cell beside it.
    for k in 1..n {
        let r = n - k;
        let text = k.to_string();
        let end = sx(2 * k + r) - 1 - s;
        labels.push(label(end + 1 - text.len(), sy(r), text));
    }
    for k in n + 1..=2 * n - 1 {
        let r = 3 * n - 2 - k;
        labels.push(label(sx(2 * k + r) + 1 + s, sy(r), k.to_string()));
    }
    ((right + 1) as u16, (below + bottom) as u16, pos, labels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(l: &BoardLayout) -> Vec<String> {
        let mut grid = vec![vec![' '; l.width() as usize]; l.height() as usize];
        for c in l.geometry().all_cells() {
            let (x, y) = l.pos(c);
            assert_eq!(grid[y as usize][x as usize], ' ', "two things at {x},{y}");
            grid[y as usize][x as usize] = '.';
        }
        for lab in l.labels() {
            for (i, ch) in lab.text.chars().enumerate() {
                let (x, y) = (lab.x as usize + i, lab.y as usize);
                assert_eq!(grid[y][x], ' ', "label {lab:?} overlaps at {x},{y}");
                grid[y][x] = ch;
            }
        }
        grid.into_iter()
            .map(|r| r.into_iter().collect::<String>().trim_end().to_string())
            .collect()
    }

    #[test]
    fn hex_side_3_picture() {
        let l = BoardLayout::of(Geometry::hex(3));
        let expected = [
            "       3 4 5",
            "a      . . .       a",
            "b   2 . . . .      b",
            "c  1 . . . . . 5   c",
            "d     . . . . 4    d",
            "e      . . .       e",
            "       1 2 3",
        ];
        assert_eq!(picture(l), expected);
    }

    #[test]
    fn square_5_picture() {
        let l = BoardLayout::of(Geometry::square(5));
        let expected = [
            "    a b c d e",
            " 5  . . . . .  5",
            " 4  . . . . .  4",
            " 3  . . . . .  3",
            " 2  . . . . .  2",
            " 1  . . . . .  1",
            "    a b c d e",
        ];
        assert_eq!(picture(l), expected);
    }

    #[test]
    fn every_size_has_room_for_brackets_and_no_overlaps() {
        for n in 3..=12 {
            let g = Geometry::hex(n);
            let l = BoardLayout::of(g);
            let p = picture(l); // asserts no overlaps
            for c in g.all_cells() {
                let (x, y) = l.pos(c);
                let row: Vec<char> = p[y as usize].chars().collect();
                // The gaps on both sides are free for the cursor brackets.
                assert!(x >= 1 && row.get(x as usize - 1).is_none_or(|&ch| ch == ' '));
                assert!(row.get(x as usize + 1).is_none_or(|&ch| ch == ' '));
                assert_eq!(l.cell_at(x, y), Some(c));
                // SPEC §1: x = 2k + r, up to a shift that is the same for the whole board.
                let (r, k) = g.coords(c);
                assert_eq!(x as usize + n - 4, 2 * k + r);
            }
        }
        for n in 5..=19 {
            let g = Geometry::square(n);
            let l = BoardLayout::of(g);
            picture(l);
            assert_eq!(l.cell_at(4, 1), g.parse(&format!("a{n}")));
        }
    }

    #[test]
    fn largest_boards_fit_their_budget() {
        let h = BoardLayout::of(Geometry::hex(12));
        assert!(
            h.width() <= 60 && h.height() <= 30,
            "{}x{}",
            h.width(),
            h.height()
        );
        let s = BoardLayout::of(Geometry::square(19));
        assert!(s.width() <= 60 && s.height() <= 30);
        let d = BoardLayout::of(Geometry::hex(8));
        assert!(
            d.width() <= 44 && d.height() <= 20,
            "{}x{}",
            d.width(),
            d.height()
        );
    }

    #[test]
    fn hits_and_nearest() {
        let l = BoardLayout::of(Geometry::hex(3));
        let g = l.geometry();
        let (x, y) = l.pos(g.parse("c3").unwrap());
        assert_eq!(l.cell_at(x + 1, y), None);
        assert_eq!(l.nearest_on_row(y, x + 1), g.parse("c3"));
        assert_eq!(l.nearest_on_row(y, 0), g.parse("c1"));
        assert_eq!(l.nearest_on_row(0, 5), None);
    }
}
