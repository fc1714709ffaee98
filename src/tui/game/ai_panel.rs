//! The AI panel: what the AI is doing, and whose numbers it shows.
//!
//! The panel shows one search's numbers at a time and says whose they are: analysis (`a`,
//! level 10), a hint's search (`H`, level 10), the server's analysis for a watcher, or the AI
//! opponent's own estimate at its level, which shows only where `show_estimate` lets it (see
//! [`Play::shows_opponent_estimate`]). Numbers show only while the position they are about is
//! the one on screen: a take-back, a history step, a side choice or the end of the game
//! leave no stale line. `A` hides the panel.
//!
//! Under the first line (what the AI does, or why its last job failed: a crash names the log
//! with its details) the panel names what evaluates the positions: the opponent's level's
//! evaluator and level 10's, for hints, analysis and reviews ([`super::evaluator`]).

use super::analysis::ANALYSIS_LEVEL;
use super::analysis_view;
use super::evaluator;
use super::lines::side_mark;
use super::play::key_of;
use super::play::Play;
use crate::ai::{Analysis, Purpose};
use crate::config::ShowEstimate;
use crate::games::{Game, GameKind, Side};
use crate::tui::board::Glyphs;
use crate::tui::settings::Settings;
use ratatui::text::{Line, Span};

impl Play {
    /// Whether the AI opponent's own estimate (its search at its level, its estimate for
    /// the side choice in the bid) may be shown: `always`; with `after_game`, only where
    /// nobody plays against it (AI against AI); never with `never`. Once the game is over its
    /// estimates are of earlier positions, and analysis takes over ([`Play::analysing`]).
    pub fn shows_opponent_estimate(&self) -> bool {
        match self.show_estimate {
            ShowEstimate::Never => false,
            ShowEstimate::AfterGame => self.watching(),
            ShowEstimate::Always => true,
        }
    }

    /// The numbers the AI panel shows: the latest analysis, if it is about the position on
    /// screen (not over) and comes from a search the panel may show.
    pub fn panel_estimate(&self) -> Option<&Analysis> {
        let a = self.ai.analysis()?;
        let shown = self.shown();
        if self.ai.about != Some(key_of(shown)) || shown.is_over() {
            return None;
        }
        let (purpose, _) = self.ai.source()?;
        let allowed = match purpose {
            Purpose::Analyse => self.analysing(),
            Purpose::Hint => true,
            // On a server only a watcher who asked has the AI analyse.
            Purpose::Turn | Purpose::Estimate => {
                self.online.is_some() || self.shows_opponent_estimate()
            }
        };
        allowed.then_some(a)
    }

    /// Whether the AI panel is hidden (`A`).
    pub fn ai_panel_hidden(&self) -> bool {
        self.ai.hidden
    }

    /// Hides or shows the AI panel.
    pub fn toggle_ai_panel(&mut self) {
        self.ai.hidden = !self.ai.hidden;
        self.say(if self.ai.hidden {
            "AI panel hidden (A shows it)"
        } else {
            "AI panel shown (A hides it)"
        });
    }
}

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const ASCII_SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// The first line: what the AI is doing (with a spinner while it works) or waits for, or why
/// its last job failed.
fn state_line(play: &Play, s: &Settings) -> Line<'static> {
    let t = &s.theme;
    let ai = play.ai();
    if let Some(message) = ai.failed().filter(|_| ai.job().is_none()) {
        return failure_line(message, s);
    }
    if let Some((_, purpose)) = ai.job() {
        let a = ai.analysis();
        let tick = a.map_or(0, |a| (a.elapsed.as_millis() / 100) as usize);
        let spin = if s.ascii() {
            ASCII_SPINNER[tick % ASCII_SPINNER.len()]
        } else {
            SPINNER[tick % SPINNER.len()]
        };
        let level = ai.source().map_or(0, |(_, l)| l);
        let what = match purpose {
            Purpose::Estimate if play.online().is_some() => format!("analysing (level {level})"),
            Purpose::Estimate => format!("AI level {level} estimating"),
            Purpose::Analyse => format!("analysis (level {level})"),
            Purpose::Hint => format!("hint: level {level} searching"),
            Purpose::Turn => format!("AI level {level} thinking"),
        };
        let secs = a.map_or(0.0, |a| a.elapsed.as_secs_f64());
        return Line::styled(format!("{spin} {what}… {secs:.1} s"), t.accent);
    }
    let text = match play.online() {
        Some(o) if o.live.seat.is_none() && !o.analysis => "analysis off: a turns it on".into(),
        Some(o) if o.live.seat.is_none() => "analysis".into(),
        _ if play.finished() && !play.is_viewing() => "game over".into(),
        _ if play.analysing() => format!("analysis (level {ANALYSIS_LEVEL}) · a turns it off"),
        _ if play.players().iter().all(|p| !p.is_ai()) => "no AI in this game".into(),
        _ if play.is_read_only() => "read-only".into(),
        _ if !play.is_viewing() && play.controller().is_ai() => "AI to move".into(),
        _ => "waiting for you".into(),
    };
    Line::styled(text, t.dim)
}

/// A failed job in one line: a crash names the log that has its details (the message line
/// below the board says it all, with the log's whole path).
fn failure_line(message: &str, s: &Settings) -> Line<'static> {
    let text = match crate::crash::log_named(message) {
        Some(log) => {
            let name = log.file_name().unwrap_or(log.as_os_str());
            format!("AI crashed: see {}", name.to_string_lossy())
        }
        None => format!("AI failed: {message}"),
    };
    Line::styled(text, s.theme.error)
}

/// What evaluates the AI's positions (the opponent's level, and level 10's for hints, analysis
/// and reviews): one line, or two where one does not fit.
fn evaluator_lines(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let parts = evaluator::panel_parts(play);
    let one = parts.join(" · ");
    let lines = if one.chars().count() <= width as usize {
        vec![one]
    } else {
        parts
    };
    lines
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(|l| Line::styled(l, s.theme.dim))
        .collect()
}

/// What the panel says instead of numbers: why there are none, and how to get some.
fn no_numbers_lines(play: &Play, s: &Settings) -> Vec<Line<'static>> {
    let t = &s.theme;
    let local = play.online().is_none() && !play.is_read_only();
    let against_ai = play.players().iter().any(|p| p.is_ai()) && !play.watching();
    if !local {
        return Vec::new();
    }
    if play.finished() {
        return if play.is_viewing() || play.ai().job().is_some() {
            Vec::new()
        } else if play.analysing() {
            vec![Line::styled("analysis: step back with [", t.dim)]
        } else {
            vec![Line::styled("a: analysis · R: review", t.dim)]
        };
    }
    if play.analysing() {
        return match play.ai().job() {
            Some((_, Purpose::Turn | Purpose::Estimate | Purpose::Hint)) => {
                vec![Line::styled("analysis waits for it", t.dim)]
            }
            _ => Vec::new(),
        };
    }
    let mut lines = Vec::new();
    if against_ai && !play.shows_opponent_estimate() {
        // The opponent's own estimate is hidden; analysis's comes after the game, or never.
        let when = match play.show_estimate {
            ShowEstimate::Never => "off (Settings)",
            _ => "after the game",
        };
        lines.push(Line::from(vec![
            Span::styled("estimate: ", t.dim),
            Span::styled(when, t.text),
        ]));
    }
    let keys = if play.can_hint() {
        "a: analysis · H: hint"
    } else {
        "a: analysis"
    };
    lines.push(Line::styled(keys, t.dim));
    lines
}

/// Whose numbers the panel shows, when they are not analysis's (the first line says so).
fn source_line(play: &Play, s: &Settings) -> Option<Line<'static>> {
    let t = &s.theme;
    let ai = play.ai();
    let (purpose, level) = ai.source()?;
    let running = ai.job().is_some();
    let text = match purpose {
        Purpose::Analyse => return None,
        Purpose::Estimate if play.online().is_some() => return None,
        Purpose::Hint if running => return None,
        Purpose::Hint => format!("hint search (level {level})"),
        Purpose::Turn | Purpose::Estimate => match ai.played() {
            Some(turn) => format!("AI level {level}'s view after {turn}"),
            None if running => format!("AI level {level}'s own view"),
            None => format!("AI level {level}'s estimate"),
        },
    };
    Some(Line::styled(text, t.dim))
}

/// The AI panel's lines.
pub fn ai_lines(play: &Play, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let t = &s.theme;
    let mut lines = vec![state_line(play, s)];
    lines.extend(evaluator_lines(play, s, width));
    if let Some(turn) = play.hinted_turn() {
        lines.push(Line::from(vec![
            Span::styled("hint ", t.dim),
            Span::styled(turn.to_string(), t.accent),
        ]));
        if !play.hint_cells().is_empty() {
            if let Some(l) = lines.last_mut() {
                l.spans.push(Span::styled(" (! on the board)", t.dim));
            }
        }
    }
    // Nothing is left to decide (only passes): the final score, not a win rate.
    if !play.is_viewing() {
        if let Some(end) = play.settled_end().filter(|_| !play.finished()) {
            let result = end.result_text().unwrap_or_else(|| "game over".into());
            lines.push(Line::from(vec![
                Span::styled("settled: ", t.dim),
                Span::styled(result, t.accent),
            ]));
            lines.push(Line::styled("only passes are left", t.dim));
            return lines;
        }
    }
    let Some(a) = play.panel_estimate() else {
        lines.extend(no_numbers_lines(play, s));
        return lines;
    };
    lines.extend(source_line(play, s));
    let ai = play.ai();
    let kind = play.session().kind();
    if let (Some(proven), Some(side)) = (a.proven, ai.side()) {
        let winner = match proven {
            "win" => Some(side),
            "loss" => Some(side.other()),
            _ => None,
        };
        let text = match winner {
            Some(w) => format!("{} wins (proven)", kind.side_title(w)),
            None => "a draw (proven)".into(),
        };
        lines.push(Line::styled(text, t.accent));
    } else if let (Some(w), Some(side)) = (a.win_rate, ai.side()) {
        lines.push(win_bar(kind, side, w, s, width));
    }
    if let (Some(score), Some(side)) = (a.score, ai.side()) {
        let first = if side == Side::First { score } else { -score };
        let lead = if first >= 0.0 {
            Side::First
        } else {
            Side::Second
        };
        lines.push(Line::from(vec![
            Span::styled("score ", t.dim),
            Span::styled(
                format!("{} by {:.1}", kind.side_letter(lead), first.abs()),
                t.text,
            ),
        ]));
    }
    // After the AI's turn its best turn is the one it played, and its line goes on from
    // there.
    let played = ai.played().is_some();
    let pv: &[String] = if played && !a.pv.is_empty() {
        &a.pv[1..]
    } else {
        &a.pv
    };
    if let Some(best) = a.best.as_ref().filter(|_| !played) {
        lines.push(Line::from(vec![
            Span::styled("best ", t.dim),
            Span::styled(best.clone(), t.accent),
        ]));
    }
    if pv.len() > usize::from(!played) {
        lines.push(Line::from(vec![
            Span::styled("pv   ", t.dim),
            Span::styled(pv.join(" "), t.text),
        ]));
    }
    lines.extend(analysis_view::candidate_lines(play, s));
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

/// The win-rate bar: the first side's share on the left.
fn win_bar(kind: GameKind, side: Side, w: f64, s: &Settings, width: u16) -> Line<'static> {
    let t = &s.theme;
    let glyphs = Glyphs::for_mode(s.ascii());
    let first = if side == Side::First { w } else { 1.0 - w };
    let bar_w = width.saturating_sub(16).clamp(4, 30) as usize;
    let filled = ((first * bar_w as f64).round() as usize).min(bar_w);
    let (full, empty) = if s.ascii() {
        ("#", "-")
    } else {
        ("█", "░")
    };
    let pct = |v: f64| format!("{:>3.0}%", v * 100.0);
    Line::from(vec![
        Span::styled(format!("{} ", side_mark(kind, Side::First, glyphs)), t.text),
        Span::styled(format!("{} ", pct(first)), t.text),
        Span::styled(full.repeat(filled), t.bar_first),
        Span::styled(empty.repeat(bar_w - filled), t.bar_second),
        Span::styled(format!(" {} ", pct(1.0 - first)), t.text),
        Span::styled(side_mark(kind, Side::Second, glyphs), t.text),
    ])
}
