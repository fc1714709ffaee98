//! The runtime: sets the terminal up (and always restores it, panics included), feeds
//! messages to `update`, carries out its effects and redraws.
//!
//! One channel carries every message: an input thread blocks on the terminal, the engine
//! thread sends its reports. The main thread blocks on the channel, so an idle interface
//! does nothing at all; it redraws once per batch of messages.

use super::ai::Engine;
use super::app::{update, App, Msg, Screen};
use super::settings::Settings;
use super::store::{self, AutosaveSlot};
use super::{view, Effect, Note};
use crate::config;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;
use std::collections::VecDeque;
use std::io::{stdout, Write};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender};

/// How the interface starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// At the menu.
    Menu,
    /// Straight into a game.
    Play(Box<super::play::Play>),
    /// Loading a record.
    Load(PathBuf),
}

/// Options common to every way of starting the interface.
#[derive(Clone, Debug, Default)]
pub struct UiOptions {
    /// `--config PATH`.
    pub config: Option<PathBuf>,
    /// `--ascii`.
    pub ascii: bool,
}

/// Reads the settings (config file, flags, `NO_COLOR`); the problems go to the menu's note.
pub fn settings(ui: &UiOptions) -> (Settings, Vec<String>) {
    let loaded = config::load(ui.config.as_deref());
    let mut problems: Vec<String> = loaded.problem.into_iter().collect();
    let mut cfg = loaded.config;
    if ui.ascii {
        cfg.ascii = true;
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let (settings, more) = Settings::new(cfg, loaded.path, no_color);
    problems.extend(more);
    problems.extend(settings.keymap.unknown(&super::app::key_tables()));
    (settings, problems)
}

/// The message of a failed load: the path as messages show it, and why.
fn load_message(path: &std::path::Path, read_only: bool) -> Msg {
    Msg::Loaded {
        game: store::load(path)
            .map(Box::new)
            .map_err(|e| format!("{}: {e}", store::shown_path(path))),
        read_only,
    }
}

/// Puts the terminal back as it was. Safe to call more than once.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
    let _ = stdout().flush();
}

/// Runs the interface until the player quits.
pub fn run(ui: UiOptions, start: Start) -> anyhow::Result<()> {
    let (settings, problems) = settings(&ui);
    let mut app = App::new(settings, (80, 24));
    if !problems.is_empty() {
        app.note = Some(Note::error(problems.join("; ")));
    }
    // Held for the whole run: the lock goes when the program ends, however it ends.
    let slot = match store::lock_path() {
        Some(p) => store::lock_autosave(&p),
        None => AutosaveSlot::Unlocked("no data directory".into()),
    };
    app.autosave_elsewhere = slot.elsewhere();
    if let Some(saved) = store::autosave_path().and_then(|p| store::load(&p).ok()) {
        app.resume = Some(saved);
    }
    app.screen = Screen::Menu(app.menu());
    let mut queue: VecDeque<Msg> = VecDeque::new();
    let mut first: Vec<Effect> = Vec::new();
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
            first = app.open_game(*play);
            // Straight into a game: the config problem goes to its message line.
            if let (Screen::Game(play), Some(note)) = (&mut app.screen, app.note.take()) {
                play.note = Some(note);
            }
        }
        Start::Load(path) => queue.push_back(load_message(&path, false)),
    }

    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A crash of the AI is reported on screen as a failed job; anything else restores
        // the terminal before the message is printed.
        if std::thread::current().name() == Some(super::ai::THREAD_NAME) {
            super::ai::note_panic(format!("the AI crashed: {info}"));
            return;
        }
        restore_terminal();
        hook(info);
    }));
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen)?;
    if app.settings.config.mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    let size = terminal.size()?;
    app.size = (size.width, size.height);

    let (tx, rx) = channel::<Msg>();
    spawn_input(tx.clone());
    spawn_signals(tx.clone());
    let engine_tx = tx.clone();
    let mut engine = Engine::spawn(move |r| {
        let _ = engine_tx.send(Msg::Engine(r));
    });

    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        main_loop(&mut app, &mut terminal, &mut engine, &rx, queue, first)
    }));
    if result.is_err() {
        // The panic hook has restored the terminal and printed the panic; keep the game.
        if let Screen::Game(play) = &app.screen {
            if !play.finished() {
                let _ = autosave(&app, &play.saved());
            }
        }
    }
    drop(engine);
    drop(slot);
    restore_terminal();
    match result {
        Ok(r) => r,
        Err(_) => Err(anyhow::anyhow!(
            "the interface crashed (the game was autosaved)"
        )),
    }
}

fn spawn_input(tx: Sender<Msg>) {
    std::thread::Builder::new()
        .name("tessera-input".into())
        .spawn(move || loop {
            let msg = match event::read() {
                Ok(Event::Key(k)) => Msg::Key(k),
                // Only clicks: motion and scroll events would wake the interface for nothing.
                Ok(Event::Mouse(m)) if matches!(m.kind, MouseEventKind::Down(_)) => Msg::Mouse(m),
                Ok(Event::Resize(w, h)) => Msg::Resize(w, h),
                Ok(_) => continue,
                Err(_) => return,
            };
            if tx.send(msg).is_err() {
                return;
            }
        })
        .expect("spawn the input thread");
}

/// Turns SIGTERM and SIGHUP into [`Msg::Terminate`], so a killed program or a dropped SSH
/// link still saves the game and restores the terminal.
#[cfg(unix)]
fn spawn_signals(tx: Sender<Msg>) {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("tessera-signals".into())
        .spawn(move || {
            if signals.forever().next().is_some() {
                let _ = tx.send(Msg::Terminate);
            }
        });
}

#[cfg(not(unix))]
fn spawn_signals(_tx: Sender<Msg>) {}

fn main_loop(
    app: &mut App,
    terminal: &mut Terminal<CrosstermBackend<std::io::Stdout>>,
    engine: &mut Engine,
    rx: &Receiver<Msg>,
    mut queue: VecDeque<Msg>,
    first: Vec<Effect>,
) -> anyhow::Result<()> {
    let mut warned = false;
    carry_out(app, engine, first, &mut queue, &mut warned);
    loop {
        while let Some(msg) = queue.pop_front() {
            let fx = update(app, msg);
            carry_out(app, engine, fx, &mut queue, &mut warned);
        }
        if app.quit {
            return Ok(());
        }
        terminal.draw(|f| view::view(f, app))?;
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
        store::record_path(saved)
    } else {
        store::autosave_path()
    };
    store::save(&path.ok_or("no data directory on this system")?, saved)
}

/// Carries out effects; what they learn comes back as messages on `queue`.
fn carry_out(
    app: &mut App,
    engine: &mut Engine,
    fx: Vec<Effect>,
    queue: &mut VecDeque<Msg>,
    autosave_warned: &mut bool,
) {
    for e in fx {
        match e {
            Effect::StartEngine(req) => engine.start(req),
            Effect::StopEngine => engine.stop(),
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
                    // The finished game stays in its own record.
                    let _ = autosave(app, &saved);
                } else {
                    store::remove_autosave();
                    app.resume = None;
                }
            }
            Effect::Save(path, saved) => {
                let shown = store::shown_path(&path);
                let r = store::save(&path, &saved)
                    .map(|()| format!("saved to {shown}"))
                    .map_err(|e| format!("{shown}: {e}"));
                queue.push_back(Msg::Saved(r));
            }
            Effect::Load(path) => queue.push_back(load_message(&path, false)),
            Effect::View(path) => queue.push_back(load_message(&path, true)),
            Effect::ListSaves => {
                let mut files: Vec<PathBuf> = store::saves_dir()
                    .and_then(|d| std::fs::read_dir(d).ok())
                    .map(|rd| {
                        rd.filter_map(|e| e.ok().map(|e| e.path()))
                            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                            .collect()
                    })
                    .unwrap_or_default();
                files.sort();
                queue.push_back(Msg::SaveList(files));
            }
            Effect::SaveConfig(cfg) => {
                let path = app
                    .settings
                    .config_path
                    .clone()
                    .or_else(config::default_path);
                let r = match path {
                    None => Err("no config directory on this system".to_string()),
                    Some(p) => save_config(&p, &cfg).map(|()| {
                        let shown = store::shown_path(&p);
                        app.settings.config_path = Some(p);
                        format!("settings saved to {shown}")
                    }),
                };
                queue.push_back(Msg::Saved(r));
            }
            Effect::SetMouse(on) => {
                let _ = if on {
                    execute!(stdout(), EnableMouseCapture)
                } else {
                    execute!(stdout(), DisableMouseCapture)
                };
            }
            Effect::Quit => app.quit = true,
        }
    }
}

/// Writes the settings into the config file, keeping its comments (a new file starts from the
/// example's).
fn save_config(path: &std::path::Path, cfg: &config::Config) -> Result<(), String> {
    let shown = store::shown_path(path);
    let old = match std::fs::read_to_string(path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    let text =
        super::config_file::updated(old.as_deref(), cfg).map_err(|e| format!("{shown}: {e}"))?;
    write_atomic(path, &text).map_err(|e| format!("{shown}: {e}"))
}

/// Writes a file through a temporary file and a rename, creating the folder.
fn write_atomic(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::files::write_atomically(path, text.as_bytes())
}
