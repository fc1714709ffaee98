//! Where the parts of the game screen go: the board at the largest scale the terminal allows,
//! centred in its area, the panels beside it (a column on the right) or below it (three panels
//! side by side), whichever the terminal's shape suggests, and the message and key lines at
//! the bottom. Under review, the win-rate graph gets its own area under the board when the
//! board at its scale leaves room for it.
//!
//! The puzzle screen lays out its board and panel the same way, and the board component draws
//! in the board's area ([`crate::tui::board::input::draw`]).

use crate::board::Geometry;
use crate::tui::board::layout::BoardLayout;
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
/// Rows the win-rate graph under the board needs at least (title, line, marks, turns).
pub const GRAPH_MIN_HEIGHT: u16 = 9;
/// Columns the win-rate graph under the board needs at least.
pub const GRAPH_MIN_WIDTH: u16 = 40;

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
    /// The review's win-rate graph, when it has its own area (under the board).
    pub graph: Option<Rect>,
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
    let bottom = |main: Rect, scale: u16, panels: Rect, below: bool| GameAreas {
        scale,
        board: centred(main, BoardLayout::scaled(geo, scale)),
        panels,
        below,
        graph: None,
        message: Rect::new(0, main_h, w, 2),
        keys: Rect::new(0, h - 1, w, 1),
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

/// Splits the screen as [`areas`] does and, when `graph` asks for it, gives the win-rate
/// graph an area under the board: the rows the board at its scale leaves (half the board's
/// area at most) across the board's column, the panels narrowed (not below their least
/// width) when that column is narrower than the graph needs. Without room the graph has no
/// area of its own (it goes in the Review panel).
pub fn areas_for(
    size: (u16, u16),
    geo: &'static Geometry,
    graph: bool,
) -> Result<GameAreas, (u16, u16)> {
    let a = areas(size, geo)?;
    Ok(if graph {
        with_graph(a, size, geo).unwrap_or(a)
    } else {
        a
    })
}

fn with_graph(a: GameAreas, (w, h): (u16, u16), geo: &'static Geometry) -> Option<GameAreas> {
    let l = BoardLayout::scaled(geo, a.scale);
    let main_h = h - BOTTOM_ROWS;
    let (main, panels) = if a.below {
        (Rect::new(0, 0, w, a.panels.y), a.panels)
    } else {
        let pw = a
            .panels
            .width
            .min(w.saturating_sub(GRAPH_MIN_WIDTH.max(l.width() + 2)));
        if pw < PANEL_MIN_WIDTH {
            return None;
        }
        (
            Rect::new(0, 0, w - pw, main_h),
            Rect::new(w - pw, 0, pw, main_h),
        )
    };
    let spare = main.height.checked_sub(l.height())?;
    if spare < GRAPH_MIN_HEIGHT || main.width < GRAPH_MIN_WIDTH {
        return None;
    }
    let graph_h = spare.min((main.height / 2).max(GRAPH_MIN_HEIGHT));
    let above = Rect::new(main.x, main.y, main.width, main.height - graph_h);
    Some(GameAreas {
        board: centred(above, l),
        panels,
        graph: Some(Rect::new(main.x, above.bottom(), main.width, graph_h)),
        ..a
    })
}

/// The board's picture centred in `area` (which holds it).
fn centred(area: Rect, l: &BoardLayout) -> Rect {
    Rect::new(
        area.x + (area.width - l.width()) / 2,
        area.y + (area.height - l.height()) / 2,
        l.width(),
        l.height(),
    )
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

    #[test]
    fn the_review_graph_takes_the_room_under_the_board_of_a_large_terminal() {
        // 200x60, a 5x5 board: the board keeps its largest scale and the graph spans the
        // board's column, half its height.
        for geo in [Geometry::square(5), Geometry::hex(5)] {
            let plain = areas((200, 60), geo).unwrap();
            let a = areas_for((200, 60), geo, true).unwrap();
            let g = a.graph.expect("room for the graph");
            assert_eq!(a.scale, plain.scale);
            assert_eq!(a.panels, plain.panels);
            assert!(g.width >= 150 && g.height >= 25, "{a:?}");
            assert!(g.y >= a.board.bottom(), "{a:?}");
        }
        // 80x24, a 9x9 board: no room under the board; the graph stays in the Review panel.
        assert_eq!(
            areas_for((80, 24), Geometry::square(9), true)
                .unwrap()
                .graph,
            None
        );
        // Without a review nothing changes.
        let geo = Geometry::square(9);
        assert_eq!(areas_for((200, 60), geo, false), areas((200, 60), geo));
    }

    #[test]
    fn the_review_graph_overlaps_nothing() {
        for (w, h) in [
            (80, 24),
            (100, 32),
            (120, 40),
            (160, 48),
            (200, 60),
            (90, 70),
        ] {
            for geo in [3, 5, 7, 12]
                .map(Geometry::hex)
                .into_iter()
                .chain([5, 6, 9, 13, 19].map(Geometry::square))
            {
                let Ok(a) = areas_for((w, h), geo, true) else {
                    continue;
                };
                let Some(g) = a.graph else { continue };
                let screen = Rect::new(0, 0, w, h);
                assert_eq!(screen.intersection(g), g, "{w}x{h} {a:?}");
                for r in [a.board, a.panels, a.message, a.keys] {
                    assert!(!g.intersects(r), "{w}x{h} {a:?}");
                }
                assert!(!a.board.intersects(a.panels), "{w}x{h} {a:?}");
                assert!(g.height >= GRAPH_MIN_HEIGHT && g.width >= GRAPH_MIN_WIDTH);
                assert!(
                    a.below || a.panels.width >= PANEL_MIN_WIDTH,
                    "{w}x{h} {a:?}"
                );
                assert_eq!(a.scale, areas((w, h), geo).unwrap().scale);
            }
        }
    }
}
