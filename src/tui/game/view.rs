//! Draws the game screen: the board scaled to the space it has, the panels beside or below
//! it, the message and key lines at the bottom, and the help and result popups.

use super::areas::GameAreas;
use super::keys::{self, result_choices};
use super::panels;
use super::play::{Play, Popup};
use crate::games::{Describe, Game, Side};
use crate::tui::board::{input, Decorations};
use crate::tui::layout::{centred, ellipsis, help_popup, hints_line, popup_block, too_small};
use crate::tui::screen::transition::Transition;
use crate::tui::screen::{Component, Ctx, ViewCtx};
use crate::tui::settings::Settings;
use ratatui::crossterm::event::KeyEvent;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use ratatui::Frame;

impl Component<Transition> for Play {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        keys::on_key(self, k, cx)
    }

    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        view(f, self, v.settings);
    }
}

/// Draws the game screen.
pub fn view(f: &mut Frame, play: &Play, s: &Settings) {
    let size = (f.area().width, f.area().height);
    let a = match super::review_graph::screen_areas(size, play) {
        Ok(a) => a,
        Err(need) => {
            let what = format!("{} ({})", play.game().kind().title(), board_name(play));
            return too_small(f, need, &what, s);
        }
    };
    f.render_widget(Block::new().style(s.theme.text), f.area());
    draw_board(f, play, s, &a);
    panels::render_panels(f, a.panels, a.below, play, s);
    if let Some(g) = a.graph {
        super::review_graph::render_graph_panel(f, g, play, s);
    }
    f.render_widget(
        Paragraph::new(panels::message_lines(play, s, a.message.width)),
        a.message,
    );
    let mut hints = keys::table(play).hints(play, &s.keymap);
    if let Some(Popup::Result(_)) = play.popup() {
        // The box's buttons show their keys: the key line keeps the rest.
        let labels: Vec<String> = result_choices(play, &s.keymap)
            .into_iter()
            .map(|(_, _, label)| label.to_lowercase())
            .collect();
        hints.retain(|(_, h)| !labels.iter().any(|l| l == h));
    }
    f.render_widget(Paragraph::new(hints_line(&hints, s, a.keys.width)), a.keys);
    match play.popup() {
        Some(Popup::Help) => {
            let items = keys::help_table(play).help(play, &s.keymap);
            help_popup(f, &items, s);
        }
        Some(Popup::Result(sel)) => result_popup(f, play, sel, s),
        Some(Popup::Record(top)) => record_popup(f, play, top, s),
        Some(Popup::Leave) => leave_popup(f, play, s),
        None => {}
    }
}

/// The record as text to copy: no side frame, so that a selection takes only the text.
fn record_popup(f: &mut Frame, play: &Play, top: u16, s: &Settings) {
    let area = f.area();
    let r = ratatui::layout::Rect::new(0, 0, area.width, area.height.saturating_sub(1));
    let text = play.record_text().unwrap_or_default();
    let lines: Vec<Line> = text.lines().map(|l| Line::raw(l.to_string())).collect();
    let max_top = (lines.len() as u16).saturating_sub(r.height.saturating_sub(2));
    let block = Block::new()
        .borders(ratatui::widgets::Borders::TOP | ratatui::widgets::Borders::BOTTOM)
        .title(Span::styled(
            " The game's record: select it to copy ",
            s.theme.title,
        ))
        .style(s.theme.text);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .scroll((top.min(max_top), 0)),
        r,
    );
}

/// "9x9" or "side 7".
pub fn board_name(play: &Play) -> String {
    let geo = play.game().geometry();
    geo.kind().size_label(geo.size())
}

fn draw_board(f: &mut Frame, play: &Play, s: &Settings, a: &GameAreas) {
    let ghost = play.ghost();
    let (last, candidates) = match &ghost {
        // The ghost board: the principal variation's stones are the marked ones.
        Some((_, cells)) => (cells.clone(), Vec::new()),
        None => (play.last_cells(), play.candidate_cells()),
    };
    let legal = play.legal_highlights();
    let shown = ghost.as_ref().map_or(play.shown(), |(g, _)| g);
    let heat = play.heat_map().filter(|_| ghost.is_none());
    let mut bv = play.board().view(
        shown,
        Decorations {
            last: &last,
            legal: &legal,
            candidates: &candidates,
            heat,
            ..Decorations::default()
        },
    );
    if ghost.is_none() {
        for &c in play.hint_cells() {
            bv.cells[c as usize].hint = true;
        }
    }
    input::draw(f, &bv, s, a);
}

/// "You win" / "You lose" / "Draw" when exactly one seat is a person's.
pub fn verdict(play: &Play) -> Option<String> {
    let humans: Vec<Side> = match (play.online(), play.my_side()) {
        (Some(_), mine) => mine.into_iter().collect(),
        (None, _) => [Side::First, Side::Second]
            .into_iter()
            .filter(|&s| !play.player_of(s).is_ai())
            .collect(),
    };
    let [you] = humans.as_slice() else {
        return None;
    };
    let winner = match play.resigned() {
        Some(side) => Some(side.other()),
        None => play.game().outcome()?.winner(),
    };
    let side = play.session().kind().side_name(*you);
    Some(match winner {
        None => format!("Draw (you played {side})"),
        Some(w) if w == *you => format!("You win, playing {side}!"),
        Some(_) => format!("You lose (you played {side})"),
    })
}

/// A score line shortened for the dialog: number lists in brackets lose their trailing
/// zeros (`[3, 5, 0, 1, …]`: zeros at the end decide nothing) and write runs of three zeros
/// or more as one (`0×57`); then the line is cut to `width` with `…`.
pub fn fit_score_line(line: &str, width: usize) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..close];
        let items: Vec<&str> = inner.split(", ").collect();
        if items.len() > 1 && items.iter().all(|i| i.parse::<u64>().is_ok()) {
            let keep = items.iter().rposition(|i| *i != "0").map_or(1, |p| p + 1);
            let mut shown: Vec<String> = Vec::new();
            let mut i = 0;
            while i < keep {
                let run = items[i..keep].iter().take_while(|x| **x == "0").count();
                if run >= 3 {
                    shown.push(format!("0×{run}"));
                    i += run;
                } else {
                    shown.push(items[i].to_string());
                    i += 1;
                }
            }
            out.push_str(&shown.join(", "));
            if keep < items.len() {
                out.push_str(", …");
            }
        } else {
            out.push_str(inner);
        }
        out.push(']');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    ellipsis(&out, width)
}

fn result_popup(f: &mut Frame, play: &Play, sel: usize, s: &Settings) {
    let t = &s.theme;
    // The dialog fits the screen: lines are shortened, never wrapped, so that the actions
    // always show.
    let inner_w = (f.area().width.saturating_sub(4) as usize).min(76);
    let result = play.result_text().unwrap_or_else(|| "game over".into());
    let mut lines = vec![Line::styled(ellipsis(&result, inner_w), t.accent)];
    if let Some(verdict) = verdict(play) {
        lines.push(Line::styled(ellipsis(&verdict, inner_w), t.title));
    }
    if play.resigned().is_none() {
        let room = (f.area().height as usize).saturating_sub(lines.len() + 4 + 2);
        let breakdown: Vec<String> = play
            .game()
            .score_breakdown()
            .into_iter()
            .filter(|l| *l != result)
            .collect();
        for l in breakdown.iter().take(room) {
            lines.push(Line::styled(fit_score_line(l, inner_w), t.text));
        }
    }
    lines.push(Line::raw(""));
    let mut actions = Vec::new();
    let choices = result_choices(play, &s.keymap);
    let sel = sel.min(choices.len().saturating_sub(1));
    for (i, (_, key, label)) in choices.iter().enumerate() {
        if i > 0 {
            actions.push(Span::raw("  "));
        }
        let (style, key_style) = if i == sel {
            (t.selected, t.selected)
        } else {
            (t.text, t.key)
        };
        actions.push(Span::styled("[", style));
        if let Some(k) = key {
            actions.push(Span::styled(format!("{k} "), key_style));
        }
        actions.push(Span::styled(format!("{label}]"), style));
    }
    lines.push(Line::from(actions));
    let w = lines.iter().map(|l| l.width()).max().unwrap_or(20) as u16 + 4;
    let r = centred(f.area(), w.max(40), lines.len() as u16 + 2);
    f.render_widget(Clear, r);
    f.render_widget(Paragraph::new(lines).block(popup_block("Game over", s)), r);
}

/// The question before leaving a game in progress, with its answers from the table.
fn leave_popup(f: &mut Frame, play: &Play, s: &Settings) {
    let t = &s.theme;
    let inner_w = (f.area().width.saturating_sub(4) as usize).min(76);
    let mut lines: Vec<Line> = play
        .leaving()
        .unwrap_or("Leave this game?")
        .lines()
        .enumerate()
        .map(|(i, l)| Line::styled(ellipsis(l, inner_w), if i == 0 { t.title } else { t.text }))
        .collect();
    lines.push(Line::raw(""));
    let mut answers = Vec::new();
    for (keys, label) in keys::CONFIRM.hints(play, &s.keymap) {
        if !answers.is_empty() {
            answers.push(Span::raw("  "));
        }
        answers.push(Span::styled(format!("[{keys}] {label}"), t.key));
    }
    lines.push(Line::from(answers));
    let w = lines.iter().map(|l| l.width()).max().unwrap_or(20) as u16 + 4;
    let r = centred(f.area(), w.max(30), lines.len() as u16 + 2);
    f.render_widget(Clear, r);
    f.render_widget(Paragraph::new(lines).block(popup_block("Leave?", s)), r);
}

#[cfg(test)]
mod tests {
    use super::fit_score_line;

    #[test]
    fn score_arrays_lose_their_trailing_zeros() {
        assert_eq!(
            fit_score_line("Black (first player): [3, 5, 0, 1, 0, 0, 0]", 80),
            "Black (first player): [3, 5, 0, 1, …]"
        );
        assert_eq!(fit_score_line("[0, 0]", 80), "[0, …]");
        assert_eq!(
            fit_score_line("[3, 3, 0, 0, 0, 0, 1, 0, 0, 2]", 80),
            "[3, 3, 0×4, 1, 0, 0, 2]"
        );
        let header = "Score arrays: [chunks, crumbs, groups of size 2, 3, …], fewer is better";
        assert_eq!(fit_score_line(header, 80), header);
        assert_eq!(fit_score_line("abcdef", 4), "abc…");
    }
}
