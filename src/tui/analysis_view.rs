//! Drawing analysis and review: the candidates and the stepped principal variation in the AI
//! panel, the Review panel (progress, the win-rate graph with the current turn and the marked
//! turns, the counts per side, the judgement of the turn shown), and the marks in the history.
//!
//! Everything has a shape as well as a colour: the graph's current turn is `^` under it,
//! marked turns `!` (blunder), `?` (mistake), `.` (inaccuracy), so it reads with `NO_COLOR`
//! and `--ascii` too.

use super::board::Glyphs;
use super::layout::panel;
use super::panels::side_mark;
use super::play::Play;
use super::settings::Settings;
use crate::games::Side;
use crate::review::Judgement;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::symbols;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Sparkline, SparklineBar};
use ratatui::Frame;

/// The AI panel's analysis lines: the candidates (rank, turn, visits, win rate, margin) and
/// where the ghost board is in the principal variation.
pub fn candidate_lines(play: &Play, s: &Settings) -> Vec<Line<'static>> {
    let t = &s.theme;
    let Some(a) = play.current_analysis() else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let step = play.analysis_mode().pv_step();
    if step > 0 {
        lines.push(Line::from(vec![
            Span::styled(format!("ghost {step}/{} ", a.pv.len()), t.accent),
            Span::styled("v next · V back", t.dim),
        ]));
    }
    for (i, c) in a.candidates.iter().enumerate() {
        let mut spans = vec![
            Span::styled(format!("{} ", i + 1), t.accent),
            Span::styled(format!("{:<5}", c.step), t.text),
            Span::styled(format!("{:>7} ", visits(c.visits)), t.dim),
            Span::styled(format!("{:>3.0}%", 100.0 * c.win_rate), t.text),
        ];
        if let Some(m) = c.score {
            spans.push(Span::styled(format!(" {m:+.1}"), t.dim));
        }
        lines.push(Line::from(spans));
    }
    lines
}

fn visits(n: u64) -> String {
    if n >= 10_000 {
        format!("{:.0}k", n as f64 / 1000.0)
    } else {
        n.to_string()
    }
}

/// The character under the graph for a turn's judgement.
pub fn judgement_glyph(j: Judgement) -> char {
    match j {
        Judgement::Blunder => '!',
        Judgement::Mistake => '?',
        Judgement::Inaccuracy => '.',
    }
}

fn judgement_style(j: Judgement, s: &Settings) -> Style {
    match j {
        Judgement::Blunder => s.theme.error.add_modifier(Modifier::BOLD),
        Judgement::Mistake => s.theme.error,
        Judgement::Inaccuracy => s.theme.accent,
    }
}

/// The mark a history line gets from the review: ` ?? c5` (the judgement and the AI's
/// preferred turn), if its turn is marked.
pub fn history_mark(play: &Play, turn: usize, s: &Settings) -> Vec<Span<'static>> {
    let Some(r) = play.review().and_then(|r| r.turn(turn)) else {
        return Vec::new();
    };
    match r.judgement {
        Some(j) => vec![
            Span::styled(format!(" {}", j.mark()), judgement_style(j, s)),
            Span::styled(format!(" {}", r.best), s.theme.dim),
        ],
        None => Vec::new(),
    }
}

/// Which position (0 = the start) each of `width` graph columns shows, for `n` positions:
/// up to three columns a position when there is room, else one column for several.
pub fn columns(n: usize, width: usize) -> Vec<usize> {
    if n <= width {
        let k = (width / n.max(1)).clamp(1, 3);
        (0..n * k).map(|c| c / k).collect()
    } else {
        (0..width)
            .map(|c| ((c + 1) * n).div_ceil(width) - 1)
            .collect()
    }
}

/// The graph column that shows position `p` (the nearest one when columns skip positions).
pub fn column_of(n: usize, width: usize, p: usize) -> usize {
    let cols = columns(n, width);
    cols.iter()
        .position(|&q| q >= p)
        .unwrap_or(cols.len().saturating_sub(1))
}

/// The Review panel's text lines: progress while it runs; then the counts per side and the
/// verdict on the turn shown.
fn review_text(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let t = &s.theme;
    let Some(r) = play.review() else {
        return Vec::new();
    };
    let kind = play.session().kind();
    let glyphs = Glyphs::for_mode(s.ascii());
    let (done, total) = r.progress();
    let mut text: Vec<Line> = Vec::new();
    if !r.is_complete() {
        let w = (width as usize).saturating_sub(12).max(4);
        let filled = done * w / total.max(1);
        let (full, empty) = if s.ascii() {
            ("#", "-")
        } else {
            ("█", "░")
        };
        text.push(Line::from(vec![
            Span::styled(format!("{done:>3}/{total:<3} "), t.text),
            Span::styled(full.repeat(filled), t.bar_first),
            Span::styled(empty.repeat(w - filled), t.bar_second),
        ]));
        if let Some((d, n)) = r.checks_progress() {
            text.push(Line::styled(
                format!("checking turns against the AI's: {d}/{n}"),
                t.dim,
            ));
        }
        if !r.is_running() {
            text.push(Line::styled("R resumes the review", t.dim));
        }
        return text;
    }
    let counts = crate::review::summary(r.reviews());
    for side in [Side::First, Side::Second] {
        let c = counts[side.index()];
        text.push(Line::from(vec![
            Span::styled(format!("{} ", side_mark(kind, side, glyphs)), t.text),
            Span::styled(format!("{} ?!  {} ?  {} ??", c[0], c[1], c[2]), t.text),
        ]));
    }
    let turn = play.viewed_turn();
    let verdict = match r.turn(turn) {
        Some(tr) if tr.bid.is_some() => vec![format!(
            "{turn}. {} (the bid: not judged)",
            tr.bid.clone().unwrap_or_default()
        )],
        Some(tr) => {
            let j = tr.judgement.map_or("no mark", |j| j.word());
            let mut lost = format!(
                "lost {:.1}% win rate",
                100.0 * tr.win_rate_lost.unwrap_or(0.0)
            );
            if let Some(p) = tr.points_lost {
                lost += &format!(" · {p:.1} pts");
            }
            vec![
                format!(
                    "{turn}. {} {}: {j}, AI {}",
                    side_mark(kind, tr.mover, glyphs),
                    tr.played,
                    tr.best
                ),
                lost,
            ]
        }
        None => vec!["n N marked turns · [ ] steps".into()],
    };
    text.extend(verdict.into_iter().map(|v| Line::styled(v, t.dim)));
    text
}

/// Where the Review panel in `area` puts the graph's bars and marks (none when there is no
/// room) and the text under them.
fn review_layout(area: Rect, play: &Play, s: &Settings) -> (Option<(Rect, Rect)>, Rect) {
    let inner = panel("Review", s).inner(area);
    let lines = review_text(play, s, inner.width).len() as u16;
    // The graph takes what is left: at least a row of bars and one of marks.
    let text_h = lines.min(inner.height.saturating_sub(2));
    let graph_h = inner.height.saturating_sub(text_h);
    let graph = (graph_h >= 2 && inner.width >= 4).then(|| {
        (
            Rect::new(inner.x, inner.y, inner.width, graph_h - 1),
            Rect::new(inner.x, inner.y + graph_h - 1, inner.width, 1),
        )
    });
    (
        graph,
        Rect::new(inner.x, inner.y + graph_h, inner.width, text_h),
    )
}

/// The Review panel: progress while it runs, the first side's win rate over the game (one
/// bar a position, 0–100 %), the current turn and marked turns under it, the counts per side
/// and the verdict on the turn shown.
pub fn render_review(f: &mut Frame, area: Rect, play: &Play, s: &Settings) {
    f.render_widget(panel("Review", s), area);
    if play.review().is_none() {
        return;
    }
    let (graph, rest) = review_layout(area, play, s);
    if let Some((bars, marks)) = graph {
        render_graph(f, bars, marks, play, s);
    }
    let text = review_text(play, s, rest.width);
    f.render_widget(Paragraph::new(text), rest);
}

/// The position a click at (`column`, `row`) on the graph of the Review panel in `area` asks
/// for, if it is on the graph.
pub fn position_at(area: Rect, play: &Play, s: &Settings, column: u16, row: u16) -> Option<usize> {
    let n = play.review()?.progress().1;
    let (bars, marks) = review_layout(area, play, s).0?;
    let inside = column >= bars.x && column < bars.right() && row >= bars.y && row <= marks.y;
    if !inside {
        return None;
    }
    columns(n, bars.width as usize)
        .get((column - bars.x) as usize)
        .copied()
}

fn render_graph(f: &mut Frame, bars: Rect, marks: Rect, play: &Play, s: &Settings) {
    let t = &s.theme;
    let Some(r) = play.review() else {
        return;
    };
    let n = r.progress().1;
    let width = bars.width as usize;
    let cols = columns(n, width);
    let current = play.viewed_turn();
    let here = column_of(n, width, current);
    let wr = &r.section().win_rate;
    let data: Vec<SparklineBar> = cols
        .iter()
        .enumerate()
        .map(|(c, &p)| {
            let value = wr.get(p).map(|w| (w * 100.0).round() as u64);
            let style = if c == here { t.accent } else { t.bar_first };
            SparklineBar::from(value).style(Some(style))
        })
        .collect();
    let set = if s.ascii() {
        symbols::bar::Set {
            full: "#",
            seven_eighths: "#",
            three_quarters: "=",
            five_eighths: "=",
            half: "-",
            three_eighths: "-",
            one_quarter: "_",
            one_eighth: "_",
            empty: " ",
        }
    } else {
        symbols::bar::NINE_LEVELS
    };
    f.render_widget(
        Sparkline::default()
            .data(data)
            .max(100)
            .bar_set(set)
            .style(t.bar_first)
            .absent_value_symbol(" "),
        bars,
    );
    // Under the graph: the marked turns and the current one.
    let mut line: Vec<Span> = Vec::new();
    for (c, &p) in cols.iter().enumerate() {
        let worst = (cols.get(c.wrapping_sub(1)).map_or(0, |&q| q + 1)..=p)
            .filter_map(|pos| r.turn(pos).and_then(|tr| tr.judgement))
            .max();
        let (ch, style) = if c == here {
            ('^', t.accent.add_modifier(Modifier::BOLD))
        } else if let Some(j) = worst {
            (judgement_glyph(j), judgement_style(j, s))
        } else {
            (' ', t.text)
        };
        line.push(Span::styled(ch.to_string(), style));
    }
    f.render_widget(Paragraph::new(Line::from(line)), marks);
}

/// Whether the Review panel is shown.
pub fn shows_review(play: &Play) -> bool {
    play.review().is_some_and(|r| r.matches(play.session()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_columns_cover_every_position_in_order() {
        assert_eq!(columns(3, 10), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
        assert_eq!(columns(4, 6), [0, 1, 2, 3]);
        let many = columns(100, 30);
        assert_eq!(many.len(), 30);
        assert_eq!(*many.last().unwrap(), 99, "the last position always shows");
        assert!(many.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(column_of(3, 10, 1), 3);
        assert_eq!(column_of(100, 30, 99), 29);
    }
}
