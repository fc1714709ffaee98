//! Drawing helpers every screen shares: centring, panel and popup frames, the key line, the
//! "too small" notice and word wrapping.

use super::settings::Settings;
use ratatui::layout::{Alignment, Rect};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// The smallest terminal the menus and forms need.
pub const MENU_MIN: (u16, u16) = (60, 18);

/// Frame characters of ASCII mode.
pub const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// A centred rectangle of at most `w`×`h` inside `area`.
pub fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// A panel: a title in the top rule, no other frame (saves rows at 80×24).
pub fn panel<'a>(title: &'a str, s: &Settings) -> Block<'a> {
    let b = Block::new()
        .borders(Borders::TOP)
        .title(Span::styled(format!(" {title} "), s.theme.title))
        .border_style(s.theme.dim);
    if s.ascii() {
        b.border_set(ASCII_BORDER)
    } else {
        b
    }
}

/// A framed popup with a title.
pub fn popup_block<'a>(title: &'a str, s: &Settings) -> Block<'a> {
    let b = Block::bordered()
        .title(Span::styled(format!(" {title} "), s.theme.title))
        .border_style(s.theme.accent)
        .style(s.theme.text);
    if s.ascii() {
        b.border_set(ASCII_BORDER)
    } else {
        b
    }
}

/// One line of key hints, cut to `width` at a whole hint; the last two hints (help and quit
/// on most screens) are kept whatever is dropped before them.
pub fn hints_line(hints: &[(String, &str)], s: &Settings, width: u16) -> Line<'static> {
    let cost = |i: usize, (key, what): &(String, &str)| {
        usize::from(i > 0) * 3 + key.chars().count() + 1 + what.chars().count()
    };
    let keep = hints.len().min(2);
    let (head, tail) = hints.split_at(hints.len() - keep);
    let tail_w: usize = tail.iter().map(|h| cost(1, h)).sum();
    let mut chosen: Vec<&(String, &str)> = Vec::new();
    let mut used = 0;
    for (i, h) in head.iter().enumerate() {
        let w = cost(i, h);
        if used + w + tail_w > width as usize {
            break;
        }
        used += w;
        chosen.push(h);
    }
    if used + tail_w <= width as usize {
        chosen.extend(tail);
    }
    let mut spans = Vec::new();
    for (i, (key, what)) in chosen.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" · ", s.theme.dim));
        }
        spans.push(Span::styled(key.clone(), s.theme.key));
        spans.push(Span::styled(format!(" {what}"), s.theme.text));
    }
    Line::from(spans)
}

/// Draws the key line on the last row of `area`.
pub fn key_line(f: &mut Frame, area: Rect, hints: &[(String, &str)], s: &Settings) {
    let r = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(1),
        area.width,
        1.min(area.height),
    );
    f.render_widget(Paragraph::new(hints_line(hints, s, area.width)), r);
}

/// The help popup: one line per command (keys, what they do), centred.
pub fn help_popup(f: &mut Frame, items: &[(String, &str)], s: &Settings) {
    let key_w = items
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0)
        .min(24);
    let lines: Vec<Line> = items
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("{k:>key_w$}  "), s.theme.key),
                Span::styled(what.to_string(), s.theme.text),
            ])
        })
        .collect();
    let w = lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 2;
    let r = centred(f.area(), w.max(30), lines.len() as u16 + 2);
    f.render_widget(ratatui::widgets::Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(popup_block("Keys", s))
            .wrap(Wrap { trim: false }),
        r,
    );
}

/// Draws the "too small" notice: what this screen needs and the keys that still work.
pub fn too_small(f: &mut Frame, need: (u16, u16), what: &str, s: &Settings) {
    let area = f.area();
    let text = vec![
        Line::styled("The terminal is too small.", s.theme.error),
        Line::styled(
            format!(
                "{what} needs {}x{}; it is {}x{}.",
                need.0, need.1, area.width, area.height
            ),
            s.theme.text,
        ),
        Line::styled(
            "Enlarge the window (or choose a smaller board).",
            s.theme.dim,
        ),
        Line::styled("q quits · Esc menu", s.theme.dim),
    ];
    let y = area.height.saturating_sub(text.len() as u16) / 2;
    let r = Rect::new(0, y, area.width, area.height - y);
    f.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        r,
    );
}

/// Splits `text` into lines of at most `width` columns at spaces (a word longer than a line
/// is cut). Always at least one line.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let mut word = word;
        loop {
            let line = lines.last_mut().expect("at least one line");
            let used = text_width(line);
            let need = text_width(word) + usize::from(used > 0);
            if used + need <= width {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(word);
                break;
            }
            if used == 0 {
                // Longer than a line: cut it.
                let (head, rest) = split_at_width(word, width);
                line.push_str(head);
                word = rest;
                lines.push(String::new());
                if word.is_empty() {
                    lines.pop();
                    break;
                }
                continue;
            }
            lines.push(String::new());
        }
    }
    lines
}

/// The longest start of `text` that takes at most `width` columns (at least its first
/// character), and the rest.
fn split_at_width(text: &str, width: usize) -> (&str, &str) {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > width && i > 0 {
            return text.split_at(i);
        }
        used += w;
    }
    (text, "")
}

/// `text` cut to `width` columns, ending in `…` when cut.
pub fn ellipsis(text: &str, width: usize) -> String {
    if text_width(text) <= width {
        return text.to_string();
    }
    let mut s = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        used += w;
        s.push(c);
    }
    s.push('…');
    s
}

/// The columns a text takes on a terminal (a wide character takes two).
pub fn text_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// A text padded with spaces to `width` columns (as wide as it is when wider).
pub fn pad(text: &str, width: usize) -> String {
    format!(
        "{text}{}",
        " ".repeat(width.saturating_sub(text_width(text)))
    )
}

/// A name (or any cell of a table) in exactly `width` columns, whatever its characters'
/// widths: cut with `…` when wider ([`ellipsis`]), padded with spaces when narrower ([`pad`]).
pub fn fit(text: &str, width: usize) -> String {
    pad(&ellipsis(text, width), width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_laid_out_by_their_width_on_screen() {
        assert_eq!(pad("名人", 6), "名人  ");
        assert_eq!(pad("bob", 6), "bob   ");
        assert_eq!(text_width(&ellipsis("名人名人名人", 7)), 7);
        assert_eq!(ellipsis("名人名人名人", 7), "名人名…");
        assert_eq!(ellipsis("short", 7), "short");
        // An emoji and a CJK name in a column of 6: cut or padded to exactly 6 columns.
        for name in ["山田太郎", "😀bob", "ab", "abcdefghij", "😀😀😀😀"] {
            assert_eq!(text_width(&fit(name, 6)), 6, "{name}");
        }
        assert_eq!(fit("山田太郎", 6), "山田… ");
        assert_eq!(fit("😀bob", 6), "😀bob ");
        // Wrapped by columns: two wide characters fill a line of four.
        assert_eq!(
            wrap_words("山田太郎 played e5", 8),
            ["山田太郎", "played", "e5"]
        );
        assert_eq!(wrap_words("山田太郎", 4), ["山田", "太郎"]);
    }

    #[test]
    fn words_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(
            wrap_words("saved to games/x.toml", 10),
            ["saved to", "games/x.to", "ml"]
        );
        assert_eq!(wrap_words("a b c", 3), ["a b", "c"]);
        assert_eq!(wrap_words("", 5), [""]);
        assert_eq!(ellipsis("abcdef", 4), "abc…");
        assert_eq!(ellipsis("abc", 4), "abc");
    }
}
