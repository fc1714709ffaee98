//! The Settings screen: changes apply at once; Save writes them to the config file (keeping
//! its comments); leaving with unsaved changes says so.

use super::commands::{Command, Table};
use super::effect::Effect;
use super::form::{Form, Move, Selection};
use super::new_game::AI_TIMES;
use super::note::Note;
use super::screen::transition::Transition;
use super::screen::{Component, Ctx, ViewCtx};
use super::settings::Settings;
use super::store::Storage;
use crate::config::ShowEstimate;
use crate::theme::Theme;
use ratatui::crossterm::event::KeyEvent;
use ratatui::Frame;

/// The Settings screen's state.
#[derive(Clone, Debug, Default)]
pub struct SettingsForm {
    /// The selected row.
    pub row: Selection,
    /// Something changed since the screen opened or the last Save.
    pub changed: bool,
}

const ROWS: usize = 9;
const SAVE_ROW: usize = 7;
const BACK_ROW: usize = 8;

/// What a command of the Settings screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The row above or below.
    Move(Move),
    /// The row's previous value.
    Less,
    /// The row's next value (or Save, Back).
    More,
    /// Back to the menu.
    Back,
}

fn always(_: &SettingsForm) -> bool {
    true
}

/// The Settings screen's commands.
#[rustfmt::skip]
pub static TABLE: Table<SettingsForm, Action> = Table {
    screen: "settings",
    rows: &[
        Command::new(Action::Move(Move::Prev), "up", &["Up", "k", "BackTab"], always, "choose", "the row above"),
        Command::new(Action::Move(Move::Next), "down", &["Down", "j", "Tab"], always, "choose", "the row below"),
        Command::new(Action::Less, "less", &["Left", "h", "-"], always, "change", "change the setting"),
        Command::new(Action::More, "more", &["Right", "l", "+", "Enter", "Space"], always, "change", "change the setting (Save, Back)"),
        Command::new(Action::Back, "back", &["Esc", "q"], always, "back", "back to the menu"),
    ],
};

fn setting_text(s: &Settings, storage: &Storage, row: usize) -> (&'static str, String) {
    let c = &s.config;
    let on = |b: bool| if b { "on" } else { "off" }.to_string();
    match row {
        0 => (
            "Theme",
            match (s.no_color, c.theme.as_str()) {
                (true, _) => format!("{} (NO_COLOR: no colours)", c.theme),
                (false, "auto") => format!("auto ({})", s.theme.name),
                _ => c.theme.clone(),
            },
        ),
        1 => ("ASCII", on(c.ascii)),
        2 => ("Mouse", on(c.mouse)),
        3 => ("AI time", format!("{} s per turn", c.ai_time)),
        4 => (
            "AI level",
            format!("{} (new games start with it)", c.ai_level),
        ),
        5 => ("Autosave", on(c.autosave)),
        6 => (
            "Estimate",
            match c.show_estimate {
                ShowEstimate::Never => "never (only a, H and R show the AI's numbers)",
                ShowEstimate::AfterGame => "after the game (none while you play the AI)",
                ShowEstimate::Always => "always (also the AI opponent's own, as it plays)",
            }
            .into(),
        ),
        SAVE_ROW => (
            "",
            match &s.config_path {
                Some(p) => format!("[ Save to {} ]", storage.shown_path(p)),
                None => "[ Save to the config file ]".into(),
            },
        ),
        _ => ("", "[ Back ]".into()),
    }
}

/// Re-reads the theme after the config changed.
fn apply_theme(s: &mut Settings) -> Option<String> {
    let (new, problems) = Settings::for_terminal(s.config.clone(), s.config_path.clone(), &s.term);
    *s = new;
    (!problems.is_empty()).then(|| problems.join("; "))
}

impl SettingsForm {
    fn leave(&self, cx: &mut Ctx) -> Transition {
        if self.changed {
            *cx.note = Some(Note::info(
                "settings changed for this session only: not saved (Settings → Save keeps them)",
            ));
        }
        Transition::Menu
    }
}

impl Component<Transition> for SettingsForm {
    /// Handles a key (changes apply at once).
    fn on_key(&mut self, k: KeyEvent, cx: &mut Ctx) -> Transition {
        let dir = match TABLE.lookup(self, &cx.settings.keymap, &k) {
            None => return Transition::stay(),
            Some(Action::Move(m)) => {
                self.row.go(m, ROWS);
                return Transition::stay();
            }
            Some(Action::Back) => return self.leave(cx),
            Some(Action::Less) => -1,
            Some(Action::More) => 1,
        };
        let mut fx = Vec::new();
        let s = &mut *cx.settings;
        let c = &mut s.config;
        match self.row.index() {
            0 => {
                let mut names = vec!["auto"];
                names.extend(Theme::built_in_names());
                let i = names.iter().position(|n| *n == c.theme);
                let next = match i {
                    Some(i) => (i as i32 + dir).rem_euclid(names.len() as i32) as usize,
                    None => 0,
                };
                c.theme = names[next].to_string();
                *cx.note = apply_theme(s).map(Note::error);
            }
            1 => c.ascii = !c.ascii,
            2 => {
                c.mouse = !c.mouse;
                fx.push(Effect::SetMouse(c.mouse));
            }
            3 => {
                let i = AI_TIMES.iter().position(|&t| t >= c.ai_time).unwrap_or(3);
                c.ai_time = AI_TIMES[(i as i32 + dir).clamp(0, AI_TIMES.len() as i32 - 1) as usize];
            }
            4 => c.ai_level = (c.ai_level as i32 + dir).clamp(1, 10) as u8,
            5 => c.autosave = !c.autosave,
            6 => {
                let all = ShowEstimate::ALL;
                let i = all.iter().position(|&v| v == c.show_estimate).unwrap_or(1);
                c.show_estimate = all[(i as i32 + dir).rem_euclid(all.len() as i32) as usize];
            }
            SAVE_ROW if dir > 0 => {
                self.changed = false;
                return Transition::Stay(vec![Effect::SaveConfig(c.clone())]);
            }
            BACK_ROW if dir > 0 => return self.leave(cx),
            _ => return Transition::stay(),
        }
        self.changed = true;
        Transition::Stay(fx)
    }

    /// Draws the screen.
    fn view(&self, f: &mut Frame, v: &ViewCtx) {
        let s = v.settings;
        let mut form = Form::titled(s, "Settings", 76).spare(2).wrapped();
        let rows = (0..ROWS).map(|row| {
            let (label, value) = setting_text(s, v.storage, row);
            (label, value, true)
        });
        form.fields(rows, self.row.index(), 9, false);
        if self.changed {
            form.para(
                "changed for this session: Save keeps the changes",
                s.theme.dim,
            );
        }
        form.note(v.note);
        form.draw(f, &TABLE.hints(self, &s.keymap));
    }
}
