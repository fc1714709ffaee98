//! The Settings and Load game screens.

use super::app::{App, Screen, Settings};
use super::game_view::centred;
use super::menu::Menu;
use super::new_game::AI_TIMES;
use super::panels::hints_line;
use super::Effect;
use crate::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;
use std::path::PathBuf;

/// The Settings screen's state.
#[derive(Clone, Debug, Default)]
pub struct SettingsForm {
    /// The selected row.
    pub row: usize,
}

const SETTING_ROWS: usize = 8;

fn setting_text(s: &Settings, row: usize) -> (&'static str, String) {
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
            "",
            match &s.config_path {
                Some(p) => format!("[ Save to {} ]", p.display()),
                None => "[ Save to the config file ]".into(),
            },
        ),
        _ => ("", "[ Back ]".into()),
    }
}

/// Re-reads the theme after the config changed.
fn apply_theme(s: &mut Settings) -> Option<String> {
    let (new, problem) = Settings::new(s.config.clone(), s.config_path.clone(), s.no_color);
    *s = new;
    problem
}

/// Handles a key on the Settings screen; changes apply at once.
pub fn settings_key(app: &mut App, mut form: SettingsForm, k: KeyEvent) -> Vec<Effect> {
    let mut fx = Vec::new();
    let dir = match k.code {
        KeyCode::Left | KeyCode::Char('h' | '-') => -1,
        KeyCode::Right | KeyCode::Char('l' | '+') | KeyCode::Enter | KeyCode::Char(' ') => 1,
        KeyCode::Up | KeyCode::Char('k') => {
            form.row = (form.row + SETTING_ROWS - 1) % SETTING_ROWS;
            0
        }
        KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
            form.row = (form.row + 1) % SETTING_ROWS;
            0
        }
        KeyCode::Esc | KeyCode::Char('q') => {
            app.screen = Screen::Menu(Menu::default());
            return fx;
        }
        _ => 0,
    };
    let enter = matches!(k.code, KeyCode::Enter | KeyCode::Char(' '));
    if dir != 0 {
        let s = &mut app.settings;
        let c = &mut s.config;
        match form.row {
            0 => {
                let mut names = vec!["auto"];
                names.extend(Theme::built_in_names());
                let i = names.iter().position(|n| *n == c.theme);
                let next = match i {
                    Some(i) => (i as i32 + dir).rem_euclid(names.len() as i32) as usize,
                    None => 0,
                };
                c.theme = names[next].to_string();
                app.note = apply_theme(s).map(super::Note::error);
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
            6 if enter => fx.push(Effect::SaveConfig(c.clone())),
            7 if enter => {
                app.screen = Screen::Menu(Menu::default());
                return fx;
            }
            _ => {}
        }
    }
    app.screen = Screen::Settings(form);
    fx
}

/// Draws the Settings screen.
pub fn settings_view(f: &mut Frame, app: &App, form: &SettingsForm) {
    let s = &app.settings;
    let t = &s.theme;
    let area = f.area();
    f.render_widget(Block::new().style(t.text), area);
    let mut lines = vec![Line::styled("Settings", t.title), Line::raw("")];
    for row in 0..SETTING_ROWS {
        let (label, value) = setting_text(s, row);
        let style = if row == form.row { t.selected } else { t.text };
        lines.push(Line::from(vec![
            Span::styled(format!("{label:>9}  "), t.dim),
            Span::styled(value, style),
        ]));
    }
    if let Some(n) = &app.note {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            n.text.clone(),
            if n.error { t.error } else { t.text },
        ));
    }
    let r = centred(area, 76, lines.len() as u16 + 1);
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), r);
    let hints = [("↑↓", "choose"), ("←→ Enter", "change"), ("Esc", "back")];
    let kr = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
    f.render_widget(Paragraph::new(hints_line(&hints, s, area.width)), kr);
}

/// The Load game screen's state.
#[derive(Clone, Debug, Default)]
pub struct LoadForm {
    /// Saved games found in the data directory.
    pub files: Vec<PathBuf>,
    /// The selected row (0 is the path line).
    pub row: usize,
    /// The path typed on the path line.
    pub path: String,
}

/// Handles a key on the Load screen: `↑↓` choose, `Enter` loads, typing edits the path line.
pub fn load_key(app: &mut App, mut form: LoadForm, k: KeyEvent) -> Vec<Effect> {
    let rows = form.files.len() + 1;
    match k.code {
        KeyCode::Esc => {
            app.screen = Screen::Menu(Menu::default());
            return Vec::new();
        }
        KeyCode::Up => form.row = (form.row + rows - 1) % rows,
        KeyCode::Down | KeyCode::Tab => form.row = (form.row + 1) % rows,
        KeyCode::Enter => {
            let path = if form.row == 0 {
                PathBuf::from(form.path.trim())
            } else {
                form.files[form.row - 1].clone()
            };
            app.screen = Screen::Load(form);
            if path.as_os_str().is_empty() {
                app.note = Some(super::Note::error("type a file name first"));
                return Vec::new();
            }
            return vec![Effect::Load(path)];
        }
        KeyCode::Backspace if form.row == 0 => {
            form.path.pop();
        }
        KeyCode::Char(c) if form.row == 0 => form.path.push(c),
        _ => {}
    }
    app.screen = Screen::Load(form);
    Vec::new()
}

/// Draws the Load screen.
pub fn load_view(f: &mut Frame, app: &App, form: &LoadForm) {
    let s = &app.settings;
    let t = &s.theme;
    let area = f.area();
    f.render_widget(Block::new().style(t.text), area);
    let mut lines = vec![Line::styled("Load game", t.title), Line::raw("")];
    let cursor = if s.ascii() { "_" } else { "█" };
    lines.push(Line::from(vec![
        Span::styled("File: ", t.dim),
        Span::styled(
            format!("{}{}", form.path, if form.row == 0 { cursor } else { "" }),
            if form.row == 0 { t.selected } else { t.text },
        ),
    ]));
    lines.push(Line::raw(""));
    if form.files.is_empty() {
        lines.push(Line::styled(
            "(no saved games in the data directory)",
            t.dim,
        ));
    }
    let h = area.height.saturating_sub(8) as usize;
    let skip = form.row.saturating_sub(h);
    for (i, p) in form.files.iter().enumerate().skip(skip).take(h) {
        let name = p
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let style = if form.row == i + 1 {
            t.selected
        } else {
            t.text
        };
        lines.push(Line::styled(name, style));
    }
    if let Some(n) = &app.note {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            n.text.clone(),
            if n.error { t.error } else { t.text },
        ));
    }
    let r = centred(area, 70, lines.len() as u16 + 1);
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), r);
    let hints = [
        ("type", "a path"),
        ("↑↓", "choose"),
        ("Enter", "load"),
        ("Esc", "back"),
    ];
    let kr = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
    f.render_widget(Paragraph::new(hints_line(&hints, s, area.width)), kr);
}
