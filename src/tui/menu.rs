//! The main menu.

use super::app::{App, Screen};
use super::forms::{LoadForm, SettingsForm};
use super::game_view::centred;
use super::new_game::NewGameForm;
use super::panels::hints_line;
use super::play::Play;
use super::rules::RulesScreen;
use super::Effect;
use crate::games::Game;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// The menu's state: which item is selected.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    /// Index into [`items`].
    pub selected: usize,
}

/// A menu entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// Choose and start a game.
    NewGame,
    /// Continue the autosaved game.
    Resume,
    /// Open a saved game.
    Load,
    /// Read the rules.
    Rules,
    /// Theme, ASCII, AI time…
    Settings,
    /// Leave.
    Quit,
}

impl Item {
    /// Label and shortcut key.
    pub fn label(self) -> (&'static str, char) {
        match self {
            Item::NewGame => ("New game", 'n'),
            Item::Resume => ("Resume", 'r'),
            Item::Load => ("Load game", 'l'),
            Item::Rules => ("Rules", 'u'),
            Item::Settings => ("Settings", 's'),
            Item::Quit => ("Quit", 'q'),
        }
    }
}

/// The entries shown (Resume only when there is an autosaved game).
pub fn items(app: &App) -> Vec<Item> {
    let mut v = vec![Item::NewGame];
    if app.resume.is_some() {
        v.push(Item::Resume);
    }
    v.extend([Item::Load, Item::Rules, Item::Settings, Item::Quit]);
    v
}

/// Handles a key on the menu.
pub fn on_key(app: &mut App, mut menu: Menu, k: KeyEvent) -> Vec<Effect> {
    let list = items(app);
    let chosen = match k.code {
        KeyCode::Up | KeyCode::Char('k') => {
            menu.selected = (menu.selected + list.len() - 1) % list.len();
            None
        }
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
            menu.selected = (menu.selected + 1) % list.len();
            None
        }
        KeyCode::Enter | KeyCode::Char(' ') => list.get(menu.selected).copied(),
        KeyCode::Esc => Some(Item::Quit),
        KeyCode::Char(c) => list.iter().copied().find(|i| i.label().1 == c),
        _ => None,
    };
    app.screen = Screen::Menu(menu);
    let Some(item) = chosen else {
        return Vec::new();
    };
    app.note = None;
    match item {
        Item::NewGame => {
            app.screen = Screen::NewGame(NewGameForm::new(&app.settings));
            Vec::new()
        }
        Item::Resume => match app.resume.clone() {
            Some(saved) => {
                let mut play = Play::new(
                    saved.session,
                    saved.players,
                    app.settings.ai_time(),
                    saved.started,
                );
                play.say("resumed");
                app.open_game(play)
            }
            None => Vec::new(),
        },
        Item::Load => {
            app.screen = Screen::Load(LoadForm::default());
            vec![Effect::ListSaves]
        }
        Item::Rules => {
            app.screen = Screen::Rules(RulesScreen::default());
            Vec::new()
        }
        Item::Settings => {
            app.screen = Screen::Settings(SettingsForm::default());
            Vec::new()
        }
        Item::Quit => app.quit(),
    }
}

/// Draws the menu.
pub fn view(f: &mut Frame, app: &App, menu: &Menu) {
    let s = &app.settings;
    let t = &s.theme;
    let area = f.area();
    f.render_widget(Block::new().style(t.text), area);
    let list = items(app);
    let mut lines = vec![
        Line::styled("t e s s e r a", t.title),
        Line::styled("Keil · Carteso · Iris · Linage · Wunchunk", t.dim),
        Line::raw(""),
    ];
    for (i, item) in list.iter().enumerate() {
        let (label, key) = item.label();
        let mut text = format!("{label:<12}");
        if *item == Item::Resume {
            if let Some(r) = &app.resume {
                let g = r.session.game();
                text = format!(
                    "Resume: {} turn {}",
                    g.kind().title(),
                    r.session.turns().len() + 1
                );
            }
        }
        let style = if i == menu.selected {
            t.selected
        } else {
            t.text
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {key} "), t.key),
            Span::styled(format!(" {text:<24}"), style),
        ]));
    }
    let h = lines.len() as u16;
    let r = centred(area, 50, h);
    f.render_widget(Paragraph::new(lines).alignment(Alignment::Center), r);
    if let Some(n) = &app.note {
        let y = (r.bottom() + 1).min(area.height.saturating_sub(3));
        let nr = Rect::new(1, y, area.width.saturating_sub(2), 2);
        let style = if n.error { t.error } else { t.text };
        f.render_widget(
            Paragraph::new(Line::styled(n.text.clone(), style))
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true }),
            nr,
        );
    }
    let hints = [
        ("↑↓", "choose"),
        ("Enter", "open"),
        ("n r l u s", "shortcuts"),
        ("q", "quit"),
    ];
    let kr = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
    f.render_widget(Paragraph::new(hints_line(&hints, s, area.width)), kr);
}
