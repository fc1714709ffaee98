//! The SSH side of `tessera serve` (russh): the host key, who may log in, and what a
//! connection may do. One connection gets at most one session channel; it must ask for a
//! terminal (`pty-req`) and then for a shell, and gets the game. Everything else a client can
//! ask is refused: `exec` and `subsystem` (with a one-line message), port, agent and X11
//! forwarding, any second channel, passwords. Refused keys are slowed down
//! ([`super::slowdown`]); connections that have not logged in are limited in number and time
//! ([`super::gate`]). The server runs its own accept loop: a failing `accept` (no file
//! descriptor left) is waited out, never fatal.

use super::files::DataDir;
use super::gate::{Gate, Stage, Watch, LOGIN_TIME};
use super::hub::{self, Hub, SharedHub};
use super::input::{terminal_size, ESC_WAIT};
use super::interface::Live;
use super::link::{Heard, LinkWatch, KEEPALIVE, KEEPALIVE_MAX};
use super::pool::Pool;
use super::shared::Shared;
use super::slowdown::{Budget, Slowdown};
use crate::online::Event;
use crate::tui::app::Msg;
use crate::tui::host::TermEnv;
use russh::keys::ssh_key::{AuthorizedKeys, LineEnding};
use russh::keys::{Algorithm, HashAlg, PrivateKey, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg as ChannelMsg, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet, Pty};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the server runs (from the command line).
#[derive(Clone, Debug)]
pub struct Options {
    /// The data directory.
    pub data: DataDir,
    /// The host key's file.
    pub host_key: PathBuf,
    /// The allowed keys, if limited.
    pub users: Option<PathBuf>,
    /// Most sessions at once.
    pub max_sessions: usize,
    /// Most connections waiting to log in.
    pub max_pending: usize,
    /// The open-file limit (if known).
    pub open_files: Option<u64>,
    /// AI threads shared by all sessions.
    pub ai_threads: usize,
    /// AI tree memory shared by all sessions, MB.
    pub ai_memory: usize,
    /// How long a game waits for a player who left.
    pub adjourn_after: Duration,
    /// Time without a key after which a session closes.
    pub idle: Duration,
}

/// Reads an authorized_keys file.
pub fn read_users(path: &Path) -> Result<Vec<PublicKey>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut keys = Vec::new();
    for (i, entry) in AuthorizedKeys::new(&text).enumerate() {
        match entry {
            Ok(e) => keys.push(e.public_key().clone()),
            Err(e) => return Err(format!("entry {}: {e}", i + 1)),
        }
    }
    Ok(keys)
}

/// Loads the host key, or makes one (ed25519) and keeps it with mode 0600.
pub fn host_key(path: &Path) -> anyhow::Result<PrivateKey> {
    if path.exists() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(path)?.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                anyhow::bail!(
                    "{}: the host key is readable by others (mode {mode:o}): chmod 600 it",
                    path.display()
                );
            }
        }
        return PrivateKey::read_openssh_file(path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()));
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| anyhow::anyhow!("making a host key: {e}"))?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| anyhow::anyhow!("writing the host key: {e}"))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut f = options
        .open(path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    Ok(key)
}

/// Runs the server on `listen` until `stop` fires (SIGTERM or SIGINT): then every game in
/// progress is adjourned, every session told and closed, and this returns within 5 s.
pub async fn serve(
    listen: SocketAddr,
    o: Options,
    stop: tokio::sync::oneshot::Receiver<&'static str>,
) -> anyhow::Result<()> {
    let key = host_key(&o.host_key)?;
    let fingerprint = key.public_key().fingerprint(HashAlg::Sha256);
    let hub: SharedHub = Arc::new(Mutex::new(Hub::new(o.data.clone(), o.adjourn_after)));
    let shared = Arc::new(Shared {
        hub: hub.clone(),
        pool: Pool::new(o.ai_threads, o.ai_memory),
        data: o.data.clone(),
        users: o.users.clone(),
        max_sessions: o.max_sessions,
        idle: o.idle,
        sessions: AtomicUsize::new(0),
        gate: Gate::new(o.max_pending, o.max_pending.div_ceil(4)),
        slowdown: Slowdown::default(),
        outputs: AtomicUsize::new(0),
    });
    // The clocks, lost-on-time and adjournments.
    std::thread::Builder::new()
        .name("tessera-clock".into())
        .spawn(move || loop {
            std::thread::sleep(Duration::from_millis(100));
            hub::lock(&hub).tick(Instant::now());
        })?;
    let config = russh::server::Config {
        methods: MethodSet::from(&[MethodKind::PublicKey][..]),
        // A refused key waits as `slowdown` says (never more than a second per connection in
        // all), not a constant time per refusal: an SSH client offers its keys in turn.
        auth_rejection_time: Duration::ZERO,
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: 6,
        keys: vec![key],
        inactivity_timeout: Some(o.idle + Duration::from_secs(120)),
        // A dead link is noticed after 25 s of silence.
        keepalive_interval: Some(KEEPALIVE),
        keepalive_max: KEEPALIVE_MAX,
        nodelay: true,
        ..Default::default()
    };
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
    let addr = listener.local_addr()?;
    println!("tessera serve: listening on {addr}");
    println!("host key fingerprint: {fingerprint}");
    println!("data directory: {}", o.data.0.display());
    println!(
        "AI: {} thread(s), {} MB of tree shared by all sessions",
        shared.pool.threads(),
        shared.pool.memory_mb()
    );
    match addr.port() {
        2222 => println!("connect with: ssh -p 2222 {}", addr.ip()),
        p => println!("connect with: ssh -p {p} {}", addr.ip()),
    }
    let _ = std::io::stdout().flush();
    tracing::info!(
        address = %addr,
        fingerprint = %fingerprint,
        data = %o.data.0.display(),
        max_sessions = o.max_sessions,
        max_pending = shared.gate.total,
        max_pending_per_address = shared.gate.per_address,
        open_files = o.open_files.map_or("unknown".into(), |n| n.to_string()),
        "server started"
    );
    // Connections that do not log in in time are closed.
    {
        let shared = shared.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(500)).await;
                let n = shared.gate.expire(LOGIN_TIME);
                if n > 0 {
                    tracing::info!(
                        closed = n,
                        waiting = shared.gate.waiting(),
                        "closed connections that did not log in within {} s",
                        LOGIN_TIME.as_secs()
                    );
                }
            }
        });
    }
    let signal = accept_loop(listener, Arc::new(config), shared.clone(), stop).await;
    stop_gracefully(&shared, signal).await;
    Ok(())
}

/// The graceful stop: every game in progress adjourned (its clocks as at its last turn),
/// every session told why and given its terminal back, at most 4 s of waiting for them.
async fn stop_gracefully(shared: &Shared, signal: &str) {
    let (games, writer) = {
        let mut h = hub::lock(&shared.hub);
        (h.stop(), h.writer())
    };
    // The adjourned games are on disk before anything else.
    let flushed = writer.clone();
    let _ = tokio::task::spawn_blocking(move || flushed.flush()).await;
    let t0 = Instant::now();
    while (shared.sessions.load(Ordering::SeqCst) > 0 || shared.outputs.load(Ordering::SeqCst) > 0)
        && t0.elapsed() < Duration::from_secs(4)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // And whatever the sessions' ends wrote.
    let _ = tokio::task::spawn_blocking(move || writer.flush()).await;
    let left = shared.sessions.load(Ordering::SeqCst);
    tracing::info!(signal, games, sessions_not_closed = left, "server stopped");
    println!(
        "tessera serve: stopped ({signal}): {games} game(s) in progress adjourned, \
         {left} session(s) not closed in time"
    );
    let _ = std::io::stdout().flush();
}

/// Takes connections until the stop signal (SIGTERM, SIGINT), whose name it returns. Each goes through the gate (which may close others waiting to
/// log in) and runs its SSH session on a task of its own. A failing `accept` (out of file
/// descriptors, above all) is logged and waited out, a little longer each time in a row.
async fn accept_loop(
    listener: tokio::net::TcpListener,
    config: Arc<russh::server::Config>,
    shared: Arc<Shared>,
    mut stop: tokio::sync::oneshot::Receiver<&'static str>,
) -> &'static str {
    let mut backoff = ACCEPT_BACKOFF_MIN;
    let mut closed = CountedLog::default();
    let mut failed = CountedLog::default();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            s = &mut stop => return s.unwrap_or("a signal"),
        };
        match accepted {
            Ok((socket, peer)) => {
                backoff = ACCEPT_BACKOFF_MIN;
                let _ = socket.set_nodelay(true);
                // What the client was last heard from (keepalives), then the gate.
                let link = Arc::new(LinkWatch::default());
                let (entered, watch, stream) = shared
                    .gate
                    .enter(peer.ip(), Heard::new(socket, link.clone()));
                let (per_address, total) = entered.closed;
                if per_address + total > 0 {
                    closed.add(per_address + total, |n| {
                        tracing::warn!(
                            closed = n,
                            address = %peer.ip(),
                            waiting = shared.gate.waiting(),
                            "too many connections waiting to log in: closed the most silent"
                        )
                    });
                }
                let conn = Conn::new(shared.clone(), peer, entered.id, watch, link);
                let (config, shared) = (config.clone(), shared.clone());
                tokio::spawn(async move {
                    if let Ok(session) = russh::server::run_stream(config, stream, conn).await {
                        let _ = session.await;
                    }
                    shared.gate.leave(entered.id);
                });
            }
            Err(e) => {
                use std::io::ErrorKind as K;
                if matches!(
                    e.kind(),
                    K::ConnectionAborted | K::ConnectionReset | K::Interrupted
                ) {
                    continue;
                }
                failed.add(1, |n| {
                    tracing::error!(
                        error = %e,
                        failures = n,
                        waiting = shared.gate.waiting(),
                        "cannot accept connections: waiting"
                    )
                });
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(ACCEPT_BACKOFF_MAX);
            }
        }
    }
}

/// The first wait after a failed `accept`.
const ACCEPT_BACKOFF_MIN: Duration = Duration::from_millis(10);
/// The longest.
const ACCEPT_BACKOFF_MAX: Duration = Duration::from_secs(1);

/// A log line for something that may happen thousands of times a second: at most one every
/// [`CountedLog::EVERY`], with the count since the last.
#[derive(Default)]
struct CountedLog {
    count: usize,
    at: Option<Instant>,
}

impl CountedLog {
    const EVERY: Duration = Duration::from_secs(5);

    fn add(&mut self, n: usize, log: impl FnOnce(usize)) {
        self.count += n;
        if self.at.is_none_or(|t| t.elapsed() >= Self::EVERY) {
            log(self.count);
            self.count = 0;
            self.at = Some(Instant::now());
        }
    }
}

/// One connection.
pub struct Conn {
    shared: Arc<Shared>,
    peer: SocketAddr,
    /// Its number at the gate, and what the gate watches of it.
    waiting: (u64, Arc<Watch>),
    fingerprint: Option<String>,
    /// What its refused keys have waited.
    slowed: Budget,
    channel: Option<ChannelId>,
    pty: Option<(u16, u16)>,
    term: TermEnv,
    live: Option<Live>,
    /// The session channel's sending side, until the session takes it.
    writer: Option<russh::ChannelWriteHalf<ChannelMsg>>,
    resize: Arc<Mutex<Resize>>,
    /// The size the session draws for (as last passed on).
    drawn: Arc<Mutex<(u16, u16)>>,
    since: Instant,
    /// When the client was last heard from.
    link: Arc<LinkWatch>,
}

/// Window changes, passed on to the session at most every [`RESIZE_EVERY`] (the last one
/// always).
#[derive(Default)]
struct Resize {
    sent: Option<Instant>,
    pending: Option<(u16, u16)>,
}

/// The shortest time between two redraws for a new terminal size.
const RESIZE_EVERY: Duration = Duration::from_millis(100);

impl Conn {
    fn new(
        shared: Arc<Shared>,
        peer: SocketAddr,
        id: u64,
        watch: Arc<Watch>,
        link: Arc<LinkWatch>,
    ) -> Conn {
        Conn {
            shared,
            peer,
            waiting: (id, watch),
            fingerprint: None,
            slowed: Budget::default(),
            channel: None,
            pty: None,
            term: TermEnv::default(),
            live: None,
            writer: None,
            resize: Arc::default(),
            drawn: Arc::default(),
            since: Instant::now(),
            link,
        }
    }

    fn allowed(&self, key: &PublicKey) -> bool {
        let Some(path) = &self.shared.users else {
            return true;
        };
        match read_users(path) {
            Ok(keys) => keys.iter().any(|k| k.key_data() == key.key_data()),
            Err(e) => {
                tracing::error!(users = %path.display(), error = %e, "cannot read --users: refusing");
                false
            }
        }
    }

    /// A key was refused: logged, and slowed down as [`super::slowdown`] says.
    async fn refused(&mut self, key: &PublicKey) {
        let fp = key.fingerprint(HashAlg::Sha256).to_string();
        let want = self
            .shared
            .slowdown
            .refused(&fp, self.peer.ip(), Instant::now());
        let wait = self.slowed.take(want);
        tracing::info!(
            fingerprint = %fp,
            address = %self.peer,
            wait_ms = wait.as_millis() as u64,
            "login refused: the key is not in --users"
        );
        tokio::time::sleep(wait).await;
    }

    /// Writes a line to the channel (to its stderr if `stderr`, as for a command or a
    /// subsystem, whose stdout is the program's) and closes it with exit status 1.
    fn refuse(&self, channel: ChannelId, text: &str, stderr: bool, session: &mut Session) {
        tracing::info!(
            fingerprint = self.fingerprint.as_deref().unwrap_or(""),
            address = %self.peer,
            "refused: {text}"
        );
        let line = format!("tessera: {text}\r\n").into_bytes();
        let _ = if stderr {
            session.extended_data(channel, 1, line)
        } else {
            session.data(channel, line)
        };
        let _ = session.exit_status_request(channel, 1);
        let _ = session.eof(channel);
        let _ = session.close(channel);
    }

    /// A new terminal size for the session: at once, or when [`RESIZE_EVERY`] has passed
    /// since the last (only the latest size of a burst is passed on).
    fn resized(&mut self, size: (u16, u16)) {
        if self.pty == Some(size) {
            return;
        }
        self.pty = Some(size);
        let Some(live) = &self.live else {
            return;
        };
        let mut r = self.resize.lock().unwrap_or_else(|e| e.into_inner());
        let due = r.sent.map(|t| t + RESIZE_EVERY);
        match due.filter(|d| *d > Instant::now()) {
            None => {
                r.sent = Some(Instant::now());
                *self.drawn.lock().unwrap_or_else(|e| e.into_inner()) = size;
                let _ = live.tx.send(Msg::Resize(size.0, size.1));
            }
            Some(due) => {
                // A later send is already due: it will take this size.
                let scheduled = r.pending.is_some();
                r.pending = Some(size);
                if !scheduled {
                    let (resize, tx) = (self.resize.clone(), live.tx.clone());
                    let drawn = self.drawn.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep_until(due.into()).await;
                        let mut r = resize.lock().unwrap_or_else(|e| e.into_inner());
                        if let Some((w, h)) = r.pending.take() {
                            r.sent = Some(Instant::now());
                            *drawn.lock().unwrap_or_else(|e| e.into_inner()) = (w, h);
                            let _ = tx.send(Msg::Resize(w, h));
                        }
                    });
                }
            }
        }
    }

    fn send(&self, m: Msg) {
        if let Some(l) = &self.live {
            let _ = l.tx.send(m);
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        // The link is gone: the session saves what it must and ends.
        self.send(Msg::Terminate);
        if let Some(fp) = &self.fingerprint {
            tracing::info!(
                fingerprint = %fp,
                address = %self.peer,
                seconds = self.since.elapsed().as_secs(),
                "logout"
            );
        }
    }
}

impl russh::server::Handler for Conn {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        self.waiting.1.reached(Stage::Authenticating);
        Ok(Auth::reject())
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        key: &PublicKey,
    ) -> Result<Auth, Self::Error> {
        self.waiting.1.reached(Stage::Authenticating);
        if self.allowed(key) {
            Ok(Auth::Accept)
        } else {
            self.refused(key).await;
            Ok(Auth::reject())
        }
    }

    async fn auth_publickey(&mut self, _user: &str, key: &PublicKey) -> Result<Auth, Self::Error> {
        self.waiting.1.reached(Stage::Authenticating);
        if !self.allowed(key) {
            self.refused(key).await;
            return Ok(Auth::reject());
        }
        let fp = key.fingerprint(HashAlg::Sha256).to_string();
        self.shared.slowdown.let_in(&fp, self.peer.ip());
        self.waiting.1.reached(Stage::Authenticated);
        tracing::info!(fingerprint = %fp, address = %self.peer, "login");
        self.fingerprint = Some(fp);
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<ChannelMsg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
        } else {
            self.channel = Some(channel.id());
            // What the client sends on it comes through the handler (`data`): the reading
            // half is dropped, so that nothing queues up there.
            let (_, writer) = channel.split();
            self.writer = Some(writer);
            reply.accept().await;
        }
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<ChannelMsg>,
        _host: &str,
        _port: u32,
        _from: &str,
        _from_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<ChannelMsg>,
        _from: &str,
        _port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<ChannelMsg>,
        _path: &str,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply
            .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pw: u32,
        _ph: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel != Some(channel) || self.live.is_some() {
            session.channel_failure(channel)?;
            return Ok(());
        }
        self.term.term = term.chars().take(64).collect();
        // A client without a terminal of its own (`ssh -tt` from a pipe) says 0x0.
        self.pty = Some(terminal_size(cols, rows));
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Only what chooses the colours: nothing else of the client's environment matters.
        match name {
            "NO_COLOR" => self.term.no_color = !value.is_empty(),
            "COLORTERM" => self.term.colorterm = value.chars().take(32).collect(),
            _ => {
                session.channel_failure(channel)?;
                return Ok(());
            }
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel != Some(channel) || self.live.is_some() {
            session.channel_failure(channel)?;
            return Ok(());
        }
        session.channel_success(channel)?;
        if self.pty.is_none() {
            self.refuse(
                channel,
                "this server runs a game in a terminal: connect with `ssh -t` (no -T, no command)",
                false,
                session,
            );
            return Ok(());
        }
        if hub::lock(&self.shared.hub).is_stopping() {
            self.refuse(
                channel,
                "the server is stopping: try again later",
                false,
                session,
            );
            return Ok(());
        }
        if self.shared.sessions.load(Ordering::SeqCst) >= self.shared.max_sessions {
            self.refuse(
                channel,
                "the server is full: try again later",
                false,
                session,
            );
            return Ok(());
        }
        let fp = self.fingerprint.clone().unwrap_or_default();
        *self.drawn.lock().unwrap_or_else(|e| e.into_inner()) = self.pty.unwrap_or((80, 24));
        let Some(writer) = self.writer.take() else {
            self.refuse(
                channel,
                "the server cannot start a session now",
                false,
                session,
            );
            return Ok(());
        };
        match super::interface::start(
            &self.shared,
            fp,
            self.drawn.clone(),
            self.term.clone(),
            writer,
            self.link.clone(),
        ) {
            Some(live) => {
                self.live = Some(live);
                // Logged in: no longer counted among the connections waiting at the gate.
                self.shared.gate.admit(self.waiting.0);
                tracing::info!(
                    fingerprint = self.fingerprint.as_deref().unwrap_or(""),
                    address = %self.peer,
                    sessions = self.shared.sessions.load(Ordering::SeqCst),
                    "session started"
                );
            }
            None => self.refuse(
                channel,
                "the server cannot start a session now",
                false,
                session,
            ),
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Accepted, so that the client shows the line that follows, then closed.
        session.channel_success(channel)?;
        self.refuse(
            channel,
            "no commands here: connect without one to play (ssh -t -p PORT HOST)",
            true,
            session,
        );
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        self.refuse(
            channel,
            "no subsystems (sftp, scp…) here: connect without one to play (ssh -t -p PORT HOST)",
            true,
            session,
        );
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _proto: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pw: u32,
        _ph: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel == Some(channel) && cols > 0 && rows > 0 {
            self.resized(terminal_size(cols, rows));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel != Some(channel) {
            return Ok(());
        }
        let Some(live) = self.live.as_mut() else {
            return Ok(());
        };
        let now = Instant::now();
        if let Ok(mut t) = live.last_input.lock() {
            *t = now;
        }
        let pass = live.limit.allow(data.len(), now);
        let (msgs, waiting) = {
            let mut d = live.decoder.lock().unwrap_or_else(|e| e.into_inner());
            (d.feed(&data[..pass]), d.waiting())
        };
        for m in msgs {
            let _ = live.tx.send(m);
        }
        // After the keys that passed, so that none of them (Enter in a form, say) replaces
        // the notice.
        if pass < data.len()
            && live
                .warned
                .is_none_or(|t| t.elapsed() > Duration::from_secs(5))
        {
            live.warned = Some(now);
            let _ = live.tx.send(Msg::Net(Event::Notice(
                "input too fast: some keys were dropped".into(),
            )));
        }
        let gen = live.generation.fetch_add(1, Ordering::SeqCst) + 1;
        if waiting {
            // A lone Esc: the Esc key, unless the rest of a sequence follows at once.
            let (decoder, generation, tx) = (
                live.decoder.clone(),
                live.generation.clone(),
                live.tx.clone(),
            );
            tokio::spawn(async move {
                tokio::time::sleep(ESC_WAIT).await;
                if generation.load(Ordering::SeqCst) != gen {
                    return;
                }
                let msgs = decoder.lock().unwrap_or_else(|e| e.into_inner()).flush();
                for m in msgs {
                    let _ = tx.send(m);
                }
            });
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel == Some(channel) {
            self.send(Msg::Terminate);
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel == Some(channel) {
            self.send(Msg::Terminate);
        }
        Ok(())
    }
}
