//! Drawing analysis and review: the candidates and the stepped principal variation in the AI
//! panel, the Review panel's text (progress, the counts per side, the judgement of the turn
//! shown; the panel with its win-rate graph is drawn by [`super::review_graph`]), and the marks
//! in the history.

use super::lines::side_mark;
use super::play::Play;
use crate::games::Side;
use crate::review::Judgement;
use crate::tui::board::Glyphs;
use crate::tui::settings::Settings;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

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

/// The style of a turn's mark (in the history and on the graph).
pub(super) fn judgement_style(j: Judgement, s: &Settings) -> Style {
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

/// The Review panel's text lines: progress while it runs; then the counts per side and the
/// verdict on the turn shown.
pub(super) fn review_text(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
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

/// Whether the Review panel is shown.
pub fn shows_review(play: &Play) -> bool {
    play.review().is_some_and(|r| r.matches(play.session()))
}
