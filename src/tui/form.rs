//! The form and list widget of the form screens (menu, New game, challenge, Settings, Load,
//! nickname, Rules, puzzle list), in two parts:
//! - [`Selection`]: which row of a list is chosen, moved by a [`Move`] (a list command's
//!   action): the row above or below, wrapping around, or some rows, stopping at the ends.
//!   Tabs (the games across the Rules and the puzzle list) are a selection too, drawn by
//!   [`tabs`].
//! - [`Form`]: the screen drawn as a column of lines centred on it (a title, field rows or
//!   list rows with the chosen one highlighted and kept in view, a note), over the screen's
//!   background, with the key line at the bottom.

use super::layout::{centred, key_line};
use super::note::Note;
use super::settings::Settings;
use crate::theme::Theme;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// Which row of a list is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection(usize);

/// A move of a [`Selection`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The row above; from the first, the last.
    Prev,
    /// The row below; from the last, the first.
    Next,
    /// Some rows down (negative: up), stopping at the ends.
    By(isize),
}

impl Selection {
    /// Row `i` chosen.
    pub const fn at(i: usize) -> Selection {
        Selection(i)
    }

    /// The chosen row.
    pub const fn index(self) -> usize {
        self.0
    }

    /// The chosen row of a list of `len` rows: its last when the list has shrunk under it.
    pub fn within(self, len: usize) -> usize {
        self.0.min(len.saturating_sub(1))
    }

    /// Keeps the choice within a list of `len` rows.
    pub fn clamp(&mut self, len: usize) {
        self.0 = self.within(len);
    }

    /// Moves the choice in a list of `len` rows (an empty list has nothing to move to).
    pub fn go(&mut self, m: Move, len: usize) {
        if len == 0 {
            return;
        }
        self.0 = match m {
            Move::Prev => (self.0 + len - 1) % len,
            Move::Next => (self.0 + 1) % len,
            Move::By(d) => (self.0 as isize + d).clamp(0, len as isize - 1) as usize,
        };
    }
}

/// The first row shown of a list scrolled so that row `chosen` (if any) is among the
/// `height` shown.
fn first_shown(chosen: Option<usize>, height: usize) -> usize {
    chosen.map_or(0, |i| (i + 1).saturating_sub(height))
}

/// Tabs: each title padded with a space either side, the chosen one highlighted and the
/// others dim, each followed by `gap`.
pub fn tabs(
    titles: impl IntoIterator<Item = String>,
    chosen: usize,
    gap: &'static str,
    t: &Theme,
) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, title) in titles.into_iter().enumerate() {
        let style = if i == chosen { t.selected } else { t.dim };
        spans.push(Span::styled(format!(" {title} "), style));
        if !gap.is_empty() {
            spans.push(Span::raw(gap));
        }
    }
    spans
}

/// A form screen as drawn: its lines in a column centred on the screen, over the screen's
/// background, with the key line on the last row.
#[derive(Debug)]
pub struct Form<'a> {
    s: &'a Settings,
    lines: Vec<Line<'static>>,
    width: u16,
    /// The column's height; `None`: its lines and `spare` rows.
    height: Option<u16>,
    spare: u16,
    wrap: bool,
    centre: bool,
}

impl<'a> Form<'a> {
    /// An empty form, `width` columns wide.
    pub fn new(s: &'a Settings, width: u16) -> Form<'a> {
        Form {
            s,
            lines: Vec::new(),
            width,
            height: None,
            spare: 0,
            wrap: false,
            centre: false,
        }
    }

    /// A form under a title and a blank line.
    pub fn titled(s: &'a Settings, title: &'static str, width: u16) -> Form<'a> {
        let mut form = Form::new(s, width);
        form.line(Line::styled(title, s.theme.title));
        form.line(Line::raw(""));
        form
    }

    /// The column's height is `rows`, whatever its lines.
    pub fn height(mut self, rows: u16) -> Form<'a> {
        self.height = Some(rows);
        self
    }

    /// The column has `rows` more rows than lines.
    pub fn spare(mut self, rows: u16) -> Form<'a> {
        self.spare = rows;
        self
    }

    /// Long lines wrap (at words, trimmed).
    pub fn wrapped(mut self) -> Form<'a> {
        self.wrap = true;
        self
    }

    /// The lines are centred in the column.
    pub fn centre_lines(mut self) -> Form<'a> {
        self.centre = true;
        self
    }

    fn theme(&self) -> &'a Theme {
        &self.s.theme
    }

    /// Adds a line.
    pub fn line(&mut self, line: Line<'static>) {
        self.lines.push(line);
    }

    /// Adds a blank line and a line of text.
    pub fn para(&mut self, text: impl Into<String>, style: Style) {
        self.line(Line::raw(""));
        self.line(Line::styled(text.into(), style));
    }

    /// Adds a note (an error in the error style) after a blank line, if there is one.
    pub fn note(&mut self, note: Option<&Note>) {
        if let Some(n) = note {
            let t = self.theme();
            self.para(n.text.clone(), if n.error { t.error } else { t.text });
        }
    }

    /// Adds field rows, each a label (right-aligned in `label_width`) and a value, the
    /// `chosen` row's value highlighted. With `arrows` a column before and after the values
    /// holds `<` and `>` around the chosen value when it can change (the row's `bool`).
    pub fn fields(
        &mut self,
        rows: impl IntoIterator<Item = (&'static str, String, bool)>,
        chosen: usize,
        label_width: usize,
        arrows: bool,
    ) {
        let t = self.theme();
        let rows = rows.into_iter().enumerate();
        self.list(
            rows,
            Some(chosen),
            usize::MAX,
            |(i, (label, value, changes)), style| {
                let label = Span::styled(format!("{label:>label_width$}  "), t.dim);
                if !arrows {
                    return Line::from(vec![label, Span::styled(value, style)]);
                }
                let on = i == chosen && changes;
                Line::from(vec![
                    label,
                    Span::styled(if on { "< " } else { "  " }, t.key),
                    Span::styled(value, style),
                    Span::styled(if on { " >" } else { "" }, t.key),
                ])
            },
        );
    }

    /// Adds list rows, scrolled so that the `chosen` row (if any) is among the `height`
    /// shown; `row` makes a row's line from the item and its style (highlighted when chosen).
    pub fn list<T>(
        &mut self,
        items: impl IntoIterator<Item = T>,
        chosen: Option<usize>,
        height: usize,
        row: impl Fn(T, Style) -> Line<'static>,
    ) {
        let t = self.theme();
        let first = first_shown(chosen, height);
        for (i, item) in items.into_iter().enumerate().skip(first).take(height) {
            let style = if chosen == Some(i) {
                t.selected
            } else {
                t.text
            };
            self.lines.push(row(item, style));
        }
    }

    /// Draws the background, the column and the key line (`hints`); returns the column's
    /// area.
    pub fn draw(self, f: &mut Frame, hints: &[(String, &str)]) -> Rect {
        let area = f.area();
        f.render_widget(Block::new().style(self.s.theme.text), area);
        let h = self.height.unwrap_or(self.lines.len() as u16 + self.spare);
        let r = centred(area, self.width, h);
        let mut p = Paragraph::new(self.lines);
        if self.wrap {
            p = p.wrap(Wrap { trim: true });
        }
        if self.centre {
            p = p.alignment(Alignment::Center);
        }
        f.render_widget(p, r);
        key_line(f, area, hints, self.s);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::{first_shown, Move, Selection};

    #[test]
    fn a_selection_wraps_or_stops_at_the_ends() {
        let mut s = Selection::default();
        s.go(Move::Prev, 3);
        assert_eq!(s.index(), 2);
        s.go(Move::Next, 3);
        assert_eq!(s.index(), 0);
        s.go(Move::By(10), 3);
        assert_eq!(s.index(), 2);
        s.go(Move::By(-1), 3);
        assert_eq!(s.index(), 1);
        s.go(Move::By(-10), 3);
        assert_eq!(s.index(), 0);
        s.go(Move::Next, 0);
        assert_eq!(s.index(), 0, "an empty list");
        let mut s = Selection::at(7);
        assert_eq!(s.within(3), 2);
        s.clamp(3);
        assert_eq!(s, Selection::at(2));
    }

    #[test]
    fn a_list_scrolls_to_show_the_chosen_row() {
        assert_eq!(first_shown(None, 5), 0);
        assert_eq!(first_shown(Some(4), 5), 0);
        assert_eq!(first_shown(Some(5), 5), 1);
        assert_eq!(first_shown(Some(9), 5), 5);
    }
}
