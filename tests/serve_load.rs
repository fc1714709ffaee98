//! Load tests of `tessera serve` (not in the default `cargo test`: run them with
//! `cargo test --release --test serve_load -- --ignored --nocapture --test-threads 1`).
//! Loopback only (127.0.0.1), bounded in count and time:
//!
//! - `serve_200_sessions_…`: 200 OpenSSH clients (`ssh -tt`, each read into a virtual
//!   terminal, `vt100`) log in, take nicknames, pair up into 100 Linage 19x19 games and play
//!   random legal moves for 60 s, each player thinking 0.3–0.7 s a move. Reported: the
//!   server's memory (RSS) per idle session and while playing, its CPU time, and the time from
//!   the key that plays a move (the Enter of `:TOKEN`) to the mover's board redrawn with it,
//!   and to the opponent's. `TESSERA_LOAD_CLIENTS=20 TESSERA_LOAD_SECONDS=15` tries a smaller
//!   run.
//! - `serve_flood_…`: the server under an open-file limit of 1024 (soft and hard), and 5,000
//!   hostile connections opened at once (a third idle, a third sending only a banner, a third
//!   dribbling a byte every 300 ms); meanwhile and after it a real `ssh` login. Reported: the
//!   connections the server held at once (its open files), how fast it closed the excess, and
//!   the time from the login's start to its first screen.
//! - `serve_login_with_10000_profiles_…`: two servers side by side, one on an empty data
//!   directory, one on a data directory of 10,000 players' profiles. Logins arrive at each
//!   every 0.3 s (alternately, so that whatever else the machine does weighs on both alike) while
//!   a logged-in user of each presses a key that opens and closes the help. Reported: connect
//!   (start of `ssh`) to first screen, median and p99, and the other user's key to redraw p99,
//!   for each server; held to the issue's bar: the median and the key p99 with 10,000 profiles
//!   within 10 ms of the empty server's.
//!
//! Targets (issue 16, issue 45): at most 10 MB per idle session, p99 at most 50 ms on a
//! 2-core machine, a login within 2 s during the flood, logins and other users' keys with
//! 10,000 profiles within 10 ms of the empty server's. The figures are printed; what is
//! asserted is that nothing fails (every move reaches both screens, the server stays up, the
//! login reaches its first screen) and the 10 ms bar of the profiles test (login median, other
//! user's key p99).

#[path = "common/serve.rs"]
mod serve_common;

use serve_common::{keygen, listening_port};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use tessera::games::{Game, GameKind, GameOptions, SearchHints};
use tessera::rng::FastRng;
use tessera::session::Session;

/// Sessions (`TESSERA_LOAD_CLIENTS` to try fewer, an even number).
fn clients() -> usize {
    std::env::var("TESSERA_LOAD_CLIENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(200, |n: usize| n.clamp(2, 200) & !1)
}
/// Seconds of play (`TESSERA_LOAD_SECONDS` to try a shorter run).
fn play_time() -> Duration {
    let s = std::env::var("TESSERA_LOAD_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(60, |n: u64| n.clamp(1, 60));
    Duration::from_secs(s)
}
const SIZE: (u16, u16) = (80, 24);

struct Screen {
    parser: vt100::Parser,
    closed: bool,
}

struct Client {
    name: String,
    child: Child,
    stdin: ChildStdin,
    screen: Arc<(Mutex<Screen>, Condvar)>,
}

impl Client {
    fn start(port: u16, key: &Path, name: &str) -> Client {
        let mut child = Command::new("ssh")
            .args(["-F", "/dev/null", "-tt", "-p", &port.to_string()])
            .args([
                "-o",
                "StrictHostKeyChecking=no",
                "-o",
                "UserKnownHostsFile=/dev/null",
            ])
            .args([
                "-o",
                "IdentitiesOnly=yes",
                "-o",
                "BatchMode=yes",
                "-o",
                "LogLevel=ERROR",
            ])
            .arg("-i")
            .arg(key)
            .arg("127.0.0.1")
            .env("TERM", "xterm-256color")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("run ssh");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let screen = Arc::new((
            Mutex::new(Screen {
                parser: vt100::Parser::new(
                    std::num::NonZeroU16::new(SIZE.1).unwrap(),
                    std::num::NonZeroU16::new(SIZE.0).unwrap(),
                    0,
                ),
                closed: false,
            }),
            Condvar::new(),
        ));
        let s = screen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                let n = stdout.read(&mut buf).unwrap_or(0);
                let (lock, cv) = &*s;
                let mut sc = lock.lock().unwrap();
                if n == 0 {
                    sc.closed = true;
                    cv.notify_all();
                    return;
                }
                sc.parser.process(&buf[..n]);
                cv.notify_all();
            }
        });
        Client {
            name: name.into(),
            child,
            stdin,
            screen,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let _ = self.stdin.write_all(bytes);
        let _ = self.stdin.flush();
    }

    fn text(&self) -> String {
        self.screen.0.lock().unwrap().parser.screen().contents()
    }

    /// Waits until the screen satisfies `pred`; returns when it did, or `None` after
    /// `limit`.
    fn wait(&self, limit: Duration, pred: impl Fn(&str) -> bool) -> Option<Instant> {
        let (lock, cv) = &*self.screen;
        let t0 = Instant::now();
        let mut sc = lock.lock().unwrap();
        loop {
            if pred(&sc.parser.screen().contents()) {
                return Some(Instant::now());
            }
            if sc.closed || t0.elapsed() > limit {
                return None;
            }
            sc = cv.wait_timeout(sc, Duration::from_millis(200)).unwrap().0;
        }
    }

    fn wait_text(&self, text: &str) {
        if self
            .wait(Duration::from_secs(60), |s| s.contains(text))
            .is_none()
        {
            panic!("{}: no '{text}' on\n{}", self.name, self.text());
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `tessera serve` on a free loopback port, one AI thread, its data in `dir/data`.
fn serve_command(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tessera"));
    cmd.args(["serve", "--listen", "127.0.0.1:0", "--ai-threads", "1"])
        .arg("--data")
        .arg(dir.join("data"));
    cmd
}

/// The server, killed however the test ends.
struct Server(Child);

impl Server {
    /// Starts `cmd` (a `tessera serve` on port 0) and reads the port it listens on.
    fn start(mut cmd: Command) -> (Server, u16) {
        let mut server = Server(
            cmd.stdout(Stdio::piped())
                .spawn()
                .expect("start tessera serve"),
        );
        let port = listening_port(&mut server.0, |_| {});
        (server, port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// utime + stime of a process, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = stat.rsplit_once(") ").map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split(' ').collect();
    f.get(11).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0)
        + f.get(12).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0)
}

fn threads(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task")).map_or(0, |d| d.count())
}

#[derive(Default)]
struct Tally {
    mover: Vec<Duration>,
    opponent: Vec<Duration>,
    timeouts: usize,
    moves: usize,
    games_over: usize,
}

/// One game: the two clients take turns playing random legal moves until the deadline.
fn play(
    mut pair: [Client; 2],
    seed: u64,
    deadline: Instant,
    tally: Arc<Mutex<Tally>>,
) -> [Client; 2] {
    let kind = GameKind::Linage;
    let options = GameOptions::parse(kind, &["size=19", "komi=0.5"]).unwrap();
    let mut mirror = Session::new(kind, options).unwrap();
    let mut rng = FastRng::seed(seed);
    let mut buf = Vec::new();
    let key_line = |s: &str| {
        s.lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| l.contains("Enter place"))
    };
    // Who moves first: the screen whose key line offers a placement.
    let mut mover = match pair.iter().position(|c| key_line(&c.text())) {
        Some(i) => i,
        None => {
            let ok = pair[0].wait(Duration::from_secs(10), key_line).is_some();
            if ok {
                0
            } else {
                1
            }
        }
    };
    while Instant::now() < deadline && !mirror.game().is_over() {
        std::thread::sleep(Duration::from_millis(300 + rng.below(400) as u64));
        let step = mirror.game().random_step(&mut rng, &mut buf);
        let token = mirror.game().format_turn(&[step]);
        let turn = mirror.turns().len() + 1;
        let letter = kind.side_letter(mirror.game().to_move());
        if mirror.play_step(step).is_err() {
            break;
        }
        let line = format!("{turn:>3}. {letter} {token}");
        let said = format!("{} played {token}", pair[mover].name);
        let t0 = Instant::now();
        pair[mover].send(format!(":{token}\r").as_bytes());
        let mine = pair[mover].wait(Duration::from_secs(30), |s| s.contains(&line));
        let theirs = pair[1 - mover].wait(Duration::from_secs(30), |s| s.contains(&said));
        let mut t = tally.lock().unwrap();
        match (mine, theirs) {
            (Some(a), Some(b)) => {
                t.mover.push(a - t0);
                t.opponent.push(b - t0);
                t.moves += 1;
            }
            _ => {
                t.timeouts += 1;
                return pair;
            }
        }
        mover = 1 - mover;
    }
    if mirror.game().is_over() {
        tally.lock().unwrap().games_over += 1;
    }
    pair
}

fn percentile(v: &mut [Duration], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut h = hdrhistogram::Histogram::<u64>::new(3).unwrap();
    for d in v.iter() {
        h.record(d.as_micros() as u64).unwrap();
    }
    h.value_at_quantile(p) as f64 / 1000.0
}

#[test]
#[ignore = "load test: 200 ssh sessions for a minute (see the module docs)"]
fn serve_200_sessions_reach_the_lobby_then_play_random_moves_for_a_minute() {
    let dir = std::env::temp_dir().join(format!("tessera-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("keys")).unwrap();
    let (clients_n, play_for) = (clients(), play_time());
    let keys: Vec<PathBuf> = (0..clients_n)
        .map(|i| keygen(&dir.join("keys").join(format!("p{i:03}"))))
        .collect();
    let mut cmd = serve_command(&dir);
    cmd.stderr(Stdio::null());
    let (server, port) = Server::start(cmd);
    let pid = server.0.id();
    std::thread::sleep(Duration::from_millis(500));
    let rss0 = rss_kb(pid);
    let threads0 = threads(pid);

    // Log in, ten at a time.
    let mut clients: Vec<Client> = Vec::new();
    for chunk in keys.chunks(10) {
        let base = clients.len();
        let mut batch: Vec<Client> = chunk
            .iter()
            .enumerate()
            .map(|(j, k)| Client::start(port, k, &format!("p{:03}", base + j)))
            .collect();
        for c in batch.iter_mut() {
            c.wait_text("Choose a nickname");
            let name = c.name.clone();
            c.send(format!("{name}\r").as_bytes());
        }
        for c in &batch {
            c.wait_text("tessera · lobby");
        }
        clients.extend(batch);
    }
    std::thread::sleep(Duration::from_secs(3));
    let rss_idle = rss_kb(pid);
    let threads_idle = threads(pid);
    let per_idle = (rss_idle.saturating_sub(rss0)) as f64 / clients_n as f64 / 1024.0;

    // Pair up: one opens a Linage 19x19 challenge (agreed komi, no clock), the next accepts.
    let mut pairs: Vec<[Client; 2]> = Vec::new();
    let mut it = clients.into_iter();
    while let (Some(mut a), Some(mut b)) = (it.next(), it.next()) {
        a.send(b"c");
        a.wait_text("Open a challenge");
        let mut keys = String::from("\x1b[B"); // size row
        keys.push_str(&"\x1b[C".repeat(10)); // 9 → 19
        keys.push_str("\x1b[B\x1b[C\r"); // komi: agreed; open
        a.send(keys.as_bytes());
        a.wait_text("challenge open: it waits");
        let who = a.name.clone();
        if b.wait(Duration::from_secs(60), |s| {
            s.lines()
                .any(|l| l.contains(&who) && l.contains("Linage 19x19"))
        })
        .is_none()
        {
            panic!("{}: no challenge from {who}:\n{}", b.name, b.text());
        }
        b.send(b"\r");
        a.wait_text("the game is on");
        b.wait_text("the game is on");
        pairs.push([a, b]);
    }

    let tally = Arc::new(Mutex::new(Tally::default()));
    let t0 = Instant::now();
    let cpu0 = cpu_ticks(pid);
    let deadline = t0 + play_for;
    let peak = Arc::new(Mutex::new(0u64));
    let sampler = {
        let peak = peak.clone();
        std::thread::spawn(move || {
            while Instant::now() < deadline {
                let r = rss_kb(pid);
                let mut p = peak.lock().unwrap();
                *p = (*p).max(r);
                drop(p);
                std::thread::sleep(Duration::from_millis(500));
            }
        })
    };
    let handles: Vec<_> = pairs
        .into_iter()
        .enumerate()
        .map(|(i, pair)| {
            let tally = tally.clone();
            std::thread::spawn(move || play(pair, i as u64 + 1, deadline, tally))
        })
        .collect();
    let pairs: Vec<[Client; 2]> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let elapsed = t0.elapsed().as_secs_f64();
    let cpu = (cpu_ticks(pid) - cpu0) as f64 / 100.0; // USER_HZ is 100 on Linux
    sampler.join().unwrap();
    let rss_end = rss_kb(pid);

    let mut t = tally.lock().unwrap();
    let moves = t.moves;
    let (timeouts, over) = (t.timeouts, t.games_over);
    let mover: Vec<f64> = [0.5, 0.9, 0.99, 1.0]
        .iter()
        .map(|&p| percentile(&mut t.mover, p))
        .collect();
    let opp: Vec<f64> = [0.5, 0.9, 0.99, 1.0]
        .iter()
        .map(|&p| percentile(&mut t.opponent, p))
        .collect();
    println!(
        "tessera serve load test: {clients_n} ssh sessions, {} games, {play_for:?} of play",
        clients_n / 2
    );
    println!(
        "server RSS: {rss0} kB at start, {rss_idle} kB with {clients_n} idle sessions in the lobby"
    );
    println!("  = {per_idle:.2} MB per idle session");
    let peak = *peak.lock().unwrap();
    println!(
        "  peak while playing {peak} kB ({:.2} MB per session), {rss_end} kB at the end",
        peak.saturating_sub(rss0) as f64 / clients_n as f64 / 1024.0
    );
    println!("server threads: {threads0} at start, {threads_idle} with the sessions");
    println!(
        "server CPU: {cpu:.1} s over {elapsed:.1} s = {:.0}% of one core",
        100.0 * cpu / elapsed
    );
    println!(
        "moves: {moves} ({:.1}/s), timeouts: {timeouts}, games over: {over}",
        moves as f64 / elapsed
    );
    println!(
        "key to the mover's board redrawn: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        mover[0], mover[1], mover[2], mover[3]
    );
    println!(
        "key to the opponent's board redrawn: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        opp[0], opp[1], opp[2], opp[3]
    );
    drop(pairs);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(moves > 0, "the games moved");
    assert_eq!(timeouts, 0, "every move reached both screens");
}

/// Open files of a process.
fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

#[derive(Default)]
struct Flood {
    opened: std::sync::atomic::AtomicUsize,
    open: std::sync::atomic::AtomicUsize,
    most_open: std::sync::atomic::AtomicUsize,
    closed_by_server: std::sync::atomic::AtomicUsize,
    connect_failed: std::sync::atomic::AtomicUsize,
    /// Milliseconds from the flood's start to the last close by the server.
    last_close_ms: std::sync::atomic::AtomicU64,
}

/// One hostile connection: `kind` 0 says nothing, 1 sends a banner and then nothing, 2
/// dribbles a byte every 300 ms; held until the server closes it or `until`.
async fn hostile(port: u16, kind: usize, t0: Instant, until: Instant, f: Arc<Flood>) {
    use std::sync::atomic::Ordering::SeqCst;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(Ok(mut s)) = tokio::time::timeout(
        Duration::from_secs(10),
        tokio::net::TcpStream::connect(("127.0.0.1", port)),
    )
    .await
    else {
        f.connect_failed.fetch_add(1, SeqCst);
        return;
    };
    f.opened.fetch_add(1, SeqCst);
    let now_open = f.open.fetch_add(1, SeqCst) + 1;
    f.most_open.fetch_max(now_open, SeqCst);
    if kind == 1 {
        let _ = s.write_all(b"SSH-2.0-flood\r\n").await;
    }
    let dribble = b"SSH-2.0-slow\r\n\0\0\x01\x0c\x0a\x14";
    let mut next = 0;
    let mut buf = [0u8; 2048];
    let closed = loop {
        let tick = tokio::time::sleep(Duration::from_millis(300));
        tokio::select! {
            r = s.read(&mut buf) => match r {
                Ok(0) | Err(_) => break true,
                Ok(_) => {}
            },
            _ = tick => {
                if Instant::now() >= until {
                    break false;
                }
                if kind == 2 {
                    let b = dribble[next % dribble.len()];
                    next += 1;
                    if s.write_all(&[b]).await.is_err() {
                        break true;
                    }
                }
            }
        }
    };
    f.open.fetch_sub(1, SeqCst);
    if closed {
        f.closed_by_server.fetch_add(1, SeqCst);
        f.last_close_ms
            .fetch_max(t0.elapsed().as_millis() as u64, SeqCst);
    }
}

/// Time from starting `ssh` to its first screen (the nickname form), or `None` within 60 s.
fn first_screen(port: u16, key: &Path, name: &str) -> (Option<Duration>, Client) {
    let t0 = Instant::now();
    let c = Client::start(port, key, name);
    let at = c.wait(Duration::from_secs(60), |s| s.contains("Choose a nickname"));
    (at.map(|t| t - t0), c)
}

#[test]
#[ignore = "load test: 5,000 hostile connections for 30 s (see the module docs)"]
fn serve_flood_of_5000_connections_under_1024_open_files_lets_a_real_login_in() {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    use std::os::unix::process::CommandExt;
    use std::sync::atomic::Ordering::SeqCst;
    const HOSTILE: usize = 5_000;
    // Ourselves: enough descriptors for the flood.
    let ours = getrlimit(Resource::Nofile);
    setrlimit(
        Resource::Nofile,
        Rlimit {
            current: ours.maximum,
            maximum: ours.maximum,
        },
    )
    .unwrap();
    assert!(
        getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX) > HOSTILE as u64 + 500,
        "this test needs an open-file hard limit above {} (ulimit -Hn)",
        HOSTILE + 500
    );
    let dir = std::env::temp_dir().join(format!("tessera-flood-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let keys: Vec<PathBuf> = ["during", "after"]
        .iter()
        .map(|n| keygen(&dir.join(n)))
        .collect();
    let mut cmd = serve_command(&dir);
    cmd.arg("--log").arg(dir.join("log")).stderr(Stdio::null());
    // The server's limit: 1024 open files, soft and hard (it cannot raise it).
    unsafe {
        cmd.pre_exec(|| {
            setrlimit(
                Resource::Nofile,
                Rlimit {
                    current: Some(1024),
                    maximum: Some(1024),
                },
            )
            .map_err(std::io::Error::from)
        });
    }
    let (mut server, port) = Server::start(cmd);
    let pid = server.0.id();
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let nofile = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap();
    println!(
        "server: {}",
        nofile.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    let files0 = open_files(pid);

    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let flood = Arc::new(Flood::default());
    let t0 = Instant::now();
    let until = t0 + Duration::from_secs(30);
    let tasks: Vec<_> = (0..HOSTILE)
        .map(|i| rt.spawn(hostile(port, i % 3, t0, until, flood.clone())))
        .collect();
    // The server's open files, sampled.
    let most_files = Arc::new(Mutex::new(0usize));
    let sampling = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let (most, on) = (most_files.clone(), sampling.clone());
        std::thread::spawn(move || {
            while on.load(SeqCst) {
                let n = open_files(pid);
                let mut m = most.lock().unwrap();
                *m = (*m).max(n);
                drop(m);
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    // A real login while the connections pour in.
    std::thread::sleep(Duration::from_millis(300));
    let opened_then = flood.opened.load(SeqCst);
    let (during, client_during) = first_screen(port, &keys[0], "during");
    let opened_by_login = flood.opened.load(SeqCst);
    // Every hostile connection ends: closed by the server (the last ones at the 20 s login
    // deadline), or by us at `until`.
    for t in tasks {
        rt.block_on(t).unwrap();
    }
    let flood_time = t0.elapsed();
    let (after, client_after) = first_screen(port, &keys[1], "after");
    sampling.store(false, SeqCst);
    sampler.join().unwrap();
    let alive = server.0.try_wait().unwrap().is_none();
    let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
    let f = &flood;
    println!(
        "hostile connections: {HOSTILE} started, {} connected, {} failed to connect, {} closed \
         by the server, at most {} open at once on the client side (some only queued in the \
         kernel)",
        f.opened.load(SeqCst),
        f.connect_failed.load(SeqCst),
        f.closed_by_server.load(SeqCst),
        f.most_open.load(SeqCst)
    );
    println!(
        "server open files: {files0} at start, at most {} during the flood (limit 1024); the \
         last hostile connection closed {:.1} s after the flood began; all over in {:.1} s",
        *most_files.lock().unwrap(),
        f.last_close_ms.load(SeqCst) as f64 / 1000.0,
        flood_time.as_secs_f64()
    );
    println!(
        "real login during the flood (started after {opened_then} hostile connections, \
         {opened_by_login} by its first screen): {:?}; after it: {:?}",
        during, after
    );
    println!(
        "log lines: {} (\"closed the most silent\": {}, \"did not log in\": {}, accept errors: {})",
        log.lines().count(),
        log.matches("closed the most silent").count(),
        log.matches("did not log in").count(),
        log.matches("cannot accept").count()
    );
    drop(client_during);
    drop(client_after);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(alive, "the server stayed up");
    assert!(
        *most_files.lock().unwrap() < 1024,
        "the server never ran out of open files"
    );
    // Most are closed at once, the rest at the login deadline; those that found the listen
    // queue full stay half-open in the kernel (SYN_RECV: the client thinks it is connected,
    // the server has not accepted them yet) and may outlast `until` (8–10 % in our runs).
    assert!(
        f.closed_by_server.load(SeqCst) * 2 >= f.opened.load(SeqCst),
        "the server closed the hostile connections"
    );
    assert!(
        during.is_some(),
        "the login during the flood reached its first screen"
    );
    assert!(
        after.is_some(),
        "the login after the flood reached its first screen"
    );
}

/// Writes `n` players' profiles into a data directory, as the server keeps them.
fn write_profiles(data: &Path, n: usize) {
    use tessera::serve::files::{DataDir, Profile};
    let d = DataDir(data.to_path_buf());
    for i in 0..n {
        let p = Profile {
            name: format!("player{i:05}"),
            fingerprint: format!("SHA256:{i:043}"),
        };
        let dir = d.player(&p.fingerprint);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("profile.toml"), toml::to_string(&p).unwrap()).unwrap();
    }
}

/// A logged-in user who opens and closes the help (`?`, then any key) until `stop`,
/// recording each key's time to its redraw.
fn typist(mut c: Client, stop: Arc<std::sync::atomic::AtomicBool>) -> (Client, Vec<Duration>) {
    const HELP: &str = "this help";
    let mut times = Vec::new();
    let mut open = false;
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let t0 = Instant::now();
        c.send(b"?");
        let shown = c.wait(Duration::from_secs(10), |s| s.contains(HELP) != open);
        let Some(at) = shown else {
            panic!("{}: the key was not drawn:\n{}", c.name, c.text());
        };
        times.push(at - t0);
        open = !open;
        std::thread::sleep(Duration::from_millis(50));
    }
    (c, times)
}

/// Median and p99, in ms.
fn median_p99(v: &mut [Duration]) -> (f64, f64) {
    (percentile(v, 0.5), percentile(v, 0.99))
}

#[test]
#[ignore = "load test: logins to a server of 10,000 profiles beside an empty one (see the module docs)"]
fn serve_login_with_10000_profiles_is_as_fast_as_on_an_empty_server() {
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    const PROFILES: usize = 10_000;
    const LOGINS: usize = 40;
    const WARM_UP: usize = 2;
    const EVERY: Duration = Duration::from_millis(300);
    let dir = std::env::temp_dir().join(format!("tessera-logins-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("keys")).unwrap();
    // Keys that never took a nickname: each login's first screen is the nickname form.
    let keys: Vec<PathBuf> = (0..LOGINS + WARM_UP)
        .map(|i| keygen(&dir.join("keys").join(format!("k{i:02}"))))
        .collect();
    let typist_key = keygen(&dir.join("keys").join("typist"));
    let t = Instant::now();
    write_profiles(&dir.join("full").join("data"), PROFILES);
    println!(
        "{PROFILES} profiles written in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let names = ["empty", "10,000 profiles"];
    let servers: Vec<(Server, u16)> = ["empty", "full"]
        .iter()
        .map(|d| {
            std::fs::create_dir_all(dir.join(d)).unwrap();
            let mut cmd = serve_command(&dir.join(d));
            cmd.stderr(Stdio::null());
            Server::start(cmd)
        })
        .collect();
    let ports: Vec<u16> = servers.iter().map(|s| s.1).collect();
    // Warm up (the first logins load what a login needs), then the typists log in.
    for &port in &ports {
        for k in &keys[..WARM_UP] {
            let (at, _c) = first_screen(port, k, "warm-up");
            assert!(at.is_some(), "a login reaches its first screen");
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let typists: Vec<_> = ports
        .iter()
        .map(|&port| {
            let mut c = Client::start(port, &typist_key, "typist");
            c.wait_text("Choose a nickname");
            c.send(b"typist\r");
            c.wait_text("tessera · lobby");
            let stop = stop.clone();
            std::thread::spawn(move || typist(c, stop))
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    // The logins: one every 0.3 s at each server, the two servers' half a period apart.
    let t0 = Instant::now();
    let logins: Vec<_> = (0..LOGINS)
        .flat_map(|i| (0..2).map(move |s| (i, s)))
        .map(|(i, s)| {
            let at = t0 + EVERY * i as u32 + EVERY / 2 * s as u32;
            std::thread::sleep(at.saturating_duration_since(Instant::now()));
            let (port, key) = (ports[s], keys[WARM_UP + i].clone());
            std::thread::spawn(move || {
                let (took, c) = first_screen(port, &key, &format!("login{i}"));
                drop(c);
                (s, took)
            })
        })
        .collect();
    let mut login_times: [Vec<Duration>; 2] = Default::default();
    let mut failed = 0;
    for h in logins {
        match h.join().unwrap() {
            (s, Some(d)) => login_times[s].push(d),
            (_, None) => failed += 1,
        }
    }
    stop.store(true, SeqCst);
    let mut key_times: Vec<Vec<Duration>> =
        typists.into_iter().map(|h| h.join().unwrap().1).collect();
    drop(servers);
    let _ = std::fs::remove_dir_all(&dir);

    println!(
        "{LOGINS} logins at each server, one every {} ms; a logged-in user's key (the help \
         opened or closed) meanwhile",
        EVERY.as_millis()
    );
    println!(
        "{:<18} {:>22} {:>22} {:>24}",
        "data directory", "first screen, median", "first screen, p99", "other user's key, p99"
    );
    let mut figures = Vec::new();
    for s in 0..2 {
        let (median, p99) = median_p99(&mut login_times[s]);
        let (_, key_p99) = median_p99(&mut key_times[s]);
        println!(
            "{:<18} {:>19.1} ms {:>19.1} ms {:>18.1} ms ({} keys)",
            names[s],
            median,
            p99,
            key_p99,
            key_times[s].len()
        );
        figures.push([median, p99, key_p99]);
    }
    assert_eq!(failed, 0, "every login reached its first screen");
    // The issue's bar, on its two figures: the logins' median and the other user's keys'
    // p99. (The logins' p99, of 40, is their slowest: printed, not held to the bar, as
    // on a busy machine it follows the scheduler more than the server.)
    for (what, i) in [("login median", 0), ("other user's key p99", 2)] {
        let (empty, full) = (figures[0][i], figures[1][i]);
        assert!(
            full - empty <= 10.0,
            "{what}: {full:.1} ms with {PROFILES} profiles, {empty:.1} ms empty"
        );
    }
}
