//! The main menu.

use super::commands::{Command, Table};
use super::form::{Form, Move, Selection};
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use crate::games::GameKind;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// The autosaved game as the menu offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeOffer {
    /// "Keil turn 12".
    pub what: String,
    /// Another window has it open: it can only be viewed.
    pub elsewhere: bool,
}

/// The menu's state.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    /// The entry chosen, of [`Menu::items`].
    pub selected: Selection,
    /// The autosaved game, if there is one.
    pub resume: Option<ResumeOffer>,
}

/// A menu entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// Choose and start a game.
    NewGame,
    /// Continue (or view) the autosaved game.
    Resume,
    /// Open a saved game.
    Load,
    /// Solve puzzles.
    Puzzles,
    /// Read the rules.
    Rules,
    /// Theme, ASCII, AI time…
    Settings,
    /// Leave.
    Quit,
}

/// What a menu command does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select the entry above or below.
    Move(Move),
    /// Open the selected entry.
    Open,
    /// Open an entry by its key.
    Item(Item),
}

fn always(_: &Menu) -> bool {
    true
}

/// The menu's commands.
#[rustfmt::skip]
pub static TABLE: Table<Menu, Action> = Table {
    screen: "menu",
    rows: &[
        Command::new(Action::Move(Move::Prev), "up", &["Up", "k", "BackTab"], always, "choose", "select the entry above"),
        Command::new(Action::Move(Move::Next), "down", &["Down", "j", "Tab"], always, "choose", "select the entry below"),
        Command::new(Action::Open, "open", &["Enter", "Space"], always, "open", "open the selected entry"),
        Command::new(Action::Item(Item::NewGame), "new_game", &["n"], always, "", "New game"),
        Command::new(Action::Item(Item::Resume), "resume", &["r"], |m| m.resume.is_some(), "", "Resume"),
        Command::new(Action::Item(Item::Load), "load", &["l"], always, "", "Load game"),
        Command::new(Action::Item(Item::Puzzles), "puzzles", &["p"], always, "", "Puzzles"),
        Command::new(Action::Item(Item::Rules), "rules", &["u"], always, "", "Rules"),
        Command::new(Action::Item(Item::Settings), "settings", &["s"], always, "", "Settings"),
        Command::new(Action::Item(Item::Quit), "quit", &["q"], always, "quit", "Quit"),
    ],
};

impl Menu {
    /// The menu, offering the autosaved game if there is one.
    pub fn new(resume: Option<ResumeOffer>) -> Menu {
        Menu {
            selected: Selection::default(),
            resume,
        }
    }

    /// The entries shown (Resume only when there is an autosaved game).
    pub fn items(&self) -> Vec<Item> {
        let mut v = vec![Item::NewGame];
        if self.resume.is_some() {
            v.push(Item::Resume);
        }
        v.extend([
            Item::Load,
            Item::Puzzles,
            Item::Rules,
            Item::Settings,
            Item::Quit,
        ]);
        v
    }
}

impl Component<Transition> for Menu {
    /// Handles a key.
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let list = self.items();
        let chosen = match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => return Transition::stay(),
            Some(Action::Move(m)) => {
                self.selected.go(m, list.len());
                return Transition::stay();
            }
            Some(Action::Open) => list[self.selected.within(list.len())],
            Some(Action::Item(i)) => i,
        };
        *cx.note = None;
        match chosen {
            Item::NewGame => Transition::NewGame,
            Item::Resume => Transition::Resume,
            Item::Load => Transition::Load,
            Item::Puzzles => Transition::Puzzles,
            Item::Rules => Transition::Rules,
            Item::Settings => Transition::Settings,
            Item::Quit => Transition::Quit,
        }
    }

    /// Draws the menu.
    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let (s, note) = (v.settings, v.note);
        let t = &s.theme;
        let area = f.area();
        let live = TABLE.live(self, &s.keymap);
        let key_of = |item: Item| {
            live.iter()
                .find(|l| l.command.action == Action::Item(item))
                .and_then(|l| l.keys.first())
                .map_or_else(|| " ".to_string(), ToString::to_string)
        };
        let mut form = Form::new(s, 50).centre_lines();
        form.line(Line::styled("t e s s e r a", t.title));
        let games = GameKind::ALL.map(GameKind::title).join(" · ");
        form.line(Line::styled(games, t.dim));
        form.line(Line::raw(""));
        let chosen = Some(self.selected.index());
        form.list(self.items(), chosen, usize::MAX, |item, style| {
            let text = match (item, &self.resume) {
                (Item::NewGame, _) => "New game".to_string(),
                (Item::Resume, Some(r)) if r.elsewhere => format!("View: {} (read-only)", r.what),
                (Item::Resume, Some(r)) => format!("Resume: {}", r.what),
                (Item::Resume, None) => "Resume".into(),
                (Item::Load, _) => "Load game".into(),
                (Item::Puzzles, _) => "Puzzles".into(),
                (Item::Rules, _) => "Rules".into(),
                (Item::Settings, _) => "Settings".into(),
                (Item::Quit, _) => "Quit".into(),
            };
            Line::from(vec![
                Span::styled(format!(" {} ", key_of(item)), t.key),
                Span::styled(format!(" {text:<30}"), style),
            ])
        });
        let r = form.draw(f, &TABLE.hints(self, &s.keymap));
        if let Some(n) = note {
            let y = (r.bottom() + 1).min(area.height.saturating_sub(4));
            let nr = Rect::new(1, y, area.width.saturating_sub(2), 3);
            let style = if n.error { t.error } else { t.text };
            f.render_widget(
                Paragraph::new(Line::styled(n.text.clone(), style))
                    .alignment(Alignment::Center)
                    .wrap(Wrap { trim: true }),
                nr,
            );
        }
    }
}
