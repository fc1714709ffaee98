//! The SSH side of `tessera serve` (russh): the host key, who may log in, and what a
//! connection may do. One connection gets at most one session channel; it must ask for a
//! terminal (`pty-req`) and then for a shell, and gets the game. Everything else a client can
//! ask is refused: `exec` and `subsystem` (with a one-line message), port, agent and X11
//! forwarding, any second channel, passwords. Failed logins are slowed per address.

use super::files::DataDir;
use super::hub::{self, Hub, SharedHub};
use super::input::ESC_WAIT;
use super::link::{Heard, LinkWatch, KEEPALIVE, KEEPALIVE_MAX};
use super::pool::Pool;
use super::session::Live;
use crate::tui::app::Msg;
use crate::tui::online::Event;
use crate::tui::settings::TermEnv;
use russh::keys::ssh_key::{AuthorizedKeys, LineEnding};
use russh::keys::{Algorithm, HashAlg, PrivateKey, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg as ChannelMsg, Server as _, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet, Pty};
use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
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
    /// AI threads shared by all sessions.
    pub ai_threads: usize,
    /// AI tree memory shared by all sessions, MB.
    pub ai_memory: usize,
    /// How long a game waits for a player who left.
    pub adjourn_after: Duration,
    /// Time without a key after which a session closes.
    pub idle: Duration,
}

/// What every connection shares.
pub(super) struct Shared {
    pub(super) hub: SharedHub,
    pub(super) pool: Pool,
    pub(super) data: DataDir,
    pub(super) users: Option<PathBuf>,
    pub(super) max_sessions: usize,
    pub(super) idle: Duration,
    pub(super) sessions: AtomicUsize,
    /// Sessions whose last words to their channel are not sent yet.
    pub(super) outputs: AtomicUsize,
    pub(super) failures: Mutex<HashMap<IpAddr, (u32, Instant)>>,
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
        outputs: AtomicUsize::new(0),
        failures: Mutex::new(HashMap::new()),
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
        // A refused key costs a second, always (and more after repeated failures).
        auth_rejection_time: Duration::from_secs(1),
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
    let mut server = Server {
        shared: shared.clone(),
    };
    let config = Arc::new(config);
    let mut stop = stop;
    let signal = loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (socket, peer) = match accepted {
                    Ok(v) => v,
                    Err(e) => {
                        // Out of file descriptors and the like: what clients do never
                        // stops the server.
                        tracing::warn!("accepting a connection: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                let _ = socket.set_nodelay(true);
                let watch = Arc::new(LinkWatch::default());
                let mut conn = server.new_client(Some(peer));
                conn.link = watch.clone();
                let config = config.clone();
                tokio::spawn(async move {
                    let stream = Heard::new(socket, watch);
                    if let Ok(session) = russh::server::run_stream(config, stream, conn).await {
                        let _ = session.await;
                    }
                });
            }
            s = &mut stop => break s.unwrap_or("a signal"),
        }
    };
    drop(listener);
    stop_gracefully(&shared, signal).await;
    Ok(())
}

/// The graceful stop: every game in progress adjourned (its clocks as at its last turn),
/// every session told why and given its terminal back, at most 4 s of waiting for them.
async fn stop_gracefully(shared: &Shared, signal: &str) {
    let games = hub::lock(&shared.hub).stop();
    let t0 = Instant::now();
    while (shared.sessions.load(Ordering::SeqCst) > 0 || shared.outputs.load(Ordering::SeqCst) > 0)
        && t0.elapsed() < Duration::from_secs(4)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let left = shared.sessions.load(Ordering::SeqCst);
    tracing::info!(signal, games, sessions_not_closed = left, "server stopped");
    println!(
        "tessera serve: stopped ({signal}): {games} game(s) in progress adjourned, \
         {left} session(s) not closed in time"
    );
    let _ = std::io::stdout().flush();
}

struct Server {
    shared: Arc<Shared>,
}

impl russh::server::Server for Server {
    type Handler = Conn;

    fn new_client(&mut self, peer: Option<SocketAddr>) -> Conn {
        Conn {
            shared: self.shared.clone(),
            peer,
            fingerprint: None,
            channel: None,
            pty: None,
            term: TermEnv::default(),
            live: None,
            link: Arc::default(),
        }
    }
}

/// One connection.
pub struct Conn {
    shared: Arc<Shared>,
    peer: Option<SocketAddr>,
    fingerprint: Option<String>,
    channel: Option<ChannelId>,
    pty: Option<(u16, u16)>,
    term: TermEnv,
    live: Option<Live>,
    /// When the client was last heard from.
    link: Arc<LinkWatch>,
}

impl Conn {
    fn allowed(&self, key: &PublicKey) -> bool {
        let Some(path) = &self.shared.users else {
            return true;
        };
        match read_users(path) {
            Ok(keys) => keys.iter().any(|k| k.key_data() == key.key_data()),
            Err(e) => {
                eprintln!("tessera serve: --users {}: {e}; refusing", path.display());
                false
            }
        }
    }

    /// A refused login: from the fourth in a row from an address, each waits twice as long
    /// as the one before (up to 16 s), on top of russh's constant second.
    async fn failed(&self) {
        let Some(ip) = self.peer.map(|p| p.ip()) else {
            return;
        };
        let count = {
            let mut f = self
                .shared
                .failures
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let e = f.entry(ip).or_insert((0, Instant::now()));
            if e.1.elapsed() > Duration::from_secs(600) {
                *e = (0, Instant::now());
            }
            e.0 += 1;
            e.1 = Instant::now();
            e.0
        };
        if count > 3 {
            let secs = 1u64 << (count - 3).min(4);
            tokio::time::sleep(Duration::from_secs(secs)).await;
        }
    }

    fn succeeded(&self) {
        if let Some(ip) = self.peer.map(|p| p.ip()) {
            if let Ok(mut f) = self.shared.failures.lock() {
                f.remove(&ip);
            }
        }
    }

    /// Writes a line to the channel and closes it (exit status 1).
    fn refuse(&self, channel: ChannelId, text: &str, session: &mut Session) {
        let _ = session.data(channel, format!("tessera: {text}\r\n").into_bytes());
        let _ = session.exit_status_request(channel, 1);
        let _ = session.eof(channel);
        let _ = session.close(channel);
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
    }
}

impl russh::server::Handler for Conn {
    type Error = russh::Error;

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        key: &PublicKey,
    ) -> Result<Auth, Self::Error> {
        if self.allowed(key) {
            Ok(Auth::Accept)
        } else {
            self.failed().await;
            Ok(Auth::reject())
        }
    }

    async fn auth_publickey(&mut self, _user: &str, key: &PublicKey) -> Result<Auth, Self::Error> {
        if !self.allowed(key) {
            self.failed().await;
            return Ok(Auth::reject());
        }
        self.succeeded();
        self.fingerprint = Some(key.fingerprint(HashAlg::Sha256).to_string());
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
        self.pty = Some((dim(cols, 80), dim(rows, 24)));
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
                session,
            );
            return Ok(());
        }
        if hub::lock(&self.shared.hub).is_stopping() {
            self.refuse(channel, "the server is stopping: try again later", session);
            return Ok(());
        }
        if self.shared.sessions.load(Ordering::SeqCst) >= self.shared.max_sessions {
            self.refuse(channel, "the server is full: try again later", session);
            return Ok(());
        }
        let fp = self.fingerprint.clone().unwrap_or_default();
        let size = self.pty.unwrap_or((80, 24));
        match super::session::start(
            &self.shared,
            fp,
            size,
            self.term.clone(),
            channel,
            session.handle(),
            self.link.clone(),
        ) {
            Some(live) => self.live = Some(live),
            None => self.refuse(channel, "the server cannot start a session now", session),
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        self.refuse(
            channel,
            "no commands here: connect without one to play (ssh -t -p PORT HOST)",
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
        session.channel_failure(channel)?;
        self.refuse(channel, "no subsystems (sftp…) here", session);
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
            let size = (dim(cols, 80), dim(rows, 24));
            self.pty = Some(size);
            self.send(Msg::Resize(size.0, size.1));
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
        let (msgs, waiting) = {
            let mut d = live.decoder.lock().unwrap_or_else(|e| e.into_inner());
            (d.feed(&data[..pass]), d.waiting())
        };
        for m in msgs {
            let _ = live.tx.send(m);
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

/// A terminal dimension from the client, kept within what a screen can be (0: unknown).
fn dim(n: u32, unknown: u16) -> u16 {
    if n == 0 {
        unknown
    } else {
        n.min(1000) as u16
    }
}
