//! The Load game screen: the games folder newest first (game, players, result, start), the
//! newest selected, and a line to type any path (not on a server, where a person reaches only
//! their own games, which open for review).

use super::commands::{Command, Table};
use super::effect::Effect;
use super::form::{Form, Move, Selection};
use super::layout::{ellipsis, fit};
use super::line_edit::{Edit, LineEdit};
use super::note::Note;
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use super::store::GameFile;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::{Line, Span};
use ratatui::Frame;
use std::path::PathBuf;

/// The Load game screen's state.
#[derive(Clone, Debug, Default)]
pub struct LoadForm {
    /// The games folder, newest first.
    pub files: Vec<GameFile>,
    /// The selected row (0 is the path line, when offered).
    pub row: Selection,
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

    /// Shows the games folder's files, the newest selected.
    pub fn set_files(&mut self, files: Vec<GameFile>) {
        self.files = files;
        self.row = Selection::at(if self.files.is_empty() {
            0
        } else {
            self.path_rows()
        });
    }
}

/// What a command of the Load screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The row above or below.
    Move(Move),
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
    f.paths && f.row.index() == 0
}

fn has_paths(f: &LoadForm) -> bool {
    f.paths
}

/// The Load screen's commands.
#[rustfmt::skip]
pub static TABLE: Table<LoadForm, Action> = Table {
    screen: "load",
    rows: &[
        Command::new(Action::Move(Move::Prev), "up", &["Up", "BackTab"], always, "choose", "the row above"),
        Command::new(Action::Move(Move::Next), "down", &["Down", "Tab"], always, "choose", "the row below"),
        Command::new(Action::Load, "load", &["Enter"], always, "load", "load the file"),
        Command::new(Action::Back, "back", &["Esc"], always, "back", "back to the menu"),
        Command::new(Action::Edit(Edit::Backspace), "backspace", &["Backspace"], on_path, "", "delete before the cursor"),
        Command::new(Action::Edit(Edit::Delete), "delete", &["Delete"], on_path, "", "delete under the cursor"),
        Command::new(Action::Edit(Edit::Left), "left", &["Left"], on_path, "", "move in the path"),
        Command::new(Action::Edit(Edit::Right), "right", &["Right"], on_path, "", "move in the path"),
        Command::new(Action::Edit(Edit::Home), "home", &["Home"], on_path, "", "move in the path"),
        Command::new(Action::Edit(Edit::End), "end", &["End"], on_path, "", "move in the path"),
        Command::new(Action::Type, "type", &["text"], has_paths, "a path", "type a path (on the File line)"),
    ],
};

impl Component<Transition> for LoadForm {
    /// Handles a key: `↑↓` choose, `Enter` loads, typing edits the path line.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let rows = (self.files.len() + self.path_rows()).max(1);
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Back) => return Transition::Menu,
            Some(Action::Move(m)) => self.row.go(m, rows),
            Some(Action::Load) => {
                let path = if on_path(self) {
                    PathBuf::from(self.path.text().trim())
                } else {
                    match self.files.get(self.row.index() - self.path_rows()) {
                        Some(f) => f.path.clone(),
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
                    // Typing on a file's row starts a path on the File line.
                    self.row = Selection::default();
                    self.path.apply(Edit::Insert(c));
                }
            }
        }
        Transition::stay()
    }

    /// Draws the screen.
    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let t = &s.theme;
        let area = f.area();
        let width = 76.min(area.width) as usize;
        let title = if self.paths {
            "Load game"
        } else {
            "Your games"
        };
        let mut form = Form::titled(s, title, 76).spare(2).wrapped();
        if self.paths {
            let mut path = if on_path(self) {
                self.path.line(width.saturating_sub(7), t.text, t.selected)
            } else {
                Line::styled(self.path.text(), t.text)
            };
            path.spans.insert(0, Span::styled("File: ", t.dim));
            form.line(path);
            form.line(Line::raw(""));
        }
        if let Some(dir) = v.storage.saves_dir().filter(|_| self.paths) {
            form.line(Line::styled(
                format!("Your games ({}):", dir.display()),
                t.dim,
            ));
        }
        if self.files.is_empty() {
            form.line(Line::styled("(no games kept yet)", t.dim));
        } else {
            let head = columns(["Game", "Players", "Result", "Started (UTC)"]);
            form.line(Line::styled(head, t.dim));
        }
        let h = area.height.saturating_sub(10) as usize;
        let chosen = self.row.index().checked_sub(self.path_rows());
        form.list(&self.files, chosen, h, |file, style| {
            Line::styled(file_line(file, width), style)
        });
        form.note(v.note);
        form.draw(f, &TABLE.hints(self, &s.keymap));
    }
}

/// The widths of the list's columns but the last.
const COLUMNS: [usize; 3] = [16, 22, 16];

/// A row of the list: each column cut to its width.
fn columns(cells: [&str; 4]) -> String {
    let mut out = String::new();
    for (cell, w) in cells.iter().zip(COLUMNS) {
        out.push_str(&fit(cell, w));
        out.push(' ');
    }
    out.push_str(cells[3]);
    out
}

/// One game of the list on one line: game, players, result, start (UTC), cut to `width`;
/// a file that cannot be read: its name and why.
fn file_line(file: &GameFile, width: usize) -> String {
    let text = match &file.about {
        Ok(a) => columns([&a.game, &a.players, &a.result, &a.started]),
        Err(e) => {
            let name = file
                .path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            format!("{name}: cannot be read: {e}")
        }
    };
    ellipsis(&text, width)
}

#[cfg(test)]
mod tests {
    use super::columns;
    use crate::tui::layout::text_width;

    #[test]
    fn the_lists_columns_line_up_whatever_the_names_widths() {
        let row = |players| columns(["Linage 9x9", players, "V+0.5", "2026-01-01 00:00"]);
        let at = |l: &str| text_width(&l[..l.find("V+0.5").unwrap()]);
        let plain = row("alice vs bob");
        for players in ["山田太郎 vs 😀bob", "山田太郎山田太郎山田太郎 vs bob"] {
            assert_eq!(at(&row(players)), at(&plain), "{}", row(players));
        }
    }
}
