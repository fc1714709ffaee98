//! The server's log: `tracing` events of this crate at level INFO and above, one line each
//! (time, level, message, fields), to stderr and, with `--log FILE`, appended to FILE too
//! (mode 0600). What is logged: start and stop, logins and logouts (fingerprint and address),
//! refused logins, session counts, connections closed before login, games started, ended and
//! adjourned, errors. Never key material: a key appears only as its SHA-256 fingerprint.

use std::path::Path;
use std::sync::Arc;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::Layer;

/// Starts the log (once per process; a second call changes nothing).
pub fn init(file: Option<&Path>) -> anyhow::Result<()> {
    let filter = || Targets::new().with_target("tessera", LevelFilter::INFO);
    let stderr = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(
            std::io::IsTerminal::is_terminal(&std::io::stderr())
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        )
        .with_target(false)
        .with_filter(filter());
    let file_layer = match file {
        Some(path) => {
            let mut o = std::fs::OpenOptions::new();
            o.create(true).append(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                o.mode(0o600);
            }
            let f = o
                .open(path)
                .map_err(|e| anyhow::anyhow!("--log {}: {e}", path.display()))?;
            Some(
                tracing_subscriber::fmt::layer()
                    .with_writer(Arc::new(f))
                    .with_ansi(false)
                    .with_target(false)
                    .with_filter(filter()),
            )
        }
        None => None,
    };
    let _ = tracing_subscriber::registry()
        .with(stderr)
        .with(file_layer)
        .try_init();
    Ok(())
}
