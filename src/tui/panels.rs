//! The panels of the game screen: status, move history, AI, and the bottom lines.

use super::app::Settings;
use super::board::Glyphs;
use super::engine::Purpose;
use super::play::{has_colour_choice, BidStep, Play, Popup};
use crate::games::{format_komi, Describe, Game, GameKind, Side, Step, Stone};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

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

/// How a side is shown in panels: its stone for black/white games, its initial otherwise.
pub fn side_mark(kind: GameKind, side: Side, glyphs: Glyphs) -> String {
    match kind {
        GameKind::Carteso | GameKind::Linage => kind.side_letter(side).to_string(),
        _ => glyphs.stone(Stone::of_side(side)).to_string(),
    }
}

fn title_case(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The status panel's lines.
pub fn status_lines(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let t = &s.theme;
    let g = play.shown();
    let kind = g.kind();
    let glyphs = Glyphs::for_mode(s.ascii());
    let geo = g.geometry();
    let size = match geo.kind() {
        crate::board::BoardKind::Square => format!("{0}x{0}", geo.size()),
        crate::board::BoardKind::Hex => format!("side {}", geo.size()),
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(kind.title().to_string(), t.accent),
        Span::styled(
            format!(" {size} · turn {}", g.turns_completed() + 1),
            t.text,
        ),
    ])];
    let human_name = if play.players.iter().all(|p| !p.is_ai()) {
        "player"
    } else {
        "you"
    };
    let bid = if play.viewing.is_none() {
        play.bid_step()
    } else {
        None
    };
    if let Some(step) = bid {
        // Sides are not taken yet: say who does what in the bid instead.
        for (seat, what) in [(0, "sets komi"), (1, "picks a side")] {
            let active = (step == BidStep::Komi) == (seat == 0);
            let who = play.players[seat].describe(human_name);
            lines.push(Line::from(vec![
                Span::styled(if active { "▶ " } else { "  " }, t.accent),
                Span::styled(format!("{what}: "), t.dim),
                Span::styled(who, t.text),
            ]));
        }
    }
    for side in [Side::First, Side::Second] {
        if bid.is_some() {
            break;
        }
        let to_move = !g.is_over() && play.resigned.is_none() && g.to_move() == side;
        let who = if play.viewing.is_some() {
            String::new()
        } else {
            play.player_of(side).describe(human_name)
        };
        lines.push(Line::from(vec![
            Span::styled(if to_move { "▶ " } else { "  " }, t.accent),
            Span::styled(format!("{} ", side_mark(kind, side, glyphs)), t.text),
            Span::styled(format!("{:<11}", title_case(kind.side_name(side))), t.text),
            Span::styled(who, t.dim),
        ]));
    }
    for (label, value) in g.status() {
        lines.extend(wrapped(label, &value, width, s));
    }
    if has_colour_choice(kind) && play.viewing.is_none() {
        let (glyph, name) = if play.colour == Stone::Black {
            (glyphs.black, "black")
        } else {
            (glyphs.white, "white")
        };
        lines.push(Line::from(vec![
            Span::styled("colour: ", t.dim),
            Span::styled(format!("{glyph} {name}"), t.accent),
            Span::styled("  (c switches)", t.dim),
        ]));
    }
    if let Some((n, _)) = &play.viewing {
        lines.push(Line::styled(
            format!("viewing after turn {n} of {}", play.session.turns().len()),
            t.accent,
        ));
    } else if let Some(r) = play.result_text() {
        lines.push(Line::from(vec![
            Span::styled("result: ", t.dim),
            Span::styled(r, t.accent),
        ]));
    } else if !play.controller().is_ai() {
        match play.bid_step() {
            Some(BidStep::Komi) => lines.push(Line::from(vec![
                Span::styled("your komi offer: ", t.dim),
                Span::styled(format_komi(play.komi_offer), t.accent),
            ])),
            Some(BidStep::Side) => {
                lines.push(Line::styled("choose your side", t.accent));
                if let Some(e) = play.ai.estimate.as_ref() {
                    lines.push(estimate_line(play, e, s));
                }
            }
            None => {}
        }
    }
    lines
}

/// `label: value`, word-wrapped to `width` with the continuation lines indented.
pub fn wrapped(label: &str, value: &str, width: u16, s: &Settings) -> Vec<Line<'static>> {
    let width = (width as usize).max(12);
    let head = format!("{label}: ");
    let mut out: Vec<Line> = Vec::new();
    let mut spans = vec![Span::styled(head.clone(), s.theme.dim)];
    let mut used = head.chars().count();
    let mut text = String::new();
    for word in value.split(' ') {
        let w = word.chars().count();
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

/// The komi the bid set (half points; 0 before the `komi=` turn).
fn bid_komi(play: &Play) -> u16 {
    play.session
        .turns()
        .iter()
        .flat_map(|t| &t.steps)
        .find_map(|s| match s {
            Step::Komi(h) => Some(*h),
            _ => None,
        })
        .unwrap_or(0)
}

fn estimate_line(play: &Play, e: &super::engine::Analysis, s: &Settings) -> Line<'static> {
    let kind = play.session.kind();
    let side = |best: &str| best.trim_start_matches("play=").to_string();
    let text = match (&e.best, e.win_rate) {
        (Some(best), Some(w)) => format!(
            "AI's estimate: {} wins {:.0}% at komi {}",
            side(best),
            w * 100.0,
            format_komi(bid_komi(play))
        ),
        (Some(best), None) => format!("the AI would take {}", side(best)),
        _ => format!("the AI has no estimate for {}", kind.title()),
    };
    Line::styled(text, s.theme.dim)
}

/// Number of lines of the history: one per turn, one for the turn in progress.
pub fn history_len(play: &Play) -> usize {
    play.session.turns().len() + usize::from(!play.session.pending().is_empty())
}

/// The history lines `from..from + count` (only those are built: a long game has thousands).
/// The current turn (the one history stepping shows) is highlighted.
pub fn history_lines(play: &Play, s: &Settings, from: usize, count: usize) -> Vec<Line<'static>> {
    let t = &s.theme;
    let kind = play.session.kind();
    let glyphs = Glyphs::for_mode(s.ascii());
    let current = play.viewed_turn();
    let turns = play.session.turns();
    let mut lines: Vec<Line> = turns
        .iter()
        .enumerate()
        .skip(from)
        .take(count)
        .map(|(i, turn)| {
            let style = if i + 1 == current { t.selected } else { t.text };
            Line::from(vec![
                Span::styled(format!("{:>3}. ", i + 1), t.dim),
                Span::styled(format!("{} ", side_mark(kind, turn.side, glyphs)), t.text),
                Span::styled(turn.token.clone(), style),
            ])
        })
        .collect();
    let pending = play.session.pending();
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
    let focus = match &play.viewing {
        Some((n, _)) => n.saturating_sub(1),
        None => len.saturating_sub(1),
    };
    let top = (focus + 1).saturating_sub(h).min(len.saturating_sub(h));
    f.render_widget(Paragraph::new(history_lines(play, s, top, h)), inner);
}

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const ASCII_SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// The AI panel's lines.
pub fn ai_lines(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let t = &s.theme;
    let kind = play.session.kind();
    let glyphs = Glyphs::for_mode(s.ascii());
    let mut lines = Vec::new();
    let a = play.ai.analysis.as_ref();
    let state = match play.ai.job {
        Some((_, purpose)) => {
            let tick = a.map_or(0, |a| (a.elapsed.as_millis() / 100) as usize);
            let spin = if s.ascii() {
                ASCII_SPINNER[tick % ASCII_SPINNER.len()]
            } else {
                SPINNER[tick % SPINNER.len()]
            };
            let what = if purpose == Purpose::Estimate {
                "estimating"
            } else {
                "thinking"
            };
            let secs = a.map_or(0.0, |a| a.elapsed.as_secs_f64());
            Span::styled(format!("{spin} {what}… {secs:.1} s"), t.accent)
        }
        None if play.players.iter().all(|p| !p.is_ai()) => {
            Span::styled("no AI in this game", t.dim)
        }
        None if play.finished() => Span::styled("game over", t.dim),
        None if play.viewing.is_none() && play.controller().is_ai() => {
            Span::styled("AI to move", t.dim)
        }
        None => Span::styled("waiting for you", t.dim),
    };
    lines.push(Line::from(state));
    let Some(a) = a else {
        return lines;
    };
    if let (Some(w), Some(side)) = (a.win_rate, play.ai.side) {
        let first = if side == Side::First { w } else { 1.0 - w };
        let bar_w = width.saturating_sub(16).clamp(4, 30) as usize;
        let filled = ((first * bar_w as f64).round() as usize).min(bar_w);
        let (full, empty) = if s.ascii() {
            ("#", "-")
        } else {
            ("█", "░")
        };
        let pct = |v: f64| format!("{:>3.0}%", v * 100.0);
        lines.push(Line::from(vec![
            Span::styled(format!("{} ", side_mark(kind, Side::First, glyphs)), t.text),
            Span::styled(format!("{} ", pct(first)), t.text),
            Span::styled(full.repeat(filled), t.bar_first),
            Span::styled(empty.repeat(bar_w - filled), t.bar_second),
            Span::styled(format!(" {} ", pct(1.0 - first)), t.text),
            Span::styled(side_mark(kind, Side::Second, glyphs), t.text),
        ]));
    }
    if let Some(best) = &a.best {
        lines.push(Line::from(vec![
            Span::styled("best ", t.dim),
            Span::styled(best.clone(), t.accent),
        ]));
    }
    if a.pv.len() > 1 {
        lines.push(Line::from(vec![
            Span::styled("pv   ", t.dim),
            Span::styled(a.pv.join(" "), t.text),
        ]));
    }
    if let Some(r) = a.rate() {
        let rate = if r >= 10_000.0 {
            format!("{:.1}k", r / 1000.0)
        } else {
            format!("{r:.0}")
        };
        lines.push(Line::styled(
            format!("{rate} it/s · {} it", a.iterations),
            t.dim,
        ));
    }
    lines
}

/// The keys that work now, most useful first.
pub fn key_hints(play: &Play) -> Vec<(&'static str, &'static str)> {
    if play.popup == Some(Popup::Help) {
        return vec![("any key", "close the help")];
    }
    if let Some(Popup::Result(_)) = play.popup {
        return vec![
            ("←→", "choose"),
            ("Enter", "select"),
            ("n", "new game"),
            ("s", "save"),
            ("b", "back to the position"),
            ("q", "quit"),
        ];
    }
    if play.command.is_some() {
        return vec![("Enter", "run"), ("Esc", "cancel")];
    }
    if play.viewing.is_some() {
        return vec![
            ("[ ]", "step"),
            ("Home", "start"),
            ("End", "back to the game"),
            ("?", "help"),
            ("q", "quit"),
        ];
    }
    let mut k = Vec::new();
    let g = play.game();
    let hex = g.geometry().kind() == crate::board::BoardKind::Hex;
    let undo = if hex { "U" } else { "u" };
    if play.finished() {
        k.extend([("r", "result"), ("[ ]", "history"), (undo, "undo")]);
    } else if play.watching() {
        let pause = if play.paused { "go on" } else { "pause" };
        k.extend([("Space", pause), ("[ ]", "history")]);
    } else if play.controller().is_ai() {
        k.extend([("[ ]", "history"), (undo, "undo")]);
    } else {
        match play.bid_step() {
            Some(BidStep::Komi) => {
                k.extend([("←→", "komi ±0.5"), ("PgUp/Dn", "±5"), ("Enter", "offer")])
            }
            Some(BidStep::Side) => {
                let kind = g.kind();
                k.push((side_key(kind, Side::First), side_hint(kind, Side::First)));
                k.push((side_key(kind, Side::Second), side_hint(kind, Side::Second)));
            }
            None => {
                k.push((
                    if hex {
                        "←→↑↓ yubn"
                    } else {
                        "←→↑↓"
                    },
                    "move",
                ));
                k.push(("Enter", "place"));
                let mut legal = Vec::new();
                g.legal_steps(&mut legal);
                if has_colour_choice(g.kind()) {
                    k.push(("c", "colour"));
                }
                for (step, key, what) in [
                    (Step::End, "e", "end turn"),
                    (Step::Pass, "p", "pass"),
                    (Step::Button, "B", "button"),
                    (Step::Swap, "s", "swap"),
                ] {
                    if legal.contains(&step) {
                        k.push((key, what));
                    }
                }
                k.push((undo, "undo"));
                k.push(("[ ]", "history"));
                if !g.ownership().is_empty() {
                    k.push(("t", "overlay"));
                }
            }
        }
    }
    k.extend([(":", "command"), ("?", "help"), ("q", "quit")]);
    // "? help" and "q quit" are the last two: hints_line always keeps them.
    k
}

fn side_hint(kind: GameKind, side: Side) -> &'static str {
    match (kind, side) {
        (GameKind::Keil, Side::First) => "take black (moves first)",
        (GameKind::Keil, Side::Second) => "take white (gets komi)",
        (_, Side::First) => "take vertical (moves first)",
        (_, Side::Second) => "take horizontal (gets komi)",
    }
}

fn side_key(kind: GameKind, side: Side) -> &'static str {
    match (kind.side_letter(side), side) {
        ('B', _) => "b",
        ('W', _) => "w",
        ('V', _) => "v",
        ('H', _) => "h",
        (_, Side::First) => "1",
        (_, Side::Second) => "2",
    }
}

/// One line of key hints, cut to `width` at a whole hint; the last two hints (help and quit
/// on the game screen) are kept whatever is dropped before them.
pub fn hints_line(hints: &[(&str, &str)], s: &Settings, width: u16) -> Line<'static> {
    let cost = |i: usize, (key, what): &(&str, &str)| {
        usize::from(i > 0) * 3 + key.chars().count() + 1 + what.chars().count()
    };
    let keep = hints.len().min(2);
    let (head, tail) = hints.split_at(hints.len() - keep);
    let tail_w: usize = tail.iter().map(|h| cost(1, h)).sum();
    let mut chosen: Vec<&(&str, &str)> = Vec::new();
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
        spans.push(Span::styled(key.to_string(), s.theme.key));
        spans.push(Span::styled(format!(" {what}"), s.theme.text));
    }
    Line::from(spans)
}

/// The message line: the command being typed, else the last note.
pub fn message_line(play: &Play, s: &Settings) -> Line<'static> {
    if let Some(c) = &play.command {
        return Line::from(vec![
            Span::styled(":", s.theme.key),
            Span::styled(format!("{c}█"), s.theme.text),
        ]);
    }
    match &play.note {
        Some(n) => Line::styled(
            n.text.clone(),
            if n.error { s.theme.error } else { s.theme.text },
        ),
        None => Line::styled(String::new(), Style::new()),
    }
}
