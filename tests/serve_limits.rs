//! `tessera serve` against what clients may do wrong, quickly, on loopback (127.0.0.1 only):
//! a command or sftp gets its refusal line (the OpenSSH client), connections that do not log
//! in are limited in number (raw TCP) while a real login still gets through, and a client
//! that claims a huge terminal is drawn at the largest screen's size, with the server's memory
//! per such session within what the README states (an SSH client of our own, `russh`, which
//! can ask for any terminal size).
//!
//! The tests that need the OpenSSH client fail under CI=true when it is missing (CI installs
//! it: `.ci/run`); elsewhere they are skipped with a notice.

#[path = "common/serve.rs"]
mod serve_common;

use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use serve_common::{have, keygen, listening_port};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the README states as the worst-case memory of one session, in MB.
const WORST_CASE_MB_PER_SESSION: f64 = 8.0;

/// Whether the OpenSSH tools are here; under CI=true their absence fails the test.
fn openssh() -> bool {
    let ok = have("ssh", "-V") && have("ssh-keygen", "-?") && have("sftp", "-?");
    if !ok {
        assert!(
            std::env::var("CI").is_err(),
            "ssh, ssh-keygen or sftp is missing (CI must install openssh-client)"
        );
        eprintln!("NOTICE: ssh, ssh-keygen or sftp is missing: skipping this tessera serve test");
    }
    ok
}

/// A server on a free loopback port with a data directory of its own; killed on drop.
struct Server {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Server {
    fn start(tag: &str, extra: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!("tessera-limits-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(["serve", "--listen", "127.0.0.1:0", "--ai-threads", "1"])
            .arg("--data")
            .arg(dir.join("data"))
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tessera serve");
        let port = listening_port(&mut child, |_| {});
        Server { child, port, dir }
    }

    fn key(&self, who: &str) -> PathBuf {
        let k = self.dir.join(who);
        if !k.exists() {
            keygen(&k);
        }
        k
    }

    fn ssh_args(&self, key: &Path) -> Vec<String> {
        let mut v: Vec<String> = [
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "LogLevel=ERROR",
            "-i",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        v.push(key.to_string_lossy().into_owned());
        v
    }

    fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().ok().flatten().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn a_command_or_sftp_gets_its_refusal_line() {
    if !openssh() {
        return;
    }
    let s = Server::start("refusals", &[]);
    let key = s.key("alice");
    let out = Command::new("ssh")
        .args(s.ssh_args(&key))
        .args(["-p", &s.port.to_string(), "127.0.0.1", "ls"])
        .stdin(Stdio::null())
        .output()
        .expect("run ssh");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("tessera: no commands here: connect without one to play"),
        "{err}"
    );
    assert!(!err.contains("exec request failed"), "{err}");
    let out = Command::new("sftp")
        .args(s.ssh_args(&key))
        .args(["-b", "/dev/null", "-P", &s.port.to_string(), "127.0.0.1"])
        .stdin(Stdio::null())
        .output()
        .expect("run sftp");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("tessera: no subsystems (sftp, scp…) here"),
        "{err}"
    );
}

/// An SSH client of our own (russh), trusting any host key.
struct Trust;

impl russh::client::Handler for Trust {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Logs in with a fresh key.
async fn login(port: u16) -> russh::client::Handle<Trust> {
    let config = Arc::new(russh::client::Config::default());
    let mut h = russh::client::connect(config, ("127.0.0.1", port), Trust)
        .await
        .expect("connect");
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap();
    let r = h
        .authenticate_publickey("player", PrivateKeyWithHashAlg::new(Arc::new(key), None))
        .await
        .expect("authenticate");
    assert!(r.success());
    h
}

/// A session with a terminal of `cols` x `rows`; returns the channel and what it drew
/// once the nickname form was on screen.
async fn session(
    h: &russh::client::Handle<Trust>,
    cols: u32,
    rows: u32,
) -> (russh::Channel<russh::client::Msg>, Vec<u8>) {
    let mut ch = h.channel_open_session().await.expect("session");
    ch.request_pty(true, "xterm-256color", cols, rows, 0, 0, &[])
        .await
        .unwrap();
    ch.request_shell(true).await.unwrap();
    let screen = read_until(&mut ch, "Welcome to tessera").await;
    (ch, screen)
}

/// Reads the channel until `text` has come (60 s at most).
async fn read_until(ch: &mut russh::Channel<russh::client::Msg>, text: &str) -> Vec<u8> {
    let mut got = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        match tokio::time::timeout_at(deadline, ch.wait()).await {
            Ok(Some(russh::ChannelMsg::Data { data })) => {
                got.extend_from_slice(&data);
                if String::from_utf8_lossy(&got).contains(text) {
                    return got;
                }
            }
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => panic!(
                "no '{text}' in what the server sent:\n{}",
                String::from_utf8_lossy(&got)
            ),
        }
    }
}

/// The rows and columns the escape codes in `bytes` move the cursor to (`ESC [ row ; col H`),
/// at most.
fn furthest_cursor(bytes: &[u8]) -> (u32, u32) {
    let text = String::from_utf8_lossy(bytes);
    let (mut row, mut col) = (0, 0);
    for part in text.split("\x1b[").skip(1) {
        let Some(end) = part.find(|c: char| !(c.is_ascii_digit() || c == ';')) else {
            continue;
        };
        if &part[end..end + 1] != "H" {
            continue;
        }
        let mut nums = part[..end]
            .split(';')
            .map(|n| n.parse::<u32>().unwrap_or(1));
        row = row.max(nums.next().unwrap_or(1));
        col = col.max(nums.next().unwrap_or(1));
    }
    (row, col)
}

#[test]
fn a_huge_terminal_is_drawn_at_the_largest_screen_size_and_memory_stays_bounded() {
    let s = Server::start("huge", &[]);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let rss0 = s.rss_kb();
    const SESSIONS: usize = 6;
    let (max, rss) = rt.block_on(async {
        let mut held = Vec::new();
        let mut max = (0, 0);
        for _ in 0..SESSIONS {
            let h = login(s.port).await;
            let (mut ch, first) = session(&h, 1000, 1000).await;
            let m = furthest_cursor(&first);
            max = (max.0.max(m.0), max.1.max(m.1));
            // Ask for ever larger terminals: each is still the largest screen; and smaller
            // then larger again, each a full redraw at the largest size.
            for (c, r) in [(5000, 5000), (999, 999), (120, 40), (1000, 1000)] {
                ch.window_change(c, r, 0, 0).await.unwrap();
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
            ch.data(&b"abcdefghijklmnop"[..]).await.unwrap();
            let last = read_until(&mut ch, "klmnop").await;
            let m = furthest_cursor(&last);
            max = (max.0.max(m.0), max.1.max(m.1));
            held.push((h, ch));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let rss = s.rss_kb();
        drop(held);
        (max, rss)
    });
    // The cap is the largest screen (tessera::serve::input::largest_screen): far below
    // 1000x1000, at least what the nickname form needs.
    let (rows, cols) = max;
    assert!(rows >= 18 && cols >= 40, "drawn at {cols}x{rows}");
    assert!(rows <= 150 && cols <= 300, "drawn at {cols}x{rows}");
    let per = (rss.saturating_sub(rss0)) as f64 / SESSIONS as f64 / 1024.0;
    eprintln!("drawn at most at {cols}x{rows}; server RSS grew {per:.2} MB per session");
    assert!(
        per <= WORST_CASE_MB_PER_SESSION,
        "{per:.2} MB per session, more than the {WORST_CASE_MB_PER_SESSION} MB the README states"
    );
}

#[test]
fn connections_over_the_pre_login_limit_are_closed_at_once_and_a_login_still_gets_in() {
    // 8 may wait, 2 from one address: every connection here comes from 127.0.0.1.
    let mut s = Server::start("gate", &["--max-pending", "8"]);
    let mut idle: Vec<TcpStream> = (0..6)
        .map(|_| {
            let c = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
            std::thread::sleep(Duration::from_millis(20));
            c
        })
        .collect();
    // Each gets the server's banner; all but the last two are then closed.
    let t0 = Instant::now();
    let mut closed = 0;
    for c in idle.iter_mut() {
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut buf = [0u8; 4096];
        let mut got = Vec::new();
        loop {
            match c.read(&mut buf) {
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    break;
                }
                Ok(0) | Err(_) => {
                    closed += 1;
                    break;
                }
                Ok(n) => {
                    got.extend_from_slice(&buf[..n]);
                    if got.starts_with(b"SSH-2.0-") && got.ends_with(b"\n") {
                        // The banner alone: then it waits (or was closed meanwhile).
                        c.set_read_timeout(Some(Duration::from_millis(300)))
                            .unwrap();
                    }
                }
            }
        }
    }
    assert_eq!(closed, 4, "four of the six idle connections closed");
    assert!(t0.elapsed() < Duration::from_secs(5), "closed at once");
    // A real client, newer and busier than the idle ones, logs in and gets its session.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let h = login(s.port).await;
        session(&h, 80, 24).await;
    });
    assert!(s.alive());
    // The idle ones left are closed too, after the login deadline (20 s): not waited for
    // here.
    for c in &mut idle {
        let _ = c.write_all(b"x");
    }
}

#[test]
fn a_long_paste_into_the_nickname_form_is_cut_with_a_notice() {
    let s = Server::start("paste", &[]);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let h = login(s.port).await;
        let (mut ch, _) = session(&h, 80, 24).await;
        ch.data(&vec![b'x'; 1 << 20][..]).await.unwrap();
        read_until(&mut ch, "dropped").await;
    });
}

/// The waits the server logged for each connection's refused keys, by connection (its
/// address and port), in the order the connections came.
fn refusal_waits(log: &str) -> Vec<(String, Vec<u64>)> {
    let mut out: Vec<(String, Vec<u64>)> = Vec::new();
    for line in log.lines().filter(|l| l.contains("login refused")) {
        let field = |name: &str| {
            line.split_whitespace()
                .find_map(|w| w.strip_prefix(name))
                .map(str::to_string)
        };
        let (Some(addr), Some(ms)) = (field("address="), field("wait_ms=")) else {
            panic!("a refusal without its address or wait: {line}");
        };
        let ms: u64 = ms.parse().unwrap();
        match out.iter_mut().find(|(a, _)| *a == addr) {
            Some((_, v)) => v.push(ms),
            None => out.push((addr, vec![ms])),
        }
    }
    out
}

#[test]
fn refused_keys_are_slowed_down_but_a_connection_waits_a_second_at_most_in_all() {
    if !openssh() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("tessera-limits-keys-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let keys: Vec<PathBuf> = (1..=5)
        .map(|i| keygen(&dir.join(format!("k{i}"))))
        .collect();
    // Only the fifth key may enter: the client offers the four others first.
    let users = dir.join("users");
    std::fs::copy(keys[4].with_extension("pub"), &users).unwrap();
    let log = dir.join("log");
    let s = Server::start(
        "slow",
        &[
            "--users",
            users.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ],
    );
    for _ in 0..3 {
        let mut args = s.ssh_args(&keys[0]);
        for k in &keys[1..] {
            args.push("-i".into());
            args.push(k.to_string_lossy().into_owned());
        }
        let out = Command::new("ssh")
            .args(&args)
            .args(["-T", "-p", &s.port.to_string(), "127.0.0.1"])
            .stdin(Stdio::null())
            .output()
            .expect("run ssh");
        // Let in (a session without a terminal gets its one line).
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("connect with `ssh -t`"), "{text}");
    }
    let waits = refusal_waits(&std::fs::read_to_string(&log).unwrap());
    let totals: Vec<u64> = waits.iter().map(|(_, w)| w.iter().sum()).collect();
    // Each key's refusals from this address wait 125, 250, 500 ms…; a connection at most
    // 1000 ms in all, whatever comes after.
    assert_eq!(waits.len(), 3, "{waits:?}");
    assert!(waits.iter().all(|(_, w)| w.len() == 4), "{waits:?}");
    assert_eq!(totals, vec![500, 1000, 1000], "{waits:?}");
    assert_eq!(waits[2].1, vec![500, 500, 0, 0]);
    std::fs::remove_dir_all(&dir).ok();
}
