//! Where the parts of the game screen go: the board at the largest scale the terminal allows,
//! centred in its area, the panels beside it (a column on the right) or below it (three panels
//! side by side), whichever the terminal's shape suggests, and the message and key lines at
//! the bottom.

use super::board::BoardLayout;
use crate::board::Geometry;
use ratatui::layout::Rect;

/// Narrowest panel column beside the board.
pub const PANEL_MIN_WIDTH: u16 = 30;
/// Widest panel column beside the board (the board's area gets the rest).
pub const PANEL_MAX_WIDTH: u16 = 48;
/// Rows the panels beside the board need at least (status, AI and a few history lines).
pub const PANEL_MIN_HEIGHT: u16 = 18;
/// Rows the panels below the board need at least.
pub const BAND_MIN_HEIGHT: u16 = 10;
/// Rows the panels below the board use at most (the board's area gets the rest).
pub const BAND_MAX_HEIGHT: u16 = 14;
/// Columns the panels below the board need at least (three side by side).
pub const BAND_MIN_WIDTH: u16 = 78;
/// Rows of the message (two: a long message wraps) and key lines.
pub const BOTTOM_ROWS: u16 = 3;

/// Where the parts of the game screen go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAreas {
    /// The board's scale (1–3).
    pub scale: u16,
    /// The board picture (exactly its size, centred in the space left by the panels).
    pub board: Rect,
    /// The panels: a column right of the board, or a band below it.
    pub panels: Rect,
    /// Whether the panels are below the board (side by side) rather than beside it.
    pub below: bool,
    /// The message lines (two rows).
    pub message: Rect,
    /// The key line.
    pub keys: Rect,
}

/// The smallest terminal the game screen needs for a board (columns, rows): the board at
/// scale 1 with the panels beside it.
pub fn needed(geo: &'static Geometry) -> (u16, u16) {
    let l = BoardLayout::of(geo);
    (
        l.width() + 2 + PANEL_MIN_WIDTH,
        l.height().max(PANEL_MIN_HEIGHT) + BOTTOM_ROWS,
    )
}

/// Splits the screen, or says which size is needed.
pub fn areas(size: (u16, u16), geo: &'static Geometry) -> Result<GameAreas, (u16, u16)> {
    let (w, h) = size;
    let main_h = h.saturating_sub(BOTTOM_ROWS);
    let bottom = |main: Rect, scale: u16, panels: Rect, below: bool| {
        let l = BoardLayout::scaled(geo, scale);
        let board = Rect::new(
            main.x + (main.width - l.width()) / 2,
            main.y + (main.height - l.height()) / 2,
            l.width(),
            l.height(),
        );
        GameAreas {
            scale,
            board,
            panels,
            below,
            message: Rect::new(0, main_h, w, 2),
            keys: Rect::new(0, h - 1, w, 1),
        }
    };
    for scale in (BoardLayout::MIN_SCALE..=BoardLayout::MAX_SCALE).rev() {
        let l = BoardLayout::scaled(geo, scale);
        let (bw, bh) = (l.width(), l.height());
        let beside = w >= bw + 2 + PANEL_MIN_WIDTH && main_h >= bh.max(PANEL_MIN_HEIGHT);
        let below = w >= (bw + 2).max(BAND_MIN_WIDTH) && main_h >= bh + BAND_MIN_HEIGHT;
        // Both fit: a terminal wider than tall (in pixels: a cell is about twice as tall as
        // wide) keeps the panels beside the board, a taller one puts them below.
        let use_below = below && (!beside || u32::from(w) < 2 * u32::from(h));
        if use_below {
            let band = (main_h - bh).min(BAND_MAX_HEIGHT);
            let main = Rect::new(0, 0, w, main_h - band);
            return Ok(bottom(
                main,
                scale,
                Rect::new(0, main_h - band, w, band),
                true,
            ));
        }
        if beside {
            let pw = (w - bw - 2).min(PANEL_MAX_WIDTH);
            let main = Rect::new(0, 0, w - pw, main_h);
            return Ok(bottom(main, scale, Rect::new(w - pw, 0, pw, main_h), false));
        }
    }
    Err(needed(geo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_grows_with_the_terminal() {
        let keil = Geometry::hex(7);
        assert_eq!(areas((80, 24), keil).unwrap().scale, 1);
        assert_eq!(areas((120, 40), keil).unwrap().scale, 2);
        assert_eq!(areas((200, 60), keil).unwrap().scale, 3);
        let linage = Geometry::square(9);
        assert!(areas((200, 60), linage).unwrap().scale >= 2);
        // A tall terminal puts the panels below.
        let a = areas((90, 70), linage).unwrap();
        assert!(a.below && a.panels.y > a.board.bottom() - 1, "{a:?}");
    }

    #[test]
    fn the_largest_boards_fit_80x24_or_say_what_they_need() {
        let a = areas((80, 24), Geometry::square(19)).unwrap();
        assert_eq!(a.scale, 1);
        let need = areas((80, 24), Geometry::hex(12)).unwrap_err();
        assert_eq!(need, needed(Geometry::hex(12)));
        assert!(areas(need, Geometry::hex(12)).is_ok());
    }

    #[test]
    fn nothing_overlaps_and_everything_is_on_screen() {
        for (w, h) in [
            (80, 24),
            (100, 32),
            (120, 40),
            (200, 60),
            (90, 70),
            (300, 90),
        ] {
            for geo in [Geometry::hex(3), Geometry::hex(7), Geometry::hex(12)]
                .into_iter()
                .chain([5, 9, 19].map(Geometry::square))
            {
                let Ok(a) = areas((w, h), geo) else { continue };
                let screen = Rect::new(0, 0, w, h);
                for r in [a.board, a.panels, a.message, a.keys] {
                    assert_eq!(screen.intersection(r), r, "{w}x{h} {a:?}");
                }
                assert!(!a.board.intersects(a.panels), "{w}x{h} {a:?}");
                assert!(!a.board.intersects(a.message) && !a.panels.intersects(a.message));
            }
        }
    }
}
