//! `tessera serve`: an SSH server where people meet and play each other with nothing but an
//! `ssh` client. Each connection that asks for a terminal runs one interface session
//! (`crate::tui::host`, started by `interface`) on its own thread, drawing into the SSH
//! channel and reading the keys the channel carries (`input`); the sessions meet in the `hub` (lobby, challenges, games,
//! watchers, clocks, adjourned games) and share one AI (`pool`).
//!
//! What a connection can do: authenticate with a public key (the key's SHA-256 fingerprint is
//! the person's identity; `--users FILE` limits the keys), open one session channel with a
//! terminal, and run the game in it. Nothing else: no password or keyboard-interactive login,
//! no shell or command (`exec`), no subsystem (sftp), no port, agent or X11 forwarding, no
//! environment but `NO_COLOR`/`COLORTERM`; the files a session reaches are its own key's folder
//! in the data directory, and only through the game (its records, its autosave, its settings).
//! See `ssh`.

mod adjourn;
pub mod files;
pub(crate) mod gate;
pub(crate) mod hub;
#[cfg(test)]
mod hub_tests;
pub(crate) mod input;
mod interface;
pub(crate) mod link;
pub(crate) mod live;
mod lobby;
mod log;
pub(crate) mod os;
pub(crate) mod pool;
mod shared;
pub(crate) mod slowdown;
pub(crate) mod ssh;
mod writer;

use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// `tessera serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address and port to listen on (other than loopback only when given).
    #[arg(long, default_value = "127.0.0.1:2222", value_name = "ADDR:PORT")]
    pub listen: SocketAddr,
    /// The server's host key (made, mode 0600, on first start; default DATA/host_key).
    #[arg(long, value_name = "PATH")]
    pub host_key: Option<PathBuf>,
    /// Only the keys in this file (authorized_keys format) may enter; read at every login.
    #[arg(long, value_name = "FILE")]
    pub users: Option<PathBuf>,
    /// Most sessions at once.
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub max_sessions: usize,
    /// Threads the AI of all sessions shares (default: all cores but one).
    #[arg(long, value_name = "N")]
    pub ai_threads: Option<usize>,
    /// Search-tree memory the AI of all sessions shares, in MB.
    #[arg(long, default_value_t = 256, value_name = "MB")]
    pub ai_memory: usize,
    /// Where the server keeps its key, nicknames, records and adjourned games (default: the
    /// platform data directory's `server/`).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Minutes a game waits for a player who left before it is adjourned.
    #[arg(long, default_value_t = 10.0, value_name = "MIN")]
    pub adjourn_after: f64,
    /// Minutes without a key after which a session is closed.
    #[arg(long, default_value_t = 30.0, value_name = "MIN")]
    pub idle: f64,
    /// Most connections that have not logged in yet (a quarter of them from one address);
    /// fewer if the open-file limit leaves less room.
    #[arg(long, default_value_t = 256, value_name = "N")]
    pub max_pending: usize,
    /// Also append the log (which goes to stderr) to this file.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
}

fn minutes(m: f64, what: &str) -> anyhow::Result<Duration> {
    if !(m.is_finite() && m > 0.0 && m <= 7.0 * 24.0 * 60.0) {
        anyhow::bail!("{what} must be between 0 and a week (in minutes), not {m}");
    }
    Ok(Duration::from_secs_f64(m * 60.0))
}

/// Runs the server until SIGTERM or SIGINT (then it stops gracefully: see `ssh::serve`).
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let data = match &args.data {
        Some(d) => d.clone(),
        None => crate::config::data_dir()
            .map(|d| d.join("server"))
            .ok_or_else(|| anyhow::anyhow!("no data directory on this system: give --data DIR"))?,
    };
    // Flushed when `run` returns, however it returns.
    let _log = log::init(args.log.as_deref())?;
    os::private_files();
    std::fs::create_dir_all(&data).map_err(|e| anyhow::anyhow!("{}: {e}", data.display()))?;
    let tightened = os::tighten(&data);
    if tightened > 0 {
        tracing::info!(
            files = tightened,
            "made the data directory's files private (0600, folders 0700)"
        );
    }
    let open_files = os::raise_open_files();
    let max_sessions = args.max_sessions.max(1);
    let pending = os::pending_limit(open_files, max_sessions, args.max_pending.max(1));
    let options = ssh::Options {
        data: files::DataDir(data.clone()),
        host_key: args
            .host_key
            .clone()
            .unwrap_or_else(|| files::DataDir(data).host_key()),
        users: args.users.clone(),
        max_sessions,
        max_pending: pending,
        open_files,
        ai_threads: args.ai_threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
        }),
        ai_memory: args.ai_memory.max(1),
        adjourn_after: minutes(args.adjourn_after, "--adjourn-after")?,
        idle: minutes(args.idle, "--idle")?,
    };
    if let Some(u) = &options.users {
        ssh::read_users(u).map_err(|e| anyhow::anyhow!("--users {}: {e}", u.display()))?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let stop = stop_signal()?;
    let result = runtime.block_on(ssh::serve(args.listen, options, stop));
    // Sessions still writing to a dead link do not hold the exit up.
    runtime.shutdown_timeout(Duration::from_millis(300));
    if let Err(e) = &result {
        tracing::error!(error = %e, "server stopped");
    }
    result
}

/// Fires once at the first SIGTERM or SIGINT with the signal's name.
fn stop_signal() -> anyhow::Result<tokio::sync::oneshot::Receiver<&'static str>> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT])?;
        std::thread::Builder::new()
            .name("tessera-signals".into())
            .spawn(move || {
                if let Some(s) = signals.forever().next() {
                    let _ = tx.send(if s == SIGINT { "SIGINT" } else { "SIGTERM" });
                }
            })?;
    }
    #[cfg(not(unix))]
    std::mem::forget(tx);
    Ok(rx)
}
