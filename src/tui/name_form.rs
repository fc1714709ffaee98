//! The first visit of a key to a server: choose a nickname (the server remembers it for the
//! key).

use super::app::Transition;
use super::commands::{Command, Table};
use super::form::Form;
use super::line_edit::{Edit, LineEdit};
use super::screen::{Component, Ctx, ViewCtx};
use super::{Effect, Note};
use crate::online::Request;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::{Line, Span};
use ratatui::Frame;

/// The longest nickname.
pub const NAME_MAX: usize = 16;

/// Why a nickname cannot be used, if it cannot: 1–16 letters, digits, `-`, `_` or `.`.
pub fn name_problem(name: &str) -> Option<String> {
    let n = name.chars().count();
    if n == 0 {
        return Some("type a nickname first".into());
    }
    if n > NAME_MAX {
        return Some(format!("at most {NAME_MAX} characters"));
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Some("letters, digits, - _ and . only".into());
    }
    if !unicode_security::MixedScript::is_single_script(name) {
        return Some("letters of one script only (no Latin mixed with Cyrillic, …)".into());
    }
    None
}

/// What makes two nicknames the same: a name is taken when either of its keys is another
/// name's: its Unicode confusable skeleton (TR39: "aIice" with a capital I looks like
/// "alice") and the skeleton of its lower case ("Alice" is "alice").
pub fn name_keys(name: &str) -> [String; 2] {
    let lower: String = name.chars().flat_map(char::to_lowercase).collect();
    [
        unicode_security::skeleton(name).collect(),
        unicode_security::skeleton(&lower).collect(),
    ]
}

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

#[cfg(test)]
mod tests {
    use super::name_problem;

    #[test]
    fn nicknames_are_short_words() {
        assert_eq!(name_problem("alice"), None);
        assert_eq!(name_problem("bob_2.x-y"), None);
        assert!(name_problem("").is_some());
        assert!(name_problem("a b").is_some());
        assert!(name_problem("x\u{1b}[2J").is_some());
        assert!(name_problem(&"n".repeat(17)).is_some());
        // One script a name; a look-alike of another name is the same name.
        assert!(name_problem("\u{430}lice").unwrap().contains("one script"));
        assert_eq!(name_problem("\u{430}\u{431}"), None);
        assert_eq!(name_problem("名人"), None);
        let same = |a: &str, b: &str| {
            let (ka, kb) = (super::name_keys(a), super::name_keys(b));
            ka.iter().any(|k| kb.contains(k))
        };
        assert!(same("Alice", "alice"));
        assert!(same("aIice", "alice"), "capital I looks like l");
        assert!(same("ALICE", "alice"));
        assert!(same("\u{430}\u{441}\u{435}", "ace"), "all Cyrillic");
        assert!(same("rn", "m"));
        assert!(!same("alice", "alicf"));
    }
}
