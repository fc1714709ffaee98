//! Draws the puzzle mode's two screens, and makes them components (keys from [`super::keys`]):
//! the puzzle screen (the board as the game screen draws it, a Puzzle panel with the goal, the
//! rating, the streak, the turns played and the main line after, the message lines and the key
//! line from the screen's command table) and the puzzle list.

use super::keys;
use super::list::{status_word, summary, PuzzleList};
use super::progress::Status;
use super::screen::{Phase, PuzzleScreen};
use crate::games::{Describe, Game};
use crate::puzzle::define::{goal_rules, own_turns_text, rating_words, LIST_KEY};
use crate::tui::board::Decorations;
use crate::tui::form::{tabs, Form};
use crate::tui::game::areas;
use crate::tui::game::lines::{colour_line, note_lines, wrapped};
use crate::tui::layout::{help_popup, hints_line, panel, too_small};
use crate::tui::screen::transition::Transition;
use crate::tui::screen::{Component, Ctx, ViewCtx};
use crate::tui::settings::Settings;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

impl Component<Transition> for PuzzleScreen {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        keys::on_key(self, k, cx)
    }

    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        view(f, self, v.settings);
    }
}

impl Component<Transition> for PuzzleList {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        keys::on_list_key(self, k, cx)
    }

    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        list_view(f, self, v);
    }
}

/// The Puzzle panel's lines, `width` columns wide: the puzzle, the goal in the player's own
/// turns and what winning means, the rating in words, the game's own status lines (komi,
/// score, button, the stones of the turn), the colour to place, the result as the list shows
/// it, the streak, the turns played and, after the puzzle, the main line.
pub fn panel_lines(p: &PuzzleScreen, s: &Settings, width: u16) -> Vec<Line<'static>> {
    let t = &s.theme;
    let e = &p.entry;
    let g = p.game();
    let status = match p.phase() {
        Phase::Move => p.goal_text(),
        Phase::Judging(_) => "thinking…".into(),
        Phase::Hinting(_) => "looking for a hint…".into(),
        Phase::Wrong(_) => "wrong: taken back at the next key".into(),
        Phase::Solved => p.this_try().map_or("solved", Status::word).to_string(),
        Phase::GaveUp => "failed: given up, the solution is shown".into(),
    };
    let progress = &p.list.progress;
    let mut lines = vec![
        Line::from(vec![
            Span::styled(g.kind().title().to_string(), t.accent),
            Span::styled(format!(" puzzle {}", e.id), t.text),
        ]),
        Line::styled(status, t.title),
    ];
    if p.solving() {
        lines.push(Line::styled(goal_rules(g.kind()), t.dim));
    }
    lines.push(Line::styled(rating_words(e.rating), t.dim));
    for (label, value) in g.status() {
        lines.extend(wrapped(label, &value, width, s));
    }
    if let Some(colour) = p.colour().filter(|_| p.can_move()) {
        lines.push(colour_line(colour, s));
    }
    lines.push(Line::from(vec![
        Span::styled("in the list: ", t.dim),
        Span::styled(status_word(p.record()), t.text),
    ]));
    lines.push(Line::styled(
        format!("streak {} · best {}", progress.streak, progress.best_streak),
        t.dim,
    ));
    let played = p.played_tokens();
    if !played.is_empty() {
        lines.push(Line::styled(
            format!("played: {}", played.join(" ")),
            t.text,
        ));
    }
    if p.done() {
        let at = p.line_at().map_or(String::new(), |n| {
            format!(" ({n}/{})", p.solution_tokens().len())
        });
        lines.push(Line::styled(
            format!("main line{at}: {}", p.solution_tokens().join(" ")),
            t.text,
        ));
    }
    lines
}

/// Draws the puzzle screen.
pub fn view(f: &mut Frame, p: &PuzzleScreen, s: &Settings) {
    let size = (f.area().width, f.area().height);
    let g = p.game();
    let a = match areas::areas(size, g.geometry()) {
        Ok(a) => a,
        Err(need) => return too_small(f, need, &format!("{} puzzle", g.kind().title()), s),
    };
    f.render_widget(Block::new().style(s.theme.text), f.area());
    p.board().render(
        f,
        g,
        Decorations {
            last: p.last_cells(),
            ..Decorations::default()
        },
        s,
        &a,
    );
    f.render_widget(
        Paragraph::new(panel_lines(p, s, a.panels.width.saturating_sub(2)))
            .wrap(Wrap { trim: true })
            .block(panel("Puzzle", s)),
        a.panels,
    );
    f.render_widget(
        Paragraph::new(note_lines(p.note(), s, a.message.width)),
        a.message,
    );
    let hints = keys::table(p).hints(p, &s.keymap);
    f.render_widget(Paragraph::new(hints_line(&hints, s, a.keys.width)), a.keys);
    if p.help_open() {
        help_popup(f, &keys::TABLE.help(p, &s.keymap), s);
    }
}

/// Draws the puzzle list: the games as tabs, the summary and the streak, the puzzles with
/// their depth, rating and result, the key line and the message.
pub fn list_view(f: &mut Frame, puzzles: &PuzzleList, v: &ViewCtx) {
    let s = v.settings;
    let t = &s.theme;
    let area = f.area();
    let mut title = vec![Span::styled("Puzzles  ", t.title)];
    let titles = puzzles
        .sets
        .iter()
        .map(|(k, list)| format!("{} ({})", k.title(), list.len()));
    title.extend(tabs(titles, puzzles.game.index(), "", t));
    let p = &puzzles.progress;
    let list = puzzles.entries();
    let mut form = Form::new(s, 80).height(area.height.saturating_sub(2));
    form.line(Line::from(title));
    form.line(Line::styled(
        format!(
            "{} · streak {} · best streak {}",
            summary(p, list),
            p.streak,
            p.best_streak
        ),
        t.dim,
    ));
    form.line(Line::styled(LIST_KEY, t.dim));
    form.line(Line::styled(
        format!(
            " {:<14} {:<19} {:>13}   {}",
            "puzzle", "to win in", "rating", "result"
        ),
        t.dim,
    ));
    if list.is_empty() {
        form.line(Line::styled("no puzzles for this game", t.dim));
    }
    let rows = area.height.saturating_sub(9) as usize;
    form.list(list, Some(puzzles.selected.index()), rows, |e, style| {
        Line::styled(
            format!(
                " {:<14} {:<19} {:>13.1}   {:<22} ",
                e.id,
                own_turns_text(e.win_in, ""),
                e.rating,
                status_word(p.status(&e.id))
            ),
            style,
        )
    });
    form.draw(f, &keys::LIST.hints(puzzles, &s.keymap));
    let note = v
        .note
        .map(|n| (n.text.clone(), n.error))
        .or_else(|| (!puzzles.problems.is_empty()).then(|| (puzzles.problems.join("; "), true)));
    if let Some((text, error)) = note {
        let nr = Rect::new(
            1,
            area.height.saturating_sub(3),
            area.width.saturating_sub(2),
            2,
        );
        let style = if error { t.error } else { t.text };
        f.render_widget(
            Paragraph::new(Line::styled(text, style)).wrap(Wrap { trim: true }),
            nr,
        );
    }
}
