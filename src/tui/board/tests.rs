//! Drawing tests of the board widget on hand-made views (the per-game snapshots are in
//! `src/tui/tests/snapshots.rs`).

use super::*;
use crate::board::Geometry;
use crate::games::{Mark, Side, Stone};
use crate::theme::Theme;
use crate::tui::testing::buffer_text;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

fn draw(view: &BoardView, theme: &Theme, ascii: bool) -> Buffer {
    draw_at(view, theme, ascii, 1)
}

fn draw_at(view: &BoardView, theme: &Theme, ascii: bool, scale: u16) -> Buffer {
    let l = BoardLayout::scaled(view.geometry, scale);
    let mut buf = Buffer::empty(Rect::new(0, 0, l.width(), l.height()));
    BoardWidget {
        view,
        theme,
        glyphs: Glyphs::for_mode(ascii),
        scale,
    }
    .render(buf.area, &mut buf);
    buf
}

fn cell(g: &Geometry, name: &str) -> usize {
    g.parse(name).unwrap() as usize
}

/// A hex board with one of every decoration.
fn decorated_hex() -> BoardView {
    let g = Geometry::hex(4);
    let mut v = BoardView::empty(g, ['b', 'w']);
    v.cells[cell(g, "d4")].stone = Some(Stone::Black);
    v.cells[cell(g, "d5")].stone = Some(Stone::White);
    v.cells[cell(g, "d5")].last = true;
    v.cells[cell(g, "d6")].stone = Some(Stone::White);
    v.cells[cell(g, "d6")].last = true;
    v.cells[cell(g, "c3")].legal = true;
    v.cells[cell(g, "a4")].pair = Some(0);
    v.cells[cell(g, "g4")].pair = Some(0);
    v.cells[cell(g, "a5")].pair = Some(1);
    v.cells[cell(g, "e2")].mark = Some(Mark::Owned(Side::First));
    v.cells[cell(g, "e3")].mark = Some(Mark::Free);
    v.cells[cell(g, "e4")].mark = Some(Mark::Neutral);
    v.cursor = Some(cell(g, "b3") as u16);
    v
}

#[test]
fn hex_decorations_unicode() {
    let v = decorated_hex();
    insta::assert_snapshot!(buffer_text(&draw(&v, &Theme::default(), false)));
}

#[test]
fn hex_decorations_ascii_mono() {
    let v = decorated_hex();
    let t = Theme::built_in("mono").unwrap();
    insta::assert_snapshot!(buffer_text(&draw(&v, &t, true)));
}

#[test]
fn square_claims_cursor_and_last() {
    let g = Geometry::square(5);
    let mut v = BoardView::empty(g, ['v', 'h']);
    for (name, stone, claim) in [
        ("b2", Stone::Black, Some(Side::First)),
        ("b3", Stone::Black, Some(Side::First)),
        ("d4", Stone::White, Some(Side::Second)),
        ("e4", Stone::White, Some(Side::Second)),
        ("c1", Stone::Neutral, None),
    ] {
        let c = cell(g, name);
        v.cells[c].stone = Some(stone);
        v.cells[c].claim = claim;
    }
    v.cells[cell(g, "c1")].last = true;
    v.cursor = Some(cell(g, "e4") as u16);
    insta::assert_snapshot!(buffer_text(&draw(&v, &Theme::default(), false)));
}

#[test]
fn the_cursor_and_the_last_turn_show_without_colour() {
    let g = Geometry::square(5);
    let mut v = BoardView::empty(g, ['v', 'h']);
    v.cursor = Some(cell(g, "c3") as u16);
    let d3 = cell(g, "d3");
    v.cells[d3].stone = Some(Stone::Black);
    v.cells[d3].last = true;
    for theme in Theme::built_in_names() {
        let t = Theme::built_in(theme).unwrap().without_colour();
        for scale in 1..=3 {
            let buf = draw_at(&v, &t, true, scale);
            let l = BoardLayout::scaled(g, scale);
            let (x, y) = l.pos(cell(g, "c3") as u16);
            assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED), "{theme}");
            let (lx, ly) = l.pos(d3 as u16);
            assert_eq!(buf[(lx, ly)].symbol(), "x", "the last stone's own glyph");
            if scale >= 2 {
                assert_eq!(buf[(x - 1, y)].symbol(), "[");
                assert_eq!(buf[(x + 1, y)].symbol(), "]");
                assert_eq!(buf[(lx - 1, ly)].symbol(), "(");
                assert_eq!(buf[(lx + 1, ly)].symbol(), ")");
            }
        }
    }
}

/// Issue 44 item 9: the cursor is never a background tint alone. In every built-in theme,
/// with and without colour, in Unicode and ASCII, at every scale, on both kinds of board: the
/// cell is in the cursor's own colours (glyph and background, which differ) or in reverse
/// video, with brackets on both sides where the columns are free.
#[test]
fn the_cursor_shows_by_shape_in_every_theme_and_scale() {
    for g in [Geometry::square(5), Geometry::hex(4)] {
        let letters = ['v', 'h'];
        for stone in [None, Some(Stone::Black), Some(Stone::White)] {
            let mut v = BoardView::empty(g, letters);
            let c = g.all_cells().nth(g.all_cells().count() / 2).unwrap();
            v.cells[c as usize].stone = stone;
            v.cursor = Some(c);
            for name in Theme::built_in_names() {
                let coloured = Theme::built_in(name).unwrap();
                for t in [coloured.clone(), coloured.without_colour()] {
                    for ascii in [false, true] {
                        for scale in 1..=3 {
                            let buf = draw_at(&v, &t, ascii, scale);
                            let (x, y) = BoardLayout::scaled(g, scale).pos(c);
                            let what = format!("{name} {ascii} scale {scale} {stone:?}");
                            let cell = &buf[(x, y)];
                            let reversed = cell.modifier.contains(Modifier::REVERSED);
                            let own_colours = t.cursor.bg.is_some()
                                && cell.bg == t.cursor.bg.unwrap()
                                && Some(cell.fg) == t.cursor.fg
                                && cell.fg != cell.bg;
                            assert!(reversed || own_colours, "{what}: {cell:?}");
                            assert_eq!(buf[(x - 1, y)].symbol(), "[", "{what}");
                            assert_eq!(buf[(x + 1, y)].symbol(), "]", "{what}");
                        }
                    }
                }
            }
        }
    }
    // At scale 1 a claim mark in the column beside the cursor stays; the free side gets its
    // bracket.
    let g = Geometry::square(5);
    let mut v = BoardView::empty(g, ['v', 'h']);
    let b3 = cell(g, "b3");
    v.cells[b3].stone = Some(Stone::White);
    v.cells[b3].claim = Some(Side::Second);
    v.cursor = Some(cell(g, "c3") as u16);
    let buf = draw(&v, &Theme::default(), false);
    let (x, y) = BoardLayout::of(g).pos(cell(g, "c3") as u16);
    assert_eq!(buf[(x - 1, y)].symbol(), "-");
    assert_eq!(buf[(x + 1, y)].symbol(), "]");
}

/// Item 3 of issue 13: on neighbouring cells the cursor, the last turn and Carteso's claims
/// never share a screen column, at any scale.
#[test]
fn marks_of_neighbouring_cells_never_share_a_column() {
    let g = Geometry::square(5);
    for scale in 1..=3 {
        let mut v = BoardView::empty(g, ['v', 'h']);
        // c3 claimed (its marker right of it), d3 the last stone, e3 under the cursor.
        for (name, claim) in [
            ("b3", Some(Side::First)),
            ("c3", Some(Side::Second)),
            ("d3", None),
        ] {
            let c = cell(g, name);
            v.cells[c].stone = Some(Stone::White);
            v.cells[c].claim = claim;
        }
        v.cells[cell(g, "d3")].last = true;
        v.cursor = Some(cell(g, "e3") as u16);
        let buf = draw_at(&v, &Theme::default(), false, scale);
        let l = BoardLayout::scaled(g, scale);
        let text = buffer_text(&buf);
        let (_, y) = l.pos(cell(g, "c3") as u16);
        let row: Vec<char> = text.lines().nth(y as usize).unwrap().chars().collect();
        let at = |name: &str| l.pos(cell(g, name) as u16).0 as usize;
        assert_eq!(
            row[at("b3") + scale as usize],
            '|',
            "scale {scale}: {row:?}"
        );
        assert_eq!(
            row[at("c3") + scale as usize],
            '-',
            "scale {scale}: {row:?}"
        );
        assert_eq!(row[at("d3")], '◎', "scale {scale}: {row:?}");
        assert_eq!(row[at("e3")], '·', "scale {scale}: {row:?}");
        if scale >= 2 {
            assert_eq!(row[at("d3") + 1], ')', "scale {scale}: {row:?}");
            assert_eq!(row[at("e3") - 1], '[', "scale {scale}: {row:?}");
        }
    }
}

#[test]
fn scaled_boards() {
    let g = Geometry::hex(4);
    let v = decorated_hex();
    insta::assert_snapshot!(
        "hex_decorations_scale_2",
        buffer_text(&draw_at(&v, &Theme::default(), false, 2))
    );
    let mut sq = BoardView::empty(Geometry::square(5), ['v', 'h']);
    sq.cursor = Some(cell(Geometry::square(5), "c3") as u16);
    insta::assert_snapshot!(
        "square_scale_3",
        buffer_text(&draw_at(&sq, &Theme::default(), false, 3))
    );
    let _ = g;
}

#[test]
fn pair_colours_or_letters() {
    let g = Geometry::hex(3);
    let mut v = BoardView::empty(g, ['b', 'w']);
    let a3 = cell(g, "a3");
    v.cells[a3].pair = Some(2);
    let (x, y) = BoardLayout::of(g).pos(a3 as u16);
    let coloured = draw(&v, &Theme::default(), false);
    assert_eq!(coloured[(x, y)].symbol(), "·");
    assert_eq!(Some(coloured[(x, y)].bg), Theme::default().pair_colour(2));
    let mono = draw(&v, &Theme::built_in("mono").unwrap(), false);
    assert_eq!(mono[(x, y)].symbol(), "c");
}

mod heat;
