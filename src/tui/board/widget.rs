//! Drawing a [`BoardView`] with a [`Theme`]: stones, points, coordinates and the marks in the
//! gaps between cells.
//!
//! Every mark has a shape as well as a colour, so the board reads the same without colour, and
//! no mark shares a screen column with another cell's: the cursor is the cell in reverse video
//! (with `[ ]` in the cell's own columns from scale 2 on), the last turn's stones have their
//! own glyphs (`◉ ◎ ◈`, ASCII `x o %`; with `( )` from scale 2 on), a Carteso claim is `|`
//! (Vertical) or `-` (Horizontal) half-way to the next cell right of each claimed stone, a
//! legal second Iris stone is `+`, an empty Iris coloured cell shows its pair letter when the
//! theme has no pair colours, and the overlay writes the owner's letter on empty cells (`*`
//! free, `-` nobody's).

use super::layout::BoardLayout;
use super::view::{BoardView, CellView};
use crate::games::{Mark, Side, Stone};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

/// The characters a board is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// Black stone.
    pub black: char,
    /// White stone.
    pub white: char,
    /// Linage's neutral stone.
    pub neutral: char,
    /// Empty point.
    pub point: char,
    /// Empty cell where the next stone may go (highlighted).
    pub legal: char,
    /// The last turn's stones: black, white, neutral.
    pub last: [char; 3],
}

impl Glyphs {
    /// `●` `○` `◆` `·`.
    pub const UNICODE: Glyphs = Glyphs {
        black: '●',
        white: '○',
        neutral: '◆',
        point: '·',
        legal: '+',
        last: ['◉', '◎', '◈'],
    };
    /// `X` `O` `#` `.`.
    pub const ASCII: Glyphs = Glyphs {
        black: 'X',
        white: 'O',
        neutral: '#',
        point: '.',
        legal: '+',
        last: ['x', 'o', '%'],
    };

    /// The set for a drawing mode.
    pub fn for_mode(ascii: bool) -> Glyphs {
        if ascii {
            Glyphs::ASCII
        } else {
            Glyphs::UNICODE
        }
    }

    /// The glyph of a stone.
    pub fn stone(&self, s: Stone) -> char {
        match s {
            Stone::Black => self.black,
            Stone::White => self.white,
            Stone::Neutral => self.neutral,
        }
    }

    /// The glyph of a stone of the last turn.
    pub fn last_stone(&self, s: Stone) -> char {
        match s {
            Stone::Black => self.last[0],
            Stone::White => self.last[1],
            Stone::Neutral => self.last[2],
        }
    }
}

/// The letter of an Iris pair: `a`–`z`, then `A`–`Z`, then `0`–`9`.
pub fn pair_letter(label: u16) -> char {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    LETTERS[label as usize % LETTERS.len()] as char
}

/// The share of playouts from which a cell counts as likely owned (lower-case letter, the
/// owner's colour on the glyph).
pub const HEAT_LIKELY: f64 = 0.6;
/// The share from which it counts as settled (upper-case letter, the owner's background).
pub const HEAT_SETTLED: f64 = 0.85;

/// How the heat map marks a cell whose playouts ended `shares` (first side's, second side's):
/// the style to add and, on an empty cell, the letter. Settled cells take the theme's
/// ownership style (its background: 16 or 256 colours, underlined without colour) and an
/// upper-case letter; likely ones the owner's colour on the glyph and a lower-case letter;
/// contested ones nothing. So it reads in any colour mode, and by letters alone.
pub fn heat_mark(
    t: &Theme,
    shares: [f64; 2],
    stone: bool,
    letters: [char; 2],
) -> (Style, Option<char>) {
    let (side, p) = if shares[0] >= shares[1] {
        (0, shares[0])
    } else {
        (1, shares[1])
    };
    let own = if side == 0 { t.own_first } else { t.own_second };
    let letter = letters[side];
    if p >= HEAT_SETTLED {
        (own, (!stone).then(|| letter.to_ascii_uppercase()))
    } else if p >= HEAT_LIKELY {
        let style = match own.bg.or(own.fg) {
            Some(c) => Style::new().fg(c),
            None => Style::new(),
        };
        (style, (!stone).then_some(letter))
    } else {
        (Style::new(), None)
    }
}

/// The board widget.
pub struct BoardWidget<'a> {
    /// What to draw.
    pub view: &'a BoardView,
    /// With which styles.
    pub theme: &'a Theme,
    /// With which characters.
    pub glyphs: Glyphs,
    /// The scale (1–3, see [`BoardLayout`]).
    pub scale: u16,
}

impl BoardWidget<'_> {
    fn cell_style_and_glyph(&self, v: &CellView) -> (Style, char) {
        let t = self.theme;
        let g = self.glyphs;
        let mut style = t.board;
        let pair_bg = v.pair.and_then(|p| t.pair_colour(p));
        let mut glyph = match v.stone {
            Some(s) => {
                style = style.patch(match s {
                    Stone::Black => t.black,
                    Stone::White => t.white,
                    Stone::Neutral => t.neutral,
                });
                if v.last {
                    g.last_stone(s)
                } else {
                    g.stone(s)
                }
            }
            None => {
                style = style.patch(t.point);
                match v.pair {
                    Some(p) if t.pair_letters || pair_bg.is_none() => pair_letter(p),
                    _ => g.point,
                }
            }
        };
        if let Some(bg) = pair_bg {
            style = style.bg(bg);
        }
        if let Some(mark) = v.mark {
            style = style.patch(match mark {
                Mark::Owned(Side::First) => t.own_first,
                Mark::Owned(Side::Second) => t.own_second,
                Mark::Free => t.own_free,
                Mark::Neutral => t.own_neutral,
            });
            if v.stone.is_none() {
                glyph = match mark {
                    Mark::Owned(s) => self.view.side_letters[s.index()],
                    Mark::Free => '*',
                    Mark::Neutral => '-',
                };
            }
        }
        if v.legal && v.stone.is_none() {
            style = style.patch(t.legal);
            glyph = g.legal;
        }
        if let Some(h) = v.heat {
            let (style2, glyph2) = heat_mark(t, h, v.stone.is_some(), self.view.side_letters);
            style = style.patch(style2);
            glyph = glyph2.unwrap_or(glyph);
        }
        if let (Some(rank), None) = (v.candidate, v.stone) {
            // The candidate's rank: a digit, bold (the best one also underlined), so it reads
            // without colour.
            style = style.patch(t.legal).add_modifier(Modifier::BOLD);
            if rank == 1 {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            glyph = char::from_digit(u32::from(rank), 10).unwrap_or('+');
        }
        if v.last {
            style = style.add_modifier(t.last.add_modifier);
        }
        (style, glyph)
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let geo = self.view.geometry;
        let layout = BoardLayout::scaled(geo, self.scale);
        let s = layout.scale();
        let t = self.theme;
        let w = layout.width().min(area.width);
        let h = layout.height().min(area.height);
        buf.set_style(Rect::new(area.x, area.y, w, h), t.board);
        let mut put = |x: u16, y: u16, ch: char, style: Style| {
            if x < w && y < h {
                if let Some(cell) = buf.cell_mut((area.x + x, area.y + y)) {
                    cell.set_char(ch);
                    cell.set_style(style);
                }
            }
        };
        for l in layout.labels() {
            for (i, ch) in l.text.chars().enumerate() {
                put(l.x + i as u16, l.y, ch, t.board.patch(t.coords));
            }
        }
        let cursor = self.view.cursor;
        for c in geo.all_cells() {
            let v = &self.view.cells[c as usize];
            let (x, y) = layout.pos(c);
            let (mut style, glyph) = self.cell_style_and_glyph(v);
            if cursor == Some(c) {
                // A background colour marks the cursor; without one (NO_COLOR), reverse video.
                let reverse = match t.cursor.bg {
                    Some(_) => Modifier::empty(),
                    None => Modifier::REVERSED,
                };
                style = style.patch(Style {
                    bg: t.cursor.bg,
                    add_modifier: t.cursor.add_modifier | reverse,
                    ..Style::new()
                });
            }
            put(x, y, glyph, style);
            if let Some(side) = v.claim {
                let mark = if side == Side::First { '|' } else { '-' };
                put(x + s, y, mark, t.board.patch(t.claim(side)));
            }
            // From scale 2 on the columns beside a cell are its own: brackets around the
            // cursor, parentheses around the last turn's stones.
            if s >= 2 {
                let around = if cursor == Some(c) {
                    let only_fg = Style {
                        fg: t.cursor.fg,
                        add_modifier: t.cursor.add_modifier,
                        ..Style::new()
                    };
                    Some(('[', ']', t.board.patch(only_fg)))
                } else if v.last {
                    Some(('(', ')', t.board.patch(t.last)))
                } else {
                    None
                };
                if let Some((open, close, style)) = around {
                    put(x - 1, y, open, style);
                    put(x + 1, y, close, style);
                }
            }
        }
    }
}
