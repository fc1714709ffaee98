//! The panels of the game screen: status, move history, AI, and the message lines; where they
//! go (in a column beside the board or a band below it, the Review panel in the status panel's
//! place), and so which position a click on the review's graph asks for. The AI panel's lines
//! are [`super::ai_panel`]'s, the Review panel's [`super::review_graph`]'s, the small pieces
//! they share [`super::lines`]'.

use super::ai_panel::ai_lines;
use super::analysis_view;
use super::areas::GameAreas;
use super::lines::{colour_line, note_lines, side_mark, wrapped};
use super::play::{BidStep, Play};
use super::review_graph;
use crate::ai::Analysis;
use crate::games::{format_komi, Describe, Game, GameKind, Side, Step};
use crate::tui::board::input::has_colour_choice;
use crate::tui::board::Glyphs;
use crate::tui::layout::{pad, panel, text_width};
use crate::tui::settings::Settings;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::time::Duration;

/// The columns of a side's name ("Horizontal ") in the status panel.
const SIDE_COLUMNS: usize = 11;

/// The status panel's lines.
pub fn status_lines(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let t = &s.theme;
    let g = play.shown();
    let kind = g.kind();
    let glyphs = Glyphs::for_mode(s.ascii());
    let geo = g.geometry();
    let size = geo.kind().size_label(geo.size());
    let mut lines = vec![Line::from(vec![
        Span::styled(kind.title().to_string(), t.accent),
        Span::styled(
            format!(" {size} · turn {}", g.turns_completed() + 1),
            t.text,
        ),
    ])];
    let human_name = if play.players().iter().all(|p| !p.is_ai()) {
        "player"
    } else {
        "you"
    };
    let bid = if !play.is_viewing() {
        play.bid_step()
    } else {
        None
    };
    if let Some(step) = bid {
        // Sides are not taken yet: say who does what in the bid instead.
        for (seat, what) in [(0, "sets komi: "), (1, "picks a side: ")] {
            let active = (step == BidStep::Komi) == (seat == 0);
            let room = (width as usize).saturating_sub(2 + text_width(what));
            let who = play.seat_label(seat, human_name, room);
            lines.push(Line::from(vec![
                Span::styled(if active { "▶ " } else { "  " }, t.accent),
                Span::styled(what, t.dim),
                Span::styled(who, t.text),
            ]));
        }
    }
    for side in [Side::First, Side::Second] {
        if bid.is_some() {
            break;
        }
        let to_move = !g.is_over() && play.resigned().is_none() && g.to_move() == side;
        let mark = format!("{} ", side_mark(kind, side, glyphs));
        let who = if play.is_viewing() {
            String::new()
        } else {
            let room = (width as usize).saturating_sub(2 + text_width(&mark) + SIDE_COLUMNS);
            play.seat_label(play.seat_of(side), human_name, room)
        };
        lines.push(Line::from(vec![
            Span::styled(if to_move { "▶ " } else { "  " }, t.accent),
            Span::styled(mark, t.text),
            Span::styled(pad(&kind.side_title(side), SIDE_COLUMNS), t.text),
            Span::styled(who, t.dim),
        ]));
    }
    if let Some(line) = clock_line(play, s) {
        lines.push(line);
    }
    for (label, value) in g.status() {
        // During the bid the lines above say who does what.
        if bid.is_some() && label == "bid" {
            continue;
        }
        lines.extend(wrapped(label, &value, width, s));
    }
    if play.board().overlay() {
        if let Some(legend) = overlay_legend(kind) {
            lines.extend(wrapped("overlay", legend, width, s));
        }
    }
    if has_colour_choice(kind) && play.can_act() {
        lines.push(colour_line(play.board().colour(), s));
    }
    if play.is_viewing() {
        lines.push(Line::styled(
            format!(
                "viewing after turn {} of {}",
                play.viewed_turn(),
                play.session().turns().len()
            ),
            t.accent,
        ));
    } else if let Some(r) = play.result_text() {
        lines.push(Line::from(vec![
            Span::styled("result: ", t.dim),
            Span::styled(r, t.accent),
        ]));
    } else if let Some(why) = play.read_only_reason() {
        lines.extend(wrapped("read-only", why, width, s));
    } else if let Some(status) = play.online().and_then(|o| o.live.status.clone()) {
        lines.extend(wrapped("server", &status, width, s));
    } else if play.can_act() || (play.online().is_none() && !play.controller().is_ai()) {
        match play.bid_step() {
            Some(BidStep::Komi) => lines.push(Line::from(vec![
                Span::styled("your komi offer: ", t.dim),
                Span::styled(format_komi(play.komi_offer()), t.accent),
            ])),
            Some(BidStep::Side) => {
                lines.push(Line::styled("choose your side", t.accent));
                if let Some(e) = play
                    .ai()
                    .estimate()
                    .filter(|_| play.shows_opponent_estimate())
                {
                    lines.extend(estimate_lines(play, e, s, width));
                }
            }
            None => {}
        }
    }
    lines
}

/// A clock as shown: `4:05`, `0:09.5` under ten seconds.
fn clock_text(left: Duration) -> String {
    let ms = left.as_millis();
    let s = ms / 1000;
    if s < 10 {
        format!("0:0{}.{}", s, (ms % 1000) / 100)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The clocks of a game on a server: `time: ● 4:05 · ○ 3:59`, the running one highlighted.
fn clock_line(play: &Play, s: &Settings) -> Option<Line<'static>> {
    let o = play.online()?;
    o.live.clock.control.allowance()?;
    let t = &s.theme;
    let glyphs = Glyphs::for_mode(s.ascii());
    let kind = play.session().kind();
    let mut spans = vec![Span::styled("time: ", t.dim)];
    for side in [Side::First, Side::Second] {
        if side == Side::Second {
            spans.push(Span::styled(" · ", t.dim));
        }
        let seat = play.seat_of(side);
        let left = clock_text(o.live.clock.left_at(seat, o.now));
        let style = if o.live.clock.running == Some(seat) {
            t.accent
        } else {
            t.text
        };
        spans.push(Span::styled(
            format!("{} {left}", side_mark(kind, side, glyphs)),
            style,
        ));
    }
    spans.push(Span::styled(
        format!("  ({})", o.live.clock.control.describe()),
        t.dim,
    ));
    Some(Line::from(spans))
}

/// What the overlay's marks mean, for the games that have one.
pub fn overlay_legend(kind: GameKind) -> Option<&'static str> {
    kind.spec().overlay_legend
}

/// The komi the bid set (half points; 0 before the `komi=` turn).
fn bid_komi(play: &Play) -> u16 {
    play.session()
        .turns()
        .iter()
        .flat_map(|t| &t.steps)
        .find_map(|s| match s {
            Step::Komi(h) => Some(*h),
            _ => None,
        })
        .unwrap_or(0)
}

fn estimate_lines(play: &Play, e: &Analysis, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let kind = play.session().kind();
    let side = |best: &str| best.trim_start_matches("play=").to_string();
    match (&e.best, e.win_rate) {
        (Some(best), Some(w)) => wrapped(
            "AI's estimate",
            &format!(
                "{} wins {:.0}% at komi {}",
                side(best),
                w * 100.0,
                format_komi(bid_komi(play))
            ),
            width,
            s,
        ),
        (Some(best), None) => vec![Line::styled(
            format!("the AI would take {}", side(best)),
            s.theme.dim,
        )],
        _ => vec![Line::styled(
            format!("the AI has no estimate for {}", kind.title()),
            s.theme.dim,
        )],
    }
}

/// Number of lines of the history: one per turn, one for the turn in progress.
pub fn history_len(play: &Play) -> usize {
    let s = play.session();
    s.turns().len() + usize::from(!s.pending().is_empty())
}

/// The history lines `from..from + count` (only those are built: a long game has thousands).
/// The current turn (the one history stepping shows) is highlighted.
pub fn history_lines(play: &Play, s: &Settings, from: usize, count: usize) -> Vec<Line<'static>> {
    let t = &s.theme;
    let kind = play.session().kind();
    let glyphs = Glyphs::for_mode(s.ascii());
    let current = play.viewed_turn();
    let turns = play.session().turns();
    let mut lines: Vec<Line> = turns
        .iter()
        .enumerate()
        .skip(from)
        .take(count)
        .map(|(i, turn)| {
            let style = if i + 1 == current { t.selected } else { t.text };
            // The bid's turns say who did what; the others show the side and the token.
            match play.bid_sentence(i) {
                Some(text) => Line::from(vec![
                    Span::styled(format!("{:>3}. ", i + 1), t.dim),
                    Span::styled(text, style),
                ]),
                None => {
                    let mut spans = vec![
                        Span::styled(format!("{:>3}. ", i + 1), t.dim),
                        Span::styled(format!("{} ", side_mark(kind, turn.side, glyphs)), t.text),
                        Span::styled(turn.token.clone(), style),
                    ];
                    spans.extend(analysis_view::history_mark(play, i + 1, s));
                    Line::from(spans)
                }
            }
        })
        .collect();
    let pending = play.session().pending();
    if !pending.is_empty() && lines.len() < count && from <= turns.len() {
        let g = play.game();
        let text: Vec<String> = pending.iter().map(|&st| g.format_step(st)).collect();
        lines.push(Line::from(vec![
            Span::styled(format!("{:>3}. ", turns.len() + 1), t.dim),
            Span::styled(format!("{} ", side_mark(kind, g.to_move(), glyphs)), t.text),
            Span::styled(format!("{} …", text.join(",")), t.accent),
        ]));
    }
    if history_len(play) == 0 {
        lines.push(Line::styled("no turns yet", t.dim));
    }
    lines
}

/// Draws the history in `area`, scrolled so that the current turn (or, in the live game, the
/// last line) shows.
pub fn render_history(f: &mut Frame, area: Rect, play: &Play, s: &Settings) {
    let block = panel("History", s);
    let inner = block.inner(area);
    f.render_widget(block, area);
    let h = inner.height as usize;
    let len = history_len(play);
    let focus = if play.is_viewing() {
        play.viewed_turn().saturating_sub(1)
    } else {
        len.saturating_sub(1)
    };
    let top = (focus + 1).saturating_sub(h).min(len.saturating_sub(h));
    f.render_widget(Paragraph::new(history_lines(play, s, top, h)), inner);
}

/// Where the Review panel goes among the panels in `area` (the status panel's place), when
/// it shows; `graph_apart` says whether the win-rate graph has its own area (else it is in
/// the Review panel).
pub fn review_area(
    area: Rect,
    below: bool,
    play: &Play,
    s: &Settings,
    graph_apart: bool,
) -> Option<Rect> {
    if !analysis_view::shows_review(play) {
        return None;
    }
    if below {
        return Some(Rect::new(area.x, area.y, area.width / 3, area.height));
    }
    let (status_h, _) = column_heights(area, play, s, graph_apart);
    Some(Rect::new(area.x, area.y, area.width, status_h))
}

/// The position a click at (`column`, `row`) asks for, if it is on the graph (in its own
/// area or in the Review panel).
pub fn clicked_position(
    a: &GameAreas,
    play: &Play,
    s: &Settings,
    column: u16,
    row: u16,
) -> Option<usize> {
    let graph = match a.graph {
        Some(g) => panel("", s).inner(g),
        None => {
            let area = review_area(a.panels, a.below, play, s, false)?;
            let lines = analysis_view::review_text(play, s, area.width).len() as u16;
            review_graph::review_layout(
                area,
                lines,
                &review_graph::review_title(play, false),
                false,
                s,
            )
            .0?
        }
    };
    review_graph::position_at(graph, play, s, column, row)
}

/// The heights of the status (or review) panel and the AI panel in a column of panels.
fn column_heights(area: Rect, play: &Play, s: &Settings, graph_apart: bool) -> (u16, u16) {
    let review = analysis_view::shows_review(play);
    // Analysis lists its candidates: the AI panel may take up to half the column then.
    let (most, share) = if play.analysing() {
        (AI_HEIGHT + 8, 2)
    } else {
        (AI_HEIGHT + 2, 3)
    };
    let ai_h = if play.ai_panel_hidden() {
        0
    } else {
        (ai_lines(play, s, area.width).len() as u16 + 1)
            .clamp(AI_HEIGHT, most)
            .min(area.height / share)
            .max(2)
    };
    // Reviewing, the Review panel (graph, counts, the turn's verdict) takes the status
    // panel's place.
    let status_h = if review {
        let lines = analysis_view::review_text(play, s, area.width).len() as u16;
        review_graph::review_height(lines, area.height.saturating_sub(ai_h), graph_apart)
    } else {
        status_lines(play, s, area.width).len() as u16 + 1
    }
    .min(area.height.saturating_sub(ai_h + 3));
    (status_h, ai_h)
}

/// The message lines (two): the command being typed (scrolled so its cursor shows), else the
/// last note, word-wrapped.
pub fn message_lines(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
    if let Some(c) = play.command() {
        let mut line = c.line(
            (width as usize).saturating_sub(1),
            s.theme.text,
            s.theme.selected,
        );
        line.spans.insert(0, Span::styled(":", s.theme.key));
        return vec![line];
    }
    note_lines(play.note(), s, width)
}

/// Draws the status, history and AI panels: stacked in a column, or side by side in a band
/// below the board.
pub fn render_panels(f: &mut Frame, area: Rect, below: bool, play: &Play, s: &Settings) {
    let apart = review_graph::graph_apart((f.area().width, f.area().height), play);
    if let Some(r) = review_area(area, below, play, s, apart) {
        review_graph::render_review(f, r, play, s);
    }
    if below {
        let w = area.width / 3;
        // A hidden AI panel leaves its column to the history.
        let hist_w = if play.ai_panel_hidden() {
            area.width - w
        } else {
            w
        };
        let cols = [
            Rect::new(area.x, area.y, w, area.height),
            Rect::new(area.x + w, area.y, hist_w, area.height),
            Rect::new(area.x + 2 * w, area.y, area.width - 2 * w, area.height),
        ];
        if !analysis_view::shows_review(play) {
            let status = status_lines(play, s, cols[0].width);
            f.render_widget(Paragraph::new(status).block(panel("Status", s)), cols[0]);
        }
        render_history(f, cols[1], play, s);
        if !play.ai_panel_hidden() {
            let ai = ai_lines(play, s, cols[2].width);
            f.render_widget(Paragraph::new(ai).block(panel("AI", s)), cols[2]);
        }
        return;
    }
    let review = analysis_view::shows_review(play);
    let (status_h, ai_h) = column_heights(area, play, s, apart);
    let hist_h = area.height.saturating_sub(status_h + ai_h);
    let r_status = Rect::new(area.x, area.y, area.width, status_h);
    let r_hist = Rect::new(area.x, area.y + status_h, area.width, hist_h);
    let r_ai = Rect::new(area.x, area.y + status_h + hist_h, area.width, ai_h);
    if !review {
        let status = status_lines(play, s, area.width);
        f.render_widget(Paragraph::new(status).block(panel("Status", s)), r_status);
    }
    render_history(f, r_hist, play, s);
    if !play.ai_panel_hidden() {
        let ai = ai_lines(play, s, area.width);
        f.render_widget(Paragraph::new(ai).block(panel("AI", s)), r_ai);
    }
}

/// Rows of the AI panel (title included) at least.
const AI_HEIGHT: u16 = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_show_as_people_read_them() {
        assert_eq!(clock_text(Duration::from_millis(245_000)), "4:05");
        assert_eq!(clock_text(Duration::from_millis(9_540)), "0:09.5");
    }
}
