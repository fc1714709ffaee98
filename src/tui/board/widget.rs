//! Drawing a [`BoardView`] with a [`Theme`]: stones, points, coordinates and the marks in the
//! gaps between cells.
//!
//! Every mark has a shape as well as a colour, so the board reads the same without colour, and
//! no mark shares a screen column with another cell's: the cursor is the cell in the theme's
//! cursor colours (reverse video without colour) with `[ ]` around it, in the cell's own
//! columns from scale 2 on, at scale 1 in the columns beside it wherever no claim mark stands
//! (so it never rests on a tint alone), the last turn's stones have their
//! own glyphs (`◉ ◎ ◈`, ASCII `x o %`; with `( )` from scale 2 on), a Carteso claim is `|`
//! (Vertical) or `-` (Horizontal) half-way to the next cell right of each claimed stone, a
//! legal second Iris stone is `+`, a cell of the turn a hint named is `!`, an empty Iris coloured cell shows its pair letter when the
//! theme has no pair colours, the overlay writes the owner's letter on empty cells (`*`
//! free, `-` nobody's), and the heat map (see [`heat_drawing`]) writes the owner's letter on
//! empty cells (upper case settled, lower case likely), draws dead stones with glyphs of
//! their own (`■ □`, ASCII `& @`) and puts a claim-to-be mark (`⋮ ⋯`, ASCII `: ~`) in the
//! claim column of a stone that counts for nobody yet (never beside a claimed one).

use super::layout::BoardLayout;
use super::view::{BoardView, CellView, Heat, Strength};
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
    /// Heat map: black and white stones whose cell ends as the other side's (dead).
    pub dead: [char; 2],
    /// Heat map: beside a stone that counts for nobody now, the side it ends as (first,
    /// second).
    pub to_claim: [char; 2],
    /// An empty cell of the turn a hint named.
    pub hint: char,
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
        dead: ['■', '□'],
        to_claim: ['⋮', '⋯'],
        hint: '!',
    };
    /// `X` `O` `#` `.`.
    pub const ASCII: Glyphs = Glyphs {
        black: 'X',
        white: 'O',
        neutral: '#',
        point: '.',
        legal: '+',
        last: ['x', 'o', '%'],
        dead: ['&', '@'],
        to_claim: [':', '~'],
        hint: '!',
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

    /// The glyph of a dead stone (a neutral stone is never anybody's: `None`).
    pub fn dead_stone(&self, s: Stone) -> Option<char> {
        match s {
            Stone::Black => Some(self.dead[0]),
            Stone::White => Some(self.dead[1]),
            Stone::Neutral => None,
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

/// How the heat map draws one cell (see [`heat_drawing`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HeatDrawing {
    /// The style to add to the cell.
    pub style: Style,
    /// The glyph to show instead of the cell's own.
    pub glyph: Option<char>,
    /// A mark for the column right of the cell (the one Carteso's claim marker uses; only
    /// for stones that count for nobody now, which have no claim marker) and its style.
    pub beside: Option<(char, Style)>,
}

/// How the heat map marks a cell holding `stone` (or empty) with the verdict `heat`, so that
/// it reads in 256 colours, in 16 and without colour (`NO_COLOR`, `--ascii`), by shape:
/// - an empty cell shows the owner's letter, upper case when settled, lower case when
///   likely;
/// - a stone that keeps its owner keeps its glyph;
/// - a stone that ends as the other side's (a dead Keil stone) gets the dead glyph of its
///   colour (`■ □`, ASCII `& @`);
/// - a stone that counts for nobody now and ends as a side's (a Carteso group still to be
///   claimed) gets that side's claim-to-be mark in its claim column (`⋮ ⋯`, ASCII `: ~`).
///
/// A settled cell (and its mark) also takes the theme's ownership style of the owner (a
/// background in colour, an underline without); a likely one only the owner's colour on
/// letters and marks (never on a stone, whose colour is its own).
pub fn heat_drawing(
    t: &Theme,
    g: Glyphs,
    stone: Option<Stone>,
    heat: Heat,
    letters: [char; 2],
) -> HeatDrawing {
    let own = match heat.owner {
        Side::First => t.own_first,
        Side::Second => t.own_second,
    };
    // Settled shows as the theme's ownership style: a background in colour; a theme without
    // one (mono, `NO_COLOR`) gets an underline, so strength never depends on colour.
    let own = if own.bg.is_some() {
        own
    } else {
        own.add_modifier(Modifier::UNDERLINED)
    };
    let settled = heat.strength == Strength::Settled;
    let tint = match own.bg.or(own.fg) {
        Some(c) => Style::new().fg(c),
        None => Style::new(),
    };
    let on_cell = if settled { own } else { Style::new() };
    let letter = letters[heat.owner.index()];
    match stone {
        None => HeatDrawing {
            style: if settled { own } else { tint },
            glyph: Some(if settled {
                letter.to_ascii_uppercase()
            } else {
                letter
            }),
            beside: None,
        },
        // A neutral stone (Linage) is nobody's, whatever the playouts: only the cell's style.
        Some(Stone::Neutral) => HeatDrawing {
            style: on_cell,
            ..HeatDrawing::default()
        },
        Some(_) if heat.now == Some(heat.owner) => HeatDrawing {
            style: on_cell,
            ..HeatDrawing::default()
        },
        Some(s) if heat.now.is_some() => HeatDrawing {
            style: on_cell,
            glyph: g.dead_stone(s),
            beside: None,
        },
        Some(_) => HeatDrawing {
            style: on_cell,
            glyph: None,
            beside: Some((
                g.to_claim[heat.owner.index()],
                if settled { own } else { tint },
            )),
        },
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
            let d = heat_drawing(t, g, v.stone, h, self.view.side_letters);
            style = style.patch(d.style);
            glyph = d.glyph.unwrap_or(glyph);
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
        if v.hint && v.stone.is_none() {
            // The hinted turn: `!` (a good move), bold and underlined, so it reads without
            // colour.
            style = style
                .patch(t.legal)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            glyph = g.hint;
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
                style = style.patch(cursor_cell(t));
            }
            put(x, y, glyph, style);
            if let Some(side) = v.claim {
                let mark = if side == Side::First { '|' } else { '-' };
                put(x + s, y, mark, t.board.patch(t.claim(side)));
            } else if let Some((mark, style)) = v.heat.and_then(|h| {
                heat_drawing(t, self.glyphs, v.stone, h, self.view.side_letters).beside
            }) {
                put(x + s, y, mark, t.board.patch(style));
            }
            // From scale 2 on the columns beside a cell are its own: brackets around the
            // cursor, parentheses around the last turn's stones.
            if s >= 2 {
                let around = if cursor == Some(c) {
                    Some(('[', ']', cursor_brackets(t)))
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
        // At scale 1 the column each side of a cell is shared with a neighbour's claim mark:
        // the cursor's brackets go there only where it is blank, so no claim ever hides.
        if let (1, Some(c)) = (s, cursor) {
            let (x, y) = layout.pos(c);
            for (col, ch) in [(x.checked_sub(1), '['), (Some(x + 1), ']')] {
                let Some(col) = col.filter(|&col| col < w && y < h) else {
                    continue;
                };
                if let Some(cell) = buf.cell_mut((area.x + col, area.y + y)) {
                    if cell.symbol() == " " {
                        cell.set_char(ch);
                        cell.set_style(cursor_brackets(t));
                    }
                }
            }
        }
    }
}

/// What the cursor adds to its cell's style: the theme's cursor colours, glyph and
/// background both (so the glyph always reads on the cursor's background, a white stone on a
/// pale cursor included); without a background colour (`NO_COLOR`, mono), reverse video.
fn cursor_cell(t: &Theme) -> Style {
    match t.cursor.bg {
        Some(bg) => Style {
            fg: t.cursor.fg,
            bg: Some(bg),
            add_modifier: t.cursor.add_modifier,
            ..Style::new()
        },
        None => Style {
            add_modifier: t.cursor.add_modifier | Modifier::REVERSED,
            ..Style::new()
        },
    }
}

/// The style of the cursor's brackets: the theme's cursor colour on the board.
fn cursor_brackets(t: &Theme) -> Style {
    t.board.patch(Style {
        fg: t.cursor.fg,
        add_modifier: t.cursor.add_modifier,
        ..Style::new()
    })
}
