//! The game screen: the board on the left, the status, history and AI panels on the right,
//! the message and key lines at the bottom, and the help and result popups.

use super::app::Settings;
use super::board::{BoardLayout, BoardView, BoardWidget, Decorations, Glyphs};
use super::panels::{self, panel};
use super::play::{Play, Popup};
use super::play_keys::RESULT_ACTIONS;
use crate::board::Geometry;
use crate::games::{Describe, Game, Side};
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// Narrowest right-hand panel column.
pub const PANEL_MIN_WIDTH: u16 = 30;
/// Rows the right-hand panels need at least (status, AI and a few history lines).
pub const PANEL_MIN_HEIGHT: u16 = 18;
/// Rows of the AI panel (title included).
const AI_HEIGHT: u16 = 6;

/// Where the parts of the game screen go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAreas {
    /// The board picture (exactly its size).
    pub board: Rect,
    /// The right-hand column of panels.
    pub panels: Rect,
    /// The message line.
    pub message: Rect,
    /// The key line.
    pub keys: Rect,
}

/// The smallest terminal the game screen needs for a board (columns, rows).
pub fn needed(geo: &'static Geometry) -> (u16, u16) {
    let l = BoardLayout::of(geo);
    (
        l.width() + 2 + PANEL_MIN_WIDTH,
        (l.height() + 1).max(PANEL_MIN_HEIGHT) + 2,
    )
}

/// Splits the screen, or says which size is needed.
pub fn areas(size: (u16, u16), geo: &'static Geometry) -> Result<GameAreas, (u16, u16)> {
    let (w, h) = size;
    let need = needed(geo);
    if w < need.0 || h < need.1 {
        return Err(need);
    }
    let l = BoardLayout::of(geo);
    let main_h = h - 2;
    let top = u16::from(main_h > l.height());
    let board = Rect::new(1, top, l.width(), l.height());
    let px = l.width() + 2;
    Ok(GameAreas {
        board,
        panels: Rect::new(px, 0, w - px, main_h),
        message: Rect::new(0, h - 2, w, 1),
        keys: Rect::new(0, h - 1, w, 1),
    })
}

/// Draws the "too small" notice.
pub fn too_small(f: &mut Frame, need: (u16, u16), s: &Settings) {
    let area = f.area();
    let text = vec![
        Line::styled("The terminal is too small.", s.theme.error),
        Line::styled(
            format!(
                "This screen needs {}x{}; it is {}x{}.",
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

/// Draws the game screen.
pub fn view(f: &mut Frame, play: &Play, s: &Settings) {
    let size = (f.area().width, f.area().height);
    let a = match areas(size, play.game().geometry()) {
        Ok(a) => a,
        Err(need) => return too_small(f, need, s),
    };
    f.render_widget(Block::new().style(s.theme.text), f.area());
    let last = play.last_cells();
    let legal = play.legal_highlights();
    let bv = BoardView::of_game(
        play.shown(),
        Decorations {
            last: &last,
            cursor: Some(play.cursor),
            overlay: play.overlay,
            legal: &legal,
        },
    );
    f.render_widget(
        BoardWidget {
            view: &bv,
            theme: &s.theme,
            glyphs: Glyphs::for_mode(s.ascii()),
        },
        a.board,
    );
    render_panels(f, a.panels, play, s);
    f.render_widget(Paragraph::new(panels::message_line(play, s)), a.message);
    f.render_widget(
        Paragraph::new(panels::hints_line(
            &panels::key_hints(play),
            s,
            a.keys.width,
        )),
        a.keys,
    );
    match play.popup {
        Some(Popup::Help) => help_popup(f, play, s),
        Some(Popup::Result(sel)) => result_popup(f, play, sel, s),
        None => {}
    }
}

/// Draws the three panels in the right-hand column.
pub fn render_panels(f: &mut Frame, area: Rect, play: &Play, s: &Settings) {
    let status = panels::status_lines(play, s, area.width);
    let ai = panels::ai_lines(play, s, area.width);
    let ai_h = AI_HEIGHT.min(area.height / 3).max(2);
    let status_h = (status.len() as u16 + 1).min(area.height.saturating_sub(ai_h + 3));
    let hist_h = area.height.saturating_sub(status_h + ai_h);
    let r_status = Rect::new(area.x, area.y, area.width, status_h);
    let r_hist = Rect::new(area.x, area.y + status_h, area.width, hist_h);
    let r_ai = Rect::new(area.x, area.y + status_h + hist_h, area.width, ai_h);
    f.render_widget(Paragraph::new(status).block(panel("Status", s)), r_status);
    panels::render_history(f, r_hist, play, s);
    f.render_widget(Paragraph::new(ai).block(panel("AI", s)), r_ai);
}

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

fn popup_block<'a>(title: &'a str, s: &Settings) -> Block<'a> {
    let b = Block::bordered()
        .title(Span::styled(format!(" {title} "), s.theme.title))
        .border_style(s.theme.accent)
        .style(s.theme.text);
    if s.ascii() {
        b.border_set(panels::ASCII_BORDER)
    } else {
        b
    }
}

/// The keys of the game screen, for the help popup.
pub fn help_text(play: &Play) -> Vec<(&'static str, &'static str)> {
    let hex = play.game().geometry().kind() == crate::board::BoardKind::Hex;
    let mut v = vec![("arrows hjkl", "move the cursor")];
    if play.watching() {
        v.push(("Space", "pause / go on (AI against AI)"));
    } else {
        v.push(("Enter Space", "place a stone at the cursor (or click)"));
    }
    if hex {
        v.push(("y u b n", "move to the diagonal neighbours"));
        v.push(("U Backspace", "take back (u moves on hexhex boards)"));
    } else {
        v.push(("u Backspace", "take back (vs AI: to your previous turn)"));
    }
    v.extend([
        ("c", "switch stone colour (Carteso, Wunchunk)"),
        ("e", "end the turn early (Wunchunk)"),
        ("p", "pass"),
        ("B", "take the button (Keil)"),
        ("s", "swap colours (Wunchunk, White's first turn)"),
        ("t", "ownership overlay on/off"),
        ("[ ] Home End", "step through the history"),
        (":", "command: a turn (d4,g7) · save F · load F · resign"),
        ("r", "show the result again (after the end)"),
        ("Esc", "back to the menu (the game is kept)"),
        ("q Ctrl-C", "quit (the game is saved for Resume)"),
    ]);
    v
}

fn help_popup(f: &mut Frame, play: &Play, s: &Settings) {
    let items = help_text(play);
    let lines: Vec<Line> = items
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("{k:>13}  "), s.theme.key),
                Span::styled(what.to_string(), s.theme.text),
            ])
        })
        .collect();
    let r = centred(f.area(), 70, lines.len() as u16 + 2);
    f.render_widget(Clear, r);
    f.render_widget(Paragraph::new(lines).block(popup_block("Keys", s)), r);
}

/// "You win" / "You lose" / "Draw" when exactly one seat is a person's.
pub fn verdict(play: &Play) -> Option<String> {
    let humans: Vec<Side> = [Side::First, Side::Second]
        .into_iter()
        .filter(|&s| !play.player_of(s).is_ai())
        .collect();
    let [you] = humans.as_slice() else {
        return None;
    };
    let winner = match play.resigned {
        Some(side) => Some(side.other()),
        None => play.game().outcome()?.winner(),
    };
    let side = play.session.kind().side_name(*you);
    Some(match winner {
        None => format!("Draw (you played {side})"),
        Some(w) if w == *you => format!("You win, playing {side}!"),
        Some(_) => format!("You lose (you played {side})"),
    })
}

fn result_popup(f: &mut Frame, play: &Play, sel: usize, s: &Settings) {
    let t = &s.theme;
    let result = play.result_text().unwrap_or_else(|| "game over".into());
    let mut lines = vec![Line::styled(result.clone(), t.accent)];
    if let Some(verdict) = verdict(play) {
        lines.push(Line::styled(verdict, t.title));
    }
    if play.resigned.is_none() {
        for l in play.game().score_breakdown() {
            if l != result {
                lines.push(Line::styled(l, t.text));
            }
        }
    }
    lines.push(Line::raw(""));
    let mut actions = Vec::new();
    for (i, a) in RESULT_ACTIONS.iter().enumerate() {
        if i > 0 {
            actions.push(Span::raw("  "));
        }
        let style = if i == sel { t.selected } else { t.text };
        actions.push(Span::styled(format!("[{a}]"), style));
    }
    lines.push(Line::from(actions));
    let w = lines.iter().map(|l| l.width()).max().unwrap_or(20) as u16 + 4;
    let r = centred(f.area(), w.max(40), lines.len() as u16 + 2);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(popup_block("Game over", s))
            .wrap(Wrap { trim: false }),
        r,
    );
}
