//! One interface session against any terminal. Whoever runs it (the program in its terminal,
//! an SSH channel of `tessera serve`, a test) passes in everything the session touches: where
//! its output goes and the terminal's size, the channel its messages arrive on, the person's
//! name, where its files go, its settings, its AI, and (on a server) its link to the server.
//! Nothing here reads the process's environment, its standard streams or global handlers.
//!
//! The loop blocks on the channel, applies each message with the pure `update`, carries out
//! the effects and redraws once per batch. However the session ends (quit, a dropped link, a
//! panic inside it) the terminal gets back its normal screen, cursor and modes.

use super::app::{update, App, Msg, Online, Screen};
use super::backend::SessionBackend;
use super::effect::Effect;
use super::note::Note;
pub use super::settings::{Settings, TermEnv};
pub use super::store::Storage;
use super::store::{self, AutosaveSlot};
use super::view;
use crate::ai::{AiEvent, AiStart, Thinker};
use crate::online::{Identity, Link};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::collections::VecDeque;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};

/// Settings of a session on a server: the key's own configuration file if it saved one
/// (never the server user's), for its terminal; with the problems met reading it (an unknown
/// key name in `[keys]` among them).
pub fn session_settings(storage: &Storage, term: &TermEnv) -> (Settings, Vec<String>) {
    let loaded = match storage.config.as_deref().filter(|p| p.exists()) {
        Some(p) => crate::config::load(Some(p)),
        None => crate::config::Loaded {
            config: crate::config::Config::default(),
            path: None,
            problem: None,
        },
    };
    let (settings, mut problems) = Settings::for_terminal(loaded.config, loaded.path, term);
    problems.extend(loaded.problem);
    problems.extend(settings.keymap.unknown(&super::app::key_tables()));
    (settings, problems)
}

/// The size of the largest screen the interface draws (columns, rows): the largest board of
/// any game at its largest scale with the panels beside it at their widest, or below it at
/// their tallest.
pub fn largest_screen() -> (u16, u16) {
    use super::board::layout::BoardLayout;
    use super::game::areas as g;
    use crate::board::Geometry;
    static SIZE: std::sync::OnceLock<(u16, u16)> = std::sync::OnceLock::new();
    *SIZE.get_or_init(|| {
        let square = (5..=19).map(Geometry::square);
        let hex = (3..=12).map(Geometry::hex);
        let (mut w, mut h) = super::layout::MENU_MIN;
        for geo in square.chain(hex) {
            let l = BoardLayout::scaled(geo, BoardLayout::MAX_SCALE);
            w = w.max(l.width() + 2 + g::PANEL_MAX_WIDTH);
            h = h.max(l.height() + g::BAND_MAX_HEIGHT + g::BOTTOM_ROWS);
        }
        (w, h)
    })
}

/// How the interface starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// At the menu (the lobby on a server).
    Menu,
    /// Straight into a game.
    Play(Box<super::game::play::Play>),
    /// Loading a record.
    Load(PathBuf),
    /// Loading a record read-only and reviewing it (`tessera review FILE`); with `true`
    /// (`--write`) the finished review is stored in the file.
    Review(PathBuf, bool),
    /// The puzzle list, showing this game (the first when `None`).
    Puzzles(Option<crate::games::GameKind>),
}

/// Everything a session runs with.
pub struct Host {
    /// Where the screen goes.
    pub out: Box<dyn Write + Send>,
    /// The terminal's size (columns, rows); later sizes arrive as [`Msg::Resize`].
    pub size: (u16, u16),
    /// The session's messages: keys, resizes, AI reports, server events, terminate.
    pub events: Receiver<Msg>,
    /// A sender on the same channel (the AI reports through it).
    pub sender: Sender<Msg>,
    /// The person's name as records show it.
    pub user: String,
    /// On a server: the key and nickname.
    pub identity: Option<Identity>,
    /// Where files go.
    pub storage: Storage,
    /// The settings, and the problems met reading them.
    pub settings: (Settings, Vec<String>),
    /// The AI to use.
    pub ai: AiStart,
    /// The server, for a session on one.
    pub link: Option<Box<dyn Link>>,
    /// Where to start.
    pub start: Start,
}

/// The message of a failed load: the path as messages show it, and why.
fn load_message(storage: &Storage, path: &Path, read_only: Option<&'static str>) -> Msg {
    Msg::Loaded {
        game: store::load(path)
            .map(Box::new)
            .map_err(|e| format!("{}: {e}", storage.shown_path(path))),
        read_only,
    }
}

/// What a session writes to give the terminal back: the normal screen, no mouse reports,
/// the cursor shown, colours and attributes reset.
pub fn restore(out: &mut impl Write) {
    let _ = execute!(
        out,
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show,
        ratatui::crossterm::style::ResetColor,
        ratatui::crossterm::style::SetAttribute(ratatui::crossterm::style::Attribute::Reset)
    );
    let _ = out.flush();
}

/// Why a read-only game is read-only: another window of the same person has it.
const ELSEWHERE: &str = "this game is open in another tessera window";
/// Why a record from the server's list is read-only.
const REVIEW: &str = "a record under review";

/// Runs a session until the person quits, the channel closes or [`Msg::Terminate`] arrives.
/// A panic inside the session ends only the session: the terminal is restored, the game in
/// progress autosaved, and an error returned.
pub fn run(host: Host) -> anyhow::Result<()> {
    let Host {
        out,
        size,
        events,
        sender,
        user,
        identity,
        storage,
        settings: (settings, problems),
        ai,
        link,
        start,
    } = host;
    let mut app = App::new(settings, size);
    app.storage = storage;
    app.user = user;
    app.online = identity.map(|identity| Online {
        identity,
        lobby: Default::default(),
    });
    if !problems.is_empty() {
        app.note = Some(Note::error(problems.join("; ")));
    }
    // Held for the whole session: the lock goes when the session ends, however it ends.
    let slot = match app.storage.lock_path() {
        Some(p) => store::lock_autosave(&p),
        None => AutosaveSlot::Unlocked,
    };
    app.autosave_elsewhere = slot.elsewhere();
    if let Some(saved) = app
        .storage
        .autosave_path()
        .and_then(|p| store::load(&p).ok())
    {
        app.resume = Some(saved);
    }
    if let Some(path) = app.storage.new_game_path() {
        match store::read_state(&path) {
            Ok(choices) => app.last_choices = choices,
            // The form keeps its defaults; the person hears why.
            Err(e) => {
                let text = format!("new game choices not read: {e}");
                app.note = Some(match app.note.take() {
                    Some(n) => Note::error(format!("{}; {text}", n.text)),
                    None => Note::error(text),
                });
            }
        }
    }
    let mut queue: VecDeque<Msg> = VecDeque::new();
    let mut first: Vec<Effect> = app.home();
    match start {
        Start::Menu => {
            if app.autosave_elsewhere && app.resume.is_some() && app.note.is_none() {
                app.note = Some(Note::info(
                    "The autosaved game is open in another tessera window: start another \
                     game, or View it read-only.",
                ));
            }
        }
        Start::Play(play) => {
            first.extend(app.open_game(*play));
            // Straight into a game: the config problem goes to its message line.
            if let (Screen::Game(play), Some(note)) = (&mut app.screen, app.note.take()) {
                play.note = Some(note);
            }
        }
        Start::Load(path) => queue.push_back(load_message(&app.storage, &path, None)),
        Start::Review(path, store) => {
            queue.push_back(load_message(&app.storage, &path, Some(REVIEW)));
            queue.push_back(Msg::Review { store });
        }
        Start::Puzzles(kind) => first.extend(app.open_puzzles(kind)),
    }

    let mut out = out;
    execute!(out, EnterAlternateScreen)?;
    if app.settings.config.mouse {
        execute!(out, EnableMouseCapture)?;
    }
    let options = TerminalOptions {
        viewport: Viewport::Fixed(Rect::new(0, 0, size.0, size.1)),
    };
    let mut terminal = Terminal::with_options(SessionBackend::new(out, size), options)?;
    let puzzle_tx = sender.clone();
    let ai_tx = sender;
    let mut thinker = ai(Box::new(move |r: AiEvent| {
        let _ = ai_tx.send(Msg::Ai(r));
    }));
    let mut io = Io {
        terminal: &mut terminal,
        thinker: thinker.as_mut(),
        link: link.as_deref(),
        puzzle_tx,
    };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        main_loop(&mut app, &mut io, &events, queue, first)
    }));
    if result.is_err() {
        // Keep the game: the panic happened in drawing or in a rule, not in the file.
        if let Screen::Game(play) = &app.screen {
            if !play.finished() && play.online().is_none() && !play.is_read_only() {
                let _ = autosave(&app, &play.saved());
            }
        }
    }
    thinker.stop();
    drop(thinker);
    drop(slot);
    restore(terminal.backend_mut());
    match result {
        Ok(r) => r,
        Err(p) => Err(anyhow::anyhow!(
            "the interface crashed ({}); the game was autosaved",
            crate::crash::message(p.as_ref())
        )),
    }
}

/// What the loop talks to.
struct Io<'a, W: Write> {
    terminal: &'a mut Terminal<SessionBackend<W>>,
    thinker: &'a mut dyn Thinker,
    link: Option<&'a dyn Link>,
    /// Where the puzzle solver's threads send their answers.
    puzzle_tx: Sender<Msg>,
}

fn main_loop<W: Write>(
    app: &mut App,
    io: &mut Io<W>,
    rx: &Receiver<Msg>,
    mut queue: VecDeque<Msg>,
    first: Vec<Effect>,
) -> anyhow::Result<()> {
    let mut warned = false;
    carry_out(app, io, first, &mut queue, &mut warned);
    loop {
        while let Some(msg) = queue.pop_front() {
            if let Msg::Resize(w, h) = msg {
                io.terminal.backend_mut().set_size((w, h));
                io.terminal.resize(Rect::new(0, 0, w, h))?;
            }
            let fx = update(app, msg);
            carry_out(app, io, fx, &mut queue, &mut warned);
        }
        if app.quit {
            return Ok(());
        }
        io.terminal.draw(|f| view::view(f, app))?;
        // Block until something happens, then take everything that is already waiting.
        match rx.recv() {
            Ok(m) => queue.push_back(m),
            Err(_) => return Ok(()),
        }
        while let Ok(m) = rx.try_recv() {
            queue.push_back(m);
        }
    }
}

/// Writes the autosave: `autosave.toml`, or the game's own record in `games/` when another
/// program owns the autosave.
fn autosave(app: &App, saved: &store::SavedGame) -> Result<(), String> {
    if !app.settings.config.autosave {
        return Ok(());
    }
    let path = if app.autosave_elsewhere {
        app.storage.record_path(saved)
    } else {
        app.storage.autosave_path()
    };
    store::save(
        &path.ok_or("no data directory on this system")?,
        saved,
        &app.user,
    )
}

/// Carries out effects; what they learn comes back as messages on `queue`.
fn carry_out<W: Write>(
    app: &mut App,
    io: &mut Io<W>,
    fx: Vec<Effect>,
    queue: &mut VecDeque<Msg>,
    autosave_warned: &mut bool,
) {
    for e in fx {
        match e {
            Effect::StartAi(req) => io.thinker.start(req),
            Effect::StopAi => io.thinker.stop(),
            Effect::Autosave(saved) => match autosave(app, &saved) {
                // Said once: the same failure after every turn would hide every other message.
                Err(e) if !*autosave_warned => {
                    *autosave_warned = true;
                    queue.push_back(Msg::Saved(Err(format!("autosave failed: {e}"))));
                }
                Err(_) => {}
                Ok(()) => *autosave_warned = false,
            },
            Effect::GameOver(saved) => {
                if app.autosave_elsewhere {
                    // The game's record of its turns in progress gives way to the kept one.
                    if let Some(p) = app.storage.record_path(&saved) {
                        let _ = std::fs::remove_file(p);
                    }
                } else {
                    app.storage.remove_autosave();
                    app.resume = None;
                }
                queue.push_back(match app.storage.saves_dir() {
                    Some(dir) => match store::keep_finished(&dir, &saved, &app.user) {
                        Ok(path) => Msg::Kept(path),
                        Err(e) => Msg::Saved(Err(format!("the game could not be kept: {e}"))),
                    },
                    None => Msg::Saved(Err(
                        "no data directory on this system: the game is not kept (:save FILE)"
                            .into(),
                    )),
                });
            }
            Effect::Save(path, saved) => {
                // The whole path: the person sees where the file went.
                let shown = path.display();
                let r = store::save(&path, &saved, &app.user)
                    .map(|()| format!("saved to {shown}"))
                    .map_err(|e| format!("{shown}: {e}"));
                queue.push_back(Msg::Saved(r));
            }
            Effect::RememberChoices(choices) => {
                if let Some(path) = app.storage.new_game_path() {
                    if let Err(e) = store::write_state(&path, &choices) {
                        queue.push_back(Msg::Saved(Err(format!("new game choices: {e}"))));
                    }
                }
            }
            Effect::StoreAnalysis(path, turns, analysis) => {
                let shown = app.storage.shown_path(&path);
                let r = store::store_analysis(&path, &turns, &analysis)
                    .map(|()| format!("review stored in {shown}"))
                    .map_err(|e| format!("{shown}: {e}"));
                queue.push_back(Msg::Saved(r));
            }
            Effect::Load(path) => queue.push_back(load_message(&app.storage, &path, None)),
            Effect::View(path) => {
                let why = if app.storage.paths { ELSEWHERE } else { REVIEW };
                queue.push_back(load_message(&app.storage, &path, Some(why)));
            }
            Effect::ListSaves => {
                let files = app
                    .storage
                    .saves_dir()
                    .map(|d| store::list_games(&d, &app.user))
                    .unwrap_or_default();
                queue.push_back(Msg::SaveList(files));
            }
            Effect::SaveConfig(cfg) => {
                let path = app
                    .settings
                    .config_path
                    .clone()
                    .or_else(|| app.storage.config.clone());
                let r = match path {
                    None => Err("no config file for this session".to_string()),
                    Some(p) => save_config(&app.storage, &p, &cfg).map(|()| {
                        let shown = app.storage.shown_path(&p);
                        app.settings.config_path = Some(p);
                        format!("settings saved to {shown}")
                    }),
                };
                queue.push_back(Msg::Saved(r));
            }
            Effect::SetMouse(on) => {
                let out = io.terminal.backend_mut();
                let _ = if on {
                    execute!(out, EnableMouseCapture)
                } else {
                    execute!(out, DisableMouseCapture)
                };
            }
            Effect::Net(request) => {
                if let Some(link) = io.link {
                    link.send(request);
                }
            }
            Effect::Quit => app.quit = true,
            Effect::Solve(job) => {
                let tx = io.puzzle_tx.clone();
                // One short-lived thread per question; an answer nobody waits for any more
                // is dropped by its job id.
                std::thread::spawn(move || {
                    let _ = tx.send(Msg::PuzzleReply(super::puzzle::job::answer(&job)));
                });
            }
            Effect::LoadPuzzleProgress => {
                if let Some(d) = &app.storage.data {
                    let path = super::puzzle::progress::Progress::path(d);
                    queue.push_back(Msg::PuzzleProgress(
                        super::puzzle::progress::Progress::load(&path),
                    ));
                }
            }
            Effect::SavePuzzleProgress(p) => {
                if let Some(d) = &app.storage.data {
                    let path = super::puzzle::progress::Progress::path(d);
                    if let Err(e) = p.save(&path) {
                        queue.push_back(Msg::Saved(Err(format!("puzzle progress: {e}"))));
                    }
                }
            }
        }
    }
}

/// Writes the settings into the config file, keeping its comments (a new file starts from the
/// example's).
fn save_config(storage: &Storage, path: &Path, cfg: &crate::config::Config) -> Result<(), String> {
    let shown = storage.shown_path(path);
    let old = match std::fs::read_to_string(path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    let text =
        super::config_file::updated(old.as_deref(), cfg).map_err(|e| format!("{shown}: {e}"))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{shown}: {e}"))?;
    }
    crate::files::write_atomically(path, text.as_bytes()).map_err(|e| format!("{shown}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn the_largest_screen_fits_the_largest_board_at_its_largest_scale() {
        let (w, h) = largest_screen();
        // The largest board at its largest scale fits, and the cap is far from 1000x1000.
        let big = crate::board::Geometry::square(19);
        let a = super::super::game::areas::areas((w, h), big).unwrap();
        assert_eq!(a.scale, super::super::board::layout::BoardLayout::MAX_SCALE);
        // The README states this size (and the memory per session it makes).
        assert_eq!((w, h), (200, 86));
    }

    /// Output kept in memory, shared with the test.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// An AI that never answers (the session under test plays no AI).
    struct Silent;
    impl Thinker for Silent {
        fn start(&mut self, _: crate::ai::Request) {}
        fn stop(&mut self) {}
    }

    #[test]
    fn a_session_draws_into_its_writer_and_gives_the_terminal_back() {
        let (tx, rx) = std::sync::mpsc::channel();
        let out = Captured::default();
        let config = crate::config::Config {
            theme: "default".into(),
            ..crate::config::Config::default()
        };
        let host = Host {
            out: Box::new(out.clone()),
            size: (80, 24),
            events: rx,
            sender: tx.clone(),
            user: "tester".into(),
            identity: None,
            storage: Storage::default(),
            settings: Settings::new(config, None, false),
            ai: Box::new(|_| Box::new(Silent)),
            link: None,
            start: Start::Menu,
        };
        tx.send(Msg::Resize(100, 30)).unwrap();
        tx.send(super::super::testing::ch('q')).unwrap();
        run(host).unwrap();
        let bytes = out.0.lock().unwrap().clone();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("\u{1b}[?1049h"), "alternate screen first");
        assert!(text.contains("New game"), "the menu was drawn");
        let tail = &text[text.rfind("\u{1b}[?1049l").expect("alternate screen left")..];
        assert!(
            tail.contains("\u{1b}[?25h"),
            "cursor shown at the end: {tail:?}"
        );
    }

    /// Output that panics once, at the first flush after the menu was drawn, as a bug in
    /// drawing would.
    #[derive(Clone, Default)]
    struct Fragile(Arc<Mutex<(Vec<u8>, bool)>>);

    impl Write for Fragile {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().0.extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            let boom = {
                let mut g = self.0.lock().unwrap();
                let drawn = String::from_utf8_lossy(&g.0).contains("New game");
                let boom = drawn && !g.1;
                g.1 |= boom;
                boom
            };
            if boom {
                panic!("a bug while drawing");
            }
            Ok(())
        }
    }

    #[test]
    fn a_session_that_panics_ends_alone_with_its_terminal_restored() {
        let (tx, rx) = std::sync::mpsc::channel();
        let out = Fragile::default();
        let host = Host {
            out: Box::new(out.clone()),
            size: (80, 24),
            events: rx,
            sender: tx,
            user: "tester".into(),
            identity: None,
            storage: Storage::default(),
            settings: Settings::new(crate::config::Config::default(), None, false),
            ai: Box::new(|_| Box::new(Silent)),
            link: None,
            start: Start::Menu,
        };
        // The panic is caught on this thread: the test (like a server) goes on.
        let err = run(host).unwrap_err().to_string();
        assert!(err.contains("a bug while drawing"), "{err}");
        let bytes = out.0.lock().unwrap().0.clone();
        let text = String::from_utf8_lossy(&bytes);
        let tail = &text[text.rfind("\u{1b}[?1049l").expect("alternate screen left")..];
        assert!(tail.contains("\u{1b}[?25h"), "cursor shown: {tail:?}");
    }
}
