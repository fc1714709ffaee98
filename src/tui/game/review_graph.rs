//! The review's win-rate graph: the first side's win rate over the game on a 0–100 % axis
//! with a 50 % line, the marked turns under it with the history's marks (`?!`, `?`, `??`), the
//! turn numbers and the current turn (`^N`, and a dotted column through the graph). It goes in
//! its own panel under the board when the screen has room for it (a large terminal gives it
//! the board column's width), else in the Review panel beside the board, which this file draws
//! too (the graph over the review's text). A click on it shows that position (the panels find
//! it: [`super::panels::clicked_position`]).
//!
//! Where the marks of neighbouring turns would touch (a long game on a narrow graph), the
//! current turn's and then the worst show; the history and the counts list every mark.
//!
//! Everything has a shape as well as a colour, so it reads with `NO_COLOR`; in `--ascii` the
//! line is drawn with `*` (one point a cell) instead of braille dots (2×4 points a cell).

use super::analysis_view::{judgement_style, review_text, shows_review};
use super::areas::{self, GameAreas};
use super::play::Play;
use crate::games::{Game, Side};
use crate::tui::layout::panel;
use crate::tui::settings::Settings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Columns left of the graph: the percentages (`100%`) and the axis.
const GUTTER: u16 = 5;

/// Whose win rate the graph draws: "Vertical's win rate" (the first side's).
pub fn graph_title(play: &Play) -> String {
    format!(
        "{}'s win rate",
        play.session().kind().side_title(Side::First)
    )
}

/// The game screen's areas for `play`: with the graph in its own area under the board when
/// the review shows and there is room for it.
pub fn screen_areas(size: (u16, u16), play: &Play) -> Result<GameAreas, (u16, u16)> {
    areas::areas_for(size, play.game().geometry(), shows_review(play))
}

/// Whether the graph has its own area on a screen of `size` (else it is in the Review panel).
pub fn graph_apart(size: (u16, u16), play: &Play) -> bool {
    screen_areas(size, play).is_ok_and(|a| a.graph.is_some())
}

/// The Review panel's title: it names the graph's side when the graph is in it.
pub fn review_title(play: &Play, apart: bool) -> String {
    if apart {
        "Review".into()
    } else {
        format!("Review: {}", graph_title(play))
    }
}

/// Where the Review panel in `area` puts the graph (none when it has its own area or there
/// is no room) and the `lines` of text under it.
pub fn review_layout(
    area: Rect,
    lines: u16,
    title: &str,
    apart: bool,
    s: &Settings,
) -> (Option<Rect>, Rect) {
    let inner = panel(title, s).inner(area);
    let text_h = lines.min(inner.height);
    let graph_h = inner.height - text_h;
    let graph = (!apart && geometry(Rect::new(inner.x, inner.y, inner.width, graph_h)).is_some())
        .then(|| Rect::new(inner.x, inner.y, inner.width, graph_h));
    let text = match graph {
        Some(g) => Rect::new(inner.x, g.bottom(), inner.width, text_h),
        None => Rect::new(inner.x, inner.y, inner.width, text_h),
    };
    (graph, text)
}

/// Rows the Review panel in a column of panels takes of `room`: all its text and, when the
/// graph is in it, two thirds of the room (at most 20 rows), and at least the graph's least
/// height where the room allows.
pub fn review_height(lines: u16, room: u16, apart: bool) -> u16 {
    let text = lines + 1;
    if apart {
        text.min(room)
    } else {
        (room * 2 / 3).clamp((text + 4).min(room), 20.max(text))
    }
}

/// Draws the Review panel: the win-rate graph (unless it has its own area) over the review's
/// text.
pub fn render_review(f: &mut Frame, area: Rect, play: &Play, s: &Settings) {
    let text = if play.review().is_some() {
        review_text(play, s, panel("Review", s).inner(area).width)
    } else {
        Vec::new()
    };
    let apart = graph_apart((f.area().width, f.area().height), play);
    let title = review_title(play, apart);
    f.render_widget(panel(&title, s), area);
    let (graph, rest) = review_layout(area, text.len() as u16, &title, apart, s);
    if let Some(g) = graph {
        render_graph(f.buffer_mut(), g, play, s);
    }
    f.render_widget(Paragraph::new(text), rest);
}

/// Draws the graph in its own panel (under the board), titled with whose win rate it is.
pub fn render_graph_panel(f: &mut Frame, area: Rect, play: &Play, s: &Settings) {
    let title = graph_title(play);
    let block = panel(&title, s);
    let inner = block.inner(area);
    f.render_widget(block, area);
    render_graph(f.buffer_mut(), inner, play, s);
}

/// The position a click at (`column`, `row`) on the graph drawn in `area` asks for: the one
/// drawn nearest to the column, anywhere from the graph's top to its turn numbers.
pub fn position_at(area: Rect, play: &Play, s: &Settings, column: u16, row: u16) -> Option<usize> {
    let n = play.review()?.progress().1;
    let g = geometry(area)?;
    let inside = column >= g.plot.x && column < g.plot.right() && row >= g.plot.y && row <= g.axis;
    if !inside {
        return None;
    }
    let x = Scale::new(n, g.plot.width, s.ascii());
    Some(x.position_at(column - g.plot.x))
}

/// Where the graph's parts go in its area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Geometry {
    /// The percentages and the axis.
    gutter: u16,
    /// The line.
    plot: Rect,
    /// The row of the marks.
    marks: u16,
    /// The row of the turn numbers.
    axis: u16,
}

/// The graph's parts in `area`, if it has room: at least two rows of line, the marks and the
/// turn numbers, and ten columns of line.
fn geometry(area: Rect) -> Option<Geometry> {
    (area.height >= 4 && area.width >= GUTTER + 10).then(|| Geometry {
        gutter: area.x,
        plot: Rect::new(
            area.x + GUTTER,
            area.y,
            area.width - GUTTER,
            area.height - 2,
        ),
        marks: area.bottom() - 2,
        axis: area.bottom() - 1,
    })
}

/// Where positions go across the graph: `n` positions spread over `width` columns of `dots`
/// points each (position 0 at the left edge, the last at the right edge).
#[derive(Clone, Copy, Debug)]
struct Scale {
    n: usize,
    width: u16,
    dots: u16,
}

impl Scale {
    fn new(n: usize, width: u16, ascii: bool) -> Scale {
        Scale {
            n,
            width,
            dots: glyphs(ascii).dots.0,
        }
    }

    /// The point (of `width × dots`) where position `p` is drawn.
    fn dot(&self, p: usize) -> usize {
        let last = (self.width * self.dots) as usize - 1;
        if self.n <= 1 {
            0
        } else {
            (p * last + (self.n - 1) / 2) / (self.n - 1)
        }
    }

    /// The column where position `p` is drawn.
    fn column(&self, p: usize) -> u16 {
        (self.dot(p) / self.dots as usize) as u16
    }

    /// The position drawn nearest to column `c`; of several drawn in that column, the one
    /// nearest to the column's share of the game (so that the first column gives the start
    /// and the last one the end).
    fn position_at(&self, c: u16) -> usize {
        let last_column = self.width.saturating_sub(1) as usize;
        (0..self.n)
            .min_by_key(|&p| {
                let share = (p * last_column).abs_diff(c as usize * (self.n - 1));
                (self.column(p).abs_diff(c), share)
            })
            .unwrap_or(0)
    }
}

/// The glyphs of the graph: Unicode (braille line) or ASCII.
struct Glyphs {
    /// Points a cell across and down.
    dots: (u16, u16),
    /// The axis beside the percentages.
    axis: &'static str,
    /// The axis at 0 % and 100 %.
    tick: &'static str,
    /// The axis at 50 %.
    middle: &'static str,
    /// The 50 % line.
    half: &'static str,
    /// The current turn's column.
    current: &'static str,
}

fn glyphs(ascii: bool) -> &'static Glyphs {
    if ascii {
        &ASCII
    } else {
        &UNICODE
    }
}

const UNICODE: Glyphs = Glyphs {
    dots: (2, 4),
    axis: "│",
    tick: "┤",
    middle: "┼",
    half: "┈",
    current: "┊",
};

const ASCII: Glyphs = Glyphs {
    dots: (1, 1),
    axis: "|",
    tick: "+",
    middle: "+",
    half: "-",
    current: ":",
};

/// The character of a cell whose points `bits` are set (braille numbering: bit `y + 4x`
/// for column `x` and row `y` of the cell, in Unicode).
fn cell_char(bits: u8, ascii: bool) -> char {
    if ascii {
        return '*';
    }
    // Braille dots 1-2-3-7 down the left column, 4-5-6-8 down the right one.
    const ORDER: [u8; 8] = [0x01, 0x02, 0x04, 0x40, 0x08, 0x10, 0x20, 0x80];
    let code = (0..8)
        .filter(|i| bits & (1 << i) != 0)
        .fold(0u32, |acc, i| acc | u32::from(ORDER[i]));
    char::from_u32(0x2800 + code).unwrap_or('*')
}

/// The points of the line through `points` (x, y) on a grid `w` points wide: every point of
/// each segment between consecutive ones.
fn line_points(points: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut segs = points.windows(2).map(|w| (w[0], w[1])).peekable();
    if segs.peek().is_none() {
        out.extend(points.first().copied());
    }
    for ((x0, y0), (x1, y1)) in segs {
        let (dx, dy) = (x1 as isize - x0 as isize, y1 as isize - y0 as isize);
        let steps = dx.abs().max(dy.abs()).max(1);
        for i in 0..=steps {
            let x = x0 as isize + (dx * i + dx.signum() * steps / 2) / steps;
            let y = y0 as isize + (dy * i + dy.signum() * steps / 2) / steps;
            out.push((x as usize, y as usize));
        }
    }
    out
}

/// Draws the graph in `area` (no frame): the percentages and the axis, the 50 % line, the
/// first side's win rate at each position evaluated, the current turn, the marks and the turn
/// numbers.
pub fn render_graph(buf: &mut Buffer, area: Rect, play: &Play, s: &Settings) {
    let t = &s.theme;
    let (Some(r), Some(g)) = (play.review(), geometry(area)) else {
        return;
    };
    let ascii = s.ascii();
    let glyphs = glyphs(ascii);
    let n = r.progress().1;
    let x = Scale::new(n, g.plot.width, ascii);
    let (dx, dy) = glyphs.dots;
    let rows = g.plot.height;
    let y_dot = |v: f64| ((1.0 - v.clamp(0.0, 1.0)) * f64::from(rows * dy - 1)).round() as usize;
    let half_row = (y_dot(0.5) / dy as usize) as u16;
    // The percentages and the axis.
    for row in 0..rows {
        let (label, axis) = match row {
            0 => ("100%", glyphs.tick),
            r if r == half_row => (" 50%", glyphs.middle),
            r if r == rows - 1 => ("  0%", glyphs.tick),
            _ => ("", glyphs.axis),
        };
        buf.set_string(g.gutter, g.plot.y + row, label, t.dim);
        buf.set_string(g.gutter + GUTTER - 1, g.plot.y + row, axis, t.dim);
    }
    buf.set_string(g.gutter, g.axis, "turn", t.dim);
    // The 50 % line, and the current turn's column through the graph.
    let current = play.viewed_turn().min(n - 1);
    let here = x.column(current);
    let half_y = g.plot.y + half_row;
    for c in 0..g.plot.width {
        buf.set_string(g.plot.x + c, half_y, glyphs.half, t.dim);
    }
    let current_style = t.accent.add_modifier(Modifier::BOLD);
    for row in 0..rows {
        buf.set_string(g.plot.x + here, g.plot.y + row, glyphs.current, t.accent);
    }
    // The line: the first side's win rate at every position evaluated.
    let points: Vec<(usize, usize)> = r
        .section()
        .win_rate
        .iter()
        .enumerate()
        .map(|(p, &v)| (x.dot(p), y_dot(v)))
        .collect();
    let mut bits = vec![0u8; (g.plot.width * rows) as usize];
    for (px, py) in line_points(&points) {
        let (cx, cy) = (px / dx as usize, py / dy as usize);
        let bit = (py % dy as usize) + 4 * (px % dx as usize);
        if let Some(b) = bits.get_mut(cy * g.plot.width as usize + cx) {
            *b |= 1 << bit;
        }
    }
    for (i, &b) in bits.iter().enumerate().filter(|(_, &b)| b != 0) {
        let (c, row) = (i as u16 % g.plot.width, i as u16 / g.plot.width);
        let style = if c == here {
            current_style
        } else {
            t.bar_first
        };
        let mut tmp = [0u8; 4];
        buf.set_string(
            g.plot.x + c,
            g.plot.y + row,
            cell_char(b, ascii).encode_utf8(&mut tmp),
            style,
        );
    }
    // The marked turns; where marks would touch, the current turn's and then the worst show.
    let mut marked: Vec<(usize, crate::review::Judgement)> = (1..n)
        .filter_map(|p| r.turn(p).and_then(|tr| tr.judgement).map(|j| (p, j)))
        .collect();
    marked.sort_by_key(|&(p, j)| (p != current, std::cmp::Reverse(j), p));
    let mut taken = vec![false; g.plot.width as usize];
    for (p, j) in marked {
        let mark = j.mark();
        place(
            buf,
            &mut taken,
            g.plot.x,
            g.marks,
            x.column(p),
            mark,
            judgement_style(j, s),
        );
    }
    // The turn numbers: the current one first, then every few turns where they fit.
    let mut taken = vec![false; g.plot.width as usize];
    // "^13" from the current column, or "13^" up to it at the right edge.
    let digits = current.to_string().len() as u16;
    let (label, at) = if here + digits < g.plot.width {
        (format!("^{current}"), here)
    } else {
        (format!("{current}^"), here.saturating_sub(digits))
    };
    place(buf, &mut taken, g.plot.x, g.axis, at, &label, current_style);
    let step = [1, 2, 5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|&k| k >= n || x.column(k) >= 5)
        .unwrap_or(1000);
    for p in (0..n).step_by(step) {
        let text = p.to_string();
        place(buf, &mut taken, g.plot.x, g.axis, x.column(p), &text, t.dim);
    }
}

/// Writes `text` at column `c` of a row starting at `x0` (moved left to fit the row) unless
/// a cell it needs, or the cell either side of it, is `taken` (so that neighbours stay
/// apart); marks its cells taken.
fn place(buf: &mut Buffer, taken: &mut [bool], x0: u16, y: u16, c: u16, text: &str, style: Style) {
    let len = text.chars().count();
    let width = taken.len();
    if len > width {
        return;
    }
    let c = (c as usize).min(width - len);
    let around = c.saturating_sub(1)..(c + len + 1).min(width);
    if taken[around].iter().any(|&b| b) {
        return;
    }
    taken[c..c + len].iter_mut().for_each(|b| *b = true);
    buf.set_string(x0 + c as u16, y, text, style);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_spread_over_the_width_and_a_column_gives_back_its_position() {
        let x = Scale::new(15, 36, false);
        assert_eq!(x.column(0), 0);
        assert_eq!(x.column(14), 35, "the last position at the right edge");
        for p in 0..15 {
            assert_eq!(x.position_at(x.column(p)), p);
        }
        // More positions than columns: every column still gives a position, in order.
        let many = Scale::new(100, 30, true);
        let ps: Vec<usize> = (0..30).map(|c| many.position_at(c)).collect();
        assert_eq!(ps[0], 0);
        assert_eq!(ps[29], 99);
        assert!(ps.windows(2).all(|w| w[0] < w[1]), "{ps:?}");
        assert_eq!(Scale::new(1, 20, false).column(0), 0);
    }

    #[test]
    fn braille_cells_and_line_points() {
        assert_eq!(cell_char(0, false), '\u{2800}');
        assert_eq!(cell_char(0b1111_1111, false), '⣿');
        // Bit y + 4x: the top-left dot is dot 1, the bottom-right one dot 8.
        assert_eq!(cell_char(1, false), '⠁');
        assert_eq!(cell_char(1 << 7, false), '⢀');
        assert_eq!(cell_char(1 << 3, false), '⡀');
        assert_eq!(cell_char(5, true), '*');
        let pts = line_points(&[(0, 0), (2, 4)]);
        assert_eq!(pts.first(), Some(&(0, 0)));
        assert_eq!(pts.last(), Some(&(2, 4)));
        // No gap: every row between the ends has a point.
        for y in 0..=4 {
            assert!(pts.iter().any(|p| p.1 == y), "{pts:?}");
        }
        assert_eq!(line_points(&[(3, 1)]), [(3, 1)]);
    }

    #[test]
    fn the_graph_needs_two_rows_of_line_and_ten_columns() {
        assert!(geometry(Rect::new(0, 0, 15, 4)).is_some());
        assert!(geometry(Rect::new(0, 0, 14, 4)).is_none());
        assert!(geometry(Rect::new(0, 0, 40, 3)).is_none());
        let g = geometry(Rect::new(2, 3, 40, 10)).unwrap();
        assert_eq!(g.plot, Rect::new(7, 3, 35, 8));
        assert_eq!((g.marks, g.axis), (11, 12));
    }
}
