//! A one-line text field (the `:` command line, the Load screen's path): typing inserts at
//! the cursor, `←→ Home End` move it, `Backspace Delete` remove; drawn scrolled so that the
//! cursor is always visible however long the text.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The text and the cursor (a character index, 0..=len).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    text: Vec<char>,
    at: usize,
}

/// An editing operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Insert a character at the cursor.
    Insert(char),
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character under the cursor.
    Delete,
    /// Cursor one left.
    Left,
    /// Cursor one right.
    Right,
    /// Cursor to the start.
    Home,
    /// Cursor to the end.
    End,
}

impl LineEdit {
    /// A field holding `text`, the cursor at its end.
    #[cfg(test)]
    pub fn new(text: &str) -> LineEdit {
        let text: Vec<char> = text.chars().collect();
        LineEdit {
            at: text.len(),
            text,
        }
    }

    /// The text.
    pub fn text(&self) -> String {
        self.text.iter().collect()
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Applies an edit.
    pub fn apply(&mut self, e: Edit) {
        match e {
            Edit::Insert(c) => {
                self.text.insert(self.at, c);
                self.at += 1;
            }
            Edit::Backspace if self.at > 0 => {
                self.at -= 1;
                self.text.remove(self.at);
            }
            Edit::Delete if self.at < self.text.len() => {
                self.text.remove(self.at);
            }
            Edit::Left => self.at = self.at.saturating_sub(1),
            Edit::Right => self.at = (self.at + 1).min(self.text.len()),
            Edit::Home => self.at = 0,
            Edit::End => self.at = self.text.len(),
            Edit::Backspace | Edit::Delete => {}
        }
    }

    /// The field drawn in `width` columns: scrolled so that the cursor shows (a `…` where
    /// text is hidden), the cursor in `cursor` style.
    pub fn line(&self, width: usize, text: Style, cursor: Style) -> Line<'static> {
        let width = width.max(3);
        // Positions 0..len: the characters, then the blank cell the cursor has at the end.
        let len = self.text.len() + 1;
        let (start, end) = if len <= width {
            (0, len)
        } else {
            // The cursor stays clear of the `…` at either edge.
            let mut start = (self.at + 2).saturating_sub(width).min(len - width);
            if start > 0 && self.at <= start {
                start = self.at.saturating_sub(1);
            }
            (start, start + width)
        };
        let mut spans: Vec<Span> = Vec::new();
        let mut run = String::new();
        let mut run_style = text;
        for p in start..end {
            let ch = if p == start && start > 0 || p + 1 == end && end < len {
                '…'
            } else {
                self.text.get(p).copied().unwrap_or(' ')
            };
            let style = if p == self.at { cursor } else { text };
            if style != run_style && !run.is_empty() {
                spans.push(Span::styled(std::mem::take(&mut run), run_style));
            }
            run_style = style;
            run.push(ch);
        }
        spans.push(Span::styled(run, run_style));
        Line::from(spans)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(e: &LineEdit, w: usize) -> String {
        e.line(w, Style::new(), Style::new()).to_string()
    }

    #[test]
    fn edits_at_the_cursor() {
        let mut e = LineEdit::new("sve");
        e.apply(Edit::Left);
        e.apply(Edit::Left);
        e.apply(Edit::Insert('a'));
        assert_eq!(e.text(), "save");
        e.apply(Edit::End);
        e.apply(Edit::Backspace);
        e.apply(Edit::Home);
        e.apply(Edit::Delete);
        assert_eq!(e.text(), "av");
        e.apply(Edit::Home);
        e.apply(Edit::Backspace);
        assert_eq!(e.text(), "av");
    }

    #[test]
    fn a_long_line_scrolls_with_the_cursor_visible() {
        let long = "save /home/someone/a/very/long/path/to/a/game-record.toml";
        let mut e = LineEdit::new(long);
        let s = shown(&e, 20);
        assert_eq!(s.chars().count(), 20, "{s}");
        assert!(s.starts_with('…') && s.ends_with("record.toml "), "{s}");
        e.apply(Edit::Home);
        let s = shown(&e, 20);
        assert!(s.starts_with("save /") && s.ends_with('…'), "{s}");
        assert_eq!(s.chars().count(), 20, "{s}");
        for _ in 0..30 {
            e.apply(Edit::Right);
        }
        let s = shown(&e, 20);
        assert_eq!(s.chars().count(), 20, "{s}");
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        assert_eq!(shown(&LineEdit::new("d4"), 20), "d4 ");
    }
}
