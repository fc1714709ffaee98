//! The model of the whole interface, its messages, and the pure `update`.

use super::engine::Report;
use super::forms::{LoadForm, SettingsForm};
use super::menu::Menu;
use super::new_game::NewGameForm;
use super::play::Play;
use super::rules::RulesScreen;
use super::store::SavedGame;
use super::{Effect, Note};
use crate::config::Config;
use crate::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use std::path::PathBuf;
use std::time::Duration;

/// Something that happened.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event.
    Mouse(MouseEvent),
    /// The terminal has a new size (columns, rows).
    Resize(u16, u16),
    /// A report from the engine.
    Engine(Report),
    /// A record was loaded (or not).
    Loaded(Result<Box<SavedGame>, String>),
    /// A file was written (or not): what to say.
    Saved(Result<String, String>),
    /// The saved games found for the Load screen.
    SaveList(Vec<PathBuf>),
    /// The program was told to end (SIGTERM, or SIGHUP when the terminal or SSH link went
    /// away): save the game in progress and leave.
    Terminate,
}

/// The settings the interface runs with (from the config file, flags and the environment).
#[derive(Clone, Debug)]
pub struct Settings {
    /// The configuration as it would be saved.
    pub config: Config,
    /// Where it was read from (and is saved to).
    pub config_path: Option<PathBuf>,
    /// The theme in use (already stripped of colour under `NO_COLOR`).
    pub theme: Theme,
    /// `NO_COLOR` is set.
    pub no_color: bool,
}

impl Settings {
    /// Settings from a configuration; returns a problem with the theme, if any.
    pub fn new(
        config: Config,
        config_path: Option<PathBuf>,
        no_color: bool,
    ) -> (Settings, Option<String>) {
        let (theme, problem) = config.resolve_theme(config_path.as_deref());
        let theme = if no_color {
            theme.without_colour()
        } else {
            theme
        };
        (
            Settings {
                config,
                config_path,
                theme,
                no_color,
            },
            problem,
        )
    }

    /// Plain ASCII drawing.
    pub fn ascii(&self) -> bool {
        self.config.ascii
    }

    /// The AI's time per turn.
    pub fn ai_time(&self) -> Duration {
        Duration::from_secs_f64(self.config.ai_time)
    }
}

/// The screen shown.
#[derive(Clone, Debug)]
pub enum Screen {
    /// The main menu.
    Menu(Menu),
    /// Choosing a new game.
    NewGame(NewGameForm),
    /// Playing (or watching, or reviewing) a game.
    Game(Box<Play>),
    /// The rules of the five games.
    Rules(RulesScreen),
    /// Settings.
    Settings(SettingsForm),
    /// Loading a saved game.
    Load(LoadForm),
}

/// The whole interface.
#[derive(Clone, Debug)]
pub struct App {
    /// What is on screen.
    pub screen: Screen,
    /// How it looks and behaves.
    pub settings: Settings,
    /// Terminal size (columns, rows).
    pub size: (u16, u16),
    /// Engine job counter (job ids are never reused).
    pub next_job: u64,
    /// A message for screens other than the game (config problems, load errors).
    pub note: Option<Note>,
    /// The autosaved game, offered by Resume.
    pub resume: Option<SavedGame>,
    /// Set once the program should end.
    pub quit: bool,
}

impl App {
    /// The interface at the main menu.
    pub fn new(settings: Settings, size: (u16, u16)) -> App {
        App {
            screen: Screen::Menu(Menu::default()),
            settings,
            size,
            next_job: 0,
            note: None,
            resume: None,
            quit: false,
        }
    }

    /// Opens the game screen for a game and lets the AI start if it is to move.
    pub fn open_game(&mut self, mut play: Play) -> Vec<Effect> {
        let mut fx = play.schedule(&mut self.next_job);
        if play.finished() {
            play.popup = Some(super::play::Popup::Result(0));
        } else {
            fx.insert(0, Effect::Autosave(play.saved()));
        }
        self.screen = Screen::Game(Box::new(play));
        fx
    }

    /// Leaves the game screen for the menu (saving the game in progress first).
    pub fn to_menu(&mut self) -> Vec<Effect> {
        let mut fx = Vec::new();
        if let Screen::Game(play) = &self.screen {
            if play.ai.job.is_some() {
                fx.push(Effect::StopEngine);
            }
            if !play.finished() {
                let saved = play.saved();
                self.resume = Some(saved.clone());
                fx.push(Effect::Autosave(saved));
            } else {
                self.resume = None;
            }
        }
        self.screen = Screen::Menu(Menu::default());
        fx
    }

    /// Leaves the program (saving the game in progress first).
    pub fn quit(&mut self) -> Vec<Effect> {
        let mut fx = Vec::new();
        if let Screen::Game(play) = &self.screen {
            if play.ai.job.is_some() {
                fx.push(Effect::StopEngine);
            }
            if !play.finished() {
                fx.push(Effect::Autosave(play.saved()));
            }
        }
        self.quit = true;
        fx.push(Effect::Quit);
        fx
    }
}

/// Whether a key is Ctrl-C (which quits from everywhere; raw mode turns it into a key).
fn is_ctrl_c(k: &KeyEvent) -> bool {
    k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c' | 'C'))
}

/// The pure update: applies a message to the model and returns what the runtime must do.
pub fn update(app: &mut App, msg: Msg) -> Vec<Effect> {
    match msg {
        Msg::Resize(w, h) => {
            app.size = (w, h);
            Vec::new()
        }
        Msg::Key(k) if k.kind == KeyEventKind::Release => Vec::new(),
        Msg::Key(k) if is_ctrl_c(&k) => app.quit(),
        Msg::Terminate => app.quit(),
        Msg::Key(k) => on_key(app, k),
        Msg::Mouse(m) => match &mut app.screen {
            Screen::Game(play) => {
                let size = app.size;
                super::play_keys::on_mouse(play, m, size, &mut app.next_job)
            }
            _ => Vec::new(),
        },
        Msg::Engine(r) => match &mut app.screen {
            Screen::Game(play) => play.on_report(r, &mut app.next_job),
            _ => Vec::new(),
        },
        Msg::Loaded(Err(e)) => {
            let note = Note::error(e);
            match &mut app.screen {
                Screen::Game(play) => play.note = Some(note),
                _ => app.note = Some(note),
            }
            Vec::new()
        }
        Msg::Loaded(Ok(saved)) => {
            let mut fx = Vec::new();
            if let Screen::Game(play) = &app.screen {
                if play.ai.job.is_some() {
                    fx.push(Effect::StopEngine);
                }
            }
            let saved = *saved;
            let mut play = Play::new(
                saved.session,
                saved.players,
                app.settings.ai_time(),
                saved.started,
            );
            if let Some(r) = saved.result.filter(|r| r.contains("+R")) {
                // A resignation is not part of the rules' state: keep it from the record.
                let kind = play.session.kind();
                if let Some(side) = [crate::games::Side::First, crate::games::Side::Second]
                    .into_iter()
                    .find(|&s| r.starts_with(kind.side_letter(s.other())))
                {
                    play.resigned = Some(side);
                }
            }
            play.say("game loaded");
            fx.extend(app.open_game(play));
            fx
        }
        Msg::Saved(result) => {
            let note = match result {
                Ok(s) => Note::info(s),
                Err(e) => Note::error(e),
            };
            match &mut app.screen {
                Screen::Game(play) => play.note = Some(note),
                _ => app.note = Some(note),
            }
            Vec::new()
        }
        Msg::SaveList(files) => {
            if let Screen::Load(form) = &mut app.screen {
                form.files = files;
            }
            Vec::new()
        }
    }
}

fn on_key(app: &mut App, k: KeyEvent) -> Vec<Effect> {
    // Each screen's handler returns what it wants; screen changes are done here, where the
    // whole model is at hand.
    let screen = std::mem::replace(&mut app.screen, Screen::Menu(Menu::default()));
    match screen {
        Screen::Game(mut play) => {
            let out = super::play_keys::on_key(&mut play, k, &mut app.next_job);
            app.screen = Screen::Game(play);
            match out {
                super::play_keys::Outcome::Stay(fx) => fx,
                super::play_keys::Outcome::Quit => app.quit(),
                super::play_keys::Outcome::Menu => app.to_menu(),
                super::play_keys::Outcome::NewGame => {
                    let mut fx = app.to_menu();
                    app.screen = Screen::NewGame(NewGameForm::new(&app.settings));
                    fx.retain(|e| !matches!(e, Effect::Autosave(_)));
                    fx
                }
            }
        }
        Screen::Menu(menu) => super::menu::on_key(app, menu, k),
        Screen::NewGame(form) => super::new_game::on_key(app, form, k),
        Screen::Settings(form) => super::forms::settings_key(app, form, k),
        Screen::Load(form) => super::forms::load_key(app, form, k),
        Screen::Rules(rules) => super::rules::on_key(app, rules, k),
    }
}
