//! The puzzle list: the shipped set of each game, with each puzzle's depth, rating and how the
//! player did (solved / failed / new), and the streak.

use super::progress::{Progress, Status};
use super::sets;
use crate::games::GameKind;
use crate::puzzle::define::{own_turns_text, LIST_KEY};
use crate::puzzle::set::Entry;
use crate::tui::commands::{Command, Table};
use crate::tui::form::{tabs, Form, Move, Selection};
use crate::tui::screen::transition::Transition;
use crate::tui::screen::{Component, Ctx, ViewCtx};
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// The list's state: the five sets, the game shown, the puzzle selected, the progress.
#[derive(Clone, Debug)]
pub struct PuzzleList {
    /// Each game's set, easiest (lowest rating) first.
    pub sets: Vec<(GameKind, Vec<Entry>)>,
    /// The game shown, of `sets`.
    pub game: Selection,
    /// The puzzle chosen, of the game's set.
    pub selected: Selection,
    /// The player's progress.
    pub progress: Progress,
    /// Problems met loading the sets.
    pub problems: Vec<String>,
}

/// What a list command does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The previous or next game.
    Game(Move),
    /// Select a puzzle above or below (one, or ten).
    Move(Move),
    /// Open the selected puzzle.
    Open,
    /// Back to the menu.
    Menu,
    /// Quit.
    Quit,
}

fn always(_: &PuzzleList) -> bool {
    true
}

fn any(l: &PuzzleList) -> bool {
    !l.entries().is_empty()
}

/// The list's commands.
#[rustfmt::skip]
pub static TABLE: Table<PuzzleList, Action> = Table {
    screen: "puzzle_list",
    rows: &[
        Command::new(Action::Game(Move::Prev), "previous_game", &["Left", "h", "BackTab"], always, "game", "the previous game"),
        Command::new(Action::Game(Move::Next), "next_game", &["Right", "l", "Tab"], always, "game", "the next game"),
        Command::new(Action::Move(Move::By(-1)), "up", &["Up", "k"], any, "choose", "select the puzzle above"),
        Command::new(Action::Move(Move::By(1)), "down", &["Down", "j"], any, "choose", "select the puzzle below"),
        Command::new(Action::Move(Move::By(-10)), "page_up", &["PgUp"], any, "", "ten puzzles up"),
        Command::new(Action::Move(Move::By(10)), "page_down", &["PgDn"], any, "", "ten puzzles down"),
        Command::new(Action::Open, "open", &["Enter", "Space"], any, "solve", "open the selected puzzle"),
        Command::new(Action::Menu, "menu", &["Esc"], always, "menu", "back to the menu"),
        Command::new(Action::Quit, "quit", &["q"], always, "quit", "quit"),
    ],
};

impl PuzzleList {
    /// The shipped sets, showing `kind` (the first game when `None`), with fresh progress
    /// (the runtime reads the saved one and sends it).
    pub fn new(kind: Option<GameKind>) -> PuzzleList {
        let mut problems = Vec::new();
        let sets: Vec<(GameKind, Vec<Entry>)> = GameKind::ALL
            .into_iter()
            .map(|k| {
                let (entries, mut p) = sets::shipped(k);
                problems.append(&mut p);
                (k, entries)
            })
            .collect();
        let game = kind
            .and_then(|k| sets.iter().position(|(g, _)| *g == k))
            .unwrap_or(0);
        PuzzleList {
            sets,
            game: Selection::at(game),
            selected: Selection::default(),
            progress: Progress::default(),
            problems,
        }
    }

    /// The puzzles of the game shown.
    pub fn entries(&self) -> &[Entry] {
        &self.sets[self.game.index()].1
    }

    /// The puzzle after `id` in the game's list (rising rating), wrapping around.
    pub fn next_after(&self, id: &str) -> Option<usize> {
        let list = self.entries();
        let i = list.iter().position(|e| e.id == id)?;
        (!list.is_empty()).then(|| (i + 1) % list.len())
    }
}

/// "solved", "solved with help", "failed" or "new" (the words of the puzzle's panel
/// too).
pub fn status_word(s: Option<Status>) -> &'static str {
    s.map_or("new", Status::word)
}

/// The list's summary of a set: "2 of 50 solved (1 with help) · 3 failed".
pub fn summary(p: &Progress, list: &[Entry]) -> String {
    let (clean, after, failed) = p.counts(list.iter().map(|e| e.id.as_str()));
    let mut text = format!("{} of {} solved", clean + after, list.len());
    if after > 0 {
        text.push_str(&format!(" ({after} with help)"));
    }
    if failed > 0 {
        text.push_str(&format!(" · {failed} failed"));
    }
    text
}

impl Component<Transition> for PuzzleList {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            Some(Action::Game(m)) => {
                self.game.go(m, self.sets.len());
                self.selected = Selection::default();
            }
            Some(Action::Move(m)) => self.selected.go(m, self.entries().len()),
            Some(Action::Open) => return super::keys::open_selected(self, cx.note),
            Some(Action::Menu) => return Transition::Menu,
            Some(Action::Quit) => return Transition::Quit,
            None => {}
        }
        Transition::stay()
    }

    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let t = &s.theme;
        let area = f.area();
        let mut title = vec![Span::styled("Puzzles  ", t.title)];
        let titles = self
            .sets
            .iter()
            .map(|(k, list)| format!("{} ({})", k.title(), list.len()));
        title.extend(tabs(titles, self.game.index(), "", t));
        let p = &self.progress;
        let list = self.entries();
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
        form.list(list, Some(self.selected.index()), rows, |e, style| {
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
        form.draw(f, &TABLE.hints(self, &s.keymap));
        let note = v
            .note
            .map(|n| (n.text.clone(), n.error))
            .or_else(|| (!self.problems.is_empty()).then(|| (self.problems.join("; "), true)));
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
}
