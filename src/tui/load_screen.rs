//! The Load game screen: the saved games of the data directory, and a line to type any path
//! (not on a server, where a person reaches only their own games, which open for review).

use super::commands::{Command, Table};
use super::layout::{centred, key_line, push_note};
use super::line_edit::{Edit, LineEdit};
use super::screen::{Component, Ctx, Transition, ViewCtx};
use super::{Effect, Note};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;
use std::path::PathBuf;

/// The Load game screen's state.
#[derive(Clone, Debug, Default)]
pub struct LoadForm {
    /// Saved games found in the data directory.
    pub files: Vec<PathBuf>,
    /// What each is (on a server: game, opponent, result, date); the file's name when
    /// missing.
    pub labels: Vec<String>,
    /// The selected row (0 is the path line).
    pub row: usize,
    /// The path typed on the path line.
    pub path: LineEdit,
    /// Whether the path line is offered (any file may be named).
    pub paths: bool,
}

impl LoadForm {
    /// The path line's row, if it is offered (it is row 0).
    fn path_rows(&self) -> usize {
        usize::from(self.paths)
    }
}

/// What a command of the Load screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The row above.
    Up,
    /// The row below.
    Down,
    /// Load the selected file (or the typed path).
    Load,
    /// Back to the menu.
    Back,
    /// Edit the path line.
    Edit(Edit),
    /// Type into the path line.
    Type,
}

fn always(_: &LoadForm) -> bool {
    true
}

fn on_path(f: &LoadForm) -> bool {
    f.paths && f.row == 0
}

/// The Load screen's commands.
#[rustfmt::skip]
pub static TABLE: Table<LoadForm, Action> = Table {
    screen: "load",
    rows: &[
        Command::new(Action::Up, "up", &["Up", "BackTab"], always, "choose", "the row above"),
        Command::new(Action::Down, "down", &["Down", "Tab"], always, "choose", "the row below"),
        Command::new(Action::Load, "load", &["Enter"], always, "load", "load the file"),
        Command::new(Action::Back, "back", &["Esc"], always, "back", "back to the menu"),
        Command::new(Action::Edit(Edit::Backspace), "backspace", &["Backspace"], on_path, "", "delete before the cursor"),
        Command::new(Action::Edit(Edit::Delete), "delete", &["Delete"], on_path, "", "delete under the cursor"),
        Command::new(Action::Edit(Edit::Left), "left", &["Left"], on_path, "", "move in the path"),
        Command::new(Action::Edit(Edit::Right), "right", &["Right"], on_path, "", "move in the path"),
        Command::new(Action::Edit(Edit::Home), "home", &["Home"], on_path, "", "move in the path"),
        Command::new(Action::Edit(Edit::End), "end", &["End"], on_path, "", "move in the path"),
        Command::new(Action::Type, "type", &["text"], on_path, "a path", "type a path"),
    ],
};

impl Component for LoadForm {
    /// Handles a key: `↑↓` choose, `Enter` loads, typing edits the path line.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let rows = (self.files.len() + self.path_rows()).max(1);
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Back) => return Transition::Menu,
            Some(Action::Up) => self.row = (self.row + rows - 1) % rows,
            Some(Action::Down) => self.row = (self.row + 1) % rows,
            Some(Action::Load) => {
                let path = if on_path(self) {
                    PathBuf::from(self.path.text().trim())
                } else {
                    match self.files.get(self.row - self.path_rows()) {
                        Some(p) => p.clone(),
                        None => return Transition::stay(),
                    }
                };
                if path.as_os_str().is_empty() {
                    *cx.note = Some(Note::error("type a file name first"));
                    return Transition::stay();
                }
                // Without free paths (a server) a record opens for review.
                let load = if self.paths {
                    Effect::Load(path)
                } else {
                    Effect::View(path)
                };
                return Transition::Stay(vec![load]);
            }
            Some(Action::Edit(e)) => self.path.apply(e),
            Some(Action::Type) => {
                if let KeyCode::Char(c) = k.code {
                    self.path.apply(Edit::Insert(c));
                }
            }
        }
        Transition::stay()
    }

    /// Draws the screen.
    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let (s, note) = (v.settings, v.note);
        let t = &s.theme;
        let area = f.area();
        f.render_widget(Block::new().style(t.text), area);
        let r = centred(area, 70, area.height.saturating_sub(2));
        let title = if self.paths {
            "Load game"
        } else {
            "Your games"
        };
        let mut lines = vec![Line::styled(title, t.title), Line::raw("")];
        if self.paths {
            let mut path = if self.row == 0 {
                self.path
                    .line((r.width as usize).saturating_sub(7), t.text, t.selected)
            } else {
                Line::styled(self.path.text(), t.text)
            };
            path.spans.insert(0, Span::styled("File: ", t.dim));
            lines.push(path);
            lines.push(Line::raw(""));
        }
        if self.files.is_empty() {
            lines.push(Line::styled(
                "(no saved games in the data directory)",
                t.dim,
            ));
        }
        let h = area.height.saturating_sub(9) as usize;
        let skip = self.row.saturating_sub(h);
        for (i, p) in self.files.iter().enumerate().skip(skip).take(h) {
            let style = if self.row == i + self.path_rows() {
                t.selected
            } else {
                t.text
            };
            let text = match self.labels.get(i) {
                Some(label) => label.clone(),
                None => v.storage.shown_path(p),
            };
            lines.push(Line::styled(text, style));
        }
        push_note(&mut lines, note, s);
        let r = centred(area, 70, lines.len() as u16 + 2);
        f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), r);
        key_line(f, area, &TABLE.hints(self, &s.keymap), s);
    }
}
