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

use std::collections::VecDeque;
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

/// The last panics (at most [`KEPT`]), the latest last: each one's message and where it
/// happened (`message (src/x.rs:80:9)`).
static LAST: Mutex<VecDeque<String>> = Mutex::new(VecDeque::new());

/// How many of the last panics [`LAST`] keeps.
const KEPT: usize = 8;

/// What `std::thread::scope` panics with when a thread it spawned panicked and was not
/// joined (the search's threads): the panic worth telling is that thread's own, just before.
const SCOPED: &str = "a scoped thread panicked";

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
        {
            let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
            if last.len() == KEPT {
                last.pop_front();
            }
            last.push_back(summary.clone());
        }
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
    LAST.lock()
        .unwrap_or_else(|e| e.into_inner())
        .back()
        .cloned()
}

/// The text of a panic's payload.
pub fn message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown error".into())
}

/// One line for a caught panic whose payload is `payload`: what failed and where (the place of
/// the last panic with this message; for a scope whose thread panicked, that thread's panic),
/// and where the log is.
pub fn account(payload: &(dyn std::any::Any + Send)) -> String {
    let text = message(payload);
    let what = LAST
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .rev()
        .find(|p| match text.as_str() {
            SCOPED => !p.starts_with(SCOPED),
            _ => p.starts_with(&text),
        })
        .cloned()
        .unwrap_or(text);
    match log_path() {
        Some(p) => format!("{what}{DETAILS}{}", p.display()),
        None => what,
    }
}

/// What [`account`] puts between the account and the log's path.
const DETAILS: &str = "; details in ";

/// The log an account names ([`account`]), if it names one.
pub fn log_named(account: &str) -> Option<&Path> {
    account
        .rsplit_once(DETAILS)
        .map(|(_, path)| Path::new(path))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_names_its_log_for_the_panel() {
        let account = format!("boom (src/x.rs:1:2){DETAILS}/data/tessera/{LOG_NAME}");
        assert_eq!(
            log_named(&account),
            Some(Path::new("/data/tessera/tessera.log"))
        );
        assert_eq!(log_named("the AI found no move"), None);
    }
}
