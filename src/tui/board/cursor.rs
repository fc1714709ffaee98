//! Cursor movement on both board kinds.
//!
//! Square boards move by rows and columns. Hexhex boards move along the row with left/right;
//! up/down go to the neighbouring row at the cell nearest to a remembered screen column, so
//! that going straight up zig-zags around one column instead of drifting; `y u b n` are the
//! four diagonal neighbours.
//!
//! It sits with the board because the board component ([`super::input::BoardInput`]), which
//! the game and puzzle screens share, owns the cursor.

use super::layout::BoardLayout;
use crate::board::{BoardKind, Cell, Geometry};

/// A cursor direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// ←
    Left,
    /// →
    Right,
    /// ↑
    Up,
    /// ↓
    Down,
    /// Hexhex `y`: the neighbour up-left `(r-1, k)`.
    UpLeft,
    /// Hexhex `u`: the neighbour up-right `(r-1, k+1)`.
    UpRight,
    /// Hexhex `b`: the neighbour down-left `(r+1, k-1)`.
    DownLeft,
    /// Hexhex `n`: the neighbour down-right `(r+1, k)`.
    DownRight,
}

/// Where the cursor lands, and the screen column to remember for the next vertical move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The new cell (the old one when the move leaves the board).
    pub cell: Cell,
    /// The column vertical moves aim for.
    pub column: Option<u16>,
}

/// Moves the cursor one step. `column` is the remembered screen column (hexhex up/down).
pub fn step(geo: &'static Geometry, from: Cell, dir: Dir, column: Option<u16>) -> Moved {
    let (a, b) = geo.coords(from);
    let (a, b) = (a as isize, b as isize);
    let stay = Moved { cell: from, column };
    let to = |a: isize, b: isize| {
        geo.at(a, b)
            .map_or(stay, |cell| Moved { cell, column: None })
    };
    match geo.kind() {
        BoardKind::Square => match dir {
            Dir::Left => to(a - 1, b),
            Dir::Right => to(a + 1, b),
            Dir::Up => to(a, b + 1),
            Dir::Down => to(a, b - 1),
            Dir::UpLeft => to(a - 1, b + 1),
            Dir::UpRight => to(a + 1, b + 1),
            Dir::DownLeft => to(a - 1, b - 1),
            Dir::DownRight => to(a + 1, b - 1),
        },
        BoardKind::Hex => match dir {
            Dir::Left => to(a, b - 1),
            Dir::Right => to(a, b + 1),
            Dir::UpLeft => to(a - 1, b),
            Dir::UpRight => to(a - 1, b + 1),
            Dir::DownLeft => to(a + 1, b - 1),
            Dir::DownRight => to(a + 1, b),
            Dir::Up | Dir::Down => {
                let layout = BoardLayout::of(geo);
                let (x, y) = layout.pos(from);
                let want = column.unwrap_or(x);
                let row = if dir == Dir::Up {
                    y.checked_sub(1)
                } else {
                    Some(y + 1)
                };
                match row.and_then(|r| layout.nearest_on_row(r, want)) {
                    Some(cell) => Moved {
                        cell,
                        column: Some(want),
                    },
                    None => stay,
                }
            }
        },
    }
}

/// The cell the cursor starts on: the centre of the board.
pub fn centre(geo: &Geometry) -> Cell {
    let n = geo.size() as isize;
    match geo.kind() {
        BoardKind::Square => geo.at((n - 1) / 2, (n - 1) / 2),
        BoardKind::Hex => geo.at(n - 1, n),
    }
    .expect("the centre is on the board")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(geo: &'static Geometry, start: &str, dirs: &[Dir]) -> String {
        let mut m = Moved {
            cell: geo.parse(start).unwrap(),
            column: None,
        };
        for &d in dirs {
            m = step(geo, m.cell, d, m.column);
        }
        geo.name(m.cell)
    }

    #[test]
    fn square_moves_and_edges() {
        let g = Geometry::square(9);
        assert_eq!(geo_name(g, centre(g)), "e5");
        assert_eq!(walk(g, "e5", &[Dir::Up, Dir::Up, Dir::Right]), "f7");
        assert_eq!(walk(g, "a1", &[Dir::Left, Dir::Down]), "a1");
        assert_eq!(walk(g, "i9", &[Dir::Right, Dir::Up, Dir::Down]), "i8");
    }

    fn geo_name(g: &Geometry, c: Cell) -> String {
        g.name(c)
    }

    #[test]
    fn hex_left_right_follow_the_row() {
        let g = Geometry::hex(7);
        assert_eq!(geo_name(g, centre(g)), "g7");
        assert_eq!(walk(g, "g7", &[Dir::Left, Dir::Left]), "g5");
        assert_eq!(walk(g, "a7", &[Dir::Left]), "a7");
        assert_eq!(walk(g, "a13", &[Dir::Right]), "a13");
    }

    #[test]
    fn hex_up_down_keep_the_column() {
        let g = Geometry::hex(7);
        // Straight up from the centre zig-zags around its column and comes back down to it.
        let up3 = walk(g, "g7", &[Dir::Up, Dir::Up, Dir::Up]);
        let l = BoardLayout::of(g);
        let x0 = l.pos(g.parse("g7").unwrap()).0;
        let x3 = l.pos(g.parse(&up3).unwrap()).0;
        assert!(x0.abs_diff(x3) <= 1, "{up3}");
        assert_eq!(
            walk(g, "g7", &[Dir::Up, Dir::Up, Dir::Down, Dir::Down]),
            "g7"
        );
        assert_eq!(walk(g, "g7", &[Dir::Down, Dir::Up]), "g7");
        // Up from the top row stays; down into a shorter row picks the nearest cell.
        assert_eq!(walk(g, "a10", &[Dir::Up]), "a10");
        assert_eq!(walk(g, "g13", &[Dir::Down]), "h12");
        assert_eq!(walk(g, "g1", &[Dir::Up]), "f2");
    }

    #[test]
    fn hex_diagonals_are_the_neighbours() {
        let g = Geometry::hex(7);
        let c = g.parse("g7").unwrap();
        for (d, expect) in [
            (Dir::UpLeft, "f7"),
            (Dir::UpRight, "f8"),
            (Dir::DownLeft, "h6"),
            (Dir::DownRight, "h7"),
        ] {
            let m = step(g, c, d, None);
            assert_eq!(g.name(m.cell), expect);
            assert!(g.adjacent(c, m.cell));
        }
        assert_eq!(walk(g, "a7", &[Dir::UpLeft]), "a7");
    }
}
