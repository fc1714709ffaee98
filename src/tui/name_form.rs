//! The first visit of a key to a server: choose a nickname (the server remembers it for the
//! key).

use super::commands::{Command, Table};
use super::effect::Effect;
use super::form::Form;
use super::line_edit::{Edit, LineEdit};
use super::note::Note;
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use crate::online::{name_problem, Request, NAME_MAX};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::{Line, Span};
use ratatui::Frame;

/// The nickname form's state.
#[derive(Clone, Debug, Default)]
pub struct NameForm {
    /// The nickname being typed.
    pub name: LineEdit,
    /// The key's fingerprint, shown so the person knows what the name is tied to.
    pub fingerprint: String,
}

/// What a command of the nickname form does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Take the nickname.
    Take,
    /// Leave the server.
    Quit,
    /// Edit the line.
    Edit(Edit),
    /// Type a character.
    Type,
}

fn always(_: &NameForm) -> bool {
    true
}

/// The nickname form's commands.
#[rustfmt::skip]
pub static TABLE: Table<NameForm, Action> = Table {
    screen: "nickname",
    rows: &[
        Command::new(Action::Take, "take", &["Enter"], always, "take this name", "take this nickname"),
        Command::new(Action::Quit, "quit", &["Esc"], always, "leave", "leave the server"),
        Command::new(Action::Edit(Edit::Backspace), "backspace", &["Backspace"], always, "", "delete before the cursor"),
        Command::new(Action::Edit(Edit::Delete), "delete", &["Delete"], always, "", "delete under the cursor"),
        Command::new(Action::Edit(Edit::Left), "left", &["Left"], always, "", "move in the line"),
        Command::new(Action::Edit(Edit::Right), "right", &["Right"], always, "", "move in the line"),
        Command::new(Action::Edit(Edit::Home), "home", &["Home"], always, "", "move in the line"),
        Command::new(Action::Edit(Edit::End), "end", &["End"], always, "", "move in the line"),
        Command::new(Action::Type, "type", &["text"], always, "", "type the nickname"),
    ],
};

impl Component<Transition> for NameForm {
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => {}
            Some(Action::Quit) => return Transition::Quit,
            Some(Action::Take) => {
                let name = self.name.text().trim().to_string();
                if let Some(why) = name_problem(&name) {
                    *cx.note = Some(Note::error(why));
                    return Transition::stay();
                }
                *cx.note = Some(Note::info("…"));
                return Transition::Stay(vec![Effect::Net(Request::SetName(name))]);
            }
            Some(Action::Edit(e)) => self.name.apply(e),
            Some(Action::Type) => {
                if let KeyCode::Char(c) = k.code {
                    if self.name.text().chars().count() < NAME_MAX {
                        self.name.apply(Edit::Insert(c));
                    }
                }
            }
        }
        Transition::stay()
    }

    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let t = &s.theme;
        let mut form = Form::titled(s, "Welcome to tessera", 64).spare(1).wrapped();
        form.line(Line::styled(
            "Choose a nickname: the server remembers it for your key",
            t.text,
        ));
        form.line(Line::styled(self.fingerprint.clone(), t.dim));
        form.line(Line::raw(""));
        let mut field = self.name.line(NAME_MAX + 1, t.text, t.selected);
        field.spans.insert(0, Span::styled("Nickname: ", t.dim));
        form.line(field);
        form.note(v.note);
        form.draw(f, &TABLE.hints(self, &s.keymap));
    }
}
