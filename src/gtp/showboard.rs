//! `showboard`: an ASCII picture of the position, as SPEC §1 draws the boards.
//!
//! Square boards: column letters above and below, row numbers (1 at the bottom) on both sides.
//! Hexhex boards: the offset picture (cell `(r,k)` at screen column `2k + r`), each row framed by
//! the names of its first and last cells (`c1 . . . . . c5`), so every cell can be read off.
//! Stones: `X` black, `O` white, `#` neutral (Linage), `.` empty. Below the board: the side to
//! move and the turn (or the result), then the game's status facts. No line is empty, as a GTP
//! response requires.

use crate::board::{BoardKind, Geometry};
use crate::games::{Describe, Game, Stone};
use crate::session::Session;

/// The picture, one line per entry of the returned text (joined by `\n`, no empty line).
pub fn render(session: &Session) -> String {
    let game = session.game();
    let geo = game.geometry();
    let symbol = |c| match game.stone_at(c) {
        None => '.',
        Some(Stone::Black) => 'X',
        Some(Stone::White) => 'O',
        Some(Stone::Neutral) => '#',
    };
    let mut lines = match geo.kind() {
        BoardKind::Square => square(geo, &symbol),
        BoardKind::Hex => hexhex(geo, &symbol),
    };
    match game.result_text() {
        Some(result) => lines.push(format!("game over: {result}")),
        None => lines.push(format!(
            "{} to move, turn {}",
            game.side_name(game.to_move()),
            game.turns_completed() + 1
        )),
    }
    for (label, value) in game.status() {
        lines.push(format!("{label}: {value}"));
    }
    lines.join("\n")
}

fn square(geo: &Geometry, symbol: &dyn Fn(u16) -> char) -> Vec<String> {
    let n = geo.size();
    let letters: String = (0..n)
        .map(|x| format!(" {}", Geometry::letter(x)))
        .collect();
    let mut lines = vec![format!("  {letters}")];
    for y in (0..n).rev() {
        let row: String = (0..n)
            .map(|x| format!(" {}", symbol(geo.at(x as isize, y as isize).unwrap())))
            .collect();
        lines.push(format!("{:>2}{row} {}", y + 1, y + 1));
    }
    lines.push(format!("  {letters}"));
    lines
}

fn hexhex(geo: &Geometry, symbol: &dyn Fn(u16) -> char) -> Vec<String> {
    let n = geo.size();
    let mut rows: Vec<Vec<u16>> = vec![Vec::new(); geo.rows()];
    for c in geo.all_cells() {
        rows[geo.coords(c).0].push(c);
    }
    // The middle row starts furthest left: its first cell (n-1, 1) sits at column n + 1.
    let leftmost = n + 1;
    rows.iter()
        .map(|cells| {
            let (first, last) = (cells[0], *cells.last().unwrap());
            let indent = geo.screen_column(first) - leftmost;
            let stones: Vec<String> = cells.iter().map(|&c| symbol(c).to_string()).collect();
            format!(
                "{}{:>3} {} {}",
                " ".repeat(indent),
                geo.name(first),
                stones.join(" "),
                geo.name(last)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexhex_rows_are_offset_half_a_cell() {
        let geo = Geometry::hex(3);
        let lines = hexhex(geo, &|_| '.');
        let expected = [
            "   a3 . . . a5",
            "  b2 . . . . b5",
            " c1 . . . . . c5",
            "  d1 . . . . d4",
            "   e1 . . . e3",
        ];
        assert_eq!(lines, expected);
        // Every cell sits at its screen column 2k + r (shifted so the picture starts at 0).
        let geo = Geometry::hex(12);
        let lines = hexhex(geo, &|_| 'o');
        for c in geo.all_cells() {
            let (r, _) = geo.coords(c);
            let first = geo.all_cells().find(|&d| geo.coords(d).0 == r).unwrap();
            let offset = (c - first) as usize;
            let column = geo.screen_column(c) - 13 + 4; // label field of 3 plus a space
            assert_eq!(lines[r].as_bytes()[column], b'o', "{}", geo.name(c));
            assert_eq!(column, geo.screen_column(first) - 13 + 4 + 2 * offset);
        }
    }

    #[test]
    fn square_rows_run_from_the_top() {
        let geo = Geometry::square(5);
        let lines = square(geo, &|c| if c == 0 { 'X' } else { '.' });
        let expected = [
            "   a b c d e",
            " 5 . . . . . 5",
            " 4 . . . . . 4",
            " 3 . . . . . 3",
            " 2 . . . . . 2",
            " 1 X . . . . 1",
            "   a b c d e",
        ];
        assert_eq!(lines, expected);
    }
}
