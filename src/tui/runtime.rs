//! The program in its own terminal: reads the settings (config file, flags, `TERM`,
//! `NO_COLOR`), puts the terminal in raw mode, feeds its keys and resizes to a session
//! ([`super::host`]) through an input thread, turns SIGTERM and SIGHUP into an orderly end,
//! and restores the terminal however the program ends (a panic included).

use super::app::Msg;
use super::host::{self, Host};
use super::settings::{Settings, TermEnv};
use super::store::Storage;
use crate::config;
use ratatui::crossterm::event::{self, Event, MouseEventKind};
use ratatui::crossterm::terminal::{disable_raw_mode, enable_raw_mode};
use std::io::stdout;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Sender};

pub use super::host::Start;

/// Options common to every way of starting the interface.
#[derive(Clone, Debug, Default)]
pub struct UiOptions {
    /// `--config PATH`.
    pub config: Option<PathBuf>,
    /// `--ascii`.
    pub ascii: bool,
}

/// Reads the settings (config file, flags, the terminal's `TERM` and `NO_COLOR`); the
/// problems go to the menu's note.
pub fn settings(ui: &UiOptions) -> (Settings, Vec<String>) {
    let loaded = config::load(ui.config.as_deref());
    let mut problems: Vec<String> = loaded.problem.into_iter().collect();
    let mut cfg = loaded.config;
    if ui.ascii {
        cfg.ascii = true;
    }
    let (settings, more) = Settings::for_terminal(cfg, loaded.path, &TermEnv::from_process());
    problems.extend(more);
    problems.extend(settings.keymap.unknown(&super::app::key_tables()));
    (settings, problems)
}

/// Puts the terminal back as it was. Safe to call more than once.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    host::restore(&mut stdout());
}

/// The login name records show for the person at this terminal, else "player".
fn login_name() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "player".into())
}

/// Runs the interface in this terminal until the player quits.
pub fn run(ui: UiOptions, start: Start) -> anyhow::Result<()> {
    let settings = settings(&ui);
    // Every panic goes to the log in the data directory, none on the screen: a crash of the
    // AI is reported in its panel as a failed job; a crash of this thread restores the
    // terminal before its one line is said.
    let log = Storage::platform(ui.config.clone())
        .data
        .map(|d| crate::crash::log_in(&d));
    crate::crash::install(log, Some(Box::new(restore_terminal)));
    enable_raw_mode()?;
    let size = ratatui::crossterm::terminal::size().unwrap_or((80, 24));
    let (tx, rx) = channel::<Msg>();
    spawn_input(tx.clone());
    spawn_signals(tx.clone());
    let result = host::run(Host {
        out: Box::new(stdout()),
        size,
        events: rx,
        sender: tx,
        user: login_name(),
        identity: None,
        storage: Storage::platform(ui.config.clone()),
        settings,
        ai: crate::ai::local(),
        link: None,
        start,
    });
    restore_terminal();
    result
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
