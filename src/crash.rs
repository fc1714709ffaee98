//! Panics as a player would want them: never written over the screen, each one with its
//! backtrace in a log file in the data directory, and a one-line account of the last one for
//! the place that caught it (the AI panel says what failed and where the log is).
//!
//! Why a hook of our own: Rust's default hook prints every panic on standard error, from any
//! thread. In the terminal interface standard error is the screen, so a panic in a search
//! thread — caught and reported as a failed job — was still printed over the board, and on a
//! server it would go to the server's console rather than its log. [`install`] replaces the
//! hook once per program: every panic is appended to the log; only a panic of the thread that
//! owns the terminal (which ends the program) is also said on standard error, after the
//! terminal is restored, in one line that names the log.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The log's file name in the data directory.
pub const LOG_NAME: &str = "tessera.log";

/// What the hook knows: where the log is, the terminal's owner and how to give the terminal
/// back.
struct Hook {
    log: Option<PathBuf>,
    owner: Option<std::thread::ThreadId>,
    restore: Box<dyn Fn() + Send + Sync>,
}

static HOOK: OnceLock<Hook> = OnceLock::new();

/// The last panic: its message and where it happened (`message (src/x.rs:80:9)`).
static LAST: Mutex<Option<String>> = Mutex::new(None);

/// Installs the hook (the first call wins; later calls change nothing): panics are appended to
/// `log` (`None`: nowhere, e.g. no data directory); a panic of the calling thread, which owns
/// the terminal when `restore` is given, first calls `restore`, then says one line on
/// standard error. Other threads' panics are only logged and remembered ([`last`]).
pub fn install(log: Option<PathBuf>, restore: Option<Box<dyn Fn() + Send + Sync>>) {
    let owner = restore.as_ref().map(|_| std::thread::current().id());
    let hook = Hook {
        log,
        owner,
        restore: restore.unwrap_or_else(|| Box::new(|| {})),
    };
    if HOOK.set(hook).is_err() {
        return;
    }
    std::panic::set_hook(Box::new(|info| {
        let Some(hook) = HOOK.get() else {
            return;
        };
        let message = crate::crash::message(info.payload());
        let place = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_else(|| "an unknown place".into());
        let summary = format!("{message} ({place})");
        *LAST.lock().unwrap_or_else(|e| e.into_inner()) = Some(summary.clone());
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("unnamed").to_string();
        if let Some(path) = &hook.log {
            let backtrace = std::backtrace::Backtrace::force_capture();
            let _ = append(
                path,
                &format!("thread '{name}' panicked: {summary}\n{backtrace}"),
            );
        }
        if Some(thread.id()) == hook.owner {
            (hook.restore)();
            let whereto = hook
                .log
                .as_ref()
                .map(|p| format!("; details in {}", p.display()))
                .unwrap_or_default();
            eprintln!("tessera: {summary}{whereto}");
        }
    }));
}

/// The log file of a data directory.
pub fn log_in(data_dir: &Path) -> PathBuf {
    data_dir.join(LOG_NAME)
}

/// Where the hook writes, when installed with a log.
pub fn log_path() -> Option<&'static Path> {
    HOOK.get().and_then(|h| h.log.as_deref())
}

/// The last panic's message and place, if any panicked since the program started.
pub fn last() -> Option<String> {
    LAST.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The text of a panic's payload.
pub fn message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown error".into())
}

/// One line for a caught panic whose payload is `payload`: what failed and where (the last
/// panic's place when its message is this one), and where the log is.
pub fn account(payload: &(dyn std::any::Any + Send)) -> String {
    let text = message(payload);
    let what = match last() {
        Some(last) if last.starts_with(&text) => last,
        _ => text,
    };
    match log_path() {
        Some(p) => format!("{what}; details in {}", p.display()),
        None => what,
    }
}

/// Appends `entry` to the log with the time, creating the directory if needed.
fn append(path: &Path, entry: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    writeln!(f, "--- {secs} (seconds since 1970) ---\n{entry}")
}
