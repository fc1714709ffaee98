//! The model of the whole interface, its messages, and the pure `update`.
//!
//! Each screen owns its state and handles its keys ([`super::screen`]); `update` hands a key
//! to the screen shown and carries out the [`Transition`] it returns. While the terminal is
//! too small for the screen, only the keys of [`TOO_SMALL`] do anything. What a game server
//! says ([`Msg::Net`]) changes the model here too: the lobby, the nickname, the game shown.
//!
//! This file names every screen and no screen names it: they return a [`Transition`]
//! (`screen::transition`) and [`Effect`]s (`effect`), which are files of their own.

use super::challenge::{self, ChallengeForm};
use super::commands::{Command, Table};
use super::effect::Effect;
use super::game::areas;
use super::game::keys as game_keys;
use super::game::play::Play;
use super::layout::MENU_MIN;
use super::load_screen::LoadForm;
use super::lobby::{self, Lobby};
use super::menu::{Menu, ResumeOffer};
use super::name_form::{self, NameForm};
use super::new_game::choices::LastChoices;
use super::new_game::NewGameForm;
use super::note::Note;
use super::puzzle::{self, PuzzleList, PuzzleScreen};
use super::rules::RulesScreen;
use super::screen::transition::Transition;
use super::screen::{Component, Ctx};
use super::settings::Settings;
use super::settings_screen::SettingsForm;
use super::store::{GameFile, SavedGame, Storage};
use super::{load_screen, menu, new_game, rules, settings_screen};
use crate::ai::AiEvent;
use crate::games::Game;
use crate::online::{Event, Identity, LobbyView, Request};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use std::path::PathBuf;

/// Something that happened.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event.
    Mouse(MouseEvent),
    /// The terminal has a new size (columns, rows).
    Resize(u16, u16),
    /// A report from the AI.
    Ai(AiEvent),
    /// A record was loaded (or not); `read_only` (with the reason) when it is the game
    /// another window has open, or a record reviewed on a server.
    Loaded {
        /// The game, or why not.
        game: Result<Box<SavedGame>, String>,
        /// Show it read-only, for this reason.
        read_only: Option<&'static str>,
    },
    /// A file was written (or not): what to say.
    Saved(Result<String, String>),
    /// The games folder as the Load screen lists it.
    SaveList(Vec<GameFile>),
    /// The finished game shown was kept in the games folder, in this file.
    Kept(PathBuf),
    /// The program was told to end (SIGTERM, or SIGHUP when the terminal or SSH link went
    /// away): save the game in progress and leave.
    Terminate,
    /// The game server said something (lobby, games, clocks).
    Net(Event),
    /// Review the game shown (after `tessera review FILE` loaded it); `store`: write the
    /// finished review into the file (`--write`).
    Review {
        /// Whether to store the finished review.
        store: bool,
    },
    /// The puzzle solver answered.
    PuzzleReply(super::puzzle::job::Reply),
    /// The puzzle progress was read (or not).
    PuzzleProgress(Result<super::puzzle::progress::Progress, String>),
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
    /// A server's lobby.
    Lobby(Lobby),
    /// Opening a challenge on a server.
    Challenge(ChallengeForm),
    /// Choosing a nickname on a server.
    Name(NameForm),
    /// The puzzle list.
    PuzzleList(PuzzleList),
    /// A puzzle.
    Puzzle(Box<PuzzleScreen>),
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
    /// AI job counter (job ids are never reused).
    pub next_job: u64,
    /// A message for screens other than the game (config problems, load errors).
    pub note: Option<Note>,
    /// The autosaved game, offered by Resume.
    pub resume: Option<SavedGame>,
    /// Another program owns the autosave: Resume only views it, and this program's games are
    /// saved to their own records (see [`store`]).
    pub autosave_elsewhere: bool,
    /// Set once the program should end.
    pub quit: bool,
    /// Where the session keeps its files.
    pub storage: Storage,
    /// The person's name as records show it.
    pub user: String,
    /// On a server: who this is and the lobby as last told (`None`: the program alone).
    pub online: Option<Online>,
    /// The New game form's last choices (read from the data directory at the start, kept
    /// there after each game started from the form).
    pub last_choices: Option<LastChoices>,
}

/// What a session on a server knows besides its screen.
#[derive(Clone, Debug)]
pub struct Online {
    /// The key and nickname.
    pub identity: Identity,
    /// The lobby as the server last described it.
    pub lobby: LobbyView,
}

/// What a key does while the terminal is too small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmallAction {
    /// Quit.
    Quit,
    /// Back to the menu.
    Back,
}

/// The only keys that work while the terminal is too small for the screen: nothing is played
/// blind.
#[rustfmt::skip]
pub static TOO_SMALL: Table<(), SmallAction> = Table {
    screen: "too_small",
    rows: &[
        Command::new(SmallAction::Quit, "quit", &["q"], |_| true, "quit", "quit"),
        Command::new(SmallAction::Back, "back", &["Esc"], |_| true, "menu", "back to the menu"),
    ],
};

/// Every command table: its config name and its command names (to check `[keys]`).
pub fn key_tables() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        (menu::TABLE.screen, menu::TABLE.names()),
        (new_game::TABLE.screen, new_game::TABLE.names()),
        (
            settings_screen::TABLE.screen,
            settings_screen::TABLE.names(),
        ),
        (load_screen::TABLE.screen, load_screen::TABLE.names()),
        (rules::TABLE.screen, rules::TABLE.names()),
        (game_keys::BOARD.screen, game_keys::BOARD.names()),
        (game_keys::RESULT.screen, game_keys::RESULT.names()),
        (game_keys::CONFIRM.screen, game_keys::CONFIRM.names()),
        (
            game_keys::COMMAND_LINE.screen,
            game_keys::COMMAND_LINE.names(),
        ),
        (TOO_SMALL.screen, TOO_SMALL.names()),
        (lobby::TABLE.screen, lobby::TABLE.names()),
        (challenge::TABLE.screen, challenge::TABLE.names()),
        (name_form::TABLE.screen, name_form::TABLE.names()),
        (game_keys::RECORD.screen, game_keys::RECORD.names()),
        (puzzle::keys::LIST.screen, puzzle::keys::LIST.names()),
        (puzzle::keys::TABLE.screen, puzzle::keys::TABLE.names()),
        (puzzle::keys::HELP.screen, puzzle::keys::HELP.names()),
    ]
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
            autosave_elsewhere: false,
            quit: false,
            storage: Storage::default(),
            user: "player".into(),
            online: None,
            last_choices: None,
        }
    }

    /// The New game form with the last choices, else the settings' defaults.
    pub fn new_game_form(&self) -> NewGameForm {
        match &self.last_choices {
            Some(c) => NewGameForm::with_choices(&self.settings, c),
            None => NewGameForm::new(&self.settings),
        }
    }

    /// The lobby (on a server), offering the autosaved game against the AI.
    pub fn lobby(&self) -> Lobby {
        let online = self.online.as_ref();
        Lobby {
            view: online.map(|o| o.lobby.clone()).unwrap_or_default(),
            selected: 0,
            me: self.user.clone(),
            resume: self.menu().resume,
            help: false,
        }
    }

    /// The home screen: the menu, or the lobby on a server (which then hears that this
    /// session is back in it), or the nickname form before a nickname is chosen.
    pub fn home(&mut self) -> Vec<Effect> {
        match &self.online {
            None => {
                self.screen = Screen::Menu(self.menu());
                Vec::new()
            }
            Some(o) if o.identity.name.is_none() => {
                self.screen = Screen::Name(NameForm {
                    fingerprint: o.identity.fingerprint.clone(),
                    ..NameForm::default()
                });
                Vec::new()
            }
            Some(_) => {
                self.screen = Screen::Lobby(self.lobby());
                vec![Effect::Net(Request::Lobby)]
            }
        }
    }

    /// The menu, offering the autosaved game.
    pub fn menu(&self) -> Menu {
        Menu::new(self.resume.as_ref().map(|r| ResumeOffer {
            what: format!(
                "{} turn {}",
                r.game.session.game().kind().title(),
                r.game.session.turns().len() + 1
            ),
            elsewhere: self.autosave_elsewhere,
        }))
    }

    /// Whether the terminal is large enough for the screen shown.
    pub fn fits(&self) -> bool {
        match &self.screen {
            Screen::Game(p) => areas::areas(self.size, p.game().geometry()).is_ok(),
            Screen::Puzzle(p) => areas::areas(self.size, p.game().geometry()).is_ok(),
            _ => self.size.0 >= MENU_MIN.0 && self.size.1 >= MENU_MIN.1,
        }
    }

    /// Opens the game screen for a game and lets the AI start if it is to move.
    pub fn open_game(&mut self, mut play: Play) -> Vec<Effect> {
        play.show_estimate = self.settings.config.show_estimate;
        let mut fx = play.schedule(&mut self.next_job);
        if play.finished() {
            play.popup = Some(super::game::play::Popup::Result(0));
        } else if !play.is_read_only() && play.online().is_none() {
            if self.autosave_elsewhere && self.settings.config.autosave {
                if let Some(p) = self.storage.record_path(&play.saved()) {
                    play.say(format!(
                        "another tessera window has the autosave: this game is saved to {} \
                         after every turn",
                        self.storage.shown_path(&p)
                    ));
                }
            }
            fx.insert(0, Effect::Autosave(play.saved()));
        }
        self.screen = Screen::Game(Box::new(play));
        fx
    }

    /// Leaves the game screen (saving the game in progress first).
    pub(super) fn leave_game(&mut self, fx: &mut Vec<Effect>) {
        if let Screen::Game(play) = &self.screen {
            if play.ai().job().is_some() || play.review().is_some_and(|r| r.is_running()) {
                fx.push(Effect::StopAi);
            }
            if !play.finished() && !play.is_read_only() && play.online().is_none() {
                let saved = play.saved();
                if !self.autosave_elsewhere {
                    self.resume = Some(saved.clone());
                }
                fx.push(Effect::Autosave(saved));
            } else if play.finished() && !self.autosave_elsewhere {
                self.resume = None;
            }
        }
    }

    /// To the main menu or the lobby (saving the game in progress first).
    pub fn back_to_menu(&mut self) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.leave_game(&mut fx);
        fx.extend(self.home());
        fx
    }

    /// Leaves the program (saving the game in progress first).
    pub fn quit(&mut self) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.leave_game(&mut fx);
        self.quit = true;
        fx.push(Effect::Quit);
        fx
    }

    /// Carries out where a screen's key sends the interface.
    fn go(&mut self, t: Transition) -> Vec<Effect> {
        match t {
            Transition::Stay(fx) => fx,
            Transition::Quit => self.quit(),
            Transition::Menu => self.back_to_menu(),
            Transition::NewGame => {
                let fx = self.back_to_menu();
                self.screen = Screen::NewGame(self.new_game_form());
                fx
            }
            Transition::Rules => {
                self.screen = Screen::Rules(RulesScreen::default());
                Vec::new()
            }
            Transition::Settings => {
                self.screen = Screen::Settings(SettingsForm::default());
                Vec::new()
            }
            Transition::Load => {
                self.screen = Screen::Load(LoadForm {
                    paths: self.storage.paths,
                    ..LoadForm::default()
                });
                vec![Effect::ListSaves]
            }
            Transition::Challenge => {
                let form = self.new_game_form();
                self.screen = Screen::Challenge(ChallengeForm::new(form));
                Vec::new()
            }
            Transition::MenuWith(more) => {
                let mut fx = self.back_to_menu();
                fx.extend(more);
                fx
            }
            Transition::Resume => match (self.autosave_elsewhere, self.storage.autosave_path()) {
                // Another window plays it: read it afresh, to view.
                (true, Some(path)) => vec![Effect::View(path)],
                _ => match self.resume.clone() {
                    Some(saved) => {
                        let mut play = Play::from_saved(saved, self.settings.ai_time());
                        play.say("resumed");
                        self.open_game(play)
                    }
                    None => Vec::new(),
                },
            },
            Transition::Open(play) => {
                let mut fx = Vec::new();
                // A game started from the New game form: its choices are the next form's.
                if let Screen::NewGame(form) = &self.screen {
                    let choices = form.choices();
                    self.last_choices = Some(choices.clone());
                    fx.push(Effect::RememberChoices(choices));
                }
                // A rematch leaves the finished game (and its review) behind.
                self.leave_game(&mut fx);
                fx.extend(self.open_game(*play));
                fx
            }
            Transition::Puzzles => self.open_puzzles(None),
            Transition::PuzzleList(list) => {
                self.screen = Screen::PuzzleList(*list);
                Vec::new()
            }
            Transition::Puzzle(p) => {
                self.screen = Screen::Puzzle(p);
                Vec::new()
            }
        }
    }

    fn ctx(&mut self) -> (Ctx<'_>, &mut Screen) {
        (
            Ctx {
                settings: &mut self.settings,
                note: &mut self.note,
                next_job: &mut self.next_job,
                size: self.size,
                storage: &self.storage,
                user: &self.user,
                autosave_elsewhere: self.autosave_elsewhere,
                on_server: self.online.is_some(),
            },
            &mut self.screen,
        )
    }

    /// Opens the puzzle list (showing `kind`) and asks for the saved progress.
    pub fn open_puzzles(&mut self, kind: Option<crate::games::GameKind>) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.leave_game(&mut fx);
        self.screen = Screen::PuzzleList(PuzzleList::new(kind));
        fx.push(Effect::LoadPuzzleProgress);
        fx
    }

    /// Shows a note on the screen shown (the game's message lines, or the other screens').
    pub(super) fn tell(&mut self, note: Note) {
        match &mut self.screen {
            Screen::Game(play) => play.note = Some(note),
            _ => self.note = Some(note),
        }
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
        Msg::Key(k) if !app.fits() => match TOO_SMALL.lookup(&(), &app.settings.keymap, &k) {
            Some(SmallAction::Quit) => app.quit(),
            Some(SmallAction::Back) => app.back_to_menu(),
            None => Vec::new(),
        },
        Msg::Key(k) => on_key(app, k),
        Msg::Mouse(m) => {
            let (mut cx, screen) = app.ctx();
            match screen {
                Screen::Game(play) => game_keys::on_mouse(play, m, &mut cx),
                _ => Vec::new(),
            }
        }
        Msg::Ai(r) => match &mut app.screen {
            Screen::Game(play) => play.on_ai(r, &mut app.next_job),
            _ => Vec::new(),
        },
        Msg::Loaded { game: Err(e), .. } => {
            app.tell(Note::error(e));
            Vec::new()
        }
        Msg::Loaded {
            game: Ok(saved),
            read_only,
        } => {
            let mut fx = Vec::new();
            app.leave_game(&mut fx);
            let mut play = Play::from_saved(*saved, app.settings.ai_time());
            if let Some(why) = read_only {
                play = play.read_only(why);
                play.say(format!("read-only: {why} ([ ] step through it)"));
            } else {
                play.say("game loaded");
            }
            fx.extend(app.open_game(play));
            fx
        }
        Msg::Saved(result) => {
            app.tell(match result {
                Ok(s) => Note::info(s),
                Err(e) => Note::error(e),
            });
            Vec::new()
        }
        Msg::Net(event) => on_event(app, event),
        Msg::Review { store } => match &mut app.screen {
            Screen::Game(play) => {
                let fx = play.start_review(&mut app.next_job);
                if store {
                    play.store_review_when_done();
                }
                fx
            }
            _ => Vec::new(),
        },
        Msg::PuzzleReply(r) => match &mut app.screen {
            Screen::Puzzle(p) => p.on_reply(r),
            _ => Vec::new(),
        },
        Msg::PuzzleProgress(Ok(progress)) => {
            match &mut app.screen {
                Screen::PuzzleList(l) => l.progress = progress,
                Screen::Puzzle(p) => p.list.progress = progress,
                _ => {}
            }
            Vec::new()
        }
        Msg::PuzzleProgress(Err(e)) => {
            app.tell(Note::error(e));
            Vec::new()
        }
        Msg::SaveList(files) => {
            if let Screen::Load(form) = &mut app.screen {
                form.set_files(files);
            }
            Vec::new()
        }
        Msg::Kept(path) => {
            if let Screen::Game(play) = &mut app.screen {
                if play.finished() {
                    let name = path
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                    play.say(format!("kept in your games as {name}"));
                    // A review of it is stored in that file when it completes.
                    play.source = Some(path);
                }
            }
            Vec::new()
        }
    }
}

/// What the interface does with what a game server tells it: a new lobby, the nickname
/// taken, a game started or changed (opened on the game screen, or brought up to date there), a
/// game closed, a notice, a clock tick. Applies the event to the model; returns what the
/// runtime must do.
fn on_event(app: &mut App, event: Event) -> Vec<Effect> {
    match event {
        Event::Lobby(view) => {
            if let Some(o) = app.online.as_mut() {
                o.lobby = view.clone();
            }
            if let Screen::Lobby(l) = &mut app.screen {
                l.set_view(view);
            }
            Vec::new()
        }
        Event::Named(Ok(name)) => {
            if let Some(o) = app.online.as_mut() {
                o.identity.name = Some(name.clone());
            }
            app.user = name.clone();
            app.note = Some(Note::info(format!(
                "welcome, {name}: c opens a challenge, a plays the AI, ? shows the keys"
            )));
            app.home()
        }
        Event::Named(Err(why)) => {
            app.note = Some(Note::error(why));
            Vec::new()
        }
        Event::Game(update) => {
            if let Screen::Game(play) = &mut app.screen {
                if play.online().is_some_and(|o| o.live.id == update.live.id) {
                    return play.apply_update(*update, &mut app.next_job);
                }
            }
            // A game starts (or a player comes back to theirs): it takes the screen, the
            // game against the AI being saved first.
            let mut fx = Vec::new();
            app.leave_game(&mut fx);
            let mut play = Play::for_server(*update, app.settings.ai_time());
            let text = match play.online().and_then(|o| o.live.seat) {
                Some(_) => "the game is on: ? shows the keys",
                None => "watching: a turns the AI's analysis on or off",
            };
            play.say(text);
            fx.extend(app.open_game(play));
            fx
        }
        Event::Closed(id, why) => {
            let shown = matches!(&app.screen, Screen::Game(p) if p.online().is_some_and(|o| o.live.id == id));
            if shown {
                let fx = app.back_to_menu();
                app.note = Some(Note::info(why));
                fx
            } else {
                app.note = Some(Note::info(why));
                Vec::new()
            }
        }
        Event::Notice(text) => {
            app.tell(Note::info(text));
            Vec::new()
        }
        Event::Tick(now) => {
            if let Screen::Game(play) = &mut app.screen {
                play.tick(now);
            }
            Vec::new()
        }
    }
}

impl Screen {
    /// The screen as a component (its keys and its drawing).
    pub fn component(&self) -> &dyn Component<Transition> {
        match self {
            Screen::Game(play) => play.as_ref(),
            Screen::Menu(m) => m,
            Screen::NewGame(form) => form,
            Screen::Settings(form) => form,
            Screen::Load(form) => form,
            Screen::Rules(r) => r,
            Screen::Lobby(l) => l,
            Screen::Challenge(form) => form,
            Screen::Name(form) => form,
            Screen::PuzzleList(l) => l,
            Screen::Puzzle(p) => p.as_ref(),
        }
    }

    fn component_mut(&mut self) -> &mut dyn Component<Transition> {
        match self {
            Screen::Game(play) => play.as_mut(),
            Screen::Menu(m) => m,
            Screen::NewGame(form) => form,
            Screen::Settings(form) => form,
            Screen::Load(form) => form,
            Screen::Rules(r) => r,
            Screen::Lobby(l) => l,
            Screen::Challenge(form) => form,
            Screen::Name(form) => form,
            Screen::PuzzleList(l) => l,
            Screen::Puzzle(p) => p.as_mut(),
        }
    }
}

fn on_key(app: &mut App, k: KeyEvent) -> Vec<Effect> {
    let asked = match &mut app.screen {
        Screen::Game(play) => play.take_leave_asked(),
        _ => false,
    };
    let (mut cx, screen) = app.ctx();
    let t = screen.component_mut().on_key(k, &mut cx);
    // On a server `q` in a game (played, watched, against the AI) goes back to the lobby;
    // leaving a live game of one's own asks first. `q` in the lobby ends the session.
    if matches!(t, Transition::Quit) && app.online.is_some() {
        if let Screen::Game(play) = &mut app.screen {
            if !play.leave_now(asked) {
                return Vec::new();
            }
            let leave = play.leave_request();
            let wait = play.online().map(|o| o.live.wait);
            let mut fx = Vec::new();
            if let (Some(request), Some(wait)) = (leave, wait) {
                fx.push(Effect::Net(request));
                fx.extend(app.back_to_menu());
                let wait = crate::online::duration_words(wait.as_secs().max(1) as u32);
                app.note = Some(Note::info(format!(
                    "you left your game: it waits {wait} for you (Enter on it returns)"
                )));
                return fx;
            }
            fx.extend(app.back_to_menu());
            return fx;
        }
    }
    app.go(t)
}
