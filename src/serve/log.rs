//! The server's log: `tracing` events of this crate at level INFO and above, one line each
//! (time, level, message, fields), to stderr and, with `--log FILE`, appended to FILE too
//! (mode 0600). What is logged: start and stop, logins and logouts (fingerprint and address),
//! refused logins, session counts, connections closed before login, games started, ended and
//! adjourned, errors. Never key material: a key appears only as its SHA-256 fingerprint.
//!
//! The lines are written by a thread of their own ([`Writer`]): an event logged while the
//! hub is locked never waits on stderr or the file.

use super::writer::Writer;
use std::path::Path;
use std::sync::Arc;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::Layer;

/// Where a line of the log goes (stderr, the file).
type Out = Arc<dyn Fn(&[u8]) + Send + Sync>;

/// The log's lines, handed to the log's writer thread.
#[derive(Clone)]
struct Queued {
    writer: Writer,
    out: Out,
}

impl std::io::Write for Queued {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let (out, line) = (self.out.clone(), buf.to_vec());
        self.writer.write(move || out(&line));
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl tracing_subscriber::fmt::MakeWriter<'_> for Queued {
    type Writer = Queued;

    fn make_writer(&self) -> Queued {
        self.clone()
    }
}

/// The log's writer: dropped (at the end of the server), it waits for the lines still
/// queued.
pub struct Flushed(Writer);

impl Drop for Flushed {
    fn drop(&mut self) {
        self.0.flush();
    }
}

/// Starts the log (once per process; a second call changes nothing). Keep what it returns
/// until the end.
pub fn init(file: Option<&Path>) -> anyhow::Result<Flushed> {
    use std::io::Write;
    let writer = Writer::start();
    let queued = |out: Out| Queued {
        writer: writer.clone(),
        out,
    };
    let filter = || Targets::new().with_target("tessera", LevelFilter::INFO);
    let stderr = tracing_subscriber::fmt::layer()
        .with_writer(queued(Arc::new(|line: &[u8]| {
            let _ = std::io::stderr().write_all(line);
        })))
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
                    .with_writer(queued(Arc::new(move |line: &[u8]| {
                        let _ = (&f).write_all(line);
                    })))
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
    Ok(Flushed(writer))
}
