//! The interface session of one connection: the interface ([`crate::tui::host`]) on its own
//! thread, its screen sent to the SSH channel, its keys fed from the channel's bytes, its AI
//! from the server's pool, its files in its key's folder, closed after a while without a key.

use super::hub::{self, Bye, HubLink};
use super::input::{Decoder, RateLimit};
use super::link::LinkWatch;
use super::shared::Shared;
use crate::online::Identity;
use crate::tui::app::Msg;
use crate::tui::host::{self, session_settings, Host, Start, Storage, TermEnv};
use russh::server::Msg as ChannelMsg;
use russh::ChannelWriteHalf;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running session, as its connection sees it.
pub(super) struct Live {
    pub(super) tx: Sender<Msg>,
    pub(super) decoder: Arc<Mutex<Decoder>>,
    pub(super) generation: Arc<AtomicUsize>,
    pub(super) limit: RateLimit,
    pub(super) warned: Option<Instant>,
    pub(super) last_input: Arc<Mutex<Instant>>,
}

/// Bytes of screen output that may wait for a client that does not read them fast enough
/// (two full redraws of the largest screen); more are dropped, and the whole screen is
/// redrawn once the client has caught up.
pub(super) const OUT_BYTES: usize = 1 << 20;

/// What the session's output and its sender share.
#[derive(Default)]
struct Backlog {
    /// Bytes waiting.
    bytes: AtomicUsize,
    /// A screen was dropped: redraw everything once the backlog is empty.
    lost: AtomicBool,
}

/// Starts the game session of a connection: a thread running the interface, drawing into
/// the channel (`size`: the terminal size it draws for, kept up to date by the connection);
/// returns what the connection needs to feed it, or `None` if no thread could be started.
pub(super) fn start(
    shared: &Arc<Shared>,
    fp: String,
    size: Arc<Mutex<(u16, u16)>>,
    term: TermEnv,
    writer: ChannelWriteHalf<ChannelMsg>,
    link: Arc<LinkWatch>,
) -> Option<Live> {
    let shared = shared.clone();
    let (tx, rx) = std::sync::mpsc::channel::<Msg>();
    let (out_tx, mut out_rx) = tokio::sync::mpsc::unbounded_channel::<Out>();
    let backlog = Arc::new(Backlog::default());
    let redraw = (tx.clone(), size.clone(), backlog.clone());
    shared.outputs.fetch_add(1, Ordering::SeqCst);
    let outputs = shared.clone();
    tokio::spawn(async move {
        while let Some(o) = out_rx.recv().await {
            match o {
                // Waits while the client's window is full: a client that does not read
                // holds back the screens, which are bounded (`OUT_BYTES`).
                Out::Data(bytes) => {
                    let n = bytes.len();
                    if writer.data_bytes(bytes).await.is_err() {
                        break;
                    }
                    let (tx, size, backlog) = &redraw;
                    backlog.bytes.fetch_sub(n, Ordering::SeqCst);
                    if out_rx.is_empty() && backlog.lost.swap(false, Ordering::SeqCst) {
                        // Caught up after screens were dropped: the session redraws all.
                        let (w, h) = *size.lock().unwrap_or_else(|e| e.into_inner());
                        let _ = tx.send(Msg::Resize(w, h));
                    }
                }
                Out::End(status) => {
                    let _ = writer.exit_status(status).await;
                    let _ = writer.eof().await;
                    let _ = writer.close().await;
                    break;
                }
            }
        }
        outputs.outputs.fetch_sub(1, Ordering::SeqCst);
    });
    let first_size = *size.lock().unwrap_or_else(|e| e.into_inner());
    let reason: Bye = Arc::default();
    let (name, member) = {
        let mut h = hub::lock(&shared.hub);
        let name = h.name_of(&fp);
        let member = h.join(&fp, name.clone(), tx.clone(), reason.clone());
        (name, member)
    };
    shared.sessions.fetch_add(1, Ordering::SeqCst);
    let last_input = Arc::new(Mutex::new(Instant::now()));
    let ended = Arc::new(AtomicBool::new(false));
    let live = Live {
        tx: tx.clone(),
        decoder: Arc::default(),
        generation: Arc::default(),
        limit: RateLimit::new(Instant::now()),
        warned: None,
        last_input: last_input.clone(),
    };
    // Idle sessions close.
    {
        let (tx, ended, reason) = (tx.clone(), ended.clone(), reason.clone());
        let idle = shared.idle;
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(idle.min(Duration::from_secs(30))).await;
                if ended.load(Ordering::SeqCst) {
                    return;
                }
                let quiet = last_input.lock().map(|t| t.elapsed()).unwrap_or_default();
                if quiet >= idle {
                    if let Ok(mut r) = reason.lock() {
                        *r = Some(format!(
                            "closed after {} without a key",
                            crate::online::duration_words(idle.as_secs() as u32)
                        ));
                    }
                    let _ = tx.send(Msg::Terminate);
                    return;
                }
            }
        });
    }
    let player_dir = shared.data.player(&fp);
    let player_dir_for_leave = player_dir.clone();
    let fp_for_leave = fp.clone();
    let storage = Storage {
        data: Some(player_dir.clone()),
        config: Some(player_dir.join("config.toml")),
        paths: false,
        cwd: None,
        home: None,
    };
    let spawned = std::thread::Builder::new()
        .name(format!("tessera-session-{member}"))
        .spawn(move || {
            let mut out = ChannelOut {
                buf: Vec::new(),
                tx: out_tx.clone(),
                backlog,
            };
            let settings = session_settings(&storage, &term);
            let pool = shared.clone();
            let h = Host {
                out: Box::new(out.clone()),
                size: first_size,
                events: rx,
                sender: tx,
                user: name.clone().unwrap_or_else(|| "player".into()),
                identity: Some(Identity {
                    fingerprint: fp,
                    name,
                }),
                storage,
                settings,
                ai: Box::new(move |sink| Box::new(pool.pool.thinker(sink))),
                link: Some(Box::new(HubLink {
                    hub: shared.hub.clone(),
                    member,
                })),
                start: Start::Menu,
            };
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| host::run(h)));
            ended.store(true, Ordering::SeqCst);
            let named = {
                let mut h = hub::lock(&shared.hub);
                h.leave(member, link.silent_since(Instant::now()));
                h.name_of(&fp_for_leave).is_some()
            };
            if !named {
                forget_nameless(&player_dir_for_leave);
            }
            let left = shared.sessions.fetch_sub(1, Ordering::SeqCst) - 1;
            tracing::info!(sessions = left, "session ended");
            let mut status = 0;
            let problem = match result {
                Ok(Ok(())) => None,
                Ok(Err(e)) => Some(e.to_string()),
                Err(p) => Some(format!(
                    "the session crashed: {}",
                    crate::crash::message(p.as_ref())
                )),
            };
            if let Some(p) = &problem {
                // The session's own end restored the terminal unless it crashed outside
                // its loop: restore again (harmless twice).
                host::restore(&mut out);
                tracing::error!(session = member, problem = %p, "session failed");
                let _ = write!(out, "tessera: {p}\r\n");
                status = 1;
            }
            if let Some(r) = reason.lock().ok().and_then(|r| r.clone()) {
                let _ = write!(out, "tessera: {r}\r\n");
            }
            let _ = out.flush();
            let _ = out.tx.send(Out::End(status));
        });
    spawned.ok().map(|_| live)
}

/// A key that never took a nickname leaves nothing behind: its folder, if it holds no more
/// than the autosave's lock, goes.
fn forget_nameless(dir: &std::path::Path) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let entries: Vec<_> = rd.filter_map(|e| e.ok()).collect();
    if entries.iter().all(|e| e.file_name() == "autosave.lock") {
        for e in entries {
            let _ = std::fs::remove_file(e.path());
        }
        let _ = std::fs::remove_dir(dir);
    }
}

enum Out {
    Data(Vec<u8>),
    End(u32),
}

/// The session's screen output: buffered, sent to the channel on flush. When the client
/// does not keep up ([`OUT_BYTES`] wait), a screen is dropped rather than kept; once the
/// client has caught up the session redraws everything (a resize to its own size).
#[derive(Clone)]
struct ChannelOut {
    buf: Vec<u8>,
    tx: tokio::sync::mpsc::UnboundedSender<Out>,
    backlog: Arc<Backlog>,
}

impl Write for ChannelOut {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(b);
        Ok(b.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.buf);
        // A link that is gone drops the screen: the session hears of it (Terminate) and
        // ends; the drawing code need not fail meanwhile.
        let n = bytes.len();
        let waiting = self.backlog.bytes.load(Ordering::SeqCst);
        if waiting > 0 && waiting + n > OUT_BYTES {
            self.backlog.lost.store(true, Ordering::SeqCst);
            if self.backlog.bytes.load(Ordering::SeqCst) > 0 {
                // The sender sees `lost` once it has sent what waits.
                return Ok(());
            }
            // It has sent everything meanwhile: this screen goes after all.
            self.backlog.lost.store(false, Ordering::SeqCst);
        }
        self.backlog.bytes.fetch_add(n, Ordering::SeqCst);
        if self.tx.send(Out::Data(bytes)).is_err() {
            self.backlog.bytes.fetch_sub(n, Ordering::SeqCst);
        }
        Ok(())
    }
}
