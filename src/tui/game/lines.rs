//! The small pieces of text the game screen's panels share, with each other and with the puzzle
//! panel: a side's mark, `label: value` word-wrapped to a panel, the colour the next stone
//! takes, a note as the message rows. A leaf of its own because every panel uses them and they
//! use no panel.

use crate::games::{GameKind, Side, Stone};
use crate::tui::board::Glyphs;
use crate::tui::layout::{ellipsis, text_width, wrap_words};
use crate::tui::note::Note;
use crate::tui::settings::Settings;
use ratatui::text::{Line, Span};

/// How a side is shown in panels: its stone for black/white games, its initial otherwise.
pub fn side_mark(kind: GameKind, side: Side, glyphs: Glyphs) -> String {
    if kind.spec().sides_by_letter {
        kind.side_letter(side).to_string()
    } else {
        glyphs.stone(Stone::of_side(side)).to_string()
    }
}

/// The colour the next stone takes where the player chooses it (Carteso, Wunchunk):
/// `colour: ● black  (c switches)`.
pub fn colour_line(colour: Stone, s: &Settings) -> Line<'static> {
    let t = &s.theme;
    let glyphs = Glyphs::for_mode(s.ascii());
    let (glyph, name) = if colour == Stone::Black {
        (glyphs.black, "black")
    } else {
        (glyphs.white, "white")
    };
    Line::from(vec![
        Span::styled("colour: ", t.dim),
        Span::styled(format!("{glyph} {name}"), t.accent),
        Span::styled("  (c switches)", t.dim),
    ])
}

/// `label: value`, word-wrapped to `width` with the continuation lines indented.
pub fn wrapped(label: &str, value: &str, width: u16, s: &Settings) -> Vec<Line<'static>> {
    let width = (width as usize).max(12);
    let head = format!("{label}: ");
    let mut out: Vec<Line> = Vec::new();
    let mut spans = vec![Span::styled(head.clone(), s.theme.dim)];
    let mut used = text_width(&head);
    let mut text = String::new();
    for word in value.split(' ') {
        let w = text_width(word);
        if !text.is_empty() && used + 1 + w > width {
            spans.push(Span::styled(std::mem::take(&mut text), s.theme.text));
            out.push(Line::from(std::mem::take(&mut spans)));
            spans.push(Span::raw("  "));
            used = 2;
        } else if !text.is_empty() {
            text.push(' ');
            used += 1;
        }
        text.push_str(word);
        used += w;
    }
    spans.push(Span::styled(text, s.theme.text));
    out.push(Line::from(spans));
    out
}

/// A note as the two message rows: word-wrapped, cut with `…` beyond two.
pub fn note_lines(note: Option<&Note>, s: &Settings, width: u16) -> Vec<Line<'static>> {
    match note {
        Some(n) => {
            let style = if n.error { s.theme.error } else { s.theme.text };
            let mut rows = wrap_words(&n.text, width as usize);
            if rows.len() > 2 {
                let rest = rows[1..].join(" ");
                rows.truncate(2);
                rows[1] = ellipsis(&rest, width as usize);
            }
            rows.into_iter().map(|r| Line::styled(r, style)).collect()
        }
        None => Vec::new(),
    }
}
